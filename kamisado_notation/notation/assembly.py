"""Building matches from a record's lines, in order (docs/notation.md §7).

The assembler takes each line's items as they come (from the fast paths or the general
path) and decides where they belong: a header line after moves starts the next match,
comments go to the element before them, a wrong turn number is a warning. It checks no
rules, so a record full of illegal moves still assembles; a syntax error becomes a
``Diagnostic(rule="syntax")`` and only its line is left out.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..diagnostics import ERROR, WARNING, DeleteEntry, Diagnostic, Severity
from ..errors import FillerWord, NotationError
from .headers import AS_HYPHEN, HEADER_RULE, KNOWN_LOWER, header_name_warning, trailing_result, unquoted_header
from .record import Comment, Entry, Header, Item, Lineup, MatchRecord, RoundRecord, Spanned

#: What comments can follow: any element of a record.
Element = Header | RoundRecord | Lineup | Entry

# ---------------------------------------------------------------------- the assembler


class Assembler:
    """Builds matches from the parsed lines in order (docs/notation.md §7): a header line after
    moves starts the next match; comments go to the element before them."""

    def __init__(self, path: str, *, first_index: int = 1) -> None:
        self.path = path
        self.index = first_index - 1  # the next match's index, less one
        self.match: MatchRecord | None = None
        self.started = False  # the current match has rounds (a header starts the next)
        self.round: RoundRecord | None = None
        self.last: Element | None = None  # element the next comments belong to
        self.pending: list[Comment] = []  # before the next match's first element
        self.held: list[Comment] = []  # on lines of their own, after self.last
        self.split = 0  # held[:split] came before the last blank line
        self.file_errors: list[Diagnostic] = []
        self.broken = False

    # ---- elements
    def _new_match(self, line: int) -> MatchRecord | None:
        done = self.match
        self.index += 1
        self.match = MatchRecord(self.index, line, comments=self.pending)
        self.pending = []
        self.round = None
        self.started = False
        self.broken = False
        self.last = None
        return done

    def _current_match(self, line: int) -> MatchRecord:
        """The match being built (one is started when there is none)."""
        if self.match is None:
            self._new_match(line)
        assert self.match is not None
        return self.match

    def _ensure_round(self, line: int, column: int) -> RoundRecord:
        if self.round is None:
            self.round = RoundRecord(1, None, line, column)
            self._current_match(line).rounds.append(self.round)
            self.started = True
        return self.round

    def _release_held(self, upto: int | None = None) -> None:
        """The comments held on lines of their own go to the last element (those from
        ``upto`` on, before a new match's header, to that match)."""
        if self.held:
            kept = self.held if upto is None else self.held[:upto]
            if self.last is not None:
                self.last.comments.extend(kept)
            else:
                self.pending.extend(kept)
            if upto is not None:
                self.pending.extend(self.held[upto:])
        self.held = []
        self.split = 0

    def add(self, item: Item) -> MatchRecord | None:
        """Add one parsed element (a row of entries as a list); returns the match this
        completes, if any."""
        # comments on lines of their own before a header that opens the next match: the
        # block after the last blank line is that match's; the rest stays behind
        self._release_held(self.split if isinstance(item, Header) and self.started else None)
        if isinstance(item, list):  # entries
            done = self._new_match(item[0][0].line) if self.match is None else None
            for entry, _start, _end in item:
                self._add_entry(entry)
            return done
        done = None
        if self.match is None or (isinstance(item, Header) and self.started):
            done = self._new_match(item.line)
        match = self._current_match(item.line)
        if isinstance(item, Header):
            match.headers.append(item)
            if item.name.lower() not in KNOWN_LOWER:
                self._check_name(item)
        elif isinstance(item, RoundRecord):
            self.round = item
            self.broken = False
            match.rounds.append(item)
            self.started = True
        else:  # Lineup
            self._ensure_round(item.line, item.column).lineups.append(item)
        self.last = item
        return done

    def _check_name(self, header: Header) -> None:
        """Warn of an unknown header name close to a known one (:mod:`.headers`)."""
        warning = header_name_warning(header.name)
        if warning is not None:
            self.error(header.line, header.column, warning, severity=WARNING, rule=HEADER_RULE)

    def result_claim(self, value: str, line: int, column: int) -> None:
        """A result written after the moves (``3-2``, as PGN does): the match's
        ``Result`` claim when it has none (a warning), else checked against it."""
        assert self.match is not None  # (after rounds)
        header = self.match.header("Result")
        if header is None:
            self.match.headers.append(Header("Result", value, line, column))
            message = f"a result after the moves (as PGN writes it) is read as the match's [Result \"{value}\"]"
            self.error(line, column, message, severity=WARNING, rule=HEADER_RULE)
        elif re.sub(r"\s", "", header).translate(AS_HYPHEN) == value:
            self.error(line, column, f"the result after the moves repeats [Result \"{header}\"]", severity=WARNING, rule=HEADER_RULE)
        else:
            message = f"the result after the moves, {value}, is not the one of [Result \"{header}\"]"
            self.error(line, column, message, rule="result", lost=False)

    def add_entries(self, entries: list[Entry]) -> None:
        """``add([(entry, …)])`` for each entry of a row read by the fast path. (Entries
        never complete a match: they start one only when there is none.)"""
        self._release_held()
        if self.match is None:
            self._new_match(entries[0].line)
        r = self.round
        if r is None:
            r = self._ensure_round(entries[0].line, entries[0].column)
        for entry in entries:
            if entry.number is None and not entry.placeholder:  # nothing to check
                r.entries.append(entry)
                self.last = entry
            else:
                self._add_entry(entry)

    def _add_entry(self, entry: Entry) -> None:
        r = self.round
        if r is None:
            r = self._ensure_round(entry.line, entry.column)
        index = len(r.entries)
        if entry.placeholder and not self._placeholder(entry, index):
            return
        if entry.number is not None and not self.broken and (index % 2 or entry.number != index // 2 + 1):
            expected = "no turn number before Gold's entry" if index % 2 else f"turn number {index // 2 + 1}."
            self.error(
                entry.line, entry.column, f"turn number {entry.number}. is wrong here: expected {expected}",
                severity=WARNING, kind=TURN_NUMBER,
            )
        r.entries.append(entry)
        self.last = entry

    def _placeholder(self, entry: Entry, index: int) -> bool:
        """Whether the placeholder ``entry`` at ``index`` of its round is one (else it is
        reported and left out). Written otherwise than ``...`` (the general path's), it is
        a warning: ``…``, or PGN's ``N...``: ``N. ...`` at a round's start, and before
        Gold's entry of turn ``N`` a mark of that entry, no placeholder."""
        text = entry.text
        pgn = text[0].isdecimal()
        if index != 0:
            if pgn and index % 2 and entry.number == index // 2 + 1:
                self.error(entry.line, entry.column, f"'{text}' (PGN style) is read as marking Gold's entry of turn "
                           f"{entry.number}: no turn number is needed before it", severity=WARNING)
            else:
                self.error(entry.line, entry.column, "'...' stands only for Black's first entry of a round (when Gold starts)")
            return False
        if text != "...":
            self.error(entry.line, entry.column, _tolerated(text, entry.number, pgn), severity=WARNING)
        return True

    def comment(self, c: Comment) -> None:
        if self.last is None:
            self.pending.append(c)
        elif c.line == self.last.line:
            self.last.comments.append(c)
        else:  # on a line of its own: the previous element's, unless a new match starts
            self.held.append(c)

    def error(
        self,
        line: int,
        column: int,
        message: str,
        *,
        severity: Severity = ERROR,
        lost: bool = True,
        rule: str = "syntax",
        kind: str = "",
    ) -> None:
        """A syntax diagnostic (or one of ``rule``; ``kind``: :attr:`Diagnostic.kind`);
        ``lost``: an error that left entries out."""
        if severity is ERROR and lost:
            self.broken = True  # entries were lost: the round's turn numbers prove nothing now
        if self.match is None:
            self.file_errors.append(Diagnostic(rule, message, line, column, severity, kind=kind))
        else:
            self.match.errors.append(
                Diagnostic(
                    rule, message, line, column, severity,
                    round=self.round.number if self.round is not None else None, match=self.match.index, kind=kind,
                )
            )

    def read_past(self, unknown: list[NotationError], number: int) -> None:
        """The errors of the unknown words read past in row ``number``, whose entries
        were added: the row keeps its entries and turns."""
        for error in unknown:
            if isinstance(error, FillerWord):
                self.filler(error)
            else:
                self.error(error.line, error.column, str(error), lost=False, kind=UNKNOWN_WORD)
        assert self.match is not None  # (the row's entries are in it)
        self.match.turnless.add(number)

    def filler(self, error: FillerWord) -> None:
        """A word between two entries read as nothing: a warning, and ``fix`` takes it out."""
        assert self.match is not None  # (the row's entries are in it)
        word = error.word
        edit = DeleteEntry(error.line, error.column, word, "a word between two entries")
        self.match.errors.append(
            Diagnostic(
                "syntax", str(error), error.line, error.column, WARNING,
                round=self.round.number if self.round is not None else None, match=self.match.index,
                kind=FILLER, edits=(edit,),
            )
        )

    def unread_line(self, text: str, number: int) -> None:
        """A line that could not be read: when it is a ``Round`` line, the entries after
        it still start a new round (unread, so its fill is unknown), not the round
        before's; a ``Lineup`` line loses no turn (:attr:`MatchRecord.turnless`)."""
        word = first_word(text)
        if self.match is None or word not in ("round", "lineup"):
            return
        if word == "lineup":
            self.match.turnless.add(number)
            return
        self.match.turnless.add(number)
        self.add(RoundRecord(len(self.match.rounds) + 1, None, number, len(text) - len(text.lstrip()) + 1, unread=True))

    def blank(self) -> None:
        """A blank line: held comments before it stay with the previous element."""
        self.split = len(self.held)

    def finish(self) -> MatchRecord | None:
        self._release_held()
        done, self.match = self.match, None
        return done


def first_word(text: str) -> str:
    """The first word of a line, in lower case ("" for a blank line): what a line that
    could not be read was meant to be (``round`` starts a round all the same)."""
    return text.split(None, 1)[0].lower() if text.strip() else ""


#: The :attr:`Diagnostic.kind` of a wrong turn number's warning (which the replay drops
#: where an entry or row it found missing, or written twice, explains it).
TURN_NUMBER = "turn-number"
#: The :attr:`Diagnostic.kind` of a word between two entries read as nothing (``pushes``).
FILLER = "filler-word"
#: The :attr:`Diagnostic.kind` of an unknown word read past (the replay completes it with
#: the legal move the entry's other slots name).
UNKNOWN_WORD = "unknown-word"


def _tolerated(text: str, number: int | None, pgn: bool) -> str:
    """The warning for a round's placeholder written otherwise than ``...``: what was
    written and what it was read as (docs/notation.md §7 writes ``1. ...``)."""
    if pgn:
        return f"'{text}' (PGN style) is read as '{number}. ...': Black's first entry left out, Gold starts"
    return f"'{text}' (one ellipsis character) is read as '...': write three full stops"


def feed(asm: Assembler, text: str, number: int) -> Iterator[MatchRecord]:
    """Parse line ``number`` into ``asm``; a syntax error becomes a diagnostic and the
    line is left out (its comments are kept), unless it is a row whose unknown words
    can be read past (:func:`~.general_path.read_past_words`); a header without quotes
    and a result after the moves are read with a warning (:func:`_header_slip`)."""
    slip = _header_slip(asm, text, number) if asm.started or text.lstrip().startswith("[") else None
    if slip is not None:
        yield from slip
    else:
        yield from _feed(asm, text, number)


def _feed(asm: Assembler, text: str, number: int) -> Iterator[MatchRecord]:
    """:func:`feed` of a line that is no header slip."""
    read = _read_line(asm, text, number)
    if read is None:
        return
    items, comments, unknown = read
    if not items and not comments:
        asm.blank()
        return
    ci = 0
    for item in items:
        elements: list[Spanned] | list[Header | RoundRecord | Lineup] = item if isinstance(item, list) else [item]
        for element in elements:
            first: Element
            if isinstance(element, tuple):
                first = element[0]
                added: Item = [element]
            else:
                first = added = element
            while ci < len(comments) and comments[ci].column < first.column:
                asm.comment(comments[ci])
                ci += 1
            done = asm.add(added)
            if done is not None:
                yield done
    for c in comments[ci:]:
        asm.comment(c)
    if unknown:
        asm.read_past(unknown, number)


def _header_slip(asm: Assembler, text: str, number: int) -> Iterator[MatchRecord] | None:
    """A header written without quotes, or a result written after the moves, read with
    a warning (:mod:`.headers`): what the line completes; ``None`` for any other line."""
    unquoted = unquoted_header(text)
    if unquoted is not None:
        name, value, column = unquoted
        done = asm.add(Header(name, value, number, column))
        message = f"[{name} {value}] has no quotes around its value: read as [{name} \"{value}\"]"
        asm.error(number, column, message, severity=WARNING, rule=HEADER_RULE)
        return iter([done] if done is not None else [])
    result = trailing_result(text) if asm.started else None
    if result is None or first_word(result[0]) in ("round", "lineup") or result[0].lstrip().startswith("["):
        return None
    before, value, column = result
    done_before = list(feed(asm, before, number)) if before.strip() else []
    asm.result_claim(value, number, column)
    return iter(done_before)


def _read_line(asm: Assembler, text: str, number: int) -> tuple[list[Item], list[Comment], list[NotationError]] | None:
    """The items and comments of line ``number``, with the errors of the unknown words
    read past in it; ``None`` when it cannot be read (its error given to ``asm``)."""
    from .general_path import read_line  # the grammar (lark): only for a line the fast paths leave

    try:
        return read_line(text, number)
    except NotationError as e:
        asm.error(e.line, e.column, str(e))
        asm.unread_line(text, number)
    except RecursionError:  # pragma: no cover - nothing here recurses on input depth
        asm.error(number, 1, "too deeply nested")
    return None
