"""The hostile-input tests' runners: a small valid record (``GOOD``), the command line
through typer's CliRunner (:func:`invoke`) and in a process of its own, this tree first
on the path (:func:`kamisado`)."""

from __future__ import annotations

import os
import subprocess
import sys

from typer.testing import CliRunner

from kamisado_notation.cli.app import app
from tests.support.paths import ROOT

runner = CliRunner()


GOOD = """\
[Event "Club night"]
[Black "Ann"]
[Match "Single"]

Round 1
1. Ye L1 Ye   Ye L3 Ye
"""


def invoke(*args: str, stdin: str | bytes | None = None):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args), input=stdin)


def kamisado(
    *args: str, stdin: bytes | None = None, env: dict[str, str] | None = None, timeout: float = 60, **popen: object
) -> subprocess.CompletedProcess[bytes]:
    """The command line in a process of its own, this tree first on the path."""
    environment = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1", **(env or {})}
    return subprocess.run(  # type: ignore[call-overload,no-any-return]
        [sys.executable, "-m", "kamisado_notation.cli.app", *args],
        input=stdin, capture_output=True, env=environment, timeout=timeout, check=False, **popen,
    )
