"""An archive counted (``kamisado stats``): each player's record, the match lengths, how
rounds end, and the opening tree, as a player's statistics page and lichess's opening
explorer show them.

:class:`Statistics` counts replayed matches one at a time (:meth:`Statistics.add`) and
holds only the counts: a row per player, per match length, per way of ending, and a node
per opening line played (to :attr:`Statistics.depth` plies); nothing of a match is kept,
so memory does not grow with the number of matches of an archive whose players and
openings it has seen. Two counts merge (:meth:`Statistics.merge`): a worker process or a
Dask task counts its files, and the counts are added.

Only valid matches count (:attr:`Statistics.invalid` counts the others): a round an
error stopped says nothing sure of how it would have gone.

The opening tree has a root for each position a round starts from: round 1's is the
initial position; a later round's is its start, its lineup after the fill (with the
Sumos' rings and who moves). Each node is a line of moves from its root, with how often
it was played and how the rounds it began ended, as lichess's explorer shows a move:
rounds won by Black, unfinished, won by Gold, and the score of the side that played the
line's last move (a round won counts 1, unfinished ½, as a draw scores in chess).
"""

from __future__ import annotations

import csv
import io
import unicodedata
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import astuple, dataclass, field, fields

from ..diagnostics import Diagnostic
from ..engine.board import Side
from ..engine.match import MATCH_TARGETS
from ..engine.position import Move, Position
from ..notation.files.opening import record_paths, source_name
from ..notation.formats import insisted_format, reading_as
from ..notation.record import MatchRecord
from ..notation.writer import Form, format_move
from .archive import ENDINGS, Criteria, fault_loser, round_endings, select
from .replayed import MatchReplay, Ply, PlyKind, RoundReplay
from .standings import csv_text, player_key

__all__ = ["PLAYER_FIELDS", "LengthRow", "OpeningNode", "OpeningRow", "PlayerStats", "Statistics", "file_statistics", "statistics"]

_TARGET_NAMES = {target: name.title() for name, target in MATCH_TARGETS.items()}
_INITIAL = Position.initial().to_string()


@dataclass(slots=True)
class PlayerStats:
    """One player's counts: matches played and won, points scored (the matches' final
    scores), rounds won as Black and as Gold, rounds won by a Sumo, forfeits forced on the
    opponent, and the rounds and plies played (:attr:`mean_round_length`)."""

    name: str
    matches: int = 0
    won: int = 0
    points: int = 0
    rounds_won_black: int = 0
    rounds_won_gold: int = 0
    sumo_wins: int = 0
    forfeits_forced: int = 0
    rounds: int = 0
    plies: int = 0

    @property
    def mean_round_length(self) -> float:
        """The mean plies of the rounds the player played (0 for none)."""
        return self.plies / self.rounds if self.rounds else 0.0

    def add(self, other: PlayerStats) -> None:
        for f in fields(self)[1:]:
            setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))

    def to_json(self) -> dict[str, object]:
        return {**{f.name: getattr(self, f.name) for f in fields(self)}, "mean_round_length": round(self.mean_round_length, 2)}


#: The columns of the players' table: the CSV header and the JSON keys.
PLAYER_FIELDS: tuple[str, ...] = (*(f.name for f in fields(PlayerStats)), "mean_round_length")


@dataclass(slots=True)
class LengthRow:
    """The matches of one length (``Single``, ``Standard``, ``Long``, ``Marathon``, or
    ``to N``): how many, their rounds and plies."""

    length: str
    matches: int = 0
    rounds: int = 0
    plies: int = 0

    def to_json(self) -> dict[str, object]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


@dataclass(slots=True)
class OpeningNode:
    """A line of the opening tree: the rounds that began with it (``played``), how they
    ended (``black``: won by Black, ``gold``: by Gold, ``unfinished``), the lines that go
    on from it by their next move's short form, and (when the counts keep them) the
    places of the matches that played it: how many (``place_count``: a match once, however
    many of its rounds began so) and the first few, in the order added (``places``)."""

    move: Move | None = None
    played: int = 0
    black: int = 0
    gold: int = 0
    unfinished: int = 0
    children: dict[str, OpeningNode] = field(default_factory=dict)
    places: list[object] = field(default_factory=list)
    place_count: int = 0
    #: the last place added (a match's rounds are added one after another)
    last_place: object = None

    def add_place(self, place: object, keep: int) -> None:
        """``place``, the match being counted, among the places that played the line:
        counted once however many of its rounds began so, and kept while fewer than
        ``keep`` are."""
        if self.place_count and place == self.last_place:
            return
        self.place_count += 1
        self.last_place = place
        if len(self.places) < keep:
            self.places.append(place)

    @property
    def score(self) -> float:
        """The score of the side that played the line's last move: a round won 1,
        unfinished ½, over the rounds played (lichess's; 0 for a root)."""
        if self.move is None or not self.played:
            return 0.0
        won = self.black if self.move.side is Side.BLACK else self.gold
        return (won + self.unfinished / 2) / self.played

    def merge(self, other: OpeningNode, *, keep: int = 0) -> None:
        """Add the counts of ``other`` (the same line, of other matches) to these, its
        places after these (while fewer than ``keep`` are kept)."""
        self.played += other.played
        self.black += other.black
        self.gold += other.gold
        self.unfinished += other.unfinished
        self.places += other.places[: max(0, keep - len(self.places))]
        if other.place_count:
            self.place_count += other.place_count
            self.last_place = other.last_place
        for text, child in other.children.items():
            mine = self.children.get(text)
            if mine is None:
                self.children[text] = child
            else:
                mine.merge(child, keep=keep)


@dataclass(frozen=True, slots=True)
class OpeningRow:
    """A line of the opening tree as a table shows it: its root (the start's position
    string), its moves (short form), and its node."""

    root: str
    moves: tuple[str, ...]
    node: OpeningNode

    def to_json(self) -> dict[str, object]:
        n = self.node
        return {
            "root": self.root, "moves": list(self.moves), "played": n.played, "black": n.black,
            "unfinished": n.unfinished, "gold": n.gold, "score": round(n.score, 4),
        }  # fmt: skip


def _players_match(rows: list[PlayerStats | None], winner: Side | None, score: Mapping[Side, int]) -> None:
    """Count a match for its players (``rows``: Black's, Gold's; ``None`` for one not
    named): the match, whether each won it, and the points each scored."""
    for side, row in zip(Side, rows, strict=True):
        if row is not None:
            row.matches += 1
            row.won += winner is side
            row.points += score[side]


def _players_round(rows: list[PlayerStats | None], plies: list[Ply], won: Side | None, ending: str | None) -> None:
    """Count a round for its players (``rows``: Black's, Gold's; ``None`` for one not
    named): its plies, the forfeits each forced, and the round won (``won``, ended so)."""
    for row in rows:
        if row is not None:
            row.rounds += 1
            row.plies += len(plies)
    for p in plies:
        forcer = rows[p.side.other]
        if p.kind is PlyKind.FORFEIT and forcer is not None:
            forcer.forfeits_forced += 1
    if won is not None:
        _round_won(rows[won], won, ending)


def _round_won(row: PlayerStats | None, won: Side, ending: str | None) -> None:
    """Count a round won by the player of ``row`` (``None``: not named) as ``won``'s side,
    ended so (``ending``: a ``sumo`` counted apart)."""
    if row is not None:
        row.rounds_won_black += won is Side.BLACK
        row.rounds_won_gold += won is Side.GOLD
        row.sumo_wins += ending == "sumo"


class Statistics:
    """The counts of an archive (module docstring), a match at a time. ``depth``: the
    opening tree's plies; ``keep_places``: each line keeps the first so many places
    given to :meth:`add` and counts them all (the web page links a line to its first
    twelve matches and says how many more): what is kept does not grow with the
    matches."""

    def __init__(self, *, depth: int = 3, keep_places: int = 0) -> None:
        self.depth = depth
        self.keep_places = keep_places
        #: Matches counted, and matches left out for an error.
        self.matches = self.invalid = 0
        self._players: dict[str, PlayerStats] = {}
        self._lengths: dict[int, LengthRow] = {}
        #: Rounds by how they ended (:data:`~.archive.ENDINGS`), and rounds unfinished.
        self.endings: dict[str, int] = dict.fromkeys((*ENDINGS, "unfinished"), 0)
        #: The opening tree: a root for each start (its position string).
        self.openings: dict[str, OpeningNode] = {}

    def add(self, r: MatchReplay, place: object = None) -> None:
        """Count the replayed match ``r`` (left out when it has an error); ``place``
        (anything: a file and line, a page's match number) is kept by the lines it played
        when the counts keep places."""
        if not r.valid:
            self.invalid += 1
            return
        self.matches += 1
        record = r.record
        rows = self._players_of(record)
        winner = r.winner if r.winner is not None else _other(fault_loser(record))
        length = self._length(r.target)
        length.matches += 1
        endings = round_endings(r)
        _players_match(rows, winner, r.score)
        for k, rr in enumerate(r.rounds):
            self._round(rr, endings.get(k), rows, length, place)

    def _round(self, rr: RoundReplay, ending: str | None, rows: list[PlayerStats | None], length: LengthRow, place: object) -> None:
        """Count one round of a match: its length, how it ended, who won it, the
        forfeits forced in it and its opening line."""
        plies = [p for p in rr.plies if p.kind is not PlyKind.BACK]
        length.rounds += 1
        length.plies += len(plies)
        self.endings[ending or "unfinished"] += 1
        won = rr.result.winner if rr.result is not None else None
        _players_round(rows, plies, won, ending)
        self._opening(rr.start.to_string(), [p.move for p in plies[: self.depth]], won, place)

    def _players_of(self, record: MatchRecord) -> list[PlayerStats | None]:
        """The rows of the two players of ``record``, Black's first (``None`` for a side
        it names no one for)."""
        names = [record.player(side) or "" for side in Side]
        return [self._player(name) if name.strip() else None for name in names]

    def _length(self, target: int) -> LengthRow:
        """The row of the matches played to ``target`` points."""
        return self._lengths.setdefault(target, LengthRow(_TARGET_NAMES.get(target, f"to {target}")))

    def _player(self, name: str) -> PlayerStats:
        key = player_key(name)
        row = self._players.get(key)
        if row is None:
            row = self._players[key] = PlayerStats(unicodedata.normalize("NFC", " ".join(name.split())))
        return row

    def _opening(self, root: str, moves: list[Move], won: Side | None, place: object) -> None:
        node = self.openings.get(root)
        if node is None:
            node = self.openings[root] = OpeningNode()
        for move in [None, *moves]:
            if move is not None:
                text = format_move(move, form=Form.SHORT)
                child = node.children.get(text)
                if child is None:
                    child = node.children[text] = OpeningNode(move)
                node = child
            node.played += 1
            node.black += won is Side.BLACK
            node.gold += won is Side.GOLD
            node.unfinished += won is None
            if self.keep_places and move is not None:
                node.add_place(place, self.keep_places)

    def merge(self, other: Statistics) -> None:
        """Add the counts of ``other`` (of other matches) to these."""
        self.matches += other.matches
        self.invalid += other.invalid
        for key, row in other._players.items():
            mine = self._players.get(key)
            if mine is None:
                self._players[key] = row
            else:
                mine.add(row)
        for target, length in other._lengths.items():
            into = self._lengths.setdefault(target, LengthRow(length.length))
            into.matches += length.matches
            into.rounds += length.rounds
            into.plies += length.plies
        for ending, n in other.endings.items():
            self.endings[ending] += n
        for root, node in other.openings.items():
            if root in self.openings:
                self.openings[root].merge(node, keep=self.keep_places)
            else:
                self.openings[root] = node

    @property
    def players(self) -> list[PlayerStats]:
        """The players, most matches won first, then most points, then by name."""
        return sorted(self._players.values(), key=lambda p: (-p.won, -p.points, player_key(p.name)))

    @property
    def lengths(self) -> list[LengthRow]:
        """The match lengths, shortest first."""
        return [self._lengths[t] for t in sorted(self._lengths)]

    def opening_rows(self, *, min_games: int = 1) -> Iterator[OpeningRow]:
        """The opening tree's lines played at least ``min_games`` times, depth first:
        round 1's root (the initial position) first, then the other starts by how often
        each was played; a line's continuations most played first."""
        roots = sorted(self.openings.items(), key=lambda item: (item[0] != _INITIAL, -item[1].played, item[0]))
        for root, node in roots:
            if node.played >= min_games:
                yield from _rows(root, (), node, min_games)

    def to_json(self, *, min_games: int = 1) -> dict[str, object]:
        """The document of ``kamisado stats --json``."""
        return {
            "matches": self.matches,
            "invalid": self.invalid,
            "players": [p.to_json() for p in self.players],
            "lengths": [row.to_json() for row in self.lengths],
            "endings": dict(self.endings),
            "depth": self.depth,
            "openings": [row.to_json() for row in self.opening_rows(min_games=min_games)],
        }

    def to_csv(self) -> str:
        """The players' table as CSV, a header row first; a name a spreadsheet would read
        as a formula is kept text (``'=…``), as ``kamisado standings --csv`` keeps it."""
        text = io.StringIO()
        writer = csv.writer(text, lineterminator="\n")
        writer.writerow(PLAYER_FIELDS)
        for p in self.players:
            writer.writerow((csv_text(p.name), *astuple(p)[1:], f"{p.mean_round_length:.2f}"))
        return text.getvalue()


def _rows(root: str, moves: tuple[str, ...], node: OpeningNode, min_games: int) -> Iterator[OpeningRow]:
    if moves:
        yield OpeningRow(root, moves, node)
    for text, child in sorted(node.children.items(), key=lambda item: (-item[1].played, item[0])):
        if child.played >= min_games:
            yield from _rows(root, (*moves, text), child, min_games)


def _other(side: Side | None) -> Side | None:
    return None if side is None else side.other


def statistics(
    paths: Iterable[str],
    criteria: Criteria | None = None,
    /,
    *,
    depth: int = 3,
    encoding: str | None = None,
    problems: list[tuple[str, Diagnostic]] | None = None,
    jobs: int = 1,
    **named: object,
) -> Statistics:
    """The counts of the matches in the record files ``paths`` (a folder: those in it)
    that meet ``criteria`` (or the criteria ``named``, :func:`~.archive.select`'s), the opening tree to ``depth``
    plies; the files' own diagnostics go to ``problems``. ``jobs``: worker processes,
    each counting whole files (:func:`file_statistics`), their counts merged.

    >>> stats = statistics(["samples/standard-match.kmr"], depth=1)
    >>> [(p.name, p.won, p.points) for p in stats.players]
    [('Alain', 1, 3), ('Johan', 0, 2)]
    """
    wanted = criteria if criteria is not None else Criteria.of(**named)
    if jobs <= 1:
        return file_statistics(paths, wanted, depth=depth, encoding=encoding, problems=problems)
    from ..io.parallel import Failure, map_in_order  # (workers only when asked for)

    stats = Statistics(depth=depth)
    said: list[tuple[str, Diagnostic]] = problems if problems is not None else []

    form = insisted_format()

    def work(path: str) -> tuple[str, Criteria, int, str | None, str | None] | None:
        return None if path == "-" else (path, wanted, depth, encoding, form)

    for path, result in map_in_order(_file_task, record_paths(paths), jobs, work=work):
        if result is None:  # standard input, read here
            stats.merge(file_statistics([path], wanted, depth=depth, encoding=encoding, problems=said))
        elif isinstance(result, Failure):
            said.append((source_name(path), Diagnostic("io", f"not read: {result}", 0, 0)))
        else:
            stats.merge(result[0])
            said.extend(result[1])
    return stats


def file_statistics(
    paths: Iterable[str], wanted: Criteria, *, depth: int = 3, encoding: str | None = None,
    problems: list[tuple[str, Diagnostic]] | None = None,
) -> Statistics:  # fmt: skip
    """The counts of the matches of ``paths`` that meet ``wanted``, in this process (a
    worker's or a Dask task's share of :func:`statistics`)."""
    stats = Statistics(depth=depth)
    for found in select(paths, wanted, encoding=encoding, problems=problems):
        stats.add(found.replay, (found.path, found.record.line))
    return stats


def _file_task(task: tuple[str, Criteria, int, str | None, str | None]) -> tuple[Statistics, list[tuple[str, Diagnostic]]]:
    path, wanted, depth, encoding, form = task
    problems: list[tuple[str, Diagnostic]] = []
    with reading_as(form):  # (as the command's --from says, in this worker too)
        return file_statistics([path], wanted, depth=depth, encoding=encoding, problems=problems), problems
