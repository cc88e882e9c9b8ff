"""Replay a match record through the rules engine and judge every entry.

The record model (:mod:`kamisado_notation.record`) says what was written; this module
says whether it could have happened. Round 1 starts from the initial position (or the
``[Position]`` header), each later round from the fill the record names (F1–F4), and
every entry is checked against the position it was played in: the tower (T1/T2), the
move (M1–M6, S…/DS…/TS…), the recorded square colour (``square``), a push's
back-entry (``push-entry``), entries after the round ended (M7/M8), then the match's
score and end (``result``, ``match``).

Error policy: a wrong square colour or a wrong back-entry does not stop the replay (the
move is still known); any other rules error stops that round, and then the later rounds
too (their fill depends on where this one ended) — said once, as a warning. Nothing
beyond a point the replay could not reach is reported as if it had been checked.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .board import MOVE_STEPS, SQUARE_COLOURS, Colour, Direction, Side, square_name
from .diagnostics import ERROR, WARNING, Diagnostic, Severity
from .enums import TextEnum
from .errors import IllegalMoveError, MatchError, PositionError
from .match import MATCH_TARGETS, Fill, Match, RoundResult, lineup_files
from .notation.record import Entry, MatchRecord, RoundRecord
from .position import Move, Position

__all__ = ["MatchReplay", "Ply", "RoundReplay", "match_target", "parse_result", "replay"]


class PlyKind(TextEnum):
    """What an entry of a round is."""

    MOVE = "move"  #: an ordinary move
    PUSH = "push"  #: a Sumo push (S2–S11)
    FORFEIT = "forfeit"  #: a blocked tower's zero entry (M6)
    BACK = "back"  #: a push's back-entry: the farthest pushed tower, back one square


class MatchStatus(TextEnum):
    """Whether a match was decided (SPEC §6's ``status``)."""

    COMPLETE = "complete"
    IN_PROGRESS = "in-progress"


@dataclass(slots=True)
class Ply:
    """One entry of a round, judged. ``kind`` says what it is (:class:`PlyKind`; for
    ``BACK``, a push's back-entry, whose ``move`` describes the farthest pushed
    tower going back one square; the engine applied it with the push)."""

    number: int
    side: Side
    entry: Entry
    kind: PlyKind
    move: Move | None


@dataclass
class RoundReplay:
    """A round as replayed: its start, its plies, and how it ended (``None`` while in
    progress or when the replay stopped)."""

    number: int
    record: RoundRecord
    fill: Fill | None
    start: Position
    plies: list[Ply] = field(default_factory=list)
    result: RoundResult | None = None
    stopped: bool = False

    def position_at(self, ply: int | None = None) -> Position:
        """The position after ply ``ply`` (0: the start; ``None``: after the last
        replayed ply). Replays from the start rather than keeping snapshots."""
        plies = self.plies if ply is None else self.plies[: max(ply, 0)]
        position = self.start.copy()
        for p in plies:
            if p.kind is not PlyKind.BACK and p.move is not None:
                position.play(p.move)
        return position

    def last_move(self, ply: int | None = None) -> Move | None:
        """The move of ply ``ply`` (default: the last replayed), to highlight in a diagram."""
        plies = self.plies if ply is None else self.plies[: max(ply, 0)]
        for p in reversed(plies):
            if p.move is not None:
                return p.move
        return None


@dataclass
class MatchReplay:
    """A match as replayed: its rounds, score, winner and every diagnostic (the record's
    syntax errors and the rules' verdicts), in line order."""

    record: MatchRecord
    rounds: list[RoundReplay]
    target: int
    score: dict[Side, int]
    winner: Side | None
    status: MatchStatus
    diagnostics: list[Diagnostic]

    @property
    def valid(self) -> bool:
        return not any(d.severity == ERROR for d in self.diagnostics)


# ----------------------------------------------------------------- headers


def match_target(value: str | None, *, target: str | None = None) -> int | None:
    """The target of a ``Match`` header (``Standard`` → 3) or a ``Target`` header
    (``"5"``); 1 when neither is given; ``None`` when the value makes no sense."""
    if target is not None:
        try:
            n = int(target.strip())
        except ValueError:
            return None
        return n if n >= 1 else None
    if value is None:
        return 1
    key = value.strip().lower()
    key = key.removesuffix(" round")
    return MATCH_TARGETS.get(key)


def parse_result(value: str) -> tuple[int, int] | None:
    """``"1-3"`` → ``(1, 3)`` (Black's points, Gold's); ``None`` when not of that form."""
    parts = value.strip().split("-")
    if len(parts) != 2:
        return None
    try:
        b, g = (int(p.strip()) for p in parts)
    except ValueError:
        return None
    return (b, g) if b >= 0 and g >= 0 else None


# ------------------------------------------------------------------ wording


def _tower_name(side: Side, colour: Colour) -> str:
    return f"{side.title}'s {colour.name.lower()} tower"


def _why_this_tower(position: Position) -> str:
    """Why the side to move must move ``position.tower`` (T2, M6, S3)."""
    colour = position.tower
    assert colour is not None
    c = colour.name.lower()
    history = position.history
    if not history:
        return f"the position says {position.to_move.title} moves {c}"
    last = history[-1]
    if last.is_push:
        pushed = position.tower_at(last.pushed_to)  # type: ignore[arg-type]
        what = _tower_name(pushed.side, pushed.colour) if pushed is not None else "a tower"
        return f"{last.side.title}'s push moved {what} onto a {c} square, so {last.side.title} moves again (S3)"
    if last.is_forfeit:
        return f"{last.side.title}'s {last.tower.name.lower()} tower is blocked on a {c} square (M6)"  # type: ignore[union-attr]
    return f"{last.side.title}'s last move ended on a {c} square"


def _describe(move: Move) -> str:
    return f"{move} ({move.coords()})"


def _legal_list(position: Position, colour: Colour) -> str:
    """The moves of the side to move's ``colour`` tower, for an error message."""
    moves = position.tower_moves(colour)
    name = _tower_name(position.to_move, colour)
    where = square_name(position.square_of(position.to_move, colour))
    if not moves:
        return f"{name} on {where} cannot move and must forfeit ({colour.title} 0 {SQUARE_COLOURS[position.square_of(position.to_move, colour)].title})"
    return f"legal moves of {name} on {where}: " + ", ".join(_describe(m) for m in moves)


# ------------------------------------------------------------------- replay

_SIDES = (Side.BLACK, Side.GOLD)  # whose entry, by its index's parity


class _Stop(Exception):
    """The round's replay cannot go on (a rules error was reported)."""


class _RoundReplayer:
    """Replays one round's entries on ``position`` (played in place), collecting plies
    and diagnostics."""

    def __init__(self, rr: RoundReplay, position: Position, match_index: int, cut: tuple[int, int] | None) -> None:
        self.rr = rr
        self.pos = position
        self.match_index = match_index
        self.cut = cut
        self.diagnostics: list[Diagnostic] = []
        self.cut_reached = False

    def error(self, rule: str, message: str, entry: Entry, ply: int | None, severity: Severity = ERROR) -> None:
        self.diagnostics.append(
            Diagnostic(rule, message, entry.line, entry.column, severity, self.rr.number, ply, self.match_index)
        )

    def run(self, challenger: Side) -> None:
        """Replay the round's entries, stopping at the first rules error.

        The hot path: an ordinary move written without a fault is checked here, in the
        engine's own terms and without building explanations — the tower that must move
        (T1/T2), the ray (M1), the path and the target square empty (M2, M3), the range
        (S1/DS1/TS1) and, in the colour form, the recorded square colour. Anything else
        (a push, a forfeit, any doubt) goes through :meth:`entry_move`, which asks
        :meth:`Position.resolve` and reports what is wrong; so the diagnostics are the
        same whichever path an entry takes.
        """
        rr, pos = self.rr, self.pos
        plies = rr.plies
        entries = rr.record.entries
        pending: Move | None = None  # a push whose back-entry is due
        chain: set[tuple[Side, Colour | None]] | None = None  # forfeits into a deadlock (M8)
        number = 0
        cut = self.cut
        board, play, play_ordinary = pos.board, pos.play, pos.play_ordinary  # the same all round
        try:
            for idx, entry in enumerate(entries):
                if cut is not None and (entry.line, entry.column) >= cut:
                    self.cut_reached = True
                    raise _Stop
                if entry.placeholder:
                    if idx == 0 and challenger is Side.GOLD:
                        continue
                    if idx == 0:
                        self.error("T1", "'...' stands for Black when Gold moves first, but Black is the Challenger and moves first", entry, None)
                    else:
                        self.error("T1", "'...' may only stand for Black's first entry of a round", entry, None)
                    raise _Stop
                number += 1
                side = _SIDES[idx & 1]
                if idx == 0 and challenger is Side.GOLD:
                    self.error(
                        "T1",
                        "Gold is the Challenger and moves first: Black's first slot is '...'",
                        entry,
                        number,
                    )
                    raise _Stop
                if pending is not None:
                    plies.append(self.back_entry(entry, number, pending))
                    pending = None
                    continue
                if pos.winner is not None:
                    self.error(
                        "M7",
                        f"the round is over: {pos.winner.title} reached the home row at ply {number - 1}",
                        entry,
                        number,
                    )
                    return
                origin = entry.origin
                zero = entry.distance == 0 if origin is None else origin == entry.target
                if chain is None and zero and pos.deadlock() is not None:
                    # Only an actual move can start a deadlock, so finding it at the first
                    # zero entry is soon enough (a move that cannot be made: entry_move).
                    chain = set()
                if chain is not None:
                    # Deadlocked (M8): only the forced zero entries leading into it may follow.
                    key = (pos.to_move, pos.tower)
                    if key in chain or not zero:
                        loser = pos.deadlock()
                        self.error(
                            "M8",
                            f"the round is over: deadlock, {loser.title if loser else '?'} made the last move and loses",
                            entry,
                            number,
                        )
                        return
                    chain.add(key)
                if side is not pos.to_move:  # entries alternate, and so do turns: not expected
                    self.error("T2", f"it is {pos.to_move.title}'s turn, not {side.title}'s", entry, number)
                    raise _Stop
                # The hot path (see the docstring): an ordinary move written without a
                # fault is played by the engine's own check; anything else asks entry_move.
                move = None
                if origin is None:  # the colour form: Tower Direction Distance Square
                    direction, distance = entry.direction, entry.distance
                    if direction is not None and distance:
                        move = play_ordinary(entry.tower, direction, distance)
                        square = entry.square_colour
                        if move is not None and square is not None and square is not SQUARE_COLOURS[move.target]:
                            pos.undo()  # a wrong square colour: entry_move reports it
                            move = None
                else:  # the coordinate form: from-to
                    t = board[origin]
                    if t is not None and t.side is side and not entry.push_mark:
                        step = MOVE_STEPS[side][origin].get(entry.target)  # type: ignore[arg-type]
                        if step is not None:
                            move = play_ordinary(t.colour, step[0], step[1])
                if move is not None:
                    plies.append(Ply(number, side, entry, PlyKind.MOVE, move))
                    continue
                move = self.entry_move(entry, number)
                kind = PlyKind.PUSH if move.push else PlyKind.FORFEIT if move.distance == 0 else PlyKind.MOVE
                plies.append(Ply(number, side, entry, kind, move))
                play(move)
                if move.push:
                    pending = move
        except _Stop:
            rr.stopped = True

    # -- one entry

    def entry_move(self, entry: Entry, number: int) -> Move:
        """The engine move an entry stands for, or a diagnostic and :class:`_Stop`.
        Only the one recorded move is checked (:meth:`Position.resolve`); the legal
        moves are listed only when it is wrong."""
        pos = self.pos
        origin = entry.origin
        need = pos.tower
        if origin is not None:  # the coordinate form
            t = pos.board[origin]
            if t is None or t.side is not pos.to_move:
                self.bad_origin(entry, number, origin)
            colour = t.colour  # type: ignore[union-attr]
        else:
            colour = entry.tower if entry.tower is not None else need
            if colour is None:
                self.error("T1", "the first move of a round names its tower", entry, number)
                raise _Stop
        if need is not None and colour != need:
            self.wrong_tower(entry, number, colour)
        try:
            if origin is not None:
                move = pos.resolve_coords(origin, entry.target)  # type: ignore[arg-type]
            else:
                move = pos.resolve(entry.direction, entry.distance or 0, tower=colour)
        except IllegalMoveError as e:
            zero = entry.distance == 0 if origin is None else origin == entry.target
            if not zero and pos.must_forfeit():  # checked only here: the common path is a legal move
                self.blocked(entry, number, colour)
            self.error(e.rule, f"{entry.text or 'this move'}: {e}; {_legal_list(pos, colour)}", entry, number)
            raise _Stop from None
        if origin is None:
            square = SQUARE_COLOURS[move.target]
            if entry.square_colour is not None and entry.square_colour is not square:
                self.error(
                    "square",
                    f"{_tower_name(move.side, colour)} ends on {square_name(move.target)}, a "
                    f"{square.name.lower()} square, not {entry.square_colour.name.lower()}",
                    entry,
                    number,
                )
        elif entry.push_mark and not move.push:
            self.error("push-entry", f"{move.coords()} is marked '*' as a push, but pushes nothing", entry, number)
        return move

    def bad_origin(self, entry: Entry, number: int, origin: int) -> None:
        """A coordinate entry starting where the side to move has no tower (T1/T2)."""
        pos = self.pos
        side = pos.to_move
        t = pos.board[origin]
        if pos.tower is not None and pos.must_forfeit() and pos.deadlock() is not None:
            self.blocked(entry, number, pos.tower)  # the round is over (M8)
        what = "no tower" if t is None else _tower_name(t.side, t.colour)
        need = (
            f"; {side.title} must move the {pos.tower.name.lower()} tower on "
            f"{square_name(pos.square_of(side, pos.tower))}: {_why_this_tower(pos)}"
            if pos.tower is not None
            else f"; {side.title} moves one of his own towers"
        )
        self.error("T1" if pos.tower is None else "T2", f"{square_name(origin)} holds {what}{need}", entry, number)
        raise _Stop

    def wrong_tower(self, entry: Entry, number: int, colour: Colour) -> None:
        """Not the tower that must move (T2): say which one must, and why."""
        pos = self.pos
        side, need = pos.to_move, pos.tower
        assert need is not None
        if pos.must_forfeit() and pos.deadlock() is not None:
            self.blocked(entry, number, need)  # the round is over (M8)
        self.error(
            "T2",
            f"{side.title} must move the {need.name.lower()} tower (on "
            f"{square_name(pos.square_of(side, need))}), not the {colour.name.lower()} "
            f"one: {_why_this_tower(pos)}",
            entry,
            number,
        )
        raise _Stop

    def blocked(self, entry: Entry, number: int, colour: Colour) -> None:
        """A move written for a tower that cannot move: M8 when the round is deadlocked
        (it is over), else M6 (the tower forfeits)."""
        pos = self.pos
        side = pos.to_move
        loser = pos.deadlock()
        if loser is not None:
            self.error(
                "M8",
                f"the round is over: deadlock, {loser.title} made the last move and loses",
                entry,
                number,
            )
            raise _Stop
        sq = pos.square_of(side, colour)
        self.error(
            "M6",
            f"{_tower_name(side, colour)} on {square_name(sq)} cannot move, so {side.title} "
            f"forfeits the turn: {colour.title} 0 {SQUARE_COLOURS[sq].title} ({square_name(sq)}-{square_name(sq)})",
            entry,
            number,
        )
        raise _Stop

    def back_entry(self, entry: Entry, number: int, push: Move) -> Ply:
        """The pushed player's back-entry after ``push`` (S3); a missing one stops the
        round, a wrong one is reported and the replay goes on."""
        pushed_side = push.side.other
        far = push.push[-1]
        onto = push.pushed_to
        assert onto is not None
        # After the push the farthest pushed tower stands on ``onto``.
        tower = self.pos.tower_at(onto)
        assert tower is not None
        back = Move(pushed_side, tower.colour, far, onto, Direction.BACK, 1)
        expected = f"{tower.colour.title} Back 1 {SQUARE_COLOURS[onto].title} ({square_name(far)}-{square_name(onto)})"
        if entry.is_coords:
            if entry.origin == far and entry.target == onto:
                return Ply(number, pushed_side, entry, PlyKind.BACK, back)
            if entry.origin not in (far, onto) or entry.origin == entry.target:
                self.missing_back(entry, number, push, expected)
            self.error("push-entry", f"the back-entry of {push.coords()} is {expected}", entry, number)
            return Ply(number, pushed_side, entry, PlyKind.BACK, back)
        if entry.direction is not Direction.BACK:
            self.missing_back(entry, number, push, expected)
        wrong = []
        if entry.tower is not None and entry.tower != tower.colour:
            wrong.append(f"the farthest pushed tower is {tower.colour.name.lower()}, not {entry.tower.name.lower()}")
        if entry.distance != 1:
            wrong.append(f"a pushed tower goes back 1 square, not {entry.distance}")
        if entry.square_colour is not None and entry.square_colour != SQUARE_COLOURS[onto]:
            wrong.append(
                f"it was pushed onto {square_name(onto)}, a {SQUARE_COLOURS[onto].name.lower()} square, "
                f"not {entry.square_colour.name.lower()}"
            )
        if wrong:
            self.error("push-entry", f"the back-entry of the push is {expected}: " + "; ".join(wrong), entry, number)
        return Ply(number, pushed_side, entry, PlyKind.BACK, back)

    def missing_back(self, entry: Entry, number: int, push: Move, expected: str) -> None:
        self.error(
            "push-entry",
            f"{push.side.title}'s Sumo push ({_describe(push)}) makes {push.side.other.title} "
            f"forfeit this turn: the entry is the back-entry {expected}",
            entry,
            number,
        )
        raise _Stop


def _syntax_cut(match: MatchRecord, round_index: int) -> tuple[int, int] | None:
    """The first syntax error inside round ``round_index``'s lines: the replay of that
    round stops there, since what the parser skipped may be a turn."""
    rounds = match.rounds
    lo = rounds[round_index].line
    hi = rounds[round_index + 1].line if round_index + 1 < len(rounds) else None
    cut = None
    for d in match.errors:
        if d.severity == ERROR and d.line >= lo and (hi is None or d.line < hi):
            key = (d.line, d.column)
            if cut is None or key < cut:
                cut = key
    return cut


#: ``side``'s home-row squares from his own left (the lineup's order).
_HOME_SQUARES = tuple(tuple((7 if side is Side.BLACK else 0) * 8 + f for f in lineup_files(side)) for side in Side)


def _check_lineups(rr: RoundReplay, start: Position, match_index: int) -> list[Diagnostic]:
    """Each written lineup against the home row the fill gives (F3 left, F4 right)."""
    out: list[Diagnostic] = []
    lineups = rr.record.lineups
    if not lineups:
        return out
    rule = "F4" if rr.fill is Fill.RIGHT else "F3"
    how = f"filling from the {rr.fill.value}" if rr.fill is not None else "at the start"
    board = start.board
    for lu in lineups:
        side = lu.side
        actual = [
            t.colour if (t := board[sq]) is not None and t.side is side else None
            for sq in _HOME_SQUARES[side]
        ]
        if list(lu.colours) != actual:
            names = " ".join(c.title if c is not None else "-" for c in actual)
            out.append(
                Diagnostic(
                    rule,
                    f"{lu.side.title}'s lineup {how} is {names} (from his left), not "
                    + " ".join(c.title for c in lu.colours),
                    lu.line,
                    lu.column,
                    ERROR,
                    rr.number,
                    None,
                    match_index,
                )
            )
    return out


def replay(match: MatchRecord) -> MatchReplay:
    """Replay ``match`` and judge it; see the module docstring for the error policy."""
    idx = match.index
    diags: list[Diagnostic] = list(match.errors)
    rounds: list[RoundReplay] = []

    def header_line(name: str) -> tuple[int, int]:
        for h in match.headers:
            if h.name.lower() == name.lower():
                return h.line, h.column
        return match.line, 1

    def match_diag(rule: str, message: str, at: tuple[int, int], severity: Severity = ERROR, rnd: int | None = None) -> None:
        diags.append(Diagnostic(rule, message, at[0], at[1], severity, rnd, None, idx))

    def unchecked(j: int, why: str) -> None:
        """Say once that rounds ``j``… are not checked: each is filled from the end of
        the one before, which the replay did not reach."""
        if j < len(match.rounds):
            nxt = match.rounds[j]
            more = " and the rounds after it are" if j + 1 < len(match.rounds) else " is"
            match_diag(
                "match",
                f"{why}, so round {nxt.number}{more} not checked (a round is filled from "
                "the end of the one before)",
                (nxt.line, nxt.column),
                WARNING,
                nxt.number,
            )

    # The target (Match/Target headers) and the start (Position header).
    target_text = match.header("Target")
    match_text = match.header("Match")
    target = match_target(match_text, target=target_text)
    checks_target = target is not None
    if target is None:
        name = "Target" if target_text is not None else "Match"
        match_diag(
            "syntax",
            f"[{name} \"{target_text if target_text is not None else match_text}\"] is not a match "
            "format: Single, Standard, Long, Marathon, or [Target \"N\"] with N ≥ 1",
            header_line(name),
        )
        target = 10**9
    start: Position | None = None
    replayable = True
    position_text = match.header("Position")
    if position_text is not None:
        try:
            start = Position.from_string(position_text)
        except PositionError as e:
            match_diag("syntax", f"bad [Position] header, {e.field}: {e}", header_line("Position"))
            replayable = False
    game = Match(target=target, start=start)
    complete_replay = replayable

    for i, rec in enumerate(match.rounds):
        at = (rec.line, rec.column)
        if not replayable:
            break
        if i and game.is_over:
            match_diag(
                "match",
                f"the match was decided in round {len(game.results)} "
                f"({game.score[Side.BLACK]}-{game.score[Side.GOLD]}, target {target}): round {rec.number} is never played",
                at,
                rnd=rec.number,
            )
            break
        expected_number = i + 1
        if rec.number != expected_number:
            match_diag("syntax", f"this is round {expected_number}, not round {rec.number}", at, rnd=rec.number)
        if i == 0:
            position = game.position
        else:
            if len(game.results) != i:
                match_diag(
                    "M7",
                    f"round {i} is not over after its last entry (no tower reached the home row "
                    f"and no deadlock), so round {rec.number} cannot start",
                    at,
                    rnd=rec.number,
                )
                complete_replay = False
                unchecked(i + 1, f"round {rec.number} cannot start")
                break
            if rec.fill is None:
                winner = game.results[-1].winner
                match_diag(
                    "F1",
                    f"round {rec.number} must say 'fill left' or 'fill right' ({winner.title}, "
                    f"who won round {i}, chooses)",
                    at,
                    rnd=rec.number,
                )
                complete_replay = False
                unchecked(i + 1, f"round {rec.number} has no fill")
                break
            try:
                position = game.next_round(rec.fill)
            except MatchError as e:  # pragma: no cover - guarded above
                match_diag("match", str(e), at, rnd=rec.number)
                break
        rr = RoundReplay(rec.number, rec, rec.fill if i else None, position.copy())
        rounds.append(rr)
        if rec.lineups:
            diags.extend(_check_lineups(rr, rr.start, idx))
        runner = _RoundReplayer(rr, position, idx, _syntax_cut(match, i) if match.errors else None)
        runner.run(game.challenger if i else position.to_move)
        diags.extend(runner.diagnostics)
        if rr.stopped:
            complete_replay = False
            why = "a syntax error" if runner.cut_reached else "a rules error"
            unchecked(i + 1, f"round {rec.number} could not be replayed past {why}")
            break
        if rr.plies and rr.plies[-1].kind is PlyKind.PUSH:
            continue  # the back-entry is due: the round goes on
        rr.result = game.finish_round()

    winner = game.winner if checks_target else None
    score = dict(game.score)
    result_text = match.header("Result")
    if result_text is not None and result_text.strip() not in ("*", ""):
        claim = parse_result(result_text)
        if claim is None:
            match_diag("result", f"[Result \"{result_text}\"] is not Black's points - Gold's points (\"1-3\")", header_line("Result"))
        elif complete_replay and claim != (score[Side.BLACK], score[Side.GOLD]):
            match_diag(
                "result",
                f"the record gives {score[Side.BLACK]}-{score[Side.GOLD]} (Black-Gold), not {claim[0]}-{claim[1]}",
                header_line("Result"),
            )
    diags.sort(key=lambda d: (d.line, d.column))
    return MatchReplay(
        record=match,
        rounds=rounds,
        target=target,
        score=score,
        winner=winner,
        status=MatchStatus.COMPLETE if winner is not None else MatchStatus.IN_PROGRESS,
        diagnostics=diags,
    )
