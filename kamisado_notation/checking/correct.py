"""Corrections from the record's redundancy: which legal move a wrong entry stands for.

A colour entry names four slots — the tower, the direction, the distance and the colour
of the square the move ends on — and any three of them fix a move. So for an entry that
is not a legal move, the legal moves that agree with three of its four slots are the
candidate fixes (a coordinate entry has two slots, ``from`` and ``to``: the candidates
agree with one). When exactly one exists it is *the* correction. When several do, the
entries that follow decide: the candidate after which the next entries replay as written
is the one the player made (a left/right mix-up whose wrong move is legal too ends on
another colour, so the opponent's correct reply names the tower the real move set).
When no candidate is certain the nearest legal moves are ranked (fewest slots
differing, then the best continuation) and the caller says which slot differs.

Two slips that shift the record are recognised as well: a forgotten forfeit (a blocked
tower's ``Red 0 Yellow`` left out, so the next entry stands in the blocked player's
turn) and, in :func:`back_entry_fix`, a back-entry that names the nearest pushed tower
instead of the farthest.

Only entries that fail are corrected, so the replay's speed on a good record is unchanged.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ..engine.board import SQUARE_COLOURS, Colour, Direction, Side, square_name
from ..engine.position import Move, Position
from ..enums import TextEnum
from ..errors import IllegalMoveError
from ..notation.record import ASLANT, STRAIGHT, Entry

__all__ = [
    "Candidate",
    "Correction",
    "Slot",
    "article",
    "back_move",
    "candidates",
    "correct_entry",
    "exact_move",
    "play_as_written",
    "playable",
    "push_mark_fault",
    "resolve_entry",
    "said_back",
    "slot_wording",
    "square_fault",
]

#: How many of the following entries are tried to tell candidates apart.
LOOKAHEAD = 3
#: How many ranked moves a correction offers when none is certain.
NEAREST = 3


class Slot(TextEnum):
    """A slot of an entry: the four of the colour forms, the two of coordinates."""

    TOWER = "tower"
    DIRECTION = "direction"
    DISTANCE = "distance"
    SQUARE = "square"
    FROM = "from"
    TO = "to"


@dataclass(frozen=True, slots=True)
class Candidate:
    """A legal move an entry may stand for: the slots in which it differs from the entry,
    and how many of the following entries replay as written after it."""

    move: Move
    differs: tuple[Slot, ...]
    follows: int = 0


@dataclass(frozen=True, slots=True)
class Correction:
    """What an entry that is not a legal move stands for.

    ``candidates`` are ranked, most likely first. ``certain`` is the correction when it is
    beyond doubt (one candidate agreeing with all slots but one, or one such candidate
    whose continuation is the record's). ``forfeits``, when any, are forgotten forfeits
    (one, or a blocked tower's and then the opponent's blocked one: M6): they go before
    the entry, which is then the certain ``candidates[0]`` as written."""

    candidates: tuple[Candidate, ...] = ()
    certain: Candidate | None = None
    forfeits: tuple[Move, ...] = ()


# ------------------------------------------------------------------- the slots


def _entry_slots(entry: Entry) -> tuple[object, ...]:
    if entry.is_coords:
        return (entry.origin, entry.target)
    direction = entry.direction if entry.distance or entry.distance is None else None  # (None: the distance not read)
    return (entry.tower, direction, entry.distance, entry.square_colour)


def _move_slots(move: Move, coords: bool) -> tuple[object, ...]:
    if coords:
        return (move.origin, move.target)
    return (move.tower, move.direction if move.distance else None, move.distance, move.square_colour)


_COLOUR_SLOTS = (Slot.TOWER, Slot.DIRECTION, Slot.DISTANCE, Slot.SQUARE)
_COORD_SLOTS = (Slot.FROM, Slot.TO)


def differing_slots(entry: Entry, move: Move) -> tuple[Slot, ...]:
    """The slots of ``entry`` that ``move`` does not agree with. A slot left out of the
    entry (the first move's tower in the coordinate form, say) or not read (an unknown
    word, :attr:`Entry.unread`) agrees with anything."""
    coords = entry.is_coords
    names = _COORD_SLOTS if coords else _COLOUR_SLOTS
    written, actual = _entry_slots(entry), _move_slots(move, coords)
    differ = tuple(name for name, w, a in zip(names, written, actual, strict=True) if w != a and not (w is None and _left_open(entry, name, a)))
    if coords and entry.tower is not None and move.tower is not None and entry.tower != move.tower:
        return (Slot.TOWER, *differ)  # (a square with the tower said: 'brown → a2')
    return differ


def _left_open(entry: Entry, name: Slot, actual: object) -> bool:
    """Whether slot ``name``, empty in ``entry``, agrees with the move's ``actual``: a
    tower or a square may be left out, and a slot not read (:attr:`Entry.unread`) says
    nothing, but a direction not read that was said straight (a straight down arrow:
    the mover's forward, or a back-entry's back) is no diagonal, and one said aslant (a
    diagonal compass point) is one."""
    unread = (entry.unread or "").split()
    if name is Slot.DIRECTION and STRAIGHT in unread:
        return actual in (Direction.FORWARD, Direction.BACK, None)
    if name is Slot.DIRECTION and ASLANT in unread:
        return actual in (Direction.LEFT, Direction.RIGHT)
    return name is Slot.TOWER or name is Slot.SQUARE or name in unread


# ---------------------------------------------------------------- exact moves


def article(colour: Colour) -> str:
    """The article before a colour's name: ``an`` orange square, ``a`` green one."""
    return "an" if colour.name[0] in "AEIOU" else "a"


def square_fault(move: Move, written: Colour) -> str:
    """Why an entry naming ``move`` with ``written`` for the square it ends on is wrong
    (the ``square`` rule): the tower, where it ends and that square's colour."""
    square = move.square_colour
    tower = move.tower.name.lower() if move.tower is not None else "?"
    return (
        f"{move.side.title}'s {tower} tower ends on {square_name(move.target)}, {article(square)} "
        f"{square.name.lower()} square, not {written.name.lower()}"
    )


def push_mark_fault(move: Move) -> str:
    """Why a coordinate entry marked ``*`` for ``move``, which pushes nothing, is wrong."""
    return f"{move.coords()} is marked '*' as a push, but pushes nothing"


def exact_move(position: Position, entry: Entry) -> Move | None:
    """The legal move ``entry`` stands for exactly as written (its tower, move and square
    colour all right), or ``None``. Not for a push's back-entry, nor for an entry with
    a slot not read (:attr:`Entry.unread`): that is no move as written."""
    if entry.unread is not None or (not entry.is_coords and entry.direction is Direction.BACK):
        return None
    try:
        move = resolve_entry(position, entry)
    except IllegalMoveError:
        return None
    if entry.is_coords:
        return None if entry.push_mark and not move.push else move
    if entry.square_colour is not None and entry.square_colour is not move.square_colour:
        return None
    return move


def resolve_entry(position: Position, entry: Entry) -> Move:
    """The legal move ``entry`` names in ``position`` by its squares, or by its tower,
    direction and distance (its square's colour and a push mark not checked). Raises
    :class:`IllegalMoveError`."""
    if entry.is_coords:
        assert entry.origin is not None and entry.target is not None  # (the coordinate form has both)
        return position.resolve_coords(entry.origin, entry.target)
    return position.resolve(entry.direction, entry.distance or 0, tower=entry.tower)


def back_move(push: Move, position: Position) -> Move:
    """The back-entry's move after ``push`` was played on ``position``: the farthest pushed
    tower, back one square onto the square it was pushed onto (S3)."""
    onto = push.pushed_to
    assert onto is not None
    tower = position.tower_at(onto)
    assert tower is not None
    return Move(push.side.other, tower.colour, push.push[-1], onto, Direction.BACK, 1)


def _written_move(position: Position, entry: Entry) -> Move | None:
    """The legal move ``entry`` is as written (its one fit, where it was read by its
    evidence), else ``None``."""
    return exact_move(position, entry) if entry.unread is None else only_fit(position, entry)


def _is_back_entry(entry: Entry, back: Move) -> bool:
    """Whether ``entry`` is the back-entry ``back`` as written: its squares (the square
    it left, where written: ``fialová | zpět na | b3`` names only where it went), or the
    direction Back, or what its evidence says (:func:`said_back`)."""
    if entry.is_coords:
        return entry.origin in (None, back.origin) and entry.target == back.target and entry.tower in (None, back.tower)
    return entry.direction is Direction.BACK and entry.tower in (None, back.tower) or said_back(entry, back)


def said_back(entry: Entry, back: Move) -> bool:
    """Whether ``entry``, read by its evidence with no direction (``Gn ->Gn``: a tower
    and where it lands), says nothing but what the back-entry ``back`` is: where a
    back-entry is due, the legal moves decide that it is one."""
    if entry.unread is None or entry.is_coords or entry.direction is not None or (entry.tower, entry.square_colour) == (None, None):
        return False
    if ASLANT in entry.unread.split():
        return False  # (said aslant, 'SE': a back-entry goes straight back)
    return entry.tower in (None, back.tower) and entry.square_colour in (None, back.square_colour) and entry.distance in (None, 1)


def _follows(position: Position, move: Move, following: Sequence[Entry], *, ends: bool, refusals: bool = False) -> int:
    """How many of ``following`` replay as written after ``move`` (``LOOKAHEAD`` when the
    round ends cleanly within them; with ``ends``, the round ends after the entry, so a
    move that ends it scores in full). With ``refusals`` (an entry read by its evidence,
    whose readings only a refusal tells apart), a reading the entries after it do not
    refuse scores as much as any (:data:`_UNDECIDED`): that they fit one reading's moves
    more neatly says nothing against another."""
    played = [move]
    position.apply(move)
    try:
        if not following:
            return LOOKAHEAD if ends and position.winner is not None else 0
        return _score_ahead(position, move, following[:LOOKAHEAD], played, refusals=refusals)
    finally:
        for _ in played:
            position.undo()


def _score_ahead(position: Position, move: Move, ahead: Sequence[Entry], played: list[Move], *, refusals: bool) -> int:
    """:func:`_follows`'s score of ``move``, just played on ``position``, by the entries
    ``ahead`` of it, each move they play appended to ``played`` (for the caller to undo)."""
    count = steps = 0
    for step in play_as_written(position, ahead, move if move.push else None):
        if step.direction is not Direction.BACK:  # (a back-entry is played with its push)
            played.append(step)
        count += LOOKAHEAD if position.winner is not None else 1
        steps += 1
    if steps < len(ahead) and position.winner is None and _undecided(position, ahead[steps]):
        return _UNDECIDED  # (the next entry fits several moves: it tells nothing against this one)
    if refusals and steps == len(ahead):
        return _UNDECIDED  # (not refused: every entry looked at replays)
    return count


#: What a reading scores where an entry after it fits several moves: as much as any
#: reading can (one that ends the round within the lookahead), so that no other is
#: taken over it for certain; only readings the entries after them refute score less.
_UNDECIDED = 2 * LOOKAHEAD - 1


def _undecided(position: Position, entry: Entry) -> bool:
    """Whether ``entry``, read with slots left unread, fits several legal moves of
    ``position`` (so the replay cannot tell from it whether the move before was right)."""
    if entry.unread is None or entry.placeholder:
        return False
    return sum(not differing_slots(entry, m) for m in position.legal_moves()) > 1


def only_fit(position: Position, entry: Entry) -> Move | None:
    """The one legal move (a forfeit, where one is forced) that the slots read of
    ``entry``, one with slots not read (:attr:`Entry.unread`), name; ``None`` when none
    or several do."""
    moves = position.legal_moves()
    if not moves and position.winner is None:
        try:
            moves = [position.resolve(None, 0)]
        except IllegalMoveError:
            return None
    fits = [m for m in moves if not differing_slots(entry, m)]
    return fits[0] if len(fits) == 1 else None


def play_as_written(position: Position, entries: Sequence[Entry], pending: Move | None = None, *, forced_left_out: bool = False) -> Iterator[Move]:
    """Play ``entries`` on ``position`` (in place) while each is a legal move exactly as
    written, yielding each move: the back-entry of a push (``pending``: one is due first)
    is yielded but not played, the engine played it with the push. Stops at the first
    entry that is not, at a ``...``, or when the round is over. With
    ``forced_left_out``, the moves an app that stores only the player's own moves does
    not write are taken as played where the next entry is no legal move before them: a
    blocked tower's forfeit (played, not yielded), a push's back-entry (neither: the engine
    played it with the push, and the entry after is read as written, as the replay
    reads it)."""
    for entry in entries:
        if position.winner is not None or entry.placeholder:
            return
        if pending is not None:
            back = back_move(pending, position)
            pending = None
            if _is_back_entry(entry, back):
                yield back
                continue
            if not forced_left_out:
                return
        step = _written_move(position, entry)
        if step is None and forced_left_out and position.must_forfeit():
            position.apply(position.forfeit_move())
            step = _written_move(position, entry)
        if step is None:
            return
        position.apply(step)
        pending = step if step.push else None
        yield step


# ----------------------------------------------------------------- candidates


def playable(position: Position) -> list[Move]:
    """The moves of ``position``'s side to move: its legal moves, or the blocked tower's
    forfeit (M6)."""
    if position.must_forfeit():
        return [position.forfeit_move()] if position.tower is not None else []
    return position.legal_moves()


def candidates(position: Position, entry: Entry) -> list[Candidate]:
    """Every legal move of ``position`` with the slots in which it differs from ``entry``,
    nearest first."""
    found = [Candidate(m, differing_slots(entry, m)) for m in playable(position)]
    found.sort(key=lambda c: len(c.differs))
    return found


def correct_entry(position: Position, entry: Entry, following: Sequence[Entry] = (), *, ends: bool = False) -> Correction:
    """The correction of ``entry``, which is not a legal move in ``position`` as
    written; ``following`` are the entries after it in its round (to tell candidates
    apart), ``ends`` says the round must end with this entry (a later round follows).
    ``position`` is left as it was."""
    forfeit = _forgotten_forfeit(position, entry)
    if forfeit is not None:
        return forfeit
    every = candidates(position, entry)
    # one slot may be wrong; the one not read (an unknown word) is that slot
    near = [c for c in every if len(c.differs) <= (0 if entry.unread else 1)]
    if len(near) == 1:
        return Correction((near[0],), near[0])
    return _told_apart(position, entry, near, every, following, ends=ends)


def _told_apart(
    position: Position, entry: Entry, near: list[Candidate], every: list[Candidate], following: Sequence[Entry], *, ends: bool
) -> Correction:
    """:func:`correct_entry`'s correction of ``entry`` where its ``near`` candidates (one
    slot wrong at most, none or several) do not name one move: the candidates (``near``,
    else the nearest of ``every``) ranked by how many of ``following`` replay after each,
    the first certain where it is near and replays the most."""
    ranked = _ranked(position, near or every[: NEAREST * 4], following, ends=ends, refusals=entry.unread is not None)
    certain = ranked[0] if near and (len(ranked) == 1 or ranked[0].follows > ranked[1].follows) else None
    # (the moves a slot not read leaves open are all named: any of them may be the one)
    return Correction(tuple(ranked if entry.unread and near else ranked[:NEAREST]), certain)


def _ranked(position: Position, pool: Sequence[Candidate], following: Sequence[Entry], *, ends: bool, refusals: bool) -> list[Candidate]:
    """The candidates of ``pool`` with how many of ``following`` replay after each
    (:func:`_follows`), the fewest slots wrong first, then the most entries replayed."""
    return sorted(
        (Candidate(c.move, c.differs, _follows(position, c.move, following, ends=ends, refusals=refusals)) for c in pool),
        key=lambda c: (len(c.differs), -c.follows),
    )


def _forgotten_forfeit(position: Position, entry: Entry) -> Correction | None:
    """The entry is the next move after a blocked tower's forfeit left out (M6), or
    after a chain of them (the tower the forfeit names blocked too, and so on, short of
    a deadlock): the opponent's move after one, the same side's after two."""
    zero = entry.origin == entry.target if entry.is_coords else entry.distance == 0
    if zero:
        return None
    forfeits: list[Move] = []
    try:
        while position.tower is not None and position.must_forfeit() and position.deadlock() is None and len(forfeits) < len(Colour):
            forfeits.append(position.play_forfeit())
        move = exact_move(position, entry) if forfeits else None
    finally:
        for _ in forfeits:
            position.undo()
    if move is None:
        return None
    found = Candidate(move, ())
    return Correction((found,), found, tuple(forfeits))


# -------------------------------------------------------------------- wording


def slot_wording(entry: Entry, candidate: Candidate, position: Position) -> str:
    """What is wrong in ``entry``, slot by slot, if it stands for ``candidate``: "the
    direction: from Gold's side this is Right, not Left"."""
    move = candidate.move
    return "; ".join(_one_slot(slot, entry, move, position.to_move) for slot in candidate.differs)


def _one_slot(slot: Slot, entry: Entry, move: Move, side: Side) -> str:
    if slot is Slot.TOWER:
        return f"the tower: {side.title} moves the {_name(move.tower)} tower, not the {_name(entry.tower)} one"
    if slot is Slot.DIRECTION:
        return f"the direction: from {side.title}'s side this is {_direction(move)}, not {_direction_written(entry)}"
    if slot is Slot.DISTANCE:
        return f"the distance: {move.distance}, not {entry.distance}"
    if slot is Slot.SQUARE:
        return (
            f"the square: {square_name(move.target)} is {_name(SQUARE_COLOURS[move.target])}, "
            f"not {_name(entry.square_colour)}"
        )
    origin, target = entry.origin, entry.target
    assert origin is not None and target is not None  # (FROM and TO are the coordinate form's slots)
    if slot is Slot.FROM:
        return f"the square moved from: {square_name(move.origin)}, not {square_name(origin)}"
    return f"the square moved to: {square_name(move.target)}, not {square_name(target)}"


def _name(colour: Colour | None) -> str:
    return colour.name.lower() if colour is not None else "unnamed"


def _direction(move: Move) -> str:
    return move.direction.name.capitalize() if move.distance and move.direction is not None else "no move (0)"


def _direction_written(entry: Entry) -> str:
    return entry.direction.name.capitalize() if entry.distance and entry.direction is not None else "no move (0)"
