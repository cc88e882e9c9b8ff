"""Slips of a whole row or round: what a record that stopped the replay may have meant.

The replay corrects one wrong slot of an entry (:mod:`.correct`); some slips people make
spoil more than one slot, and several entries: the two entries of a row written the other
way round, a row left out or written twice, one player's Left and Right mirrored for a
whole round (written from the other player's side), every distance one too many (the
start square counted), a ``...`` where Black starts, a push written without the pushed
player's back-entry. Each is a *hypothesis*: the round's entries from the stop on as they
would read without the slip, and the record edits that make them so
(:data:`~kamisado_notation.diagnostics.Edit`).

At a stop the replay asks :func:`explain` which hypothesis explains the most of what
follows: each is replayed forward from the stop, exactly as written, until its first
entry that is no legal move (so the cost is the round's rest, once for each of a handful
of hypotheses: linear in the record). One is *certain* when it is the only best, and
replays the rest of the round to its end (a tower on the home row, or a deadlock) or at
least :data:`AGREE` entries past its own edits; the replay then goes on with it, and
``fix`` makes its edits. Otherwise the ones that explain something are named as
candidates. A slip of a whole round is assumed only where it explains two entries or more,
and a row left out only where the round then ends as the record goes on (many rows may
bridge a gap, and they may differ only in a tower that moves again much later). Rows
that replay the rest of their round alike are told apart by the rounds after it: the
one after whose end they replay furthest as written (up to :data:`~.lineups.AHEAD`
rounds, through the next one at least) is certain when it is the only one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from ..diagnostics import DeleteEntry, DeleteRow, Edit, InsertEntry, InsertRow, Kind, ReplaceEntry, SwapEntries
from ..engine.board import Direction, Side
from ..engine.position import Move, Position
from ..notation.record import Entry
from ..notation.style import write_like
from .correct import back_move, exact_move, play_as_written

__all__ = ["AGREE", "Hypothesis", "Stop", "Verdict", "candidate_words", "explain", "row_off"]

#: How many entries after its own edits a hypothesis must replay to be certain when it
#: does not reach the round's end.
AGREE = 3

#: How many uncertain hypotheses a diagnostic names at most.
CANDIDATES = 3

#: What a hypothesis makes of the entries: the edits, given the moves the trial found
#: for the new tail (``None`` past the trial's first failure).
_Edits = Callable[[Sequence[Move | None]], tuple[Edit, ...]]


@dataclass(frozen=True, slots=True)
class Hypothesis:
    """One reading of the round from the stop on. ``tail`` replaces the entries from the
    stop; ``edits`` builds the record edits once the moves are known; ``last_edited`` is
    the index in ``tail`` of the last entry the hypothesis changed (what it must explain
    past); ``removed`` are the written entries it leaves out."""

    kind: Kind
    wording: str
    tail: list[Entry]
    edits: _Edits
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
class Verdict:
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
    #: the round's start, where only the slips of a whole round are tried (one may go
    #: unnoticed for a few entries, each legal as written by chance)
    start: bool = False
    #: whether a position the round ends in agrees with what follows it (the next
    #: round's lineups); ``None`` when nothing follows that could tell
    agrees: Callable[[Position], bool] | None = None
    #: how many entries of the rounds after replay as written after a position the
    #: round ends in (:func:`~.lineups.rounds_played`): what tells rows that fit a gap
    #: alike apart; ``None`` when nothing follows that could tell
    further: Callable[[Position], tuple[int, int]] | None = None


# ---------------------------------------------------------------------- the trial


def _trial(stop: Stop, hypothesis: Hypothesis) -> Trial:
    """Replay ``hypothesis``'s tail from the stop, exactly as written, to its first entry
    that is no legal move."""
    position = stop.position.copy()
    moves: list[Move | None] = list(play_as_written(position, hypothesis.tail, stop.pending))
    count = len(moves)
    last = moves[-1] if moves else stop.pending
    pending = last if last is not None and last.push else None
    over = position.winner is not None or position.deadlock() is not None
    whole = count == len(hypothesis.tail) and pending is None and over and (stop.agrees is None or stop.agrees(position))
    return Trial(hypothesis, count, moves, whole, position)


def explain(stops: Sequence[Stop]) -> Verdict:
    """The hypothesis that explains the most entries from one of ``stops`` on (where the
    round stopped, and the first entry before that which was no legal move as written:
    a slip there may have been taken for a one-slot slip), certain when it is the only
    best and agrees with the record long enough (module docstring)."""
    tried = {(stop.index + h.first, h.kind, h.wording): (stop, h) for stop in stops for h in _hypotheses(stop)}
    trials = [(stop, _trial(stop, h)) for stop, h in tried.values()]  # (one of each: the stops may meet)
    useful = [(stop, t) for stop, t in trials if t.whole or t.count > t.hypothesis.last_edited + 1]
    if not useful:
        return Verdict()
    useful.sort(key=_rank)
    stop, best = useful[0]
    unique = len(useful) == 1 or _rank(useful[1]) > _rank(useful[0])
    if not unique and best.whole:
        told = _told_apart([u for u in useful if _rank(u) == _rank(useful[0])])
        if told is not None:
            (stop, best), unique = told, True
    enough = best.whole or (best.count > best.hypothesis.last_edited + AGREE and best.hypothesis.kind is not Kind.MISSING_ROW)
    if unique and enough:
        h = best.hypothesis
        return Verdict(h, h.edits(best.moves), _suggestion(stop, best), index=stop.index + h.first, start=stop.index)
    return Verdict(candidates=tuple(t.hypothesis for _stop, t in useful), index=stop.index + best.hypothesis.first)


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


# ------------------------------------------------------------------ hypotheses


def _hypotheses(stop: Stop) -> list[Hypothesis]:
    if stop.start:
        return [h for h in (*(_mirrored(stop, side) for side in (Side.BLACK, Side.GOLD)), _distance_plus_one(stop)) if h]
    found: list[Hypothesis | None] = [
        _swapped_row(stop),
        _repeated_row(stop),
        *_missing_row(stop),
        _extra_placeholder(stop),
        _missing_back_entry(stop),
        *(_mirrored(stop, side) for side in (Side.BLACK, Side.GOLD)),
        _distance_plus_one(stop),
    ]
    return [h for h in found if h is not None]


def _row_start(stop: Stop) -> bool:
    """Whether the stop is at a row's first entry (Black's slot)."""
    return stop.index % 2 == 0


def _swapped_row(stop: Stop) -> Hypothesis | None:
    """The stop's row written Gold's entry first."""
    i, entries = stop.index, stop.entries
    if not _row_start(stop) or i + 1 >= len(entries):
        return None
    first, second = entries[i], entries[i + 1]
    if first.placeholder or second.placeholder or first.line != second.line:
        return None
    tail = [second, first, *entries[i + 2 :]]
    why = "the two entries of this row are swapped"

    def edits(_moves: Sequence[Move | None]) -> tuple[Edit, ...]:
        return (SwapEntries(first.line, first.column, first.text, second.column, second.text, why),)

    return Hypothesis(Kind.SWAPPED_ROW, why, tail, edits, 1, shows=2)


def _repeated_row(stop: Stop) -> Hypothesis | None:
    """The stop's row a copy of the row before it, on a line of its own."""
    i, entries = stop.index, stop.entries
    if not _row_start(stop) or i < 2 or i + 1 >= len(entries):
        return None
    row, before = entries[i : i + 2], entries[i - 2 : i]
    if [e.text for e in row] != [e.text for e in before] or row[0].line == before[0].line or row[1].line != row[0].line:
        return None
    if any(e.line == row[0].line for e in entries if e not in row):
        return None
    line = row[0].line
    why = f"this row repeats line {before[0].line}"

    def edits(_moves: Sequence[Move | None]) -> tuple[Edit, ...]:
        written = f"{row[0].text}   {row[1].text}"
        return (DeleteRow(line, written, "a row written twice"),)

    return Hypothesis(Kind.REPEATED_ROW, why, list(entries[i + 2 :]), edits, -1, removed=tuple(row))


def _missing_row(stop: Stop) -> list[Hypothesis]:
    """A row left out before the stop's row: each pair of legal moves after which the
    stop's entry is legal as written (the entries after it tell them apart)."""
    i, entries, position = stop.index, stop.entries, stop.position
    if not _row_start(stop) or i == 0 or position.winner is not None or stop.pending is not None:
        return []
    entry = entries[i]
    if entries[i - 1].line == entry.line or entry.placeholder:
        return []
    pairs = _bridges(position.copy(), entry)
    if len(pairs) >= BRIDGES:  # too many rows fit for the entries after them to tell
        return []
    return [_inserted_row(stop, a, b) for a, b in pairs]


def _inserted_row(stop: Stop, a: Move, b: Move) -> Hypothesis:
    """The row of moves ``a`` and ``b`` inserted before the stop's row."""
    i, entries = stop.index, stop.entries
    entry = entries[i]
    first, second = _entry_of(a, entry, entries), _entry_of(b, entry, entries)
    number = f"{i // 2 + 1}. " if entry.number is not None else ""
    row = f"{number}{first.text}   {second.text}"
    why = f"a row seems to be missing before this line: {row}"

    def edits(_moves: Sequence[Move | None]) -> tuple[Edit, ...]:
        return (InsertRow(entry.line, row, "a row left out"),)

    return Hypothesis(Kind.MISSING_ROW, why, [first, second, *entries[i:]], edits, 1, shows=2)


#: How many rows may bridge a gap for the entries after it to tell them apart: from
#: this many on, none is tried.
BRIDGES = 48


def _bridges(position: Position, entry: Entry) -> list[tuple[Move, Move]]:
    """The pairs of ordinary legal moves (no push, no forfeit) after which ``entry`` is
    legal as written, at most :data:`BRIDGES` of them."""
    found: list[tuple[Move, Move]] = []
    for a in position.legal_moves():
        if a.push or not a.distance:
            continue
        position.apply(a)
        try:
            if position.winner is not None:
                continue
            for b in position.legal_moves():
                if b.push or not b.distance:
                    continue
                position.apply(b)
                try:
                    if position.winner is None and exact_move(position, entry) is not None:
                        found.append((a, b))
                        if len(found) >= BRIDGES:
                            return found
                finally:
                    position.undo()
        finally:
            position.undo()
    return found


def _entry_of(move: Move, like: Entry, near: Sequence[Entry]) -> Entry:
    """The entry of ``move``, written as ``like`` is, placed where ``like`` stands."""
    text = write_like(like, move, near)
    if like.is_coords:
        return Entry(like.line, like.column, text=text, origin=move.origin, target=move.target, push_mark=bool(move.push))
    return Entry(
        like.line, like.column, text=text, tower=move.tower, direction=move.direction if move.distance else None,
        distance=move.distance, square_colour=move.square_colour,
    )


def _extra_placeholder(stop: Stop) -> Hypothesis | None:
    """A ``...`` at the start of a round Black starts (he is the Challenger)."""
    entries = stop.entries
    if stop.index != 0 or stop.gold_first or not entries or not entries[0].placeholder:
        return None
    dots = entries[0]
    why = "Black is the Challenger and moves first: the '...' should not be there"

    def edits(_moves: Sequence[Move | None]) -> tuple[Edit, ...]:
        return (DeleteEntry(dots.line, dots.column, dots.text, "Black moves first: no '...' (T1)"),)

    return Hypothesis(Kind.EXTRA_PLACEHOLDER, why, list(entries[1:]), edits, -1, removed=(dots,))


def _missing_back_entry(stop: Stop) -> Hypothesis | None:
    """A push written as one entry: the pushed player's back-entry left out (S3)."""
    position, i, entries, push = stop.position, stop.index, stop.entries, stop.pending
    if push is None or i >= len(entries) or entries[i].direction is Direction.BACK:
        return None
    back = back_move(push, position)
    entry = entries[i]
    inserted = _entry_of(back, entry, entries)
    why = f"the push's back-entry is missing before this entry: {inserted.text}"
    tail = [inserted, *entries[i:]]
    before = entries[i - 1] if i else entry

    def edits(_moves: Sequence[Move | None]) -> tuple[Edit, ...]:
        reason = "the back-entry of the push (S3)"
        if before.line == entry.line or entry.number is None:
            return (InsertEntry(entry.line, entry.column, inserted.text, reason),)
        # the entry starts the next row: the back-entry ends the push's row
        return (InsertEntry(before.line, before.column + len(before.text), f"   {inserted.text}", reason),)

    return Hypothesis(Kind.MISSING_BACK_ENTRY, why, tail, edits, 0, shows=2)


_MIRROR = {Direction.LEFT: Direction.RIGHT, Direction.RIGHT: Direction.LEFT}


def _mirrored(stop: Stop, side: Side) -> Hypothesis | None:
    """``side``'s Left and Right mirrored from the stop to the round's end (written from
    the other player's side)."""
    i, entries = stop.index, stop.entries
    parity = 0 if side is Side.BLACK else 1  # (with '...', index 0 is Black's too)
    changed = [
        k for k in range(i, len(entries)) if k % 2 == parity and entries[k].direction in _MIRROR and not entries[k].is_coords
    ]
    if len(changed) < 2 or (changed[0] != i and not stop.start):
        return None
    tail = list(entries[i:])
    for k in changed:
        e = entries[k]
        assert e.direction is not None
        tail[k - i] = replace(e, direction=_MIRROR[e.direction])
    why = f"{side.title}'s arrows in round {stop.round} read as seen from {side.other.title}'s side"
    return Hypothesis(Kind.MIRRORED_ARROWS, why, tail, _rewritten(stop, changed, why), changed[-1] - i, shows=1, first=changed[0] - i)


def _distance_plus_one(stop: Stop) -> Hypothesis | None:
    """Every distance from the stop to the round's end one too many (the start square
    counted)."""
    i, entries = stop.index, stop.entries
    changed = [k for k in range(i, len(entries)) if (entries[k].distance or 0) > 1 and entries[k].direction is not Direction.BACK]
    if len(changed) < 2 or (changed[0] != i and not stop.start):
        return None
    tail = list(entries[i:])
    for k in changed:
        e = entries[k]
        tail[k - i] = replace(e, distance=(e.distance or 0) - 1)
    why = f"every distance in round {stop.round} is one too many (the start square counted)"
    return Hypothesis(Kind.DISTANCE_PLUS_ONE, why, tail, _rewritten(stop, changed, why), changed[-1] - i, shows=1, first=changed[0] - i)


def _rewritten(stop: Stop, changed: list[int], why: str) -> _Edits:
    """The edits of a round-wide slip: each changed entry, as the trial played it (those
    past the trial's first failure are left as written)."""

    def edits(moves: Sequence[Move | None]) -> tuple[Edit, ...]:
        out: list[Edit] = []
        for k in changed:
            at = k - stop.index
            move = moves[at] if at < len(moves) else None
            if move is not None:
                e = stop.entries[k]
                out.append(ReplaceEntry(e.line, e.column, e.text, write_like(e, move, stop.entries), why))
        return tuple(out)

    return edits


def row_off(entry: Entry, idx: int) -> bool:
    """Whether ``entry``, at ``idx`` of its round, starts a row with a turn number one
    ahead of its place or one behind (a row left out before it, or written twice)."""
    return entry.number is not None and idx % 2 == 0 and abs(entry.number - idx // 2 - 1) == 1
