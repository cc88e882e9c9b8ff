"""Records judged by the solver (SPEC §12, docs/analysis.md): every move of every round,
its value for the player who made it before and after it, and a mark where it changed
what the round was worth.

- ``??``: a proven win let go into a proven loss;
- ``?``: a proven win let go (into a position the solver cannot prove either way);
- ``!``: the only move that keeps a proven win (where there was a choice);
- the best move, where the one played was worse (a win let go, a slower win, a faster
  loss, a position not proven lost let go into a loss).

Forced entries (a blocked tower's forfeit, a push's back-entry) are not judged: there
was no choice. :func:`annotate` writes the judgements into the record's text as braced
comments after the moves (``{analysis: ? win 3 → unknown; best d8-d4}``), which the
reader keeps, so the annotated record validates and converts as before.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ..checking.replay import MatchReplay, PlyKind, RoundReplay, replay_match
from ..engine.position import Move, Position
from ..errors import KamisadoError
from ..io.parallel import map_in_order
from ..notation import Entry, MatchRecord, RecordFile, read_record
from .search import evaluate
from .solve import Solution, Solver

__all__ = ["MatchAnalysis", "MoveJudgement", "analyse", "annotate", "read_comment"]

#: The solver's time for each position of a record when no limit is given (seconds).
DEFAULT_TIME = 1.0
#: How a value reads: ``win 5``, ``loss 2``, ``unknown``.
_UNKNOWN = "unknown"


@dataclass(frozen=True)
class MoveJudgement:
    """One move judged: where it stands (the round's number, its ply as ``show --ply``
    counts, the entry's line and column in the file and its text as ``written``, ``None``
    for an entry the replay put in), who played it, the move (coordinates), its value for that player ``before`` and
    ``after`` (``win N``, ``loss N`` or ``unknown``), the ``mark`` (``??``, ``?``, ``!``
    or ``""``) and the ``best`` move (coordinates) where the played one was worse.
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

    def comment(self) -> str:
        """The braced comment :func:`annotate` writes after the move."""
        text = f"{self.mark + ' ' if self.mark else ''}{self.before} → {self.after}"
        if self.best is not None:
            text += f"; best {self.best}"
        return "{analysis: " + text + "}"

    def as_dict(self) -> dict[str, Any]:
        """Its fields in order, as ``analyze --json`` writes them (the entry's text left out)."""
        return {name: value for name, value in asdict(self).items() if name != "written"}


@dataclass(frozen=True)
class MatchAnalysis:
    """A match's judged moves, in the order played; ``index`` the match's place in its
    file (from 1) and ``line`` the line it starts on."""

    index: int
    line: int
    moves: list[MoveJudgement] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {"index": self.index, "line": self.line, "moves": [m.as_dict() for m in self.moves]}


def analyse(
    source: str | Path | RecordFile | MatchRecord,
    *,
    depth: int | None = None,
    time: float | None = DEFAULT_TIME,
    progress: Callable[[int], None] | None = None,
    jobs: int = 1,
) -> list[MatchAnalysis]:
    """Judge every move of every match of ``source`` (a record file's path, a read
    :class:`RecordFile`, or one :class:`MatchRecord`), each position solved within
    ``depth`` turns and ``time`` seconds (1 s by default). ``progress`` is called with
    the number of positions solved so far, after each one (with ``jobs`` above 1: the
    matches judged so far). ``jobs``: worker processes, a match each at a time
    (:func:`~kamisado_notation.io.parallel.map_in_order`); a worker that dies or raises
    is a :class:`~kamisado_notation.errors.KamisadoError` naming the match.

    >>> judged = analyse("samples/single-round.kmr", depth=8)[0].moves
    >>> [(m.move, m.before, m.after, m.mark) for m in judged][-2:]
    [('b4-b5', 'loss 2', 'loss 1', ''), ('c5-c1', 'win 1', 'win 0', '')]
    """
    if isinstance(source, MatchRecord):
        matches = [source]
    else:
        matches = (source if isinstance(source, RecordFile) else read_record(source)).matches
    counter = _Counter(progress)
    if jobs == 1 or len(matches) < 2:
        return [
            MatchAnalysis(i, match.line, _judge_match(replay_match(match), depth=depth, time=time, counter=counter))
            for i, match in enumerate(matches, 1)
        ]
    analyses = []
    numbered = list(enumerate(matches, 1))
    for (i, match), judged in map_in_order(_judge_in_worker, numbered, jobs, work=lambda item: (item[1], depth, time)):
        if not isinstance(judged, list):
            why = "its worker process died" if judged is None or judged.died else judged.error
            raise KamisadoError(f"match {i} (line {match.line}) could not be analysed: {why}")
        analyses.append(MatchAnalysis(i, match.line, judged))
        counter.tick()
    return analyses


def _judge_in_worker(work: tuple[MatchRecord, int | None, float | None]) -> list[MoveJudgement]:
    """One match judged, in a worker process."""
    match, depth, time = work
    return _judge_match(replay_match(match), depth=depth, time=time, counter=_Counter(None))


class _Counter:
    def __init__(self, report: Callable[[int], None] | None) -> None:
        self.report, self.done = report, 0

    def tick(self) -> None:
        self.done += 1
        if self.report is not None:
            self.report(self.done)


def _judge_match(match: MatchReplay, *, depth: int | None, time: float | None, counter: _Counter) -> list[MoveJudgement]:
    judged: list[MoveJudgement] = []
    for rnd in match.rounds:
        written = match.record.rounds[rnd.index].entries
        judged.extend(_judge_round(rnd, written, depth=depth, time=time, counter=counter))
    return judged


def _judge_round(rnd: RoundReplay, written: Sequence[Entry], *, depth: int | None, time: float | None, counter: _Counter) -> Iterable[MoveJudgement]:
    solver = Solver()  # one table for the round: each position's search warms the next's

    def value(pos: Position) -> Solution:
        answer = solver.solve(pos, depth=depth, time=time)
        counter.tick()
        return answer

    pos = rnd.start.copy()
    here = value(pos)
    for number, ply in enumerate(rnd.plies, 1):
        move = ply.move
        if move is None:
            return  # the replay stopped here (an error in the record)
        if ply.kind is PlyKind.BACK:
            continue  # applied with its push
        choices = pos.legal_moves()
        mover = pos.to_move
        before = _view(here)
        eval_before = evaluate(pos) if before[0] == 0 else None
        only = before[0] > 0 and len(choices) > 1 and _only_winning_move(solver, pos, choices, move, depth, time)
        pos.apply(move)
        there = value(pos)
        if ply.kind is PlyKind.FORFEIT:
            here = there
            continue
        after = _view(there, flip=pos.to_move is not mover)
        eval_after = None if after[0] else evaluate(pos) * (1 if pos.to_move is mover else -1)
        best = here.best.coords() if here.best is not None and _worse(after, before) else None
        # (an entry the replay put in or corrected is not where the text has it)
        entry = ply.entry if ply.index is not None and written[ply.index] is ply.entry else None
        judged = MoveJudgement(
            rnd.number, number, entry.line if entry else None, entry.column if entry else None,
            entry.text if entry else None, mover.name.lower(), move.coords(),
            _text(before), _text(after), _mark(before, after, only), best, eval_before, eval_after,
        )
        yield judged
        here = there


#: A value from the mover's view: (+1 win, -1 loss, 0 unknown; turns).
_Value = tuple[int, int | None]


def _view(answer: Solution, *, flip: bool = False) -> _Value:
    sign = {"win": 1, "loss": -1}.get(answer.result, 0)
    return (-sign if flip else sign, answer.turns)


def _text(value: _Value) -> str:
    """``win 5``, ``loss 2``, ``unknown``; ``win``/``loss`` alone when proven without its
    turns (the time ran out before they were found)."""
    sign, turns = value
    if sign == 0:
        return _UNKNOWN
    return f"{'win' if sign > 0 else 'loss'}{'' if turns is None else f' {turns}'}"


def _rank(value: _Value, *, played: bool) -> tuple[int, int]:
    """An order on values for the mover: a faster win, then a slower loss, is better.
    ``played``: the value after a move, one turn nearer the end than before it."""
    sign, turns = value
    turns = (turns or 0) + (1 if played else 0)
    return (sign, -turns if sign > 0 else turns)


def _worse(after: _Value, before: _Value) -> bool:
    if before[0] == 0:
        return after[0] < 0
    if after[0] == before[0] and (after[1] is None or before[1] is None):
        return False  # (the same result, one of the turns not found: no telling)
    return _rank(after, played=True) < _rank(before, played=False)


def _mark(before: _Value, after: _Value, only: bool) -> str:
    if before[0] > 0 and after[0] < 0:
        return "??"
    if before[0] > 0 and after[0] == 0:
        return "?"
    if before[0] > 0 and only:
        return "!"
    return ""


def _only_winning_move(solver: Solver, pos: Position, choices: Sequence[Move], played: Move, depth: int | None, time: float | None) -> bool:
    """Whether ``played`` is the only move of ``pos`` (whose side to move has a proven
    win) that keeps the win: every other move is solved (``pos`` is left as it was)."""
    mover = pos.to_move
    for move in choices:
        if move == played:
            continue
        pos.apply(move)
        try:
            answer = solver.solve(pos, depth=depth, time=time)
            flip = pos.to_move is not mover
        finally:
            pos.undo()
        if _view(answer, flip=flip)[0] > 0:
            return False
    return True


#: An analysis comment already written after an entry (replaced when analysed again).
_OLD_COMMENT = re.compile(r"[ \t]*\{analysis:[^{}]*\}")


def annotate(text: str, analyses: Sequence[MatchAnalysis]) -> str:
    """``text`` (a record file's text, as :func:`analyse` read it) with a comment after
    each judged move whose value before or after is proven (a move between two unknown
    positions gets none: nothing to say), replacing the comments of an earlier analysis.

    >>> print(annotate("Round 1\\n1. d8-d4 a1-a3\\n", [MatchAnalysis(1, 1, [MoveJudgement(1, 2, 2, 10, "a1-a3", "gold", "a1-a3", "win 5", "loss 4", "??", "a1-a2")])]), end="")
    Round 1
    1. d8-d4 a1-a3 {analysis: ?? win 5 → loss 4; best a1-a2}
    """
    lines = text.splitlines(keepends=True)
    by_line: dict[int, list[MoveJudgement]] = {}
    for analysis in analyses:
        for judged in analysis.moves:
            if judged.line is not None and (judged.before != _UNKNOWN or judged.after != _UNKNOWN):
                by_line.setdefault(judged.line, []).append(judged)
    for number, judgements in by_line.items():
        line = lines[number - 1]
        for judged in sorted(judgements, key=lambda j: -(j.column or 0)):
            end = (judged.column or 1) - 1 + len(judged.written or "")
            old = _OLD_COMMENT.match(line, end)
            cut = old.end() if old else end
            line = line[:end] + " " + judged.comment() + line[cut:]
        lines[number - 1] = line
    return "".join(lines)


#: An analysis comment's text (without the braces): the mark, the values, the best move.
_COMMENT = re.compile(r"analysis: (?:(\?\?|\?|!) )?(win(?: \d+)?|loss(?: \d+)?|unknown) → (win(?: \d+)?|loss(?: \d+)?|unknown)(?:; best (\S+))?\s*$")


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
