"""BoardSpace's SGF for Kamisado, read into the record model and written from it, as
BoardSpace's published Java reads and writes it (``docs/formats.md`` names the file and
function of each rule).

A BoardSpace game record is an SGF game tree (``commonCanvas.printGameRecord``): a root
node with ``GM[Kamisado]``, the set-up (``SU[kamisado <key>]``), the date, the game's
name, the result and the players (``P0[id "name"]``); then one node per step, each a
``P0[…]`` or ``P1[…]`` holding the step's number and BoardSpace's own words
(``KamisadoMovespec``): ``Start P0`` (who is to move), ``Move C 1 C 5`` (a tower from
column C, row 1 to C 5), or ``Pickb C 1`` and ``Dropb C 5``, then ``Done `` (the turn
confirmed); ``Pass `` or a ``Done`` with no move before it is a blocked tower's forfeit;
``Resign`` then ``Done`` resigns; ``WinOnTime`` ends the game on time; ``Edit`` opens
the edit mode. A last node holds the players' clocks (``P0[time 0:01:23 ]``): a value
whose first word is ``id``, ``time``, ``ranking`` or ``country`` is information about
the player in any node (``parsePlayerInfo``), not a step.

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

from ...diagnostics import WARNING, Diagnostic
from ...engine.board import Side, square, square_file, square_rank
from ...engine.position import Move, Position
from ...errors import KamisadoError
from ..record import MatchRecord, RecordFile
from .common import ForeignTurn, Located, build_match, round_score, round_winner, single_round_refusal

__all__ = ["SETUP", "BoardSpaceGame", "boardspace_game", "boardspace_refusal", "format_boardspace", "read_boardspace"]

_SPACE = re.compile(r"\s*")
_IDENT = re.compile(r"[A-Za-z][A-Za-z0-9]*")
_CELL = re.compile(r"[A-Ha-h]$")
_WORD = re.compile(r'[^\s"()\[\]{}]*')  # a token of lib.Tokenizer: up to a delimiter or a singleton
_MAX_DEPTH = 64  # nested variations read (BoardSpace's games have none)
#: The root's properties a match is made of (the game, its name, date and result); the
#: others are passed over, never held.
_ROOT_FACTS = frozenset(("GM", "GN", "DT", "RE"))


# ------------------------------------------------------------------ the SGF layer


@dataclass(slots=True)
class _Property:
    """A property: its ``values`` (each unescaped, with its offset) read as they are
    asked for, before the next property is (a node of a million properties, or a
    property of a million values, is never held: memory stays that of the game)."""

    ident: str
    values: Iterator[tuple[str, int]]
    offset: int


@dataclass(slots=True)
class _Tree:
    """A game tree's main line: its nodes (each a list of properties), read as they are
    asked for (a game of a million nodes is never held: memory stays that of a node);
    ``variations``: whether a branch other than the first was left unread (known once
    the nodes are)."""

    offset: int
    nodes: Iterator[Iterator[_Property]] = field(default_factory=lambda: iter(()))
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

    def main_line(self, tree: _Tree, depth: int = 0) -> Iterator[Iterator[_Property]]:
        """The nodes of the tree (or branch) at the current place, its first branches'
        after its own; the other branches are read past (``tree.variations`` set)."""
        start = self.i
        if depth > _MAX_DEPTH:
            raise self.where.error(f"not a BoardSpace game record: variations nested more than {_MAX_DEPTH} deep", self.i)
        self.i += 1
        self.skip()
        yield from self.nodes()
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
        self.close(start)

    def nodes(self) -> Iterator[Iterator[_Property]]:
        """The nodes (``;``…) at the current place, up to the tree's first branch or its
        end, each read to its end once the caller is done with it."""
        while self.i < len(self.text) and self.text[self.i] == ";":
            self.i += 1
            node = self.node()
            yield node
            for _ in node:  # (what the caller left unread)
                pass
            self.skip()

    def close(self, start: int) -> None:
        """Read past the ``)`` that closes the tree (or branch) opened at ``start``; an
        error where the text ends first or something else stands there."""
        if self.i >= len(self.text):
            line, column = self.where(start)
            raise self.where.error(f"the SGF ends before the ')' that closes the game opened at {line}:{column} (truncated?)", self.i)
        if self.text[self.i] != ")":
            raise self.where.error(f"not an SGF game record: unexpected {self.text[self.i]!r}", self.i)
        self.i += 1

    def node(self) -> Iterator[_Property]:
        """The properties of the node at the current place, each read as it is asked
        for (its values too: :class:`_Property`)."""
        self.skip()
        while (m := _IDENT.match(self.text, self.i)) is not None:
            offset = self.i
            self.i = m.end()
            self.skip()
            if not (self.i < len(self.text) and self.text[self.i] == "["):
                raise self.where.error(f"not an SGF game record: property {m.group()} has no [value]", offset)
            prop = _Property(m.group(), self.values(), offset)
            yield prop
            for _ in prop.values:  # (what the caller left unread)
                pass

    def values(self) -> Iterator[tuple[str, int]]:
        """The values of the property whose first ``[`` is at the current place."""
        while self.i < len(self.text) and self.text[self.i] == "[":
            yield self.value()
            self.skip()

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
    """One game tree read as BoardSpace replays it (``commonCanvas.ReplayGame``): its
    root's facts, then each node's ``P0``/``P1`` values, player information or steps,
    the steps driving the state ``KamisadoBoard.Execute`` keeps (whose turn it is, the
    edit mode, a resignation pending its ``Done``) over our position (a blocked tower's
    forfeit needs it: BoardSpace's pass names no square)."""

    def __init__(self, tree: _Tree, where: Located, record: RecordFile) -> None:
        self.tree = tree
        self.where = where
        self.record = record
        self.names: dict[int, str] = {}
        self.info: dict[tuple[int, str], str] = {}  # (player, time|ranking|country): value
        self.root: dict[str, tuple[str, int]] = {}
        self.first = 0  # the player who starts: Black
        self.turn = 0  # BoardSpace's whoseTurn (KamisadoBoard.doInit: player 0)
        self.editing: int | None = None  # the offset of the Edit whose edit mode is on
        self.turns: list[ForeignTurn] = []
        self.position: Position | None = Position.initial()
        self.picked: int | None = None
        self.dropped: int | None = None
        self.moved: tuple[int, int] | None = None
        self.resigning = False  # Resign seen, its Done not yet
        self.resigned: int | None = None
        self.on_time: int | None = None  # the player WinOnTime made the winner

    def match(self, index: int) -> MatchRecord:
        root = next(self.tree.nodes, None)
        if root is None:
            raise self.where.error("not a BoardSpace game record: a game with no node", self.tree.offset)
        self._root(root)
        others: dict[str, int] = {}  # (the properties of no player, by name: where each first stands)
        for node in self.tree.nodes:
            for prop in node:
                if prop.ident in ("P0", "P1"):
                    self._player(prop)
                elif len(others) < 4:  # (four named are enough: a file of a million names holds none)
                    others.setdefault(prop.ident, prop.offset)
        if self.tree.variations:
            self._warn("the game has variations: its main line is read, the other branches are not", self.tree.offset)
        if not self.turns and others:
            self._unread(others)
        return build_match(index, self.tree.offset, self.where, self._headers(), self.turns)

    def _player(self, prop: _Property) -> None:
        """A player's property (``P0``, ``P1``): each value information about the player
        or a step."""
        for value, offset in prop.values:
            if not self._player_info(int(prop.ident[1]), value):
                self._step(int(prop.ident[1]), value, offset)

    def _unread(self, others: dict[str, int]) -> None:
        """A warning where a game holds no step of BoardSpace's, only ``others``
        properties (each by name, where it first stands): they are not read."""
        names = ", ".join(f"{name}[…]" for name in others)
        self._warn(f"no step of BoardSpace's (P0[…], P1[…]) in the game: its nodes' {names} are not read", min(others.values()))

    def _warn(self, message: str, offset: int) -> None:
        line, column = self.where(offset)
        self.record.errors.append(Diagnostic("syntax", message, line, column, WARNING))

    def _root(self, node: Iterator[_Property]) -> None:
        for prop in node:
            if prop.ident in ("P0", "P1"):
                for each, _ in prop.values:
                    self._player_info(int(prop.ident[1]), each)
            elif prop.ident in _ROOT_FACTS and prop.ident not in self.root:
                self.root[prop.ident] = next(prop.values)  # (its first value: a property has one)
        game = self.root.get("GM")
        if game is None:
            raise self.where.error("not a BoardSpace game record: the root node has no GM[…] (the game)", self.tree.offset)
        if game[0].strip().lower() != "kamisado":
            raise self.where.error(f"an SGF of another game: GM[{game[0]}]; only GM[Kamisado] is read", game[1])

    def _player_info(self, player: int, value: str) -> bool:
        """Whether ``value`` (of ``P0`` or ``P1``, in any node) is information about the
        player, as ``commonCanvas.parsePlayerInfo`` takes it: its first word ``id`` (the
        name), ``time``, ``ranking`` or ``country``; kept."""
        words = value.split(maxsplit=1)
        key = words[0] if words else ""
        if key == "id":
            self.names[player] = _player_name(words[1] if len(words) > 1 else "")
        elif key in _PLAYER_INFO:
            self.info[player, key] = words[1].strip() if len(words) > 1 else ""
        else:
            return False
        return True

    def _name(self, player: int) -> str:
        return self.names.get(player, f"P{player}")

    def _side(self, player: int) -> Side:
        return Side.BLACK if player == self.first else Side.GOLD

    def _headers(self) -> list[tuple[str, str]]:
        black, gold = self.first, 1 - self.first
        headers = [("Site", "BoardSpace")]
        for ident, name in (("GN", "Game"), ("DT", "Date")):
            if self.root.get(ident, ("", 0))[0]:
                headers.append((name, self.root[ident][0]))
        headers += [("Black", self._name(black)), ("Gold", self._name(gold))]
        headers.append(("Match", "Single"))
        winner = None if self.position is None else round_winner(self.position)
        if winner is not None:
            headers.append(("Result", round_score(winner)))
        if self.root.get("RE", ("", 0))[0]:
            headers.append(("BoardSpaceResult", self.root["RE"][0]))
        return headers + self._termination() + self._players_info((black, gold))

    def _players_info(self, players: tuple[int, int]) -> list[tuple[str, str]]:
        """The headers of what the record says of the ``players`` (Black's, then Gold's):
        their time, ranking and country (:data:`_PLAYER_INFO`)."""
        return [
            (f"{self._side(player).title}{suffix}", self.info[player, key])
            for player in players
            for key, suffix in _PLAYER_INFO.items()
            if (player, key) in self.info
        ]

    def _termination(self) -> list[tuple[str, str]]:
        """The ``Termination`` header of a game a player resigned or lost on time; none
        for another."""
        if self.resigned is not None:
            return [("Termination", f"{self._side(self.resigned).title} ({self._name(self.resigned)}) resigned")]
        if self.on_time is not None:
            loser = 1 - self.on_time
            return [("Termination", f"{self._side(loser).title} ({self._name(loser)}) lost on time")]
        return []

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
        """One step (``KamisadoMovespec.parse``): an optional number, then its words."""
        words = value.split()
        if words and words[0].isdigit():
            words = words[1:]
        op = words[0].lower() if words else ""
        if op in _IGNORED:
            return
        step = _STEPS.get(op)
        if step is None:
            raise self.where.error(f"a step BoardSpace's Kamisado has not: {value!r}", offset)
        step(self, words, offset)

    def _start(self, words: list[str], offset: int) -> None:
        """``Start Pn``: player n to move (``KamisadoBoard.Execute``, ``MOVE_START``). The
        first, before any turn, also says who starts (Black); a later one ends an edit
        mode and can only give the turn to the player whose turn it is by the rules."""
        named = [w.upper() for w in words[1:2]]
        if named not in (["P0"], ["P1"]):
            raise self.where.error(f"a Start names its player, P0 or P1: {' '.join(words)!r}", offset)
        player = int(named[0][1])
        self.editing = None
        self.resigning = False
        self.picked = self.dropped = self.moved = None
        if not self.turns:
            self.first = self.turn = player
            return
        self.turn = player
        self._check_turn(offset)

    def _check_turn(self, offset: int) -> None:
        """BoardSpace's turn (:attr:`turn`) is the rules' (M3), else the record cannot
        hold the game."""
        if self.position is None or round_winner(self.position) is not None:
            return
        mover = self.first if self.position.to_move is Side.BLACK else 1 - self.first
        if self.turn != mover:
            raise self.where.error(
                f"BoardSpace gives the turn to P{self.turn} ({self._name(self.turn)}) here, and by the rules "
                f"{self.position.to_move.title} (P{mover}) is to move: a record cannot hold a turn given away",
                offset,
            )

    def _edit(self, words: list[str], offset: int) -> None:
        """``Edit``: the edit mode, where a pick and a drop rearrange the board
        (``MOVE_EDIT``: the turn is kept; a pending move is dropped)."""
        self.editing = offset
        self.picked = self.dropped = self.moved = None

    def _move(self, words: list[str], offset: int) -> None:
        if self.editing is not None:
            self._rearranged(offset)
        self.moved = (self._cell(words, 1, offset), self._cell(words, 3, offset))

    def _pick(self, words: list[str], offset: int) -> None:
        cell = self._cell(words, 1, offset)
        if cell == self.dropped:
            self.dropped = None  # picked up again where it was dropped
        else:
            self.picked = cell

    def _drop(self, words: list[str], offset: int) -> None:
        cell = self._cell(words, 1, offset)
        if cell == self.picked and self.dropped is None:
            self.picked = None  # put back where it was picked up
        elif self.editing is not None:
            self._rearranged(offset)
        else:
            self.dropped = cell

    def _rearranged(self, offset: int) -> None:
        line, column = self.where(self.editing or 0)
        raise self.where.error(
            f"a tower moved in the edit mode begun at {line}:{column} (Edit): the board is rearranged, "
            "and a record holds no rearranged board",
            offset,
        )

    def _resign(self, words: list[str], offset: int) -> None:
        self.resigning = not self.resigning  # a second Resign takes it back (MOVE_RESIGN)

    def _win_on_time(self, words: list[str], offset: int) -> None:
        """``WinOnTime``: the game over, won by the player whose turn it is
        (``MOVE_GAMEOVERONTIME``: ``setGameOver(true, false)``)."""
        self.on_time = self.turn

    def _done(self, words: list[str], offset: int) -> None:
        """A turn confirmed (``Done``, or ``Pass``: ``KamisadoBoard.doDone``): the move
        made in it, or the blocked tower's forfeit; the resignation pending; or the end
        of the edit mode (no turn)."""
        if self.editing is not None:
            self.editing = None
            self._check_turn(offset)
            return
        move = self.moved
        if move is None and self.picked is not None and self.dropped is not None:
            move = (self.picked, self.dropped)
        self.moved = self.picked = self.dropped = None
        if self.resigning:
            self.resigning = False
            self.resigned = self.turn
            return
        self._play_turn(move if move is not None else self._forfeit(words, offset), offset)

    def _forfeit(self, words: list[str], offset: int) -> tuple[int, int]:
        """The blocked tower's forfeit of a turn confirmed with no move (a pass)."""
        if self.position is None:
            raise self.where.error(f"a pass ({words[0]}) after moves that cannot be played: its tower is unknown", offset)
        forfeit = self.position.forfeit_move()
        return forfeit.origin, forfeit.target

    def _play_turn(self, move: tuple[int, int], offset: int) -> None:
        """The turn's ``move`` (from, to) kept and played; the other player's turn."""
        self.turns.append(ForeignTurn(move[0], move[1], offset))
        self.turn = 1 - self.turn
        if self.position is not None:
            try:
                self.position.play(self.position.resolve_coords(*move))
            except KamisadoError:
                self.position = None  # (the replay says what is wrong with it)


def _player_name(text: str) -> str:
    """The name of an ``id`` (``commonCanvas.parsePlayerInfo``): the next token as
    ``lib.Tokenizer`` reads it, a word, or a quoted string whose ``\\`` takes the next
    character as it is (``id "Mary \\"Q\\" Ann"`` is ``Mary "Q" Ann``)."""
    text = text.lstrip(" \t\r\n")
    if not text.startswith('"'):
        return _WORD.match(text).group()  # type: ignore[union-attr]
    out: list[str] = []
    chars = iter(text[1:])
    for c in chars:
        if c == '"':
            break
        out.append(next(chars, "") if c == "\\" else c)
    return "".join(out)


#: The player information other than the name (``commonCanvas.parsePlayerInfo``), each
#: kept in a header named after the player's side (``BlackTime``…).
_PLAYER_INFO = {"time": "Time", "ranking": "Ranking", "country": "Country"}
#: Each step BoardSpace's Kamisado has (``KamisadoMovespec``'s dictionary and
#: ``Opcodes``), read by the method of its word.
_STEPS: dict[str, Callable[[_Game, list[str], int], None]] = {
    "start": _Game._start,
    "edit": _Game._edit,
    "move": _Game._move,
    "pickb": _Game._pick,
    "dropb": _Game._drop,
    "resign": _Game._resign,
    "winontime": _Game._win_on_time,
    "done": _Game._done,
    "pass": _Game._done,
}
#: Steps that change no move: undo requests and their answers (the undone steps are
#: not in a record), a reset, a null move.
_IGNORED = frozenset({"undo", "reset", "pleaseundo", "dontundo", "allowundo", "nullmove"})


# ------------------------------------------------------------------ writing


@dataclass(frozen=True, slots=True)
class BoardSpaceGame:
    """What a BoardSpace game record carries of a single round: the players (Black's
    first: Black is player 0, who starts), the date, the game's name, the result, the
    moves, and the players' clocks (Black's, Gold's; empty when unknown)."""

    black: str
    gold: str
    moves: tuple[Move, ...]
    date: str = ""
    result: str = ""
    name: str = ""
    times: tuple[str, str] = ("", "")


def boardspace_game(match: MatchRecord, moves: Sequence[Move], winner: Side | None) -> BoardSpaceGame:
    """``match``, a single round whose ``moves`` the replay found (won by ``winner``), as
    a BoardSpace game: its players, ``Date``, ``Game``, the clocks a BoardSpace record
    read gave (``BlackTime``, ``GoldTime``), and the result as BoardSpace words it
    (``Game won by NAME``), else the ``BoardSpaceResult`` read."""
    black, gold = (match.header(side) or side for side in ("Black", "Gold"))
    won = "" if winner is None else f"Game won by {black if winner is Side.BLACK else gold}"

    def said(name: str) -> str:
        return match.header(name) or ""

    return BoardSpaceGame(
        black,
        gold,
        tuple(moves),
        date=said("Date"),
        result=won or said("BoardSpaceResult"),
        name=said("Game"),
        times=(said("BlackTime"), said("GoldTime")),
    )


def write_boardspace_match(match: MatchRecord, moves: Sequence[Move], winner: Side | None) -> str:
    """``match``, a single round the replay found to be ``moves`` (won by ``winner``), as
    BoardSpace's SGF (:func:`boardspace_game`, :func:`format_boardspace`)."""
    return format_boardspace([boardspace_game(match, moves, winner)])


def boardspace_refusal(match: MatchRecord, rounds: int, target: int, drop: bool = False) -> str | None:
    """Why ``match`` (of ``rounds`` rounds, to ``target`` points) cannot be written as a
    BoardSpace game, which is a single round from the initial position; ``None`` when
    it can. (Headers it has no property for, and comments, are left out: ``drop`` is
    always so.)"""
    return single_round_refusal(match, rounds, target, "a BoardSpace game")


def _bs_cell(sq: int) -> str:
    """BoardSpace's ``column row`` of our square, player 0 (Black) starting at row 1."""
    return f"{chr(ord('A') + 7 - square_file(sq))} {8 - square_rank(sq)}"


def _escape(text: str) -> str:
    """``text`` as ``sgf_property.bracketedString`` writes a value: ``\\``, ``]`` and
    ``[`` escaped."""
    return re.sub(r"([\\\[\]])", r"\\\1", text)


def _player_id(name: str) -> str:
    """``id "name"``, the name quoted as ``lib.Tokenizer`` reads it back."""
    return _escape('id "' + name.replace("\\", "\\\\").replace('"', '\\"') + '"')


#: What BoardSpace writes in ``SU`` (``KamisadoViewer.gameType``: the variation and
#: the random key, unused by Kamisado and read as a number): the key is written as 0.
SETUP = "kamisado 0"


def format_boardspace(games: Sequence[BoardSpaceGame]) -> str:
    """The SGF text of ``games`` as BoardSpace writes a Kamisado game
    (``commonCanvas.printGameRecord``, one game tree each): the root with the game,
    set-up, date, name, result and players, then ``Start P0`` and, for each turn,
    ``Move`` and ``Done`` (``Pass`` for a blocked tower's forfeit), the words as
    ``KamisadoMovespec.moveString`` writes them, numbered from 0; the players' clocks in
    a last node when they are known."""
    return "".join(_game_sgf(game) for game in games)


def _moves_sgf(moves: Sequence[Move]) -> list[str]:
    """The nodes of ``moves``: each a ``Move`` and its ``Done`` (a forfeit a ``Pass``),
    numbered from 1 (the ``Start`` is 0)."""
    lines = []
    step = 1
    for move in moves:
        player = f"P{int(move.side)}"
        if move.is_forfeit:
            lines.append(f"; {player}[{step} Pass ]")
            step += 1
            continue
        lines.append(f"; {player}[{step} Move {_bs_cell(move.origin)} {_bs_cell(move.target)}]")
        lines.append(f"; {player}[{step + 1} Done ]")
        step += 2
    return lines


def _game_sgf(game: BoardSpaceGame) -> str:
    """One game tree of :func:`format_boardspace`."""
    lines = ["(;", "GM[Kamisado]VV[1]", f"SU[{SETUP}]"]
    lines += [f"{ident}[{_escape(value)}]" for ident, value in (("DT", game.date), ("GN", game.name), ("RE", game.result)) if value]
    lines += [f"P0[{_player_id(game.black)}]", f"P1[{_player_id(game.gold)}]"]
    lines.append("; P0[0 Start P0]")
    lines += _moves_sgf(game.moves)
    if any(game.times):
        lines.append(";")
        lines += [f"P{i}[time {_escape(t)} ]" for i, t in enumerate(game.times) if t]
    lines.append(")")
    return "\n".join(lines) + "\n"
