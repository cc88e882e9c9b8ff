"""The notation layer reads every form of docs/notation.md §5 and the .kmr records of docs/notation.md §7 into the
record model, and says precisely what is wrong with text that is not notation."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kamisado_notation.engine.board import Colour, Direction, Side, parse_square
from kamisado_notation.engine.match import Fill
from kamisado_notation.notation import (
    NotationError,
    RecordIOError,
    build_parser,
    iter_matches,
    open_matches,
    parse_entry,
    parse_record,
    read_record,
)
from kamisado_notation.notation.vocabulary import COLOUR_WORDS, lark_terminals, normalise
from tests.support.paths import ROOT

C, D = Colour, Direction


def slots(text: str) -> tuple:
    e = parse_entry(text)
    return (e.tower, e.direction, e.distance, e.square_colour)


# ------------------------------------------------------------------ docs/notation.md §5 examples

@pytest.mark.parametrize(
    "text, expected",
    [
        ("紫↖5黃", (C.PURPLE, D.LEFT, 5, C.YELLOW)),
        ("Purple Left 5 Yellow", (C.PURPLE, D.LEFT, 5, C.YELLOW)),
        ("Pu L5 Ye", (C.PURPLE, D.LEFT, 5, C.YELLOW)),
        ("lila balra 5 sárga", (C.PURPLE, D.LEFT, 5, C.YELLOW)),
        ("綠0黃", (C.GREEN, None, 0, C.YELLOW)),
        ("Green 0 Yellow", (C.GREEN, None, 0, C.YELLOW)),
        ("Gr 0 Ye", (C.GREEN, None, 0, C.YELLOW)),
        ("zöld 0 sárga", (C.GREEN, None, 0, C.YELLOW)),
        ("紅↓1黃", (C.RED, D.BACK, 1, C.YELLOW)),
        ("Red Back 1 Yellow", (C.RED, D.BACK, 1, C.YELLOW)),
        ("Re B1 Ye", (C.RED, D.BACK, 1, C.YELLOW)),
        ("Red ↓1 Yellow", (C.RED, D.BACK, 1, C.YELLOW)),
        ("piros hátra 1 sárga", (C.RED, D.BACK, 1, C.YELLOW)),
        # slots freely mixed, ASCII arrows, simplified glyphs, other languages
        ("紫 Left 5 Ye", (C.PURPLE, D.LEFT, 5, C.YELLOW)),
        ("Purple ↗ 3 黄", (C.PURPLE, D.RIGHT, 3, C.YELLOW)),
        ("Pu / 3 绿", (C.PURPLE, D.RIGHT, 3, C.GREEN)),
        ("Bl \\2 红", (C.BLUE, D.LEFT, 2, C.RED)),
        ("Or ^7 蓝", (C.ORANGE, D.FORWARD, 7, C.BLUE)),
        ("Re v1 Ye", (C.RED, D.BACK, 1, C.YELLOW)),
        ("Orange Straight 2 Brown", (C.ORANGE, D.FORWARD, 2, C.BROWN)),
        ("Orange up 2 Brown", (C.ORANGE, D.FORWARD, 2, C.BROWN)),
        ("rot rechts 4 rosa", (C.RED, D.RIGHT, 4, C.PINK)),
        ("roxo esquerda 1 laranja", (C.PURPLE, D.LEFT, 1, C.ORANGE)),
        ("mov stânga 1 portocaliu", (C.PURPLE, D.LEFT, 1, C.ORANGE)),
        ("бирюзовый налево 6 зелёный", (C.PURPLE, D.LEFT, 6, C.GREEN)),
        ("фиолетовый вперёд 2 оранжевый", (C.PURPLE, D.FORWARD, 2, C.ORANGE)),
        ("narancs egyenesen 2 kék", (C.ORANGE, D.FORWARD, 2, C.BLUE)),
        # case- and accent-insensitive (sarga = sárga, зеленый = зелёный, rosu = roșu = roşu)
        ("LILA BALRA 5 SARGA", (C.PURPLE, D.LEFT, 5, C.YELLOW)),
        ("фиолетовый вперед 2 зеленый", (C.PURPLE, D.FORWARD, 2, C.GREEN)),
        ("rosu inainte 1 roşu", (C.RED, D.FORWARD, 1, C.RED)),
        ("gruen zuruck 1 grün".replace("gruen", "grun"), (C.GREEN, D.BACK, 1, C.GREEN)),
        # one-letter codes: R and B mean Red/Blue as colours, Right/Back as directions
        ("R R5 B", (C.RED, D.RIGHT, 5, C.BLUE)),
        ("B B1 R", (C.BLUE, D.BACK, 1, C.RED)),
        ("n f2 k", (C.BROWN, D.FORWARD, 2, C.PINK)),
        ("P L 5 Y", (C.PURPLE, D.LEFT, 5, C.YELLOW)),
    ],
)
def test_every_form_of_one_move(text: str, expected: tuple) -> None:
    assert slots(text) == expected


def test_entry_keeps_its_source_text_and_position() -> None:
    e = parse_entry("Pu L5 Ye")
    assert (e.text, e.line, e.column, e.number, e.placeholder) == ("Pu L5 Ye", 1, 1, None, False)


@pytest.mark.parametrize(
    "text, origin, target, push",
    [("d8-d4", "d8", "d4", False), ("c7-c7", "c7", "c7", False), ("d4-d5*", "d4", "d5", True), ("H1-A8", "h1", "a8", False)],
)
def test_coordinates(text: str, origin: str, target: str, push: bool) -> None:
    e = parse_entry(text)
    assert (e.origin, e.target, e.push_mark, e.tower) == (parse_square(origin), parse_square(target), push, None)
    assert e.is_coords


def test_every_colour_word_of_every_language_is_read() -> None:
    for word, colour in COLOUR_WORDS.items():
        if word in ("r", "b"):  # also directions; the slot decides (above)
            continue
        assert slots(f"{word} 0 {word}") == (colour, None, 0, colour)


def test_the_table_decides_shared_words() -> None:
    # German/Portuguese "rosa" is Pink; Hungarian/German "lila" is Purple (docs/notation.md §4)
    assert slots("rosa 0 lila") == (C.PINK, None, 0, C.PURPLE)
    assert normalise("Sárga") == normalise("SARGA") == "sarga"


@pytest.mark.parametrize(
    "text, column, words",
    [
        ("Pu L0 Ye", 4, "no direction"),  # distance 0 takes no direction
        ("Pu 5 Ye", 4, "direction is missing"),
        ("Purpel L5 Ye", 1, "unknown word 'Purpel'"),
        ("Pu L Ye", 6, "a distance such as 5, after the direction"),
        ("Pu L5", 6, "the line ends too early: expected a colour"),
        ("Pu L5 Ye Ye", 12, "ends too early: expected a direction such as Left, ↖ or L or a distance such as 5, after the tower colour"),
            ("Pu L5 Ye L", 10, "after the entry"),
        ("d8-d9", 1, None),
        ("Pu L5 Ye d8-d4", 1, "exactly one move"),
        ("Pu L" + "5" * 5000 + " Ye", 5, "far too long"),
        ("Pu L5 Ye @", 10, "unexpected character '@'"),
        ("", 1, "exactly one move"),
    ],
)
def test_bad_entries_say_where_and_what(text: str, column: int, words: str | None) -> None:
    with pytest.raises(NotationError) as err:
        parse_entry(text)
    assert err.value.rule == "syntax" and err.value.line == 1
    assert err.value.column == column
    if words:
        assert words in str(err.value)


# -------------------------------------------------------------------- whole records

SPEC_RECORD = """\
# A comment runs to the end of the line. {Braced comments} may stand between moves.
[Event "Club night"]
[Date "2026.11.21"]
[Black "Johan"]
[Gold "Alain"]
[Match "Standard"]          # Single | Standard | Long | Marathon, or [Target "N"]
[Result "1-3"]              # optional: Black's points - Gold's points; checked when present

Round 1
1. Yellow ↖1 Yellow   Yellow ↖3 Yellow
2. Yellow ↗1 Purple   Purple ↖2 Purple {a braced comment}

Round 2 fill left                   # Gold won round 1, so Black (the loser) moves first
Lineup Black: Green Red Yellow Pink Brown Orange Blue Purple     # optional, checked
Lineup White: Brown Blue Orange Red Pink Yellow Green Purple      # optional, checked
1. Pink ↑3 Brown      Brown ↑4 Pink

Round 3 fill right
1. ...                Orange ↖2 Red       # "..." : Gold is the Challenger and moves first
"""


def test_the_spec_example_record() -> None:
    rec = parse_record(SPEC_RECORD, path="spec.kmr")
    assert rec.errors == [] and len(rec.matches) == 1
    m = rec.matches[0]
    assert m.errors == []
    assert [(h.name, h.value) for h in m.headers] == [
        ("Event", "Club night"), ("Date", "2026.11.21"), ("Black", "Johan"), ("Gold", "Alain"),
        ("Match", "Standard"), ("Result", "1-3"),
    ]
    assert m.comments[0].text.startswith(" A comment runs") and m.comments[0].line == 1
    assert m.headers[4].comments[0].text.strip().startswith("Single | Standard")
    assert [(r.number, r.fill, r.line) for r in m.rounds] == [(1, None, 9), (2, Fill.LEFT, 13), (3, Fill.RIGHT, 18)]
    r1, r2, r3 = m.rounds
    assert [e.text for e in r1.entries] == ["Yellow ↖1 Yellow", "Yellow ↖3 Yellow", "Yellow ↗1 Purple", "Purple ↖2 Purple"]
    assert [e.number for e in r1.entries] == [1, None, 2, None]
    assert (r1.entries[3].line, r1.entries[3].column) == (11, 23)
    assert r1.entries[3].comments[0].braced and r1.entries[3].comments[0].text == "a braced comment"
    assert [lu.side for lu in r2.lineups] == [Side.BLACK, Side.GOLD]  # White is Gold
    assert r2.lineups[0].colours == [C.GREEN, C.RED, C.YELLOW, C.PINK, C.BROWN, C.ORANGE, C.BLUE, C.PURPLE]
    assert r2.comments[0].text.startswith(" Gold won round 1")
    assert r3.entries[0].placeholder and r3.entries[1].tower is C.ORANGE
    assert r3.entries[1].comments[0].text.startswith(' "..."')


def test_a_header_after_moves_starts_the_next_match() -> None:
    text = '[Event "a"]\nRound 1\nd8-d4 e1-e5\n[Event "b"]\n[Black "x"]\nPu L5 Ye\n[Event "c"]\n'
    rec = parse_record(text)
    assert [m.header("event") for m in rec.matches] == ["a", "b", "c"]
    assert [m.index for m in rec.matches] == [1, 2, 3]
    assert [m.line for m in rec.matches] == [1, 4, 7]
    assert rec.matches[1].header("Black") == "x"
    # moves without a Round line belong to an implicit round 1
    assert rec.matches[1].rounds[0].number == 1 and rec.matches[1].rounds[0].entries[0].tower is C.PURPLE


def test_illegal_moves_still_parse() -> None:
    rec = parse_record("Round 1\n1. Pu L7 Pu   Pu L7 Pu\n2. Or 0 Or\n")
    assert rec.matches[0].errors == [] and len(rec.matches[0].rounds[0].entries) == 3


def test_header_values_unescape_and_names_may_hold_digits() -> None:
    rec = parse_record('[Note-2 "say \\"hi\\" \\\\ bye"]\n')
    h = rec.matches[0].headers[0]
    assert (h.name, h.value) == ("Note-2", 'say "hi" \\ bye')


def test_syntax_errors_are_diagnostics_and_later_lines_still_count() -> None:
    lines = [
        '[Event "x"]',
        "Round 1",
        "1. Purpel ↖1 Yellow   Yellow ↖3 Yellow",  # line 3: bad, an unknown word read past
        "2. Yellow ↗1 Purple   Purple ↖2 Purple",
        "3. Pu L Pu Qqq",  # line 5: read by its evidence (the replay settles the distance), 'Qqq' set aside
        "Round 2 fill up",  # line 6: bad, a fill said in no word we read (the round starts all the same)
        '[Event "y"]',
        "Lineup Gold: Pu Pu",  # line 8: bad, in the second match
        "1. Pu L1 Pu",
    ]
    text = "\n".join(lines)
    rec = parse_record(text, path="f.kmr")
    first, second = rec.matches
    assert [(d.line, d.column, d.rule, d.severity, d.kind) for d in first.errors] == [
        (3, 4, "syntax", "error", "unknown-word"),
        (5, 4, "syntax", "error", "evidence"),  # (until a replay settles it: validate's)
        (5, 12, "syntax", "warning", "set-aside"),
        (6, 14, "syntax", "error", ""),
    ]
    assert first.errors[0].format("f.kmr") == (
        "f.kmr:3:4: error[syntax] unknown word 'Purpel': expected a colour such as Purple or Pu "
        "or '...', after the turn number"
    )
    assert "'Qqq'" in first.errors[2].message and "unexpected 'up': expected left or right" in first.errors[3].message
    assert [(r.number, r.fill) for r in first.rounds] == [(1, None), (2, None)]
    entries = first.rounds[0].entries
    assert [e.text for e in entries] == ["Purpel ↖1 Yellow", "Yellow ↖3 Yellow", "Yellow ↗1 Purple", "Purple ↖2 Purple", "Pu L Pu"]
    assert [e.unread for e in entries] == ["tower", None, None, None, "distance"] and entries[0].tower is None
    assert [(d.line, d.match) for d in second.errors] == [(8, 2)]
    assert second.rounds[0].entries[0].text == "Pu L1 Pu"


def test_errors_outside_any_match_belong_to_the_file() -> None:
    rec = parse_record("{ Pu L1 Pu\n")  # (a comment left open: the line's own syntax, still an error)
    assert rec.matches == [] and [(d.line, d.column, d.rule) for d in rec.errors] == [(1, 1, "syntax")]
    assert parse_record("@@@\n").errors == []  # (a line with no evidence of a move is a comment)


def test_wrong_turn_numbers_are_warnings() -> None:
    rec = parse_record("Round 1\n1. Pu L1 Pu 2. Ye L1 Ye\n1. Or 0 Or\n")
    ds = rec.matches[0].errors
    assert [(d.line, d.severity) for d in ds] == [(2, "warning"), (3, "warning")]
    assert "expected no turn number before Gold's entry" in ds[0].message
    assert "expected turn number 2." in ds[1].message


def test_placeholder_only_opens_a_round() -> None:
    rec = parse_record("Round 1\n1. Pu L1 Pu ...\n")
    assert [d.column for d in rec.matches[0].errors] == [13]


def test_bom_crlf_and_invalid_utf8(tmp_path: Path) -> None:
    p = tmp_path / "a.kmr"
    p.write_bytes(("\ufeff" + SPEC_RECORD).replace("\n", "\r\n").encode("utf-8"))
    rec = read_record(str(p))
    assert rec.bom and rec.crlf and rec.errors == []
    assert rec.matches[0].headers[0].value == "Club night"
    assert rec.matches[0].rounds[0].entries[1].column == 23
    bad = tmp_path / "b.kmr"
    bad.write_bytes(b'[Event "x"]\nRound 1\nPu L5 \xff\xfeYe\n')
    rec = read_record(str(bad))
    assert [(d.line, d.column, d.rule) for d in rec.errors] == [(3, 7, "encoding")]
    assert "0xff" in rec.errors[0].message


def test_unreadable_files_raise_record_io_error(tmp_path: Path) -> None:
    with pytest.raises(RecordIOError, match="no such file"):
        read_record(str(tmp_path / "missing.kmr"))
    with pytest.raises(RecordIOError, match="directory|folder"):
        read_record(str(tmp_path))
    with pytest.raises(RecordIOError):
        list(open_matches(str(tmp_path / "missing.kmr")))


def test_open_matches_streams(tmp_path: Path) -> None:
    p = tmp_path / "m.kmr"
    p.write_text(SPEC_RECORD + '[Event "two"]\nPu L1 Pu\n', encoding="utf-8")
    assert [m.header("Event") for m in open_matches(str(p))] == ["Club night", "two"]


def test_iter_matches_is_lazy() -> None:
    def endless():
        for i in itertools.count():
            yield f'[Event "{i}"]\n'
            yield "Pu L1 Pu Ye R1 Ye\n"

    first = list(itertools.islice(iter_matches(endless()), 3))
    assert [m.header("Event") for m in first] == ["0", "1", "2"]


def test_words_lark_is_generated_from_the_vocabulary() -> None:
    assert (ROOT / "grammars" / "words.lark").read_text(encoding="utf-8") == lark_terminals()


def test_the_generator_command_in_words_lark_runs() -> None:
    import shlex
    import subprocess
    import sys

    header = (ROOT / "grammars" / "words.lark").read_text(encoding="utf-8").splitlines()[1]
    command = shlex.split(header.removeprefix("// (").split(" > ")[0])
    assert command[:2] == ["python3", "-m"]
    done = subprocess.run([sys.executable, *command[1:]], capture_output=True, text=True, check=True, cwd=ROOT)
    assert done.stdout == lark_terminals()


def test_lark_own_lexer_reads_the_same_grammar_alike() -> None:
    """The grammar is the one definition: lark's contextual lexer, fed the same text,
    builds the same entries as the fast path."""
    text = (
        "Round 1\n1. Pu L5 Ye   紫↖5黃\n2. lila balra 5 sárga  Green 0 Yellow\n"
        "3. d8-d4 e1-e5*\n4. Re B1 Ye  R R5 B\n5. 綠0黃\n"
    )
    fast = [e for e in parse_record(text).matches[0].rounds[0].entries]
    items = build_parser("contextual").parse(text)
    slow = [entry for item in items if isinstance(item, list) for entry, _s, _e in item]
    key = lambda e: (e.tower, e.direction, e.distance, e.square_colour, e.origin, e.target, e.push_mark, e.placeholder, e.number, e.line, e.column)
    assert [key(e) for e in fast] == [key(e) for e in slow]


def test_comments_before_a_match_belong_to_it() -> None:
    text = '# game 1\n[Event "a"]\nPu L1 Pu  # mine\n# still mine\n\n# game 2\n[Event "b"]\nYe L1 Ye\n# the end\n'
    first, second = parse_record(text).matches
    assert [c.text for c in first.comments] == [" game 1"]
    assert [c.text for c in first.rounds[0].entries[0].comments] == [" mine", " still mine"]
    assert [c.text for c in second.comments] == [" game 2"]
    assert [c.text for c in second.rounds[0].entries[0].comments] == [" the end"]


def test_reading_leaves_the_garbage_collector_as_it_found_it(tmp_path: Path) -> None:
    import gc

    p = tmp_path / "m.kmr"
    p.write_text(SPEC_RECORD + '[Event "two"]\nPu L1 Pu\n', encoding="utf-8")
    assert gc.isenabled()
    parse_record(SPEC_RECORD)
    assert gc.isenabled()
    stream = open_matches(str(p))
    next(stream)
    assert gc.isenabled()  # on while the caller holds a match
    gc.disable()
    try:
        assert [m.header("Event") for m in stream] == ["two"]
        read_record(str(p))
        assert not gc.isenabled()  # a caller's choice stays
    finally:
        gc.enable()


def test_files_are_read_in_blocks_of_whole_lines(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from kamisado_notation.notation.files import opening as files

    p = tmp_path / "a.kmr"
    p.write_bytes(("\ufeff" + SPEC_RECORD + "Pu L1 Pu\rYe L1 Ye").replace("\n", "\r\n").encode("utf-8"))
    whole = read_record(str(p))
    monkeypatch.setattr(files, "_BLOCK", 7)  # blocks end mid-line: read on to the line's end
    small = read_record(str(p))
    assert small == whole and small.bom and small.crlf and small.errors == []
    assert [e.text for e in small.matches[0].rounds[-1].entries][-2:] == ["Pu L1 Pu", "Ye L1 Ye"]  # a stray \r is a blank
    # an invalid byte in a later block: its own line and column
    bad = tmp_path / "b.kmr"
    bad.write_bytes(b'[Event "x"]\nRound 1\nPu L5 Ye\nPu L5 \xff\xfeYe\n')
    rec = read_record(str(bad))
    assert [(d.line, d.column) for d in rec.errors] == [(4, 7)]
    # (the line is read on, in the encoding the file likely is in, which the error names)
    second = rec.matches[0].rounds[0].entries[1]
    assert second.line == 4 and second.text.startswith("Pu L5 ") and second.text.endswith("Ye")
    assert "are read as " in rec.errors[0].message
    # a character cut off by the end of the file is reported, not dropped
    cut = tmp_path / "c.kmr"
    cut.write_bytes("Round 1\n紫↖5黃".encode()[:-1])
    assert [(d.line, d.column) for d in read_record(str(cut)).errors] == [(2, 4)]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(["Pu L1 Pu", " Ye L1 Ye", "\r", "\n", "\r\n", "\ufeff", "Round 1", " # c", "[E \"x\"]"]), max_size=16).map("".join))
def test_a_text_splits_into_lines_as_a_file_does(text: str) -> None:
    """parse_record splits a text in C; iter_matches takes the lines a file gives (split
    at "\\n" only, endings kept): the same record."""
    from kamisado_notation.notation.record import RecordFile

    parts = text.split("\n")  # (as a file gives them)
    lines = [part + "\n" for part in parts[:-1]] + ([parts[-1]] if parts[-1] else [])
    by_lines = RecordFile("<string>")
    by_lines.matches.extend(iter_matches(lines, _file=by_lines))
    assert parse_record(text) == by_lines


def test_a_header_name_is_defined_once() -> None:
    """The grammar, the whole-line fast path, the unquoted-header reader, the plain-text
    reader and the block cutter all read a header's name as record.HEADER_NAME says."""
    import re as _re

    from kamisado_notation.notation import grammar_text, parse_record
    from kamisado_notation.notation.record import HEADER_NAME

    assert f"NAME: /{HEADER_NAME}/" in grammar_text()
    # in bytes the same pattern is the strict ASCII form: a letter or '_' first
    first = _re.compile(HEADER_NAME.encode())
    assert [b for b in range(256) if first.match(bytes([b]))] == [b for b in range(256) if chr(b).isascii() and (chr(b).isalpha() or chr(b) == "_")]
    for name, ok in [("Event", True), ("_x-1", True), ("Über", True), ("1st", False), ("-x", False)]:
        rec = parse_record(f'[{name} "v"]\n\nRound 1\n1. d8-d4\n')
        got = [h.name for m in rec.matches for h in m.headers]
        assert (got == [name]) is ok, (name, got, rec.errors)
