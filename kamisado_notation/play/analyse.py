"""Records judged by the solver (docs/analysis.md): every move of every round,
its value for the player who made it before and after it, and a mark where it changed
what the round was worth. Every mark is a proof (each value it rests on proven by the
solver, never a search that ran out of budget):

- ``??``: a proven win let go into a proven loss (with the best move: one proven to win);
- ``?``: a proven win kept, but at least :data:`SLOW_MARGIN` turns slower than the
  fastest (the opponent gets two more moves at least);
- ``!``: the only move that keeps a proven win, where there were several and every
  other one is proven to lose (never a move home: that one is plain to see);
- the best move, where the one played is proven worse (a win let go or slowed, a loss
  hastened), written as the record writes its entries.

Forced entries (a blocked tower's forfeit, a push's back-entry) are not judged: there
was no choice. The solver's budget is counted in nodes (:data:`DEFAULT_NODES` a
position), so a record gets the same marks on any machine; a round is solved from its
end back to its start with one table, so each position's search serves the earlier
ones. :func:`annotate` writes the judgements into the record's text as braced comments
after the moves (``{analysis: ?? win 3 → loss 2; best Red Right 2 Red}``), which the
reader keeps, so the annotated record validates and converts as before.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ..checking.replay import MatchReplay, Ply, PlyKind, RoundReplay, replay_match
from ..engine.board import Side
from ..engine.position import Move, Position
from ..errors import KamisadoError
from ..io.parallel import map_in_order
from ..notation import Entry, MatchRecord, RecordFile, read_record
from ..notation.kmr.style import write_like
from .search import evaluate
from .solve import MEMORY_MB, Solution, Solver

__all__ = ["DEFAULT_NODES", "SLOW_MARGIN", "MatchAnalysis", "MoveJudgement", "RoundSummary", "analyse", "annotate", "read_comment"]

#: The solver's budget for each position of a record when none is given: positions
#: searched (the same marks on any machine; about a tenth of a second at most).
DEFAULT_NODES = 10_000
#: The turns a kept win must be slowed by to be marked ``?``: two of the opponent's moves.
SLOW_MARGIN = 4
#: How a value reads: ``win 5``, ``loss 2``, ``unknown``.
_UNKNOWN = "unknown"
_GOAL = {Side.BLACK: 0, Side.GOLD: 7}  # the rank each side must reach (M7)


@dataclass(frozen=True)
class MoveJudgement:
    """One move judged: where it stands (the round's number, its ply as ``show --ply``
    counts, the entry's line and column in the file and its text as ``written``, ``None``
    for an entry the replay put in), who played it, the move (coordinates), its value for that player ``before`` and
    ``after`` (``win N``, ``loss N`` or ``unknown``), the ``mark`` (``??``, ``?``, ``!``
    or ``""``) and the ``best`` move (coordinates) where the played one was proven
    worse, with ``best_written``, the same move as the record writes its entries.
    ``eval_before``/``eval_after``: the built-in engine's evaluation
    (:func:`~.search.evaluate`, points for the mover) where the value is unknown."""

    round: int
    ply: int
    line: int | None
    column: int | None
    written: str | None
    side: str
    move: str
    before: str
    after: str
    mark: str = ""
    best: str | None = None
    eval_before: int | None = None
    eval_after: int | None = None
    best_written: str | None = None

    def comment(self) -> str:
        """The braced comment :func:`annotate` writes after the move."""
        text = f"{self.mark + ' ' if self.mark else ''}{self.before} → {self.after}"
        if self.best is not None:
            text += f"; best {self.best_written or self.best}"
        return "{analysis: " + text + "}"

    def as_dict(self) -> dict[str, Any]:
        """Its fields in order, as ``analyze --json`` writes them (the entry's text left out)."""
        return {name: value for name, value in asdict(self).items() if name != "written"}


@dataclass(frozen=True)
class RoundSummary:
    """What decided a round, as a player reads it: the ``round``'s number, the entry
    where the last proven win was let go into a proven loss (its ``ply``, the ``side``
    that played it, its place among that side's entries of the round, ``entry``, from 1,
    and the judgement), or ``None`` for each when no such move is proven."""

    round: int
    ply: int | None = None
    side: str | None = None
    entry: int | None = None
    judgement: MoveJudgement | None = None

    def text(self) -> str:
        """``round 3 was lost at Gold's 5th entry, Red Right 2 Red (win in 7 → loss in 4)``."""
        judged = self.judgement
        if judged is None or self.side is None or self.entry is None:
            return f"round {self.round}: no proven win was let go"
        written = f", {judged.written}" if judged.written else f", {judged.move}"
        best = f"; best {judged.best_written or judged.best}" if judged.best else ""
        return (
            f"round {self.round} was lost at {self.side.title()}'s {_ordinal(self.entry)} entry{written} "
            f"({_in(judged.before)} → {_in(judged.after)}{best})"
        )

    def as_dict(self) -> dict[str, Any]:
        return {"round": self.round, "ply": self.ply, "side": self.side, "entry": self.entry, "text": self.text()}


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _in(value: str) -> str:
    """``win 7`` as ``win in 7``."""
    word, _, turns = value.partition(" ")
    return f"{word} in {turns}" if turns else word


@dataclass(frozen=True)
class MatchAnalysis:
    """A match's judged moves, in the order played; ``index`` the match's place in its
    file (from 1) and ``line`` the line it starts on; ``rounds``, what decided each
    round (:class:`RoundSummary`)."""

    index: int
    line: int
    moves: list[MoveJudgement] = field(default_factory=list)
    rounds: list[RoundSummary] = field(default_factory=list)
    #: What the analysis kept at most, counted in entries as its bound of memory counts
    #: them (:class:`~.solve.Solver`'s ``table_size``, ``proof_table.size``,
    #: ``proof_nodes``): the transposition table's entries, the proof table's, and the
    #: nodes one proof-number search held at once, each the most over the match's
    #: positions.
    kept: tuple[int, int, int] = (0, 0, 0)

    def as_dict(self) -> dict[str, Any]:
        return {"index": self.index, "line": self.line, "moves": [m.as_dict() for m in self.moves], "rounds": [r.as_dict() for r in self.rounds]}


#: The solver's limits for a record: depth (turns), time (seconds), nodes (positions),
#: memory (megabytes, each solver's).
_Limits = tuple[int | None, float | None, int | None, int]
#: A match's judged rounds (their numbers and moves), and what its solvers kept at most.
_Judged = tuple[list[tuple[int, list[MoveJudgement]]], tuple[int, int, int]]


def analyse(
    source: str | Path | RecordFile | MatchRecord,
    *,
    depth: int | None = None,
    time: float | None = None,
    nodes: int | None = DEFAULT_NODES,
    progress: Callable[[int, int], None] | None = None,
    jobs: int = 1,
    memory: int = MEMORY_MB,
) -> list[MatchAnalysis]:
    """Judge every move of every match of ``source`` (a record file's path, a read
    :class:`RecordFile`, or one :class:`MatchRecord`), each position solved within
    ``depth`` turns, ``time`` seconds and ``nodes`` positions searched
    (:data:`DEFAULT_NODES` by default; ``None`` for no limit). A limit of time makes the
    answers depend on the machine; one of nodes does not. ``progress`` is called with
    the moves judged so far and their total, after each one (with ``jobs`` above 1: the
    matches judged so far and their number). ``jobs``: worker processes, a match each
    at a time (:func:`~kamisado_notation.io.parallel.map_in_order`); a worker that dies
    or raises is a :class:`~kamisado_notation.errors.KamisadoError` naming the match.
    ``memory``: the megabytes the solver's tables may keep, counted in
    entries as :class:`~.solve.Solver` counts them (default :data:`~.solve.MEMORY_MB`;
    with ``jobs`` above 1, shared among the workers: each solver gets ``memory // jobs``,
    at least 1); :attr:`MatchAnalysis.kept` says what was kept. A bad value is an
    :class:`~kamisado_notation.errors.ArgumentError`.

    >>> judged = analyse("samples/single-round.kmr", depth=8)[0].moves
    >>> [(m.move, m.before, m.after, m.mark) for m in judged][-2:]
    [('b4-b5', 'loss 2', 'loss 1', ''), ('c5-c1', 'win 1', 'win 0', '')]
    """
    Solver(memory=memory)  # (checks the bound: an ArgumentError before any work)
    if isinstance(source, MatchRecord):
        matches = [source]
    else:
        matches = (source if isinstance(source, RecordFile) else read_record(source)).matches
    workers = jobs > 1 and len(matches) > 1
    limits: _Limits = (depth, time, nodes, max(1, memory // jobs) if workers else memory)
    return _analyse_in_workers(matches, limits, jobs, progress) if workers else _analyse_here(matches, limits, progress)


def _analyse_here(matches: list[MatchRecord], limits: _Limits, progress: Callable[[int, int], None] | None) -> list[MatchAnalysis]:
    """:func:`analyse` in this process: ``progress`` told of each move judged."""
    replays = [replay_match(match) for match in matches]
    counter = _Counter(progress, sum(_position_count(rnd) for replay in replays for rnd in replay.rounds))
    return [_analysed(i, match.line, _judge_match(replay, limits, counter)) for i, (match, replay) in enumerate(zip(matches, replays, strict=True), 1)]


def _analyse_in_workers(matches: list[MatchRecord], limits: _Limits, jobs: int, progress: Callable[[int, int], None] | None) -> list[MatchAnalysis]:
    """:func:`analyse` in ``jobs`` worker processes, a match each at a time: ``progress``
    told of each match judged; a worker that dies or raises is a KamisadoError."""
    counter = _Counter(progress, len(matches))
    analyses = []
    numbered = list(enumerate(matches, 1))
    for (i, match), judged in map_in_order(_judge_in_worker, numbered, jobs, work=lambda item: (item[1], limits)):
        if not isinstance(judged, tuple):
            why = "its worker process died" if judged is None or judged.died else judged.error
            raise KamisadoError(f"match {i} (line {match.line}) could not be analysed: {why}")
        analyses.append(_analysed(i, match.line, judged))
        counter.tick()
    return analyses


def _analysed(index: int, line: int, judged: _Judged) -> MatchAnalysis:
    rounds, kept = judged
    moves = [judgement for _, round_moves in rounds for judgement in round_moves]
    return MatchAnalysis(index, line, moves, [_summary(number, round_moves) for number, round_moves in rounds], kept)


def _judge_in_worker(work: tuple[MatchRecord, _Limits]) -> _Judged:
    """One match judged, in a worker process."""
    match, limits = work
    return _judge_match(replay_match(match), limits, _Counter(None, 0))


class _Counter:
    def __init__(self, report: Callable[[int, int], None] | None, total: int) -> None:
        self.report, self.done, self.total = report, 0, total

    def tick(self) -> None:
        self.done += 1
        if self.report is not None:
            self.report(self.done, self.total)


def _position_count(rnd: RoundReplay) -> int:
    """The positions of a round :func:`_judge_round` solves (as far as the replay reached):
    its start and one after each turn."""
    count = 1
    for ply in rnd.plies:
        if ply.move is None:
            break
        count += ply.kind is not PlyKind.BACK
    return count


def _judge_match(match: MatchReplay, limits: _Limits, counter: _Counter) -> _Judged:
    kept = [0, 0, 0]
    rounds = [(rnd.number, _judge_round(rnd, match.record.rounds[rnd.index].entries, limits, counter, kept)) for rnd in match.rounds]
    return rounds, (kept[0], kept[1], kept[2])


def _summary(number: int, judged: Sequence[MoveJudgement]) -> RoundSummary:
    """The round's last proven win let go into a proven loss: what decided it."""
    last = next((j for j in reversed(judged) if j.mark == "??"), None)
    if last is None:
        return RoundSummary(number)
    entry = sum(1 for j in judged if j.side == last.side and j.ply <= last.ply)
    return RoundSummary(number, last.ply, last.side, entry, last)


def _judge_round(rnd: RoundReplay, written: Sequence[Entry], limits: _Limits, counter: _Counter, kept: list[int]) -> list[MoveJudgement]:
    """The round's moves judged: its positions solved from the end back to the start
    with one solver (its table serves each earlier position), then each move judged;
    ``kept`` raised to what the solver keeps after each position."""
    depth, time, nodes, memory = limits
    solver = Solver(memory=memory)

    def look(depth: int = 0, nodes: int = 0) -> None:  # (after each depth and proof, and each position)
        kept[:] = max(kept[0], len(solver.table)), max(kept[1], len(solver.proof_table)), max(kept[2], solver.peak_proof_nodes)

    solver.progress = look

    def value(pos: Position) -> Solution:
        answer = solver.solve(pos, depth=depth, time=time, nodes=nodes)
        look()
        return answer

    def counted(pos: Position) -> Solution:
        answer = value(pos)
        counter.tick()
        return answer

    positions, plies = _played_positions(rnd)
    values: list[Solution] = [counted(p) for p in reversed(positions)][::-1]
    judged: list[MoveJudgement] = []
    for k in range(len(plies) - 1, -1, -1):  # (backwards too: the alternatives' searches share the table in the same order)
        number, ply = plies[k]
        if ply.kind is not PlyKind.FORFEIT:
            judge = _PlyJudge(value, written, (positions[k], positions[k + 1]), (values[k], values[k + 1]))
            judged.append(judge.judgement(rnd.number, number, ply))
    judged.reverse()
    return judged


def _played_positions(rnd: RoundReplay) -> tuple[list[Position], list[tuple[int, Ply]]]:
    """The round's positions from its start to after each move played (a push's
    back-entry is played with its push), and the plies of those moves with their
    numbers, up to where the replay stopped (an error in the record)."""
    pos = rnd.start.copy()
    positions = [pos.copy()]
    plies = []
    for number, ply in enumerate(rnd.plies, 1):
        if ply.move is None:
            break  # the replay stopped here (an error in the record)
        if ply.kind is PlyKind.BACK:
            continue  # applied with its push
        pos.apply(ply.move)
        positions.append(pos.copy())
        plies.append((number, ply))
    return positions, plies


@dataclass(frozen=True)
class _PlyJudge:
    """What judging one move needs: the solver (``value``), the round's entries as
    written, and the positions before and after the move with their values."""

    value: Callable[[Position], Solution]
    written: Sequence[Entry]
    positions: tuple[Position, Position]
    values: tuple[Solution, Solution]

    def judgement(self, round_number: int, number: int, ply: Ply) -> MoveJudgement:
        (before_pos, after_pos), (here, there) = self.positions, self.values
        move, mover = ply.move, before_pos.to_move
        before = _view(here)
        after = _view(there, flip=after_pos.to_move is not mover)
        only = _only_winning_move(self.value, before_pos, move, before, after)
        best = _better(here, move, before, after)
        best_coords = best.coords() if best is not None else None
        entry, best_written = self._written(ply, best)
        return MoveJudgement(
            round_number, number, *_place(entry), mover.name.lower(), move.coords(),
            _text(before), _text(after), _mark(before, after, only, best), best_coords,
            evaluate(before_pos) if before[0] == 0 else None,
            None if after[0] else evaluate(after_pos) * (1 if after_pos.to_move is mover else -1),
            best_written if best_written != best_coords else None,
        )

    def _written(self, ply: Ply, best: Move | None) -> tuple[Entry | None, str | None]:
        """The entry ``ply`` is where the record has it, and ``best`` as the record
        writes its entries; ``None`` for an entry the replay put in or corrected (it is
        not where the text has it)."""
        written = self.written
        if ply.index is None or written[ply.index] is not ply.entry:
            return None, None
        return ply.entry, write_like(ply.entry, best, written) if best is not None else None


def _better(here: Solution, played: Move, before: _Value, after: _Value) -> Move | None:
    """The solver's best move in the position before ``played`` (``here``), where the
    move played is proven worse (values ``before`` and ``after`` it); else ``None``."""
    best = here.best
    return best if best is not None and best != played and _worse(after, before) else None


def _place(entry: Entry | None) -> tuple[int | None, int | None, str | None]:
    """An entry's line, column and text (``None`` each for no entry)."""
    return (entry.line, entry.column, entry.text) if entry is not None else (None, None, None)


#: A value from the mover's view: (+1 win, -1 loss, 0 unknown; turns).
_Value = tuple[int, int | None]


def _view(answer: Solution, *, flip: bool = False) -> _Value:
    sign = {"win": 1, "loss": -1}.get(answer.result, 0)
    return (-sign if flip else sign, answer.turns)


def _text(value: _Value) -> str:
    """``win 5``, ``loss 2``, ``unknown``; ``win``/``loss`` alone when proven without its
    turns (the budget ran out before they were found)."""
    sign, turns = value
    if sign == 0:
        return _UNKNOWN
    return f"{'win' if sign > 0 else 'loss'}{'' if turns is None else f' {turns}'}"


def _delay(after: _Value, before: _Value) -> int | None:
    """The turns the played move lost against the best, when both values are proven
    alike with their turns: a win slowed, a loss hastened (0: none)."""
    if after[0] != before[0] or after[0] == 0 or after[1] is None or before[1] is None:
        return None
    fastest = before[1] - 1  # (the value after a move is one turn nearer the end)
    return after[1] - fastest if after[0] > 0 else fastest - after[1]


def _worse(after: _Value, before: _Value) -> bool:
    """Whether the move played is proven worse than the best: a proven win let go into a
    proven loss, or a proven value made slower (a win) or faster (a loss)."""
    if before[0] > 0 and after[0] < 0:
        return True
    delay = _delay(after, before)
    return delay is not None and delay > 0


def _mark(before: _Value, after: _Value, only: bool, best: Move | None) -> str:
    """``??`` for a proven win let go into a proven loss, ``?`` for one slowed by
    :data:`SLOW_MARGIN` turns or more (each where a better move is known, ``best``), ``!``
    for the only move that keeps a proven win (``only``); else nothing."""
    if best is not None and before[0] > 0:
        if after[0] < 0:
            return "??"
        delay = _delay(after, before)
        if delay is not None and delay >= SLOW_MARGIN:
            return "?"
    return "!" if only else ""


def _only_winning_move(value: Callable[[Position], Solution], pos: Position, played: Move, before: _Value, after: _Value) -> bool:
    """Whether ``played`` is the only move of ``pos`` that keeps the mover's proven win:
    there are several, ``played`` is proven to win and is not a move home, and every
    other move is proven to lose (``pos`` is left as it was)."""
    mover = pos.to_move
    if before[0] <= 0 or after[0] <= 0 or played.target >> 3 == _GOAL[mover]:
        return False
    choices = pos.legal_moves()
    if len(choices) < 2:
        return False
    return all(_proven_to_lose(value, pos, move) for move in choices if move != played)


def _proven_to_lose(value: Callable[[Position], Solution], pos: Position, move: Move) -> bool:
    """Whether ``move`` is proven to lose for the side to move in ``pos`` (not proven to
    win nor left unproven); ``pos`` is left as it was."""
    mover = pos.to_move
    pos.apply(move)
    try:
        answer = value(pos)
        flip = pos.to_move is not mover
    finally:
        pos.undo()
    return _view(answer, flip=flip)[0] < 0


#: An analysis comment already written after an entry (replaced when analysed again).
_OLD_COMMENT = re.compile(r"[ \t]*\{analysis:[^{}]*\}")
#: What the reader takes as part of the entry it follows: punctuation and chess marks
#: written onto it (``Red Right 2 Red?!``, ``Pink,``), or a chess mark standing apart
#: after it (``Yellow  !?``). The comment goes after them: between an entry and its mark
#: it would leave the mark standing alone, no longer read as the entry's.
_ATTACHED = re.compile(r"(?:[,.;!?]+(?=\s|\{|$))?(?:[ \t]+[!?]{1,2}(?=\s|\{|$))?")


def annotate(text: str, analyses: Sequence[MatchAnalysis]) -> str:
    """``text`` (a record file's text, as :func:`analyse` read it) with a comment after
    each judged move whose value before or after is proven (a move between two unknown
    positions gets none: nothing to say), replacing the comments of an earlier analysis.

    >>> print(annotate("Round 1\\n1. d8-d4 a1-a3\\n", [MatchAnalysis(1, 1, [MoveJudgement(1, 2, 2, 10, "a1-a3", "gold", "a1-a3", "win 5", "loss 4", "??", "a1-a2")])]), end="")
    Round 1
    1. d8-d4 a1-a3 {analysis: ?? win 5 → loss 4; best a1-a2}
    """
    lines = text.splitlines(keepends=True)
    for number, judgements in _said_by_line(analyses).items():
        line = lines[number - 1]
        for judged in sorted(judgements, key=lambda j: -(j.column or 0)):
            line = _commented(line, judged)
        lines[number - 1] = line
    return "".join(lines)


def _said_by_line(analyses: Sequence[MatchAnalysis]) -> dict[int, list[MoveJudgement]]:
    """The judgements of ``analyses`` that have something to say (a value before or
    after proven), by the line of their move."""
    by_line: dict[int, list[MoveJudgement]] = {}
    for analysis in analyses:
        for judged in analysis.moves:
            if judged.line is not None and (judged.before != _UNKNOWN or judged.after != _UNKNOWN):
                by_line.setdefault(judged.line, []).append(judged)
    return by_line


def _commented(line: str, judged: MoveJudgement) -> str:
    """``line`` with ``judged``'s comment after its move (and after the marks attached to
    it), in place of an earlier analysis's comment there."""
    end = (judged.column or 1) - 1 + len(judged.written or "")
    attached = _ATTACHED.match(line, end)
    end = attached.end() if attached else end
    old = _OLD_COMMENT.match(line, end)
    cut = old.end() if old else end
    return line[:end] + " " + judged.comment() + line[cut:]


#: An analysis comment's text (without the braces): the mark, the values, the best move.
_COMMENT = re.compile(r"analysis: (?:(\?\?|\?|!) )?(win(?: \d+)?|loss(?: \d+)?|unknown) → (win(?: \d+)?|loss(?: \d+)?|unknown)(?:; best (\S.*?))?\s*$")


def read_comment(text: str) -> tuple[str, str, str, str | None] | None:
    """An ``{analysis: …}`` comment read back (``text`` without the braces): the mark,
    the value before and after for the mover, and the best move; ``None`` for another
    comment. The web page shows a record's analysis from its comments.

    >>> read_comment("analysis: ?? win 9 → loss 11; best e1-e6")
    ('??', 'win 9', 'loss 11', 'e1-e6')
    >>> read_comment("a comment of one's own") is None
    True
    """
    found = _COMMENT.match(text.strip())
    if found is None:
        return None
    mark, before, after, best = found.groups()
    return mark or "", before, after, best
