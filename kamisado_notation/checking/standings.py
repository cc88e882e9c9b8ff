"""Standings of a tournament: who played whom, who won, by how many points, counted from
the match records themselves (``kamisado standings``).

Every match is validated in full, as ``kamisado validate`` validates it (the fused path
where it vouches for a match, the full replay where it does not): a ``Result`` header is
a claim, not a fact, so no shortcut reads the headers alone. Only a valid, complete match
counts; every other one is left out, with its file, line and why (:class:`LeftOut`), as
is a file that cannot be read or holds no match.

A player is named by the match's ``Black`` header and its ``Gold`` header (``White`` in
editions that call Gold so). Names are compared without case, without repeated spaces
and in one Unicode form (:func:`player_key`): the name shown is the one written first
(in the composed form NFC). Spellings counted
as one player, and names that differ only by accents or punctuation (counted apart),
are reported in :attr:`Standings.warnings`.

The ranking: most matches won, then the greatest difference of points scored and
conceded, then the most points scored, then the name (without case).
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import astuple, dataclass, field, fields
from typing import TypeVar

from ..diagnostics import ERROR
from ..display import printable
from ..engine.board import Side
from .replay import MatchStatus
from .slips.headers import misnamed
from .validate import FileReportStream, MatchSummary, validate_paths

__all__ = [
    "INVALID", "IN_PROGRESS", "ROW_FIELDS", "UNNAMED", "UNREADABLE", "EventTally", "LeftOut", "PlayerRow", "Standings", "Tally",
    "csv_text", "event_name", "fault_loser", "file_left_out", "markdown_text", "player_key", "standings",
    "termination_loser",
]  # fmt: skip


@dataclass(frozen=True, slots=True)
class PlayerRow:
    """One player's line of the standings: the name as first written, matches played,
    won and lost, and the points (round points, the rings a ``Position`` start carried
    included: the match's final score) scored and conceded."""

    name: str
    played: int = 0
    won: int = 0
    lost: int = 0
    points: int = 0
    against: int = 0

    def to_json(self) -> dict[str, object]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


#: The fields of a row, in order: the CSV header and the JSON keys.
ROW_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(PlayerRow))


#: The kinds of :class:`LeftOut`: a match with errors (or a file's own error, which may
#: hide matches), a match not finished, a match whose players are not both named (or
#: are one), a file that cannot be read.
INVALID, IN_PROGRESS, UNNAMED, UNREADABLE = "invalid", "in-progress", "unnamed", "unreadable"


@dataclass(frozen=True, slots=True)
class LeftOut:
    """A match (or a whole file) the standings do not count: where it is (``line`` 0
    for a file that cannot be read), why, and the kind of reason (:data:`INVALID`,
    :data:`IN_PROGRESS`, :data:`UNNAMED`, :data:`UNREADABLE`)."""

    path: str
    line: int
    why: str
    kind: str = INVALID
    #: The players' names as the match's headers write them (Black, Gold; ``""`` for a
    #: name not written); ``None`` for a whole file.
    players: tuple[str, str] | None = None

    @property
    def who(self) -> str:
        """The players as a line names them: ``Ann v Bob`` (``Black not named v Bob``),
        or ``""`` for a whole file."""
        if self.players is None:
            return ""
        black, gold = (name or f"{side.title} not named" for name, side in zip(self.players, Side, strict=True))
        return f"{black} v {gold}"

    def line_text(self, note: str = "") -> str:
        """The line that lists it: ``path:line: Ann v Bob: why`` (``note`` after the
        place: ``path:line: left out: Ann v Bob: why``)."""
        parts = [f"{self.path}:{self.line}", note, self.who, self.why]
        return ": ".join(part for part in parts if part)

    def to_json(self) -> dict[str, object]:
        black, gold = self.players if self.players is not None else (None, None)
        return {
            "path": printable(self.path), "line": self.line, "why": self.why, "kind": self.kind,
            "black": black or None, "gold": gold or None,
        }  # fmt: skip


@dataclass(slots=True)
class Standings:
    """The players ranked (:class:`PlayerRow`), the crosstable, the matches left out
    and the warnings about names.

    ``crosstable[a][b]`` lists, in the order the matches were read, the results of
    player ``a``'s matches against ``b`` from ``a``'s side: ``"3-1"`` is a match ``a``
    won by 3 points to 1. Its rows are every player, in the ranking's order; a row's
    columns are the opponents the player met, in the same order."""

    players: list[PlayerRow]
    crosstable: dict[str, dict[str, list[str]]]
    left_out: list[LeftOut] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    #: Matches counted.
    counted: int = 0
    #: Where each result of :attr:`crosstable` was read, where the tally kept it
    #: (:class:`Tally`'s ``keep_places``; else empty): ``places[a][b][k]`` is the
    #: (path, line) of the match of ``crosstable[a][b][k]``.
    places: dict[str, dict[str, list[tuple[str, int]]]] = field(default_factory=dict)

    def to_json(self) -> dict[str, object]:
        """The document of ``standings --json``: ``players``, ``crosstable`` and
        ``left_out``."""
        return {
            "players": [p.to_json() for p in self.players],
            "crosstable": self.crosstable,
            "left_out": [lo.to_json() for lo in self.left_out],
        }

    def to_csv(self) -> str:
        """The players as CSV: a header row of the field names (:data:`ROW_FIELDS`), then a
        row per player in ranking order (a name's control characters escaped, as
        :func:`~kamisado_notation.display.printable` shows them, and a name a spreadsheet
        would read as a formula kept text: :func:`csv_text`)."""
        text = io.StringIO()
        writer = csv.writer(text, lineterminator="\n")
        writer.writerow(ROW_FIELDS)
        writer.writerows((csv_text(printable(p.name)), *astuple(p)[1:]) for p in self.players)
        return text.getvalue()

    def grid(self) -> list[list[str]]:
        """The crosstable as a square of cells, players in ranking order down and across:
        a cell holds the row player's results against the column player, space-separated
        (empty when they did not meet); a player's own cell is ``"—"``."""
        names = [p.name for p in self.players]
        return [[" ".join(self.crosstable[a].get(b, [])) if a != b else "—" for b in names] for a in names]

    def to_markdown(self) -> str:
        """The standings, the crosstable (its columns numbered by rank) and the matches
        left out, as a Markdown document (names escaped, so that a ``|`` or a ``*`` in a
        name stays text)."""
        out = ["## Standings", "", "| # | " + " | ".join(ROW_FIELDS) + " |", "|---" * (len(ROW_FIELDS) + 1) + "|"]
        for rank, p in enumerate(self.players, 1):
            out.append(f"| {rank} | {markdown_text(p.name)} | " + " | ".join(str(v) for v in astuple(p)[1:]) + " |")
        return "\n".join([*out, *self._markdown_crosstable(), *self._markdown_left_out()]) + "\n"

    def _markdown_crosstable(self) -> list[str]:
        """:meth:`to_markdown`'s crosstable (none without players), its columns numbered by rank."""
        if not self.players:
            return []
        numbers = range(1, len(self.players) + 1)
        out = ["", "## Crosstable", "", "| # | name | " + " | ".join(map(str, numbers)) + " |", "|---" * (len(self.players) + 2) + "|"]
        for rank, (p, cells) in enumerate(zip(self.players, self.grid(), strict=True), 1):
            out.append(f"| {rank} | {markdown_text(p.name)} | " + " | ".join(cells) + " |")
        return out

    def _markdown_left_out(self) -> list[str]:
        """:meth:`to_markdown`'s list of the matches left out (none where none is)."""
        if not self.left_out:
            return []
        return ["", "## Left out", ""] + [
            f"- {markdown_text(lo.path)}, line {lo.line}: {markdown_text(lo.who) + ': ' if lo.who else ''}{markdown_text(lo.why)}" for lo in self.left_out
        ]


def csv_text(cell: str) -> str:
    """``cell`` as a CSV cell that a spreadsheet shows as text: one that starts with
    ``=``, ``+``, ``-``, ``@``, a tab or a carriage return (what Excel, LibreOffice and
    Google Sheets read as the start of a formula) gets a leading ``'``, as OWASP's
    advice on CSV injection has it (``=HYPERLINK(…)`` → ``'=HYPERLINK(…)``).

    >>> csv_text("=1+2"), csv_text("Ann")
    ("'=1+2", 'Ann')
    """
    return "'" + cell if cell[:1] in _FORMULA_STARTS and cell else cell


# The first characters of a cell that a spreadsheet reads as a formula.
_FORMULA_STARTS = frozenset("=+-@\t\r")


def markdown_text(text: str) -> str:
    """``text`` as Markdown text that shows as written (control characters escaped)."""
    return "".join("\\" + c if c in _MD_SPECIAL else c for c in printable(" ".join(text.split())))


# What Markdown reads as markup inside a line (a table cell, a list item).
_MD_SPECIAL = frozenset("\\`*_[]<>|~")


def player_key(name: str) -> str:
    """The form in which two names of one player are equal: without case, with runs of
    spaces as one (``"Bob  Smith"``, ``"bob smith"`` → ``"bob smith"``) and in Unicode's
    composed form NFC (``"Zoë"`` typed as ``e`` + a combining diaeresis is ``"Zoë"``)."""
    return unicodedata.normalize("NFC", " ".join(name.split()).casefold())


def _loose_key(name: str) -> str:
    """A looser form, for warnings only: letters and digits alone, without accents."""
    decomposed = unicodedata.normalize("NFKD", player_key(name))
    return "".join(c for c in decomposed if c.isalnum())


class Tally:
    """The standings counted a match at a time: :meth:`add_file` for each file's
    validation (in order), then :meth:`standings`. ``keep_places``: where each result
    was read is kept (:attr:`Standings.places`: the web page links each result of its
    crosstable to its match); else the counts alone are, which do not grow with the
    matches but for the results' scores."""

    def __init__(self, *, keep_places: bool = False) -> None:
        self._players: dict[str, _PlayerCount] = {}
        self._spellings: dict[str, list[str]] = {}
        self._left_out: list[LeftOut] = []
        self._counted = 0
        self._keep_places = keep_places

    def add_file(self, fv: FileReportStream) -> None:
        """Count the matches of one file's validation (iterating it), and leave out
        what cannot count."""
        for summary in fv:
            self.add_match(fv.path, summary)
        self._left_out += file_left_out(fv)

    def add_match(self, path: str, summary: MatchSummary) -> None:
        """Count one match of the file ``path``, or leave it out saying why."""
        written = _written_names(summary)
        names = written if all(written) else None
        left_out = _not_counted(summary, names)
        if left_out is not None or names is None:
            kind, why = left_out or (UNNAMED, "")
            self._left_out.append(LeftOut(path, summary.line, why, kind, written))
            return
        self._counted += 1
        place = (path, summary.line) if self._keep_places else None
        winner = summary.winner if summary.winner is not None else _other(fault_loser(summary))
        black, gold = (self._player(n) for n in names)
        black.add(gold, summary.score[Side.BLACK], summary.score[Side.GOLD], winner is Side.BLACK, place)
        gold.add(black, summary.score[Side.GOLD], summary.score[Side.BLACK], winner is Side.GOLD, place)

    def _player(self, name: str) -> _PlayerCount:
        name = unicodedata.normalize("NFC", name)  # one spelling for what shows the same
        key = player_key(name)
        spellings = self._spellings.setdefault(key, [])
        if name not in spellings:
            spellings.append(name)
        player = self._players.get(key)
        if player is None:
            player = self._players[key] = _PlayerCount(name)
        return player

    def standings(self) -> Standings:
        """The standings of the matches counted so far."""
        ranked = sorted(self._players.values(), key=_PlayerCount.rank_key)
        return Standings(
            players=[r.row() for r in ranked],
            crosstable=_by_opponent(ranked, [a.results for a in ranked]),
            left_out=list(self._left_out),
            warnings=self._warnings(),
            counted=self._counted,
            places=_by_opponent(ranked, [a.places for a in ranked]) if self._keep_places else {},
        )

    def _warnings(self) -> list[str]:
        """Spellings counted as one player; names that may be one player, counted apart."""
        out = [
            f"{', '.join(repr(s) for s in spellings)} are counted as one player, {spellings[0]!r}"
            for spellings in self._spellings.values()
            if len(spellings) > 1
        ]
        out += [
            f"{', '.join(repr(n) for n in names)} differ only by accents or punctuation: counted as different players"
            for names in self._alike()
        ]
        return [printable(w) for w in out]

    def _alike(self) -> list[list[str]]:
        """The names of players counted apart that differ only by accents or
        punctuation, in groups of two or more."""
        loose: dict[str, list[str]] = {}
        for row in self._players.values():
            loose.setdefault(_loose_key(row.name), []).append(row.name)
        return [names for names in loose.values() if len(names) > 1]


def file_left_out(fv: FileReportStream) -> list[LeftOut]:
    """What a file's own errors leave out (after its matches were iterated): the file
    when it cannot be read, and any error of its own, which may hide matches."""
    out = []
    for d in fv.diagnostics:
        if d.severity == ERROR:
            unreadable = d.rule == "io"
            why = f"cannot be read: {d.message}" if unreadable else f"error[{d.rule}] {d.message}"
            out.append(LeftOut(fv.path, d.line, why, UNREADABLE if unreadable else INVALID))
    return out


def event_name(header: str | None) -> str:
    """A match's event as its ``Event`` header (``header``) writes it, runs of spaces as
    one (``""`` without one)."""
    return " ".join((header or "").split())


class EventTally:
    """Standings event by event: each match counts in the table of its ``Event`` header
    (events compared as names are, :func:`player_key`; a match without one is of the
    event of the match before it in its file, as a match pasted in without headers is,
    and else in the table of no event), so one folder of several events gives one table
    each; with ``event``,
    only that event's matches are counted (the others are counted in
    :attr:`other_events`). A file that cannot be read, or its own error, may hide
    matches of any event: it is left out in every table."""

    def __init__(self, event: str | None = None) -> None:
        self._only = None if event is None else player_key(event)
        self._tallies: dict[str, tuple[str, Tally]] = {}
        self._files: list[LeftOut] = []
        self._order: dict[str, int] = {}  # each file's place in the reading order
        #: Matches not counted because they belong to another event than ``event``.
        self.other_events = 0
        #: Every event met (its first spelling), the others included.
        self.events: dict[str, str] = {}

    def add_file(self, fv: FileReportStream) -> None:
        """Count the matches of one file's validation, each in its event's table."""
        self._order.setdefault(fv.path, len(self._order))
        before = ""
        for summary in fv:
            # (any case, as the reader reads it; a match without the header, a match pasted
            # in without headers say, is of the event of the match before it in the file)
            name = before = event_name(next((v for k, v in summary.headers.items() if k.lower() == "event"), None)) or before
            key = player_key(name)
            self.events.setdefault(key, name)
            if self._only is not None and key != self._only:
                self.other_events += 1
                continue
            self._tallies.setdefault(key, (name, Tally()))[1].add_match(fv.path, summary)
        self._files += file_left_out(fv)

    def standings(self) -> list[tuple[str, Standings]]:
        """Each event's name (``""``: no event) and standings, in the order the events
        were first read; one table (of no event) when no match was counted."""
        tallies = list(self._tallies.values()) or [("", Tally())]
        out = []
        files = set(self._files)
        for name, tally in tallies:
            table = tally.standings()
            # in the reading order, a file's own errors after its matches (as Tally lists them)
            table.left_out = sorted(table.left_out + self._files, key=lambda lo: (self._order[lo.path], lo in files))
            out.append((name, table))
        return out


_T = TypeVar("_T")


def _by_opponent(ranked: list[_PlayerCount], lists: list[dict[str, list[_T]]]) -> dict[str, dict[str, list[_T]]]:
    """Each of the ``ranked`` players' ``lists`` (a player's, by opponent: its results,
    or where they were read), the players and their opponents in the ranking's order."""
    return {a.name: {b.name: list(mine[b.name]) for b in ranked if b.name in mine} for a, mine in zip(ranked, lists, strict=True)}


class _PlayerCount:
    """A player's counts as they grow, and the results against each opponent."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.played = self.won = self.lost = self.points = self.against = 0
        self.results: dict[str, list[str]] = {}
        self.places: dict[str, list[tuple[str, int]]] = {}

    def add(self, opponent: _PlayerCount, points: int, against: int, won: bool, place: tuple[str, int] | None) -> None:
        """A match against ``opponent`` counted, read at ``place`` (``None``: not kept)."""
        self.played += 1
        self.won += won
        self.lost += not won
        self.points += points
        self.against += against
        self.results.setdefault(opponent.name, []).append(f"{points}-{against}")
        if place is not None:
            self.places.setdefault(opponent.name, []).append(place)

    def rank_key(self) -> tuple[int, int, int, str]:
        return -self.won, -(self.points - self.against), -self.points, player_key(self.name)

    def row(self) -> PlayerRow:
        return PlayerRow(self.name, self.played, self.won, self.lost, self.points, self.against)


def _written_names(summary: MatchSummary) -> tuple[str, str]:
    """The two players' names as written (``""`` for one missing or blank), a header
    name a slip away from ``Black`` or ``Gold`` read as the replay reads it
    (``[Blakc "Ann"]`` names Black, with its warning)."""
    headers = {k.lower(): v for k, v in summary.headers.items()}
    for known, name in misnamed(list(summary.headers)).items():
        headers.setdefault(known, summary.headers[name])
    black = headers.get("black", "").strip()
    gold = (headers.get("gold") or headers.get("white") or "").strip()
    return black, gold


#: A ``Termination`` that names a loser: the arena's ``Gold loses: time forfeit``, a
#: resignation (``Black resigns``, BoardSpace's ``Black (name) resigned``).
_FAULT = re.compile(r"\s*(black|gold|white)\b.*?\b(?:loses|resigns|resigned)\b", re.IGNORECASE)


def termination_loser(termination: str) -> Side | None:
    """The side a ``Termination`` header's text says lost off the board (a fault, a
    resignation: :data:`_FAULT`), or ``None``.

    >>> termination_loser("Gold loses: time forfeit"), termination_loser("Black (Ann) resigned")
    (<Side.GOLD: 1>, <Side.BLACK: 0>)
    >>> termination_loser("home row") is None
    True
    """
    found = _FAULT.match(termination)
    if found is None:
        return None
    return Side.BLACK if found.group(1).lower() == "black" else Side.GOLD


def fault_loser(summary: MatchSummary) -> Side | None:
    """The side a match not decided on the board was lost by, as its ``Termination``
    header says (:func:`termination_loser`), or ``None``."""
    return termination_loser(next((v for k, v in summary.headers.items() if k.lower() == "termination"), ""))


def _other(side: Side | None) -> Side | None:
    return None if side is None else side.other


def _not_counted(summary: MatchSummary, names: tuple[str, str] | None) -> tuple[str, str] | None:
    """The kind and the reason why a match does not count, if it does not: invalid (its
    first error), not finished, its players not named or one."""
    if not summary.valid:
        return INVALID, _invalid_reason(summary)
    if summary.status is not MatchStatus.COMPLETE and fault_loser(summary) is None:
        black, gold = summary.score[Side.BLACK], summary.score[Side.GOLD]
        return IN_PROGRESS, f"in progress, {black}-{gold} (Black-Gold) of {summary.target}"
    if names is None:
        return UNNAMED, "a player is not named: a Black and a Gold (or White) header are needed"
    if player_key(names[0]) == player_key(names[1]):
        return UNNAMED, f"the same player on both sides: {names[0]!r}"
    return None


def _invalid_reason(summary: MatchSummary) -> str:
    """Why an invalid match does not count: its first error."""
    errors = [d for d in summary.diagnostics if d.severity == ERROR]
    if not errors:
        return "invalid"
    first = min(errors, key=lambda d: (d.line, d.column))
    return f"invalid: line {first.line}: error[{first.rule}] {first.message}"


def standings(
    paths: Iterable[str],
    *,
    jobs: int = 1,
    on_file: Callable[[FileReportStream], None] | None = None,
    event: str | None = None,
) -> Standings:
    """The standings of the matches in the record files ``paths`` (``-``: standard
    input; a folder: :func:`~kamisado_notation.notation.files.opening.record_paths` first), each
    match validated in full (``jobs`` worker processes, as
    :func:`~kamisado_notation.validate.validate_paths` shares them out). ``on_file`` is
    called with each file's validation once it is counted (for a progress bar).
    ``event``: only the matches of that event (:class:`EventTally` counts every event
    apart, as ``kamisado standings`` does); without it, every match in one table.

    >>> table = standings(["samples/club-night.kmr"])
    >>> [(p.name, p.won, p.lost) for p in table.players], len(table.left_out)
    ([], 3)
    """
    tally = Tally() if event is None else EventTally(event)
    for fv in validate_paths(paths, jobs=jobs):
        tally.add_file(fv)
        if on_file is not None:
            on_file(fv)
    return tally.standings() if isinstance(tally, Tally) else tally.standings()[0][1]
