"""One reader, many consumers (kamisado_notation.notation.kmr.line_reader).

The reader decides how each line is read (rows of entries it read before, then the
whole-line regexes, then the grammar) and where each match starts; the record builder,
the fast verdict (tests/checking/test_verdict.py) and the header scan consume its events. Here:
the record builder's records are the grammar's whatever the tier that read a line (the
rows read a second time come from the memo of entries); the header scan tells matches
apart as the record builder does; and a consumer written by a user sees every entry.
"""

from __future__ import annotations

import random

from hypothesis import example, given, settings
from hypothesis import strategies as st

from kamisado_notation.engine.position import WrittenMove
from kamisado_notation.notation import iter_headers, iter_matches, parse_record
from kamisado_notation.notation.kmr.fast_paths import EntryRead, EntrySlots, general_paths, move_slots
from kamisado_notation.notation.kmr.line_reader import Reader, RecordEvents
from kamisado_notation.notation.record import Entry, Header, RecordFile
from kamisado_notation.notation.writer import LANGUAGES, Form, format_record
from kamisado_notation.play.generate import generate_match

BLANKS = [" ", "  ", "   ", "\t", " \t"]
ENDS = ["", "", " ", "  ", "\t", "   # c", "#c", "  {c}"]
TURNS = ["", "01. ", "1.", "7. ", "1.  "]


def random_record(rng: random.Random, matches: int) -> str:
    """Random legal matches, each in a random form and language."""
    parts = []
    for i in range(matches):
        coords = rng.random() < 0.25
        m = generate_match(random.Random(rng.random()), target=rng.choice((1, 2, 3)), index=i + 1, coords=coords)
        form = Form.COORDS if coords else rng.choice((Form.TEXT, Form.SYMBOLS, Form.SHORT))
        parts.append(format_record(RecordFile("t", matches=[m]), form=form, lang=rng.choice(LANGUAGES)))
    return "\n".join(parts)


def respaced(text: str, rnd: random.Random) -> str:
    """``text`` with some rows' blanks redrawn (inside entries, between them, after
    them) and some turn numbers rewritten."""
    lines = text.split("\n")
    for k, line in enumerate(lines):
        if not line[:1].isdigit() or rnd.random() < 0.4:
            continue
        words = line.split()
        if rnd.random() < 0.3:
            words = words[1:]
            lead = rnd.choice(TURNS)
        else:
            lead = ""
        lines[k] = lead + "".join(w + rnd.choice(BLANKS) for w in words[:-1]) + words[-1] + rnd.choice(ENDS)
    return "\n".join(lines)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.randoms(use_true_random=False))
def test_every_tier_reads_a_row_as_the_grammar_reads_it(seed: int, rnd: random.Random) -> None:
    text = respaced(random_record(random.Random(seed), 2), rnd)
    first = parse_record(text)  # (its rows' entries are now known to the first tier)
    again = parse_record(text)
    with general_paths(validating=False):
        grammar = parse_record(text)
    assert first == grammar
    assert again == grammar


_SHORT = {c: c[:2] for c in ("Brown", "Green", "Red", "Yellow", "Pink", "Purple", "Blue", "Orange")}


def _relined(words: list[str], way: int, rnd: random.Random) -> list[str]:
    """A lineup line's words (``Lineup``, ``Black:``, eight colours) written another way."""
    words = list(words)
    if way == 1:
        words = [_SHORT.get(w, w) for w in words]
    elif way == 2:
        words = [w.lower() for w in words]
    elif way == 3:
        words[rnd.randrange(1, 10)] = rnd.choice(["", "\t"]) + words[rnd.randrange(1, 10)]
    elif way == 4:
        words.append(rnd.choice(["# a note", "#x", "{c}"]))
    elif way == 5:
        words[rnd.randrange(2, 10)] += "+"
    elif way == 6:
        del words[rnd.randrange(2, 10)]
    elif way == 7:
        words[rnd.randrange(2, 10)] = rnd.choice(["Grey", "Xx", "5", "Brownish"])
    elif way == 8:
        words[1] = words[1].replace(":", " :")
    return words  # (0, 9: as written)


def relined(text: str, rnd: random.Random) -> str:
    """``text`` with its ``Lineup`` lines written in other ways: as they were (one space
    between words), short colour words, lower case, more blanks or a tab, a comment, a
    ring mark, a colour word missing or not a colour, a space before the colon."""
    lines = text.split("\n")
    for k, line in enumerate(lines):
        if line.startswith("Lineup"):
            lines[k] = " ".join(_relined(line.split(" "), rnd.randrange(10), rnd))
    return "\n".join(lines)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.randoms(use_true_random=False))
def test_every_tier_reads_a_lineup_line_as_the_grammar_reads_it(seed: int, rnd: random.Random) -> None:
    """A lineup line read the first time (the plain ones without the regex), again (from
    the memo of lines) and by the grammar: the same lineup, or the same diagnostics."""
    text = relined(random_record(random.Random(seed), 2), rnd)
    first = parse_record(text)
    again = parse_record(text)
    with general_paths(validating=False):
        grammar = parse_record(text)
    assert first == grammar
    assert again == grammar


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 4), st.randoms(use_true_random=False))
def test_the_header_scan_tells_matches_apart_as_the_record_builder_does(seed: int, matches: int, rnd: random.Random) -> None:
    lines = random_record(random.Random(seed), matches).split("\n")
    for _ in range(rnd.randrange(4)):  # headers, comments and blank lines anywhere
        lines.insert(rnd.randrange(len(lines) + 1), rnd.choice(['[Event "x"]', "# note", "", '[Site "y"] # z', "Round 2"]))
    records = list(iter_matches(lines))
    scanned = list(iter_headers(lines))
    def named(headers: list[Header]) -> list[tuple[str, str, int, int]]:
        return [(h.name, h.value, h.line, h.column) for h in headers]  # (comments are not kept)

    assert [named(h) for h in scanned] == [named(m.headers) for m in records]


class PlyCounter(RecordEvents[int]):
    """A consumer as a user writes one: the number of entries of each match."""

    def __init__(self) -> None:
        self.count: int | None = None

    def begin_match(self, line: int) -> int | None:
        done, self.count = self.count, 0
        return done

    def rows(self, number: int, turn: int | None, reads: list[EntryRead | None], lines: list[str]) -> None:
        assert self.count is not None
        self.count += sum(read is not None for read in reads)

    def entries(self, entries: list[Entry]) -> None:
        assert self.count is not None
        self.count += sum(not e.placeholder for e in entries)

    def end(self) -> int | None:
        done, self.count = self.count, None
        return done


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 3))
def test_a_consumer_of_ones_own_sees_every_entry(seed: int, matches: int) -> None:
    text = random_record(random.Random(seed), matches)
    counted = list(Reader(PlyCounter()).read(text.split("\n")))
    record = parse_record(text)
    assert counted == [sum(not e.placeholder for r in m.rounds for e in r.entries) for m in record.matches]
    assert sum(counted) > 0


class MovePlayer(RecordEvents[list[EntrySlots]]):
    """A consumer that plays the rows (the fast verdict's way): each entry's fields, as
    its written move gives them back."""

    plays = True

    def __init__(self) -> None:
        self.fields: list[EntrySlots] | None = None

    def begin_match(self, line: int) -> list[EntrySlots] | None:
        done, self.fields = self.fields, []
        return done

    def moves(self, number: int, turn: int | None, moves: list[WrittenMove | None], lines: list[str]) -> None:
        assert self.fields is not None
        self.fields += [move_slots(w) for w in moves if w is not None]

    def entries(self, entries: list[Entry]) -> None:
        assert self.fields is not None
        self.fields += [
            (e.tower, e.direction, e.distance, e.square_colour, e.origin, e.target, e.push_mark, e.placeholder)
            for e in entries
            if not e.placeholder
        ]

    def end(self) -> list[EntrySlots] | None:
        done, self.fields = self.fields, None
        return done


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 3))
@example(5, 3)  # (pushes written with their mark, d1-d3*)
def test_a_consumer_that_plays_the_rows_gets_every_entry_back(seed: int, matches: int) -> None:
    """Rows given as the moves the engine plays keep all of each entry (a push mark
    included): its fields come back as the record builder reads them, whichever tier
    read the row (the text is read twice: the second time, the first tier has it)."""
    text = random_record(random.Random(seed), matches)
    lines = text.split("\n")
    record = parse_record(text)
    expected = [
        [(e.tower, e.direction, e.distance, e.square_colour, e.origin, e.target, e.push_mark, e.placeholder) for r in m.rounds for e in r.entries if not e.placeholder]
        for m in record.matches
    ]
    assert list(Reader(MovePlayer()).read(lines)) == expected
    assert list(Reader(MovePlayer()).read(lines)) == expected
    assert any(f[6] for match in expected for f in match) == ("*" in text)


def test_a_header_after_the_rounds_starts_the_next_match_for_every_consumer() -> None:
    lines = ['[Black "A"]', "Round 1", "1. Pu L1 Pu", '[Black "B"]', '[Gold "C"]', "Round 1", "# end"]
    assert [m.line for m in iter_matches(lines)] == [1, 4]
    assert [[h.name for h in headers] for headers in iter_headers(lines)] == [["Black"], ["Black", "Gold"]]
    assert list(Reader(PlyCounter()).read(lines)) == [1, 0]


def test_runs_of_rows_break_where_the_turns_do() -> None:
    """The first tier gives rows in runs; a run ends where a row's turn number does not
    follow, where a row has one entry, at a '...' and at any other line: the record is
    the grammar's in every case (its turn-number warnings included). A consumer is given
    a '...' as written, a placeholder wherever it stands; the record builder reads one in
    Black's column after a round's first row as a forfeit (by its place in the round), so
    the consumer counts every entry of the record but those."""
    rows = ["1. Pu L1 Pu  Ye R1 Ye", "2. Pu L1 Pu  Ye R1 Ye", "3. Pu L1 Pu"]
    shapes = [
        rows,
        [rows[0], rows[0], rows[1]],  # a turn repeated
        [rows[0], rows[2], rows[1]],  # one entry mid-round
        [rows[0], "2. ...  Ye R1 Ye", rows[1]],  # '...' mid-round
        [rows[0], "", rows[1], "# note", rows[2]],  # a blank line and a comment inside
        [rows[1], rows[0], rows[2]],  # turn numbers out of order
    ]
    for shape in shapes:
        text = "\n".join(["Round 1", *shape, *shape])  # (the second time, the first tier reads them)
        parse_record(text)
        with general_paths(validating=False):
            grammar = parse_record(text)
        assert parse_record(text) == grammar, shape
        entries = [e for r in grammar.matches[0].rounds for e in r.entries]
        dots = [e.line for e in entries if e.text == "..."]
        assert all(not e.placeholder and e.distance == 0 for e in entries if e.text == "..."), shape  # forfeits
        assert dots == ([3, 6] if "2. ...  Ye R1 Ye" in shape else []), shape
        assert list(Reader(PlyCounter()).read(text.split("\n"))) == [len(entries) - len(dots)], shape
