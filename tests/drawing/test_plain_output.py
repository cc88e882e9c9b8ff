"""Plain output: where colour is off because stdout is not a terminal, `moves` and
`replay` build their diagrams as plain strings instead of through rich's layout, and
print exactly the text rich printed.

Two oracles. The digests below are of the output of `moves` (404 positions on stdin: every
position of four sample matches) and of `replay FILE` into a pipe, captured with the rich
path before the plain one existed: they pin the bytes at the default width and at
COLUMNS=40/60/80. A change to the diagrams' design changes them on purpose; recapture
them then (run the same commands on a revision that prints through rich). The
hypothesis tests compare the plain lines with rich's rendering of the same diagram, so
both paths stay one design.
"""

from __future__ import annotations

import hashlib
import os
import random
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console, RenderableType
from rich.rule import Rule

from kamisado_notation.checking.replay import replay_match
from kamisado_notation.drawing.render import board_diagram, moves_diagram, plain_rule
from kamisado_notation.engine.position import Position
from kamisado_notation.notation.files.opening import nth_match
from tests.support.paths import ROOT

SAMPLES = ROOT / "samples"

#: sha256 of stdout as the rich path printed it: (command, options, COLUMNS) -> digest.
REFERENCE = {
    ("moves", (), None): "19b35f31ebaf48bae42fc1c8f76fe20de8e7dc54da0d7562cfcb6bbdcde24f54",
    ("moves", (), 40): "8c7eb3ea64e21f52eace806b1477bf46b9a19c23e0a10e76868869a7dbb65623",
    ("moves", (), 60): "7904a23ab186feb1683e14abfdf74ffdb3fafa5ee79f8910f080d2c5b531b34d",
    ("moves", (), 80): "19b35f31ebaf48bae42fc1c8f76fe20de8e7dc54da0d7562cfcb6bbdcde24f54",
    ("moves", ("--glyphs",), None): "5a87cbdcf20daba2461d50a6c6cb5eeafa9792c7f1e5c171b44ec44d5c4262fa",
    ("moves", ("--glyphs",), 40): "fe465ee9e4f0a14acfd06fc0575dbc99069a0778cb7d0c439c18eae822392309",
    ("long-match.kmr", (), None): "951b2a52e4c97c037817f6e78fe920c74c2eb643fbeed181d17238be469de025",
    ("long-match.kmr", (), 40): "bf9423c6aa9fb3943511d0adaec050f8c807512e5ac9d1f1e4d939b2f98bedd8",
    ("long-match.kmr", (), 60): "87a0a802387a391d9d975db3b481ccd9995caf16d2f7596f83ec5262a925e905",
    ("long-match.kmr", (), 80): "84cf05f85a8ff74111aa9893aa805f7dce8ab6333dcf36eae9a62150b93e2168",
    ("long-match.kmr", ("--glyphs", "--flip"), 60): "41d8a23e651bb2bedb985ee822460c2295ff87a5d9e753cc2a52f0e7a4760804",
    ("pushes.kmr", ("--glyphs", "--flip"), None): "750192f7ba9c7b0025a0be6f77a6c24c12adb3ce18a97a15b1a6ab1e3895988a",
    ("deadlock.kmr", (), 40): "5541693501fc5dae29ca5cc81903ff9fdca0ba650074308d550053ef830c0737",
    ("forfeit.kmr", (), 80): "ad7da1cfb4adcf4da930a4da20f8687b499749bd4b94bf3d0881f3a9b2cdbcee",
    ("broken.kmr", (), 60): "5a6d024d6dfdeeb78cf6e859ece296285a324bd3aa75d9ff55a4a486732827cd",
    ("broken.kmr", ("--glyphs", "--flip"), 40): "10bed7897ccdf67cf65a39b044885c1cb995d261983a6dd6418acfd56c9cf27d",
}


def sample_positions() -> list[str]:
    """Every position of four sample matches, in order (404 of them)."""
    out = []
    for name in ("marathon-match.kmr", "pushes.kmr", "deadlock.kmr", "forfeit.kmr"):
        _, match_record, _ = nth_match(str(SAMPLES / name), 1)
        assert match_record is not None
        for rnd in replay_match(match_record).rounds:
            out += [rnd.position_at(n).to_string() for n in range(len(rnd.plies) + 1)]
    return out


def run_cli(args: list[str], columns: int | None, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "NO_COLOR", "FORCE_COLOR")}
    env["PYTHONPATH"] = str(ROOT)
    if columns is not None:
        env["COLUMNS"] = str(columns)
    command = [sys.executable, "-m", "kamisado_notation.cli.app", *args]
    return subprocess.run(command, input=stdin, capture_output=True, env=env, check=False)


@pytest.mark.parametrize(("what", "options", "columns"), sorted(REFERENCE, key=str))
def test_a_pipe_gets_the_bytes_rich_printed(what: str, options: tuple[str, ...], columns: int | None) -> None:
    if what == "moves":
        stdin = ("\n".join(sample_positions()) + "\n").encode()
        result = run_cli(["moves", *options], columns, stdin)
    else:
        result = run_cli(["replay", str(SAMPLES / what), *options], columns)
    assert result.returncode == (1 if what == "broken.kmr" else 0), result.stderr
    assert hashlib.sha256(result.stdout).hexdigest() == REFERENCE[what, options, columns]


def test_sample_positions_are_the_captured_ones() -> None:
    positions = sample_positions()
    assert len(positions) == 404 and positions[0] == Position.initial().to_string()


# ------------------------------------------------------- plain lines against rich


def rich_text(renderable: RenderableType, width: int) -> str:
    """What a console without colour (as in a pipe) prints for ``renderable``."""
    console = Console(no_color=True, highlight=False, emoji=False, width=width, soft_wrap=True)
    with console.capture() as captured:
        console.print(renderable)
    return captured.get()


def plain_text(lines: list[str]) -> str:
    return "".join(line + "\n" for line in lines)


def random_position(seed: int, plies: int) -> Position:
    """A position reached by ``plies`` random legal moves (forfeits included) from the start."""
    rng, position = random.Random(seed), Position.initial()
    for _ in range(plies):
        moves = position.legal_moves()
        if position.winner is not None or not (moves or position.must_forfeit()):
            break
        position.play(rng.choice(moves) if moves else position.forfeit_move())
    return position


WIDTHS = st.sampled_from([20, 35, 36, 40, 60, 61, 80, 100, 140])


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 60), WIDTHS, st.booleans(), st.booleans())
def test_moves_diagram_plain_is_rich_without_colour(seed: int, plies: int, width: int, glyphs: bool, flip: bool) -> None:
    diagram = moves_diagram(random_position(seed, plies), glyphs=glyphs, flip=flip)
    assert plain_text(list(diagram.plain_lines(width))) == rich_text(diagram, width)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 60), WIDTHS, st.booleans(), st.booleans())
def test_board_diagram_plain_is_rich_without_colour(seed: int, plies: int, width: int, legend: bool, flip: bool) -> None:
    before = random_position(seed, plies - 1)
    after = before.copy()
    moves = before.legal_moves()
    last = moves[0] if moves else (before.forfeit_move() if before.must_forfeit() and before.winner is None else None)
    if last is not None:
        after.play(last)
    diagram = board_diagram(after, last_move=last, flip=flip, legend=legend, title="Round 1, ply 3 — the last move")
    assert plain_text(list(diagram.plain_lines(width))) == rich_text(diagram, width)


@settings(max_examples=200, deadline=None)
@given(st.text(), st.integers(1, 120))
def test_titles_wrap_as_rich_wraps_them(title: str, width: int) -> None:
    diagram = board_diagram(Position.initial(), title=title, legend=False)
    assert plain_text(list(diagram.plain_lines(width))) == rich_text(diagram, width)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_characters="[]\\")), st.integers(1, 120))
def test_plain_rule_is_richs_rule(title: str, width: int) -> None:
    assert plain_rule(title, width) + "\n" == rich_text(Rule(title), width)
