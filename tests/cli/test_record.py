"""``kamisado record FILE`` through a pseudo-terminal, as a scorer at the table uses it:
a whole Standard match answered by numbers, target squares, entries and Enter alone,
with a typo, a wrong move undone, a comment, forfeits and a push written by
themselves, the process killed (SIGKILL) half-way and the file resumed. The file must
validate and hold the very moves played (the same record the library writes for them)."""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

import pytest

from kamisado_notation import Fill, Move, Recorder, format_move
from kamisado_notation.checking.validate import validate_file
from kamisado_notation.engine.board import square_name
from kamisado_notation.notation.writer import Form
from tests.support.paths import ROOT
from tests.support.scored_match import the_match

pexpect = pytest.importorskip("pexpect")

PROMPT = [r"(Black|Gold)> ", r"fills: l\(eft\) or r\(ight\)> ", "The match is over"]


def _spawn(path: Path, *options: str) -> pexpect.spawn:
    env = dict(os.environ, NO_COLOR="1", COLUMNS="120", LINES="60", PYTHONPATH=str(ROOT))
    script = "from kamisado_notation.cli.app import console; console()"
    # (the terminal echoes what is typed at once, and may put it inside a character the
    # program is writing: such a character is read as a replacement, not an error)
    child = pexpect.spawn(
        sys.executable, ["-c", script, "record", str(path), *options], env=env, encoding="utf-8", codec_errors="replace", timeout=30
    )
    child.delaybeforesend = None
    return child


def _answer(rec: Recorder, move: Move, k: int) -> str:
    """What the scorer types for ``move``: Enter alone for the only move, else by turns
    its number, its target square (when no other move ends there), its entry in short
    form, its coordinates."""
    moves = rec.legal_moves()
    if len(moves) == 1:
        return ""
    way = k % 4
    if way == 1 and sum(m.target == move.target for m in moves) == 1:
        return square_name(move.target)
    if way == 2:
        return format_move(move, form=Form.SHORT)
    if way == 3:
        return move.coords() + ("*" if move.push else "")
    return str(moves.index(move) + 1)


def test_a_whole_match_scored_through_a_terminal(tmp_path: Path) -> None:
    choices = the_match()
    assert any(isinstance(c, Move) and c.push for c in choices)
    path = tmp_path / "club.kmr"
    reference = Recorder("Standard", black="Ann", gold="Bob", event="Club")
    child = _spawn(path, "--black", "Ann", "--gold", "Bob", "--event", "Club", "--match", "Standard")
    keys: list[tuple[int, int]] = []  # (keystrokes, legal moves) for each move
    forfeits = pushes = 0
    killed = False
    for k, choice in enumerate(choices):
        assert child.expect(PROMPT) in (0, 1)
        if isinstance(choice, Fill):
            assert reference.needs_fill
            child.sendline(choice.value[0])
            reference.fill(choice, lineups=True)
            continue
        if k == 3:  # a typo: the validator's message and its correction, nothing written
            wrong = str(choice).replace("Forward", "Forwrd").replace("Left", "Lfet").replace("Right", "Rigth")
            child.sendline(wrong)
            child.expect("did you mean")
        if k == 6:  # a wrong but legal move, undone
            other = next(m for m in reference.legal_moves() if m != choice)
            child.sendline(str(reference.legal_moves().index(other) + 1))
            assert child.expect(PROMPT) in (0, 1)
            child.sendline("u")
            child.expect("undone")
            assert child.expect(PROMPT) in (0, 1)
        answer = _answer(reference, choice, k)
        keys.append((len(answer) + 1, len(reference.legal_moves())))
        before = len(reference.moves)
        child.sendline(answer)
        reference.play(choice)
        forced = reference.moves[before + 1 :]
        for entry in forced:
            child.expect("written by itself")
            forfeits += bool(entry is not None and entry.is_forfeit)
        pushes += bool(choice.push)
        if reference.round_result is not None:
            child.expect("takes a ring")
        if k == 8:
            child.expect(PROMPT[:2])
            child.sendline("; a sharp move")
            child.expect("written after")
            reference.comment("a sharp move")
        if not killed and reference.round_number == 2 and reference.plies >= 4:
            child.expect(PROMPT[:2])  # the move is saved before the next prompt
            child.kill(signal.SIGKILL)
            child.wait()
            killed = True
            child = _spawn(path)
            child.expect("Going on with")
    assert killed and pushes and forfeits
    child.expect("The match is over")
    child.expect(pexpect.EOF)
    text = path.read_text(encoding="utf-8")
    assert text == reference.text()
    assert validate_file(str(path)).valid
    forced_keys = [n for n, legal in keys if legal == 1]
    assert forced_keys and all(n == 1 for n in forced_keys)  # Enter alone


def test_a_record_that_cannot_be_resumed_exits_1_with_its_place(tmp_path: Path) -> None:
    path = tmp_path / "bad.kmr"
    path.write_text('[Match "Single"]\n\nRound 1\n1. Pink Forward 4 Yellow\n', encoding="utf-8")
    child = _spawn(path)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
    assert "bad.kmr:4:4: square" in (child.before or "")
    assert path.read_text(encoding="utf-8").endswith("Yellow\n")  # untouched


def test_q_leaves_and_the_file_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "m.kmr"
    child = _spawn(path, "--black", "A", "--gold", "B", "--event", "", "--match", "Single")
    child.expect(PROMPT[0])
    child.sendline("?")
    child.expect("undo the last move")
    child.sendline("d8-d4")
    child.expect("Gold> ")
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    again = Recorder.from_record(path)
    assert again.plies == 1 and again.to_move is not None and again.to_move.title == "Gold"
