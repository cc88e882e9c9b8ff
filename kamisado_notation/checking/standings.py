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
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import astuple, dataclass, field, fields

from ..diagnostics import ERROR
from ..display import printable
from ..engine.board import Side
from .header_slips import misnamed
from .replay import MatchStatus
from .validate import FileValidation, MatchSummary, validate_paths

__all__ = ["INVALID", "IN_PROGRESS", "ROW_FIELDS", "UNNAMED", "UNREADABLE", "LeftOut", "PlayerRow", "Standings", "Tally", "player_key", "standings"]


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

    def to_json(self) -> dict[str, object]:
        return {"path": printable(self.path), "line": self.line, "why": self.why}


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
        would read as a formula kept text: :func:`_csv_text`)."""
        text = io.StringIO()
        writer = csv.writer(text, lineterminator="\n")
        writer.writerow(ROW_FIELDS)
        writer.writerows((_csv_text(printable(p.name)), *astuple(p)[1:]) for p in self.players)
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
            out.append(f"| {rank} | {_md(p.name)} | " + " | ".join(str(v) for v in astuple(p)[1:]) + " |")
        if self.players:
            numbers = range(1, len(self.players) + 1)
            out += ["", "## Crosstable", "", "| # | name | " + " | ".join(map(str, numbers)) + " |"]
            out.append("|---" * (len(self.players) + 2) + "|")
            for rank, (p, cells) in enumerate(zip(self.players, self.grid(), strict=True), 1):
                out.append(f"| {rank} | {_md(p.name)} | " + " | ".join(cells) + " |")
        if self.left_out:
            out += ["", "## Left out", ""]
            out += [f"- {_md(lo.path)}, line {lo.line}: {_md(lo.why)}" for lo in self.left_out]
        return "\n".join(out) + "\n"


def _csv_text(cell: str) -> str:
    """``cell`` as a CSV cell that a spreadsheet shows as text: one that starts with
    ``=``, ``+``, ``-``, ``@``, a tab or a carriage return (what Excel, LibreOffice and
    Google Sheets read as the start of a formula) gets a leading ``'``, as OWASP's
    advice on CSV injection has it (``=HYPERLINK(…)`` → ``'=HYPERLINK(…)``).

    >>> _csv_text("=1+2"), _csv_text("Ann")
    ("'=1+2", 'Ann')
    """
    return "'" + cell if cell[:1] in _FORMULA_STARTS and cell else cell


# The first characters of a cell that a spreadsheet reads as a formula.
_FORMULA_STARTS = frozenset("=+-@\t\r")


def _md(text: str) -> str:
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
    validation (in order), then :meth:`standings`."""

    def __init__(self) -> None:
        self._rows: dict[str, _Row] = {}
        self._spellings: dict[str, list[str]] = {}
        self._left_out: list[LeftOut] = []
        self._counted = 0

    def add_file(self, fv: FileValidation) -> None:
        """Count the matches of one file's validation (iterating it), and leave out
        what cannot count."""
        for summary in fv:
            self.add_match(fv.path, summary)
        for d in fv.diagnostics:
            if d.severity == ERROR:
                unreadable = d.rule == "io"
                why = f"cannot be read: {d.message}" if unreadable else f"error[{d.rule}] {d.message}"
                self._left_out.append(LeftOut(fv.path, d.line, why, UNREADABLE if unreadable else INVALID))

    def add_match(self, path: str, summary: MatchSummary) -> None:
        """Count one match of the file ``path``, or leave it out saying why."""
        names = _names(summary)
        left_out = _not_counted(summary, names)
        if left_out is not None or names is None:
            kind, why = left_out or (UNNAMED, "")
            self._left_out.append(LeftOut(path, summary.line, why, kind))
            return
        self._counted += 1
        black, gold = (self._row(n) for n in names)
        black.add(gold, summary.score[Side.BLACK], summary.score[Side.GOLD], summary.winner is Side.BLACK)
        gold.add(black, summary.score[Side.GOLD], summary.score[Side.BLACK], summary.winner is Side.GOLD)

    def _row(self, name: str) -> _Row:
        name = unicodedata.normalize("NFC", name)  # one spelling for what shows the same
        key = player_key(name)
        spellings = self._spellings.setdefault(key, [])
        if name not in spellings:
            spellings.append(name)
        row = self._rows.get(key)
        if row is None:
            row = self._rows[key] = _Row(name)
        return row

    def standings(self) -> Standings:
        """The standings of the matches counted so far."""
        ranked = sorted(self._rows.values(), key=_Row.rank_key)
        crosstable = {a.name: {b.name: list(a.results[b.name]) for b in ranked if b.name in a.results} for a in ranked}
        return Standings(
            players=[r.row() for r in ranked],
            crosstable=crosstable,
            left_out=list(self._left_out),
            warnings=self._warnings(),
            counted=self._counted,
        )

    def _warnings(self) -> list[str]:
        """Spellings counted as one player; names that may be one player, counted apart."""
        out = [
            f"{', '.join(repr(s) for s in spellings)} are counted as one player, {spellings[0]!r}"
            for spellings in self._spellings.values()
            if len(spellings) > 1
        ]
        loose: dict[str, list[str]] = {}
        for row in self._rows.values():
            loose.setdefault(_loose_key(row.name), []).append(row.name)
        out += [
            f"{', '.join(repr(n) for n in names)} differ only by accents or punctuation: counted as different players"
            for names in loose.values()
            if len(names) > 1
        ]
        return [printable(w) for w in out]


class _Row:
    """A player's counts as they grow, and the results against each opponent."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.played = self.won = self.lost = self.points = self.against = 0
        self.results: dict[str, list[str]] = {}

    def add(self, opponent: _Row, points: int, against: int, won: bool) -> None:
        self.played += 1
        self.won += won
        self.lost += not won
        self.points += points
        self.against += against
        self.results.setdefault(opponent.name, []).append(f"{points}-{against}")

    def rank_key(self) -> tuple[int, int, int, str]:
        return -self.won, -(self.points - self.against), -self.points, player_key(self.name)

    def row(self) -> PlayerRow:
        return PlayerRow(self.name, self.played, self.won, self.lost, self.points, self.against)


def _names(summary: MatchSummary) -> tuple[str, str] | None:
    """The two players' names as written (``None`` when one is missing or blank), a
    header name a slip away from ``Black`` or ``Gold`` read as the replay reads it
    (``[Blakc "Ann"]`` names Black, with its warning)."""
    headers = {k.lower(): v for k, v in summary.headers.items()}
    for known, name in misnamed(list(summary.headers)).items():
        headers.setdefault(known, summary.headers[name])
    black = headers.get("black", "").strip()
    gold = (headers.get("gold") or headers.get("white") or "").strip()
    return (black, gold) if black and gold else None


def _not_counted(summary: MatchSummary, names: tuple[str, str] | None) -> tuple[str, str] | None:
    """The kind and the reason why a match does not count, if it does not: invalid (its
    first error), not finished, its players not named or one."""
    if not summary.valid:
        errors = [d for d in summary.diagnostics if d.severity == ERROR]
        first = min(errors, key=lambda d: (d.line, d.column)) if errors else None
        return INVALID, "invalid" + (f": line {first.line}: error[{first.rule}] {first.message}" if first else "")
    if summary.status is not MatchStatus.COMPLETE:
        black, gold = summary.score[Side.BLACK], summary.score[Side.GOLD]
        return IN_PROGRESS, f"in progress, {black}-{gold} (Black-Gold) of {summary.target}"
    if names is None:
        return UNNAMED, "a player is not named: a Black and a Gold (or White) header are needed"
    if player_key(names[0]) == player_key(names[1]):
        return UNNAMED, f"the same player on both sides: {names[0]!r}"
    return None


def standings(
    paths: Iterable[str], *, jobs: int = 1, on_file: Callable[[FileValidation], None] | None = None
) -> Standings:
    """The standings of the matches in the record files ``paths`` (``-``: standard
    input; a folder: :func:`~kamisado_notation.notation.files.record_paths` first), each
    match validated in full (``jobs`` worker processes, as
    :func:`~kamisado_notation.validate.validate_paths` shares them out). ``on_file`` is
    called with each file's validation once it is counted (for a progress bar).

    >>> table = standings(["samples/club-night.kmr"])
    >>> [(p.name, p.won, p.lost) for p in table.players], len(table.left_out)
    ([], 3)
    """
    tally = Tally()
    for fv in validate_paths(paths, jobs=jobs):
        tally.add_file(fv)
        if on_file is not None:
            on_file(fv)
    return tally.standings()
