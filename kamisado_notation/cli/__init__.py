"""The ``kamisado`` command line (typer), on top of every other layer: it parses the
arguments, calls the library and shows the results. Each command lives in its own module
and imports the library only when it runs, so start-up stays short."""

from __future__ import annotations

import os
from typing import NoReturn


def console() -> NoReturn:
    """The ``kamisado`` console script (and ``python -m kamisado_notation``): it loads the
    application and runs :func:`kamisado_notation.cli.app.console`. A Ctrl-C while the
    command's modules are still loading ends the process as it does once the command runs,
    quietly, with exit status 130, never with a traceback."""
    try:
        from .app import console as run_console
    except KeyboardInterrupt:
        os._exit(130)
    run_console()
