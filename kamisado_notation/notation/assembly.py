"""Building matches from a record's lines, in order (SPEC §4).

The assembler takes each line's items as they come (from the fast paths or the general
path) and decides where they belong: a header line after moves starts the next match,
comments go to the element before them, a wrong turn number is a warning. It checks no
rules, so a record full of illegal moves still assembles; a syntax error becomes a
``Diagnostic(rule="syntax")`` and only its line is left out.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..diagnostics import ERROR, WARNING, Diagnostic, Severity
from ..errors import NotationError
from .general_path import parse_line
from .record import Comment, Entry, Header, MatchRecord, RoundRecord

# ---------------------------------------------------------------------- the assembler


class Assembler:
    """Builds matches from the parsed lines in order (SPEC §4): a header line after
    moves starts the next match; comments go to the element before them."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.index = 0
        self.match: MatchRecord | None = None
        self.started = False  # the current match has rounds (a header starts the next)
        self.round: RoundRecord | None = None
        self.last: object | None = None  # element the next comments belong to
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

    def _ensure_round(self, line: int, column: int) -> RoundRecord:
        if self.round is None:
            self.round = RoundRecord(1, None, line, column)
            self.match.rounds.append(self.round)  # type: ignore[union-attr]
            self.started = True
        return self.round

    def add(self, item: object) -> MatchRecord | None:
        """Add one parsed element (an entry in a one-item list); returns the match this
        completes, if any."""
        done = None
        if self.held:  # comments on lines of their own, before this element
            if isinstance(item, Header) and self.started:
                # the block just before the header opens the next match; any before a
                # blank line stays with the previous element
                self.last.comments.extend(self.held[: self.split])  # type: ignore[union-attr]
                self.pending.extend(self.held[self.split :])
            else:
                self.last.comments.extend(self.held)  # type: ignore[union-attr]
            self.held = []
            self.split = 0
        if isinstance(item, list):  # entries
            if self.match is None:
                done = self._new_match(item[0][0].line)
            for entry, _start, _end in item:
                self._add_entry(entry)
            return done
        if isinstance(item, Header):
            if self.match is None or self.started:
                done = self._new_match(item.line)
            self.match.headers.append(item)  # type: ignore[union-attr]
        else:
            if self.match is None:
                done = self._new_match(item.line)  # type: ignore[attr-defined]
            if isinstance(item, RoundRecord):
                self.round = item
                self.broken = False
                self.match.rounds.append(item)  # type: ignore[union-attr]
                self.started = True
            else:  # Lineup
                self._ensure_round(item.line, item.column).lineups.append(item)  # type: ignore[attr-defined]
        self.last = item
        return done

    def add_entries(self, entries: list[Entry]) -> None:
        """``add([(entry, …)])`` for each entry of a row read by the fast path. (Entries
        never complete a match: they start one only when there is none.)"""
        if self.held:
            self.last.comments.extend(self.held)  # type: ignore[union-attr]
            self.held = []
            self.split = 0
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
        if entry.placeholder and index != 0:
            self.error(entry.line, entry.column, "'...' stands only for Black's first entry of a round (when Gold starts)")
            return
        if entry.number is not None and not self.broken and (index % 2 or entry.number != index // 2 + 1):
            expected = "no turn number before Gold's entry" if index % 2 else f"turn number {index // 2 + 1}."
            self.error(entry.line, entry.column, f"turn number {entry.number}. is wrong here: expected {expected}", severity=WARNING)
        r.entries.append(entry)
        self.last = entry

    def comment(self, c: Comment) -> None:
        if self.last is None:
            self.pending.append(c)
        elif c.line == self.last.line:  # type: ignore[attr-defined]
            self.last.comments.append(c)  # type: ignore[attr-defined]
        else:  # on a line of its own: the previous element's, unless a new match starts
            self.held.append(c)

    def error(self, line: int, column: int, message: str, *, severity: Severity = ERROR) -> None:
        if severity is ERROR:
            self.broken = True  # entries were lost: the round's turn numbers prove nothing now
        if self.match is None:
            self.file_errors.append(Diagnostic("syntax", message, line, column, severity))
        else:
            self.match.errors.append(
                Diagnostic(
                    "syntax", message, line, column, severity,
                    round=self.round.number if self.round is not None else None, match=self.match.index,
                )
            )

    def unread_line(self, text: str, number: int) -> None:
        """A line that could not be read: when it is a ``Round`` line, the entries after
        it still start a new round (unread, so its fill is unknown), not the round
        before's; a ``Lineup`` line loses no turn (:attr:`MatchRecord.turnless`)."""
        word = text.split(None, 1)[0].lower() if text.strip() else ""
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
        if self.held:
            self.last.comments.extend(self.held)  # type: ignore[union-attr]
            self.held = []
        done, self.match = self.match, None
        return done


def feed(asm: Assembler, text: str, number: int) -> Iterator[MatchRecord]:
    """Parse line ``number`` into ``asm``; a syntax error becomes a diagnostic and the
    line is left out (its comments are kept)."""
    try:
        items, comments = parse_line(text, number)
    except NotationError as e:
        asm.error(e.line, e.column, str(e))
        asm.unread_line(text, number)
        return
    except RecursionError:  # pragma: no cover - nothing here recurses on input depth
        asm.error(number, 1, "too deeply nested")
        return
    if not items and not comments:
        asm.blank()
        return
    ci = 0
    for item in items:
        entries = item if type(item) is list else [item]
        for element in entries:
            if type(element) is tuple:
                first = element[0]
                element = [element]
            else:
                first = element
            while ci < len(comments) and comments[ci].column < first.column:
                asm.comment(comments[ci])
                ci += 1
            done = asm.add(element)
            if done is not None:
                yield done
    for c in comments[ci:]:
        asm.comment(c)
