"""The one reader of a record's lines: how each line is read, and the events it gives.

python-chess's ``read_game(Visitor=…)`` is the model. :class:`Reader` decides, in one
place, how every line is read and where every match starts; it tells a consumer
(:class:`RecordEvents`) what it read, in the file's order: a match begins, a header, a
``Round`` or ``Lineup`` line, a row's entries (already split into their slots), a
comment, a blank line, a syntax error. Consumers decide what to make of it:

- the record builder, :class:`~.assembly.Assembler` (the record model: every reader of
  text ends there);
- the fast verdict, :class:`~kamisado_notation.checking.verdict.Judge` (plays the rows
  straight on the position, and hands a match to the full replay at its first anomaly;
  it says so, :attr:`RecordEvents.plays`, and is given each row's entries as the engine
  plays them, :meth:`RecordEvents.moves`);
- the header scan, :class:`HeaderScan` (each match's headers, for a listing).

How a line is read, tier by tier (each tier reads a line exactly as the next would, or
leaves it to the next):

1. **known rows**: ``N. A  B`` (or ``N. A``, ``N. ...  B``), where ``A`` and ``B`` are
   entry texts the row regex read before (:data:`~.fast_paths.ENTRY_MEMO`, a memo of
   tier 2) and ``N`` is written plainly: two string splits and two dict lookups — most
   lines of a record; rows whose turn numbers follow one another come in one ``rows``
   event. A blank line, and a header, ``Round`` or ``Lineup`` line tier 2 read before
   (with no comment, of ASCII only), are taken by their text;
2. **the whole-line regexes** (:mod:`.fast_paths`): a row, a line of many entries, a
   header, ``Round`` or ``Lineup`` line; a line whose braced comments alone keep it from
   them is read with the comments blanked;
3. **the grammar** (:mod:`.general_path`: lark's LALR parser), for every other line; it
   gives every syntax error, reads an unknown word of a row past, and takes a header
   without quotes or a result after the moves with a warning. Its modules
   (:mod:`.slow_tiers` and what it reads with) are loaded by the first line it reads: a
   record the first two tiers read whole never loads them (start-up time).

Where matches start: at the first element of the file, and at a header that comes after
a match has begun its rounds (a ``Round``, ``Lineup`` or row, or a ``Round`` line that
could not be read).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from ...diagnostics import WARNING, Diagnostic, Kind
from ...engine.position import WrittenMove
from ...errors import NotationError
from ..record import Comment, Entry, Header, Item, Lineup, RoundRecord
from .containers import unwrapped
from .digits import lookalike_digit
from .fast_paths import (
    ENTRY_MEMO,
    MOVE_MEMO,
    NO_TURN,
    OTHER_RE,
    OTHER_STARTS,
    ROW_RE,
    SEG_RE,
    TURN_NUMBERS,
    TURN_TEXTS,
    EntryRead,
    blank_braced,
    fast_lineup,
    fast_match,
    fast_other,
    fast_segments,
    read_row,
    reading_fast,
)
from .headers import HEADER_RULE, resignation, trailing_result, unquoted_header
from .tokens import KINDS_LIMIT, LINE_WORDS, first_word

if TYPE_CHECKING:
    from .line_shapes import Shaped
    from .slow_tiers import Headed, Legend

__all__ = ["HeaderScan", "Reader", "RecordEvents"]

T = TypeVar("T")


class RecordEvents(Generic[T]):
    """What a :class:`Reader` tells its consumer, line by line in the file's order; each
    method does nothing here. A consumer makes ``T`` of each match: :meth:`begin_match`
    and :meth:`end` return the match they complete (or None)."""

    #: Whether the consumer keeps the elements it is given (the record builder does).
    #: One that only looks at them (False) is given a header, ``Round`` or ``Lineup``
    #: line it was given before as the same object again, its ``line`` that of the
    #: first (:meth:`begin_match` has the right one).
    keeps: bool = True
    #: Whether the consumer plays the rows (the fast verdict): then a row of the fast
    #: tiers comes as :meth:`moves`, not :meth:`rows`.
    plays: bool = False

    def begin_match(self, line: int) -> T | None:
        """A match starts with the element read next (at ``line``); the one before, if
        any, is complete: it is returned."""
        return None

    def header(self, header: Header) -> None:
        """A header line."""

    def round_line(self, rnd: RoundRecord) -> None:
        """A ``Round`` line (``rnd.unread``: one that could not be read)."""

    def lineup(self, lineup: Lineup) -> None:
        """A ``Lineup`` line."""

    def rows(self, number: int, turn: int | None, reads: list[EntryRead | None], lines: list[str]) -> None:
        """Rows the fast tiers read, on the lines from ``number`` on, whose texts are
        ``lines``: the k-th row's turn number is ``turn + k`` (None: a row written without
        one, then alone), its entries ``reads[2k]`` and ``reads[2k + 1]``, split into
        their slots (only the last row may have one entry; ``reads[0]`` None is ``...``).
        A run of rows comes at once: the fast verdict plays it as one run of moves.
        :func:`~.fast_paths.row_entries` makes a row's :class:`Entry` objects."""

    def moves(self, number: int, turn: int | None, moves: list[WrittenMove | None], lines: list[str]) -> None:
        """The rows of :meth:`rows`, given instead to a consumer that plays them
        (:attr:`plays`): each entry as the engine plays it (``moves[2k]`` None is
        ``...``), the list the consumer's to keep; :func:`~.fast_paths.move_slots` gives
        an entry's fields back."""

    def entries(self, entries: list[Entry]) -> None:
        """Entries as :class:`Entry` objects: a line of many entries, or an entry the
        grammar read (each with its own turn number, if any)."""

    def comment(self, comment: Comment) -> None:
        """A comment (``#`` or braced), after the element it follows."""

    def blank(self) -> None:
        """A blank line."""

    def grammar_line(self, number: int) -> None:
        """The element just given came from line ``number``, which the grammar read (a
        line the fast tiers leave); given after each element of such a line (none for
        a line of comments only)."""

    def error(self, diagnostic: Diagnostic, *, lost: bool = True) -> None:
        """A diagnostic of the reading (a syntax error, or a warning), its round and
        match not set (the consumer knows them); ``lost``: an error that left entries
        out."""

    def read_past(self, unknown: list[NotationError], number: int) -> None:
        """The errors of the unknown words read past in row ``number`` (whose entries
        were given, the slot of each such word ``None``), and of words between two
        entries read as nothing."""

    def unread_line(self, text: str, number: int) -> None:
        """Line ``number`` could not be read (its error was given): a ``Round`` or
        ``Lineup`` line all the same, by its first word."""

    def repeats_round(self, number: int) -> bool:
        """Whether round ``number`` is the round being read, its entries begun (a heading
        that names it again is a note on it: ``Round 1: Gold. Red gets its ring.``)."""
        return False

    def resignation(self, side: str, line: int, column: int) -> None:
        """A line that says ``side`` (``"Black"`` or ``"Gold"``) resigned (``Gold resigns``)."""

    def result_claim(self, value: str, line: int, column: int) -> None:
        """A result written after the moves (``3-2``, as PGN does)."""

    def end(self) -> T | None:
        """The lines ran out: the last match, if any."""
        return None


class Reader(Generic[T]):
    """Reads lines (without their endings) into ``events``; :meth:`read` yields each
    match its consumer completes. ``first_line`` numbers the first line. ``started``:
    whether the match being read has begun its rounds (so that a header next would
    start a new one)."""

    def __init__(self, events: RecordEvents[T], *, first_line: int = 1) -> None:
        self.events = events
        self.number = first_line - 1  # the line read last
        self.in_match = False
        self.started = False
        #: the match a Round or Lineup line in another shape completed (:meth:`_read_line`)
        self.shaped: T | None = None
        #: the file's key gives a notation word a meaning of its own: no fast tier after it
        self.overridden = False

    @cached_property
    def legend(self) -> Legend:
        """The letters a legend line of the file defined (``H = snett höger``), for the
        evidence reader (made when tier 3 reads its first line)."""
        from .slow_tiers import Legend

        return Legend()

    def read(self, lines: Iterable[str]) -> Iterator[T]:  # noqa: C901 - the hot loop: tier 1 in one body (no call per line)
        """The matches of ``lines``, as the consumer makes them, as the lines come."""
        events = self.events
        blank, round_line, lineup = events.blank, events.round_line, events.lineup
        blanks = type(events).blank is not RecordEvents.blank  # (else a blank line is nothing to tell)
        # a row's entries: as the fast tiers read them, or as the engine plays them
        rows: Callable[[int, int | None, list[Any], list[str]], None] = events.moves if events.plays else events.rows
        memo: Mapping[str, object] = MOVE_MEMO if events.plays else ENTRY_MEMO
        known = memo.get
        turns, lines_read = TURN_NUMBERS, _KNOWN_LINES.get
        fast = reading_fast()  # (off only inside fast_paths.general_paths)
        keeps = events.keeps
        number = self.number
        # a run of rows of known entries, given at once: their entries, lines, the first's
        # line and turn number, and the turn number a row must have to join it
        run: list[Any] = []  # (EntryRead or WrittenMove; None: '...')
        run_lines: list[str] = []
        run_at = run_turn = next_turn = 0
        next_text = NO_TURN  # how the run's next row writes its turn number
        texts = TURN_TEXTS
        started = self.started  # (a copy, for speed: read again after each call that may change it)
        for line in unwrapped(lines):  # (a JSON document's strings: :mod:`.containers`)
            number += 1
            # tier 1: what tier 2 read before
            turn, dot, rest = line.partition(". ")
            if turn == next_text:  # the next row of a run, as a rule: the run goes on
                first, gap, second = rest.partition("  ")
                if gap:
                    try:  # (a subscript, faster than get(); a miss is rare, then the next tier)
                        a = memo[first]
                        b = memo[second.strip(" ")]  # (an aligned column: spaces before it)
                    except KeyError:
                        pass
                    else:
                        run.append(a)
                        run.append(b)
                        run_lines.append(line)
                        next_turn += 1
                        next_text = texts[next_turn]
                        continue
            if fast:
                if dot and started:  # a row of known entries (no match starts there)
                    t = turns.get(turn)
                    if t is not None:
                        first, gap, second = rest.partition("  ")
                        a = known(first)
                        b = known(second.strip(" ")) if gap else None
                        if b is not None and (a is not None or first == "..."):  # a run starts
                            if run:
                                rows(run_at, run_turn, run, run_lines)
                            run, run_lines, run_at, run_turn, next_turn = [a, b], [line], number, t, t + 1
                            next_text = texts[next_turn]
                            continue
                        if a is not None and not gap:  # the run's last row (Gold's entry is not written yet)
                            if t == next_turn:
                                run.append(a)
                                run_lines.append(line)
                                rows(run_at, run_turn, run, run_lines)
                            else:
                                if run:
                                    rows(run_at, run_turn, run, run_lines)
                                rows(number, t, [a], [line])
                            run, next_turn, next_text = [], 0, NO_TURN
                            continue
                if run:
                    rows(run_at, run_turn, run, run_lines)
                    run, next_turn, next_text = [], 0, NO_TURN
                if not line:
                    if blanks:
                        blank()
                    continue
                seen = lines_read(line)  # a header, Round or Lineup line
                if seen is not None:
                    if type(seen) is not Header and (started or self.in_match):  # round content: no match starts
                        if not started:
                            self.started = started = True
                        if keeps:
                            seen = _again(seen, number)
                        if type(seen) is RoundRecord:
                            round_line(seen)
                        else:
                            lineup(seen)  # type: ignore[arg-type]  # (a Lineup: neither of the others)
                        continue
                    done = self.element(_again(seen, number) if keeps else seen, number)
                    started = self.started
                    if done is not None:
                        yield done
                    continue
            self.number = number
            yield from self.line(line, number, fast)
            started = self.started
            fast = fast and not self.overridden
        if run:
            rows(run_at, run_turn, run, run_lines)
        self.number = number
        done = events.end()
        if done is not None:
            yield done

    # -- one line, below tier 1

    def line(self, line: str, number: int, fast: bool) -> Iterator[T]:
        """Line ``number`` (``line``): read by tier 2, else by the grammar."""
        if not line.isascii() and (bad := _lookalike(line, number)) is not None:
            self.events.error(bad)  # (the line is left out)
            return
        if fast:
            taken, done = self._tier2(line, number)
            if taken:
                if done is not None:
                    yield done
                return
        elif not line or line.isspace():  # str.isspace() is the lexer's \s
            self.events.blank()
            return
        yield from self.feed(line, number)

    def _tier2(self, line: str, number: int) -> tuple[bool, T | None]:
        """What tier 2 takes of line ``number`` (``line``): a row, a blank line, a
        header, ``Round`` or ``Lineup`` line by its regex; else, when braced comments are
        all that keep it from tier 2, the line with its comments blanked
        (:func:`_blanked`), comments put before the first element to their right: whether it took the line, and the match the line completes."""
        m = None if line.startswith(OTHER_STARTS) else ROW_RE.match(line)
        if self._row(line, number, m):
            return True, None
        if m is None:
            taken, completed = self._other(line, number)
            if taken:
                return taken, completed
        got = _blanked(line, number) if "{" in line else None
        if got is None:
            return False, None
        done = self._interleave(*got, None)
        return True, done[-1] if done else None

    # -- elements: where a match starts

    def _begin(self, header: bool, line: int) -> T | None:
        """Before an element at ``line`` (a header, or round content): the match it
        starts, if it starts one (then the match completed is returned)."""
        if self.in_match and not (header and self.started):
            return None
        self.in_match, self.started = True, False
        return self.events.begin_match(line)

    def _content(self, line: int) -> T | None:
        """Before round content at ``line`` (a ``Round``, ``Lineup`` line or entries)."""
        done = self._begin(False, line) if not self.in_match else None
        self.started = True
        return done

    def element(self, item: Header | RoundRecord | Lineup, number: int = 0) -> T | None:
        """A header, ``Round`` or ``Lineup`` line (at line ``number``, when the item is
        one tier 1 gives again): the match it completes, if any."""
        line = number or item.line
        if type(item) is Header:
            done = self._begin(True, line)
            self.events.header(item)
            return done
        done = self._content(line)
        if type(item) is RoundRecord:
            self.events.round_line(item)
        else:
            assert isinstance(item, Lineup)
            self.events.lineup(item)
        return done

    def entries(self, entries: list[Entry]) -> None:
        """Entries as :class:`Entry` objects (they never complete a match)."""
        self._content(entries[0].line)
        self.events.entries(entries)

    # -- tier 2: the whole-line regexes

    def _row(self, line: str, number: int, m: re.Match[str] | None) -> bool:
        """A row (``m``: the row regex's match) or a long line of many entries, read by
        tier 2; False leaves the line to the rest."""
        if m is not None:
            read = read_row(m, number)
            if read is None:
                return False
            turn, a, b, comment = read
            self._content(number)
            _give_row(self.events, line, number, turn, a, b)
        elif len(line) > 40 and not line.startswith(OTHER_STARTS):  # more than two entries?
            got = fast_segments(line, number, SEG_RE.match)
            if got is None:
                return False
            entries, comment = got
            self.entries(entries)
        else:
            return False
        if comment is not None:
            self.events.comment(comment)
        return True

    def _other(self, line: str, number: int) -> tuple[bool, T | None]:
        """A blank line, a header, ``Round`` or ``Lineup`` line by its regex: whether it
        took the line, and the match the line completes."""
        if not line or line.isspace():
            self.events.blank()
            return True, None
        item: Header | RoundRecord | Lineup
        plain = fast_lineup(line, number) if line.startswith(_LINEUP_STARTS) else None
        if plain is not None:
            item, comment = plain, None
        else:
            o = OTHER_RE.match(line)
            read = fast_other(o, number) if o is not None else None
            if read is None:
                return False, None
            item, comment = read
        if comment is None and line.isascii() and len(_KNOWN_LINES) < KINDS_LIMIT:  # (see _KNOWN_LINES)
            _KNOWN_LINES[line] = _again(item, 0)
        done = self.element(item)
        if comment is not None:
            self.events.comment(comment)
        return True, done

    def _interleave(
        self, elements: Sequence[Entry | Header | RoundRecord | Lineup], comments: list[Comment], grammar: int | None
    ) -> list[T]:
        """The elements of one line, each comment given before the first element to its
        right (``grammar``: the line's number when the grammar read it): the matches
        they complete."""
        done = []
        ci = 0
        for element in elements:
            while ci < len(comments) and comments[ci].column < element.column:
                self.events.comment(comments[ci])
                ci += 1
            if isinstance(element, Entry):
                self.entries([element])
            else:
                got = self.element(element)
                if got is not None:
                    done.append(got)
            if grammar is not None:
                self.events.grammar_line(grammar)  # (after the element: its match's)
        for c in comments[ci:]:
            self.events.comment(c)
        return done

    # -- tier 3: the grammar

    def feed(self, text: str, number: int) -> Iterator[T]:
        """Line ``number`` by the grammar; a syntax error is given and the line is left
        out (its comments are kept), unless it is a row whose unknown words can be read
        past (:func:`~.general_path.read_past_words`); a header without quotes and a
        result after the moves are read with a warning (:meth:`_header_slip`)."""
        from .slow_tiers import json_object  # (tier 3's modules: loaded by its first line)

        slip = self._header_slip(text, number) if self.started or text.lstrip().startswith("[") else None
        if slip is not None:
            yield from slip
            return
        read = self._read_line(text, number, json=json_object(text))
        if isinstance(read, Iterator):  # (a round's heading, then the rest of its line)
            yield from read
            return
        if read is None:
            if self.shaped is not None:
                yield self.shaped
                self.shaped = None
            return
        yield from self._give(text, number, *read)

    def _give(self, text: str, number: int, items: list[Item], comments: list[Comment], unknown: list[NotationError]) -> Iterator[T]:
        """What the last tiers read of line ``number`` (``text``), given to the consumer:
        a blank line, a Markdown heading of a round (``## Game 2``) as its ``Round`` line,
        else its elements and comments, then the words read past in it."""
        from .slow_tiers import heading as markdown_heading

        if not items and not comments:
            self.events.blank()
            return
        heading = markdown_heading(text, number) if not items and self.started else None
        if heading is not None:
            yield from self._shaped(heading)
            return
        yield from self._interleave(_elements(items), comments, number)
        if unknown:
            self.events.read_past(unknown, number)

    def _header_slip(self, text: str, number: int) -> Iterator[T] | None:
        """A header written without quotes, a result written after the moves or a line
        that says a side resigned, read with a warning (:mod:`.headers`): what the line
        completes; ``None`` for any other line."""
        unquoted = unquoted_header(text, after_moves=self.started)
        if unquoted is not None:
            name, value, column = unquoted
            done = self.element(Header(name, value, number, column))
            self.events.grammar_line(number)
            message = f"[{name} {value}] has no quotes around its value: read as [{name} \"{value}\"]"
            self.events.error(Diagnostic(HEADER_RULE, message, number, column, WARNING, kind=Kind.UNQUOTED_HEADER))
            return iter([done] if done is not None else [])
        return self._said_after_moves(text, number) if self.started else None

    def _said_after_moves(self, text: str, number: int) -> Iterator[T] | None:
        """:meth:`_header_slip` of a line after a match's moves: one that says a side
        resigned, or a result written after them; ``None`` for any other line."""
        resigned = resignation(text)
        if resigned is not None:
            self.events.grammar_line(number)
            self.events.resignation(resigned[0], number, resigned[1])
            return iter(())
        result = trailing_result(text)
        if result is None or first_word(result[0]) in LINE_WORDS or result[0].lstrip().startswith("["):
            return None
        before, value, column = result
        done_before = list(self.feed(before, number)) if before.strip() else []
        self.events.grammar_line(number)
        self.events.result_claim(value, number, column)
        return iter(done_before)

    def _headed(self, headed: Headed, number: int) -> Iterator[T]:
        """Line ``number``, a round's heading with its first moves after it
        (:class:`~.slow_tiers.Headed`): the ``Round`` line, then the rest of the line
        (none where the heading is the whole line), what each completes."""
        return iter([*self._shaped(headed.shaped), *(self.feed(headed.rest, number) if headed.rest is not None else ())])  # (both read now, in order)

    def _read_line(self, text: str, number: int, *, json: bool) -> tuple[list[Item], list[Comment], list[NotationError]] | Iterator[T] | None:
        """The items and comments of line ``number`` by the last tiers
        (:func:`~.slow_tiers.read_slow`; a line that is a JSON object, ``json``, by
        :func:`~.slow_tiers.json_line`), with the errors of the unknown words read past
        in it; ``None`` when it cannot be read (its error given), or when it is a
        ``Round`` or ``Lineup`` line in another shape (given as an element, the match it
        completes in :attr:`shaped`); what a round's heading with its first moves after
        it completes (:meth:`_headed`)."""
        from .slow_tiers import Headed, LineRead, json_line, read_slow

        read = json_line(text, number) if json else read_slow(text, number, self.legend, in_match=self.in_match)
        self.overridden = self.legend.overrides
        if isinstance(read, LineRead):
            return read.items, read.comments, read.unknown
        if isinstance(read, Headed):
            return self._headed(read, number)
        if isinstance(read, Diagnostic):
            self.events.error(read)
            self._unread(text, number)
            return None
        self.shaped = next(self._shaped(read), None)
        return None

    def _shaped(self, shaped: Shaped) -> Iterator[T]:
        """A ``Round`` or ``Lineup`` line in another shape, given as its element with the
        warning that says so: the match it completes, if any."""
        from .slow_tiers import round_note

        assert shaped.item is not None
        item = shaped.item
        if type(item) is RoundRecord and item.fill is None and self.events.repeats_round(item.number):
            comment, said = round_note(shaped.diagnostic, item.number)  # (a note on the round read)
            self.events.grammar_line(said.line)
            self.events.comment(comment)
            self.events.error(said)
            return
        done = self.element(shaped.item)
        self.events.grammar_line(shaped.item.line)
        self.events.error(shaped.diagnostic)
        if done is not None:
            yield done

    def _unread(self, text: str, number: int) -> None:
        """A line that could not be read: a ``Round`` line starts a round all the same
        (the entries after it are not the round before's)."""
        word = first_word(text)
        if not self.in_match or word not in ("round", "lineup"):
            return
        if word == "round":
            self.started = True
        self.events.unread_line(text, number)




def _lookalike(line: str, number: int) -> Diagnostic | None:
    """The syntax error of a number written with digits other than 0–9 (:mod:`.digits`),
    if ``line`` has one."""
    bad = lookalike_digit(line, number)
    return None if bad is None else Diagnostic("syntax", str(bad), bad.line, bad.column)


def _give_row(events: RecordEvents[T], line: str, number: int, turn: int | None, a: EntryRead | None, b: EntryRead | None) -> None:
    """A row tier 2 read, given to the consumer ``events``: its moves as written where it
    plays them, else its entries."""
    if events.plays:
        first = None if a is None else a.written
        events.moves(number, turn, [first] if b is None else [first, b.written], [line])
    else:
        events.rows(number, turn, [a] if b is None else [a, b], [line])


_LINEUP_STARTS = ("Lineup ", "lineup ")
#: a header, ``Round`` or ``Lineup`` line tier 2 read (one with no comment, and of ASCII
#: only: no digit there needs the check of :mod:`.digits`) → what it read there, for
#: tier 1: a record repeats them
_KNOWN_LINES: dict[str, Header | RoundRecord | Lineup] = {}



def _elements(items: list[Item]) -> list[Entry | Header | RoundRecord | Lineup]:
    """The elements of a line's items, in order (a row's entries one by one, each
    without the place it was read at)."""
    elements = [e for item in items for e in (item if isinstance(item, list) else [item])]
    return [e[0] if isinstance(e, tuple) else e for e in elements]


def _again(seen: Header | RoundRecord | Lineup, number: int) -> Header | RoundRecord | Lineup:
    """A new element as ``seen`` (read at tier 2), at line ``number``."""
    if type(seen) is RoundRecord:
        return RoundRecord(seen.number, seen.fill, number, seen.column)
    if type(seen) is Lineup:
        return Lineup(seen.side, list(seen.colours), number, seen.column)
    assert isinstance(seen, Header)
    return Header(seen.name, seen.value, number, seen.column)


def _row_entries(line: str, number: int, m: re.Match[str] | None) -> tuple[list[Entry], Comment | None] | None:
    """A row (``m``: the row regex's match) or a long line of many entries as tier 2
    reads them, as :class:`Entry` objects; None leaves the line to the rest."""
    if m is not None:
        return fast_match(m, number)
    if len(line) > 40 and not line.startswith(OTHER_STARTS):  # more than two entries?
        return fast_segments(line, number, SEG_RE.match)
    return None


class HeaderScan(RecordEvents[list[Header]]):
    """The third consumer: each match's headers, nothing else kept (a listing of a
    file's matches: who played, when, the claimed result). The rows are read as every
    consumer reads them, so that matches are told apart as the record builder tells
    them."""

    def __init__(self) -> None:
        self.headers: list[Header] | None = None

    def begin_match(self, line: int) -> list[Header] | None:
        done, self.headers = self.headers, []
        return done

    def header(self, header: Header) -> None:
        assert self.headers is not None
        self.headers.append(header)

    def end(self) -> list[Header] | None:
        done, self.headers = self.headers, None
        return done


def _blanked(line: str, number: int) -> tuple[Sequence[Entry | Header | RoundRecord | Lineup], list[Comment]] | None:
    """The elements and comments of line ``number`` (``line``), where braced comments
    alone keep it from tier 2: read by it with each comment blanked
    (:func:`~.fast_paths.blank_braced`: the columns stay), each entry's text taken from
    the line (a comment inside an entry is part of its text, as the grammar has it);
    ``None`` where it is still no line tier 2 reads."""
    blanked = blank_braced(line, number)
    if blanked is None:
        return None
    bare, comments = blanked
    got = _bare_elements(line, bare, number)
    if got is None:
        return None
    elements, last = got
    if last is not None:
        comments.append(last)
    return elements, comments


def _bare_elements(line: str, bare: str, number: int) -> tuple[list[Entry] | list[Header | RoundRecord | Lineup], Comment | None] | None:
    """The elements of line ``number``, ``line``, as tier 2 reads it with its braced
    comments blanked (``bare``), each entry's text taken from ``line``, and the comment
    after them; ``None`` where tier 2 does not read it."""
    got = _row_entries(bare, number, None if bare.startswith(OTHER_STARTS) else ROW_RE.match(bare))
    if got is not None:
        entries, last = got
        for e in entries:
            e.text = line[e.column - 1 : e.column - 1 + len(e.text)]
        return entries, last
    o = OTHER_RE.match(bare)
    other = fast_other(o, number) if o is not None else None
    return None if other is None else ([other[0]], other[1])
