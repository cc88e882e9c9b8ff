"""Writing moves and records in every form and language, and reading them back: the
formatters are the parser's inverse (docs/notation.md §5, §7)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kamisado_notation.checking.replay import replay_match
from kamisado_notation.engine.board import SQUARE_COLOURS, Colour, Direction, Side, parse_square
from kamisado_notation.engine.position import Move, Position
from kamisado_notation.notation import parse_entry, parse_record
from kamisado_notation.notation.record import RecordFile
from kamisado_notation.notation.writer import (
    LANGUAGES,
    Form,
    FormatError,
    ResolvedMoves,
    format_entry,
    format_move,
    format_record,
)
from kamisado_notation.play.generate import generate_records

COLOUR_FORMS = (Form.SYMBOLS, Form.TEXT, Form.SHORT)
ALL = [(f, lang) for f in COLOUR_FORMS for lang in LANGUAGES] + [(Form.COORDS, "en")]


def sq(name: str) -> int:
    return parse_square(name)


# Hand-checked on the board of docs/notation.md §1: Black's purple tower starts on c8; four squares
# forward is c4 (green); Black's left is towards file h, so one square left is d7 (green).
PURPLE_F4 = Move(Side.BLACK, Colour.PURPLE, sq("c8"), sq("c4"), Direction.FORWARD, 4)
PURPLE_L1 = Move(Side.BLACK, Colour.PURPLE, sq("c8"), sq("d7"), Direction.LEFT, 1)


@pytest.mark.parametrize(
    "move, form, lang, text",
    [
        (PURPLE_F4, Form.TEXT, "en", "Purple Forward 4 Green"),
        (PURPLE_F4, Form.SYMBOLS, "en", "紫↑4綠"),
        (PURPLE_F4, Form.SHORT, "en", "Pu F4 Gr"),
        (PURPLE_F4, Form.COORDS, "en", "c8-c4"),
        (PURPLE_F4, Form.TEXT, "hu", "lila előre 4 zöld"),
        (PURPLE_F4, Form.TEXT, "de", "lila vorwärts 4 grün"),
        (PURPLE_F4, Form.TEXT, "ru", "фиолетовый вперёд 4 зелёный"),
        (PURPLE_L1, Form.TEXT, "en", "Purple Left 1 Green"),
        (PURPLE_L1, Form.SYMBOLS, "en", "紫↖1綠"),
        (PURPLE_L1, Form.TEXT, "pt", "roxo esquerda 1 verde"),
        (PURPLE_L1, Form.TEXT, "ro", "mov stânga 1 verde"),
        # a blocked tower: its own square (g5 is red)
        (Move(Side.GOLD, Colour.GREEN, sq("g5"), sq("g5"), None, 0), Form.TEXT, "en", "Green 0 Red"),
        (Move(Side.GOLD, Colour.GREEN, sq("g5"), sq("g5"), None, 0), Form.SYMBOLS, "en", "綠0紅"),
        (Move(Side.GOLD, Colour.GREEN, sq("g5"), sq("g5"), None, 0), Form.SHORT, "en", "Gr 0 Re"),
        (Move(Side.GOLD, Colour.GREEN, sq("g5"), sq("g5"), None, 0), Form.COORDS, "en", "g5-g5"),
        # a push's back-entry: Black's red tower pushed from d4 back to d5 (d5 is orange)
        (Move(Side.BLACK, Colour.RED, sq("d4"), sq("d5"), Direction.BACK, 1), Form.TEXT, "en", "Red Back 1 Orange"),
        (Move(Side.BLACK, Colour.RED, sq("d4"), sq("d5"), Direction.BACK, 1), Form.SYMBOLS, "en", "紅↓1橙"),
        (Move(Side.BLACK, Colour.RED, sq("d4"), sq("d5"), Direction.BACK, 1), Form.SHORT, "en", "Re B1 Or"),
        (Move(Side.BLACK, Colour.RED, sq("d4"), sq("d5"), Direction.BACK, 1), Form.COORDS, "en", "d4-d5"),
        # the pusher's own move: one square forward, marked with '*'
        (Move(Side.GOLD, Colour.PURPLE, sq("d2"), sq("d3"), Direction.FORWARD, 1, (sq("d3"),)), Form.COORDS, "en", "d2-d3*"),
    ],
)
def test_format_move(move: Move, form: Form, lang: str, text: str) -> None:
    assert format_move(move, form=form, lang=lang) == text


def test_the_engine_agrees_with_the_hand_checked_moves() -> None:
    p = Position.initial()
    assert p.resolve(Direction.FORWARD, 4, tower=Colour.PURPLE) == PURPLE_F4
    assert p.resolve(Direction.LEFT, 1, tower=Colour.PURPLE) == PURPLE_L1


def test_unknown_language_and_missing_board() -> None:
    with pytest.raises(FormatError):
        format_move(PURPLE_F4, form=Form.TEXT, lang="fr")
    with pytest.raises(FormatError):
        format_entry(parse_entry("c8-c4"), form=Form.TEXT)
    with pytest.raises(FormatError):
        format_entry(parse_entry("Pu F4 Gr"), form=Form.COORDS)
    assert format_entry(parse_entry("c8-c4"), form=Form.SHORT, move=PURPLE_F4) == "Pu F4 Gr"
    assert format_entry(parse_entry("Pu F4 Gr"), form=Form.COORDS, move=PURPLE_F4) == "c8-c4"


# Every tower a Sumo, Double or Triple Sumo, so that random rounds push (S1–TS11).
RINGED = "o+b++p+++k+y+r++g+n+/......../......../......../......../......../......../N+G++R+++Y+K+P++B+O+ b -"


def random_game(seed: int) -> list[Move]:
    """A random legal round, from the initial position or (odd seeds) one where every
    tower has rings, as record entries' moves: each engine move, and after a Sumo push
    the pushed player's back-entry."""
    rng = random.Random(seed)
    p = Position.initial() if seed % 2 == 0 else Position.from_string(RINGED)
    out: list[Move] = []
    for _ in range(300):
        if p.winner is not None or (not p.legal_moves() and p.deadlock() is not None):
            break
        moves = p.legal_moves()
        move = rng.choice(moves) if moves else p.forfeit_move()
        p.play(move)
        out.append(move)
        if move.push:
            onto = move.pushed_to
            tower = p.tower_at(onto)
            out.append(Move(move.side.other, tower.colour, move.push[-1], onto, Direction.BACK, 1))
    return out


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6))
def test_every_move_of_random_games_round_trips_in_every_form_and_language(seed: int) -> None:
    for move in random_game(seed):
        for form, lang in ALL:
            text = format_move(move, form=form, lang=lang)
            e = parse_entry(text)
            if form is Form.COORDS:
                assert (e.origin, e.target, e.push_mark) == (move.origin, move.target, bool(move.push))
            else:
                assert (e.tower, e.direction, e.distance, e.square_colour) == (
                    move.tower, move.direction if move.distance else None, move.distance, SQUARE_COLOURS[move.target]
                )
            assert format_entry(e, form=form, lang=lang, move=move) == text


def semantic(record: RecordFile, moves: list[ResolvedMoves] | None = None) -> list:
    """A record without positions: what converting must keep. Entries as moves' slots
    (resolved through ``moves``, a match's each, for coordinates)."""

    def entry(i, j, k, e):  # type: ignore[no-untyped-def]
        if e.placeholder:
            return "..."
        m = moves[i].move_of(j, k) if moves and e.is_coords else None
        if m is not None:
            return (m.tower, m.direction if m.distance else None, m.distance, m.square_colour)
        if e.is_coords:
            return (e.origin, e.target, e.push_mark)
        return (e.tower, e.direction, e.distance, e.square_colour)

    return [
        (
            [(h.name, h.value, [c.text for c in h.comments]) for h in m.headers],
            [c.text for c in m.comments],
            [
                (r.number, r.fill, [(lu.side, lu.colours) for lu in r.lineups], [entry(i, j, k, e) for k, e in enumerate(r.entries)],
                 [[c.text for c in e.comments] for e in r.entries], [c.text for c in r.comments])
                for j, r in enumerate(m.rounds)
            ],
        )
        for i, m in enumerate(record.matches)
    ]


def replay_moves(record: RecordFile) -> list[ResolvedMoves]:
    return [replay_match(m).resolved_moves() for m in record.matches]


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10**6))
def test_records_round_trip_in_every_form_and_language(seed: int) -> None:
    rec = generate_records(match="standard", seed=seed, count=2)
    original = semantic(rec)
    moves = replay_moves(rec)
    for form, lang in ALL:
        text = format_record(rec, form=form, lang=lang, moves=moves)
        again = parse_record(text)
        assert all(not m.errors for m in again.matches) and not again.errors
        assert format_record(again, form=form, lang=lang, moves=replay_moves(again)) == text  # stable
        assert semantic(again, replay_moves(again)) == original  # lossless


RECORD_WITH_COMMENTS = """\
{before the match}
[Event "Club night"]   # where
[Custom-Tag "kept, \\"quoted\\""]
Round 1   # first round
Lineup Gold: Brown Green Red Yellow Pink Purple Blue Orange
1. Pu F4 Gr {good} # Black's idea
   Ye L1 Ye
2. Gr 0 Gr {forced}   Ye L1 Ye   # gold's comment
# a comment on its own line
Round 2 fill right
1. ... Or L2 Re
# the end
"""


def test_comments_headers_lineups_fills_survive_every_form() -> None:
    rec = parse_record(RECORD_WITH_COMMENTS)
    assert not rec.matches[0].errors
    original = semantic(rec)
    for form, lang in ALL[:-1]:
        text = format_record(rec, form=form, lang=lang)
        again = parse_record(text)
        assert semantic(again) == original
        assert format_record(again, form=form, lang=lang) == text


def test_canonical_layout() -> None:
    rec = parse_record(RECORD_WITH_COMMENTS)
    assert format_record(rec, form=Form.SHORT) == (
        "{before the match}\n"
        '[Event "Club night"]  # where\n'
        '[Custom-Tag "kept, \\"quoted\\""]\n'
        "\n"
        "Round 1  # first round\n"
        "Lineup Gold: Brown Green Red Yellow Pink Purple Blue Orange\n"
        "1. Pu F4 Gr {good}  # Black's idea\n"
        "   Ye L1 Ye\n"
        "2. Gr 0 Gr {forced}   Ye L1 Ye  # gold's comment\n"
        "# a comment on its own line\n"
        "\n"
        "Round 2 fill right\n"
        "1. ...   Or L2 Re  # the end\n"  # a comment follows the element before it
    )


def test_json_document() -> None:
    rec = parse_record(RECORD_WITH_COMMENTS)
    doc = json.loads(format_record(rec, form=Form.JSON))
    m = doc["matches"][0]
    assert [h["name"] for h in m["headers"]] == ["Event", "Custom-Tag"]
    r1 = m["rounds"][0]
    assert r1["lineups"][0] == {"side": "gold", "colours": ["brown", "green", "red", "yellow", "pink", "purple", "blue", "orange"], "line": 5, "column": 1, "comments": []}
    e = r1["entries"][0]
    assert (e["side"], e["tower"], e["direction"], e["distance"], e["square"]) == ("black", "purple", "forward", 4, "green")
    assert [c["text"] for c in e["comments"]] == ["good", " Black's idea"]
    assert m["rounds"][1]["fill"] == "right" and m["rounds"][1]["entries"][0]["placeholder"] is True
    assert r1["entries"][2]["direction"] is None and r1["entries"][2]["distance"] == 0
