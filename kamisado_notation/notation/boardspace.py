"""BoardSpace's SGF for Kamisado, read into the record model and written from it
(``docs/formats.md``).

A BoardSpace game record is an SGF game tree: a root node with ``GM[Kamisado]``, the
players' names (``P0[id "name"]``, ``P1[id "name"]``), the date (``DT``) and the result
(``RE``); then one node per step, each a ``P0[…]`` or ``P1[…]`` holding the step's number
and BoardSpace's own words: ``Start P0`` (who starts), ``Move C 1 C 5`` (a tower from
column C, row 1 to C 5), or ``Pickb C 1`` and ``Dropb C 5`` (picking it up and dropping
it), then ``Done`` (the turn confirmed); ``Pass`` or a ``Done`` with no move before it is
a blocked tower's forfeit; ``Resign`` then ``Done`` resigns.

BoardSpace's squares are ours (column A–H is file a–h, row 1–8 rank 1–8, with the same
colours), and player 0 starts at row 1. The player who moves first is Black, so when
player 0 starts (as BoardSpace's games do) the board is turned half round: BoardSpace's
``C 1`` is our f8 (every square keeps its colour). BoardSpace plays single rounds with no
Sumo towers: a record of several rounds, a Sumo round or a set position cannot be
written (:func:`boardspace_refusal`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from ..diagnostics import WARNING, Diagnostic
from ..engine.board import Side, square, square_file, square_rank
from ..engine.position import Move, Position
from ..errors import KamisadoError
from .foreign_match import Located, Played, build_match, round_winner, single_round_refusal
from .record import MatchRecord, RecordFile

__all__ = ["BoardSpaceGame", "boardspace_refusal", "format_boardspace", "read_boardspace"]

_SPACE = re.compile(r"\s*")
_IDENT = re.compile(r"[A-Za-z][A-Za-z0-9]*")
_PLAYER_ID = re.compile(r'\s*id\s+"((?:[^"\\]|\\.)*)"\s*')
_CELL = re.compile(r"[A-Ha-h]$")
_MAX_DEPTH = 64  # nested variations read (BoardSpace's games have none)


# ------------------------------------------------------------------ the SGF layer


@dataclass(slots=True)
class _Property:
    ident: str
    values: list[tuple[str, int]]  # each value (unescaped) and its offset
    offset: int


@dataclass(slots=True)
class _Tree:
    """A game tree's main line: its nodes (each a list of properties), read as they are
    asked for (a game of a million nodes is never held: memory stays that of a node);
    ``variations``: whether a branch other than the first was left unread (known once
    the nodes are)."""

    offset: int
    nodes: Iterator[list[_Property]] = field(default_factory=lambda: iter(()))
    variations: bool = False


class _Sgf:
    """SGF text to game trees, with the offset of everything (for diagnostics)."""

    def __init__(self, text: str, where: Located) -> None:
        self.text = text
        self.where = where
        self.i = 1 if text.startswith("\ufeff") else 0

    def skip(self) -> None:
        self.i = _SPACE.match(self.text, self.i).end()  # type: ignore[union-attr]

    def trees(self) -> Iterator[_Tree]:
        """Each game tree; the caller reads its nodes before asking for the next."""
        self.skip()
        while self.i < len(self.text):
            if self.text[self.i] != "(":
                raise self.where.error(f"not an SGF game record: expected '(' to start a game, found {self.text[self.i]!r}", self.i)
            tree = _Tree(self.i)
            tree.nodes = self.main_line(tree)
            yield tree
            for _ in tree.nodes:  # (what the caller left unread)
                pass
            self.skip()

    def main_line(self, tree: _Tree, depth: int = 0) -> Iterator[list[_Property]]:
        """The nodes of the tree (or branch) at the current place, its first branches'
        after its own; the other branches are read past (``tree.variations`` set)."""
        start = self.i
        if depth > _MAX_DEPTH:
            raise self.where.error(f"not a BoardSpace game record: variations nested more than {_MAX_DEPTH} deep", self.i)
        self.i += 1
        self.skip()
        while self.i < len(self.text) and self.text[self.i] == ";":
            self.i += 1
            yield self.node()
            self.skip()
        first = True
        while self.i < len(self.text) and self.text[self.i] == "(":
            if first:
                yield from self.main_line(tree, depth + 1)
            else:
                tree.variations = True
                for _ in self.main_line(tree, depth + 1):
                    pass
            first = False
            self.skip()
        if self.i >= len(self.text):
            line, column = self.where(start)
            raise self.where.error(f"the SGF ends before the ')' that closes the game opened at {line}:{column} (truncated?)", self.i)
        if self.text[self.i] != ")":
            raise self.where.error(f"not an SGF game record: unexpected {self.text[self.i]!r}", self.i)
        self.i += 1

    def node(self) -> list[_Property]:
        properties = []
        self.skip()
        while (m := _IDENT.match(self.text, self.i)) is not None:
            prop = _Property(m.group(), [], self.i)
            self.i = m.end()
            self.skip()
            while self.i < len(self.text) and self.text[self.i] == "[":
                prop.values.append(self.value())
                self.skip()
            if not prop.values:
                raise self.where.error(f"not an SGF game record: property {prop.ident} has no [value]", prop.offset)
            properties.append(prop)
        return properties

    def value(self) -> tuple[str, int]:
        start = self.i
        self.i += 1
        out: list[str] = []
        while self.i < len(self.text):
            c = self.text[self.i]
            if c == "]":
                self.i += 1
                return "".join(out), start + 1
            if c == "\\" and self.i + 1 < len(self.text):
                self.i += 1
                c = self.text[self.i]
            out.append(c)
            self.i += 1
        line, column = self.where(start)
        raise self.where.error(f"the SGF ends inside the value opened at {line}:{column} (truncated?)", len(self.text))


# ------------------------------------------------------------------ reading


def read_boardspace(text: str, record: RecordFile) -> Iterator[MatchRecord]:
    """The matches of a BoardSpace SGF file, one a game (:mod:`.boardspace`). Raises
    :class:`NotationError` at the first place that is not such a record: an SGF of
    another game (``GM[Hive]``), a truncated file, a step BoardSpace's Kamisado has not."""
    where = Located(text)
    for index, tree in enumerate(_Sgf(text, where).trees(), 1):
        yield _Game(tree, where, record).match(index)


class _Game:
    """One game tree read: its root's facts, then its steps, played on a position (a
    blocked tower's forfeit needs it: BoardSpace's pass names no square)."""

    def __init__(self, tree: _Tree, where: Located, record: RecordFile) -> None:
        self.tree = tree
        self.where = where
        self.record = record
        self.names: dict[int, str] = {}
        self.root: dict[str, tuple[str, int]] = {}
        self.first = 0  # the player who starts: Black
        self.turns: list[Played] = []
        self.position: Position | None = Position.initial()
        self.picked: int | None = None
        self.dropped: int | None = None
        self.moved: tuple[int, int] | None = None
        self.resigned: int | None = None

    def match(self, index: int) -> MatchRecord:
        root = next(self.tree.nodes, None)
        if root is None:
            raise self.where.error("not a BoardSpace game record: a game with no node", self.tree.offset)
        self._root(root)
        for node in self.tree.nodes:
            for prop in node:
                if prop.ident in ("P0", "P1"):
                    for value, offset in prop.values:
                        self._step(int(prop.ident[1]), value, offset)
        if self.tree.variations:
            line, column = self.where(self.tree.offset)
            message = "the game has variations: its main line is read, the other branches are not"
            self.record.errors.append(Diagnostic("syntax", message, line, column, WARNING))
        return build_match(index, self.tree.offset, self.where, self._headers(), self.turns)

    def _root(self, node: list[_Property]) -> None:
        for prop in node:
            value, offset = prop.values[0]
            if prop.ident in ("P0", "P1"):
                m = _PLAYER_ID.fullmatch(value)
                if m is not None:
                    self.names[int(prop.ident[1])] = re.sub(r"\\(.)", r"\1", m.group(1))
            else:
                self.root.setdefault(prop.ident, (value, offset))
        game = self.root.get("GM")
        if game is None:
            raise self.where.error("not a BoardSpace game record: the root node has no GM[…] (the game)", self.tree.offset)
        if game[0].strip().lower() != "kamisado":
            raise self.where.error(f"an SGF of another game: GM[{game[0]}]; only GM[Kamisado] is read", game[1])

    def _headers(self) -> list[tuple[str, str]]:
        black, gold = self.first, 1 - self.first
        headers = [("Site", "BoardSpace")]
        for ident, name in (("GN", "Game"), ("DT", "Date")):
            if self.root.get(ident, ("", 0))[0]:
                headers.append((name, self.root[ident][0]))
        headers += [("Black", self.names.get(black, f"P{black}")), ("Gold", self.names.get(gold, f"P{gold}"))]
        headers.append(("Match", "Single"))
        winner = None if self.position is None else round_winner(self.position)
        if winner is not None:
            headers.append(("Result", "1-0" if winner is Side.BLACK else "0-1"))
        if self.root.get("RE", ("", 0))[0]:
            headers.append(("BoardSpaceResult", self.root["RE"][0]))
        if self.resigned is not None:
            side = Side.BLACK if self.resigned == self.first else Side.GOLD
            headers.append(("Termination", f"{side.title} ({self.names.get(self.resigned, f'P{self.resigned}')}) resigned"))
        return headers

    def _cell(self, words: Sequence[str], at: int, offset: int) -> int:
        """Our square of BoardSpace's ``column row`` at ``words[at:at + 2]``."""
        try:
            column, row = words[at], int(words[at + 1])
        except (IndexError, ValueError):
            column, row = "", 0
        if not _CELL.match(column) or not 1 <= row <= 8:
            raise self.where.error(f"a BoardSpace square is a column A-H and a row 1-8: {' '.join(words[at:at + 2])!r}", offset)
        file_index, rank_index = ord(column.upper()) - ord("A"), row - 1
        if self.first == 0:  # player 0 starts at row 1: the board turned half round
            file_index, rank_index = 7 - file_index, 7 - rank_index
        return square(file_index, rank_index)

    def _step(self, player: int, value: str, offset: int) -> None:
        """One step of ``player`` (``P0[…]`` or ``P1[…]``): its number, then its words."""
        words = value.split()
        if words and words[0].isdigit():
            words = words[1:]
        op = words[0].lower() if words else ""
        if op in _IGNORED:
            return
        step = _STEPS.get(op)
        if step is None:
            raise self.where.error(f"a step BoardSpace's Kamisado has not: {value!r}", offset)
        step(self, player, words, offset)

    def _start(self, player: int, words: list[str], offset: int) -> None:
        self.first = 1 if [w.upper() for w in words[1:2]] == ["P1"] else 0

    def _move(self, player: int, words: list[str], offset: int) -> None:
        self.moved = (self._cell(words, 1, offset), self._cell(words, 3, offset))

    def _pick(self, player: int, words: list[str], offset: int) -> None:
        cell = self._cell(words, 1, offset)
        if cell == self.dropped:
            self.dropped = None  # picked up again where it was dropped
        else:
            self.picked = cell

    def _drop(self, player: int, words: list[str], offset: int) -> None:
        cell = self._cell(words, 1, offset)
        if cell == self.picked and self.dropped is None:
            self.picked = None  # put back where it was picked up
        else:
            self.dropped = cell

    def _resign(self, player: int, words: list[str], offset: int) -> None:
        self.resigned = player

    def _done(self, player: int, words: list[str], offset: int) -> None:
        """A turn confirmed (``Done``, or ``Pass``): the move made in it, or the
        blocked tower's forfeit."""
        move = self.moved
        if move is None and self.picked is not None and self.dropped is not None:
            move = (self.picked, self.dropped)
        self.moved = self.picked = self.dropped = None
        if self.resigned == player:
            return
        if move is None:
            if self.position is None:
                raise self.where.error(f"a pass ({words[0]}) after moves that cannot be played: its tower is unknown", offset)
            forfeit = self.position.forfeit_move()
            move = (forfeit.origin, forfeit.target)
        self.turns.append(Played(move[0], move[1], offset))
        if self.position is not None:
            try:
                self.position.play(self.position.resolve_coords(*move))
            except KamisadoError:
                self.position = None  # (the replay says what is wrong with it)


#: Each step BoardSpace's Kamisado has, read by the method of its word.
_STEPS: dict[str, Callable[[_Game, int, list[str], int], None]] = {
    "start": _Game._start,
    "move": _Game._move,
    "pickb": _Game._pick,
    "dropb": _Game._drop,
    "resign": _Game._resign,
    "done": _Game._done,
    "pass": _Game._done,
}
#: Steps that change no move: the end of a game on time, and the editing of a review.
_IGNORED = frozenset({"gameovertime", "gameoverontime", "edit", "undo", "reset"})


# ------------------------------------------------------------------ writing


@dataclass(frozen=True, slots=True)
class BoardSpaceGame:
    """What a BoardSpace game record carries of a single round: the players (Black's
    first: Black is player 0, who starts), the date, the result, and the moves."""

    black: str
    gold: str
    moves: tuple[Move, ...]
    date: str = ""
    result: str = ""


def boardspace_refusal(match: MatchRecord, rounds: int, target: int) -> str | None:
    """Why ``match`` (of ``rounds`` rounds, to ``target`` points) cannot be written as a
    BoardSpace game, which is a single round from the initial position; ``None`` when
    it can."""
    return single_round_refusal(match, rounds, target, "a BoardSpace game")


def _bs_cell(sq: int) -> str:
    """BoardSpace's ``column row`` of our square, player 0 (Black) starting at row 1."""
    return f"{chr(ord('A') + 7 - square_file(sq))} {8 - square_rank(sq)}"


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("]", "\\]")


def _player_id(name: str) -> str:
    return _escape('id "' + name.replace("\\", "\\\\").replace('"', '\\"') + '"')


def format_boardspace(games: Sequence[BoardSpaceGame]) -> str:
    """The SGF text of ``games`` as BoardSpace writes a Kamisado game (one game tree
    each): the root with the game, players, date and result, then ``Start P0`` and, for
    each turn, ``Move`` and ``Done`` (``Pass`` for a blocked tower's forfeit)."""
    out = []
    for game in games:
        lines = ["(;", "GM[Kamisado]VV[1]", "SU[kamisado]"]
        if game.date:
            lines.append(f"DT[{_escape(game.date)}]")
        lines += [f"P0[{_player_id(game.black)}]", f"P1[{_player_id(game.gold)}]"]
        if game.result:
            lines.append(f"RE[{_escape(game.result)}]")
        lines.append("; P0[0 Start P0]")
        step = 1
        for move in game.moves:
            player = f"P{int(move.side)}"
            if move.is_forfeit:
                lines.append(f"; {player}[{step} Pass]")
                step += 1
                continue
            lines.append(f"; {player}[{step} Move {_bs_cell(move.origin)} {_bs_cell(move.target)}]")
            lines.append(f"; {player}[{step + 1} Done]")
            step += 2
        lines.append(")")
        out.append("\n".join(lines) + "\n")
    return "".join(out)

