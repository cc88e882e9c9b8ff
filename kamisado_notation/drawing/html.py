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

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from html import escape

from ..checking.matches import split_matches
from ..checking.replay import MatchReplay, MatchStatus, PlyKind, RoundReplay, replay
from ..checking.standings import ROW_FIELDS, Standings, Tally
from ..checking.validate import no_match, summary_of
from ..diagnostics import ERROR, Diagnostic
from ..engine.board import Side
from ..engine.match import HOME_SQUARES, RoundEnd, score_of
from ..engine.position import Position, Tower
from ..errors import RecordIOError
from ..notation.files import record_paths, source_name, stream_record
from ..notation.record import Entry, MatchRecord, RoundRecord
from ..play.analyse import read_comment
from .svg import Placed, board_pieces, marks, placed_marks, shown_move, status_lines, tower_pieces

__all__ = ["Page", "PageMatch", "html_page", "page_text", "read_matches"]


@dataclass(frozen=True)
class PageMatch:
    """A match of the page: the file it was read from and its replay."""

    path: str
    replay: MatchReplay


@dataclass(frozen=True)
class Page:
    """A page made by :func:`html_page`: its ``text``, how many ``matches`` it shows, and
    every diagnostic of its records by the file it is in (``problems``: those of the
    files themselves, an unreadable one say, and those of their matches)."""

    text: str
    matches: int
    problems: list[tuple[str, Diagnostic]] = field(default_factory=list)

    @property
    def valid(self) -> bool:
        """Whether no record has an error (warnings aside)."""
        return not any(d.severity is ERROR for _, d in self.problems)


def html_page(
    paths: Iterable[str], *, title: str | None = None, glyphs: bool = False, encoding: str | None = None
) -> Page:
    """The page of every match in the record files ``paths`` (``-``: standard input; a
    folder: the record files in it, :func:`~kamisado_notation.notation.files.record_paths`),
    in order: a file that cannot be read is a diagnostic of that file, and the others are
    shown all the same; a folder with no record file raises
    :class:`~kamisado_notation.errors.NoRecordsError`. ``title`` heads the page (default: the events, or the files);
    ``glyphs`` shows the squares' Chinese characters from the start (the reader can
    turn them on and off); ``encoding``: the files', when not UTF-8
    (:func:`~kamisado_notation.notation.files.stream_record`)."""
    matches, file_problems = read_matches(paths, encoding=encoding)
    problems = [*file_problems, *((pm.path, d) for pm in matches for d in pm.replay.diagnostics)]
    text = page_text(matches, file_problems, title=title, glyphs=glyphs)
    return Page(text=text, matches=len(matches), problems=problems)


def read_matches(
    paths: Iterable[str], *, encoding: str | None = None
) -> tuple[list[PageMatch], list[tuple[str, Diagnostic]]]:
    """Every match of the record files ``paths`` (a folder: those in it; in
    ``encoding`` when given), replayed, and the diagnostics of the files themselves (one
    that cannot be read, one that holds no match)."""
    matches: list[PageMatch] = []
    problems: list[tuple[str, Diagnostic]] = []
    for path in record_paths(paths):
        name = source_name(path)
        count = len(matches)
        try:
            record, stream = stream_record(path, encoding=encoding)
            matches += (PageMatch(record.path, replay(m)) for m in split_matches(stream))  # (pasted matches apart)
        except RecordIOError as e:
            problems.append((name, Diagnostic("io", e.reason, 0, 0)))
            continue
        problems += ((name, d) for d in record.errors)
        if len(matches) == count and not record.errors:
            problems.append((name, no_match()))
    return matches, problems


def page_text(
    matches: Sequence[PageMatch],
    problems: Sequence[tuple[str, Diagnostic]] = (),
    *,
    title: str | None = None,
    glyphs: bool = False,
) -> str:
    """The page (HTML) of ``matches``, with the files' own ``problems`` listed at the top."""
    kit = _Kit()
    data = [_match_data(pm.replay, kit) for pm in matches]
    heading = title or _default_title(matches)
    articles = "".join(_match_html(i, pm) for i, pm in enumerate(matches, 1))
    payload = {"glyphs": glyphs, "pieces": kit.pieces(), "matches": data}
    body = [
        f"<header class=\"page-head\"><h1>{escape(heading)}</h1>{_sources(matches)}</header>",
        _problems_html(problems),
        _index_html(matches),
        _standings_html(matches),
        _VIEWER.format(size=kit.size, glyphs=" checked" if glyphs else "", articles=articles),
        f'<script type="application/json" id="kamisado-data">{_script_json(payload)}</script>',
        f"<script>{_SCRIPT}</script>",
    ]
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(heading)}</title><style>{_STYLE}</style></head>\n<body>\n"
        + "\n".join(part for part in body if part)
        + "\n</body></html>\n"
    )


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
            "centres": [[round(c, 2) for xy in w.centres for c in xy] for w in ways],
            "marks": [[at(w.marks[key]) for key in self.placed] for w in ways],
            "towers": {letter: at(drawing) for letter, drawing in tower_pieces(self.towers.values()).items()},
            "strings": list(strings),
        }


def _match_data(match: MatchReplay, kit: _Kit) -> dict[str, object]:
    """A match's positions for the script: by round, each ply's position string, its
    marks under and over the towers, and the sentences that say it."""
    return {"rounds": [{"n": rnd.number, "plies": _round_plies(rnd, kit)} for rnd in match.rounds]}


def _round_plies(rnd: RoundReplay, kit: _Kit) -> list[object]:
    plies: list[object] = []
    position = rnd.start.copy()
    for n in range(len(rnd.plies) + 1):
        if n:
            ply = rnd.plies[n - 1]
            if ply.kind is not PlyKind.BACK and ply.move is not None:  # the push moved it
                position.apply(ply.move)  # (as the replay played it: a Sumo ring it had to guess is no error)
        last = shown_move(rnd, n)
        under, over = placed_marks(position, marks(position, last_move=last))
        text = _EMPTY_RUN.sub(lambda run: str(len(run.group())), position.to_string())
        plies.append([text, kit.add(position, under), kit.add(position, over), status_lines(position, last)])
    return plies


#: A run of empty squares in a position string, which the page writes as its length
#: (as FEN does; a position string has no digits) and the script spells out again.
_EMPTY_RUN = re.compile(r"\.+")


def _script_json(value: object) -> str:
    """JSON that cannot end the ``<script>`` element it stands in."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


# ------------------------------------------------------------------ the page's text


def _default_title(matches: Sequence[PageMatch]) -> str:
    events = list(dict.fromkeys(e for pm in matches if (e := pm.replay.record.header("Event"))))
    if events:
        return " · ".join(events[:3]) + (" …" if len(events) > 3 else "")
    files = list(dict.fromkeys(pm.path for pm in matches))
    return "Kamisado: " + (", ".join(files[:3]) + (" …" if len(files) > 3 else "") if files else "no match")


def _sources(matches: Sequence[PageMatch]) -> str:
    files = list(dict.fromkeys(pm.path for pm in matches))
    n = len(matches)
    what = f"{n} match{'es' if n != 1 else ''} from {len(files)} file{'s' if len(files) != 1 else ''}"
    return f'<p class="sources">{escape(what)}</p>'


def _players(record: MatchRecord) -> str:
    return f"{record.header('Black') or 'Black'} – {record.header('Gold') or record.header('White') or 'Gold'}"


def _problems_html(problems: Sequence[tuple[str, Diagnostic]]) -> str:
    if not problems:
        return ""
    items = "".join(f"<li>{escape(path)}: {_diagnostic_html(d)}</li>" for path, d in problems)
    return f'<section class="problems" aria-label="Files"><h2>Files with problems</h2><ul class="diags">{items}</ul></section>'


def _index_html(matches: Sequence[PageMatch]) -> str:
    """The list of the matches, each a link to its start, when there is more than one."""
    if len(matches) < 2:
        return ""
    rows = []
    for i, pm in enumerate(matches, 1):
        record, r = pm.replay.record, pm.replay
        event = record.header("Event") or ""
        score = f"{r.score[Side.BLACK]}–{r.score[Side.GOLD]}"
        state = "" if r.valid else ' <span class="bad">invalid</span>'
        rows.append(
            f'<li><a href="{_href(i, r)}">{escape(_players(record))}</a> '
            f'<span class="event">{escape(event)}</span> <span class="score">{score}</span>'
            f"{' (in progress)' if r.status is MatchStatus.IN_PROGRESS else ''}{state}</li>"
        )
    return (
        f'<nav class="index" aria-label="Matches"><details id="index" open><summary><h2>Matches ({len(matches)})</h2></summary>'
        f'<ol>{"".join(rows)}</ol></details></nav>'
    )


def _standings_html(matches: Sequence[PageMatch]) -> str:
    """The standings, crosstable and matches left out
    (:mod:`~kamisado_notation.checking.standings`) of every event that several matches
    share (``Event`` headers compared without case or repeated spaces)."""
    index = {(pm.path, pm.replay.record.line): i for i, pm in enumerate(matches, 1)}
    sections = []
    for event, group in _events(matches).items():
        if len(group) > 1:
            tally = Tally()
            for pm in group:
                tally.add_match(pm.path, summary_of(pm.replay))
            sections.append(_standings_section(event, tally.standings(), index))
    return "\n".join(sections)


def _events(matches: Sequence[PageMatch]) -> dict[str, list[PageMatch]]:
    """The matches by event, each event named as first written."""
    names: dict[str, str] = {}
    groups: dict[str, list[PageMatch]] = {}
    for pm in matches:
        event = " ".join((pm.replay.record.headers.get("Event") or "").split())
        if event:
            name = names.setdefault(event.casefold(), event)
            groups.setdefault(name, []).append(pm)
    return groups


def _standings_section(event: str, table: Standings, index: dict[tuple[str, int], int]) -> str:
    parts = [f'<section class="standings" aria-label="Standings: {escape(event)}"><h2>Standings: {escape(event)}</h2>']
    if table.players:
        rows = [(p.name, [getattr(p, f) for f in ROW_FIELDS[1:]]) for p in table.players]
        parts.append(_ranked_table(["#", *ROW_FIELDS], rows))
        numbers = [str(n) for n in range(1, len(table.players) + 1)]
        parts.append("<h3>Crosstable</h3><p class=\"note\">Each row's results against each column (by rank), its points first.</p>")
        parts.append(_ranked_table(["#", "name", *numbers], [(p.name, cells) for p, cells in zip(table.players, table.grid(), strict=True)]))
    else:
        parts.append("<p>No match counts yet: only valid, finished matches between two named players do.</p>")
    if table.left_out:
        items = "".join(_left_out_html(lo.path, lo.line, lo.why, index) for lo in table.left_out)
        parts.append(f'<details class="left-out"><summary>Left out ({len(table.left_out)})</summary><ul>{items}</ul></details>')
    parts += (f'<p class="warning">{escape(w)}</p>' for w in table.warnings)
    return "".join(parts) + "</section>"


def _ranked_table(columns: Sequence[str], rows: Sequence[tuple[str, Sequence[object]]]) -> str:
    """A table of players in ranking order: the rank, the name, the cells."""
    head = "".join(f'<th scope="col">{escape(c)}</th>' for c in columns)
    body = "".join(
        f'<tr><td>{rank}</td><th scope="row">{escape(name)}</th>' + "".join(f"<td>{escape(str(c))}</td>" for c in cells) + "</tr>"
        for rank, (name, cells) in enumerate(rows, 1)
    )
    return f'<div class="scroll"><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'


def _left_out_html(path: str, line: int, why: str, index: dict[tuple[str, int], int]) -> str:
    i = index.get((path, line))
    where = f'<a href="#m{i}">Match {i}</a>' if i is not None else escape(f"{path}, line {line}")
    return f"<li>{where}: {escape(why)}</li>"


def _href(i: int, match: MatchReplay, rnd: RoundReplay | None = None, ply: int = 0) -> str:
    """The link to match ``i``'s round ``rnd`` (default: its first) after ``ply`` entries."""
    if rnd is None:
        if not match.rounds:
            return f"#m{i}"
        rnd = match.rounds[0]
    return f"#m{i}r{rnd.number}p{ply}"


_VIEWER = """<main class="viewer">
<div class="board-pane">
<figure id="board" data-position="" aria-labelledby="board-label">
<svg viewBox="0 0 {size} {size}" role="img" aria-labelledby="board-label"><title id="board-label">Kamisado board</title>
<g id="frame"></g><g id="square-text"></g><g id="pieces"></g></svg>
<figcaption id="caption"></figcaption>
</figure>
<div class="controls" role="toolbar" aria-label="Moves">
<button type="button" data-go="home" title="First position (Home)" aria-label="First position">«</button>
<button type="button" data-go="prev" title="Previous ply (←)" aria-label="Previous ply">‹</button>
<button type="button" data-go="next" title="Next ply (→)" aria-label="Next ply">›</button>
<button type="button" data-go="end" title="Last position (End)" aria-label="Last position">»</button>
<button type="button" data-go="flip" title="Turn the board (f)" aria-pressed="false">Flip</button>
<label><input type="checkbox" id="glyphs"{glyphs}> Glyphs</label>
</div>
<p id="where" class="where"></p>
<p id="say" class="visually-hidden" aria-live="polite"></p>
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
        text += f" The record has {errors} error{'s' if errors != 1 else ''}: it is shown as far as it replays."
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
    out = []
    for j, rec in enumerate(r.record.rounds):
        found = parts.get(j, [])
        if len(found) <= 1:
            out.append(_Section(j, rec, found[0] if found else None))
            continue
        starts = [next((p.index for p in rnd.plies if p.index is not None), None) for rnd in found]
        for k, rnd in enumerate(found):
            out.append(_Section(j, rec, rnd, starts[k + 1] if k + 1 < len(found) else None, split=k > 0))
    return out


def _items(section: _Section) -> list[_Item]:
    """The section's entries: those replayed (one the replay put in, which the record
    does not hold, marked so), then those written beyond where the replay stopped (up to
    the section's end)."""
    rec, rnd, end = section.rec, section.rnd, section.end
    plies = rnd.plies if rnd is not None else []
    items = [_Item(k, p.side, p.entry, p.kind.value if p.index is not None else "inserted", True) for k, p in enumerate(plies, 1)]
    written = [(n, e) for n, e in enumerate(rec.entries) if not e.placeholder and (end is None or n < end)]
    last = plies[-1].index if plies else -1  # (None: put in by the replay; as many written ones replayed as plies)
    rest = written[len(plies) :] if last is None else [(n, e) for n, e in written if n > last]
    first = len(items) + 1
    items += [_Item(first + k, rec.side_of(n), e, "unplayed", False) for k, (n, e) in enumerate(rest)]
    return items


def _attach(r: MatchReplay, sections: list[_Section]) -> dict[int, dict[int, list[Diagnostic]]]:
    """Each diagnostic by where the page shows it: ``[section][ply]`` (ply 0: at the
    round's heading); ``[-1][-1]``: at the match's top. An entry is found by the place
    the diagnostic points at, else by its round and ply."""
    lists = [_items(section) for section in sections]
    out: dict[int, dict[int, list[Diagnostic]]] = {}
    for d in r.diagnostics:
        k, ply = _place(d, sections, lists)
        out.setdefault(k, {}).setdefault(ply, []).append(d)
    return out


def _place(d: Diagnostic, sections: list[_Section], lists: list[list[_Item]]) -> tuple[int, int]:
    for k, items in enumerate(lists):
        for item in items:
            if item.entry.covers(d.line, d.column):
                return k, item.ply
    for k, section in enumerate(sections):
        if section.split and lists[k] and lists[k - 1] and lists[k - 1][-1].entry.line < d.line <= lists[k][0].entry.line:
            return k, 0  # (between the part before and this one's first entry: where its Round line is missing)
    for k, section in enumerate(sections):
        if d.round == section.number:
            known = d.ply is not None and 0 < d.ply <= len(lists[k])
            return k, d.ply if known and d.ply is not None else 0
        rec = section.rec
        if not section.split and (d.line == rec.line or any(d.line == lu.line for lu in rec.lineups)):
            return k, 0
    return -1, -1


def _round_html(i: int, section: _Section, attached: dict[int, list[Diagnostic]], score: dict[Side, int]) -> str:
    rec, rnd, number = section.rec, section.rnd, section.number
    filled = rnd.fill if section.split and rnd is not None else rec.fill  # (as written; a part: as replayed)
    fill = f" · fill {filled.value}" if filled is not None else ""
    if section.split:
        fill += " · its Round line left out"
    heading = f'<a href="#m{i}r{number}p0">Round {number}</a>' if rnd is not None else f"Round {number}"
    parts = [f'<section class="round" aria-label="Round {number}"><h3>{heading}{fill}</h3>']
    if rnd is not None:
        parts.append(_lineups_html(rnd.start))
    else:
        parts.append('<p class="unplayed">Not replayed: the replay could not reach this round.</p>')
    parts.append(_diagnostics_html(attached.get(0, [])))
    parts.append(_strip_html(i, number, _items(section)))
    parts.append(_moves_html(i, number, _items(section), attached))
    if rnd is not None and rnd.result is not None:
        res = rnd.result
        how = "reaches the home row" if res.by is RoundEnd.HOME_ROW else "wins by deadlock"
        pts = f"{res.points} point{'s' if res.points != 1 else ''}"
        parts.append(
            f'<p class="result">{res.winner.title} {how} with the {res.tower.name.lower()} tower: {pts}. '
            f"<span class=\"score\">Black {score[Side.BLACK]} – {score[Side.GOLD]} Gold</span></p>"
        )
    parts.append("</section>")
    return "".join(parts)


def _lineups_html(start: Position) -> str:
    """Each player's home row at the round's start, from his own left."""
    rows = []
    for side in Side:
        towers = [t for sq in HOME_SQUARES[side] if (t := start.tower_at(sq)) is not None and t.side is side]
        if len(towers) == 8:
            names = " ".join(t.colour.title + "+" * t.rings for t in towers)
            rows.append(f"<li>{side.title}, from his left: {names}</li>")
    return f'<ul class="lineups">{"".join(rows)}</ul>' if rows else ""


def _moves_html(i: int, number: int, items: list[_Item], attached: dict[int, list[Diagnostic]]) -> str:
    """The entries, a row for Black's and Gold's, each with the diagnostics of its entries."""
    rows: list[list[_Item | None]] = []
    for item in items:
        if item.side is Side.BLACK or not rows or len(rows[-1]) != 1:
            rows.append([item] if item.side is Side.BLACK else [None, item])
        else:
            rows[-1].append(item)
    out = []
    for n, row in enumerate(rows, 1):
        cells = "".join(_entry_html(i, number, item) for item in (row + [None])[:2])
        found = [d for item in row if item is not None for d in attached.get(item.ply, [])]
        out.append(f'<li><span class="n">{n}.</span>{cells}{_diagnostics_html(found)}</li>')
    return f'<ol class="moves">{"".join(out)}</ol>'


def _entry_html(i: int, number: int, item: _Item | None) -> str:
    if item is None:
        return '<span class="e empty">…</span>'
    text = escape(item.entry.text or "?")
    if not item.replayed:
        return f'<span class="e unplayed" title="not replayed">{text}</span>'
    kind = "" if item.kind == "move" else f" {item.kind}"
    note = ' title="not in the record: the replay puts it here"' if item.kind == "inserted" else ""
    judged = _analysis(item.entry)
    if judged is not None and judged[0]:  # the solver's mark (docs/analysis.md)
        mark, before, after, best = judged
        why = f"{before} → {after}" + (f"; best {best}" if best else "")
        text += f' <span class="mark m{len(mark)}{"g" if mark == "!" else ""}" title="{escape(why)}">{mark}</span>'
    return f'<a class="e{kind}" href="#m{i}r{number}p{item.ply}"{note}>{text}</a>'


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
    cells = []
    judged_any = False
    for item in items:
        if not item.replayed or item.kind not in ("move", "push"):
            continue  # (forced entries are not judged)
        judged = _analysis(item.entry)
        judged_any = judged_any or judged is not None
        after = judged[2] if judged is not None else "unknown"
        if after == "unknown":
            who, words = "u", "unknown"
        else:
            mover_wins = after.startswith("win")
            winner = item.side if mover_wins else item.side.other
            who, words = ("b" if winner is Side.BLACK else "g"), f"{winner.title} wins" + (f" in {after.split()[1]}" if " " in after else "")
        cells.append(f'<a class="v {who}" href="#m{i}r{number}p{item.ply}" title="after ply {item.ply}: {words}"></a>')
    if not judged_any:
        return ""
    return f'<div class="strip" aria-label="The solver\'s value after each move">{"".join(cells)}</div>'


def _diagnostics_html(found: Sequence[Diagnostic]) -> str:
    if not found:
        return ""
    return '<ul class="diags">' + "".join(f"<li>{_diagnostic_html(d)}</li>" for d in found) + "</ul>"


def _diagnostic_html(d: Diagnostic) -> str:
    where = f"line {d.line}, column {d.column}: " if d.line else ""
    return f'<span class="{d.severity}">{d.severity}[{escape(d.rule)}]</span> {escape(where + d.message)}'


# ------------------------------------------------------------------ style and script

_STYLE = """
:root{--ink:#141414;--paper:#fff;--soft:#f3f1ec;--line:#d8d3c8;--accent:#b8860b;--bad:#c00000;--warn:#8a5a00}
*{box-sizing:border-box}
body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:var(--soft)}
h1{font-size:1.5rem;margin:0}h2{font-size:1.2rem;margin:.2rem 0 .4rem}h3{font-size:1rem;margin:1rem 0 .3rem}
a{color:#1d4f91}
.page-head{padding:.8rem 1rem;background:var(--ink);color:var(--paper)}
.sources{margin:.2rem 0 0;opacity:.8;font-size:.9rem}
.index,.problems,.standings{margin:.8rem 1rem;padding:.6rem 1rem;background:var(--paper);border:1px solid var(--line);border-radius:6px}
.index ol{margin:0;padding-left:1.6rem;columns:2 22rem}
.index .event{color:#555;font-size:.9rem}.index .score{font-variant-numeric:tabular-nums}
.index a[aria-current]{font-weight:bold}
.index summary{cursor:pointer}.index summary h2{display:inline}
.viewer{display:grid;grid-template-columns:minmax(280px,560px) minmax(0,1fr);gap:1rem;align-items:start;margin:.8rem 1rem}
.board-pane{position:sticky;top:.5rem}
#board{margin:0;background:var(--paper);border:1px solid var(--line);border-radius:6px;padding:6px}
#board svg{display:block;width:100%;height:auto}
#caption{min-height:2.9em;padding:.3rem .2rem 0;font-size:.95rem}
#caption span{display:block}
.controls{display:flex;flex-wrap:wrap;gap:.4rem;align-items:center;margin:.5rem 0}
.controls button{font:inherit;min-width:2.8rem;min-height:2.4rem;border:1px solid var(--line);border-radius:5px;background:var(--paper);cursor:pointer}
.controls button[aria-pressed=true]{background:var(--ink);color:var(--paper)}
.controls label{margin-left:.3rem}
.where{margin:0;font-weight:600}
.record-pane{min-width:0}
.match{background:var(--paper);border:1px solid var(--line);border-radius:6px;padding:.6rem 1rem 1rem}
.file{margin:0;color:#555;font-size:.85rem;overflow-wrap:anywhere}
.headers{display:grid;grid-template-columns:max-content 1fr;gap:.1rem .8rem;margin:.5rem 0}
.headers dt{font-weight:600}.headers dd{margin:0;overflow-wrap:anywhere}
.state{margin:.4rem 0;font-weight:600}
.round{border-top:1px solid var(--line)}
.lineups{margin:0 0 .3rem;padding:0;list-style:none;font-size:.85rem;color:#444}
.moves{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:2.6rem minmax(0,13rem) minmax(0,13rem);column-gap:.3rem}
.moves>li{display:contents}
.moves .n{color:#777;text-align:right;padding:.15rem .3rem .15rem 0;font-variant-numeric:tabular-nums}
.moves .e{display:block;padding:.15rem .4rem;border-radius:4px;text-decoration:none;color:var(--ink);overflow-wrap:anywhere}
.moves a.e:hover{background:#efe6cf}
.moves a.e:focus-visible{outline:3px solid #1d4f91}
.moves .e.push{font-weight:600}.moves .e.push::after{content:" ⇡";color:var(--accent)}
.moves .e.forfeit,.moves .e.back{color:#555;font-style:italic}
.moves .e.unplayed{color:#888;text-decoration:line-through dotted}
.moves .e.inserted{font-style:italic;border:1px dashed var(--bad)}
.mark{font-weight:700;color:var(--bad)}.mark.m1g{color:#1a7f37}
.strip{display:flex;gap:2px;margin:.3rem 0 .5rem}.strip .v{flex:1;min-width:4px;height:14px;border-radius:2px}
.strip .b{background:#222}.strip .g{background:#d4a017}.strip .u{background:#ccc}
.moves .e.empty{color:#999}
.moves a.e.current{background:var(--ink);color:var(--paper)}
.moves .diags{grid-column:1/-1}
.diags{margin:.2rem 0 .4rem;padding:0 0 0 1rem;font-size:.88rem;list-style:none}
.diags li{border-left:3px solid var(--bad);padding:.1rem .5rem;margin:.15rem 0;background:#fff4f4;overflow-wrap:anywhere}
.diags .error{color:var(--bad);font-weight:700}.diags .warning{color:var(--warn);font-weight:700}
.diags li:has(.warning){border-color:var(--warn);background:#fffaf0}
.result{margin:.3rem 0;font-size:.95rem}.result .score{font-weight:700;white-space:nowrap}
.unplayed{color:#777}
.bad{color:var(--bad);font-weight:700}
.standings table{border-collapse:collapse;margin:.4rem 0;font-variant-numeric:tabular-nums}
.standings .scroll{overflow-x:auto}
.standings th[scope=row]{text-align:left}
.standings h3{margin:.6rem 0 .1rem}.standings .note{margin:0;font-size:.85rem;color:#555}
.left-out summary{cursor:pointer;font-weight:600;margin-top:.5rem}
.standings th,.standings td{border:1px solid var(--line);padding:.2rem .5rem;text-align:right}
.standings th:first-child,.standings td:first-child{text-align:left}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (max-width:760px){
.viewer{grid-template-columns:1fr;margin:.5rem}
.board-pane{position:static}
.index,.problems,.standings{margin:.5rem}
.moves{grid-template-columns:2.2rem 1fr 1fr}
.standings th,.standings td{padding:.15rem .3rem}
}
@media print{
body{background:#fff;font-size:11pt}
.page-head{background:none;color:#000;padding:0 0 .4rem}
.controls,.index{display:none}
.viewer{display:block;margin:0}
.board-pane{position:static;width:12cm;break-inside:avoid}
#board,.match,.problems,.standings{border:none;padding:0}
.moves a.e{color:#000}.moves a.e.current{background:none;color:#000;outline:2px solid #000}
a{color:#000;text-decoration:none}
}
"""

# The script: reads the page's data, draws the board from the SVG module's pieces
# (towers from the position string, marks as listed), follows keys, clicks and the hash.
_SCRIPT = """
(function () {
"use strict";
var D = JSON.parse(document.getElementById("kamisado-data").textContent);
var P = D.pieces, M = D.matches;
var board = document.getElementById("board"), frame = document.getElementById("frame");
var text = document.getElementById("square-text"), layer = document.getElementById("pieces");
var caption = document.getElementById("caption"), where = document.getElementById("where");
var say = document.getElementById("say"), label = document.getElementById("board-label");
var glyphs = document.getElementById("glyphs"), flipButton = document.querySelector("[data-go=flip]");
var state = {m: 0, r: 0, p: 0, flip: 0, drawnFlip: -1};
var FILES = "abcdefgh";
M.forEach(function (match) {
  match.rounds.forEach(function (round) {
    round.plies.forEach(function (ply) {
      ply[0] = ply[0].replace(/[1-8]/g, function (n) { return "........".slice(0, +n); });
    });
  });
});

function squareName(sq) { return FILES[sq % 8] + (Math.floor(sq / 8) + 1); }

function piece(n) { return P.strings[n]; }

function place(piece, sq) {
  var c = P.centres[state.flip];
  return '<g class="at ' + squareName(sq) + '" transform="translate(' + c[2 * sq] + "," + c[2 * sq + 1] + ')">' + piece + "</g>";
}

function towers(position) {
  var ranks = position.split(" ")[0].split("/"), out = [];
  for (var i = 0; i < 8; i++) {
    var row = ranks[i], file = 0, j = 0;
    while (j < row.length) {
      var cell = row[j++];
      if (cell !== ".") {
        while (row[j] === "+") { cell += row[j++]; }
        out.push(place(piece(P.towers[cell]), (7 - i) * 8 + file));
      }
      file++;
    }
  }
  return out.join("");
}

function marks(list) {
  var f = P.marks[state.flip];
  return list.map(function (m) { return place(piece(f[m[0]]), m[1]); }).join("");
}

function rounds() { return M[state.m] ? M[state.m].rounds : []; }
function plies() { var r = rounds()[state.r]; return r ? r.plies : []; }

function draw() {
  if (state.drawnFlip !== state.flip) {
    frame.innerHTML = piece(P.frame[state.flip]);
    text.innerHTML = piece(P.text[state.flip]);
    state.drawnFlip = state.flip;
  }
  text.style.display = glyphs.checked ? "" : "none";
  flipButton.setAttribute("aria-pressed", state.flip ? "true" : "false");
  var ply = plies()[state.p];
  if (!ply) {
    layer.innerHTML = "";
    board.setAttribute("data-position", "");
    caption.textContent = "No position to show: no round of this match was replayed.";
    where.textContent = "Match " + (state.m + 1);
    return;
  }
  layer.innerHTML = marks(ply[1]) + towers(ply[0]) + marks(ply[2]);
  board.setAttribute("data-position", ply[0]);
  label.textContent = "Kamisado board: " + ply[0];
  caption.innerHTML = "";
  ply[3].forEach(function (line) {
    var s = document.createElement("span");
    s.textContent = line;
    caption.appendChild(s);
  });
  var round = rounds()[state.r];
  var here = "Match " + (state.m + 1) + ", round " + round.n + ", ply " + state.p + " of " + (plies().length - 1);
  where.textContent = here;
  say.textContent = here + ". " + ply[3].join(" ");
}

function hash() {
  var round = rounds()[state.r];
  return "#m" + (state.m + 1) + (round ? "r" + round.n + "p" + state.p : "");
}

function mark(follow) {
  var h = hash();
  document.querySelectorAll("article.match").forEach(function (a) {
    a.hidden = a.getAttribute("data-match") !== String(state.m + 1);
  });
  document.querySelectorAll("a.current").forEach(function (a) {
    a.classList.remove("current");
    a.removeAttribute("aria-current");
  });
  document.querySelectorAll('a.e[href="' + h + '"]').forEach(function (a) {
    a.classList.add("current");
    a.setAttribute("aria-current", "step");
    if (follow && a.scrollIntoView) { a.scrollIntoView({block: "nearest"}); }
  });
  document.querySelectorAll(".index a").forEach(function (a) {
    if (a.getAttribute("href").indexOf("#m" + (state.m + 1) + "r") === 0 || a.getAttribute("href") === "#m" + (state.m + 1)) {
      a.setAttribute("aria-current", "true");
    } else {
      a.removeAttribute("aria-current");
    }
  });
}

function go(m, r, p, follow) {
  state.m = m; state.r = r; state.p = p;
  draw();
  mark(follow);
  if (location.hash !== hash()) { history.replaceState(null, "", hash()); }
}

function open(h, follow) {
  var found = /^#m(\\d+)(?:r(\\d+))?(?:p(\\d+))?$/.exec(h || "");
  var m = found ? Math.min(Math.max(parseInt(found[1], 10) - 1, 0), M.length - 1) : 0;
  var list = M[m] ? M[m].rounds : [], r = 0, p = 0;
  if (found && found[2]) {
    for (var i = 0; i < list.length; i++) { if (String(list[i].n) === found[2]) { r = i; break; } }
  }
  if (found && found[3] && list[r]) { p = Math.min(parseInt(found[3], 10), list[r].plies.length - 1); }
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
  if (what === "flip") { state.flip = 1 - state.flip; draw(); return; }
  if (!rounds().length) { return; }
  var to = moves[what]();
  if (to) { go(state.m, to[0], Math.max(to[1], 0), true); }
}

var KEYS = {ArrowRight: "next", ArrowLeft: "prev", Home: "home", End: "end", PageDown: "nextRound", PageUp: "prevRound", f: "flip", F: "flip"};

document.addEventListener("keydown", function (e) {
  if (e.altKey || e.ctrlKey || e.metaKey) { return; }
  var t = e.target;
  if (t && (t.tagName === "INPUT" && t.type !== "checkbox" || t.tagName === "TEXTAREA" || t.isContentEditable)) { return; }
  var what = KEYS[e.key];
  if (!what) { return; }
  e.preventDefault();
  act(what);
});
document.querySelectorAll("[data-go]").forEach(function (b) {
  b.addEventListener("click", function () { act(b.getAttribute("data-go")); });
});
glyphs.addEventListener("change", draw);
window.addEventListener("hashchange", function () { if (location.hash !== hash()) { open(location.hash); } });
var narrow = window.matchMedia && window.matchMedia("(max-width: 760px)").matches;
var index = document.getElementById("index");
if (index && narrow) { index.open = false; }
open(location.hash, !narrow && location.hash !== "");
}());
"""
