"""Validate match record files: parse, replay every match, and keep a short summary
per match (SPEC §6 ``kamisado validate``).

Files are read as a stream of matches, and each match's replay is reduced to a
:class:`MatchSummary` (its score, round results and diagnostics) before the next one is
read, so memory does not grow with the number of matches in a file.

A ``.kmr`` text goes first through the fused path (:mod:`kamisado_notation.verdict`:
lines straight into the replay, no object per entry), which gives a valid match's
summary; a match it cannot vouch for is read and replayed by the full path
(:func:`summarize`), which gives every diagnostic. ``fused=False`` sends every match
through the full path: the reports are the same (for tests and benchmarks).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .board import Side
from .diagnostics import ERROR, Diagnostic
from .display import printable
from .errors import KamisadoError
from .match import RoundResult
from .notation.record import MatchRecord, RecordFile
from .replay import MatchStatus, PlyKind
from .verdict import Judged, judge_lines

if TYPE_CHECKING:
    from .replay import MatchReplay

__all__ = [
    "FileReport",
    "MatchSummary",
    "report_json",
    "summarize",
    "summarize_judged",
    "validate_file",
    "validate_matches",
    "validate_text",
]


@dataclass(slots=True)
class MatchSummary:
    """What validation keeps of one match: where it is, whether it is valid, the score
    and the results of its rounds (``None`` for a round not finished or not replayed)."""

    index: int
    line: int
    valid: bool
    status: str
    score: dict[Side, int]
    target: int
    winner: Side | None
    rounds: list[tuple[int, RoundResult | None]]
    diagnostics: list[Diagnostic]
    #: Whose turn it is where the record stops, for a match in progress whose replay
    #: reached the end (``None`` otherwise).
    to_move: Side | None = None

    def to_json(self) -> dict[str, object]:
        from .export import colour_name, side_name

        return {
            "index": self.index,
            "line": self.line,
            "valid": self.valid,
            "status": self.status,
            "score": {"black": self.score[Side.BLACK], "gold": self.score[Side.GOLD]},
            "rounds": [
                {
                    "number": number,
                    "winner": side_name(r.winner) if r else None,
                    "by": r.by if r else None,
                    "tower": colour_name(r.tower) if r else None,
                    "points": r.points if r else 0,
                }
                for number, r in self.rounds
            ],
            "diagnostics": [d.to_json() for d in self.diagnostics],
        }


@dataclass
class FileReport:
    """One file's verdict: a summary per match, and the diagnostics that belong to no
    match (an unreadable file, stray text after the last match)."""

    path: str
    matches: list[MatchSummary] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def valid(self) -> bool:
        return not any(d.severity == ERROR for d in self.diagnostics) and all(m.valid for m in self.matches)

    def all_diagnostics(self) -> list[Diagnostic]:
        """The file's own diagnostics and every match's, in line order."""
        out = list(self.diagnostics)
        for m in self.matches:
            out.extend(m.diagnostics)
        out.sort(key=lambda d: (d.line, d.column))
        return out

    def to_json(self) -> dict[str, object]:
        return {
            "path": printable(self.path),  # a name that is not UTF-8 shown escaped, as in text
            "valid": self.valid,
            "diagnostics": [d.to_json() for d in self.diagnostics],
            "matches": [m.to_json() for m in self.matches],
        }


def summarize(match: MatchRecord) -> MatchSummary:
    """Replay ``match`` and keep only its summary."""
    from .replay import replay

    r = replay(match)
    return MatchSummary(
        to_move=_to_move(r),
        index=match.index,
        line=match.line,
        valid=r.valid,
        status=r.status,
        score=r.score,
        target=r.target,
        winner=r.winner,
        rounds=[(rr.number, rr.result) for rr in r.rounds],
        diagnostics=r.diagnostics,
    )


def summarize_judged(judged: Judged) -> MatchSummary:
    """The summary of a match the fused path read: from its verdict, or (when the fused
    path could not vouch for it) from the full path's replay."""
    v = judged.verdict
    if v is None:
        return summarize(judged.record())
    return MatchSummary(
        index=v.index,
        line=v.line,
        valid=True,
        status=v.status,
        score=v.score,
        target=v.target,
        winner=v.winner,
        rounds=v.rounds,
        diagnostics=[],
        to_move=v.to_move,
    )


def _to_move(r: MatchReplay) -> Side | None:
    """Who moves next in an unfinished match: in the last round, or the Challenger of
    the next one (the loser of the last)."""
    if r.status is MatchStatus.COMPLETE or not r.valid or not r.rounds or any(rr.stopped for rr in r.rounds):
        return None
    last = r.rounds[-1]
    if last.result is not None:
        return last.result.winner.other
    if last.plies and last.plies[-1].kind is PlyKind.PUSH:
        return last.plies[-1].side.other  # the pushed player's back-entry is due
    if last.plies:
        return last.plies[-1].side.other
    return last.start.to_move


def validate_matches(
    path: str,
    matches: Iterable[MatchRecord],
    *,
    on_match: Callable[[MatchSummary], None] | None = None,
    report: FileReport | None = None,
) -> FileReport:
    """Validate a stream of matches read from ``path`` (into ``report``, if given, so that
    what was checked before a read error is kept)."""
    return _collect(map(summarize, matches), FileReport(path) if report is None else report, on_match)


def _collect(
    summaries: Iterable[MatchSummary], report: FileReport, on_match: Callable[[MatchSummary], None] | None
) -> FileReport:
    for s in summaries:
        report.matches.append(s)
        if on_match is not None:
            on_match(s)
    return report


def validate_text(text: str, *, path: str = "<string>", fused: bool = True) -> FileReport:
    """Validate a whole record given as text (``fused``: see the module docstring)."""
    from .notation import parse_record
    from .notation.reader import block_lines

    record = RecordFile(path)
    if fused:
        judged = judge_lines(block_lines(text, record, True), path, record)
        report = _collect(map(summarize_judged, judged), FileReport(path), None)
    else:
        record = parse_record(text, path=path)
        report = validate_matches(path, record.matches)
    report.diagnostics.extend(record.errors)
    _no_match(report)
    return report


def validate_file(
    path: str, *, on_match: Callable[[MatchSummary], None] | None = None, fused: bool = True
) -> FileReport:
    """Validate the file at ``path``, one match at a time (``fused``: see the module
    docstring). A file that cannot be read gives a report with one ``io`` diagnostic;
    ``-`` is standard input (``<stdin>``)."""
    from . import notation

    report = FileReport(notation.source_name(path))
    try:
        if fused:
            summaries = _fused_summaries(path, report.diagnostics)
        else:
            summaries = map(summarize, notation.open_matches(path, errors=report.diagnostics))
        _collect(summaries, report, on_match)
    except notation.RecordIOError as e:
        report.diagnostics.append(Diagnostic("io", e.reason, 0, 0))
    except KamisadoError as e:  # unreadable text (invalid UTF-8) where no match can hold it
        report.diagnostics.append(
            Diagnostic("syntax", str(e), getattr(e, "line", 1), getattr(e, "column", 1))
        )
    _no_match(report)
    return report


def _fused_summaries(path: str, errors: list[Diagnostic]) -> Iterator[MatchSummary]:
    """The summaries of the file at ``path``, read as
    :func:`~kamisado_notation.notation.open_matches` reads it (the file's own diagnostics
    to ``errors`` at the end), each match through the fused path first."""
    from .notation.files import open_text, source_name

    record = RecordFile(source_name(path))
    opened = open_text(path, record)
    if isinstance(opened, RecordFile):  # a JSON record, read whole
        yield from map(summarize, opened.matches)
        errors.extend(opened.errors)
        return
    yield from map(summarize_judged, judge_lines(opened, record.path, record))
    errors.extend(record.errors)


def _no_match(report: FileReport) -> None:
    """A file with no match is an error (SPEC §6): an empty file is not a valid record."""
    if not report.matches and not any(d.severity == ERROR for d in report.diagnostics):
        report.diagnostics.append(Diagnostic("syntax", NO_MATCH, 1, 1))


#: The message for a file that holds no match.
NO_MATCH = "the file holds no match"


def report_json(reports: list[FileReport]) -> dict[str, object]:
    """The ``validate --json`` document of SPEC §6."""
    return {"files": [r.to_json() for r in reports]}
