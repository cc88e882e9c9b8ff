"""One web page for a set of match records (``kamisado html``): every match with its
headers, the board, the move list by round (fills, lineups, the running score), the
diagnostics at the entries they concern, an index of the matches and the standings of
the matches that share an event.

The page is one self-contained file that works offline (from a USB stick, a club's web
space): its style, its script and its drawings are inside it, and it names no address
outside itself. The board is the drawing of :mod:`kamisado_notation.drawing.svg`, taken apart
(:func:`~kamisado_notation.drawing.svg.board_pieces`, :func:`~kamisado_notation.drawing.svg.tower_pieces`)
and put together in the browser by a small script written for this page: each position
travels as its position string and the marks :func:`~kamisado_notation.drawing.svg.marks` gives
it, so a Marathon match of a few hundred positions stays small. An invalid record is
shown as far as its replay went, the entries beyond written out unlinked.

What the page offers a reader is in the docs (``docs/html.md``): the keys, the links
``#m{match}r{round}p{ply}`` (the ply as ``kamisado show --ply`` counts it), the board's
``data-position``, the glyphs, the print style.
"""

from __future__ import annotations

import codecs
import json
import re
import tempfile
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from html import escape
from pathlib import PurePath

from ..checking.archive import each_match
from ..checking.replay import MatchReplay, MatchStatus, Ply, PlyKind, RoundReplay, replay_match
from ..checking.standings import ROW_FIELDS, LeftOut, Standings, Tally, event_name, player_key
from ..checking.validate import summary_of
from ..diagnostics import ERROR, Diagnostic, has_error
from ..display import json_safe, printable
from ..engine.board import SQUARE_COLOURS, Colour, Side, square_name
from ..engine.match import HOME_SQUARES, RoundEnd, RoundResult, score_of
from ..engine.position import Move, Position, Tower
from ..errors import KamisadoError, OutputError, failure_reason
from ..notation.record import Comment, Entry, MatchRecord, RecordFile, RoundRecord
from ..notation.writer import Form, format_record
from ..play.analyse import read_comment
from .archive_html import ArchiveSections
from .svg import Placed, board_pieces, marks, placed_marks, shown_move, status_lines, tower_pieces
from .words import counted

__all__ = ["Page", "PageMatch", "SpooledPage", "html_page", "page_text", "read_matches", "spool_page"]


@dataclass(frozen=True)
class PageMatch:
    """A match of the page: the file it was read from and its replay."""

    path: str
    replay: MatchReplay


@dataclass(frozen=True, kw_only=True)
class _PageFacts:
    """How many ``matches`` a page shows, and every diagnostic of its records by the
    file it is in (``problems``: those of the files themselves, an unreadable one say,
    and those of their matches)."""

    matches: int
    problems: list[tuple[str, Diagnostic]] = field(default_factory=list)
    #: How many record files the matches came from.
    files: int = 0
    #: The events whose standings the page shows (those several matches share).
    standings: tuple[str, ...] = ()

    @property
    def valid(self) -> bool:
        """Whether no record has an error (warnings aside)."""
        return not has_error(d for _, d in self.problems)


@dataclass(frozen=True)
class Page(_PageFacts):
    """A page made by :func:`html_page`: its ``text``, how many ``matches`` it shows, and
    every diagnostic of its records by the file it is in (``problems``: those of the
    files themselves, an unreadable one say, and those of their matches)."""

    text: str


@dataclass(frozen=True)
class SpooledPage(_PageFacts):
    """A page made by :func:`spool_page` and held on the disk until it is written: the
    facts of a :class:`Page`, and its text as :meth:`pieces`, ``size`` bytes in UTF-8."""

    plan: list[str | _Spool]  # the page's text in order: pieces held, and spools read back

    @property
    def size(self) -> int:
        """The page's length in bytes (UTF-8)."""
        return sum(len(p.encode("utf-8")) if isinstance(p, str) else p.size for p in self.plan)

    def pieces(self) -> Iterator[str]:
        """The page's text, piece by piece (a spool in chunks of a MiB or so)."""
        return _pieces(self.plan)


def _pieces(plan: list[str | _Spool]) -> Iterator[str]:
    for p in plan:
        if isinstance(p, str):
            yield p
        else:
            yield from p.chunks()


def html_page(
    paths: Iterable[str], *, title: str | None = None, glyphs: bool = False, encoding: str | None = None
) -> Page:
    """The page of every match in the record files ``paths`` (``-``: standard input; a
    folder: the record files in it, :func:`~kamisado_notation.notation.files.opening.record_paths`),
    in order: a file that cannot be read is a diagnostic of that file, and the others are
    shown all the same; a folder with no record file raises
    :class:`~kamisado_notation.errors.NoRecordsError`. ``title`` heads the page (default: the events, or the files);
    ``glyphs`` shows the squares' Chinese characters from the start (the reader can
    turn them on and off); ``encoding``: the files', when not UTF-8
    (:func:`~kamisado_notation.notation.files.opening.stream_record`). The page's text
    is held whole: :func:`spool_page` writes a page of many matches in the memory of
    one match and the page's index."""
    with spool_page(paths, title=title, glyphs=glyphs, encoding=encoding) as page:
        text = "".join(page.pieces())
        return Page(text=text, matches=page.matches, problems=page.problems, files=page.files, standings=page.standings)


@contextmanager
def spool_page(
    paths: Iterable[str], *, title: str | None = None, glyphs: bool = False, encoding: str | None = None
) -> Iterator[SpooledPage]:
    """:func:`html_page`, its text held in temporary files until it is written (read it
    with :meth:`SpooledPage.pieces` inside the ``with`` block; the files are removed as
    the block ends). What stays in memory is the page's index (a line, and a place in the
    standings, for each match), not its matches: the index, the standings and the
    players come before the matches on the page, so every match is read before any of
    it is written, and each match's article and positions wait on the disk. Raises
    :class:`~kamisado_notation.errors.OutputError` when a temporary file cannot be
    written (a full disk)."""
    file_problems: list[tuple[str, Diagnostic]] = []
    match_problems: list[tuple[str, Diagnostic]] = []
    with _Parts() as parts:
        for pm in _each_match(paths, encoding, file_problems):  # (a match's replay is dropped once it is drawn)
            parts.add(pm)
            match_problems += ((pm.path, d) for d in pm.replay.diagnostics)
        plan = parts.plan(file_problems, title=title, glyphs=glyphs)
        events = tuple(event for event, n in parts.counts.items() if n > 1)
        yield SpooledPage(plan=plan, matches=parts.count, problems=file_problems + match_problems, files=len(parts.files), standings=events)


def read_matches(
    paths: Iterable[str], *, encoding: str | None = None
) -> tuple[list[PageMatch], list[tuple[str, Diagnostic]]]:
    """Every match of the record files ``paths`` (a folder: those in it; in
    ``encoding`` when given), replayed, and the diagnostics of the files themselves (one
    that cannot be read, one that holds no match)."""
    problems: list[tuple[str, Diagnostic]] = []
    matches = list(_each_match(paths, encoding, problems))
    return matches, problems


def _each_match(paths: Iterable[str], encoding: str | None, problems: list[tuple[str, Diagnostic]]) -> Iterator[PageMatch]:
    """:func:`read_matches` a match at a time (pasted matches apart:
    :func:`~kamisado_notation.checking.archive.each_match`), the files' own diagnostics
    added to ``problems`` as each file is read."""
    for path, record, judged in each_match(paths, encoding=encoding, problems=problems):
        yield PageMatch(path, judged or replay_match(record))


def page_text(
    matches: Sequence[PageMatch],
    problems: Sequence[tuple[str, Diagnostic]] = (),
    *,
    title: str | None = None,
    glyphs: bool = False,
) -> str:
    """The page (HTML) of ``matches``, with the files' own ``problems`` listed at the top."""
    with _Parts() as parts:
        for pm in matches:
            parts.add(pm)
        return "".join(_pieces(parts.plan(problems, title=title, glyphs=glyphs)))


class _Spool:
    """Text set aside on the disk as it is made (UTF-8, in a temporary file that has no
    name), to be read back once, in order; ``size``: its bytes so far."""

    def __init__(self) -> None:
        try:
            self.file = tempfile.TemporaryFile()  # noqa: SIM115 - closed by close(), as the page's parts end
        except OSError as e:
            raise _cannot_hold(e) from None
        self.size = 0

    def write(self, text: str) -> None:
        # a file name that is not UTF-8 (its bytes read as lone surrogates) shown as
        # `validate` shows it (café in Latin-1: caf\xe9): a page is UTF-8, which holds no surrogate
        data = _SURROGATE.sub(_shown, text).encode("utf-8")
        try:
            self.file.write(data)
        except OSError as e:
            raise _cannot_hold(e) from None
        self.size += len(data)

    def write_all(self, pieces: Iterable[str]) -> bool:
        """Write each of ``pieces``; whether any held text."""
        before = self.size
        for piece in pieces:
            self.write(piece)
        return self.size > before

    def chunks(self) -> Iterator[str]:
        """The text written, from its start, a MiB or so at a time."""
        self.file.seek(0)
        decoder = codecs.getincrementaldecoder("utf-8")()  # (a chunk may end inside a character)
        while block := self.file.read(_CHUNK):
            yield decoder.decode(block)
        yield decoder.decode(b"", final=True)

    def close(self) -> None:
        self.file.close()


def _cannot_hold(e: OSError) -> OutputError:
    """The error of a spool that cannot be made or written (a full disk): one line."""
    return OutputError(f"cannot hold the page in a temporary file: {failure_reason(e)}")


#: How much of a spool is read back at a time (bytes).
_CHUNK = 1 << 16


class _Parts:
    """The page's parts, gathered a match at a time: of each match, only what the page
    shows of it, as text (its article, its positions' JSON, its index row), set aside on
    the disk in three spools until the page is written, and its place in the standings
    of its event; never its replay nor its text, so that memory is that of the largest
    match and of the page's index (the page held whole took 4.7 times its size: 1.1 GB
    for 20,000 matches). A context manager: the spools are removed as it ends."""

    def __init__(self) -> None:
        self.kit = _Kit()
        self.count = 0
        self.data = _Spool()  # each match's positions, as JSON, after a comma but the first
        self.articles = _Spool()
        self.rows = _Spool()  # each match's line in the index
        self.tables = _Spool()  # the standings and the archive's tables, once every match is in
        self.titles: dict[str, None] = {}  # the first events named (for the default title)
        self.files: dict[str, None] = {}
        self.names: dict[str, str] = {}  # an event as first written, by its key
        self.tallies: dict[str, Tally] = {}  # the standings of each event, counted as its matches come
        self.counts: dict[str, int] = {}  # how many matches each event has
        self.index: dict[tuple[str, int], int] = {}  # a match's number by its file and line
        self.before: dict[str, str] = {}  # each file's last event
        self.archive = ArchiveSections()  # the players' table and the opening tree

    def __enter__(self) -> _Parts:  # noqa: PYI034  (typing.Self is Python 3.11)
        return self

    def __exit__(self, *exc: object) -> None:
        for spool in (self.data, self.articles, self.rows, self.tables):
            spool.close()

    def add(self, pm: PageMatch) -> None:
        self.count += 1
        i, r = self.count, pm.replay
        self.data.write(("," if i > 1 else "") + _script_json(_match_data(i, pm, self.kit)))
        self.articles.write(_match_html(i, pm))
        self.rows.write(_index_row(i, r))
        self.archive.add(i, r)
        event = r.record.header("Event")
        if event and len(self.titles) < 4:
            self.titles.setdefault(event)
        self.files.setdefault(pm.path)
        # a match without an Event header is of the event of the match before it in its
        # file (as `kamisado standings` counts it: checking.standings.EventTally)
        grouped = self.before[pm.path] = event_name(r.record.header("Event")) or self.before.get(pm.path, "")
        if grouped:
            name = self.names.setdefault(player_key(grouped), grouped)
            self.tallies.setdefault(name, Tally(keep_places=True)).add_match(pm.path, summary_of(r))
            self.counts[name] = self.counts.get(name, 0) + 1
            self.index[(pm.path, r.record.line)] = i

    def plan(self, problems: Sequence[tuple[str, Diagnostic]], *, title: str | None, glyphs: bool) -> list[str | _Spool]:
        """The page in order: its pieces as text, and the spools where the matches'
        articles, positions and index rows wait (never joined into one text)."""
        heading = escape(title or self._default_title())
        viewer_head, viewer_tail = _VIEWER.format(size=self.kit.size, glyphs=" checked" if glyphs else "", articles="\0").split("\0")
        top = [f"<header class=\"page-head\"><h1>{heading}</h1>{self._sources()}</header>", _problems_html(problems)]
        for section in (self._standings(), self.archive.html()):  # (each followed by a line break, when there is one)
            if self.tables.write_all(section):
                self.tables.write("\n")
        plan: list[str | _Spool] = [
            (
                '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
                '<meta name="viewport" content="width=device-width, initial-scale=1">'
                f"<title>{heading}</title><style>{_STYLE}</style></head>\n<body>\n"
            ),
            *(part + "\n" for part in top if part),
            *self._index(),
            self.tables,
            viewer_head,
            self.articles,
            viewer_tail,
            _data_head(glyphs, self.kit),
            self.data,
            f"]}}</script>\n<script>{_SCRIPT}</script>\n</body></html>\n",
        ]
        return [_SURROGATE.sub(_shown, p) if isinstance(p, str) else p for p in plan]

    def _default_title(self) -> str:
        events = list(self.titles)
        if events:
            return " · ".join(events[:3]) + (" …" if len(events) > 3 else "")
        files = list(self.files)
        return "Kamisado: " + (", ".join(files[:3]) + (" …" if len(files) > 3 else "") if files else "no match")

    def _sources(self) -> str:
        n, files = self.count, len(self.files)
        what = f"{counted(n, 'match', 'matches')} from {counted(files, 'file')}"
        return f'<p class="sources">{escape(what)}</p>'

    def _index(self) -> list[str | _Spool]:
        """The list of the matches, each a link to its start, when there is more than one."""
        if self.count < 2:
            return []
        return [
            f'<nav class="index" aria-label="Matches"><details id="index" open><summary><h2>Matches ({self.count})</h2></summary><ol>',
            self.rows,
            "</ol></details></nav>\n",
        ]

    def _standings(self) -> Iterator[str]:
        """The standings, crosstable and matches left out
        (:mod:`~kamisado_notation.checking.standings`) of every event that several matches
        share (``Event`` headers compared without case or repeated spaces), a line break
        between two events."""
        shared = [event for event, n in self.counts.items() if n > 1]  # (as Page.standings names them)
        for k, event in enumerate(shared):
            if k:
                yield "\n"
            yield from _standings_section(event, self.tallies[event].standings(), self.index)


_SURROGATE = re.compile("[\ud800-\udfff]")


def _shown(m: re.Match[str]) -> str:
    return printable(m[0])


# ------------------------------------------------------------------ the board's data


class _Kit:
    """What the page's drawings need, gathered while the positions are listed: the
    towers that occur (by their letters) and a square for every mark."""

    def __init__(self) -> None:
        self.towers: dict[str, Tower] = {}
        self.placed: dict[str, int] = {}  # a square for each mark
        self.numbers: dict[str, int] = {}  # each mark's number, as the plies name it
        self.size = board_pieces().size

    def add(self, position: Position, placed: Iterable[Placed]) -> list[list[int]]:
        """Note what a ply's drawing needs; its marks as [mark number, square] pairs."""
        for t in position.towers().values():
            self.towers.setdefault(t.letter, t)
        out = []
        for key, sq in placed:
            self.placed.setdefault(key, sq)
            out.append([self.numbers.setdefault(key, len(self.numbers)), sq])
        return out

    def pieces(self) -> dict[str, object]:
        """The drawing's pieces for both ways up (0: rank 8 at the top, 1: flipped),
        each drawing once in ``strings`` (many are the same both ways up: a mark drawn
        round its centre, the squares' characters) and named by its place there."""
        ways = [board_pieces(self.placed.items(), flip=flip) for flip in (False, True)]
        strings: dict[str, int] = {}

        def at(drawing: str) -> int:
            return strings.setdefault(drawing, len(strings))

        return {
            "frame": [at(w.frame) for w in ways],
            "text": [at(w.square_text) for w in ways],
            "codes": [at(board_pieces(flip=flip, square_text="codes").square_text) for flip in (False, True)],
            "centres": [w.flat_centres() for w in ways],
            "marks": [[at(w.marks[key]) for key in self.placed] for w in ways],
            "towers": {letter: at(drawing) for letter, drawing in tower_pieces(self.towers.values()).items()},
            "strings": list(strings),
        }


def _data_head(glyphs: bool, kit: _Kit) -> str:
    """The page's data for its script up to the matches' (which follow, then ``]}``):
    whether towers are drawn as glyphs, the board's pieces, and the words for the
    colours and squares (the script names towers and squares in words)."""
    return (
        '\n<script type="application/json" id="kamisado-data">{"glyphs":' + json.dumps(glyphs) + ',"pieces":'
        + _script_json(kit.pieces())
        + ',"colours":' + _script_json([c.name.lower() for c in Colour])
        + ',"squares":' + _script_json([f"{c.name.lower()} square" for c in SQUARE_COLOURS])
        + ',"matches":['
    )  # fmt: skip


def _match_data(i: int, pm: PageMatch, kit: _Kit) -> dict[str, object]:
    """A match's positions for the script: the players; by round, the score before it
    and after it, and each ply's position string, its marks under and over the towers,
    the sentences that say it and the comments written at its entry; and the match's
    record as ``.kmr`` text, for the download (``None`` when it cannot be written)."""
    match = pm.replay
    record = match.record
    score = score_of(match.rounds[0].start) if match.rounds else {Side.BLACK: 0, Side.GOLD: 0}
    rounds = []
    for rnd in match.rounds:
        before = [score[Side.BLACK], score[Side.GOLD]]
        if rnd.result is not None:
            score[rnd.result.winner] += rnd.result.points
        after = [score[Side.BLACK], score[Side.GOLD]] if rnd.result is not None else None
        rounds.append({"n": rnd.number, "s": before, "e": after, "plies": _round_plies(rnd, kit)})
    return {
        "who": [_name(record, Side.BLACK), _name(record, Side.GOLD)],
        "file": _download_name(i, pm.path),
        "kmr": _record_text(pm),
        "rounds": rounds,
    }


def _round_plies(rnd: RoundReplay, kit: _Kit) -> list[object]:
    plies: list[object] = []
    position = rnd.start.copy()
    for n in range(len(rnd.plies) + 1):
        lines, comments = _ply_played(position, rnd.plies[n - 1]) if n else ([], "")
        last = shown_move(rnd, n)
        under, over = placed_marks(position, marks(position, last_move=last))
        text = _EMPTY_RUN.sub(lambda run: str(len(run.group())), position.to_string())
        status = status_lines(position, last, back_entry=rnd.back_entry_due(n))
        shown: list[object] = [text, kit.add(position, under), kit.add(position, over), lines + status]
        plies.append([*shown, comments] if comments else shown)
    return plies


def _ply_played(position: Position, ply: Ply) -> tuple[list[str], str]:
    """``ply`` played on ``position`` as the replay played it (a Sumo ring it had to
    guess is no error; a back-entry is not played: the push moved it), the lines that
    say it on its own (a back-entry's), and the comments written at its entry (none at
    one the replay put in)."""
    lines: list[str] = []
    if ply.kind is not PlyKind.BACK:
        position.apply(ply.move)
    elif ply.move is not None:
        lines.append(_back_entry_line(ply.side, ply.move))
    return lines, _comments_text(ply.entry.comments) if ply.index is not None else ""


def _back_entry_line(side: Side, back: Move) -> str:
    """What a push's back-entry ply is, said on its own: the board is the push's."""
    return (
        f"{side.title}'s turn is the push's back-entry (S3): the pushed {back.tower.name.lower() if back.tower else ''} "
        f"tower went back to {square_name(back.target)} with the push, and {side.title} forfeits the turn."
    )


def _comments_text(comments: Sequence[Comment]) -> str:
    """Comments as the page shows them: their text, one after another."""
    return " ".join(" ".join(c.text.split()) for c in comments if c.text.strip())


def _download_name(i: int, path: str) -> str:
    """The file name of a match's download: its file's name and its number on the page."""
    stem = re.sub(r"[^\w.-]+", "-", PurePath(path).stem).strip("-.") or "match"
    return f"{stem}-match-{i}.kmr"


def _record_text(pm: PageMatch) -> str | None:
    """The match's record as ``.kmr`` text in the text form (comments, headers and
    lineups kept), or ``None`` when an entry cannot be written so."""
    match = pm.replay
    try:
        return format_record(RecordFile(pm.path, [match.record]), form=Form.TEXT, moves=[match.resolved_moves()])
    except KamisadoError:
        return None


#: A run of empty squares in a position string, which the page writes as its length
#: (as FEN does; a position string has no digits) and the script spells out again.
_EMPTY_RUN = re.compile(r"\.+")


def _script_json(value: object) -> str:
    """JSON that cannot end the ``<script>`` element it stands in, and holds no lone
    surrogate (a file name's undecodable byte: ``\\udce9``, as :func:`json_safe` writes it)."""
    return json_safe(json.dumps(value, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c"))


# ------------------------------------------------------------------ the page's text


def _name(record: MatchRecord, side: Side) -> str:
    """The player of ``side`` as the headers name him, or ``Black not named``."""
    return record.player(side) or f"{side.title} not named"


def _players(record: MatchRecord) -> str:
    """``Ann v Bob``: Black's player first (``v``, not a dash: a dash reads as one name)."""
    return f"{_name(record, Side.BLACK)} v {_name(record, Side.GOLD)}"


def _problems_html(problems: Sequence[tuple[str, Diagnostic]]) -> str:
    if not problems:
        return ""
    items = "".join(f"<li>{escape(path)}: {_diagnostic_html(d)}</li>" for path, d in problems)
    return f'<section class="problems" aria-label="Files"><h2>Files with problems</h2><ul class="diags">{items}</ul></section>'


def _index_row(i: int, r: MatchReplay) -> str:
    """Match ``i``'s line in the index: its players (a link to its start), its event, its
    score and state."""
    record = r.record
    event = record.header("Event") or ""
    score = f"{r.score[Side.BLACK]}–{r.score[Side.GOLD]}"
    state = "" if r.valid else ' <span class="bad">invalid</span>'
    return (
        f'<li><a href="{_href(i, r)}">{escape(_players(record))}</a> '
        f'<span class="event">{escape(event)}</span> <span class="score">{score}</span>'
        f"{' (in progress)' if r.status is MatchStatus.IN_PROGRESS else ''}{state}</li>"
    )


def _standings_section(event: str, table: Standings, index: dict[tuple[str, int], int]) -> Iterator[str]:
    """An event's standings, crosstable and matches left out, a row at a time (the
    crosstable holds a link for every result: never made whole)."""
    yield f'<section class="standings" aria-label="Standings: {escape(event)}"><h2>Standings: {escape(event)}</h2>'
    if table.players:
        rows = [(p.name, [escape(str(getattr(p, f))) for f in ROW_FIELDS[1:]]) for p in table.players]
        yield from _ranked_table(["#", *ROW_FIELDS], rows)
        yield from _crosstable_html(table, index)
    else:
        yield "<p>No match counts yet: only valid, finished matches between two named players do.</p>"
    yield from _left_out_list(table, index)
    yield from (f'<p class="warning">{escape(w)}</p>' for w in table.warnings)
    yield "</section>"


def _left_out_list(table: Standings, index: dict[tuple[str, int], int]) -> Iterator[str]:
    """The matches an event's standings left out, a list in a box of its own (none
    where none was)."""
    if table.left_out:
        yield f'<details class="left-out" open><summary>Left out ({len(table.left_out)})</summary><ul>'
        yield from (_left_out_html(lo, index) for lo in table.left_out)
        yield "</ul></details>"


def _crosstable_html(table: Standings, index: dict[tuple[str, int], int]) -> Iterator[str]:
    """The crosstable, its players by rank, each cell's results links to their matches."""
    names = [p.name for p in table.players]
    left = _left_out_pairs(table)
    cells = ([_cross_cell(a, b, table, index, left) if a != b else "—" for b in names] for a in names)
    yield (
        "<h3>Crosstable</h3><p class=\"note\">Each row's results against each column (by rank), its points "
        "first; each a link to its match. ✗: a match between them left out (see below).</p>"
    )
    yield from _ranked_table(["#", "name", *(str(n) for n in range(1, len(names) + 1))], zip(names, cells, strict=True), cross=True)


def _left_out_pairs(table: Standings) -> dict[tuple[str, str], list[LeftOut]]:
    """The matches left out between two players of the table, by the pair (both ways
    round, each player named as the table names him)."""
    rank = {player_key(p.name): p.name for p in table.players}
    left: dict[tuple[str, str], list[LeftOut]] = {}
    for lo in table.left_out:
        pair = _pair_named(lo, rank)
        if pair is not None:
            a, b = pair
            left.setdefault((a, b), []).append(lo)
            left.setdefault((b, a), []).append(lo)
    return left


def _pair_named(lo: LeftOut, rank: dict[str, str]) -> tuple[str, str] | None:
    """The two players of the match ``lo`` left out, as the table names them (``rank``:
    by their keys); ``None`` where a player is not named or not in the table, or both
    are one."""
    if lo.players is None or not all(lo.players):
        return None
    a, b = (rank.get(player_key(n)) for n in lo.players)
    return (a, b) if a is not None and b is not None and a != b else None


def _cross_cell(
    a: str, b: str, table: Standings, index: dict[tuple[str, int], int], left: dict[tuple[str, str], list[LeftOut]]
) -> str:
    """The cell of ``a``'s row and ``b``'s column as HTML: each result a link to its
    match, then a ``✗`` link for each match between the two that was left out."""
    results = table.crosstable[a].get(b, [])
    places = table.places.get(a, {}).get(b, [])
    links = [_match_link(index.get(place), result, f"{a} v {b}: {result}") for result, place in zip(results, places, strict=True)]
    links += [_match_link(index.get((lo.path, lo.line)), "✗", f"{a} v {b}: left out, {lo.why}", cls="left") for lo in left.get((a, b), [])]
    return " ".join(links)


def _match_link(i: int | None, text: str, label: str, cls: str = "") -> str:
    """``text`` as a link to match ``i`` of the page (just the text when it is not on it)."""
    attrs = f' class="{cls}"' if cls else ""
    if i is None:
        return f'<span{attrs} title="{escape(label)}">{escape(text)}</span>'
    return f'<a{attrs} href="#m{i}" title="{escape(label)}" aria-label="{escape(label)}">{escape(text)}</a>'


def _ranked_table(columns: Sequence[str], rows: Iterable[tuple[str, Sequence[str]]], *, cross: bool = False) -> Iterator[str]:
    """A table of players in ranking order: the rank, the name, the cells (HTML), a row
    at a time."""
    head = "".join(f'<th scope="col">{escape(c)}</th>' for c in columns)
    kind = ' class="cross"' if cross else ""
    yield f'<div class="scroll"><table{kind}><thead><tr>{head}</tr></thead><tbody>'
    for rank, (name, cells) in enumerate(rows, 1):
        yield f'<tr><td>{rank}</td><th scope="row">{escape(name)}</th>' + "".join(f"<td>{c}</td>" for c in cells) + "</tr>"
    yield "</tbody></table></div>"


def _left_out_html(lo: LeftOut, index: dict[tuple[str, int], int]) -> str:
    i = index.get((lo.path, lo.line))
    where = f'<a href="#m{i}">Match {i}</a>' if i is not None else escape(f"{lo.path}, line {lo.line}")
    who = f" ({escape(lo.who)})" if lo.who else ""
    return f"<li>{where}{who}: {escape(lo.why)}</li>"


def _href(i: int, match: MatchReplay, rnd: RoundReplay | None = None, ply: int = 0) -> str:
    """The link to match ``i``'s round ``rnd`` (default: its first) after ``ply`` entries."""
    if rnd is None:
        if not match.rounds:
            return f"#m{i}"
        rnd = match.rounds[0]
    return f"#m{i}r{rnd.number}p{ply}"


_VIEWER = """<noscript><style>article.match[hidden]{{display:block}}.board-pane{{display:none}}</style>
<p class="noscript">The board needs JavaScript; every match's record is shown below.</p></noscript>
<main class="viewer" id="viewer">
<div class="board-pane">
<div class="board-sticky" id="board-sticky">
<p class="players" id="players"><span class="who black" id="black-name"></span> <span class="score" id="score"></span> <span class="who gold" id="gold-name"></span></p>
<figure id="board" data-position="" role="group" aria-labelledby="board-label">
<svg viewBox="0 0 {size} {size}" role="img" aria-labelledby="board-label"><title id="board-label">Kamisado board</title>
<g id="frame"></g><g id="square-text"></g><g id="square-codes"></g><g id="pieces"></g></svg>
</figure>
<div class="controls" role="toolbar" aria-label="Moves">
<button type="button" data-go="home" title="First position (Home)" aria-label="First position">«</button>
<button type="button" data-go="prev" title="Previous ply (←)" aria-label="Previous ply">‹</button>
<button type="button" data-go="next" title="Next ply (→)" aria-label="Next ply">›</button>
<button type="button" data-go="end" title="Last position (End)" aria-label="Last position">»</button>
<button type="button" data-go="flip" title="Turn the board (f)" aria-pressed="false">Flip</button>
</div>
<p class="pinned" aria-hidden="true"><span id="pin-where"></span><span id="pin-status"></span></p>
</div>
<div class="board-more">
<div id="caption" class="caption"></div>
<p id="comment" class="comment" hidden></p>
<div class="options">
<label><input type="checkbox" id="glyphs"{glyphs}> Glyphs</label>
<label><input type="checkbox" id="codes"> Codes</label>
<button type="button" id="copy" title="Copy the position string">Copy position</button>
<button type="button" id="download" title="Download this match's record (.kmr)">Download .kmr</button>
</div>
<p id="where" class="where"></p>
<p id="say" class="visually-hidden" aria-live="polite"></p>
<p id="told" class="told" aria-live="polite"></p>
<div class="visually-hidden"><table id="squares"><caption>The board square by square, from a8</caption><tbody></tbody></table></div>
</div>
</div>
<div class="record-pane">
{articles}</div>
</main>"""


def _match_html(i: int, pm: PageMatch) -> str:
    """A match: its headers, how it stands, its problems, its rounds."""
    r = pm.replay
    record = r.record
    sections = _sections(r)
    attached = _attach(r, sections)
    headers = "".join(f"<dt>{escape(h.name)}</dt><dd>{escape(h.value)}</dd>" for h in record.headers)
    score = score_of(r.rounds[0].start) if r.rounds else {Side.BLACK: 0, Side.GOLD: 0}
    rounds = []
    for k, section in enumerate(sections):
        rnd = section.rnd
        if rnd is not None and rnd.result is not None:
            score[rnd.result.winner] += rnd.result.points
        rounds.append(_round_html(i, section, attached.get(k, {}), dict(score)))
    top = attached.get(-1, {}).get(-1, [])
    return (
        f'<article class="match" id="match-{i}" data-match="{i}" hidden>'
        f'<h2><a href="{_href(i, r)}">Match {i}</a>: {escape(_players(record))}</h2>'
        f'<p class="file">{escape(pm.path)}, line {record.line}</p>'
        f'<dl class="headers">{headers}</dl>'
        f"<p class=\"state\">{escape(_state(r))}</p>"
        + _said_html(record.comments)
        + _diagnostics_html(top)
        + "".join(rounds)
        + "</article>\n"
    )


def _state(r: MatchReplay) -> str:
    score = f"Black {r.score[Side.BLACK]} – {r.score[Side.GOLD]} Gold, playing to {r.target}"
    if r.status is MatchStatus.COMPLETE and r.winner is not None:
        text = f"{r.winner.title} wins the match: {score}."
    else:
        text = f"In progress: {score}."
    errors = sum(d.severity is ERROR for d in r.diagnostics)
    if errors:
        text += f" The record has {counted(errors, 'error')}: it is shown as far as it replays."
    return text


@dataclass
class _Item:
    """An entry of the move list: its ply number in the round, whose it is, as written,
    what it is, and whether the replay reached it (a link to the position after it)."""

    ply: int
    side: Side
    entry: Entry
    kind: str
    replayed: bool


@dataclass(frozen=True)
class _Section:
    """A round as the page shows it: the round as written (``index`` in the match), as
    replayed (None: not reached), and the written entries it shows, those before
    ``end`` (None: to the round's end). A round whose ``Round`` line was left out after
    it is replayed as two, and shown as two sections of the one written round."""

    index: int
    rec: RoundRecord
    rnd: RoundReplay | None
    end: int | None = None
    split: bool = False  # a section after the first of a written round (its Round line left out)

    @property
    def number(self) -> int:
        return self.rnd.number if self.rnd is not None else self.rec.number


def _sections(r: MatchReplay) -> list[_Section]:
    """The rounds as the page shows them, in order (:class:`_Section`)."""
    parts: dict[int, list[RoundReplay]] = {}
    for rnd in r.rounds:
        parts.setdefault(rnd.index, []).append(rnd)
    return [section for j, rec in enumerate(r.record.rounds) for section in _round_sections(j, rec, parts.get(j, []))]


def _round_sections(j: int, rec: RoundRecord, found: list[RoundReplay]) -> list[_Section]:
    """Round ``j`` as written (``rec``) as the page shows it: one section, or one for
    each part the replay split it in (``found``), each ending where the next starts."""
    if len(found) <= 1:
        return [_Section(j, rec, found[0] if found else None)]
    starts = [_first_written(rnd) for rnd in found]
    return [_Section(j, rec, rnd, starts[k + 1] if k + 1 < len(found) else None, split=k > 0) for k, rnd in enumerate(found)]


def _first_written(rnd: RoundReplay) -> int | None:
    """Where the first entry written of a part of a round replayed stands in the round
    as written (``None``: none of its plies is written)."""
    return next((p.index for p in rnd.plies if p.index is not None), None)


def _items(section: _Section) -> list[_Item]:
    """The section's entries: those replayed (one the replay put in, which the record
    does not hold, marked so), then those written beyond where the replay stopped (up to
    the section's end)."""
    plies = section.rnd.plies if section.rnd is not None else []
    items = [_Item(k, p.side, p.entry, p.kind.value if p.index is not None else "inserted", True) for k, p in enumerate(plies, 1)]
    rest = _not_reached(section, plies)
    first = len(items) + 1
    return items + [_Item(first + k, section.rec.side_of(n), e, "unplayed", False) for k, (n, e) in enumerate(rest)]


def _written_entries(section: _Section) -> list[tuple[int, Entry]]:
    """The entries written in ``section`` (no ``...``), up to its end, each with its
    place in the round as written."""
    end = section.end
    return [(n, e) for n, e in enumerate(section.rec.entries) if not e.placeholder and (end is None or n < end)]


def _not_reached(section: _Section, plies: Sequence[Ply]) -> list[tuple[int, Entry]]:
    """The entries of the section written beyond where its replay (``plies``) stopped,
    with their places in the round as written."""
    written = _written_entries(section)
    last = plies[-1].index if plies else -1  # (None: put in by the replay; as many written ones replayed as plies)
    return written[len(plies) :] if last is None else [(n, e) for n, e in written if n > last]


def _attach(r: MatchReplay, sections: list[_Section]) -> dict[int, dict[int, list[Diagnostic]]]:
    """Each diagnostic by where the page shows it: ``[section][ply]`` (ply 0: at the
    round's heading); ``[-1][-1]``: at the match's top. An entry is found by the place
    the diagnostic points at, else by its round and ply."""
    lists = [_items(section) for section in sections]
    by_line: dict[int, list[tuple[int, _Item]]] = {}  # (so a diagnostic is placed without a look at every entry)
    for k, items in enumerate(lists):
        for item in items:
            by_line.setdefault(item.entry.line, []).append((k, item))
    out: dict[int, dict[int, list[Diagnostic]]] = {}
    for d in r.diagnostics:
        k, ply = _place(d, sections, lists, by_line)
        out.setdefault(k, {}).setdefault(ply, []).append(d)
    return out


def _place(
    d: Diagnostic, sections: list[_Section], lists: list[list[_Item]], by_line: dict[int, list[tuple[int, _Item]]]
) -> tuple[int, int]:
    """Where the page shows ``d``: the entry it points at, else the heading of a round
    whose ``Round`` line it says is missing, else its round and ply, else the match's
    top (``-1, -1``)."""
    for k, item in by_line.get(d.line, ()):
        if item.entry.covers(d.line, d.column):
            return k, item.ply
    return _at_missing_round_line(d, sections, lists) or _in_round(d, sections, lists)


def _at_missing_round_line(d: Diagnostic, sections: list[_Section], lists: list[list[_Item]]) -> tuple[int, int] | None:
    """The heading of the part of a round ``d`` stands before (between the part before
    and its first entry: where its ``Round`` line is missing), if any."""
    for k, section in enumerate(sections):
        if section.split and lists[k] and lists[k - 1] and lists[k - 1][-1].entry.line < d.line <= lists[k][0].entry.line:
            return k, 0
    return None


def _in_round(d: Diagnostic, sections: list[_Section], lists: list[list[_Item]]) -> tuple[int, int]:
    """Where ``d`` is shown by its round and ply, or by the ``Round`` or ``Lineup`` line
    it stands on; else at the match's top (``-1, -1``)."""
    for k, section in enumerate(sections):
        if d.round == section.number:
            return k, _ply_shown(d.ply, len(lists[k]))
        if _on_round_lines(d, section):
            return k, 0
    return -1, -1


def _ply_shown(ply: int | None, plies: int) -> int:
    """The ply a diagnostic of a round is shown at: its own, if the section shows it,
    else the round's heading (0)."""
    return ply if ply is not None and 0 < ply <= plies else 0


def _on_round_lines(d: Diagnostic, section: _Section) -> bool:
    """Whether ``d`` stands on the ``Round`` or a ``Lineup`` line of a round written whole."""
    rec = section.rec
    return not section.split and (d.line == rec.line or any(d.line == lu.line for lu in rec.lineups))


def _round_html(i: int, section: _Section, attached: dict[int, list[Diagnostic]], score: dict[Side, int]) -> str:
    rnd, number, items = section.rnd, section.number, _items(section)
    parts = [
        f'<section class="round" aria-label="Round {number}"><h3>{_round_heading(i, section)}</h3>',
        _lineups_html(rnd.start) if rnd is not None else '<p class="unplayed">Not replayed: the replay could not reach this round.</p>',
        _said_html(section.rec.comments if not section.split else []),
        _diagnostics_html(attached.get(0, [])),
        _strip_html(i, number, items),
        _moves_html(i, number, items, attached),
        _result_html(rnd.result, score) if rnd is not None and rnd.result is not None else "",
        "</section>",
    ]
    return "".join(parts)


def _round_heading(i: int, section: _Section) -> str:
    """A round's heading: its number (a link to its start, once replayed) and its fill."""
    rec, rnd, number = section.rec, section.rnd, section.number
    filled = rnd.fill if section.split and rnd is not None else rec.fill  # (as written; a part: as replayed)
    fill = f" · fill {filled.value}" if filled is not None else ""
    left = " · its Round line left out" if section.split else ""
    heading = f'<a href="#m{i}r{number}p0">Round {number}</a>' if rnd is not None else f"Round {number}"
    return heading + fill + left


def _result_html(res: RoundResult, score: dict[Side, int]) -> str:
    """How the round ended, and the match's score after it."""
    how = "reaches the home row" if res.by is RoundEnd.HOME_ROW else "wins by deadlock"
    pts = counted(res.points, "point")
    return (
        f'<p class="result">{res.winner.title} {how} with the {res.tower.name.lower()} tower: {pts}. '
        f"<span class=\"score\">Black {score[Side.BLACK]} – {score[Side.GOLD]} Gold</span></p>"
    )


def _said_html(comments: Sequence[Comment]) -> str:
    """The comments of a match or a round (before its first entry), as a paragraph."""
    text = _comments_text(comments)
    return f'<p class="said">{escape(text)}</p>' if text else ""


def _lineups_html(start: Position) -> str:
    """Each player's home row at the round's start, from his own left."""
    rows = []
    for side in Side:
        towers = _home_row(start, side)
        if len(towers) == 8:
            names = " ".join(t.colour.title + "+" * t.rings for t in towers)
            rows.append(f"<li>{side.title}, from his left: {names}</li>")
    return f'<ul class="lineups">{"".join(rows)}</ul>' if rows else ""


def _home_row(start: Position, side: Side) -> list[Tower]:
    """``side``'s towers on its home row in ``start``, from its own left."""
    return [t for sq in HOME_SQUARES[side] if (t := start.tower_at(sq)) is not None and t.side is side]


def _moves_html(i: int, number: int, items: list[_Item], attached: dict[int, list[Diagnostic]]) -> str:
    """The entries, a row for Black's and Gold's, each with the diagnostics of its entries."""
    rows = "".join(_turn_html(i, number, n, turn, attached) for n, turn in enumerate(_turns(items), 1))
    return f'<ol class="moves">{rows}</ol>'


def _turns(items: list[_Item]) -> list[list[_Item | None]]:
    """The entries by turn: Black's, then Gold's (``None`` for a side's entry not there)."""
    turns: list[list[_Item | None]] = []
    for item in items:
        if item.side is Side.BLACK or not turns or turns[-1][1] is not None:
            turns.append([item, None] if item.side is Side.BLACK else [None, item])
        else:
            turns[-1][1] = item
    return turns


def _turn_html(i: int, number: int, n: int, turn: list[_Item | None], attached: dict[int, list[Diagnostic]]) -> str:
    """Turn ``n``'s row: its two entries, their comments, their diagnostics."""
    cells = "".join(_entry_html(i, number, item) for item in turn)
    items = [item for item in turn if item is not None]
    found = [d for item in items for d in attached.get(item.ply, [])]
    return f'<li><span class="n">{n}.</span>{cells}{_turn_comments_html(items)}{_diagnostics_html(found)}</li>'


def _turn_comments_html(items: list[_Item]) -> str:
    """The comments written at a turn's entries (``items``; none at one the replay put
    in, which the record does not hold), each after its side's name."""
    return "".join(
        f'<p class="said"><span class="whose">{item.side.title}:</span> {escape(text)}</p>'
        for item in items
        if item.kind != "inserted" and (text := _comments_text(item.entry.comments))
    )


def _entry_html(i: int, number: int, item: _Item | None) -> str:
    if item is None:
        return '<span class="e empty" aria-hidden="true">…</span>'
    text = escape(item.entry.text or "?")
    if not item.replayed:
        return f'<span class="e unplayed" title="not replayed">{text}</span>'
    kind = "" if item.kind == "move" else f" {item.kind}"
    note = ' title="not in the record: the replay puts it here"' if item.kind == "inserted" else ""
    return f'<a class="e{kind}" href="#m{i}r{number}p{item.ply}"{note}>{text}{_mark_html(item.entry)}</a>'


def _mark_html(entry: Entry) -> str:
    """The solver's mark of the entry (docs/analysis.md), after a space; "" for none."""
    judged = _analysis(entry)
    if judged is None or not judged[0]:
        return ""
    mark, before, after, best = judged
    why = f"{before} → {after}" + (f"; best {best}" if best else "")
    return f' <span class="mark m{len(mark)}{"g" if mark == "!" else ""}" title="{escape(why)}">{mark}</span>'


def _analysis(entry: Entry) -> tuple[str, str, str, str | None] | None:
    """The entry's ``{analysis: …}`` comment read (``kamisado analyze``), if it has one."""
    for comment in entry.comments:
        if comment.braced and (found := read_comment(comment.text)) is not None:
            return found
    return None


def _strip_html(i: int, number: int, items: list[_Item]) -> str:
    """A strip of the values over the round, one cell a move: who wins after it (Black
    dark, Gold gold, grey where unproven), from the ``{analysis: …}`` comments; none for
    a round without them."""
    moves = _judged_moves(items)
    if all(judged is None for _, judged in moves):
        return ""
    cells = "".join(_value_cell(i, number, item, judged[2] if judged is not None else "unknown") for item, judged in moves)
    return f'<div class="strip" aria-label="The solver\'s value after each move">{cells}</div>'


def _judged_moves(items: list[_Item]) -> list[tuple[_Item, tuple[str, str, str, str | None] | None]]:
    """The moves among a round's ``items`` that the solver judges (a forced entry is
    not judged), each with its ``{analysis: …}`` comment read, if it has one."""
    return [(item, _analysis(item.entry)) for item in items if item.replayed and item.kind in ("move", "push")]


def _value_cell(i: int, number: int, item: _Item, after: str) -> str:
    """A move's cell of the strip: who wins after it, by the mover's value ``after``."""
    if after == "unknown":
        who, words = "u", "unknown"
    else:
        winner = item.side if after.startswith("win") else item.side.other
        who, words = ("b" if winner is Side.BLACK else "g"), f"{winner.title} wins" + (f" in {after.split()[1]}" if " " in after else "")
    return f'<a class="v {who}" href="#m{i}r{number}p{item.ply}" title="after ply {item.ply}: {words}"></a>'


def _diagnostics_html(found: Sequence[Diagnostic]) -> str:
    if not found:
        return ""
    return '<ul class="diags">' + "".join(f"<li>{_diagnostic_html(d)}</li>" for d in found) + "</ul>"


def _diagnostic_html(d: Diagnostic) -> str:
    where = f"line {d.line}, column {d.column}: " if d.line else ""
    return f'<span class="{d.severity}">{d.severity}[{escape(d.rule)}]</span> {escape(where + d.message)}'


# ------------------------------------------------------------------ style and script

_STYLE = """
:root{--ink:#141414;--paper:#fff;--soft:#f3f1ec;--line:#d8d3c8;--accent:#b8860b;--bad:#c00000;--warn:#8a5a00;--muted:#555}
*{box-sizing:border-box}
body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:var(--soft)}
h1{font-size:1.5rem;margin:0}h2{font-size:1.2rem;margin:.2rem 0 .4rem}h3{font-size:1rem;margin:1rem 0 .3rem}
a{color:#1d4f91}
.page-head{padding:.8rem 1rem;background:var(--ink);color:var(--paper)}
.sources{margin:.2rem 0 0;opacity:.8;font-size:.9rem}
.noscript{margin:.8rem 1rem;font-weight:600}
.index,.problems,.standings{margin:.8rem 1rem;padding:.6rem 1rem;background:var(--paper);border:1px solid var(--line);border-radius:6px}
.index ol{margin:0;padding-left:1.6rem;columns:2 22rem}
.index li{min-height:44px;display:list-item}
.index li a{display:inline-block;min-height:44px;padding:10px 0;line-height:24px}
.index .event{color:var(--muted);font-size:.9rem}.index .score{font-variant-numeric:tabular-nums;white-space:nowrap}
.index a[aria-current]{font-weight:bold}
.index summary{cursor:pointer;min-height:44px;padding:6px 0}.index summary h2{display:inline}
.viewer{display:grid;grid-template-columns:minmax(280px,min(560px,calc(100vh - 9rem))) minmax(0,1fr);gap:1rem;align-items:start;margin:.8rem 1rem}
.board-pane{position:sticky;top:.5rem;z-index:1}
.board-sticky{background:var(--soft)}
.players{display:flex;align-items:baseline;gap:.5rem;margin:0 0 .3rem;font-weight:600;white-space:nowrap}
.players .who{overflow:hidden;text-overflow:ellipsis;min-width:0;flex:1 1 0}
.players .gold{text-align:right}
.players .black::before{content:"";display:inline-block;width:.8em;height:.8em;margin-right:.3em;border-radius:50%;background:#111;vertical-align:-.05em}
.players .gold::after{content:"";display:inline-block;width:.8em;height:.8em;margin-left:.3em;border-radius:50%;background:#d4a017;border:1px solid #7a5c00;vertical-align:-.05em}
.players .score{font-variant-numeric:tabular-nums;padding:0 .4rem;border:1px solid var(--line);border-radius:4px;background:var(--paper)}
#board{margin:0;background:var(--paper);border:1px solid var(--line);border-radius:6px;padding:6px}
#board svg{display:block;width:100%;height:auto}
#square-codes text{font-weight:700}
.caption{min-height:2.9em;padding:.3rem .2rem 0;font-size:.95rem}
.caption span{display:block}
.comment{margin:.3rem 0;padding:.3rem .6rem;border-left:3px solid var(--accent);background:var(--paper);font-style:italic}
.controls,.options{display:flex;flex-wrap:wrap;gap:.4rem;align-items:center;margin:.5rem 0}
.controls button,.options button{font:inherit;min-width:44px;min-height:44px;padding:0 .7rem;border:1px solid var(--line);border-radius:5px;background:var(--paper);color:var(--ink);cursor:pointer}
.controls button{flex:1 1 0;max-width:5rem}
.controls button[aria-pressed=true]{background:var(--ink);color:var(--paper)}
.options label{display:inline-flex;align-items:center;gap:.4rem;min-height:44px;padding:0 .5rem 0 .2rem;cursor:pointer}
.options input{width:22px;height:22px;margin:0}
.told{margin:0;min-height:1.2em;font-size:.9rem;color:var(--muted)}
.where{margin:0;font-weight:600}
.pinned{display:none}
.record-pane{min-width:0}
.match{background:var(--paper);border:1px solid var(--line);border-radius:6px;padding:.6rem 1rem 1rem}
.file{margin:0;color:var(--muted);font-size:.85rem;overflow-wrap:anywhere}
.headers{display:grid;grid-template-columns:max-content 1fr;gap:.1rem .8rem;margin:.5rem 0}
.headers dt{font-weight:600}.headers dd{margin:0;overflow-wrap:anywhere}
.state{margin:.4rem 0;font-weight:600}
.said{margin:.2rem 0 .4rem;color:#3b3b3b;font-style:italic;overflow-wrap:anywhere}
.said .whose{font-style:normal;font-weight:600}
.round{border-top:1px solid var(--line)}
.lineups{margin:0 0 .3rem;padding:0;list-style:none;font-size:.85rem;color:#444}
.moves{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:2.6rem minmax(0,13rem) minmax(0,13rem);column-gap:.3rem}
.moves>li{display:contents}
.moves .n{color:#595959;text-align:right;padding:.15rem .3rem .15rem 0;font-variant-numeric:tabular-nums}
.moves .e{display:block;padding:.15rem .4rem;border-radius:4px;text-decoration:none;color:var(--ink);overflow-wrap:anywhere}
.moves a.e:hover{background:#efe6cf}
.moves a.e:focus-visible{outline:3px solid #1d4f91}
.moves .e.push{font-weight:600}.moves .e.push::after{content:" ⇡";color:var(--accent)}
.moves .e.forfeit,.moves .e.back{color:var(--muted);font-style:italic}
.moves .e.unplayed{color:#767676;text-decoration:line-through dotted}
.moves .e.inserted{font-style:italic;border:1px dashed var(--bad)}
.mark{font-weight:700;color:var(--bad)}.mark.m1g{color:#1a7f37}
.strip{display:flex;gap:2px;margin:.3rem 0 .5rem}.strip .v{flex:1;min-width:4px;height:14px;border-radius:2px}
.strip .b{background:#222}.strip .g{background:#d4a017}.strip .u{background:#ccc}
.moves .e.empty{color:#767676}
.moves a.e.current{background:var(--ink);color:var(--paper)}
.moves .diags,.moves .said{grid-column:1/-1}
.moves .said{padding-left:2.9rem;font-size:.92rem}
.diags{margin:.2rem 0 .4rem;padding:0 0 0 1rem;font-size:.88rem;list-style:none}
.diags li{border-left:3px solid var(--bad);padding:.1rem .5rem;margin:.15rem 0;background:#fff4f4;overflow-wrap:anywhere}
.diags .error{color:var(--bad);font-weight:700}.diags .warning{color:var(--warn);font-weight:700}
.diags li:has(.warning){border-color:var(--warn);background:#fffaf0}
.result{margin:.3rem 0;font-size:.95rem}.result .score{font-weight:700;white-space:nowrap}
.unplayed{color:#6b6b6b}
.bad{color:var(--bad);font-weight:700}
.standings table{border-collapse:collapse;margin:.4rem 0;font-variant-numeric:tabular-nums}
.standings .scroll{overflow-x:auto;max-width:100%}
.standings{min-width:0;max-width:100%;box-sizing:border-box;overflow-x:auto}
.standings th[scope=row]{text-align:left;white-space:nowrap}
.standings h3{margin:.6rem 0 .1rem}.standings .note{margin:0;font-size:.85rem;color:var(--muted)}
.left-out summary{cursor:pointer;font-weight:600;margin-top:.5rem;min-height:44px;padding:10px 0}
.left-out li{padding:.2rem 0}
.standings th,.standings td{border:1px solid var(--line);padding:.2rem .5rem;text-align:right;white-space:nowrap}
.standings th:first-child,.standings td:first-child{text-align:left}
.cross td a{display:inline-block;min-width:44px;min-height:44px;line-height:44px;text-align:center;text-decoration:none}
.cross td a.left,.cross td span.left{color:var(--bad);font-weight:700}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (max-width:760px){
.viewer{grid-template-columns:minmax(0,1fr);margin:0 .5rem;gap:.3rem}
.board-pane{display:contents}
.board-sticky{position:sticky;top:0;z-index:2;padding:.3rem 0 0;border-bottom:1px solid var(--line)}
#board{padding:2px;border:none;background:none}
#board svg{width:auto;max-width:100%;max-height:calc(100vh - 12rem);margin:0 auto}
.pinned{display:block;margin:0 0 .25rem;font-size:.85rem;line-height:1.3}
.pinned span{display:block;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
#pin-where{font-weight:600}
#pieces .letter{font-size:19px;transform:translateY(1.5px)}
.controls{margin:.3rem 0}
.controls button{max-width:none}
.caption{min-height:0;font-size:.9rem}
.index,.problems,.standings{margin:.5rem}
.moves{grid-template-columns:2.2rem 1fr 1fr}
.moves .e{min-height:44px;padding:10px .4rem}
.moves .n{padding-top:10px}
.moves .said{padding-left:.5rem}
.standings th,.standings td{padding:.15rem .25rem}
.standings table{font-size:.8rem}
.standings th[scope=row]{white-space:normal;overflow-wrap:anywhere}
}
@media print{
body{background:#fff;font-size:11pt;display:flex;flex-direction:column}
.page-head{background:none;color:#000;padding:0 0 .4rem;order:-3}
.viewer{order:-2}
.controls,.options,.index,.told,noscript{display:none}
.viewer{display:block;margin:0}
.board-pane,.board-sticky{position:static;width:12cm;break-inside:avoid}
.board-sticky{border:none;background:none}
#board,.match,.problems,.standings{border:none;padding:0}
.moves a.e{color:#000}.moves a.e.current{background:none;color:#000;outline:2px solid #000}
.moves .e{min-height:0;padding:.1rem .3rem}
.standings{break-before:page}
a{color:#000;text-decoration:none}
}
"""

# The script: reads the page's data, draws the board from the SVG module's pieces
# (towers from the position string, marks as listed), follows keys, clicks and the hash;
# keeps the board in view (sticky, or scrolled to when a link opens a position); says
# the board in words (its name, a table of its squares) for screen readers.
_SCRIPT = """
(function () {
"use strict";
var D = JSON.parse(document.getElementById("kamisado-data").textContent);
var P = D.pieces, M = D.matches;
function $(id) { return document.getElementById(id); }
var board = $("board"), frame = $("frame"), text = $("square-text"), codes = $("square-codes"), layer = $("pieces");
var caption = $("caption"), comment = $("comment"), where = $("where"), say = $("say"), told = $("told");
var label = $("board-label"), glyphs = $("glyphs"), codesBox = $("codes"), flipButton = document.querySelector("[data-go=flip]");
var viewer = $("viewer"), sticky = $("board-sticky"), squares = document.querySelector("#squares tbody");
var state = {m: 0, r: 0, p: 0, flip: 0, drawnFlip: -1};
var FILES = "abcdefgh", LETTERS = "NGRYKPBO";
M.forEach(function (match) {
  match.rounds.forEach(function (round) {
    round.plies.forEach(function (ply) {
      ply[0] = ply[0].replace(/[1-8]/g, function (n) { return "........".slice(0, +n); });
    });
  });
});

function squareName(sq) { return FILES[sq % 8] + (Math.floor(sq / 8) + 1); }
function piece(n) { return P.strings[n]; }

function place(drawing, sq) {
  var c = P.centres[state.flip];
  return '<g class="at ' + squareName(sq) + '" transform="translate(' + c[2 * sq] + "," + c[2 * sq + 1] + ')">' + drawing + "</g>";
}

function cells(position) {
  var ranks = position.split(" ")[0].split("/"), out = {};
  for (var i = 0; i < 8; i++) {
    var row = ranks[i], file = 0, j = 0;
    while (j < row.length) {
      var cell = row[j++];
      if (cell !== ".") {
        while (row[j] === "+") { cell += row[j++]; }
        out[(7 - i) * 8 + file] = cell;
      }
      file++;
    }
  }
  return out;
}

function towers(found) {
  return Object.keys(found).map(function (sq) { return place(piece(P.towers[found[sq]]), +sq); }).join("");
}

function marks(list) {
  var f = P.marks[state.flip];
  return list.map(function (m) { return place(piece(f[m[0]]), m[1]); }).join("");
}

function towerWords(cell) {
  var colour = D.colours[LETTERS.indexOf(cell[0].toUpperCase())];
  var rings = cell.length - 1;
  return (cell[0] === cell[0].toLowerCase() ? "Black" : "Gold") + "'s " + colour + (rings ? " " + ["", "Sumo", "Double Sumo", "Triple Sumo"][rings] : " tower");
}

function walk(found) {
  var rows = [];
  for (var k = 0; k < 8; k++) {
    var rank = state.flip ? k : 7 - k, tds = [];
    for (var f = 0; f < 8; f++) {
      var file = state.flip ? 7 - f : f, sq = rank * 8 + file;
      tds.push("<td>" + squareName(sq) + ", " + D.squares[sq] + (found[sq] ? ": " + towerWords(found[sq]) : ": empty") + "</td>");
    }
    rows.push('<tr><th scope="row">rank ' + (rank + 1) + "</th>" + tds.join("") + "</tr>");
  }
  squares.innerHTML = rows.join("");
}

function rounds() { return M[state.m] ? M[state.m].rounds : []; }
function plies() { var r = rounds()[state.r]; return r ? r.plies : []; }

function score() {
  var round = rounds()[state.r];
  if (!round) { return [0, 0]; }
  return round.e && state.p === round.plies.length - 1 ? round.e : round.s;
}

function draw() {
  if (state.drawnFlip !== state.flip) {
    frame.innerHTML = piece(P.frame[state.flip]);
    text.innerHTML = piece(P.text[state.flip]);
    codes.innerHTML = piece(P.codes[state.flip]);
    state.drawnFlip = state.flip;
  }
  text.style.display = glyphs.checked ? "" : "none";
  codes.style.display = codesBox.checked && !glyphs.checked ? "" : "none";
  flipButton.setAttribute("aria-pressed", state.flip ? "true" : "false");
  var match = M[state.m], ply = plies()[state.p];
  $("black-name").textContent = match ? match.who[0] : "";
  $("gold-name").textContent = match ? match.who[1] : "";
  var points = score();
  $("score").textContent = points[0] + "\u2013" + points[1];
  $("score").setAttribute("aria-label", "score: Black " + points[0] + ", Gold " + points[1]);
  $("download").disabled = !(match && match.kmr);
  if (!ply) {
    layer.innerHTML = "";
    board.setAttribute("data-position", "");
    label.textContent = "Kamisado board: no position";
    caption.textContent = "No position to show: no round of this match was replayed.";
    comment.hidden = true;
    where.textContent = "Match " + (state.m + 1);
    $("pin-where").textContent = where.textContent;
    $("pin-status").textContent = "";
    squares.innerHTML = "";
    return;
  }
  var found = cells(ply[0]);
  layer.innerHTML = marks(ply[1]) + towers(found) + marks(ply[2]);
  board.setAttribute("data-position", ply[0]);
  caption.innerHTML = "";
  ply[3].forEach(function (line) {
    var s = document.createElement("span");
    s.textContent = line;
    caption.appendChild(s);
  });
  comment.textContent = ply[4] || "";
  comment.hidden = !ply[4];
  var round = rounds()[state.r];
  var here = "Match " + (state.m + 1) + ", round " + round.n + ", ply " + state.p + " of " + (plies().length - 1);
  where.textContent = here;
  pin(round, ply[3]);
  label.textContent = "Kamisado board, " + here.charAt(0).toLowerCase() + here.slice(1) + ". " + ply[3].join(" ");
  say.textContent = here + ". " + ply[3].join(" ") + (ply[4] ? " Comment: " + ply[4] : "");
  walk(found);
}

function pin(round, lines) {
  /* On a phone, the sticky area keeps one line of where the board is (round, ply, the
     last move) and one of what comes next (whose turn, or the back-entry due). */
  var last = lines.filter(function (line) { return line.indexOf("Last move: ") === 0; })[0];
  var next = lines.filter(function (line) { return line !== last; })[0] || "";
  $("pin-where").textContent = "Round " + round.n + " \u00b7 ply " + state.p + "/" + (plies().length - 1) +
    (last ? " \u00b7 " + last.slice(11).replace(/ \\(.*$/, "") : "");
  $("pin-status").textContent = next;
}

function hash() {
  var round = rounds()[state.r];
  return "#m" + (state.m + 1) + (round ? "r" + round.n + "p" + state.p : "") + (state.flip ? "f" : "");
}

function narrow() { return window.matchMedia && window.matchMedia("(max-width: 760px)").matches; }

function keepClear() {
  /* On a phone the board sticks to the top: what is scrolled into view goes below it. */
  document.documentElement.style.scrollPaddingTop = narrow() ? sticky.offsetHeight + 8 + "px" : "";
}

function boardInView() {
  var r = board.getBoundingClientRect();
  return r.top >= 0 && r.bottom <= window.innerHeight;
}

function reveal(entry, start) {
  /* start: a round's heading, shown at the top of the move list with its entries below */
  keepClear();
  if (!boardInView()) {
    window.scrollTo(0, Math.max(viewer.getBoundingClientRect().top + window.pageYOffset - 8, 0));
  }
  if (entry && entry.scrollIntoView) { entry.scrollIntoView({block: start ? "start" : "nearest"}); }
}

var KINDS = {push: ", a Sumo push", forfeit: ", a forfeit", back: ", the push's back-entry", inserted: ", put in by the replay"};

function nameMoves(article) {
  /* Each move link's name for a screen reader: its row number, whose it is, what it is
     ("3. Gold, a forfeit: Orange 0 Yellow"), given when its match is first shown. */
  if (article.hasAttribute("data-labelled")) { return; }
  article.setAttribute("data-labelled", "");
  article.querySelectorAll("ol.moves > li").forEach(function (li, k) {
    var cells = li.querySelectorAll(":scope > .e");
    cells.forEach(function (cell, c) {
      if (cell.tagName !== "A") { return; }
      var kind = "";
      Object.keys(KINDS).forEach(function (name) { if (cell.classList.contains(name)) { kind = KINDS[name]; } });
      cell.setAttribute("aria-label", (k + 1) + ". " + (c ? "Gold" : "Black") + kind + ": " + cell.textContent);
    });
  });
}

function mark(follow) {
  var h = hash().replace(/f$/, "");
  document.querySelectorAll("article.match").forEach(function (a) {
    a.hidden = a.getAttribute("data-match") !== String(state.m + 1);
    if (!a.hidden) { nameMoves(a); }
  });
  document.querySelectorAll("a.current").forEach(function (a) {
    a.classList.remove("current");
    a.removeAttribute("aria-current");
  });
  var current = null;
  document.querySelectorAll('a.e[href="' + h + '"]').forEach(function (a) {
    a.classList.add("current");
    a.setAttribute("aria-current", "step");
    current = a;
  });
  /* a round's start has no entry: on a phone, where the move list scrolls under the
     board, its heading is brought up (beside the board, the list is seen whole) */
  var shown = current || (narrow() ? document.querySelector('article.match:not([hidden]) .round h3 a[href="' + h + '"]') : null);
  document.querySelectorAll(".index a").forEach(function (a) {
    if (a.getAttribute("href").indexOf("#m" + (state.m + 1) + "r") === 0 || a.getAttribute("href") === "#m" + (state.m + 1)) {
      a.setAttribute("aria-current", "true");
    } else {
      a.removeAttribute("aria-current");
    }
  });
  if (follow) { reveal(shown, !current); }
}

function go(m, r, p, follow) {
  var other = m !== state.m;
  state.m = m; state.r = r; state.p = p;
  draw();
  mark(follow);
  if (location.hash !== hash()) {
    /* One history entry a match: stepping within it replaces the entry (keys, buttons
       and clicks alike), going to another match adds one, so Back returns to it. */
    if (other && follow === "push") { history.pushState(null, "", hash()); } else { history.replaceState(null, "", hash()); }
  }
}

function open(h, follow) {
  var found = /^#m(\\d+)(?:r(\\d+))?(?:p(\\d+))?(f)?$/i.exec(h || "");
  var m = found ? Math.min(Math.max(parseInt(found[1], 10) - 1, 0), M.length - 1) : 0;
  var list = M[m] ? M[m].rounds : [], r = 0, p = 0;
  if (found && found[2]) {
    for (var i = 0; i < list.length; i++) { if (String(list[i].n) === found[2]) { r = i; break; } }
  }
  if (found && found[3] && list[r]) { p = Math.min(parseInt(found[3], 10), list[r].plies.length - 1); }
  if (found) { state.flip = found[4] ? 1 : 0; }
  go(m, r, p, follow);
}

var moves = {
  next: function () {
    if (state.p < plies().length - 1) { return [state.r, state.p + 1]; }
    return state.r < rounds().length - 1 ? [state.r + 1, 0] : null;
  },
  prev: function () {
    if (state.p > 0) { return [state.r, state.p - 1]; }
    return state.r > 0 ? [state.r - 1, rounds()[state.r - 1].plies.length - 1] : null;
  },
  home: function () { return [0, 0]; },
  end: function () { var n = rounds().length - 1; return n < 0 ? null : [n, rounds()[n].plies.length - 1]; },
  nextRound: function () {
    if (state.r < rounds().length - 1) { return [state.r + 1, 0]; }
    return [state.r, plies().length - 1];
  },
  prevRound: function () { return [Math.max(state.r - 1, 0), 0]; }
};

function act(what) {
  if (what === "flip") {
    state.flip = 1 - state.flip;
    draw();
    history.replaceState(null, "", hash());
    return;
  }
  if (!rounds().length) { return; }
  var to = moves[what]();
  if (to) { go(state.m, to[0], Math.max(to[1], 0), true); }
}

var KEYS = {ArrowRight: "next", ArrowLeft: "prev", Home: "home", End: "end", PageDown: "nextRound", PageUp: "prevRound", f: "flip", F: "flip"};
var PAGE_KEYS = {Home: 1, End: 1, PageDown: 1, PageUp: 1};

document.addEventListener("keydown", function (e) {
  if (e.altKey || e.ctrlKey || e.metaKey) { return; }
  var t = e.target;
  if (t && (t.tagName === "INPUT" && t.type !== "checkbox" || t.tagName === "TEXTAREA" || t.tagName === "SELECT" || t.isContentEditable)) { return; }
  var what = KEYS[e.key];
  if (!what) { return; }
  /* Home, End and the page keys scroll the page as usual, except on the board or the moves. */
  if (PAGE_KEYS[e.key] && !(t === document.body || t === document.documentElement || viewer.contains(t))) { return; }
  e.preventDefault();
  act(what);
});
document.querySelectorAll("[data-go]").forEach(function (b) {
  b.addEventListener("click", function () { act(b.getAttribute("data-go")); });
});
document.addEventListener("click", function (e) {
  var a = e.target.closest ? e.target.closest('a[href^="#m"]') : null;
  if (!a || e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) { return; }
  e.preventDefault();
  var h = a.getAttribute("href");
  open(state.flip && !/f$/i.test(h) ? h + "f" : h, "push");
});
glyphs.addEventListener("change", draw);
codesBox.addEventListener("change", draw);

function tell(message) {
  told.textContent = message;
  window.setTimeout(function () { if (told.textContent === message) { told.textContent = ""; } }, 4000);
}

$("copy").addEventListener("click", function () {
  var position = board.getAttribute("data-position");
  function fallback() {
    var area = document.createElement("textarea");
    area.value = position;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    var done = false;
    try { done = document.execCommand("copy"); } catch (err) { done = false; }
    document.body.removeChild(area);
    tell(done ? "Position copied." : "Copy this position: " + position);
  }
  if (navigator.clipboard && navigator.clipboard.writeText) {
    navigator.clipboard.writeText(position).then(function () { tell("Position copied."); }, fallback);
  } else {
    fallback();
  }
});
$("download").addEventListener("click", function () {
  var match = M[state.m];
  if (!match || !match.kmr) { return; }
  var url = URL.createObjectURL(new Blob([match.kmr], {type: "text/plain;charset=utf-8"}));
  var a = document.createElement("a");
  a.href = url;
  a.download = match.file;
  document.body.appendChild(a);
  a.click();
  document.body.removeChild(a);
  window.setTimeout(function () { URL.revokeObjectURL(url); }, 1000);
  tell("Downloading " + match.file + ".");
});

window.addEventListener("hashchange", function () { if (location.hash !== hash()) { open(location.hash, true); } });
window.addEventListener("popstate", function () { if (location.hash !== hash()) { open(location.hash, true); } });
window.addEventListener("resize", keepClear);
var opened = [];
window.addEventListener("beforeprint", function () {
  document.querySelectorAll("details:not([open])").forEach(function (d) { d.open = true; opened.push(d); });
});
window.addEventListener("afterprint", function () {
  opened.forEach(function (d) { d.open = false; });
  opened = [];
});
var index = $("index");
if (index && narrow()) { index.open = false; }
open(location.hash, location.hash !== "");
}());
"""
