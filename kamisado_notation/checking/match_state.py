"""What the replay of a match holds as it goes (:class:`MatchState`): the match as
written and as replayed (a copy with one round more once a round is split where its
``Round`` line was left out), the rounds replayed, and the diagnostics and edits found,
which the replay revises as later rounds explain the reader's (a turn number, an
unknown word, an entry set aside). The parts that play on it are handed it:
:class:`~.round_starts.RoundStarts` (where each round starts) and the match's loop
(:func:`~.replay.replay_match`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..diagnostics import ERROR, WARNING, Diagnostic, Edit, InsertLine, Kind, Severity, compose, correction, has_error
from ..notation.record import Entry, MatchRecord, RoundRecord, ScoreLine
from .replayed import RoundReplay
from .round_state import MissingRound, Rows, rows_of
from .slips.spelling import completed_word
from .slips.turn_numbers import carried, renumbered
from .styled_entries import SETTLED, settled

__all__ = ["MatchState"]


class MatchState:
    """One match's replay as it stands: :attr:`match` (the record replayed), its rounds
    replayed, the diagnostics and edits found (the reader's first, unless ``probing``:
    a trial replay, whose diagnostics are all it needs)."""

    __slots__ = ("diags", "fixes", "match", "original", "probing", "rounds", "rows", "settled_at", "written")

    def __init__(self, match: MatchRecord, *, probing: bool = False) -> None:
        self.match = match
        self.original = match  # (:attr:`match` is a copy once a round is split: :meth:`split_round`)
        #: where each round of :attr:`match` is written in :attr:`original`: the round's
        #: index there, and the index there of its first entry (not 0 for the later part
        #: of a round split in two)
        self.written = [(k, 0) for k in range(len(match.rounds))]
        self.rows: Rows = rows_of(match)  # what its rows of two hold (a split round's copy holds the same)
        self.probing = probing  # a trial replay (:meth:`~.round_starts.RoundStarts.unseen_ring`): its diagnostics only
        self.rounds: list[RoundReplay] = []
        self.diags: list[Diagnostic] = [] if probing else list(match.errors)
        self.fixes: list[Edit] = [] if probing else [e for d in match.errors for e in d.edits]  # (the reader's)
        #: where the entries the replay settled stand (line, column): the reader's errors
        #: of entries it left unsettled (a round stopped before them) are taken out
        self.settled_at: set[tuple[int, int]] = set()

    def diag(self, rule: str, message: str, at: tuple[int, int], severity: Severity = ERROR, rnd: int | None = None) -> None:
        self.diags.append(Diagnostic(rule, message, at[0], at[1], severity, rnd, None, self.match.index))

    def report(self, diagnostic: Diagnostic) -> None:
        """``diagnostic`` found; its edits, its certain correction, kept for ``fix``."""
        self.diags.append(diagnostic)
        self.fixes.extend(diagnostic.edits)

    def known(self) -> list[Diagnostic]:
        """The diagnostics found so far, the reader's among them (a trial replay keeps only
        its own, but reads the record as the replay does: which lines are prose)."""
        return [*self.match.errors, *self.diags] if self.probing else self.diags

    def erred(self) -> bool:
        """Whether an error was reported (a trial replay needs no more: its rounds are in
        line order, so the first error found is the first)."""
        return has_error(self.diags)

    def split_round(self, i: int, left: MissingRound, place: int) -> RoundRecord:
        """Round ``i`` split where a ``Round`` line was left out (``left``), its later part
        the ``place``-th round of its match: the warning, with the line's insertion for
        ``fix``; :attr:`match` becomes a copy of the match with the two rounds (the record
        read is not changed), without the reader's diagnostics the split explains. Round
        ``i`` as it now is."""
        match = self.match
        rec = match.rounds[i]
        head, tail = _split_at(rec, left, place)
        explained = left.explained
        errors = [d for d in match.errors if (d.line, d.column) not in explained]
        self.match = replace(match, rounds=[*match.rounds[:i], head, tail, *match.rounds[i + 1 :]], errors=errors)
        k, first = self.written[i]
        self.written.insert(i + 1, (k, first + left.index - _dots_put_in(left)))
        self.diags = [d for d in self.diags if not _split_explains(d, explained)]
        self.report(_missing_round(rec, left, place, self.match.index))
        return head

    # -- the reader's diagnostics the replay explains

    def unsettled(self) -> None:
        """The reader's errors of entries whose move only the replay settles (read by
        their evidence, slots left out) where the replay never came to them (a round
        stopped before, or not checked): taken out. The stop is the match's error; an
        entry nobody replayed is not one more."""
        self.diags = [d for d in self.diags if not (d.kind in SETTLED and d.severity is ERROR and (d.line, d.column) not in self.settled_at)]

    def drop_reader_errors(self, entries: Sequence[Entry], kinds: frozenset[Kind]) -> None:
        """The reader's diagnostics of ``kinds`` at ``entries``, which the replay set aside
        (no move: nothing of theirs to settle), taken out."""
        places = {(e.line, e.column) for e in entries}
        self.diags = [d for d in self.diags if not (d.kind in kinds and (d.line, d.column) in places)]

    def read_past(
        self, completed: list[tuple[Entry, tuple[str, ...], Edit | None]], fixes: list[Edit], ties: dict[tuple[int, int], str]
    ) -> None:
        """The reader's error of each unknown word read past (its :attr:`Diagnostic.kind`
        says so), with the entries its other slots allow: the correction when certain (its
        edit too), else the candidates. An entry in another style with slots left out
        (:mod:`.styled_entries`) is a warning when its move is certain (its edit, in
        ``fixes``, says why), else an error. ``ties``: what replaying the round under each
        move such an entry may stand for found, by the entry's place (a clause)."""
        styled = {(d.line, d.column): i for i, d in enumerate(self.diags) if d.kind in SETTLED}  # (at their entries)
        where = {id(e): k for k, e in enumerate(fixes)} if styled else {}
        for entry, suggestions, certain in completed:
            self.settled_at.add((entry.line, entry.column))
            tie = ties.get((entry.line, entry.column))
            i = styled.get((entry.line, entry.column))
            if i is None:
                self.word_read_past(entry, suggestions, certain, tie)
                continue
            self.diags[i], edit = settled(self.diags[i], suggestions, certain, tie)
            _replace_fix(fixes, where, certain, edit)

    def word_read_past(self, entry: Entry, suggestions: tuple[str, ...], certain: Edit | None, tie: str | None) -> None:
        """The reader's error of the unknown word in ``entry``, read past: the entries its
        other slots allow (``suggestions``), its correction when certain."""
        for i, d in enumerate(self.diags):
            if d.kind is Kind.UNKNOWN_WORD and entry.covers(d.line, d.column):
                self.diags[i] = completed_word(d, suggestions, certain, tie)
                break

    def renumber(
        self, entries: list[Entry], places: list[int | None] | None, inserted: list[int], removed: list[Entry], said: list[Diagnostic]
    ) -> None:
        """The turn numbers of a round once its certain corrections are made
        (:func:`.slips.turn_numbers.renumbered`): the reader's warnings they explain are
        dropped, so that one slip is one diagnostic, not one more a row; a number they
        leave wrong is renumbered (an edit for ``fix``, carried by the diagnostic of the
        round, in ``said``, whose correction moved it: :func:`.slips.turn_numbers.carried`)."""
        explained, edits = renumbered(entries, places, inserted, removed)
        self.fixes.extend(carried(said, edits))
        self.diags = [d for d in self.diags if not (d.kind is Kind.TURN_NUMBER and (d.line, d.column) in explained)]


def _missing_round(rec: RoundRecord, left: MissingRound, place: int, match_index: int) -> Diagnostic:
    """The warning that round ``rec`` runs on past its end into round ``place``, whose
    ``Round`` line was left out (``left``), with the line's insertion."""
    new = f"Round {place} fill {left.fill.value}"
    why = f"round {rec.number} is over ({left.ended}), and the entries after it replay as round {place} filled from the {left.fill.value}"
    return Diagnostic(
        "syntax", compose(f"a '{new}' line seems to be missing before this line: {why}", correction(new)), left.line,
        left.column, WARNING, place, None, match_index, (new,), Kind.MISSING_ROUND, (InsertLine(left.line, "round", new, why),),
    )  # fmt: skip


def _split_at(rec: RoundRecord, left: MissingRound, place: int) -> tuple[RoundRecord, RoundRecord]:
    """Round ``rec`` as two, where its ``Round`` line was left out (``left``): its entries
    and lineups before it, and the ``place``-th round of the match after it (its ``...``
    put in where the round needs one). The score written after the round goes with the
    part it is written after (``4-4`` below round 8's moves, its ``Round`` line left out,
    is the score after round 8)."""
    rest = [*([left.placeholder] if left.placeholder is not None else []), *rec.entries[left.index + left.dots :]]
    first, second = _scores_parted(rec, left)
    head = replace(rec, lineups=[lu for lu in rec.lineups if lu not in left.lineups], entries=rec.entries[: left.index], score=first)
    return head, RoundRecord(place, left.fill, left.line, 1, left.lineups, rest, score=second)


def _scores_parted(rec: RoundRecord, left: MissingRound) -> tuple[ScoreLine | None, ScoreLine | None]:
    """The score written after round ``rec`` as the two rounds it is split into at
    ``left`` (:func:`_split_at`) hold it: the second's where it stands after the split."""
    if rec.score is not None and rec.score.line > left.line:
        return None, rec.score
    return rec.score, None


def _replace_fix(fixes: list[Edit], where: dict[int, int], certain: Edit | None, edit: Edit | None) -> None:
    """The edit ``certain`` among ``fixes`` (``where``: its place, by its id) replaced
    by ``edit``, the one its settled diagnostic carries (none to replace where a round
    stopped: it keeps no fixes of its entries)."""
    if certain is None or edit is None:
        return
    k = where.get(id(certain))
    if k is not None:
        fixes[k] = edit


def _dots_put_in(left: MissingRound) -> int:
    """1 where the split of a round at ``left`` put in a ``...`` that is not written (its
    later part's entries then stand a place further on than written), else 0."""
    return 1 if left.placeholder is not None and not left.dots else 0


def _split_explains(d: Diagnostic, explained: frozenset[tuple[int, int]]) -> bool:
    """Whether the reader's ``d`` is a syntax warning at one of the places (line, column)
    that a round split where its ``Round`` line was left out ``explained``."""
    return d.rule == "syntax" and d.kind in (Kind.NONE, Kind.TURN_NUMBER) and (d.line, d.column) in explained
