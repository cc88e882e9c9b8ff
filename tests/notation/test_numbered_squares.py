"""Squares written as numbers, as programs other than ours write them
(``kamisado_notation.notation.kmr.numbered``; docs/record-decisions.md, "Squares written
as numbers"): a save file's ``"from": [5, 0]``, a database dump's ``fx, fy, tx, ty``
columns, a server's log of squares numbered 0 to 63. Each program counts its own way
(from 0 or 1, the rows from the top or the bottom, file or row first, one number a
square row by row or column by column); the moves decide which way a text counts, and
the match is judged as the generated match (the truth) played it, and ``fix`` writes it
in our notation.

The numbering each test writes is computed here from the squares' files and ranks, not
by the reader's code."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from kamisado_notation import Severity, fix_text, replay_match, validate_text
from kamisado_notation.engine.board import Side
from kamisado_notation.notation.writer import Form
from tests.support.slips import moves_of, only_match, played, winners, written

pytestmark = pytest.mark.reads_again



def numbers(square: int, *, pair: bool, base: int, top: bool, file_first: bool) -> list[int]:
    """How a program that counts as said writes ``square`` (0 = a1, 63 = h8)."""
    file, rank = square % 8, square // 8
    row = 7 - rank if top else rank
    if pair:
        return [file + base, row + base] if file_first else [row + base, file + base]
    return [(row * 8 + file if file_first else file * 8 + row) + base]


def judged_winners(text: str) -> list[str | None]:
    (match,) = validate_text(text).matches
    return [str(r.winner) if r else None for _, r in match.rounds]


def errors_of(text: str) -> list[str]:
    return [d.message for m in validate_text(text).matches for d in m.diagnostics if d.severity is Severity.ERROR]


def program_save(seed: int, rng: random.Random) -> tuple[str, str]:
    """A generated match (the truth, and a program's file of it that writes squares as
    numbers, counted in a way drawn at random): a save file in JSON (pretty-printed, each
    number on a line of its own, or each move an object on one line), a database dump
    (``INSERT INTO moves VALUES (round, ply, 'black', fx, fy, tx, ty);``), a server's
    log (``[12:03:44] g41 r2 #7 black (3,4)->(3,1)``) or a save in XML (``<move ply="3"
    player="1" from="3,4" to="3,1"/>``); the tower's colour written or not."""
    truth = written(seed, Form.TEXT, "en", target=rng.choice([1, 3]))
    way = {"pair": rng.random() < 0.6, "base": rng.choice([0, 1]), "top": rng.random() < 0.5, "file_first": rng.random() < 0.7}
    colours = rng.random() < 0.5
    layout = rng.choice([json_save, json_lines, sql_dump, server_log, xml_save])
    rounds = []
    for number, rnd in enumerate(replay_match(only_match(truth)).rounds, 1):
        plies = []
        for ply, m in enumerate(played(rnd), 1):
            move: dict[str, Any] = {"n": ply, "side": "black" if m.side is Side.BLACK else "gold"}
            if colours:
                move["tower"] = m.tower.title.lower()
            move["from"], move["to"] = numbers(m.origin, **way), numbers(m.target, **way)
            plies.append(move)
        rounds.append({"round": number, "moves": plies})
    return layout(rounds, rng), truth


def json_save(rounds: list[dict[str, Any]], rng: random.Random) -> str:
    """A save file, pretty-printed: each number of an array on a line of its own."""
    return json.dumps({"app": "DragonTowers 2.1", "game": 4411, "rounds": rounds}, indent=2)


def json_lines(rounds: list[dict[str, Any]], rng: random.Random) -> str:
    """A save file with each move an object on one line."""
    lines = ['{"app": "DragonTowers 2.1", "rounds": [']
    for k, r in enumerate(rounds, 1):
        lines.append(f'  {{"round": {r["round"]}, "moves": [')
        lines.append(",\n".join(f"    {json.dumps(m)}" for m in r["moves"]))
        lines.append("  ]}" + ("," if k < len(rounds) else ""))
    return "\n".join([*lines, "]}"]) + "\n"


def sql_dump(rounds: list[dict[str, Any]], rng: random.Random) -> str:
    """A database dump: a row a move, the squares' numbers in columns of their own."""
    lines = ["-- dump of kamisado_club", "CREATE TABLE moves (round int, ply int, side text, tower text, fx int, fy int, tx int, ty int);"]
    for r in rounds:
        for m in r["moves"]:
            lines.append(f"INSERT INTO moves VALUES ({r['round']}, {m['n']}, '{m['side']}', '{m.get('tower', '')}', {', '.join(map(str, m['from'] + m['to']))});")
    return "\n".join(lines) + "\n"


def xml_save(rounds: list[dict[str, Any]], rng: random.Random) -> str:
    """A save file in XML: a move an element, its squares' numbers in its attributes."""
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<kamisado version="1.3">']
    for r in rounds:
        lines.append(f'  <round n="{r["round"]}">')
        for m in r["moves"]:
            tower = f' tower="{m["tower"]}"' if "tower" in m else ""
            squares = " ".join(f'{key}="{",".join(map(str, m[key]))}"' for key in ("from", "to"))
            lines.append(f'    <move ply="{m["n"]}" player="{1 if m["side"] == "black" else 2}"{tower} {squares}/>')
        lines.append("  </round>")
    return "\n".join([*lines, "</kamisado>"]) + "\n"


def server_log(rounds: list[dict[str, Any]], rng: random.Random) -> str:
    """A game server's log: a line a move, with its time, the game's and round's ids."""
    lines = []
    clock = 12 * 3600
    for r in rounds:
        lines.append(f"[{clock // 3600:02}:{clock // 60 % 60:02}:{clock % 60:02}] g41 round {r['round']} started")
        for m in r["moves"]:
            clock += rng.randint(3, 90)
            squares = "->".join("(" + ",".join(map(str, sq)) + ")" for sq in (m["from"], m["to"]))
            lines.append(f"[{clock // 3600:02}:{clock // 60 % 60:02}:{clock % 60:02}] g41 r{r['round']} #{m['n']} {m['side']} {m.get('tower', '')} {squares}")
    return "\n".join(lines) + "\n"


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=0, hand=0)
@example(seed=1, hand=5)
@example(seed=675, hand=51).xfail(raises=ValueError, reason="known (a fresh clone's random profile, session 54; the same on f0afdb5): a save of three plies, each two numbers and no tower, is found to hold no match")
@example(seed=1789, hand=990).xfail(raises=ValueError, reason="known (a fresh clone's random profile, session 41; the same on aaaede9): the save is found to hold no match")
@example(seed=1789, hand=1).xfail(raises=AssertionError, reason="known (a fresh clone's random profile, session 41; the same on aaaede9): an entry left between several moves")
@example(seed=2255, hand=69).xfail(raises=AssertionError, reason="known (a fresh clone's random profile, session 42; the same on 29013bd): an entry left between several moves")
@example(seed=2255, hand=1).xfail(raises=AssertionError, reason="known (a fresh clone's random profile, session 42; the same on 29013bd): an entry left between several moves")
@example(seed=2515, hand=55)  # (a random profile run, session 59: numberings that read as many moves ranked by chance, the one that reads the save's square 0 left out)
@example(seed=212, hand=84).xfail(raises=AssertionError, reason="known (a fresh clone's random profile, session 58; the same on 60ae412): round 4 left unjudged, its words fitting more than one reading")
def test_a_programs_squares_written_as_numbers_are_read_in_its_own_way_of_counting(seed: int, hand: int) -> None:
    text, truth = program_save(seed, random.Random(hand))
    assert errors_of(text) == []
    assert judged_winners(text) == list(winners(truth).values())
    fixed = fix_text(text)
    assert fixed.valid and moves_of(fixed.text) == moves_of(truth)


def test_the_warning_says_how_the_squares_are_numbered() -> None:
    """The warning that the match is read against the moves says how its squares are numbered."""
    text, _ = program_save(3, random.Random(7))
    said = [d.message for m in validate_text(text).matches for d in m.diagnostics if "written as numbers" in d.message]
    assert len(said) == 1


def test_numbers_that_make_no_moves_are_no_squares() -> None:
    """A list of scores and times holds numbers but no move: nothing is read of it."""
    text = "\n".join(f"{k}. {k % 7},{(k * 3) % 8} at 12:{k:02} score {k % 3}-{k % 5}" for k in range(1, 40))
    report = validate_text(text)
    assert not any(r for m in report.matches for _, r in m.rounds)


def app_autosave(seed: int, rng: random.Random) -> tuple[str, str]:
    """A phone app's autosave: a JSON document pretty-printed (its first line ``{`` alone,
    a key a line), each move an object on one line within it (``{"p": "b", "tower":
    "yellow", "from": [4, 7], "to": [1, 4]}``), its squares two numbers each, counted in
    a way drawn at random; a key that says how, in words."""
    truth = written(seed, Form.TEXT, "en", target=rng.choice([1, 3]))
    way = {"pair": True, "base": rng.choice([0, 1]), "top": rng.random() < 0.5, "file_first": rng.random() < 0.7}
    lines = ["{", '  "format": "kamisado-save",', '  "coordinates": "x = column, y = row, as the board is drawn on screen",', '  "rounds": [']
    rounds = replay_match(only_match(truth)).rounds
    for number, rnd in enumerate(rounds):
        moves = [{"p": "b" if m.side is Side.BLACK else "g", "tower": m.tower.title.lower(), "from": numbers(m.origin, **way), "to": numbers(m.target, **way)} for m in played(rnd)]
        lines += ["    {", f'      "index": {number},', '      "moves": [', ",\n".join(f"        {json.dumps(m)}" for m in moves), "      ]"]
        lines.append("    }" + ("," if number < len(rounds) - 1 else ""))
    text = "\n".join([*lines, "  ]", "}"]) + "\n"
    json.loads(text)  # (a document any JSON reader takes)
    return text, truth


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=1, hand=0)  # (no match found before session 62)
def test_an_apps_autosave_of_a_move_an_object_a_line_is_read(seed: int, hand: int) -> None:
    """A pretty-printed JSON document whose moves are objects on one line each
    (:func:`app_autosave`) reads as its match. Before session 62 only a line holding one
    string of such a document was read (a key and its string), so the moves' lines were
    blank and the file held no match."""
    text, truth = app_autosave(seed, random.Random(hand))
    assert judged_winners(text) == list(winners(truth).values()), text


def digits_sheet(seed: int, rng: random.Random) -> tuple[str, str]:
    """A generated match (the truth, and a player's sheet of it in digits, as
    correspondence players write moves): a square its file's number and its rank (``58``
    is e8), a move its two squares run together (``5836``), two a numbered row, Black's
    first (``....`` where Gold opens), a forfeit ``pass``; each round's heading, and a
    note with a date and a time (``played 2024-03-09, 19:30``), the score after it."""
    truth = written(seed, Form.TEXT, "en", target=rng.choice([1, 3]))
    way = {"pair": True, "base": 1, "top": False, "file_first": True}
    out = ["KAMISADO", f"played {rng.choice(['2024-03-09', '12/05/2023', '1 June 2025'])}, {rng.choice(['19:30', '20:15', '14:05'])}", "digits: file then rank, a=1 ... h=8", ""]
    score = [0, 0]
    for n, rnd in enumerate(replay_match(only_match(truth)).rounds, 1):
        out.append(f"Round {n}" + ("" if rnd.fill is None else f" (filled from the {rnd.fill.value})"))
        said = ["pass" if m.is_forfeit else "".join(str(d) for d in numbers(m.origin, **way) + numbers(m.target, **way)) for m in played(rnd)]
        said = ["....", *said] if played(rnd)[0].side is Side.GOLD else said
        out += [f"{k // 2 + 1:>2}. " + "  ".join(said[k : k + 2]) for k in range(0, len(said), 2)]
        assert rnd.result is not None
        score[rnd.result.winner.value] += rnd.result.points
        out += [f"   {score[0]}-{score[1]}", ""]
    return "\n".join(out), truth


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(0, 999))
@example(seed=1094, hand=0)  # (a fresh clone's random profile, session 68: Gold's column, fewer moves than Black's with the moves after '....' counted in it, fell below the habit, and no round was judged)
def test_moves_in_four_digits_are_read_as_their_two_squares(seed: int, hand: int) -> None:
    """A sheet in digits (:func:`digits_sheet`: ``1. 6886  7126``) reads as its match:
    each four digits 1 to 8 are two squares, file then rank, and the ways of counting
    are tried as for any squares in numbers (before session 66 four digits were one
    number, no square: no round judged); its date, time and scores are no moves."""
    text, truth = digits_sheet(seed, random.Random(hand))
    assert judged_winners(text) == list(winners(truth).values()), text
    assert errors_of(text) == [], text
