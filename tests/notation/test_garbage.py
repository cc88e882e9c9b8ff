"""Garbage in: never anything but the project's own errors (KamisadoError) from
``parse_entry``, never any exception from ``parse_record``/``read_record`` (problems are
diagnostics with a line and column), and no hang on pathological input. And the
whole-line fast paths read every line as the general path (and lark's own lexer) would."""

from __future__ import annotations

import functools
from pathlib import Path

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from kamisado_notation.errors import KamisadoError
from kamisado_notation.notation import (
    NotationError,
    build_parser,
    iter_matches,
    parse_entry,
    parse_record,
    read_record,
)
from kamisado_notation.notation.kmr import fast_paths, general_path, lexing
from kamisado_notation.notation.kmr.fast_paths import general_paths
from kamisado_notation.notation.record import Comment, Entry, RecordFile

# Text that looks like notation, so that the fuzzing reaches deep into the grammar.
PIECES = [
    "Purple", "Pu", "紫", "↖", "L", "R", "B", "5", "0", "1.", "...", "…", "1...", "Ye", "黃", "d8-d4", "d4-d5*",
    "[", "]", '"', "Event", "Round", "fill", "left", "Lineup", "Black", ":", "#", "{", "}",
    " ", "\n", "\r\n", "\ufeff", "sárga", "zöld", "🐉", "\x00", "\\", "-", "*", "9", "i9-a0",
    "(", ")", "?!", ",", "//", "1)",
]
notationish = st.lists(st.sampled_from(PIECES), max_size=40).map("".join)
texts = st.one_of(st.text(max_size=200), notationish)


#: The rule ids the reader gives (docs/notation.md, "Diagnostics"): syntax, and the
#: warnings about word-processor text and headers, a result after the moves that is not
#: the header's, a file not in UTF-8.
READER_RULES = ("syntax", "text", "header", "result", "encoding")


def check_record(text: str) -> None:
    rec = parse_record(text)
    for d in rec.errors + [d for m in rec.matches for d in m.errors]:
        assert d.rule in READER_RULES and d.line >= 1 and d.column >= 1


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(texts)
@example("()")  # a comment in parentheses before any match: the file's warning
@example("(Board 2, adjourned)\n[Event \"x\"]\nRound 1\nRed Right 2 Red")
def test_parse_record_never_raises(text: str) -> None:
    check_record(text)


@settings(max_examples=400, deadline=None)
@given(texts)
def test_parse_entry_raises_only_notation_errors(text: str) -> None:
    try:
        parse_entry(text)
    except NotationError as e:
        assert e.rule == "syntax" and e.line == 1 and e.column >= 1


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=300))
def test_read_record_on_random_bytes(tmp_path: Path, data: bytes) -> None:
    p = tmp_path / "x.kmr"
    p.write_bytes(data)
    rec = read_record(str(p))  # never raises: bad bytes are a diagnostic
    for d in rec.errors:
        assert d.rule in READER_RULES and d.line >= 1 and d.column >= 1


def test_non_text_is_a_project_error() -> None:
    for thing in (None, b"Pu L5 Ye", 5):
        try:
            parse_entry(thing)  # type: ignore[arg-type]
        except KamisadoError:
            pass
        else:  # pragma: no cover
            raise AssertionError("accepted non-text")


def test_a_three_megabyte_line() -> None:
    # (text that is no evidence of a move is set aside, never an error by itself: a line
    # of it alone is no match at all; after an entry, one warning where it begins)
    rec = parse_record("x" * 3_000_000)
    assert (rec.errors, rec.matches) == ([], [])
    rec = parse_record("Pu L5 Ye " + "é" * 3_000_000 + "\nRound 1\n")
    assert rec.errors == [] and rec.matches[0].rounds[0].number == 1
    assert [(d.severity.value, d.line, d.column, d.kind.value) for d in rec.matches[0].errors] == [("warning", 1, 10, "set-aside")]
    rec = parse_record('[Event "' + "\\" * 1_500_000 + '"] @')
    assert [(d.line, d.column) for d in rec.errors] == [(1, 1_500_012)]  # after 1.5 million escaped characters
    # a long line of real entries (300 KB here, to keep the suite fast) is read whole
    rec = parse_record("Round 1\n" + "Pu L5 Ye " * 35_000 + "\n")
    assert len(rec.matches[0].rounds[0].entries) == 35_000


def test_twenty_thousand_nested_braces() -> None:
    # The braces hold no move: they are set aside (a warning where they begin), and the
    # entry before them is read; a '{' never closed is an error only where a move may be
    # in what it leaves open.
    rec = parse_record("Round 1\nPu L5 Ye " + "{" * 20_000 + "}" * 20_000 + "\nYe L1 Ye\n")
    m = rec.matches[0]
    assert [(d.severity.value, d.line, d.column, d.kind.value) for d in m.errors] == [("warning", 2, 10, "set-aside")]
    assert [e.text for e in m.rounds[0].entries] == ["Pu L5 Ye", "Ye L1 Ye"]
    rec = parse_record("{" * 20_000)
    assert (rec.errors, rec.matches) == ([], [])
    rec = parse_record("Round 1\n{ " + "Pu L5 Ye " * 20_000 + "\n")
    assert [(d.line, d.column) for d in rec.matches[0].errors] == [(2, 1)]
    assert "unclosed comment" in rec.matches[0].errors[0].message


def test_a_five_thousand_digit_distance() -> None:
    # Five thousand digits are no distance: set aside where they begin (a warning, never
    # read as a number), and the entry they leave is one the evidence cannot settle: an
    # error where it begins, not a guess.
    rec = parse_record("Round 1\n1. Pu L" + "7" * 5000 + " Ye\n")
    found = [(d.severity.value, d.line, d.column, d.kind.value) for d in rec.matches[0].errors]
    assert found == [("error", 2, 4, "evidence"), ("warning", 2, 8, "set-aside")]
    # (a round number that long is the error; a turn number is set aside, the replay
    # knows whose turn it is, and the line's entry is read)
    rec = parse_record("Round " + "9" * 5000 + "\n" + "9" * 5000 + ". Pu L1 Ye")
    assert [(d.line, d.column) for d in rec.errors] == [(1, 7)] and "far too long" in rec.errors[0].message
    assert [e.text for e in rec.matches[0].rounds[0].entries] == ["Pu L1 Ye"]


def test_a_superscript_digit_is_a_syntax_error() -> None:
    # '²' is isdigit() but not a decimal digit: it once reached int() and raised ValueError.
    # It is no evidence of a distance: an entry of a tower and a square alone names no
    # move and is set aside (a warning); with its direction it is one the evidence
    # cannot settle (an error where it begins).
    rec = parse_record("Round 1\nPurple ² Purple\n")
    assert [(d.severity.value, d.line, d.column, d.kind.value) for d in rec.matches[0].errors] == [("warning", 2, 1, "set-aside")]
    rec = parse_record("Round 1\nPurple Left ² Purple\n")
    assert [(d.severity.value, d.line, d.column, d.kind.value) for d in rec.matches[0].errors] == [("error", 2, 1, "evidence")]


def test_a_bad_coordinate_is_reported_every_time() -> None:
    # the token cache once let a bad coordinate through on its second reading
    for _ in range(2):
        # ('-d9' is no square: set aside, a warning; what is left cannot be settled: the error)
        rec = parse_record("Round 1\nh1-d9 d8-d4\n")
        found = [(d.severity.value, d.line, d.column, d.kind.value) for d in rec.matches[0].errors]
        assert found == [("error", 2, 1, "evidence"), ("warning", 2, 3, "set-aside")]


def test_many_lines_of_garbage_each_reported() -> None:
    # Text that is no evidence of a move ('???') is set aside, never an error by itself:
    # one warning a kind in the match, whose edits name every line; an entry whose
    # distance cannot be one (8 and more) is an error on its own line, each time.
    lines = ["Round 1"] + [f"Pu L{i} ??? Ye" for i in range(1, 201)]
    diagnostics = next(iter(iter_matches(lines))).errors
    warnings = [d for d in diagnostics if d.severity.value == "warning"]
    assert sorted(d.kind.value for d in warnings) == ["evidence", "set-aside"]
    assert sorted(e.line for d in warnings for e in d.edits) == list(range(2, 202))
    assert [d.line for d in diagnostics if d.severity.value == "error"] == list(range(9, 202))


# ------------------------------------------- the fast paths read lines as the general path

SEPS = ["", " ", "  ", "\t", "\u3000", "\xa0", "\f"]
WORDS = [
    "Purple", "Pu", "pu", "PURPLE", "紫", "P", "R", "B", "b", "v", "Ye", "黃", "黄", "sárga", "sa\u0301rga", "SARGA",
    "зелёный", "зеленый", "Left", "L", "left", "balra", "Forward", "F", "Back", "Round", "fill", "Black", "Purpel",
    "x", "ß", "_", "Pu_", "PuL", "d", "h",
]
ARROWS = ["", "↖", "↑", "^", "\\", "/", "↓", "*"]
DISTANCES = ["0", "5", "05", "7", "123456", "1234567", "5.", "5-", "5...", "٥", "²", "", "5-d4"]
TAILS = ["", " ", "#c", " # c", "{b}", " {b}", "*", "-", ".", "x", "...", " ...", "\u0301", "\r"]


def mostly(good: list[str], near_miss: list[str]) -> st.SearchStrategy[str]:
    """A slot's text: usually a good one (so that whole lines are good often enough to
    exercise the fast paths), sometimes a near miss: 7 in 8 a good one, each good one
    alike and each near miss alike, in one draw (a choice of the good ones weighted 7
    to 1 against the near misses; three draws a slot were most of these tests' time)."""
    return st.sampled_from([g for g in good for _ in range(7 * len(near_miss))] + [n for n in near_miss for _ in range(len(good))])


GOOD_COLOURS = ["Purple", "Pu", "紫", "P", "R", "B", "b", "Ye", "黃", "黄", "sárga", "SARGA", "зелёный", "Orange", "Bl"]
GOOD_DIRECTIONS = ["↖", "↑", "^", "\\", "/", "↓", "Left", "L", "left", "balra", "Forward", "F", "Back", "v", "R", "B"]
sep = mostly([" ", "  ", "\t"], SEPS)
tight = mostly(["", " "], SEPS)
coords = st.builds(
    lambda a, b, c, d, star: f"{a}{b}-{c}{d}{star}",
    mostly(list("adhA"), list("ij")), mostly(list("158"), ["0", "9"]), mostly(list("adhD"), ["i"]),
    mostly(list("18"), ["0", "9"]), mostly(["", "*"], ["**", "-", "x"]),
)
colour_entry = st.builds(
    lambda t, s1, d, s2, n, s3, sq: t + s1 + d + s2 + n + s3 + sq,
    mostly(GOOD_COLOURS, WORDS), sep, mostly(GOOD_DIRECTIONS + [""], ARROWS + WORDS), tight,
    mostly(["0", "5", "05", "7", "123456"], DISTANCES), tight, mostly(GOOD_COLOURS, WORDS),
)
entry = st.one_of(coords, colour_entry, colour_entry, mostly(["..."], ["…", ".."]))
row = st.builds(
    lambda lead, turn, e1, s, e2, tail: lead + turn + e1 + s + e2 + tail,
    mostly(["", " ", "\t"], ["\u3000"]), mostly(["", "1. ", "12.\t", "0. "], ["1.", "1234567. ", "1.. ", "1 ", "1...", "1… ", "1.…", "2... "]),
    entry, sep, st.one_of(st.just(""), entry), mostly(["", " ", "#c", " # c"], TAILS),
)
other = st.builds(
    lambda lead, body, tail: lead + body + tail,
    mostly(["", " "], ["\u3000"]),
    st.one_of(
        st.builds(lambda n, s, v: f"[{n}{s}\"{v}\"]", mostly(["Event", "Note-2", "_x"], ["9a", "Round", ""]),
                  mostly([" ", ""], ["\t", "\u3000"]), mostly(["x", 'a \\" b', "\\\\", "é"], ['x"', "\\"])),
        st.builds(lambda k, n, f: f"{k} {n}{f}", mostly(["Round", "round"], ["ROUND", "Rounds"]),
                  mostly(["1", "02"], ["1234567", "3.", "x"]),
                  mostly(["", " fill left", " Fill Right"], [" fill up", " fill  left", " fillleft", " fill"])),
        st.builds(lambda k, s, c, ws: f"{k} {s}{c} " + " ".join(ws), mostly(["Lineup"], ["lineup", "LineUp"]),
                  mostly(["Black", "Gold", "white"], ["Red"]), mostly([":"], ["", " :"]),
                  st.lists(mostly(GOOD_COLOURS, WORDS), min_size=7, max_size=9)),
    ),
    mostly(["", " # c"], TAILS),
)
long_row = st.builds(
    lambda lead, parts, tail: lead + "".join(parts) + tail,
    mostly(["", " "], ["\u3000"]),
    st.lists(
        st.builds(lambda turn, e, s: turn + e + s,
                  mostly(["", "", "1. ", "12.\t"], ["1.", "1234567. ", "1.. ", "1 ", "1...", "3… "]), entry, sep),
        min_size=3, max_size=12,
    ),
    mostly(["", "#c", "# c"], TAILS),
)
line = st.one_of(row, row, long_row, other, st.sampled_from(["", " ", "\t", "\u3000"]))


@functools.cache
def contextual():  # type: ignore[no-untyped-def]
    return build_parser("contextual")


def fast_row(text: str, number: int) -> tuple[list[Entry], Comment | None] | None:
    """The row as the reader's first tier reads it (its whole-line regex, then the memo of
    entries); None where it leaves the line to the general path."""
    m = fast_paths.ROW_RE.match(text)
    return None if m is None else fast_paths.fast_match(m, number)


def entry_key(e):  # type: ignore[no-untyped-def]
    return (e.tower, e.direction, e.distance, e.square_colour, e.origin, e.target, e.push_mark, e.placeholder, e.number, e.line, e.column, e.text)


@settings(max_examples=500, deadline=None)
@given(row, st.integers(1, 99))
def test_fast_row_is_the_general_parse(text: str, number: int) -> None:
    fast = fast_row(text, number)
    if fast is None:
        return
    items, comments = general_path.parse_line(text, number)  # never raises on a line the fast path took
    assert len(items) == 1 and type(items[0]) is list
    assert fast == ([e for e, _s, _e in items[0]], comments[0] if comments else None)
    assert len(comments) <= 1
    # and lark's own contextual lexer, on the same grammar, reads the same entries: its
    # vocabulary terminals accept every accented spelling the tables do ('зеленый' too)
    items = contextual().parse(text)
    slow = [(e, text[s:end]) for item in items for e, s, end in item]
    assert [entry_key(e)[:9] + entry_key(e)[10:] for e in fast[0]] == [entry_key(e)[:9] + (e.column, t) for e, t in slow]


@settings(max_examples=300, deadline=None)
@given(long_row, st.integers(1, 99))
def test_fast_segments_are_the_general_parse(text: str, number: int) -> None:
    fast = fast_paths.fast_segments(text, number, fast_paths.SEG_RE.match)
    if fast is None:
        return
    items, comments = general_path.parse_line(text, number)  # never raises on a line the fast path took
    assert len(items) == 1 and type(items[0]) is list
    assert fast == ([e for e, _s, _e in items[0]], comments[0] if comments else None)
    assert len(comments) <= 1


def test_a_whole_round_on_one_line_takes_the_fast_path() -> None:
    text = "1. Pu L5 Ye  Ye F1 Re 2. Re R2 Bl   d8-d4   3. 綠↗1綠 ... Gr 0 Ye  # one line"
    fast = fast_paths.fast_segments(text, 7, fast_paths.SEG_RE.match)
    assert fast is not None
    entries, comment = fast
    assert [e.text for e in entries] == ["Pu L5 Ye", "Ye F1 Re", "Re R2 Bl", "d8-d4", "綠↗1綠", "...", "Gr 0 Ye"]
    assert [e.number for e in entries] == [1, None, 2, None, 3, None, None]
    assert comment is not None and comment.text == " one line" and comment.line == 7
    for bad in ("1. Pu L5 Ye Ye F1 Re, Re R2 Bl", "Pu L5 Ye Ye F1 Re Re R2 Bl {x}", "Pu L5 Ye Ye F1 Re Re 2 Bl"):
        assert fast_paths.fast_segments(bad, 1, fast_paths.SEG_RE.match) is None, bad


@settings(max_examples=200, deadline=None)
@given(st.lists(line, max_size=12))
def test_records_read_alike_with_and_without_the_fast_paths(lines: list[str]) -> None:
    text = "\n".join(lines)
    fast = parse_record(text)
    lexing.clear_cache()  # the general path must not depend on what it read before
    general = _general_parse(text)
    assert fast == general


BRACED = ["{c}", "{}", "{a fine move}", "{see #2}", "{ }", "{x", "}", "{1. Pu}", "{…}", "{\u3000}"]


@st.composite
def braced(draw: st.DrawFn) -> str:
    """A line the fast paths read, or a near miss, with braced comments (some broken)
    put anywhere: between words, inside one, at either end, before a '#' comment."""
    text = draw(st.one_of(row, long_row, other))
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(st.sampled_from(BRACED)) + text[at:]
    return text


@settings(max_examples=150, deadline=None)  # (the suite's slowest at 400: 72 s in CI's profile)
@given(st.lists(st.one_of(braced(), line), min_size=1, max_size=8))
def test_lines_with_braced_comments_read_alike_with_and_without_the_fast_paths(lines: list[str]) -> None:
    """A line that braced comments alone keep from the fast paths is read by them with
    each comment blanked (its columns kept): the same entries, texts, columns and
    comments (each beside the element before it) as the general path gives."""
    text = "\n".join(lines)
    fast = parse_record(text)
    lexing.clear_cache()
    assert fast == _general_parse(text)


def test_a_row_with_braced_comments_takes_the_fast_path() -> None:
    """Each comment goes to the entry before it, an entry's text holds a comment inside
    it, and the grammar is not loaded (a fresh process reads the line)."""
    import subprocess
    import sys

    text = "1. Pu {between words} L5 Ye {a fine move}  Ye F1 Or  # {not braced}"
    (match,) = parse_record(text).matches
    (e1, e2) = match.rounds[0].entries
    col = {part: text.index(part) + 1 for part in ("Pu", "{between", "{a fine", "Ye F1", "#")}
    assert (e1.text, e1.column, e2.text, e2.column) == ("Pu {between words} L5 Ye", col["Pu"], "Ye F1 Or", col["Ye F1"])
    assert [(c.text, c.column, c.braced) for c in e1.comments] == [
        ("between words", col["{between"], True), ("a fine move", col["{a fine"], True)
    ]
    assert [(c.text, c.column, c.braced) for c in e2.comments] == [(" {not braced}", col["#"], False)]
    assert parse_record(text) == _general_parse(text)
    script = "import sys; from kamisado_notation.notation import parse_record; parse_record(sys.argv[1]); print('lark' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", script, text], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def test_the_fast_paths_take_the_common_lines() -> None:
    common = [
        "1. Green Forward 6 Orange   Orange Forward 5 Blue", "3. 綠↗1綠   綠↑3黃", "3. Bl F2 Pi   Pi L2 Or",
        "2. a8-a5   g1-h2*", "1. ...  Ye L1 Ye  # opening", "Gr 0 Ye", "5. lila balra 5 sárga  Green 0 Yellow",
    ]
    for text in common:
        assert fast_row(text, 1) is not None, text
    for text in ['[Event "Club \\"night\\""]', "Round 2 fill left", "Round 1", "Lineup Gold: Orange Purple Green Red Brown Yellow Pink Blue"]:
        assert fast_paths.OTHER_RE.match(text) and fast_paths.fast_other(fast_paths.OTHER_RE.match(text), 1) is not None, text
    # and what they leave to the general path, which says what is wrong
    for text in ["Pu L0 Ye", "Pu 5 Ye", "PuL5 Ye", "Pu L5-d4 Ye", "Pu L5 Ye d8-d4 Gr 0 Ye", "sa\u0301rga 0 Ye"]:
        assert fast_row(text, 1) is None, text


def test_a_header_name_with_digits_when_the_token_cache_is_cold() -> None:
    # the first '[' ever read once skipped the header-name rule ('Note-2' read as 'Note', '-')
    lexing.clear_cache()
    rec = _general_parse('[Note-2 "x"]\n')
    assert rec.errors == [] and rec.matches[0].headers[0].name == "Note-2"


def _general_parse(text: str, **kwargs: str) -> RecordFile:
    """``parse_record`` with every line read by the grammar (no fast path)."""
    with general_paths():
        return parse_record(text, **kwargs)
