"""Starting a command as a terminal runs it in the foreground, where Ctrl-C reaches it.

A process started with SIGINT ignored keeps ignoring it (POSIX: a script's background
job, ``nohup``), and so do its children: Python then installs no KeyboardInterrupt
handler, and the command rightly runs on. The tests that press Ctrl-C must not inherit
that from whatever started pytest (a test run started in the background failed them:
the command ran on to its end and exited 0), so their commands are started with SIGINT
caught, as Python catches it, which the child takes as its default."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def ctrl_c_reaches_children() -> Iterator[None]:
    """While it lasts, SIGINT is caught as Python catches it (KeyboardInterrupt), not
    ignored: a process started then begins with SIGINT at its default."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)
