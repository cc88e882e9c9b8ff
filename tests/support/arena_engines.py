"""The test engine of the arena's tests (``tests/play/test_arena.py``, ``tests/play/test_arena_tournaments.py``):
one script, written where a test wants it (:func:`write_engine`), run as ``python3
engine.py [NAME [LOG [SLEEP]]]``.

It plays random legal moves (the package's move generator) and random fills, declares
two options (``Depth``, a spin 1..9, and ``Play Style``, a string), writes two ``info``
lines before each move (one with braces and an escape, as a hostile remark) and answers
``bestmove MOVE ponder a1-a2``. ``NAME`` (``tester`` when not given) is its ``id name``,
and one of these names breaks the protocol:

- ``exit-at-start`` exits at once (status 1); ``mute`` never answers ``kep``;
- at its first ``go``: ``illegal`` answers ``bestmove a1-h8``, ``silent`` nothing,
  ``crash`` exits (status 3), ``garbage`` answers ``bestmove banana`` after a line of
  control bytes, ``flood`` writes lines without end, ``long-line`` a line of 100,000
  bytes and no line break.

``LOG``: a folder gets an empty file named by the engine's process id (so that a test
finds every engine started), a file every command the engine reads; ``-`` nothing.
``SLEEP``: the seconds it waits before each move."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.support.paths import ROOT

#: The built-in engine, as a command line.
BUILT_IN = f"{sys.executable} -m kamisado_notation.cli.app engine"

SCRIPT = '''
import os, random, sys, time
from kamisado_notation import Position
NAME = sys.argv[1] if len(sys.argv) > 1 else "tester"
LOG = sys.argv[2] if len(sys.argv) > 2 else "-"
SLEEP = float(sys.argv[3]) if len(sys.argv) > 3 else 0.0
log = None
if os.path.isdir(LOG):
    open(os.path.join(LOG, str(os.getpid())), "w").close()
elif LOG != "-":
    log = open(LOG, "a", encoding="utf-8")
if NAME == "exit-at-start":
    sys.exit(1)
def say(*lines):
    sys.stdout.write("".join(l + "\\n" for l in lines)); sys.stdout.flush()
pos = None
for line in sys.stdin:
    if log:
        log.write(line); log.flush()
    w = line.split()
    if not w:
        continue
    if w[0] == "kep" and NAME != "mute":
        say("id name " + NAME, "option name Depth type spin default 2 min 1 max 9",
            "option name Play Style type string default calm", "kepok")
    elif w[0] == "isready":
        say("readyok")
    elif w[0] == "position":
        pos = Position.from_string(" ".join(w[1:]))
    elif w[0] == "go":
        if NAME == "illegal":
            say("bestmove a1-h8")
        elif NAME == "silent":
            continue
        elif NAME == "crash":
            sys.exit(3)
        elif NAME == "garbage":
            say("\\x00\\xff junk", "bestmove banana")
        elif NAME == "flood":
            while True:
                say("x" * 80)
        elif NAME == "long-line":
            sys.stdout.write("x" * 100000); sys.stdout.flush()
            time.sleep(60)
        else:
            time.sleep(SLEEP)
            say("info depth 1 score cp 0", "info random {braces} # \x1b[31m",
                "bestmove " + random.choice(pos.legal_moves()).coords() + " ponder a1-a2")
    elif w[0] == "fill":
        say("fill " + random.choice(["left", "right"]))
    elif w[0] == "quit":
        break
'''


def write_engine(folder: Path) -> Path:
    """The test engine written as ``folder/engine.py``."""
    path = folder / "engine.py"
    path.write_text(SCRIPT, encoding="utf-8")
    return path


def _arena(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "kamisado_notation.cli.app", "arena", *args],
        check=False, capture_output=True, text=True, env=env, cwd=cwd, timeout=120,
    )
