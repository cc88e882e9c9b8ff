"""Building matches from the reader's events (docs/notation.md §7): the record builder.

The assembler is the record model's consumer of :class:`~.line_reader.Reader`: it takes
each element as the reader gives it and decides where it belongs: comments go to the
element before them, a wrong turn number is a warning. It checks no rules, so a record
full of illegal moves still assembles; a syntax error becomes a
``Diagnostic(rule="syntax")`` and only its line is left out.
"""

from __future__ import annotations

from dataclasses import replace

from ...diagnostics import ERROR, WARNING, DeleteEntry, Diagnostic, Kind, RewriteMark, Severity
from ...errors import FillerWord, NotationError, StyledEntry, StyleMark, TakeBack
from ..record import Comment, Entry, Header, Lineup, MatchRecord, RoundRecord
from .fast_paths import EntryRead, row_entries
from .headers import HEADER_RULE, KNOWN_LOWER, header_name_warning
from .line_reader import RecordEvents
from .scores_after import ScoresAfterMoves
from .tokens import first_word

#: What comments can follow: any element of a record.
Element = Header | RoundRecord | Lineup | Entry

# ---------------------------------------------------------------------- the assembler


class Assembler(RecordEvents[MatchRecord]):
    """The record builder: makes a :class:`MatchRecord` of each match from the
    reader's events (:class:`~.line_reader.Reader`, which decides where matches start):
    comments go to the element before them; a wrong turn number is a warning."""

    def __init__(self, path: str, *, first_index: int = 1) -> None:
        self.path = path
        self.index = first_index - 1  # the next match's index, less one
        self.match: MatchRecord | None = None
        self.round: RoundRecord | None = None
        self.last: Element | None = None  # element the next comments belong to
        self.pending: list[Comment] = []  # before the next match's first element
        self.held: list[Comment] = []  # on lines of their own, after self.last
        self.split = 0  # held[:split] came before the last blank line
        self.file_errors: list[Diagnostic] = []
        self.broken = False
        #: each style of mark read as ours (:meth:`mark`) → its one warning's place in
        #: the match's errors, and the edits of its marks
        self.marks: dict[Kind, tuple[int, list[RewriteMark]]] = {}
        #: a result written after the moves of the round being read: a running score
        #: when another round follows (:meth:`round_line`), else the match's result
        self.scores = ScoresAfterMoves()
        #: the round begun by entries before any ``Round`` line (:meth:`_weak_start`)
        self.implicit: RoundRecord | None = None
        #: a line of its own that took back the line before it (:meth:`take_back`): the
        #: next line of entries stands in its place
        self.retracted: TakeBack | None = None

    # ---- elements
    def begin_match(self, line: int) -> MatchRecord | None:
        # comments on lines of their own before the header that opens this match: the
        # block after the last blank line is its; the rest stays behind
        self._release_held(self.split if self.match is not None else None)
        self._said(self.scores.match_ends(self.match))
        self._said_marks()
        done = self.match
        self.index += 1
        self.match = MatchRecord(self.index, line, comments=self.pending)
        self.pending = []
        self.round = self.implicit = None
        self.broken = False
        self.last = None
        self.marks = {}
        return done

    def _current(self) -> MatchRecord:
        """The match being built (the reader begins one before any element)."""
        assert self.match is not None
        return self.match

    def _ensure_round(self, line: int, column: int) -> RoundRecord:
        if self.round is None:
            self.round = self.implicit = RoundRecord(1, None, line, column)
            self._current().rounds.append(self.round)
        return self.round

    def _weak_start(self, rnd: RoundRecord) -> None:
        """Before round ``rnd``'s line: where the entries read before the match's first
        ``Round`` line, in a round of the same number, are each read with slots left
        unread (evidence in prose: ``squares written from-to (a1 = Gold's brown corner)``),
        they name no move: set aside with a warning whose edits remove them."""
        before = self.implicit
        if before is None or before is not self.round or not _weak_prose(before, rnd):
            return
        self._current().rounds.remove(before)
        self._drop_evidence_errors({(e.line, e.column) for e in before.entries})
        said = " ".join(repr(e.text) for e in before.entries)
        why = "before the first Round line, no move"
        self._struck(before.entries, f"{said} before the match's first Round line names no move: set aside", why)

    def _drop_evidence_errors(self, places: set[tuple[int, int]]) -> None:
        """The match's errors of entries read by their evidence at ``places`` (line,
        column) taken out; the marks' warnings keep their places in the list."""
        match = self._current()
        keep = [k for k, d in enumerate(match.errors) if not (d.severity is ERROR and d.kind is Kind.EVIDENCE and (d.line, d.column) in places)]
        at = {old: new for new, old in enumerate(keep)}
        match.errors[:] = [match.errors[k] for k in keep]
        self.marks = {kind: (at[k], edits) for kind, (k, edits) in self.marks.items()}

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

    def header(self, header: Header) -> None:
        self._release_held()
        self._current().headers.append(header)
        if header.name.lower() not in KNOWN_LOWER:
            self._check_name(header)
        self.last = header

    def round_line(self, rnd: RoundRecord) -> None:
        self._release_held()
        self.retracted = None
        self._weak_start(rnd)
        if self.round is not None:
            self._said(self.scores.round_follows(self._current(), self.round))
        self.round = rnd
        self.broken = False
        self._current().rounds.append(rnd)
        self.last = rnd

    def repeats_round(self, number: int) -> bool:
        return self.round is not None and self.round.number == number and bool(self.round.entries)

    def lineup(self, lineup: Lineup) -> None:
        self._release_held()
        self._ensure_round(lineup.line, lineup.column).lineups.append(lineup)
        self.last = lineup

    def _check_name(self, header: Header) -> None:
        """Warn of an unknown header name close to a known one (:mod:`.headers`)."""
        warning = header_name_warning(header.name)
        if warning is not None:
            self._error(header.line, header.column, warning, severity=WARNING, rule=HEADER_RULE, kind=Kind.HEADER_NAME)

    def result_claim(self, value: str, line: int, column: int) -> None:
        """A result written after the moves (``3-2``, as PGN does): held until it is
        known whether another round follows (:class:`~.scores_after.ScoresAfterMoves`)."""
        self._said(self.scores.claim(value, line, column))

    def resignation(self, side: str, line: int, column: int) -> None:
        """A line that says ``side`` resigned: the match's ``Termination`` (when it has
        none), with a warning; the moves and points stay as played."""
        match = self._current()
        said = f"{side} resigned"
        if match.header("Termination") is None:
            match.headers.append(Header("Termination", said, line, column))
        message = f"read as {side}'s resignation, [Termination \"{said}\"]: the moves and points stand as played"
        self._error(line, column, message, severity=WARNING, rule=HEADER_RULE, kind=Kind.RESIGNATION)

    def rows(self, number: int, turn: int | None, reads: list[EntryRead | None], lines: list[str]) -> None:
        for k, line in enumerate(lines):
            pair = reads[2 * k : 2 * k + 2]
            self.entries(row_entries(number + k, None if turn is None else turn + k, pair[0], pair[1] if len(pair) > 1 else None, line))

    def entries(self, entries: list[Entry]) -> None:
        self._release_held()
        self.scores.entries_follow()
        r = self.round
        if r is None:
            r = self._ensure_round(entries[0].line, entries[0].column)
        retracted, self.retracted = self.retracted, None
        if retracted is not None and not entries[0].placeholder:  # (a line that took back the one before it)
            self._taken_back(r, retracted, entries[0])
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
        if entry.placeholder:
            placed = self._placed(r, entry, index)
            if placed is None:
                return
            entry = placed
        if entry.number is not None and not self.broken and (index % 2 or entry.number != index // 2 + 1):
            expected = "no turn number before Gold's entry" if index % 2 else f"turn number {index // 2 + 1}."
            self._error(
                entry.line, entry.column, f"turn number {entry.number}. is wrong here: expected {expected}",
                severity=WARNING, kind=Kind.TURN_NUMBER,
            )
        r.entries.append(entry)
        self.last = entry

    def _placed(self, r: RoundRecord, entry: Entry, index: int) -> Entry | None:
        """The placeholder ``entry`` at ``index`` of round ``r`` as it stands: a ``...`` in
        Black's column after the first row a forfeit; in Gold's, after Black's entry on
        its row, nothing (``4) kék előre 7 zöld    ...``: Gold's cell filled where the
        round ended; a warning); else the placeholder, where it is one (:meth:`_placeholder`)."""
        if index and not index % 2 and entry.text in ("...", "…"):
            return self._forfeit_dots(entry)
        if index % 2 and entry.text in ("...", "…", "……") and r.entries[-1].line == entry.line:
            self._error(entry.line, entry.column, f"'{entry.text}' in Gold's column after Black's entry on its row stands for no entry: set aside", severity=WARNING)
            return None
        return entry if self._placeholder(entry, index) else None

    def _forfeit_dots(self, entry: Entry) -> Entry:
        """A ``...`` in Black's column after a round's first row: Black's turn passed over,
        read as a forced entry (a forfeit, which the replay checks is one), with a warning."""
        from .syntax_errors import quote  # (lark: the fast tiers never load it)

        forfeit = replace(entry, placeholder=False, distance=0, unread="tower square")
        message = f"{quote(entry.text)} in Black's column after the round's first row: a forced entry written as a word"
        self._error(entry.line, entry.column, message, lost=False, kind=Kind.FORCED_WORD)
        return forfeit

    def _placeholder(self, entry: Entry, index: int) -> bool:
        """Whether the placeholder ``entry`` at ``index`` of its round is one (else it is
        reported and left out). Written otherwise than ``...`` (the general path's), it is
        a warning: ``…``, or PGN's ``N...``: ``N. ...`` at a round's start, and before
        Gold's entry of turn ``N`` a mark of that entry, no placeholder."""
        text = entry.text
        pgn = text[0].isdecimal()
        if index != 0:
            if pgn and index % 2 and entry.number == index // 2 + 1:
                self._error(entry.line, entry.column, f"'{text}' (PGN style) is read as marking Gold's entry of turn "
                           f"{entry.number}: no turn number is needed before it", severity=WARNING)
            else:
                self._error(entry.line, entry.column, "'...' stands only for Black's first entry of a round (when Gold starts)")
            return False
        if text != "...":
            self._error(entry.line, entry.column, _tolerated(text, entry.number, pgn), severity=WARNING)
        return True

    def comment(self, comment: Comment) -> None:
        if self.last is None:
            self.pending.append(comment)
        elif comment.line == self.last.line:
            self.last.comments.append(comment)
        else:  # on a line of its own: the previous element's, unless a new match starts
            self.held.append(comment)

    def error(self, diagnostic: Diagnostic, *, lost: bool = True) -> None:
        """A diagnostic of the reading, put in its match with its round (or, before any
        match, among the file's); ``lost``: an error that left entries out."""
        if diagnostic.severity is ERROR and lost:
            self.broken = True  # entries were lost: the round's turn numbers prove nothing now
        if self.match is None:
            self.file_errors.append(diagnostic)
        else:
            number = self.round.number if self.round is not None else None
            self.match.errors.append(replace(diagnostic, round=number, match=self.match.index))

    def _said(self, diagnostics: list[Diagnostic]) -> None:
        """:meth:`error` of each of ``diagnostics``, none of which left entries out."""
        for d in diagnostics:
            self.error(d, lost=False)

    def _error(
        self,
        line: int,
        column: int,
        message: str,
        *,
        severity: Severity = ERROR,
        lost: bool = True,
        rule: str = "syntax",
        kind: Kind = Kind.NONE,
    ) -> None:
        """:meth:`error` of a diagnostic of ``rule`` (``kind``: :attr:`Diagnostic.kind`)."""
        self.error(Diagnostic(rule, message, line, column, severity, kind=kind), lost=lost)

    def read_past(self, unknown: list[NotationError], number: int) -> None:
        """The errors of the unknown words read past in row ``number``, whose entries
        were added: the row keeps its entries and turns."""
        if self.match is None:  # a line of marks only before any match: the file's
            self.file_errors.extend(map(unread_before_matches, unknown))
            return
        for error in unknown:
            if isinstance(error, FillerWord):
                self.filler(error)
            elif isinstance(error, TakeBack):
                self.take_back(error)
            elif isinstance(error, StyleMark):
                self.mark(error)
            else:  # (an entry of another style: the replay settles its move, :mod:`...checking.styled_entries`)
                self._error(error.line, error.column, str(error), lost=False, kind=_unread_kind(error))
        self.match.turnless.add(number)

    def take_back(self, error: TakeBack) -> None:
        """A word before a line's first entry that takes back what the line before it
        said (``fix: Red Right 3``; on a line of its own, ``scratch that, it was:``, the
        next line of entries): the round's entries of the line before are dropped, with a
        warning whose edits remove them, where the new line may stand in their place (its
        first entry the same tower's, or the round's first move, whose tower is free).
        Else the word is only text set aside."""
        r = self.round
        if r is None:
            return
        here = [e for e in r.entries if e.line == error.line]
        if not here:
            self.retracted = error
            return
        self._taken_back(r, error, here[0])

    def _taken_back(self, r: RoundRecord, error: TakeBack, new: Entry) -> None:
        """The entries of the last line of round ``r`` before ``error``'s taken back,
        where ``new``, the first entry after the word, may stand in their place."""
        from .syntax_errors import quote  # (lark: the fast tiers never load it)

        gone = _line_taken_back(r, error, new)
        if not gone:
            return
        taken = [r.entries[k] for k in gone]
        if new.line == error.line and _same_move(new, taken[0]):  # ('Revert "gold: pink fwd 2"': the move it takes back, quoted)
            gone += [k for k, e in enumerate(r.entries) if e.line == error.line]
            taken.append(new)
        r.entries[:] = [e for k, e in enumerate(r.entries) if k not in gone]
        why = f"taken back by {quote(error.word)} after it"
        self._struck(taken, _taken_back_message(taken, why), why)

    def _struck(self, gone: list[Entry], message: str, why: str) -> None:
        """The entries ``gone``, taken out of their round, set aside: a warning (kind
        ``struck-entry``) at the first, whose edits remove them, and no rewrite of them."""
        places = {(e.line, e.column) for e in gone}
        for _at, marks in self.marks.values():
            marks[:] = [m for m in marks if (m.line, m.column) not in places]
        first = gone[0]
        edits = tuple(DeleteEntry(e.line, e.column, e.text, why) for e in gone)
        self.error(Diagnostic("syntax", message, first.line, first.column, WARNING, kind=Kind.STRUCK_ENTRY, edits=edits), lost=False)

    def filler(self, error: FillerWord) -> None:
        """A word between two entries read as nothing: a warning, and ``fix`` takes it out."""
        assert self.match is not None  # (the row's entries are in it)
        word = error.word
        edit = DeleteEntry(error.line, error.column, word, "a word between two entries")
        self.match.errors.append(
            Diagnostic(
                "syntax", str(error), error.line, error.column, WARNING,
                round=self.round.number if self.round is not None else None, match=self.match.index,
                kind=Kind.FILLER_WORD, edits=(edit,),
            )
        )

    def mark(self, error: StyleMark) -> None:
        """A mark of another style read as ours: one warning a match for each style
        (:data:`_STYLES`), at its first mark, naming the marks and how many
        (:meth:`_said_marks`, when the match is complete); ``fix`` writes each as
        :attr:`StyleMark.new` says (a chess mark as a comment after its entry: the
        player's word on the move is kept)."""
        match = self._current()
        kind = Kind(error.style)
        edit = RewriteMark(error.line, error.column, error.mark, error.new, _STYLES[kind][0])
        held = self.marks.get(kind)
        if held is not None:
            held[1].append(edit)
            return
        self.marks[kind] = (len(match.errors), [edit])
        match.errors.append(
            Diagnostic(
                "syntax", "", error.line, error.column, WARNING,
                round=self.round.number if self.round is not None else None, match=match.index, kind=kind,
            )
        )

    def _said_marks(self) -> None:
        """Each style's warning (:meth:`mark`) with its words and edits, once the match
        is complete (a mark at a time would copy them all at each: quadratic)."""
        if self.match is None or not self.marks:
            return
        empty = {at for at, edits in self.marks.values() if not edits}  # (every mark of the kind set aside since)
        for kind, (at, edits) in self.marks.items():
            if at not in empty:
                self.match.errors[at] = replace(self.match.errors[at], message=_marks_message(kind, edits), edits=tuple(edits))
        if empty:
            self.match.errors[:] = [d for k, d in enumerate(self.match.errors) if k not in empty]
        self.marks = {}

    def unread_line(self, text: str, number: int) -> None:
        """A line that could not be read: when it is a ``Round`` line, the entries after
        it still start a new round (unread, so its fill is unknown), not the round
        before's; a ``Lineup`` line loses no turn (:attr:`MatchRecord.turnless`)."""
        match = self._current()
        match.turnless.add(number)
        if first_word(text) == "round":
            self.round_line(RoundRecord(len(match.rounds) + 1, None, number, len(text) - len(text.lstrip()) + 1, unread=True))

    def blank(self) -> None:
        """A blank line: held comments before it stay with the previous element."""
        self.split = len(self.held)

    def end(self) -> MatchRecord | None:
        self._release_held()
        self._said(self.scores.match_ends(self.match))
        self._said_marks()
        done, self.match = self.match, None
        return done



#: Each style of mark :meth:`Assembler.mark` reads: why ``fix`` rewrites it, and its warning.
_STYLES = {
    Kind.PUNCTUATION: (
        "punctuation after an entry",
        "punctuation after entries ({said}) is read as the entries it follows ({count}); fix takes it out",
    ),
    Kind.CHESS_MARK: (
        "a chess mark",
        "chess marks after entries ({said}) are read as the entries they follow ({count}); fix writes each as a comment",
    ),
    Kind.TURN_MARK: ("a turn number", "turn numbers written {said} are read as written with a full stop ('1.') ({count}); fix writes them so"),
    Kind.ABBREVIATION: (
        "an abbreviation",
        "abbreviations ({said}) are read as the words they shorten ({count}); fix writes the words",
    ),
    Kind.UMLAUTS: ("the word's umlauts", "words written without umlauts ({said}) are read as the words ({count}); fix writes them"),
    Kind.COMMENT_MARK: (
        "a comment",
        "comments written {said} are read as comments ({count}); fix writes them in braces or after '#'",
    ),
    Kind.EVIDENCE: (
        "an entry read by its evidence",
        "entries in words or signs the notation does not write ({said}) are read by what they say of the move ({count}); fix writes them in our form",
    ),
    Kind.SET_ASIDE: (
        "text that is no evidence of a move",
        "text that says nothing of a move ({said}) is set aside ({count}); fix takes it out, and keeps a line of it as a comment",
    ),
    Kind.SPREADSHEET: (
        "a spreadsheet's cells",
        (
            "rows pasted from a spreadsheet (cells separated by tabs, commas or semicolons: {said}) are read as our "
            "rows (separators and header rows: {count}); fix writes them as rows, a header row as a comment"
        ),
    ),
    Kind.RING_MARK: (
        "ring marks on an entry's tower",
        (
            "ring marks on entries' towers ({said}) are read as the towers' Sumo rings and checked against them ({count}); "
            "fix takes them out"
        ),
    ),
}


def unread_before_matches(error: NotationError) -> Diagnostic:
    """The diagnostic of a word read past on a line before any match (a comment in
    parentheses on a file's first line: ``(Board 2, adjourned)``), which is the file's,
    not a match's: a mark of another style is a warning with its edit."""
    if isinstance(error, StyleMark):
        kind = Kind(error.style)
        edit = RewriteMark(error.line, error.column, error.mark, error.new, _STYLES[kind][0])
        message = _STYLES[kind][1].format(said=repr(error.mark), count="here")
        return Diagnostic("syntax", message, error.line, error.column, WARNING, kind=kind, edits=(edit,))
    return Diagnostic("syntax", str(error), error.line, error.column, kind=_unread_kind(error))


def _unread_kind(error: NotationError) -> Kind:
    """The kind of a word read past: an entry's style (:class:`StyledEntry`), else an
    unknown word."""
    return Kind(error.style) if isinstance(error, StyledEntry) else Kind.UNKNOWN_WORD


def _tolerated(text: str, number: int | None, pgn: bool) -> str:
    """The warning for a round's placeholder written otherwise than ``...``: what was
    written and what it was read as (docs/notation.md §7 writes ``1. ...``)."""
    if pgn:
        return f"'{text}' (PGN style) is read as '{number}. ...': Black's first entry left out, Gold starts"
    return f"'{text}' (one ellipsis character) is read as '...': write three full stops"


def _marks_message(kind: Kind, edits: list[RewriteMark]) -> str:
    """What a style's warning says of its marks (:data:`_STYLES`): the first four, and
    how many there are."""
    from .syntax_errors import quote  # (lark: the fast tiers never load it)

    marks = list(dict.fromkeys(e.old for e in edits))
    said = " ".join(quote(m) for m in marks[:4]) + (" …" if len(marks) > 4 else "")
    count = f"{len(edits)} in this match, the first here" if len(edits) > 1 else "here"
    return _STYLES[kind][1].format(said=said, count=count)


def _weak_prose(before: RoundRecord, rnd: RoundRecord) -> bool:
    """Whether ``before``, a round read before the match's first ``Round`` line, of
    ``rnd``'s number, holds only entries with slots left unread (prose), no lineup."""
    if before.number != rnd.number or before.lineups or not before.entries:
        return False
    return all(e.unread is not None and not e.placeholder for e in before.entries)


def _line_taken_back(r: RoundRecord, error: TakeBack, new: Entry) -> list[int]:
    """The places in round ``r`` of the entries of its last line before ``error``'s,
    where ``new`` may stand in their place (the same tower, a tower left out, or the
    round's first move); else none."""
    before = [k for k, e in enumerate(r.entries) if e.line < error.line and not e.placeholder]
    if not before:
        return []
    line = r.entries[before[-1]].line
    gone = [k for k in before if r.entries[k].line == line]
    return gone if _may_stand_for(new, r.entries[gone[0]], first=gone[0] == before[0]) else []


def _may_stand_for(new: Entry, old: Entry, *, first: bool) -> bool:
    """Whether ``new`` may stand in the place of ``old``, taken back: the same tower, a
    tower left out in one, or the round's ``first`` move (its tower is free)."""
    return first or None in (old.tower, new.tower) or old.tower is new.tower


def _same_move(one: Entry, other: Entry) -> bool:
    """Whether two entries say the same move in the same slots (a takeback that quotes
    the entry it takes back)."""
    slots = ("tower", "direction", "distance", "square_colour", "origin", "target")
    return all(getattr(one, name) == getattr(other, name) for name in slots)


def _taken_back_message(taken: list[Entry], why: str) -> str:
    """The warning of the entries ``taken`` back (``why``: by which word): set aside."""
    from .syntax_errors import quote  # (lark: the fast tiers never load it)

    said = " ".join(quote(e.text) for e in taken)
    one = len(taken) == 1
    return f"{said} {'is' if one else 'are'} {why}: set aside, what follows stands in {'its' if one else 'their'} place"
