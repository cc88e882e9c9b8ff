"""Validate match record files: parse, replay every match, and keep a short summary
per match (SPEC §6 ``kamisado validate``).

Files are read as a stream of matches, and each match's replay is reduced to a
:class:`MatchSummary` (its score, round results and diagnostics) before the next one is
read. :func:`validate_stream` gives a file's summaries one at a time
(:class:`FileValidation`), so memory does not grow with the number of matches;
:func:`validate_file` collects them into a :class:`FileReport`. A ``.kmr`` file is read
in blocks of whole matches (:mod:`~kamisado_notation.notation.blocks`), each a pure
function of its bytes (:func:`validate_block`), so blocks can go to worker processes
(:func:`validate_paths` with ``jobs``) or to a cluster
(:mod:`kamisado_notation.distributed`) and their reports be put back together in order
with the same result as reading the file in one go (see :func:`merge_blocks`).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from itertools import chain
from typing import TYPE_CHECKING, TextIO

from .board import Side
from .diagnostics import ERROR, WARNING, Diagnostic
from .errors import KamisadoError, NotationError, RecordIOError
from .match import RoundResult
from .notation.assembly import Assembler
from .notation.blocks import Block, decode_block
from .notation.reader import read_lines
from .notation.record import MatchRecord, RecordFile
from .replay import MatchStatus, PlyKind

if TYPE_CHECKING:
    from concurrent.futures import Executor, Future

    from .replay import MatchReplay

__all__ = [
    "VALIDATE_BLOCK_BYTES",
    "BlockReport",
    "FileReport",
    "FileValidation",
    "MatchSummary",
    "merge_blocks",
    "report_json",
    "summarize",
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
            "path": self.path,
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
    report = FileReport(path) if report is None else report
    for m in matches:
        s = summarize(m)
        report.matches.append(s)
        if on_match is not None:
            on_match(s)
    return report


def validate_text(text: str, *, path: str = "<string>") -> FileReport:
    """Validate a whole record given as text."""
    from .notation import parse_record

    record = parse_record(text, path=path)
    report = validate_matches(path, record.matches)
    report.diagnostics.extend(record.errors)
    _no_match(report)
    return report


def validate_file(path: str, *, on_match: Callable[[MatchSummary], None] | None = None) -> FileReport:
    """Validate the file at ``path`` and keep every match's summary (for a file of
    millions of matches, :func:`validate_stream` holds one at a time). A file that cannot
    be read gives a report with one ``io`` diagnostic."""
    stream = validate_stream(path)
    report = FileReport(path)
    for s in stream:
        report.matches.append(s)
        if on_match is not None:
            on_match(s)
    report.diagnostics.extend(stream.diagnostics)
    return report


class FileValidation:
    """One file's validation as a stream: iterate it once for the match summaries, in
    order; then ``diagnostics`` (what belongs to no match: an unreadable file, a file
    with no match) and the counts are complete. ``leading`` are the syntax errors
    written before the first match: known before the first summary comes, and (as SPEC
    §6's JSON has always had them) among the last match's diagnostics."""

    def __init__(self, path: str, summaries: Callable[[FileValidation], Iterator[MatchSummary]]) -> None:
        self.path = path
        self.diagnostics: list[Diagnostic] = []
        self.leading: list[Diagnostic] = []
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
        _no_match(self)

    @property
    def valid(self) -> bool:
        """Whether the file and all its matches are valid (once iterated)."""
        return self.valid_matches == self.matches and not any(d.severity == ERROR for d in self.diagnostics)


def validate_stream(path: str, *, size: int = VALIDATE_BLOCK_BYTES) -> FileValidation:
    """Validate the file at ``path`` one block of matches at a time, in this process."""
    from .notation.files import is_json_record, iter_blocks

    if is_json_record(path):
        return FileValidation(path, lambda fv: _json_summaries(path, fv))
    def pairs() -> Iterator[tuple[Block, BlockReport]]:
        for block in iter_blocks(path, size=size):
            yield block, validate_block(block)

    return FileValidation(path, lambda fv: merge_blocks(pairs(), fv))


def validate_paths(paths: Iterable[str], *, jobs: int = 1, size: int = VALIDATE_BLOCK_BYTES) -> Iterator[FileValidation]:
    """Validate the files ``paths`` in order, with ``jobs`` worker processes sharing out
    the blocks of every file (so one large file uses them all); the results are those
    of ``jobs=1``. Each file's :class:`FileValidation` must be iterated before the next."""
    paths = list(paths)
    if jobs <= 1:
        yield from (validate_stream(p, size=size) for p in paths)
        return
    from concurrent.futures import ProcessPoolExecutor
    from itertools import groupby

    with ProcessPoolExecutor(max_workers=jobs) as pool:
        work = _in_order(pool, _blocks_of(paths, size), ahead=2 * jobs)
        for number, items in groupby(work, key=lambda item: item[0]):
            yield _validation(paths[number], items)


def _in_order(pool: Executor, items: Iterable[tuple[int, object]], *, ahead: int) -> Iterator[tuple[int, object, object]]:
    """``(number, item, report)`` for each of ``items``: a :class:`Block` is validated in
    ``pool`` (its report), anything else passes (``None``); in order, with at most
    ``ahead`` blocks read ahead."""
    pending: deque[tuple[int, object, Future[BlockReport] | None]] = deque()
    source = iter(items)
    while True:
        while len(pending) < ahead:
            nxt = next(source, None)
            if nxt is None:
                break
            number, item = nxt
            pending.append((number, item, pool.submit(validate_block, item) if isinstance(item, Block) else None))
        if not pending:
            return
        number, item, future = pending.popleft()
        yield number, item, future.result() if future is not None else None


def _blocks_of(paths: list[str], size: int) -> Iterator[tuple[int, object]]:
    """``(file number, Block)`` for every block of every ``.kmr`` file; a JSON file, or
    the error that stops a file's reading, as ``(file number, that path or error)``."""
    from .notation.files import is_json_record, iter_blocks

    for number, path in enumerate(paths):
        if is_json_record(path):
            yield number, path
            continue
        try:
            for block in iter_blocks(path, size=size):
                yield number, block
        except RecordIOError as e:
            yield number, e


def _validation(path: str, items: Iterator[tuple[int, object, object]]) -> FileValidation:
    """A file's validation from its ``(number, item, report)`` triples (:func:`_blocks_of`)."""
    first = next(items)
    if first[1] == path:
        return FileValidation(path, lambda fv: _json_summaries(path, fv))

    def pairs() -> Iterator[tuple[Block, BlockReport]]:
        for _number, item, report in chain([first], items):
            if isinstance(item, RecordIOError):
                raise item
            yield item, report  # type: ignore[misc]

    return FileValidation(path, lambda fv: merge_blocks(pairs(), fv))


def _json_summaries(path: str, fv: FileValidation) -> Iterator[MatchSummary]:
    """The summaries of a JSON record (read whole)."""
    from .notation.files import open_matches

    try:
        for m in open_matches(path):
            yield summarize(m)
    except RecordIOError as e:
        fv.diagnostics.append(Diagnostic("io", str(e), 0, 0))
    except KamisadoError as e:  # a malformed document
        fv.diagnostics.append(_syntax(e))


def _syntax(e: KamisadoError) -> Diagnostic:
    return Diagnostic("syntax", str(e), getattr(e, "line", 1), getattr(e, "column", 1))


# ------------------------------------------------------------------------- blocks


@dataclass(slots=True)
class BlockReport:
    """What validating one :class:`~kamisado_notation.notation.blocks.Block` found: its
    matches' summaries (indices counted from 1 in the block), the syntax errors before
    its first match (``leading``), the line where its first match starts, whether its
    last match had begun its rounds (``open_end``: a header after it starts a new
    match), and the invalid UTF-8 byte that ended the reading (``stop``)."""

    summaries: list[MatchSummary]
    leading: list[Diagnostic]
    first_match_line: int | None = None
    open_end: bool = False
    stop: Diagnostic | None = None


def validate_block(block: Block) -> BlockReport:
    """Read and validate the matches of ``block``: a pure function of the block, for a
    worker process or a cluster task. The block's last match gets the ``stop``
    diagnostic, as the last match read does when a file is read in one go."""
    asm = Assembler(block.path)
    report = BlockReport([], asm.file_errors)
    record = RecordFile(block.path)
    lines, report.stop = decode_block(block, record)
    held: MatchRecord | None = None
    for m in read_lines(lines, block.path, record, first_line=block.first_line, asm=asm):
        if held is None:
            report.first_match_line = m.line
        else:
            report.summaries.append(summarize(held))
        held = m
    report.open_end = asm.started
    if held is not None:
        if report.stop is not None:
            held.errors.append(report.stop)
        report.summaries.append(summarize(held))
    return report


def merge_blocks(pairs: Iterable[tuple[Block, BlockReport]], fv: FileValidation) -> Iterator[MatchSummary]:
    """The summaries of a file from its blocks and their reports, in order, as reading
    the file in one go gives them: indices counted through the file; where a cut between
    two blocks was not a match's start (the block before had not begun its rounds, the
    block after does not start with the header the cut was made at, or its reading
    stopped before any match), the two are validated again as one; nothing after an
    invalid UTF-8 byte; the syntax errors before the first match go to the last match.
    Sets ``fv.leading`` and ``fv.diagnostics``."""
    cur: _Current | None = None
    try:
        for block, report in pairs:
            if cur is None:
                cur = _Current(block, report, 0)
            elif cur.report.stop is not None:
                break  # the reading ended at an invalid byte
            elif _cut_holds(cur.report, block, report):
                yield from cur.rest()
                cur = _Current(block, report, cur.base + len(cur.report.summaries))
            else:
                cur.absorb(block)
            if cur.block.first:
                fv.leading = cur.report.leading
            yield from cur.ready()
    except RecordIOError as e:
        fv.diagnostics.append(Diagnostic("io", str(e), 0, 0))
    if cur is None:
        return
    rest = list(cur.rest())
    if rest:
        _lead(rest[-1], fv.leading)
        yield from rest
    elif cur.base == 0 and (cur.report.stop or fv.leading):
        # no match at all: the first problem is the file's (a stream of matches has no
        # other place for it)
        d = cur.report.stop or fv.leading[0]
        fv.diagnostics.append(_syntax(NotationError(d.message, line=d.line, column=d.column)))


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
        if self.base:
            s.index += self.base
            s.diagnostics = [d if d.match is None else replace(d, match=d.match + self.base) for d in s.diagnostics]
        return s


def _cut_holds(before: BlockReport, block: Block, report: BlockReport) -> bool:
    """Whether ``block`` surely starts a new match after the block ``before``."""
    starts = block.header_line is not None and report.first_match_line == block.header_line
    return before.open_end and starts and not report.leading


def _lead(s: MatchSummary, leading: list[Diagnostic]) -> None:
    """Give the last match the errors written before the first one, as its replay does
    when they are among its own (their lines come before all of its own)."""
    if not leading:
        return
    s.diagnostics = sorted(leading, key=lambda d: (d.line, d.column)) + s.diagnostics
    if any(d.severity == ERROR for d in leading):
        s.valid = False
        s.to_move = None


def _no_match(report: FileReport | FileValidation) -> None:
    if not report.matches and not report.diagnostics:
        report.diagnostics.append(Diagnostic("syntax", "the file holds no match", 1, 1, WARNING))


def report_json(reports: list[FileReport]) -> dict[str, object]:
    """The ``validate --json`` document of SPEC §6."""
    return {"files": [r.to_json() for r in reports]}


#: How much of a file's ``matches`` array :func:`write_report_json` keeps in memory
#: before it spills to a temporary file.
_SPOOL_CHARS = 8 << 20


def write_report_json(validations: Iterable[FileValidation], out: TextIO) -> None:
    """Write the ``validate --json`` document of SPEC §6 (the bytes of
    ``json.dumps(report_json(...))`` and a newline) to ``out`` as the files are
    validated. A file's ``valid`` comes before its matches but depends on all of them,
    so each file's ``matches`` array goes to a temporary file first (in memory while it
    is small) and is copied out after its header."""
    import json
    import shutil
    import tempfile

    out.write('{"files": [')
    for i, fv in enumerate(validations):
        with tempfile.SpooledTemporaryFile(max_size=_SPOOL_CHARS, mode="w+", encoding="utf-8") as spool:
            for j, s in enumerate(fv):
                spool.write(", " if j else "")
                spool.write(json.dumps(s.to_json(), ensure_ascii=False))
            head = {"path": fv.path, "valid": fv.valid, "diagnostics": [d.to_json() for d in fv.diagnostics]}
            out.write((", " if i else "") + json.dumps(head, ensure_ascii=False)[:-1] + ', "matches": [')
            spool.seek(0)
            shutil.copyfileobj(spool, out)
        out.write("]}")
    out.write("]}\n")
