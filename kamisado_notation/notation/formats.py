"""The one registry of record formats: each format a record file is read or written in,
with its name (``--from NAME``, ``--to NAME``), the ending of its files, how a file in it
is known by its first bytes, its reader and writer, and what it can hold.

Ours are the ``.kmr`` text (written in four forms: symbols, text, short, coordinates) and
its JSON form; the others are other programs' (``docs/formats.md``): HackerRank's game
logs (read only), BoardSpace's SGF and hamisado's move lists. Every command's choices,
the files a folder is read for, how a file's format is told (:func:`sniff`) and which
module reads or writes it come from :data:`FORMATS`; :func:`read_foreign` is the one place
that hands a file in another program's format to its reader, and :func:`reading_as` (the
command line's ``--from NAME``) insists on a format, so that a file that is not what it is
said to be gets its reader's diagnostic instead of being read as something else. A new
format is one entry here and the module that reads (and writes) it (``foreign/``: each
reader turns a file into the record model at the lines and columns the file has its moves,
the moves as entries in the coordinate form; what the readers share is
:mod:`.foreign.common`).

A reader or writer is loaded on first use (a command that reads ``.kmr`` files never
loads the SGF reader). How a file's format is told is one stated rule (:func:`sniff`):
the ending first, then the content, the formats tried in their declared ``priority``;
the patterns of the formats' starts are disjoint on every sample of every format
(``tests/notation/test_formats.py`` checks it), so the priority decides only a file
made to look like two.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from itertools import islice

from ..diagnostics import Diagnostic, Kind
from ..engine.board import Side
from ..engine.position import Move, Position
from ..errors import ArgumentError
from .record import MatchRecord, RecordFile
from .vocabulary import LANGUAGES
from .writer import Form

__all__ = [
    "FORMATS",
    "LANGUAGES",
    "WRITTEN_FORMS",
    "ForeignReader",
    "ForeignWriter",
    "RecordFormat",
    "folder_suffixes",
    "insisted_format",
    "is_foreign",
    "output_suffix",
    "parse_position",
    "read_foreign",
    "reading_as",
    "sniff",
    "sniffed",
]

#: An other program's reader: the matches of a whole file's ``text``; what belongs to no
#: match goes to ``record.errors``; the first fault that stops it raises
#: :class:`~kamisado_notation.errors.NotationError`.
ForeignReader = Callable[[str, RecordFile], Iterator[MatchRecord]]


@dataclass(frozen=True, slots=True)
class ForeignWriter:
    """An other program's writer: why a match (of ``rounds`` rounds, to ``target``
    points) cannot be written in the format (``refusal``: every reason at once, ``None``
    when it can; with ``drop``, what the format cannot hold but the moves do without —
    headers, comments — is left out instead of refused), and the text of a match the
    replay found to be ``moves``, won by ``winner`` (``write``)."""

    refusal: Callable[[MatchRecord, int, int, bool], str | None]
    write: Callable[[MatchRecord, Sequence[Move], Side | None], str]


@dataclass(frozen=True, slots=True)
class RecordFormat:
    """One record format (module docstring)."""

    name: str
    #: what it is, for a person
    title: str
    #: the ending of the files it is written in (an output in a folder gets it)
    suffix: str
    #: what a record in it can hold
    holds: str
    #: the order in which formats are tried by their content (lower first; distinct)
    priority: int
    #: whether its ending says a file is in it, and a folder is read for files of its
    #: ending (a ``.txt`` may be anything)
    in_folders: bool = True
    #: how a file in it starts (``None``: ours, the ``.kmr``: it may start with
    #: anything, and is what a file is when nothing else is)
    pattern: re.Pattern[bytes] | None = None
    #: the reader of an other program's format, loaded on first use (``None``: ours)
    reader: Callable[[], ForeignReader] | None = None
    #: the writer of an other program's format, loaded on first use (``None``: ours, or
    #: not written); an other program's holds one round (``convert --round N`` chooses it)
    writer: Callable[[], ForeignWriter] | None = None
    #: whether its writer can leave out what it cannot hold but the moves do without
    #: (headers, comments: ``convert --drop``) instead of refusing
    drops: bool = False

    @property
    def foreign(self) -> bool:
        """Whether it is another program's format."""
        return self.reader is not None


def _hackerrank() -> ForeignReader:
    from .foreign.hackerrank import read_hackerrank

    return read_hackerrank


def _boardspace() -> ForeignReader:
    from .foreign.boardspace import read_boardspace

    return read_boardspace


def _boardspace_writer() -> ForeignWriter:
    from .foreign.boardspace import boardspace_refusal, write_boardspace_match

    return ForeignWriter(boardspace_refusal, write_boardspace_match)


def _hamisado() -> ForeignReader:
    from .foreign.hamisado import read_hamisado

    return read_hamisado


def _hamisado_writer() -> ForeignWriter:
    from .foreign.hamisado import hamisado_refusal, write_hamisado_match

    return ForeignWriter(hamisado_refusal, write_hamisado_match)


_SPACE = rb"(?:\xef\xbb\xbf)?[ \t\r\n]*"

#: Every format, by name (the first two are ours).
FORMATS: dict[str, RecordFormat] = {
    f.name: f
    for f in (
        RecordFormat("kmr", "a .kmr match record", ".kmr", "everything: matches, headers, comments, lineups", 100),
        RecordFormat(
            "json", "the JSON form of a match record", ".json", "everything a .kmr holds, and each move's squares", 10,
            pattern=re.compile(_SPACE + rb'\{[ \t\r\n]*"(?:[^"\\\n]|\\.)*"[ \t\r\n]*:'),
        ),
        RecordFormat(
            "hackerrank", "a HackerRank game log", ".json", "games of one round, the players' names (read only)", 20,
            pattern=re.compile(_SPACE + rb"\[" + rb"[ \t\r\n]*\{"), reader=_hackerrank,
        ),
        RecordFormat(
            "boardspace", "BoardSpace's SGF", ".sgf", "games of one round from the initial position, players, date, clocks", 30,
            pattern=re.compile(_SPACE + rb"\([ \t\r\n]*;"), reader=_boardspace, writer=_boardspace_writer,
        ),
        RecordFormat(
            "hamisado", "a hamisado move list", ".txt", "the moves of one round from the initial position, nothing else", 40,
            in_folders=False, pattern=re.compile(_SPACE + rb"\[?[ \t\r\n]*[A-H][1-8]-[A-H][1-8][ \t\r\n,\]]"),
            reader=_hamisado, writer=_hamisado_writer, drops=True,
        ),
    )
}  # fmt: skip

#: The formats in the order they are tried by their content.
_BY_PRIORITY: tuple[RecordFormat, ...] = tuple(sorted(FORMATS.values(), key=lambda f: f.priority))

#: What ``--to`` takes: our forms (:class:`~.writer.Form`), then the other programs'
#: formats that are written.
WRITTEN_FORMS: tuple[str, ...] = (*(f.value for f in Form), *(f.name for f in FORMATS.values() if f.writer is not None))


def folder_suffixes() -> tuple[str, ...]:
    """The endings of the record files a folder is read for (any case)."""
    return tuple(dict.fromkeys(f.suffix for f in FORMATS.values() if f.in_folders))


def is_foreign(form: str) -> bool:
    """Whether ``form`` (one of :data:`WRITTEN_FORMS`, or a format's name) is another
    program's format, not one of our forms."""
    return form in FORMATS and FORMATS[form].foreign


def output_suffix(form: str) -> str:
    """The ending of an output written in ``form`` (one of :data:`WRITTEN_FORMS`)."""
    if form in FORMATS:
        return FORMATS[form].suffix
    return FORMATS["json" if form == Form.JSON.value else "kmr"].suffix


def sniffed(head: bytes) -> str | None:
    """The format whose files start as ``head`` does, if any (the first by priority)."""
    return next((f.name for f in _BY_PRIORITY if f.pattern is not None and f.pattern.match(head)), None)


#: The format the files read now must be in (``None``: found by content).
_SOURCE: ContextVar[str | None] = ContextVar("kamisado_source", default=None)



@contextmanager
def reading_as(name: str | None) -> Iterator[None]:
    """Read every record file opened within as format ``name`` (one of :data:`FORMATS`;
    ``None``: by content). :class:`~kamisado_notation.errors.ArgumentError` for an unknown name.

    >>> from kamisado_notation.notation import read_record
    >>> with reading_as("hackerrank"):
    ...     read_record("samples/single-round.kmr").errors[0].message
    'not a HackerRank game log: expected a JSON array of games'
    """
    if name is not None and name not in FORMATS:
        raise ArgumentError(f"unknown record format {name!r}: expected one of {', '.join(FORMATS)}")
    token = _SOURCE.set(name)
    try:
        yield
    finally:
        _SOURCE.reset(token)


def insisted_format() -> str | None:
    """The format :func:`reading_as` insists on here (``None``: by content), for work
    handed to another process, which must insist on it too."""
    return _SOURCE.get()


def sniff(path: str, head: bytes) -> str:
    """The format of a file whose name is ``path`` and whose first block is ``head``
    (one of :data:`FORMATS`), by one rule:

    1. the one :func:`reading_as` insists on (``--from``);
    2. the ending: the formats whose ending says a file is in them (``in_folders``: a
       ``.txt`` may be anything), in priority order, the first whose content fits
       (:func:`_fits`: its start; a ``.kmr`` fits unless it starts as another format
       does and does not read as a record: a comment ``{"note": …}`` or ``(; opening
       notes )`` opens many a record);
    3. the content: the first format, in priority order, whose start it has (a JSON
       array of objects with a HackerRank game's keys: a HackerRank log; ``(;``: an SGF; an upper-case move ``A1-A2``: a hamisado
       move list; a JSON object: the JSON form of a record);
    4. another program's JSON (JSON Lines, an object a line: an app's log; a JSON
       document with no ``"matches"`` in its first block: a chat's or a journal's export,
       its entries maybe far below its metadata): a ``.kmr``, its text read by its
       evidence, whatever its ending;
    5. else, where the text holds entries our reader reads (by their evidence: notes
       kept in a ``.json`` file with ``//`` comments and unquoted keys), a ``.kmr``
       whatever its ending (:func:`_holds_entries`); else the first format of the ending
       (a ``.json`` that is no JSON and holds no entries gets the JSON reader's error),
       else a ``.kmr``."""
    forced = _SOURCE.get()
    if forced is not None:
        return forced
    if b"\0" in head:
        return "kmr"  # (binary data: the text reader says where)
    return _by_ending_or_content(path, head)


def _by_ending_or_content(path: str, head: bytes) -> str:
    """:func:`sniff`'s steps 2 to 4: the format of a text file by its ending and its content."""
    ending = os.path.splitext(path)[1].lower()
    own = [f for f in _BY_PRIORITY if f.in_folders and f.suffix == ending]
    started = next((f.name for f in own if _fits(f, head)), None) or sniffed(head)
    if started is not None and _other_programs(started, path, head):
        return "kmr"  # (another program's JSON, a chat's export, a journal's, an app's log: its text is read by its evidence)
    if started is not None or not own or _holds_entries(head):
        return started or "kmr"
    return own[0].name


#: A key that a HackerRank game log's games have (a JSON array of objects without any is
#: another program's: a chat's export).
_HACKERRANK_KEYS = re.compile(rb'"(?:player-[12]|inputs|outputs)"[ \t\r\n]*:')


#: An SGF's property that names its game (``GM[Kamisado]``, a Go game's ``GM[1]``): an SGF
#: with none was typed by hand (``;B[c8c6]C[Purple straight 2]``), its text read by its evidence.
_SGF_GAME = re.compile(rb"(?<![A-Z])GM[ \t\r\n]*\[")
#: An SGF that names Kamisado its game (``GM[Kamisado]``).
_SGF_KAMISADO = re.compile(rb"(?<![A-Z])GM[ \t\r\n]*\[[ \t\r\n]*kamisado[ \t\r\n]*\]", re.IGNORECASE)
#: BoardSpace's players' properties (``P0[id "alice"]``, ``P1[0 Move …]``), which hold its
#: players and every step of a game.
_BOARDSPACE_PLAYERS = re.compile(rb"(?<![A-Z])P[01][ \t\r\n]*\[")
#: A node that holds a move in Go's properties (``;B[h8f6]``, ``;W[a1a4]``): a Kamisado
#: SGF whose moves are these, and none of BoardSpace's, was typed by hand too.
_GO_MOVE = re.compile(rb";[ \t\r\n]*[BW][ \t\r\n]*\[")


def _broken_whole(path: str, head: bytes) -> bool:
    """Whether ``head`` is the whole file ``path`` and no JSON (a JSON object cut short,
    ``{"a": [1,2``), nor JSON Lines (an object a line: an app's log): the JSON reader
    says where it breaks, which the text's reader cannot."""
    if _json_lines(head):
        return False
    try:
        if os.path.getsize(path) != len(head):
            return False
        json.loads(head)
    except OSError:
        return False
    except ValueError:
        return True
    return False


def _other_programs(found: str, path: str, head: bytes) -> bool:
    """Whether ``head``, which starts as format ``found``'s files do, is another
    program's or a person's: JSON with no record in our JSON form, no game of a
    HackerRank log (but a file ``path`` that is broken JSON: :func:`_broken_whole`); an
    SGF typed by hand: it names no game, or it names Kamisado and its moves are Go's
    (:func:`_typed_kamisado`)."""
    if found == "boardspace":
        return not _SGF_GAME.search(head) or _typed_kamisado(head)
    return _others_json(found, head) and not _broken_whole(path, head)


def _typed_kamisado(head: bytes) -> bool:
    """Whether ``head``, an SGF that names its game, names Kamisado and holds its moves
    in Go's properties, none in BoardSpace's (typed by hand: ``(;GM[Kamisado]…;B[h8f6]``)."""
    return bool(_SGF_KAMISADO.search(head) and _GO_MOVE.search(head) and not _BOARDSPACE_PLAYERS.search(head))


def _others_json(found: str, head: bytes) -> bool:
    """Whether ``head``, which starts as format ``found``'s files do, is JSON of another
    program's: no record in our JSON form, no game of a HackerRank log."""
    return (found == "json" and _no_json_record(head)) or (found == "hackerrank" and not _HACKERRANK_KEYS.search(head))


def _no_json_record(head: bytes) -> bool:
    """Whether ``head``, JSON, holds no record in our JSON form: an app's log of JSON
    objects a line, or a JSON document with no matches (a notebook's cells); its text
    is read by its evidence."""
    return _json_lines(head) or b'"matches"' not in head


def _json_lines(head: bytes) -> bool:
    """Whether ``head`` is JSON Lines (``.jsonl``: an object on each line), not one JSON
    document: its first line is a whole object, and another object starts a line after it."""
    import json

    first, _, rest = head.lstrip().partition(b"\n")
    try:
        value = json.loads(first)
    except ValueError:
        return False
    ours = isinstance(value, dict) and "matches" in value  # (a record in our JSON form written on one line)
    return not ours and rest.lstrip().startswith(b"{")


def _holds_entries(head: bytes) -> bool:
    """Whether ``head`` (a file's first block, in UTF-8), which starts as no format's
    files do, holds entries our reader reads (by their evidence, as in notes kept in a
    ``.json`` file with ``//`` comments): then it is read as a record whatever its ending."""
    record = _head_record(head)
    return record is not None and any(r.entries for m in record.matches for r in m.rounds)


def _head_record(head: bytes) -> RecordFile | None:
    """``head`` (a file's first block, in UTF-8) up to its last line break, read as a
    ``.kmr`` record; ``None`` where it is no UTF-8."""
    from .kmr.reader import parse_record  # (the reader's start-up paid only for these rare cases)

    try:
        text = head[: head.rfind(b"\n") + 1 or len(head)].decode("utf-8-sig")
    except UnicodeDecodeError:
        return None
    return parse_record(text)


def _fits(form: RecordFormat, head: bytes) -> bool:
    """Whether a file whose first block is ``head`` is in ``form`` as far as its
    content says: it starts as ``form``'s files do; for ours, the ``.kmr``, it starts as
    no other format's do, or reads as a record."""
    if form.pattern is not None:
        return form.pattern.match(head) is not None
    return sniffed(head) is None or _reads_as_kmr(head)


def _reads_as_kmr(head: bytes) -> bool:
    """Whether ``head`` (a file's first block, in UTF-8) up to its last line break reads
    as a ``.kmr`` record: a match at least, no error, and no line read only by its
    evidence (another format's moves, ``A1-A2``, would be: they are that format's)."""
    record = _head_record(head)
    if record is None:
        return False
    said = record.errors + [d for m in record.matches for d in m.errors]
    return bool(record.matches) and not any(map(_not_as_written, said))


#: The kinds of the reader's diagnostics that say a line was read only by its evidence.
_BY_EVIDENCE = (Kind.EVIDENCE, Kind.SET_ASIDE, Kind.STRUCK_ENTRY)


def _not_as_written(d: Diagnostic) -> bool:
    """Whether the reader's ``d`` says that what it read is not a ``.kmr`` record as
    written: an error, or a line read only by its evidence."""
    return d.severity.value == "error" or d.kind in _BY_EVIDENCE


# ------------------------------------------------------------------ other games' records

#: What another game's record shows in its first block, by the game: each pattern's
#: matches are counted, and a game is named where the count reaches its threshold.
_OTHER_GAMES: tuple[tuple[str, re.Pattern[bytes], int], ...] = (
    ("a Go game (SGF)", re.compile(rb"\(\s*;.{0,400}?(?:GM\[1\]|SZ\[(?:9|13|19)\])", re.DOTALL), 1),
    ("a chess game (PGN)", re.compile(rb"\[(?:White|ECO|FEN|WhiteElo|PlyCount) \"|(?<![\w-])(?:[KQRN]x?[a-h][1-8]|[KQRBN][a-h][1-8]x?[a-h][1-8]|O-O(?:-O)?)(?![\w-])"), 4),
    # (a first move from the second rank: White's pawn; Kamisado's first mover starts on the eighth)
    ("a chess game", re.compile(rb"(?<![\w.])1\.\s*[a-h]2-?[a-h][34](?![\w-])"), 1),
    ("a draughts or checkers game (PDN)", re.compile(rb"\[GameType \"|(?<![\w:./-])(?:[12]?[0-9]|3[0-2])[-x](?:[12]?[0-9]|3[0-2])(?![\w:./-])"), 10),
    ("a shogi game (KIF)", re.compile("手合割|[先後]手[:：]|[▲△]?[１-９][一二三四五六七八九](?:歩|飛|角|金|銀|桂|香|玉|王|と|成)".encode()), 2),
    ("a backgammon match", re.compile(rb"(?i:\bmatch to \d+\b)|\b[1-6][1-6]: *\d{1,2}/\d{1,2}"), 3),
)
#: Words of a Kamisado record: a file that has them is read as one, whatever else it holds.
_KAMISADO = re.compile(rb"\[Gold |(?i:\bRound \d+ fill|\bLineup (?:Black|Gold)|\bSumo\b)")


#: Other games by name, as a record's title or first lines name them (``Othello ladder``,
#: ``CONNECT FOUR – family games night``, ``Xiangqi – club championship``).
_NAMED_GAME = re.compile(
    rb"(?i)\b(othello|reversi|xiangqi|chinese chess|connect (?:four|4)|chess|checkers|draughts|backgammon|shogi|breakthrough"
    rb"|gomoku|renju|lines of action|janggi|makruk|hnefatafl|abalone|quoridor|onitama|mancala|oware|amazons|go \(weiqi\)|weiqi|baduk)\b"
)
#: How many of a file's first lines may name its game.
_TITLE_LINES = 3
#: Before how many words of its line a game's name stands in a title.
_TITLE_WORDS = 4
#: A header naming the game (PGN's ``[Game "…"]`` or ``[Variant "…"]``, SGF's ``GM[…]`` by name).
_GAME_HEADER = re.compile(rb'^\[(?:Game|GameType|Variant) "([^"\n]{2,40})"\]', re.MULTILINE)


def other_game(head: bytes) -> str | None:
    """What another game's record ``head`` (a file's first block) looks like — a chess
    game in PGN, a Go game in SGF, a checkers game, a shogi game, a backgammon match —
    or ``None`` (a Kamisado record, or nothing cheap to tell). A file that has a
    Kamisado record's lines (``Lineup``, ``Round 2 fill left``, a ``Gold`` header, a
    Sumo) is always ``None``."""
    if _KAMISADO.search(head):
        return None
    named = _header_game(head)
    if named is not None:
        return f"a game of {named}"
    title = _title_game(head)
    if title is not None and not re.search(rb"(?i)kamisado", head) and not _speaks_of_towers(head):
        return f"a game of {title.decode('utf-8', 'replace')}"
    return _by_its_moves(head)


def _by_its_moves(head: bytes) -> str | None:
    """The first of :data:`_OTHER_GAMES` whose moves ``head`` holds enough of, unless it
    speaks of towers; else ``None``."""
    for name, pattern, threshold in _OTHER_GAMES:
        if _holds(head, pattern, threshold) and not _holds(head, _UNLIKE.get(name), threshold):
            return None if _speaks_of_towers(head) else name
    return None


#: What a game's record never holds many of: draughts' squares are numbers, so a file
#: that names squares by file and rank (``e8``, ``h6``: a spreadsheet's Kamisado moves,
#: whose running scores ``0-1``, ``1-1`` look like draughts' moves) is no PDN.
_UNLIKE = {"a draughts or checkers game (PDN)": re.compile(rb"(?<![\w])[a-h][1-8](?![\w])")}


def _holds(head: bytes, pattern: re.Pattern[bytes] | None, threshold: int) -> bool:
    """Whether ``head`` holds ``threshold`` matches of ``pattern`` at least (none given: no)."""
    return pattern is not None and sum(1 for _ in islice(pattern.finditer(head), threshold)) == threshold


def _header_game(head: bytes) -> str | None:
    """The game a header of ``head`` names (:data:`_GAME_HEADER`), unless its value
    names Kamisado or is only a number."""
    named = _GAME_HEADER.search(head)
    if named is None or re.search(rb"(?i)kamisado", named.group(1)) or named.group(1).strip().isdigit():
        return None
    return named.group(1).decode("utf-8", "replace").strip()


def _title_game(head: bytes) -> bytes | None:
    """The game one of the first lines of ``head`` names as a title does: among its
    first :data:`_TITLE_WORDS` words (``Xiangqi – club championship``, ``[Event "Club
    night, Othello ladder"]``), not further on in a sentence (``here's the match,
    written "chess style" like you asked``: a Kamisado record in squares)."""
    for line in head.lstrip().splitlines()[:_TITLE_LINES]:
        named = _NAMED_GAME.search(line)
        if named is not None and len(re.findall(rb"\w+", line[: named.start()])) < _TITLE_WORDS:
            return named.group(1)
    return None


#: How many words naming a tower's colour make a file a Kamisado record, whatever looks
#: like another game's in it (a scoresheet's running scores ``1-0`` ``2-1`` are PDN's
#: moves' shape; ``Match to 7`` a backgammon match's).
_TOWER_WORDS = 6
#: How many different colours they name at least.
_COLOURS_NAMED = 3


def _speaks_of_towers(head: bytes) -> bool:
    """Whether ``head`` names towers' colours as a Kamisado record does (in any word or
    code the evidence reader reads: :data:`_TOWER_WORDS` at least, of
    :data:`_COLOURS_NAMED` colours or glyphs at least): no other game's record does."""
    found = 0
    colours: set[object] = set()  # (the colours named: Connect Four's red and yellow are two)
    for word in re.findall(r"[^\W\d_]+", head.decode("utf-8", "replace")):
        said, colour = _colours_in(word)
        found += said
        if colour is not None:
            colours.add(colour)
        if found >= _TOWER_WORDS and (len(colours) >= _COLOURS_NAMED or (said and colour is None)):
            return True
    return False


def _colours_in(word: str) -> tuple[int, object | None]:
    """How many towers' colours ``word`` names (its glyphs each: ``紫↑2赤``; a word of
    three letters or more, not chess's ``Re1``; a code in capitals), and the colour where
    it is a word or a code (``None`` for glyphs)."""
    from .vocabulary import EVIDENCE_COLOURS, code_as, normalise

    glyphs = _glyphs_named(word)
    if glyphs:
        return glyphs, None
    colour = EVIDENCE_COLOURS.get(normalise(word)) if len(word) > 2 else None
    if colour is not None:
        return 1, colour
    code = code_as(word) if word.isupper() else None
    return (1, code[1]) if code is not None and code[0] == "COLOUR" else (0, None)


def _glyphs_named(word: str) -> int:
    """How many towers' colours ``word`` names in glyphs, one a character (``紫↑2赤``:
    two); 0 for a word in ASCII."""
    from .vocabulary import EVIDENCE_COLOURS, normalise

    return 0 if word.isascii() else sum(normalise(c) in EVIDENCE_COLOURS for c in word)


def read_foreign(name: str, text: str, record: RecordFile) -> Iterator[MatchRecord]:
    """The matches of ``text``, a whole file in format ``name`` (an other program's, :data:`FORMATS`);
    what belongs to no match (a game with no moves) goes to ``record.errors`` as a
    warning. The first fault that stops the reading raises :class:`NotationError` at its
    line and column (the matches before it have been yielded)."""
    reader = FORMATS[name].reader
    assert reader is not None  # (one of the other programs' formats)
    return reader()(text, record)


def parse_position(text: str) -> Position:
    """A position from our position string (``docs/notation.md``) or from a diagram in
    hamisado's squares (``BRa1 … / ORa8 … / Black``, :mod:`.foreign.hamisado`), told apart by
    the first word. Raises :class:`~kamisado_notation.errors.PositionError`.

    >>> initial = "BRa1 GRb1 REc1 YEd1 PIe1 PUf1 BLg1 ORh1 / ORa8 BLb8 PUc8 PId8 YEe8 REf8 GRg8 BRh8 / Black"
    >>> parse_position(initial) == Position.initial()
    True
    """
    from .foreign.hamisado import is_hamisado_position, parse_hamisado_position

    if is_hamisado_position(text):
        return parse_hamisado_position(text)
    return Position.from_string(text)
