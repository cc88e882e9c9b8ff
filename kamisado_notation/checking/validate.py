"""Validate match record files: parse, replay every match, and keep a short summary
per match (README: ``kamisado validate``).

Files are read as a stream of matches, and each match's replay is reduced to a
:class:`MatchSummary` (its score, round results and diagnostics) before the next one is
read. :func:`validate_stream` gives a file's summaries one at a time
(:class:`FileReportStream`), so memory does not grow with the number of matches;
:func:`validate_file` collects them into a :class:`FileReport`. A ``.kmr`` file is read
in blocks of whole matches (:mod:`~kamisado_notation.notation.files.blocks`, cut as the one
opener reads it: standard input and pipes too), each a pure function of its bytes
(:func:`validate_block`), so blocks can go to worker processes (:func:`validate_paths`
with ``jobs``, through :mod:`kamisado_notation.io.parallel`, which keeps every result
when a worker dies) or to a cluster (:mod:`kamisado_notation.checking.distributed`) and their
reports be put back together in order with the same result as reading the file in one
go (see :func:`merge_blocks`).

A ``.kmr`` text goes first through the fused path (:mod:`kamisado_notation.checking.verdict`:
lines straight into the replay, no object per entry), which gives a valid match's
summary; a match it cannot vouch for is read and replayed by the full path
(:func:`summarize`), which gives every diagnostic. Inside
:func:`~kamisado_notation.notation.kmr.fast_paths.general_paths` every match goes through the
full path: the reports are the same (for tests and benchmarks).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from itertools import chain
from typing import TYPE_CHECKING, TextIO

from ..diagnostics import Diagnostic, Kind, Severity, cut_after_decided, has_error, read_by_evidence
from ..display import json_text, printable
from ..engine.board import Side
from ..engine.match import RoundResult
from ..errors import RecordIOError
from ..notation.files.blocks import Block, decode_block
from ..notation.files.encodings import ENCODING_RULE
from ..notation.kmr.assembly import Assembler
from ..notation.kmr.fast_paths import validating_fast
from ..notation.kmr.line_reader import Reader
from ..notation.kmr.numbered import as_read
from ..notation.record import MatchRecord, RecordFile
from ..notation.text import TEXT_RULE
from .matches import next_round
from .replayed import MatchStatus
from .verdict import Judge, Judged, judge_lines

if TYPE_CHECKING:
    from ..io.parallel import Failure
    from ..notation.files.opening import JsonMatches
    from .replayed import MatchReplay
    from .reread import Reread

__all__ = [
    "NO_MATCH",
    "VALIDATE_BLOCK_BYTES",
    "BlockReport",
    "FileReport",
    "FileReportStream",
    "MatchSummary",
    "judged_summaries",
    "merge_blocks",
    "numbered",
    "report_json",
    "summaries",
    "summarize",
    "summarize_judged",
    "summary_of",
    "validate_block",
    "validate_file",
    "validate_matches",
    "validate_paths",
    "validate_stream",
    "validate_text",
    "write_report_json",
]

#: The size of the blocks a ``.kmr`` file is validated in (a block's summaries are held
#: until the next block shows where its last match ends).
VALIDATE_BLOCK_BYTES = 256 * 1024


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
    #: The match's headers, name to value in the order written; a name written again
    #: (without case) keeps its first value (:meth:`Headers.as_dict`).
    headers: dict[str, str] = field(default_factory=dict)
    #: The match in our notation, where it was read again against the legal moves to
    #: its end (:mod:`.reread`): what ``fix`` writes of it.
    read_again: str | None = None

    def to_json(self) -> dict[str, object]:
        return {
            "index": self.index,
            "line": self.line,
            "headers": self.headers,
            "valid": self.valid,
            "status": self.status,
            "score": {"black": self.score[Side.BLACK], "gold": self.score[Side.GOLD]},
            "rounds": [_round_json(number, r) for number, r in self.rounds],
            "diagnostics": [d.to_json() for d in self.diagnostics],
        }


def _round_json(number: int, r: RoundResult | None) -> dict[str, object]:
    """Round ``number`` of a summary as ``--json`` writes it: who won it, how, with which
    tower and for how many points (``None`` and 0 for a round not finished)."""
    from ..notation.export import colour_name, side_name

    if r is None:
        return {"number": number, "winner": None, "by": None, "tower": None, "points": 0}
    return {"number": number, "winner": side_name(r.winner), "by": r.by, "tower": colour_name(r.tower), "points": r.points}


@dataclass
class FileReport:
    """One file's verdict: a summary per match, and the diagnostics that belong to no
    match (an unreadable file, stray text after the last match)."""

    path: str
    matches: list[MatchSummary] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def valid(self) -> bool:
        return not has_error(self.diagnostics) and all(m.valid for m in self.matches)

    def all_diagnostics(self) -> list[Diagnostic]:
        """The file's own diagnostics and every match's, in line order."""
        out = list(self.diagnostics)
        for m in self.matches:
            out.extend(m.diagnostics)
        out.sort(key=lambda d: (d.line, d.column))
        return out

    def written_again(self) -> tuple[str, list[Diagnostic]] | None:
        """The record of the file's one match in our notation, where it was read again
        against the legal moves to its end (what ``fix`` writes of it), and every
        diagnostic; else ``None``."""
        if len(self.matches) != 1 or self.matches[0].read_again is None:
            return None
        return self.matches[0].read_again, self.all_diagnostics()

    def to_json(self) -> dict[str, object]:
        return {
            "path": printable(self.path),  # a name that is not UTF-8 shown escaped, as in text
            "valid": self.valid,
            "diagnostics": [d.to_json() for d in self.diagnostics],
            "matches": [m.to_json() for m in self.matches],
        }


def summarize(match: MatchRecord) -> MatchSummary:
    """Replay ``match`` and keep only its summary (the match as read: for the matches it
    holds, another pasted in without headers counted as one, :func:`summaries`)."""
    from .replay import replay_match

    return summary_of(replay_match(match))


def summaries(match: MatchRecord) -> list[MatchSummary]:
    """The summaries of the matches ``match`` holds (one, or more where another match
    was pasted in without headers: :mod:`.matches`), numbered from ``match.index``."""
    from .matches import replay_matches

    return [summary_of(r) for r in replay_matches(match)]


def numbered(groups: Iterable[list[MatchSummary]]) -> Iterator[MatchSummary]:
    """The summaries of a stream of matches as read (a list for each), numbered in file
    order: each after a match that held more than one numbered that much more."""
    added = 0
    for group in groups:
        for s in group:
            _shift(s, added)
            yield s
        added += len(group) - 1


def _shift(s: MatchSummary, added: int) -> None:
    """Number ``s`` and its diagnostics ``added`` more."""
    if added:
        s.index += added
        s.diagnostics = [d if d.match is None else replace(d, match=d.match + added) for d in s.diagnostics]


def summary_of(r: MatchReplay) -> MatchSummary:
    """What validation keeps of a match already replayed (the web page's standings
    count the replays it shows)."""
    match = r.record
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
        headers=match.headers.as_dict(),
    )


def judged_summaries(judged: Judged) -> list[MatchSummary]:
    """:func:`summarize_judged`, for every match it holds (:func:`summaries`): the fused
    path's verdict vouches for one match only."""
    return [summarize_judged(judged)] if judged.verdict is not None else summaries(judged.record())


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
        headers=v.headers,
    )


def _to_move(r: MatchReplay) -> Side | None:
    """Who moves next in an unfinished match: in the last round, or the Challenger of
    the next one (the loser of the last)."""
    if not _open_to_its_end(r):
        return None
    last = r.rounds[-1]
    if last.result is not None:
        return last.result.winner.other
    if last.plies:
        return last.plies[-1].side.other  # (after a push: the pushed player, whose back-entry is due)
    return last.start.to_move


def _open_to_its_end(r: MatchReplay) -> bool:
    """Whether the match ``r`` is undecided and was replayed to where its record stops:
    valid, with a round at least, none stopped."""
    return r.status is not MatchStatus.COMPLETE and r.valid and bool(r.rounds) and not any(rr.stopped for rr in r.rounds)


def validate_matches(
    path: str,
    matches: Iterable[MatchRecord],
    *,
    on_match: Callable[[MatchSummary], None] | None = None,
    report: FileReport | None = None,
) -> FileReport:
    """Validate a stream of matches read from ``path`` (into ``report``, if given, so that
    what was checked before a read error is kept)."""
    return _collect(numbered(map(summaries, matches)), FileReport(path) if report is None else report, on_match)


def _collect(
    summaries: Iterable[MatchSummary], report: FileReport, on_match: Callable[[MatchSummary], None] | None
) -> FileReport:
    for s in summaries:
        report.matches.append(s)
        if on_match is not None:
            on_match(s)
    return report


def validate_text(text: str, *, path: str = "<string>") -> FileReport:
    r"""Validate a whole record given as text.

    >>> report = validate_text("Round 1\n1. Pink Forward 4 Brown  Brown Forward 3 Purple", path="x.kmr")
    >>> report.valid
    False
    >>> [d.rule for m in report.matches for d in m.diagnostics]
    ['square']
    """
    from ..notation.kmr.reader import block_lines, read_lines

    record = RecordFile(path)
    lines = block_lines(text, record, True)  # (read once: by the fast verdict, or by the record builder)
    if validating_fast():
        judged = judge_lines(lines, path, record)
        report = _collect(numbered(map(judged_summaries, judged)), FileReport(path), None)
    else:
        report = validate_matches(path, read_lines(lines, path, record))
    if reading_again():
        report.matches, leading = read_again(report.matches, text.splitlines(), 1, path, record.errors)
        record.errors[:] = leading
    report.diagnostics.extend(record.errors)
    report.diagnostics += _no_match(len(report.matches), report.diagnostics)
    return report


def validate_file(
    path: str, *, on_match: Callable[[MatchSummary], None] | None = None, encoding: str | None = None
) -> FileReport:
    """Validate the file at ``path`` (``-``: standard input, named ``<stdin>``) and keep
    every match's summary (for a file of millions of matches, :func:`validate_stream`
    holds one at a time). A file that cannot be
    read gives a report with one ``io`` diagnostic; what belongs to no match (errors
    before the first match, a line too long, binary data) is among the report's own
    diagnostics. ``encoding``: the file's, when it is not UTF-8
    (:func:`~kamisado_notation.notation.files.opening.stream_record`).

    >>> report = validate_file("samples/standard-match.kmr")
    >>> report.valid, len(report.matches)
    (True, 1)
    """
    return validate_stream(path, encoding=encoding).report(on_match=on_match)


class FileReportStream:
    """One file's validation as a stream: iterate it once for the match summaries, in
    order; then :attr:`diagnostics` (what belongs to no match) and the counts are
    complete. They are found as the file is read, each before the first summary of a
    match that starts below its line (see :func:`in_line_order`): ``errors``, the
    reading's (a line too long, binary data or an invalid byte that ended the reading);
    ``leading``, the syntax errors written before the first match (known with the first
    summary); ``closing``, what is known only at the end (a file that cannot be read, or
    no further; a file with no match)."""

    def __init__(self, path: str, summaries: Callable[[FileReportStream], Iterator[MatchSummary]]) -> None:
        self.path = path
        self.errors: list[Diagnostic] = []
        self.leading: list[Diagnostic] = []
        self.closing: list[Diagnostic] = []
        self.matches = 0
        self.valid_matches = 0
        self.complete = 0
        self._summaries = summaries(self)

    def __iter__(self) -> Iterator[MatchSummary]:
        for s in self._summaries:
            self.matches += 1
            self.valid_matches += s.valid
            self.complete += s.status is MatchStatus.COMPLETE
            yield s
        self.closing += _no_match(self.matches, self.diagnostics)

    @property
    def diagnostics(self) -> list[Diagnostic]:
        """The file's own diagnostics, in the order of the README's JSON (as the whole file
        read in one go gives them)."""
        return self.errors + self.leading + self.closing

    @property
    def valid(self) -> bool:
        """Whether the file and all its matches are valid (once iterated)."""
        return self.valid_matches == self.matches and not has_error(self.diagnostics)

    def report(self, *, on_match: Callable[[MatchSummary], None] | None = None) -> FileReport:
        """Iterate the validation into a :class:`FileReport` (every summary kept)."""
        report = _collect(self, FileReport(self.path), on_match)
        report.diagnostics.extend(self.diagnostics)
        return report


def in_line_order(fv: FileReportStream) -> Iterator[tuple[MatchSummary | None, list[Diagnostic]]]:
    """Iterate ``fv``: ``(summary, diagnostics)`` for each match, then ``(None,
    diagnostics)``, where the diagnostics, given in turn, are the file's and its
    matches' in line order (as :meth:`FileReport.all_diagnostics` orders them) as soon as
    they are surely in place: a match's come with the next summary, among the file's
    own above that one. One known only at the end (an ``io`` diagnostic: a read that
    failed part-way) comes last."""
    held: list[Diagnostic] = []  # the last match's
    pending: list[Diagnostic] = []  # the file's, not given yet
    seen = 0
    for s in fv:
        pending += fv.errors[seen:] + (fv.leading if s.index == 1 else [])
        seen = len(fv.errors)
        early = [d for d in pending if d.line < s.line]
        pending = [d for d in pending if d.line >= s.line]
        yield s, sorted(early + held, key=_line_order)
        held = s.diagnostics
    rest = fv.errors[seen:] + (fv.leading if not fv.matches else [])
    yield None, sorted(pending + rest + fv.closing + held, key=_line_order)


def _line_order(d: Diagnostic) -> tuple[int, int]:
    return d.line, d.column


def validate_stream(
    path: str, *, size: int = VALIDATE_BLOCK_BYTES, encoding: str | None = None
) -> FileReportStream:
    """Validate the file at ``path`` (``-``: standard input) one block of matches at a
    time, in this process (a JSON record a match at a time; ``encoding``: as for
    :func:`validate_file`)."""
    from ..notation.files.opening import source_name

    return FileReportStream(source_name(path), lambda fv: _stream_summaries(path, size, fv, encoding))


def _stream_summaries(
    path: str, size: int, fv: FileReportStream, encoding: str | None
) -> Iterator[MatchSummary]:
    from ..notation.files.opening import JsonMatches, open_blocks

    try:
        source = open_blocks(path, size=size, encoding=encoding)
    except RecordIOError as e:
        fv.closing.append(_io(e.reason))
        return
    if isinstance(source, JsonMatches):
        yield from _record_summaries(source, fv)
        return
    yield from merge_blocks(((block, validate_block(block)) for block in source), fv)


def _record_summaries(source: JsonMatches, fv: FileReportStream) -> Iterator[MatchSummary]:
    """The summaries of a JSON record's matches as they are read; its own diagnostics
    (a fault that ended the reading) once they are."""
    yield from numbered(map(summaries, source.matches))
    fv.errors.extend(source.record.errors)


def _io(reason: str) -> Diagnostic:
    """The diagnostic of a file that cannot be read (or no further)."""
    return Diagnostic("io", reason, 0, 0)


#: What validates a block in a worker process (:func:`validate_paths`): a module-level
#: function of a :class:`Block`.
BlockWorker = Callable[[Block], "BlockReport"]


def validate_paths(
    paths: Iterable[str],
    *,
    jobs: int = 1,
    size: int = VALIDATE_BLOCK_BYTES,
    worker: BlockWorker | None = None,
    encoding: str | None = None,
) -> Iterator[FileReportStream]:
    """Validate the files ``paths`` in order (``-``: standard input), with ``jobs`` worker
    processes sharing out the blocks of every file (so one large file uses them all);
    the results are those of ``jobs=1``. A block whose worker dies (killed, out of
    memory) or fails ends its file's validation with an ``io`` diagnostic that says so;
    every other file gets its real result. Each file's :class:`FileReportStream` must be
    iterated before the next. ``worker``: :func:`validate_block` unless given;
    ``encoding``: the files', as for :func:`validate_file`."""
    paths = list(paths)
    if jobs <= 1:
        yield from (validate_stream(p, size=size, encoding=encoding) for p in paths)
        return
    from itertools import groupby

    from ..io.parallel import map_in_order
    from ..notation.files.opening import source_name

    def work(item: tuple[int, object]) -> Block | None:
        return item[1] if isinstance(item[1], Block) else None

    done = map_in_order(worker or validate_block, _blocks_of(paths, size, encoding), jobs, work=work)
    for number, items in groupby(done, key=lambda pair: pair[0][0]):
        yield _validation(source_name(paths[number]), items)


def _blocks_of(paths: list[str], size: int, encoding: str | None) -> Iterator[tuple[int, object]]:
    """``(file number, Block)`` for every block of every ``.kmr`` file, read in this
    process; a JSON record (its matches as they are read), or the error that stops a file's reading, as
    ``(file number, that record or error)``."""
    from ..notation.files.opening import JsonMatches, open_blocks

    for number, path in enumerate(paths):
        try:
            source = open_blocks(path, size=size, encoding=encoding)
            if isinstance(source, JsonMatches):
                yield number, source  # (read as it is validated, in this process)
                continue
            for block in source:
                yield number, block
        except RecordIOError as e:
            yield number, e


def _validation(path: str, items: Iterator[tuple[tuple[int, object], BlockReport | Failure | None]]) -> FileReportStream:
    """A file's validation from its items and their results (:func:`_blocks_of`)."""
    from ..io.parallel import Failure  # (only with workers: its imports cost start-up time)
    from ..notation.files.opening import JsonMatches

    head = next(items)
    first = head[0][1]
    if isinstance(first, JsonMatches):
        return FileReportStream(path, lambda fv: _record_summaries(first, fv))

    def pairs() -> Iterator[tuple[Block, BlockReport]]:
        for (_number, item), result in chain([head], items):
            if isinstance(item, RecordIOError):
                raise item
            if not isinstance(item, Block) or not isinstance(result, BlockReport):  # its worker died or failed
                why = _failed(result if isinstance(result, Failure) else None)
                raise RecordIOError(why, reason=why)
            yield item, result

    return FileReportStream(path, lambda fv: merge_blocks(pairs(), fv))


def _failed(failure: Failure | None) -> str:
    """What the ``io`` diagnostic of a block whose worker died or failed says."""
    if failure is None:
        return "validating it failed: no result"
    if failure.died:
        return "the worker process validating it died (killed, or out of memory)"
    return f"validating it failed: {failure.error}"


# ------------------------------------------------------------------------- blocks


@dataclass(slots=True)
class BlockReport:
    """What validating one :class:`~kamisado_notation.notation.files.blocks.Block` found: its
    matches' summaries (indices counted from 1 in the block), the syntax errors before
    its first match (``leading``), the line where its first match starts, whether its
    last match had begun its rounds (``open_end``: a header after it starts a new
    match), the reading's own diagnostics (``errors``: a line too long, binary data or
    an invalid UTF-8 byte) and whether the reading ended in the block (``stopped``: at
    binary data or an invalid byte)."""

    summaries: list[MatchSummary]
    leading: list[Diagnostic]
    first_match_line: int | None = None
    open_end: bool = False
    errors: list[Diagnostic] = field(default_factory=list)
    stopped: bool = False


def validate_block(block: Block) -> BlockReport:
    """Read and validate the matches of ``block``: a pure function of the block, for a
    worker process or a cluster task."""
    decoded = RecordFile(block.path)  # the reading's diagnostics
    lines = decode_block(block, decoded)
    read = RecordFile(block.path)  # the reader's: the syntax errors before the first match
    if validating_fast():
        judge = Judge(block.path, read, list(lines), first_line=block.first_line)
        found = list(numbered(map(judged_summaries, judge.run())))
        open_end = judge.open_end
    else:
        asm = Assembler(block.path)
        reader = Reader(asm, first_line=block.first_line)
        found = list(numbered(map(summaries, reader.read(lines))))
        read.errors.extend(asm.file_errors)
        open_end = reader.started
    if reading_again() and not lines.stopped:
        found, read.errors[:] = read_again(found, list(decode_block(block, RecordFile(block.path))), block.first_line, block.path, read.errors)
    first_line = found[0].line if found else None
    return BlockReport(found, read.errors, first_line, open_end, decoded.errors, lines.stopped)


def reading_again() -> bool:
    """Whether a match the reading could not judge is read again against the legal
    moves (:mod:`.reread`): always, but while the tests of the first reading alone run."""
    return _READ_AGAIN[0]


#: (a switch the tests turn, through :func:`first_reading_only`)
_READ_AGAIN = [True]


def first_reading_only(value: bool = True) -> None:
    """Judge records by the first reading alone (``True``) or read a match it could not
    judge again against the legal moves (``False``, the default): for comparing them."""
    _READ_AGAIN[0] = not value


def read_again(
    found: list[MatchSummary], lines: list[str], first_line: int, path: str, leading: list[Diagnostic]
) -> tuple[list[MatchSummary], list[Diagnostic]]:
    """``found`` (the matches of ``lines``, from line ``first_line``), each match the
    reading could not judge read again against the legal moves where that reads more
    (:func:`~.reread.reread`); and the errors before the first match (``leading``), but
    those of lines the reading again covered."""
    if not _to_read_again(found, lines, leading):
        return found, leading
    lines = as_read(lines)  # (a JSON document's strings: the text the matches were read from, line for line)
    out: list[MatchSummary] = []
    for lo, hi, games in _spans(_games_of_one_match(found), len(lines), first_line):
        s = _one_of(games)
        again = _reread(s, lines[lo:hi], first_line + lo, leading)
        summary = _summary_again(again, s, first_line + lo, path) if again is not None else None
        if summary is None or _worse(summary, s):  # (not read again, or not as well: the first reading stands)
            out.extend(games)
            continue
        out.append(summary)
        if lo == 0:
            leading = [d for d in leading if d.line >= first_line + hi]
    return _renumbered(out, found), leading


def _worse(again: MatchSummary, first: MatchSummary | None) -> bool:
    """Whether a match read ``again`` is worse than its ``first`` reading: that was
    valid, and this is not (a valid single round whose notes after it quote its moves,
    read again as a next round that could not be judged)."""
    return first is not None and first.valid and not again.valid


def _games_of_one_match(found: list[MatchSummary]) -> list[list[MatchSummary]]:
    """The matches ``found`` grouped as the rounds of one match where a program wrote
    each round as a game of its own, under headers of its own (:func:`~.matches.next_round`)."""
    groups: list[list[MatchSummary]] = []
    for s in found:
        if groups and next_round(groups[-1][-1].headers, s.headers):
            groups[-1].append(s)
        else:
            groups.append([s])
    return groups


#: The headers of a game that say what a match's would not: its round's number and its result.
_A_GAMES_OWN = frozenset({"round", "result"})


def _one_of(games: list[MatchSummary]) -> MatchSummary | None:
    """The match that ``games`` (the rounds of one match written as games, or one match
    alone) are read again as: their rounds, the first game's headers but those a game
    has of its own (:data:`_A_GAMES_OWN`), and their diagnostics but the errors of the
    games after the first (each replayed from the start of a match, which is not where
    its round starts: they say nothing of its entries) and those of the first game's
    ``Result`` (:func:`_but_replayed_errors`)."""
    if len(games) <= 1:
        return games[0] if games else None
    first = games[0]
    headers = {name: value for name, value in first.headers.items() if name.lower() not in _A_GAMES_OWN}
    rounds = [r for g in games for r in g.rounds]
    return replace(first, valid=False, rounds=rounds, diagnostics=_but_replayed_errors(games), headers=headers)


def _but_replayed_errors(games: list[MatchSummary]) -> list[Diagnostic]:
    """The diagnostics of ``games`` but the errors of the second game and those after,
    and the first game's errors of its ``Result`` (a game's result, not the match's)."""
    first = [d for d in games[0].diagnostics if d.rule != "result"]
    return first + [d for g in games[1:] for d in g.diagnostics if d.severity is not Severity.ERROR]


def _renumbered(out: list[MatchSummary], found: list[MatchSummary]) -> list[MatchSummary]:
    """The matches ``out`` numbered in order from the first of ``found``: games read
    again as one match leave no gap."""
    if found:
        for k, s in enumerate(out):
            _shift(s, found[0].index + k - s.index)
    return out


def _to_read_again(found: list[MatchSummary], lines: list[str], leading: list[Diagnostic]) -> bool:
    """Whether any of ``lines`` may be read again: there are some, they are not another
    game's, and a match's first reading does not stand (:func:`_settled`), or none was
    found."""
    if not lines or any(d.kind is Kind.NOT_KAMISADO for d in leading):
        return False
    return not found or not all(map(_settled, found))


def _spans(found: list[list[MatchSummary]], length: int, first_line: int) -> list[tuple[int, int, list[MatchSummary]]]:
    """The lines of each group of matches of ``found`` (the first from the text's first
    line), as indices into the ``length`` lines from ``first_line``; the whole text where
    none was found."""
    starts = [g[0].line - first_line for g in found]
    return [
        (0 if k == 0 else starts[k], starts[k + 1] if k + 1 < len(found) else length, g) for k, g in enumerate(found)
    ] or [(0, length, [])]


def _reread(s: MatchSummary | None, lines: list[str], first_line: int, leading: list[Diagnostic]) -> Reread | None:
    """The match ``s`` of ``lines`` read again, if it is to be (:func:`~.reread.reread`)."""
    if s is not None and _settled(s):
        return None
    from .reread import reread  # (the reading against the moves, and the grammar it loads: only for a match not judged)

    results, diagnostics, headers = ([r for _n, r in s.rounds], [*s.diagnostics, *leading], _written_headers(s)) if s is not None else ([], leading, {})
    return reread(lines, first_line=first_line, results=results, diagnostics=diagnostics, headers=headers)


def _written_headers(s: MatchSummary) -> dict[str, str]:
    """The headers of match ``s`` as written: not a ``Result`` its first reading took
    from a score after the moves it read last (``-> Luca 2-1``), which a reading that
    reads more rounds may find to be a score so far."""
    if not any(d.kind is Kind.RESULT_AFTER_MOVES for d in s.diagnostics):
        return dict(s.headers)
    return {name: value for name, value in s.headers.items() if name != "Result"}


def _settled(s: MatchSummary) -> bool:
    """Whether the first reading of match ``s`` stands without reading it again: it is
    valid, and decided or read as written (a valid match left in progress where the
    reading read entries by their evidence or set text aside may have misread its last
    moves: a form with no column for the landing, whose move home then stands alone), but
    one whose length no header says, decided where the text after its last round was set
    aside (a page saved on one line holds its next round there, with no line of its own).
    A match whose every error is a slip of the pen with its certain correction
    (:func:`~.slips.spelling.a_slip`: ``Rde Forward 5 Orange``) stands as valid does: its
    reading knows each move, and says precisely what is wrong."""
    if not (s.valid or _only_slips(s)):
        return False
    if s.status is not MatchStatus.COMPLETE:
        return not read_by_evidence(s.diagnostics)
    return "Target" in s.headers or "Match" in s.headers or not cut_after_decided(s.diagnostics)


def _only_slips(s: MatchSummary) -> bool:
    """Whether the errors of match ``s`` are slips of the pen, each with its certain
    correction (:func:`~.slips.spelling.a_slip`), in rounds the reading judged."""
    from .slips.spelling import a_slip  # (the slips' modules: only for a match with errors)

    errors = [d for d in s.diagnostics if d.severity is Severity.ERROR]
    return bool(errors) and all(map(a_slip, errors)) and None not in dict(s.rounds).values()


def _summary_again(again: Reread, old: MatchSummary | None, line: int, path: str) -> MatchSummary | None:
    """The summary of a match read again: the record it reads as, judged, its
    diagnostics at the lines of the text read; ``None`` where that record is not judged
    as it was read (one match, the same rounds' results)."""
    got = _judged_as_read(again, path)
    if got is None:
        return None
    index, at, headers = _kept_of(old, line)
    text = again.text
    errors = [replace(d, line=line, column=1) for d in got.diagnostics if d.severity is Severity.ERROR]
    diagnostics = [*again.notes, *errors]
    valid = not has_error(diagnostics)
    status = got.status if valid else MatchStatus.IN_PROGRESS
    return replace(
        got, index=index, line=at, headers=headers, diagnostics=[replace(d, match=index) for d in diagnostics],
        valid=valid, status=status, read_again=text if valid else None,
    )


def _kept_of(old: MatchSummary | None, line: int) -> tuple[int, int, dict[str, str]]:
    """What a match read again keeps of its first reading (``old``): its index, its line
    and its headers; with none, the first match, at ``line``, with no headers."""
    return (old.index, old.line, dict(old.headers)) if old is not None else (1, line, {})


def _judged_as_read(again: Reread, path: str) -> MatchSummary | None:
    """The record a match read again writes, judged: its one match, where it has one and
    its rounds' results are those read; else ``None``."""
    report = validate_text(again.text, path=path)
    if len(report.matches) != 1:
        return None
    got = report.matches[0]
    return got if [r for _n, r in got.rounds if r is not None] == again.judged else None


def merge_blocks(
    pairs: Iterable[tuple[Block, BlockReport]], fv: FileReportStream
) -> Iterator[MatchSummary]:
    """The summaries of a file from its blocks and their reports, in order, as reading
    the file in one go gives them: indices counted through the file; where a cut between
    two blocks was not a match's start (the block before had not begun its rounds, the
    block after does not start with the header the cut was made at, or its reading
    stopped before any match), the two are validated again as one; nothing after binary
    data or an invalid UTF-8 byte. The file's own diagnostics go to ``fv`` as they are
    found: each block's reading errors when it comes (they are the same whether it is
    read alone or with the block before), the errors before the first match with the
    first summary (or at the end), a read error (``io``) at the end."""
    cur: _Current | None = None
    try:
        for block, report in pairs:
            if cur is not None and cur.report.stopped:
                break  # the reading ended at binary data or an invalid byte
            _add_reading_errors(fv, report.errors)
            if cur is None:
                cur = _Current(block, report, 0)
            elif _cut_holds(cur.report, block, report):
                yield from cur.rest()
                cur = _Current(block, report, cur.base + len(cur.report.summaries))
            else:
                cur.absorb(block)
            if cur.block.first:  # (all are known once it has a match; it has, before any is given)
                fv.leading = cur.report.leading
            yield from cur.ready()
    except RecordIOError as e:
        fv.closing.append(_io(e.reason))
    if cur is not None:
        yield from cur.rest()


# The reading's diagnostics a file has once, however many blocks it is read in.
_ONCE_A_FILE = (TEXT_RULE, ENCODING_RULE)


def _add_reading_errors(fv: FileReportStream, errors: list[Diagnostic]) -> None:
    """A block's reading errors into ``fv``; a file has one ``text`` warning and one
    ``encoding`` error, the first block's that has one (each block read alone has its
    own)."""
    for d in errors:
        if d.rule not in _ONCE_A_FILE or not any(e.rule == d.rule for e in fv.errors):
            fv.errors.append(d)


class _Current:
    """The block :func:`merge_blocks` is at: its report, the number of matches before
    it, and how many of its summaries were given (all but the last, which waits for the
    next block to show that the cut holds)."""

    def __init__(self, block: Block, report: BlockReport, base: int) -> None:
        self.block, self.report, self.base, self.given = block, report, base, 0

    def ready(self) -> Iterator[MatchSummary]:
        """The summaries not yet given, but the last."""
        while self.given < len(self.report.summaries) - 1:
            yield self._numbered(self.given)
            self.given += 1

    def rest(self) -> Iterator[MatchSummary]:
        """The summaries not yet given, the last too."""
        while self.given < len(self.report.summaries):
            yield self._numbered(self.given)
            self.given += 1

    def absorb(self, block: Block) -> None:
        """Take the next block into this one and validate the two as one (the summaries
        already given come again the same, and are not given twice)."""
        self.block = self.block.then(block)
        self.report = validate_block(self.block)

    def _numbered(self, i: int) -> MatchSummary:
        s = self.report.summaries[i]
        _shift(s, self.base)
        return s


def _cut_holds(before: BlockReport, block: Block, report: BlockReport) -> bool:
    """Whether ``block`` surely starts a new match after the block ``before``."""
    starts = block.header_line is not None and report.first_match_line == block.header_line
    return before.open_end and starts and not report.leading


def _no_match(matches: int, diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """The error of a file with no match and no error yet (README: an empty file is not
    a valid record), if it is one."""
    if matches or has_error(diagnostics):
        return []
    return [no_match()]


#: The message for a file that holds no match.
NO_MATCH = "the file holds no match"


def no_match() -> Diagnostic:
    """The error of a file that holds no match."""
    return Diagnostic("syntax", NO_MATCH, 1, 1, kind=Kind.NO_MATCH)


def report_json(reports: list[FileReport]) -> dict[str, object]:
    """The ``validate --json`` document the README describes."""
    return {"files": [r.to_json() for r in reports]}


#: How much of a file's ``matches`` array :func:`write_report_json` keeps in memory
#: before it spills to a temporary file.
_SPOOL_CHARS = 1 << 20


def write_report_json(validations: Iterable[FileReportStream], out: TextIO, *, ascii_only: bool = False) -> None:
    """Write the ``validate --json`` document the README describes (the text of
    ``json_text(report_json(...))`` and a newline:
    :func:`~kamisado_notation.display.json_text`, ``ascii_only`` as there) to ``out`` as
    the files are validated. A file's ``valid`` comes before its matches but depends on
    all of them, so each file's ``matches`` array goes to a temporary file first (in
    memory while it is small) and is copied out after its header."""
    import shutil
    import tempfile

    out.write('{"files": [')
    for i, fv in enumerate(validations):
        with tempfile.SpooledTemporaryFile(max_size=_SPOOL_CHARS, mode="w+", encoding="utf-8") as spool:
            for j, s in enumerate(fv):
                spool.write(", " if j else "")
                spool.write(json_text(s.to_json(), ascii_only=ascii_only))
            head = {"path": printable(fv.path), "valid": fv.valid, "diagnostics": [d.to_json() for d in fv.diagnostics]}
            out.write((", " if i else "") + json_text(head, ascii_only=ascii_only)[:-1] + ', "matches": [')
            spool.seek(0)
            shutil.copyfileobj(spool, out)
        out.write("]}")
    out.write("]}\n")
