"""Hypotheses of a slip of a whole row or round, the registry of the recognisers that
propose them, and :func:`explain`, which tries them all (the package's docstring says how;
its ``__all__`` lists the names of this module it offers)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum

from ...diagnostics import ERROR, Edit, Kind, Severity
from ...engine.position import Move, Position
from ...notation.kmr.style import write_like
from ...notation.record import Entry
from ..correct import play_as_written
from .planting import Plant

#: How many entries after its own edits a hypothesis must replay to be certain when it
#: does not reach the round's end.
AGREE = 3

#: How many uncertain hypotheses a diagnostic names at most.
CANDIDATES = 3

#: What a hypothesis makes of the entries: the edits, given the moves the trial found
#: for the new tail (``None`` past the trial's first failure).
EditsOf = Callable[[Sequence[Move | None]], tuple[Edit, ...]]


@dataclass(frozen=True, slots=True)
class Hypothesis:
    """One reading of the round from the stop on. ``tail`` replaces the entries from the
    stop; ``edits`` builds the record edits once the moves are known; ``last_edited`` is
    the index in ``tail`` of the last entry the hypothesis changed (what it must explain
    past); ``removed`` are the written entries it leaves out."""

    kind: Kind
    wording: str
    tail: list[Entry]
    edits: EditsOf
    last_edited: int
    removed: tuple[Entry, ...] = ()
    #: how many entries of ``tail`` the suggestion shows (the corrected row or entry)
    shows: int = 0
    #: the index in ``tail`` of the first entry the hypothesis changed (where it is reported)
    first: int = 0


@dataclass(frozen=True, slots=True)
class Trial:
    """A hypothesis replayed: how many entries of its tail replay as written, their moves,
    and whether they all do and the round ends with the last."""

    hypothesis: Hypothesis
    count: int
    moves: list[Move | None]
    whole: bool
    #: the position after the last entry replayed
    end: Position


@dataclass(frozen=True, slots=True)
class Explanation:
    """What :func:`explain` found: the certain hypothesis (its edits made), or the
    candidates that explain something, best first."""

    certain: Hypothesis | None = None
    edits: tuple[Edit, ...] = ()
    suggestion: str = ""
    candidates: tuple[Hypothesis, ...] = field(default=())
    #: the index of the entry the certain hypothesis is reported at (its first edit); with
    #: candidates, where the best of them starts
    index: int = 0
    #: the index its ``tail`` replaces the entries from
    start: int = 0
    #: the position the certain hypothesis's replay ended in
    end: Position | None = None


class Place(Enum):
    """The places of a round where the replay looks for a slip of a row or a round (each
    recogniser says at which of them its slip may start)."""

    #: where the replay stopped at an entry that is no legal move
    STOP = "the stop"
    #: the round's first entry that was no legal move as written (taken for a one-slot slip)
    DOUBT = "the first doubtful entry"
    #: a row whose turn number is one off its place (a row left out or written twice before it)
    GAP = "a row numbered one off"
    #: the round's start (a slip of a whole round may go unnoticed for a few entries, each
    #: legal as written by chance)
    START = "the round's start"
    #: the entry before the stop or the first doubtful entry: legal as written, it may
    #: be the slip, seen only at the next entry (the colour it landed on names the tower
    #: the next entry must move)
    BEFORE = "the entry before"


#: Where a slip of one row or of a few entries may start: where the round went wrong.
WITHIN = frozenset({Place.STOP, Place.DOUBT, Place.GAP})
#: Where a slip of a whole round may start: there, and from the round's start.
ANYWHERE = WITHIN | {Place.START}


@dataclass(frozen=True, slots=True)
class Stop:
    """Where the replay of a round stopped: the position before entry ``index`` of
    ``entries`` (played in place by nobody: :func:`explain` copies it), the round's
    number, whether Gold moved first, and whether the round must end with its entries."""

    position: Position
    entries: list[Entry]
    index: int
    round: int
    gold_first: bool
    ends: bool
    #: a push whose back-entry is due at the stop
    pending: Move | None = None
    #: which place of the round it is (each recogniser is tried where it says its slip may start)
    place: Place = Place.STOP
    #: whether a position the round ends in agrees with what follows it (the next
    #: round's lineups); ``None`` when nothing follows that could tell
    agrees: Callable[[Position], bool] | None = None
    #: how many entries of the rounds after replay as written after a position the
    #: round ends in (:func:`~.lineups.rounds_played`): what tells rows that fit a gap
    #: alike apart; ``None`` when nothing follows that could tell
    further: Callable[[Position], tuple[int, int]] | None = None

    @property
    def start(self) -> bool:
        """Whether it is the round's start."""
        return self.place is Place.START


# -------------------------------------------------------------------- the registry


#: What a recogniser finds at a stop: the reading of the round from there it proposes
#: (``None``: none), or several.
Find = Callable[["Stop"], "Hypothesis | Iterable[Hypothesis | None] | None"]


@dataclass(frozen=True, slots=True)
class Recogniser:
    """One slip the replay looks for, the whole of what the rest of the package knows of
    it: its ``kind`` and ``what`` it is, in a person's words; ``find``, the readings of the round it proposes at a place;
    ``starts``, the places it may start at (:class:`Place`); the ``rule`` and ``severity``
    its diagnostic is reported with, wherever it is found; ``precedence``, the order in
    which readings that explain the record equally well are named (lower first), and
    ``why`` that order; ``plant``, how a person makes it in a correct record (its
    examples, :mod:`.planting`)."""

    kind: Kind
    what: str
    find: Find
    precedence: int
    why: str
    rule: str
    plant: Plant
    starts: frozenset[Place] = WITHIN
    severity: Severity = ERROR


_RECOGNISERS: list[Recogniser] = []


def recognises(
    kind: Kind, what: str, *, rule: str, precedence: int, why: str, plant: Plant, starts: frozenset[Place] = WITHIN,
    severity: Severity = ERROR,
) -> Callable[[Find], Find]:
    """Register the decorated function (a stop → the readings it proposes there) as the
    recogniser of ``kind`` (see :class:`Recogniser`)."""

    def register(find: Find) -> Find:
        assert all(r.kind is not kind and r.precedence != precedence for r in _RECOGNISERS), kind  # (one each, one order)
        _RECOGNISERS.append(Recogniser(kind, what, find, precedence, why, rule, plant, starts, severity))
        _RECOGNISERS.sort(key=lambda r: r.precedence)
        return find

    return register


def recognisers() -> tuple[Recogniser, ...]:
    """Every registered recogniser, in order of precedence."""
    return tuple(_RECOGNISERS)


def recogniser(kind: Kind) -> Recogniser:
    """The registered recogniser of ``kind``."""
    return next(r for r in _RECOGNISERS if r.kind is kind)


def _hypotheses(stop: Stop) -> list[Hypothesis]:
    """Every reading the recognisers propose at ``stop`` (those whose slip may start at
    its place)."""
    found: list[Hypothesis] = []
    for r in _RECOGNISERS:
        if stop.place in r.starts:
            readings = r.find(stop)
            if isinstance(readings, Hypothesis):
                found.append(readings)
            elif readings is not None:
                found.extend(h for h in readings if h is not None)
    return found


# ---------------------------------------------------------------------- the trial


def _trial(stop: Stop, hypothesis: Hypothesis) -> Trial:
    """Replay ``hypothesis``'s tail from the stop, exactly as written, to its first entry
    that is no legal move (whole: to the round's end, from which the round after
    follows; for the slips of :data:`_OWN_END`, whether or not it does)."""
    position = stop.position.copy()
    moves: list[Move | None] = list(play_as_written(position, hypothesis.tail, stop.pending))
    count = len(moves)
    last = moves[-1] if moves else stop.pending
    pending = last if last is not None and last.push else None
    return Trial(hypothesis, count, moves, _whole(stop, hypothesis, position, count, pending), position)


def _whole(stop: Stop, hypothesis: Hypothesis, position: Position, count: int, pending: Move | None) -> bool:
    """Whether ``hypothesis``'s trial, ``count`` entries played to ``position`` (a push's
    back-entry ``pending``), replayed its whole tail to the round's end, from which the
    round after follows (for the slips of :data:`_OWN_END`, whether or not it does)."""
    over = position.winner is not None or position.deadlock() is not None
    follows = stop.agrees is None or hypothesis.kind in _OWN_END or stop.agrees(position)
    return count == len(hypothesis.tail) and pending is None and over and follows


def explain(stops: Sequence[Stop]) -> Explanation:
    """The hypothesis that explains the most entries from one of ``stops`` on (where the
    round stopped, and the first entry before that which was no legal move as written:
    a slip there may have been taken for a one-slot slip), certain when it is the only
    best and agrees with the record long enough (module docstring)."""
    useful = _useful(stops)
    if not useful:
        return Explanation()
    useful.sort(key=_rank)
    (stop, best), unique = _best(useful)
    if unique and _enough(best):
        h = best.hypothesis
        return Explanation(h, h.edits(best.moves), _suggestion(stop, best), index=stop.index + h.first, start=stop.index, end=best.end)
    return Explanation(candidates=tuple(t.hypothesis for _stop, t in useful), index=stop.index + best.hypothesis.first)


def _useful(stops: Sequence[Stop]) -> list[tuple[Stop, Trial]]:
    """The trials of every hypothesis the recognisers propose at ``stops`` (one of each:
    the stops may meet) that explain something: the round to its end, or an entry past
    their own edits."""
    tried = {(stop.index + h.first, h.kind, h.wording): (stop, h) for stop in stops for h in _hypotheses(stop)}
    trials = [(stop, _trial(stop, h)) for stop, h in tried.values()]
    return [(stop, t) for stop, t in trials if t.whole or t.count > t.hypothesis.last_edited + 1]


def _best(ranked: list[tuple[Stop, Trial]]) -> tuple[tuple[Stop, Trial], bool]:
    """The best of the trials ``ranked`` (best first), and whether it is the only best
    (rows left out that replay the round to its end alike told apart by the rounds
    after, :func:`_told_apart`)."""
    if len(ranked) == 1 or _rank(ranked[1]) > _rank(ranked[0]):
        return ranked[0], True
    if ranked[0][1].whole:
        told = _told_apart([u for u in ranked if _rank(u) == _rank(ranked[0])])
        if told is not None:
            return told, True
    return ranked[0], False


def _enough(trial: Trial) -> bool:
    """Whether a trial agrees with the record long enough to be certain: to the round's
    end, or :data:`AGREE` entries past its own edits (never for a row left out, which
    many rows may bridge alike for a while, nor for two entries exchanged, which the
    same tower's moves may be either way round)."""
    h = trial.hypothesis
    return trial.whole or (trial.count > h.last_edited + AGREE and h.kind not in _WHOLE_ONLY)


#: The slips certain only where the round then replays to its end.
_WHOLE_ONLY = frozenset({Kind.MISSING_ROW, Kind.EXCHANGED_ENTRIES})
#: The slips of a whole round certain where every entry of the round then replays as
#: written to its end, whether or not the round after follows from there: a player who
#: writes so writes every round so, and the next round's first entries, as written,
#: then tell nothing.
_OWN_END = frozenset({Kind.SWAPPED_COLUMNS, Kind.MIRRORED_ARROWS})



def _told_apart(tied: list[tuple[Stop, Trial]]) -> tuple[Stop, Trial] | None:
    """Of rows left out that each replay the rest of their round to its end (``tied``),
    the one after whose end the rounds after replay furthest as written, when it is the
    only one and gets through the next round: the others would each need another slip
    there. Each is tried once, a few rounds ahead at most (:data:`~.lineups.AHEAD`):
    the time is linear."""
    further = tied[0][0].further
    if further is None or any(t.hypothesis.kind is not Kind.MISSING_ROW for _s, t in tied):
        return None
    reach = [further(t.end) for _s, t in tied]
    best = max(reach)
    return tied[reach.index(best)] if reach.count(best) == 1 and best[0] >= 1 else None


def _rank(tried: tuple[Stop, Trial]) -> tuple[bool, int, int]:
    """The better a trial, the smaller: the whole round replayed, then the fewest entries
    left unexplained (trials from different stops compare by what they leave), then the
    earliest start (it takes fewer of the entries before it for one-slot slips; a slip
    of the whole round is read from its start rather than from the stop)."""
    stop, trial = tried
    return (not trial.whole, len(trial.hypothesis.tail) - trial.count, stop.index + trial.hypothesis.first)


def candidate_words(candidates: Sequence[Hypothesis]) -> str:
    """The uncertain hypotheses in a person's words, one phrase a kind, at most
    :data:`CANDIDATES` of them: "a row seems to be missing before this line (9 rows of
    legal moves fit)"."""
    kinds: dict[str, list[Hypothesis]] = {}
    for h in candidates:
        kinds.setdefault(h.kind, []).append(h)
    words = []
    for kind, found in list(kinds.items())[:CANDIDATES]:
        if kind is Kind.MISSING_ROW and len(found) > 1:
            words.append(f"a row seems to be missing before this line ({len(found)} rows of legal moves fit)")
        else:
            words.append(found[0].wording)
    return " or ".join(words)


def _suggestion(stop: Stop, trial: Trial) -> str:
    """The certain hypothesis's first entries as they should read (the corrected row or
    entry; ``""`` for a removal)."""
    h = trial.hypothesis
    pairs = zip(h.tail[h.first : h.first + h.shows], trial.moves[h.first : h.first + h.shows], strict=False)
    return "   ".join(e.text if m is None else write_like(e, m, stop.entries) for e, m in pairs)


# ------------------------------------------------------------ shared by the families


def entry_of(move: Move, like: Entry, near: Sequence[Entry]) -> Entry:
    """The entry of ``move``, written as ``like`` is, placed where ``like`` stands."""
    text = write_like(like, move, near)
    if like.is_coords:
        return Entry(like.line, like.column, text=text, origin=move.origin, target=move.target, push_mark=bool(move.push))
    return Entry(
        like.line, like.column, text=text, tower=move.tower, direction=move.direction if move.distance else None,
        distance=move.distance, square_colour=move.square_colour,
    )



def row_off(entry: Entry, idx: int) -> bool:
    """Whether ``entry``, at ``idx`` of its round, starts a row with a turn number one
    ahead of its place or one behind (a row left out before it, or written twice)."""
    return entry.number is not None and idx % 2 == 0 and abs(entry.number - idx // 2 - 1) == 1

