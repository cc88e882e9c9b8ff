"""Read a record against the legal moves: the evidence of the whole text lined up with a
match the rules allow, so that the moves, not a catalogue of styles, decide what each
entry means (docs/record-decisions.md, "Read against the moves").

The text is taken apart into clues (:func:`~kamisado_notation.notation.kmr.evidence.clues`):
colours, directions, distances, squares, forced words and push marks, wherever they stand
and whatever stands between them. The clues are walked in order, keeping the best
readings so far (each a position): a reading takes a legal move whose features the next
clues fit — its tower, its direction, its distance, the colour it lands on, its squares,
a push, a forfeit — in any order and as many as fit, or sets the next clue aside at a
cost. A move the rules force (the only legal one: a forfeit, a back-entry) may be taken
with no clue at all, and a round's end goes on with both fills. The best reading once
every clue is used or set aside is the record's; where readings as good as it part ways,
what comes after is not judged (:attr:`Alignment.certain`).
"""

from __future__ import annotations

import re
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import groupby, pairwise
from math import log2

from ..engine.board import MIRRORED, Colour, Direction, Side
from ..engine.match import Fill, RoundEnd, RoundResult, fill, place_ring, round_result
from ..engine.moves import Move
from ..engine.position import Position
from ..enums import TextEnum
from ..notation.kmr.columns import Columns
from ..notation.kmr.evidence import (
    Clue,
    clues,
    holds_moves,
    is_key_line,
    players_sides,
    sentence_ends,
    side_of_word,
    signed_sides,
    to_arrow,
    winner_in,
    word_aside,
)
from ..notation.kmr.line_shapes import board_row, fill_named, fill_said, fill_stated, heading_fill, line_shape
from ..notation.kmr.numbered import Numbering, numbered_texts
from ..notation.kmr.slow_tiers import Legend, heading, json_object, json_values
from ..notation.record import HEADER_NAME, RoundRecord
from ..notation.vocabulary import BETWEEN_SQUARES, SIDE_WORDS, VARIATION_WORDS, normalise
from .correct import back_move, playable
from .side_by_side import Bands, bands_of

__all__ = ["MAX_CLUES", "AlignedRound", "Alignment", "Order", "Piece", "View", "align_lines", "best_reading", "in_another_voice", "pieces_of", "rounds_side_by_side"]


class Order(TextEnum):
    """The order a text's clues are read in: as written; from the last line up (a live
    ticker's, a blog's updates above the older ones); from the last post up, each post
    read down (a live blog's updates of several lines, :func:`_posts`); or, where a
    table's rounds stand side by side (:mod:`.side_by_side`), a round's band of columns
    after another."""

    WRITTEN = "written"
    NEWEST_FIRST = "newest first"
    NEWEST_POST_FIRST = "newest post first"
    ACROSS = "across"

    @property
    def newest_first(self) -> bool:
        """Whether the order reads the text from its end up (by lines or by posts)."""
        return self in (Order.NEWEST_FIRST, Order.NEWEST_POST_FIRST)


class View(TextEnum):
    """Where a text's squares are seen from: as the notation names them (Gold's home row
    rank 1, file a at Gold's left); all of them from the other side of the board (a
    player at Black's side who wrote the board as he saw it); or each side's from its
    own side (a sheet each player filled in his own column from his own chair: Gold's
    squares as named, Black's turned, his home row rank 1 and his left file a). The
    board looks the same from both sides, so which view a record takes the legal moves
    decide."""

    WRITTEN = "as written"
    TURNED = "its squares as seen from the other side of the board"
    OWN_SIDES = "Black's squares as seen from Black's side of the board, Gold's as written"
    GOLDS_SEAT = "Black's left and right as seen from Gold's side of the board"
    BLACKS_SEAT = "Gold's left and right as seen from Black's side of the board"

    def turns(self, side: Side) -> bool:
        """Whether a square written of a move of ``side`` is seen from the other side."""
        return self is View.TURNED or (self is View.OWN_SIDES and side is Side.BLACK)

    def mirrors(self, side: Side) -> bool:
        """Whether a left or a right written of a move of ``side`` is the other player's
        (a parent who tells the child's moves as they come towards him, ``off to my
        right``)."""
        return (self is View.GOLDS_SEAT and side is Side.BLACK) or (self is View.BLACKS_SEAT and side is Side.GOLD)



#: The kinds of clue that are evidence of a move.
_EVIDENCE = frozenset({"COLOUR", "DIRECTION", "AMBIGUOUS", "DISTANCE", "SQUARE", "COORDS", "PASS", "BLOCKED", "PUSHED", "PUSH", "RING"})
#: Compass points: the straight ones are the mover's forward; a diagonal's side of the
#: board (west or east) is the mover's left or right by the side he plays (Black's home
#: row to the north, so that west is Gold's left and Black's right).
_STRAIGHT = frozenset({"n", "s", "north", "south", "nord", "sud", "süd", "norte", "sul", "noord", "zuid", "północ", "południe"})
#: Compass points that are words too ('no', 'so'): weak.
_WORDS_TOO = frozenset({"no", "so", "n", "s", "e", "w", "ne", "se"})
_WEST = frozenset({"nw", "sw", "northwest", "southwest", "north-west", "south-west", "nno"})
#: Compass points whose side the language decides: ``NO``, ``SO`` are north-west and
#: south-west in Italian, Spanish, Portuguese and French, north-east and south-east in
#: German and Dutch: a diagonal, either side (half a direction's weight).
_EITHER_SIDE = frozenset({"no", "so"})

# The slots of a move that clues fill (each at most once in an entry).
_TOWER, _DIRECTION, _DISTANCE, _LANDING, _ORIGIN, _TARGET, _PUSH, _FORCED = (1 << k for k in range(8))
#: The slot a move's two squares fill together (``e5 → b8``).
_BOTH_SQUARES = _ORIGIN | _TARGET
#: The slots that say how a move goes (its direction, its distance, its squares).
_HOW = _DIRECTION | _DISTANCE | _ORIGIN | _TARGET

#: What an entry gains whose name before it was read with its side before, and how many
#: names a reading keeps.
_NAMED, _NAMES = 0.5, 8
#: What setting a clue aside costs (a weak clue: a common word too, nearly free).
_ASIDE, _ASIDE_WEAK = 1.0, 0.1
#: The readings kept at each clue, and how far below the best one a reading may fall.
_BEAM, _MARGIN = 24, 12.0
#: Readings less than this below the best at the end are as good as it (one that sets
#: aside a clue the best reads, all else alike, is this much below: not as good).
_TIE = 2.0
#: Readings this close are as good as each other where they come to the same place (where
#: their ways part, the record fits both alike: :func:`_unsettled`).
_EVEN = 1e-9
#: What an entry costs where the round it is read in is not the one the heading above it
#: names (a note after round 2's table read as round 3's first moves, above ``* Round 3``).
_ELSEWHERE = 2.0
#: What an entry costs: a move the writer wrote down is more than a clue or two that fit it.
_PRICE = 1.0
#: What an entry loses for each doubling of the legal moves its clues fit alike.
_SHARED = 0.5
#: How much an entry's shape counts, and the smoothing of the shapes' shares (a shape
#: not seen in the first reading counts as half of one, out of about so many shapes).
_HABIT, _SMOOTH, _SHAPES = 0.5, 0.5, 40
#: The fewest entries a habit is learnt from.
_HABIT_ENTRIES = 8
#: What a round's reading must gain for each clue of its stretch, at least, to be judged
#: (a reading forced through text it does not fit sets much aside, or reads entries of
#: shapes the record does not use).
_FIRM = -0.2
#: The most clues a text read against the moves holds (a match's record holds far fewer).
MAX_CLUES = 20_000
#: Squares are read as from the other side of the board too where at least one clue in
#: so many is a square.
_SQUARES_SHARE = 5
#: A round read from little after one read well casts doubt on that one's end where it
#: reads so many moves at least.
_GUARD = 3
#: What a round's reading gains for each clue, at least, for its end to stand whatever
#: weak round the text after it reads as (a round read this well is no misreading).
_SURE = 0.3
#: How many times at most the habit is learnt again from the reading it gave (it stops
#: where the reading keeps the habit it was learnt from; learnt on and on, a habit read
#: wrong at first makes itself surer: a dictation's landing colour taken for the next
#: entry's tower).
_LEARNING = 2
#: The lines in a row of colours alone that make a line a lineup, not moves.
_LINEUP = 6
#: The fewest colours alone on each line of a lineup's row wrapped onto two.
_HALF_LINEUP = 3
#: The words set aside on a line whose one clue is a colour that make it chatter naming a
#: tower (``lol ur orange is so far out``), a weak clue: a tower alone says little.
_CHATTER = 3
#: What a colour landed on costs read from the next cell of a table (``\\mv{Brown}{r}{2} &
#: \\mv{Brown}{r}{3}``: the next entry's tower, as likely; the same in every table row).
_CELL = 0.5
#: What an entry gains whose move lands on the colour the next line begins with (the
#: next entry's tower, :func:`_calls_next`): as much as that colour read as its landing
#: would, less what reading the next entry without its tower loses.
_NEXT = 0.75
#: What an entry costs that ends between two clues run together (:attr:`Piece.glued`:
#: ``Rd:h7``'s colour read as where the move before it lands).
_GLUED = 1.0
#: What parts a table's cells.
_CELLS = re.compile(r"[&|\t]")
#: The most clues an entry is read from; the legal moves kept of this many positions at most.
_SPAN, _OFFERS = 8, 2048


@dataclass(frozen=True, slots=True)
class Piece:
    """One clue of the text where it stands: its line and column (from 1), what it says,
    and its words."""

    line: int
    column: int
    clue: Clue
    text: str
    #: the word right before it, where one stands there (``Priya`` in ``Priya pink
    #: left 4``, ``fen`` in ``fen: pink onto pink``): a name of who moved, perhaps
    name: str | None = None
    #: the letters the file's legend defines, as this line sees them (:func:`~kamisado_notation.notation.kmr.evidence.legend_in`)
    legend: Mapping[str, Direction | Colour] = field(default_factory=dict)
    #: the number of the round the last round's heading above it names (``* Round 3``)
    said_round: int | None = None
    #: that heading is the last one read: the rounds after it may have headings in a shape
    #: not read (``--- 3 ---``), so it says the round is that one or a later one
    said_later: bool = False
    #: the side a sign at its line's start says moved (``⬛ 🟧 Orange a8 ➜ a4``, where the
    #: text marks each side by a sign: :func:`~kamisado_notation.notation.kmr.evidence.signed_sides`)
    side_said: Side | None = None
    #: its line is taken back by the next line that says a move (``no wait sorry typo,
    #: green right two``): as likely set aside as read
    taken_back: bool = False
    #: where its line opens by taking back the entry before it and says less than a whole
    #: move (``no wait, f8``), the towers the line taken back named (``orange a8-a6``): a
    #: correction, whose shape need not be the record's habit, of a move of one of them
    corrects: frozenset[Colour] | None = None
    #: its line opens by taking back a move said before it and says it again, whole or in
    #: part (``Not here. It was a8-e4``): a correction in its own voice (a reply's between
    #: the quoted lines), not a comment
    amends: bool = False
    #: a square said after a word or an arrow to it (``to c1``, ``→ c1``, ``ke c1``): where
    #: a move lands, never where it stood
    lands: bool = False
    #: a table's cell begins between the clue before it on its line and it (``&``, ``|``,
    #: a tab): a colour there is seldom the colour the move before it landed on
    cell: bool = False
    #: a square on the f-file in a text that writes squares: no short form's ``F1``
    square_only: bool = False
    #: it runs into the next clue on its line with no blank between (``Rd:b4``, ``Ye/g6``):
    #: the two are read in one entry (:data:`_GLUED`)
    glued: bool = False
    #: the fill a line states (``[Fill "right"]``, ``Round 2 fill left``): a piece of no
    #: move, which the reading that filled so reads for free (:func:`_fill_stated`)
    fill: Fill | None = None
    #: a sentence ends between the clue before it on its line and it (``On blue. So I have
    #: to do blue``): a colour said after it without how the move goes is no landing
    after_sentence: bool = False

    @property
    def short(self) -> tuple[Direction, int] | None:
        """The direction and distance of ``F3`` read in the short form (Forward 3; ``E1``
        where the file's legend makes ``E`` a direction) rather than as a square."""
        if self.clue.kind != "SQUARE" or len(self.text) != 2 or self.square_only:
            return None
        letter, distance = self.text[0], int(self.text[1])
        defined = self.legend.get(letter)
        if isinstance(defined, Direction):
            return defined, distance
        return (Direction.FORWARD, distance) if letter in "Ff" else None

    @property
    def weak(self) -> bool:
        # (an arrow the way text reads says where a move lands as often as which way it goes)
        return self.taken_back or self.clue.weak or (self.clue.kind == "DIRECTION" and to_arrow(self.text)) or (self.clue.compass and normalise(self.text) in _WORDS_TOO)


def pieces_of(lines: Iterable[str], *, first_line: int = 1, order: Order = Order.WRITTEN) -> list[Piece]:
    """The evidence of ``lines`` (the text of line ``first_line`` first), in the ``order``
    they are read in (:class:`Order`); a line of colours alone, or a row of colours each
    named once (a lineup), holds none, and neither does a table's row of round headings."""
    out: list[Piece] = []
    rows = _LineupRows()
    written = list(enumerate(lines, first_line))
    numbered = _columns_blanked(written)
    learnt = legend = _key_ahead(written)
    bands = bands_of([text for _, text in numbered], first_line, _round_heading) if order is Order.ACROSS else None
    said = _rounds_said(numbered, bands)
    in_order = order is Order.WRITTEN and bands is None  # (else rounds are not read in the order their headings stand)
    start = _first_heading(said) if in_order else None
    signs = _signs_of(numbered)
    speakers = _speakers(numbered)
    counters = _row_counters(numbered)
    for number, text in _in_reading_order(numbered, order):
        known, legend = _learn(learnt, legend, text, number)
        stated = _fill_stated(text, number, fill_stated)
        if _no_moves(text, number, known=known, said=said, start=start):
            out.extend(_fill_stated(text, number, heading_fill))
            continue
        found = _sided(_line_pieces(text, number, legend, said.get(number) if in_order else None, names=learnt.names, speakers=speakers), text, signs)
        found = _uncounted(found, counters.get(number))
        found = _sides_of_fill(found, text, stated)
        rows.see(number, found)
        amend = _amends(text, legend, found)
        out.extend(found if amend is None else _corrections(out, found, amend, _rejected(text, legend)))
    kept = _under_the_last_heading(_in_voices(_not_restated(out, dict(written)), rows, written), said)
    return kept if bands is None else sorted(kept, key=lambda p: bands.key(p.line, p.column))


#: A word of :data:`~kamisado_notation.notation.vocabulary.VARIATION_WORDS` on a line.
_VARIATION = re.compile(r"(?<![\w=])(?:" + "|".join(sorted(VARIATION_WORDS)) + r")(?![\w=])", re.IGNORECASE)


def _not_restated(pieces: list[Piece], texts: Mapping[int, str]) -> list[Piece]:
    """``pieces`` (their lines' text: ``texts``) without the moves in squares that are no
    move played here: those that say again, in order, the moves said right before them
    (a log that restates a round's moves so far, ``position moves f8e7 g1g4 c8c5`` after
    ``f8e7`` and ``bestmove g1g4``, or ``Gold played g1-g4. Moves so far: f8-e7 g1-g4``:
    :func:`_restating`; no move is played twice in a row), and those after a word that
    opens a line of play looked at, not played (``… pv g1g4 c8c5``:
    :data:`~kamisado_notation.notation.vocabulary.VARIATION_WORDS`)."""
    said: list[tuple[int | None, int] | None] = []
    kept: list[Piece] = []
    heading: int | None = None
    for _line, run in groupby(pieces, key=lambda p: p.line):
        group = _played_of(list(run), texts)
        if group and group[0].said_round != heading:  # (a round's heading between: a note's moves are the next round's first, said)
            said, heading = [], group[0].said_round
        dropped = _restated_in(group, said)
        kept.extend(p for p in group if id(p) not in dropped)
    return kept


def _restated_in(group: list[Piece], said: list[tuple[int | None, int] | None]) -> set[int]:
    """The pieces of one line (``group``, by ``id``) that say again the moves ``said``
    before them (:func:`_restating`)."""
    moves = [p for p in group if p.clue.kind in _SAID_MOVES]
    return {id(moves[k]) for k in _restating([p.clue.squares for p in moves], said)}


def _played_of(group: list[Piece], texts: Mapping[int, str]) -> list[Piece]:
    """The pieces of one line (``group``) before a word that opens a line of play looked
    at (:data:`_VARIATION`), if one does."""
    looked = _VARIATION.search(texts.get(group[0].line, ""))
    return group if looked is None else [p for p in group if p.column <= looked.end()]


#: The clues a restated run of moves holds: moves in squares, forfeits (no squares:
#: ``None``; a run of forfeits alone says no move again, both players may forfeit in turn).
_SAID_MOVES = frozenset(("COORDS", "PASS"))


def _restating(moves: list[tuple[int | None, int] | None], said: list[tuple[int | None, int] | None]) -> set[int]:
    """Which of a line's ``moves`` (in squares) say again, in order, the last moves
    ``said`` before them, those of the line before them included: the most such a run
    holds; the others are added to ``said``."""
    dropped: set[int] = set()
    i = 0
    while i < len(moves):
        k = _said_last(moves[i:], said)
        if k:
            dropped.update(range(i, i + k))
        else:
            said.append(moves[i])
        i += k or 1
    return dropped


#: How many moves a run says again, at least, to be a restatement of them (one move said
#: again is an echo: a bot's of the move it was given, which says who moved; the
#: alignment reads it as such).
_RESTATED = 2


def _said_last(moves: list[tuple[int | None, int] | None], said: list[tuple[int | None, int] | None]) -> int:
    """How many of ``moves``' first are the last moves ``said``, in order (the most that
    are, :data:`_RESTATED` at least, a move in squares among them), 0 for none."""
    return next((k for k in range(min(len(moves), len(said)), _RESTATED - 1, -1) if moves[:k] == said[-k:] and any(moves[:k])), 0)


def _key_ahead(written: list[tuple[int, str]]) -> Legend:
    """What the key of the lines ``written`` (line numbers with their text) defines,
    wherever it stands, for every line: a sheet's key at its foot (``Légende : … Av/G/D =
    avant/gauche/droite``) says what its entries' letters meant from the first."""
    ahead = Legend()
    for number, text in written:
        ahead.learn(text, number)
    key = Legend()
    key.update(ahead)
    return key


def _in_voices(out: list[Piece], rows: _LineupRows, written: list[tuple[int, str]]) -> list[Piece]:
    """The pieces ``out`` of the lines ``written``, less lineups (``rows``), weak where a
    quote or a recap says them again, each in its voice (:func:`_voices`)."""
    quoted = _quoting(written)
    kept = [p for p in _without_lineups(out) if p.line not in rows.lines]
    return _squares_written(_voices(_recapped(_quoted_again(kept, quoted)), quoted))


#: A line's first label: words before its first colon, after what a chat writes before
#: its speaker's name (a date, a time, ``PM``, a dash, brackets: no other letters).
_SPEAKER = re.compile(
    r"(?:[\W\d_]|(?<![^\W\d_])[AaPp]\.?[Mm]\.?(?![^\W\d_]))*?([^\W\d_][\w.'’-]*(?:[ \t][^\W\d_][\w.'’-]*){0,3})[ \t]?:(?:\s|$)"
)
#: How many lines a label begins at least to be a chat's speaker.
_SPOKEN = 3


def _speakers(numbered: list[tuple[int, str]]) -> re.Pattern[str] | None:
    """The names of a chat's speakers in ``numbered`` (``14/06/2024 21:54 - Dani Porto
    Alegre: …``), where they stand (a pattern), or ``None``: labels (:data:`_SPEAKER`)
    that begin :data:`_SPOKEN` lines at least and hold a word that is no evidence, so
    names, whose words are no move's wherever they stand (``Porto``, a word of orange's
    in Romanian). A label that holds a strong clue is a name only after a chat's time
    (``21:54 - Tom Brown:``); else it names the tower (``Orange tower: d8-d5``)."""
    timed, said = _labels(numbered)
    names = sorted((label for label, n in said.items() if n >= _SPOKEN and _a_name(label, timed=timed[label] >= _SPOKEN)), key=len, reverse=True)
    return re.compile("|".join(rf"(?<!\w){re.escape(name)}(?!\w)" for name in names)) if names else None


def _outside(found: list[Clue], speakers: re.Pattern[str] | None, text: str) -> list[Clue]:
    """The clues ``found`` of line ``text`` that stand in no name of a chat's ``speakers``."""
    spans = [m.span() for m in speakers.finditer(text)] if speakers is not None else []
    return [c for c in found if not any(start <= c.start and c.end <= end for start, end in spans)]


def _labels(numbered: list[tuple[int, str]]) -> tuple[Counter[str], Counter[str]]:
    """How many of the lines ``numbered`` each label begins (:data:`_SPEAKER`) after a
    time (a digit before it), and in all."""
    found = [m for _, text in numbered if (m := _SPEAKER.match(text)) is not None]
    return Counter(m[1] for m in found if _timed(m)), Counter(m[1] for m in found)


def _timed(label: re.Match[str]) -> bool:
    """Whether a chat's time (a digit) stands before the ``label`` matched."""
    return any(ch.isdigit() for ch in label.string[: label.start(1)])


def _a_name(label: str, *, timed: bool) -> bool:
    """Whether a chat's ``label`` holds a word that says nothing of a move (a name's) and a
    clue that is no side's word, which it sets aside (``Kim Orange Lee``; not ``Black
    move:``, a side's label, whose side word stays), and no strong clue unless it stands
    after a chat's time (``timed``)."""
    words = [w for w in label.split() if normalise(w) not in SIDE_WORDS]  # (a side's word: ``Black``; Vietnamese ``Kim``, gold, a name too)
    said = list(map(_a_clue, words))
    return any(said) and not all(said) and (timed or _weak_only(label))


def _a_clue(word: str) -> bool:
    """Whether ``word`` says something of a move."""
    return any(c.kind != "ASIDE" for c in clues(word, {}))


def _weak_only(text: str) -> bool:
    """Whether every clue ``text`` holds is weak."""
    return all(c.weak for c in clues(text, {}) if c.kind != "ASIDE")


def _under_the_last_heading(pieces: list[Piece], said: Mapping[int, int | None]) -> list[Piece]:
    """``pieces``, those under the last round's heading read (``said``: each line's round,
    ``None`` at a heading) marked so (:attr:`Piece.said_later`)."""
    last = max((number for number, round_said in said.items() if round_said is None), default=0)  # (no heading: no round said)
    return [replace(p, said_later=True) if p.line > last else p for p in pieces]


def _signs_of(numbered: list[tuple[int, str]]) -> dict[str, Side]:
    """The signs the lines ``numbered`` declare for the sides (:func:`signed_sides`)."""
    return {sign: side for _, text in numbered for sign, side in signed_sides(text).items()}


def _row_counters(numbered: list[tuple[int, str]]) -> dict[int, int]:
    """The column of each line's row counter: a number that begins the line, a wide gap
    after it (``1  G^5   K^4``, ``2  N^4   K<1``), that counts the rows of a run up from
    1, a line after another (lines between that begin with no number: a note, a round's
    heading), two rows at least. It counts the rows, no distance."""
    runs: list[list[tuple[int, int]]] = [[]]  # (each run's lines and columns)
    for number, text in numbered:
        m = _COUNTER.match(text)
        if m is not None:
            _count(runs, int(m[1]), (number, m.start(1) + 1))
    return {number: column for run in runs if len(run) >= 2 for number, column in run}


def _uncounted(found: list[Piece], column: int | None) -> list[Piece]:
    """The pieces ``found`` on a line but the row counter at ``column`` (:func:`_row_counters`)."""
    return found if column is None else [p for p in found if p.column != column]


def _count(runs: list[list[tuple[int, int]]], counted: int, at: tuple[int, int]) -> None:
    """A line that begins with the number ``counted`` (its line and column: ``at``) put in
    the last of ``runs`` where it counts on from it; a 1 begins a run."""
    if counted == 1:
        runs.append([])
    if counted == len(runs[-1]) + 1:
        runs[-1].append(at)


#: A number that begins a line with a wide gap after it, words after that.
_COUNTER = re.compile(r"\s*(\d{1,3})(?:\s{2,}|\t)(?=\S)")


def _in_reading_order(numbered: list[tuple[int, str]], order: Order) -> list[tuple[int, str]]:
    """The lines ``numbered`` in the ``order`` they are read in: from the last up for a
    text written newest first, from the last post up for one whose posts are newest
    first (each read down), else as written (a table's rounds are put in order after)."""
    if order is Order.NEWEST_POST_FIRST:
        return [line for post in _posts(numbered)[::-1] for line in post]
    return numbered[::-1] if order is Order.NEWEST_FIRST else numbered


def _posts(numbered: list[tuple[int, str]]) -> list[list[tuple[int, str]]]:
    """The lines ``numbered`` in posts: runs parted by a blank line, or by a line of
    markup alone at the outermost indent such lines stand at (a live blog's ``<article>``
    and ``</article>``, not the ``<ol>`` inside one); each parting line a post of its own."""
    edge = min((_indent(text) for _, text in numbered if _BARE.fullmatch(text)), default=0)
    posts: list[list[tuple[int, str]]] = [[]]
    for number, text in numbered:
        if _BARE.fullmatch(text) and _indent(text) <= edge:
            posts += [[(number, text)], []]
        else:
            posts[-1].append((number, text))
    return [post for post in posts if post]


def _indent(text: str) -> int:
    """How far ``text`` is indented (a blank line: not at all)."""
    return len(text) - len(text.lstrip()) if text.strip() else 0


#: A line of markup alone, or blank.
_BARE = re.compile(r"\s*(?:<[^<>]*>\s*)*")


def posts_apart(lines: Sequence[str]) -> bool:
    """Whether ``lines`` stand in posts of several lines (:func:`_posts`), two at least,
    so that reading them newest post first differs from reading them newest line first."""
    long = [len(p) for p in _posts(list(enumerate(lines))) if len(p) > 1]  # (a parting line is a post of one)
    return len(long) >= 2


#: The clues a line that states a fill holds besides (the side: ``[Fill "right"]``).
_SIDE_OF_FILL = frozenset({"DIRECTION", "AMBIGUOUS"})


def _fill_stated(text: str, number: int, said: Callable[[str], Fill | None]) -> list[Piece]:
    """The fill line ``number``, ``text``, states as ``said`` reads it
    (:func:`~kamisado_notation.notation.kmr.line_shapes.fill_stated`: ``[Fill "right"]``;
    a round's heading, :func:`~kamisado_notation.notation.kmr.line_shapes.heading_fill`:
    ``Round 2 fill left``) as a piece of no move (a weak clue: never counted as evidence
    set aside), or none."""
    how = said(text)
    if how is None:
        return []
    return [Piece(number, 1, Clue("FILL", 0, len(text), weak=True), text.strip(), fill=how)]


def _sides_of_fill(found: list[Piece], text: str, stated: list[Piece]) -> list[Piece]:
    """The pieces ``found`` of line ``text``, where its clues are only words for a side:
    the fill it ``stated`` in words (``[Fill "right"]``: no move's direction); else each
    marked with the side it names (``From the right again.``: as likely the side the
    next round is filled from as a move's direction, :func:`_fill_cost`)."""
    if not _sides_only(found):
        return _fill_in_a_sentence(found, text, stated)
    if stated:
        return stated
    how = fill_named(text)
    return found if how is None else [replace(p, fill=how) for p in found]


def _fill_in_a_sentence(found: list[Piece], text: str, stated: list[Piece]) -> list[Piece]:
    """The pieces ``found`` of line ``text``, which holds more than words for a side, less
    the side's words of the fill it states in a sentence of its own (``Quarta rodada,
    agora eu preencho pela direita. A laranja também vira sumô``: no move goes right),
    that fill (``stated``) said before them."""
    said = fill_said(text) if stated else None
    if said is None:
        return found
    _how, start, end = said
    kept = [p for p in found if not (p.clue.kind in _SIDE_OF_FILL and start < p.column <= end)]
    return found if len(kept) == len(found) else [*stated, *kept]


def _sides_only(found: list[Piece]) -> bool:
    return bool(found) and all(p.clue.kind in _SIDE_OF_FILL for p in found)


#: How many squares on files other than f a text names, at least, for its ``f1`` to be
#: squares too, never the short form's forward one.
_SQUARES_WRITTEN = 3


def _squares_written(pieces: list[Piece]) -> list[Piece]:
    """``pieces`` with the squares of the f-file read as squares alone where the text
    writes squares (:data:`_SQUARES_WRITTEN` on other files, and more than on the
    f-file; a move's two squares, ``e8→a4``, count too) in the case they are written in:
    a text in the short form writes no square but the f-file's (``F3``, ``L2``), and one
    that writes both (an engine's ``c1c4 (BL F3)``) writes its squares in small letters."""
    files = _files_written(pieces)
    on_f = sum(f in "fF" for f in files)
    if len(files) - on_f < max(_SQUARES_WRITTEN, on_f + 1):
        return pieces
    small = {f.islower() for f in files if f not in "fF"}
    return [replace(p, square_only=True) if _f_square(p, small) else p for p in pieces]


def _f_square(p: Piece, small: set[bool]) -> bool:
    """Whether ``p`` is a square of the f-file written in a case the text writes squares in
    (``small``: whether in small letters, in capitals)."""
    return p.clue.kind == "SQUARE" and p.text[:1] in ("F", "f") and p.text[0].islower() in small


def _files_written(pieces: list[Piece]) -> list[str]:
    """The file's letter of each square ``pieces`` write, as written: a square alone
    (``f3``), each of a move's two (``e8→a4``)."""
    files = [p.text[0] for p in pieces if p.clue.kind == "SQUARE" and len(p.text) == 2]
    return files + [ch for p in pieces if p.clue.kind == "COORDS" for ch in _FILE_LETTER.findall(p.text)]


#: A file's letter before its rank.
_FILE_LETTER = re.compile(r"([a-hA-H])(?=[1-8])")


def _sided(found: list[Piece], text: str, signs: Mapping[str, Side]) -> list[Piece]:
    """The pieces ``found`` of line ``text``, each with the side the sign the line begins
    with marks (``signs``: ``⬛ 🟧 Orange a8 ➜ a4``, Black's move), where it begins with one,
    or the side its first word names (:func:`_side_word_first`)."""
    begun = text.lstrip()
    side = next((side for sign, side in signs.items() if begun.startswith(sign)), None)
    if side is None:
        side = _side_word_first(text, found)
    return found if side is None else [replace(p, side_said=side) for p in found]


#: A line's first word, where a move's evidence follows it (``黒 紫 C8からC7``, ``Gold: pink
#: e1-e2``), with the marks between.
_FIRST_WORD = re.compile(r"\s*(?:[-*•]\s+)?([^\W\d_]+)\s*[:：-]?\s*")


def _side_word_first(text: str, found: list[Piece]) -> Side | None:
    """The side a line names by its first word where its evidence follows that word and it
    names no other side (``黒 紫 C8からC7``, ``Gold: pink e1-e2``: that side's move; not
    ``Gold had nothing, black…``, nor a paragraph of both sides' moves)."""
    m = _FIRST_WORD.match(text)
    if m is None or not found or found[0].column != m.end() + 1 or _side_words(text) > 1:
        return None
    return side_of_word(normalise(m[1]))


def _side_words(text: str) -> int:
    """How many words of line ``text`` name a side (a paragraph of both sides' moves,
    ``Black purple forward six. Gold yellow…``, names more than one)."""
    return sum(normalise(w) in SIDE_WORDS for w in _WORDS.findall(text))


#: A word (of letters, or of glyphs: each run of them, as it stands).
_WORDS = re.compile(r"[^\W\d_]+")


def _no_moves(text: str, number: int, *, known: bool, said: Mapping[int, int | None], start: int | None) -> bool:
    """Whether line ``number``, ``text``, holds no move: it stands above round 1's
    heading (line ``start``: the record's preamble), or is a key to the signs
    (``known``: it taught the legend) or an example of them, a round's heading (its
    round ``said`` ``None``), a header's tag and value (:data:`_TAG_PAIR`), or a rank
    of a board's diagram (:func:`board_row`)."""
    if start is not None and number < start:
        return True
    return (known and not holds_moves(text)) or is_key_line(text) or said.get(number, 0) is None or _TAG_PAIR.fullmatch(text) is not None or board_row(text)


#: A header's line, a tag and its quoted value (``[MatchScore "Gold 4 - Black 1"]``: a
#: chess program's record of each round, its tags between them): what it says is of the
#: record, no move.
_TAG_PAIR = re.compile(rf'\s*\[\s*{HEADER_NAME}\s+"[^"\n]*"\s*\]\s*')


def _learn(learnt: Legend, legend: Legend, text: str, number: int) -> tuple[bool, Legend]:
    """Line ``number``, ``text``, taken into what the file's key says (``learnt``):
    whether it is a key's line, and the legend the lines after it are read with (the
    last, ``legend``, kept as it was unless the line taught something)."""
    known = learnt.learn(text, number)
    if known or learnt.players != legend.players:
        legend = learnt.snapshot()  # (a line's pieces keep the legend they were read with)
    return known, legend


def _amends(text: str, legend: Mapping[str, Direction | Colour], found: list[Piece]) -> int | None:
    """Where line ``text`` (its pieces ``found``) takes back the entry before it, if it
    opens so: the column after a word that amends or retracts before its first evidence,
    then a move said (``no wait sorry typo, green right two``, ``correction: …``), or a
    clue of one where the line asks nothing (``no wait, a7``; not a question, ``wait,
    c8?``); else ``None``."""
    if sum(not p.weak for p in found) < (2 if "?" in text else 1):
        return None
    first = next((c for c in clues(text, legend) if c.kind in _AMENDING or _strong_evidence(c)), None)
    return first.end + 1 if first is not None and first.kind in _AMENDING else None


#: The clues of a word that amends or retracts what was said before it.
_AMENDING = frozenset({"AMEND", "RETRACT"})


def _strong_evidence(c: Clue) -> bool:
    """Whether clue ``c`` is evidence of a move, not weak."""
    return c.kind in _EVIDENCE and not c.weak


def _rejected(text: str, legend: Mapping[str, Direction | Colour]) -> set[object]:
    """The towers and squares line ``text`` says are not meant (``ごめんc7じゃなくてc1``:
    sorry, not c7 but c1; ``REJECTED`` clues)."""
    return set().union(*(_things_named(c) for c in clues(text, legend) if c.kind == "REJECTED"))


def _corrections(out: list[Piece], found: list[Piece], amend: int, rejected: set[object]) -> list[Piece]:
    """The pieces ``found`` of a line that takes back the entry before it from column
    ``amend`` on (:func:`_amends`), those before it in ``out`` taken back
    (:func:`_take_back`; for sure where the line rejects what they named, ``rejected``); where it says less than a whole move, its pieces after that
    column a correction of a tower the line taken back named (:attr:`Piece.corrects`)."""
    taken, doubted = _take_back(out, found, rejected)
    if not taken:
        return found
    towers = _towers_kept(taken, found)
    if _whole(found):  # (a whole move: of the tower the line taken back named, where it is taken back for sure and names none)
        return [replace(p, amends=True, corrects=towers if towers and not doubted else None) for p in found]
    return [replace(p, corrects=towers, amends=True) if p.column >= amend else p for p in found]


def _take_back(out: list[Piece], found: list[Piece], rejected: set[object]) -> tuple[list[Piece], bool]:
    """Mark the pieces of the last line of ``out`` that says a move (two clues, not weak)
    taken back (:attr:`Piece.taken_back`) by the line whose pieces are ``found``, and
    those of the lines after it: a word between, a square asked about (``<lucia> f3
    no??``), is no move the writer corrects. Where none of the last
    :data:`_TAKEN_BACK_LINES` lines says a move, the last line. A line that says a whole
    move takes back only a move it says again in part, its tower or a square (``wait
    what, red a1-a7!`` after ``purple f8-b4`` is the next player's surprise, no
    correction), and even then they may still be read (:func:`_anchors`: ``wait. my green
    a1 goes h8??`` after ``green h8-h3``); a line that says less (``no wait, a7``) stands
    for them; a line that says "not" of what they named (``rejected``: ``ごめんc7じゃなくてc1！
    c8→c1``) takes them back for sure, as does a move from the square theirs left to
    another (``ごめん、e1だった e8→e1`` after ``e8→e2``: no move after theirs leaves
    the square theirs left). The pieces it took back (as they were), and whether it is
    in doubt (:func:`_doubted`)."""
    first = _taken_from(out)
    taken = out[first:]
    doubted = _doubted(found, taken, rejected)
    if doubted and not _says_again(found, taken):
        return [], doubted
    out[first:] = [_taken(p, doubted=doubted) for p in taken]
    return taken, doubted


def _taken_from(out: list[Piece]) -> int:
    """Where in ``out`` the pieces a correction after them takes back begin
    (:func:`_take_back`): the lines are those last read, in the order they are read in
    (a blog read newest first reads its lines from the last up)."""
    recent = out[-4 * _SPAN :]
    lines = _last_read(recent)
    strong = Counter(p.line for p in recent if not p.weak)
    line = next((n for n in lines if strong[n] >= 2), lines[0] if lines else None)
    return next((k for k, p in enumerate(out) if p.line == line), len(out))


def _last_read(pieces: list[Piece]) -> list[int]:
    """The last :data:`_TAKEN_BACK_LINES` lines ``pieces`` stand on, the last read first."""
    return list(dict.fromkeys(p.line for p in reversed(pieces)))[:_TAKEN_BACK_LINES]


def _taken(p: Piece, *, doubted: bool) -> Piece:
    """Piece ``p`` taken back: still read where the correction is ``doubted``
    (:func:`_anchors`), else weak for good."""
    return replace(p, taken_back=True) if doubted else replace(p, taken_back=True, clue=replace(p.clue, weak=True))


def _doubted(found: list[Piece], taken: list[Piece], rejected: set[object]) -> bool:
    """Whether a correction (its pieces ``found``) of the pieces ``taken`` may be the next
    move instead (:func:`_take_back`): it says a whole move, and neither rejects what they
    named nor moves again from the square their move left."""
    return _whole(found) and not rejected & set().union(*(_things_named(p.clue) for p in taken)) and not _moved_again(found, taken)


def _moved_again(found: list[Piece], taken: list[Piece]) -> bool:
    """Whether the pieces ``found`` say one move, from the square the one move of the
    pieces ``taken`` left, to another square (not a notice that quotes a move wrongly
    written and the move meant: ``we wrote e8 → b4. It was e8 → b5``)."""
    before, after = _moves_said(taken), _moves_said(found)
    return len(before) == len(after) == 1 and before != after and next(iter(before))[0] == next(iter(after))[0]


def _moves_said(pieces: list[Piece]) -> set[tuple[int | None, int]]:
    """The squares of the moves ``pieces`` say by their two squares."""
    return {p.clue.squares for p in pieces if p.clue.kind == "COORDS" and p.clue.squares is not None}


def _towers_kept(taken: list[Piece], found: list[Piece]) -> frozenset[Colour]:
    """The towers a correction (its pieces ``found``) keeps of the line it takes back
    (``taken``): those that line named, where the correction names none (``no wait,
    a3``; not ``no wait, red``)."""
    if any(p.clue.kind == "COLOUR" for p in found):
        return frozenset()
    return frozenset(p.clue.colour for p in taken if p.clue.kind == "COLOUR" and p.clue.colour is not None)


def _whole(found: list[Piece]) -> bool:
    """Whether the pieces ``found`` of a line may say a whole move: two clues, not weak."""
    return sum(not p.weak for p in found) >= 2


def _says_again(found: list[Piece], before: list[Piece]) -> bool:
    """Whether the pieces ``found`` name a tower or a square that the pieces ``before``
    name too (a correction says its move again in part)."""
    said: set[object] = set().union(*(_things_named(p.clue) for p in before if not p.clue.weak))
    return any(_things_named(p.clue) & said for p in found if not p.weak)


def _things_named(c: Clue) -> set[object]:
    """What clue ``c`` names that a correction says again: its colour, its squares."""
    if c.kind == "COLOUR" or (c.kind == "REJECTED" and c.colour is not None):
        return {c.colour}
    named: set[object] = set(c.squares or ())
    named.discard(None)
    return named


#: How many lines before a correction (``corrijo …``) the entry it takes back may stand.
_TAKEN_BACK_LINES = 3


def _columns_blanked(numbered: Iterable[tuple[int, str]]) -> list[tuple[int, str]]:
    """The numbered lines with the cells of a table's columns that hold no move blanked
    (:class:`~kamisado_notation.notation.kmr.columns.Columns`: a fill repeated on every
    row), read in the order written; a table's heading row that names such columns blank
    but for its cells' separators."""
    columns = Columns()
    return [(number, _CELL_TEXT.sub(" ", text) if columns.learn(text) else columns.blank(text)) for number, text in numbered]


#: A cell's text: all but the marks that part a table's cells (a heading row blanked keeps
#: them, so it is no blank line: a table of rounds side by side goes on below it).
_CELL_TEXT = re.compile(r"[^\t;|&,]")


def _colours_only(found: list[Piece]) -> bool:
    """Whether a line's pieces ``found`` are colours alone, but the letters of the
    files a lineup may name them by (``A ARANCIO  B BLU``) and a label before them."""
    named = _named_colours(found)
    return bool(named) and all(p.clue.kind in _COLOURS or _file_letter(p) for p in named)


def _named_colours(found: list[Piece]) -> list[Piece]:
    """``found`` from its first colour's word on (a row's label before it: ``1a traversa``)."""
    first = next((k for k, p in enumerate(found) if p.clue.kind == "COLOUR" and len(p.text) > 2), len(found))
    return found[first:]


def _file_letter(p: Piece) -> bool:
    return len(p.text) == 1 and p.text.lower() in "abcdefgh"


class _LineupRows:
    """The lines that are a lineup's row, no moves: colours alone, or each square of a
    rank named with its tower's colour (:func:`_colours_alone`), or a row of colours
    wrapped onto two lines (``A ARANCIO  B BLU  C VIOLA  D ROSA`` / ``E VERDE …``)."""

    def __init__(self) -> None:
        self.lines: set[int] = set()
        self.half: tuple[int, int] | None = None  # (the line before, where it holds colours alone: a row begun)
        self.half_rank: tuple[int, int, int] | None = None  # (the line before, its rank, how many of its squares it names: a row begun)

    def see(self, number: int, found: list[Piece]) -> None:
        """Take in line ``number``'s pieces ``found``."""
        colours = sum(len(p.text) > 1 for p in _named_colours(found)) if _colours_only(found) else 0
        rank, named = _squares_named(found)
        if _colours_alone(found):
            self.lines.add(number)
        elif self.half is not None and colours and self.half[1] + colours >= _LINEUP:
            self.lines.update((self.half[0], number))
        elif self.half_rank is not None and self.half_rank[1] == rank and self.half_rank[2] + named >= _LINEUP:
            self.lines.update((self.half_rank[0], number))  # ('a8 = "pink",  b8 = "green", …' on two lines)
        self.half = (number, colours) if colours >= _HALF_LINEUP else None
        self.half_rank = (number, rank, named) if named >= _HALF_LINEUP else None


def _colours_alone(found: list[Piece]) -> bool:
    """Whether a line's pieces ``found`` are a lineup's row: colours alone,
    :data:`_LINEUP` at least, the letters of their files and a Sumo's word among them
    (``a keltainen (sumo), b vihreä, …``), or as many squares of one rank each named
    with the colour of the tower on it (:func:`_squares_named`)."""
    kinds = [p.clue.kind for p in found if not _file_letter(p) and p.clue.kind != "PUSH"]
    if sum(k == "COLOUR" for k in kinds) >= _LINEUP and all(k in _COLOURS for k in kinds):
        return True
    return _squares_named(found)[1] >= _LINEUP


def _squares_named(found: list[Piece]) -> tuple[int, int]:
    """The rank of ``found``'s squares (from its first square, or the colour right before
    it: its heading, ``Du, rhes 8:``, ``setup B:``, before) and how many of them there
    are, where they are squares of one rank each named with its tower's colour, before
    or after it, a Sumo's marks after them (``a8 porffor, b8 brown, …``, ``a1:PK b1:BL …
    h1:RD+``, ``BL@a8+ BR@b8 …``), the colour's word perhaps one the vocabulary lacks
    (a square alone then), a common word that is no colour set aside among them (``…
    h1 viola. Inizia l'Oro``: *l*): a move's two squares are never on one rank; else ``(-1, 0)``."""
    found = _from_first_square([p for p in found if not p.weak or p.clue.kind in _COLOURS])
    kinds = "".join(_CELL_KINDS.get(p.clue.kind, "?") for p in found)
    squares = [p for p in found if p.clue.kind == "SQUARE"]
    ranks = [p.clue.squares[1] // 8 for p in squares if p.clue.squares is not None]
    if not _rank_by_rank(ranks) or _LINEUP_CELLS.fullmatch(kinds) is None or len(found) - len(squares) < min(len(squares), _LINEUP) - 1:
        return -1, 0
    return ranks[0], len(squares)


def _rank_by_rank(ranks: list[int]) -> bool:
    """Whether squares of ``ranks`` (in the order written) are one rank's, or the two
    home rows' one after the other (``Nero: a8 rosa, … h8 blu (sumo). Oro: a1 blu, …``:
    both rows of a lineup on one line)."""
    return len(set(ranks)) == 1 or (set(ranks) == {0, 7} and sum(a != b for a, b in pairwise(ranks)) == 1)


def _from_first_square(found: list[Piece]) -> list[Piece]:
    """The pieces ``found`` from the first square on, or from the colour right before it
    (its tower's)."""
    first = next((k for k, p in enumerate(found) if p.clue.kind == "SQUARE"), len(found))
    if 0 < first < len(found) and found[first - 1].clue.kind in _COLOURS and not found[first - 1].weak:
        first -= 1
    return found[first:]


#: A lineup's cells as the kinds of their clues: S a square, C its tower's colour, M a
#: Sumo's mark.
_CELL_KINDS = {"SQUARE": "S", "COLOUR": "C", "AMBIGUOUS": "C", "RING": "M", "PUSH": "M"}
#: A row of a lineup's cells: each square with its tower's colour after it, or before it
#: (the marks of a Sumo after the cell), or squares alone where a colour's word is unknown.
_LINEUP_CELLS = re.compile(r"(?:SC?M*)+|(?:CM*SM*)+")


#: The kinds of clue a colour's word is.
_COLOURS = ("COLOUR", "AMBIGUOUS")



#: A quote's marks at a line's start (``> ``, ``>> ``, ``> > ``).
_QUOTE = re.compile(r"\s*((?:>\s?)*)")
#: The share of the clues (not weak) one depth of quoting must hold to be the record's.
_VOICE = 2 / 3


def _quoting(numbered: Iterable[tuple[int, str]]) -> dict[int, tuple[int, str]]:
    """Each line of ``numbered`` (by number) → how deep it is quoted (its quote's marks,
    :data:`_QUOTE`) and its words after them, blanks as one. In a log of messages sent
    (``>>``) and received (``<<``: :data:`_RECEIVED`), no line is quoted."""
    numbered = list(numbered)
    log = any(_RECEIVED.match(text) for _, text in numbered)
    out: dict[int, tuple[int, str]] = {}
    for line, text in numbered:
        marks = _QUOTE.match(text)
        assert marks is not None  # (it matches every line: marks or none)
        out[line] = 0 if log else marks[1].count(">"), " ".join(text[marks.end() :].split())
    return out


#: A line of a log that a message received opens (``<< bestmove g1g4``): its ``>>`` are
#: messages sent, no quotes.
_RECEIVED = re.compile(r"\s*<<\s")


def _voices(pieces: list[Piece], quoted: Mapping[int, tuple[int, str]]) -> list[Piece]:
    """``pieces`` with those of lines quoted to another depth than the record's made
    weak: where most clues stand at one depth of quoting (a mail's reply that quotes the
    record, ``> 1. Rosa schräg rechts 1``), what the reply says between the quoted lines
    (``nach Orange auf das gelbe Feld a4 …``) is a comment on the moves, as is a quote of
    an entry in a chat that goes on unquoted. (Before the record's first line and after
    its last, text is what it always was: a preamble, a signature.)"""
    depths = _depths(quoted)
    strong = Counter(depths[p.line] for p in pieces if not p.weak)
    if len(strong) < 2:
        return pieces
    voice, held = strong.most_common(1)[0]
    return pieces if held < _VOICE * sum(strong.values()) else _heard(pieces, depths, voice)


def _heard(pieces: list[Piece], voice_of: Mapping[int, object], voice: object) -> list[Piece]:
    """``pieces`` with those in another voice than ``voice`` (the record's; each line's:
    ``voice_of``), between its first line and its last, made weak: remarks on the moves
    (:func:`_remark`)."""
    lines = [p.line for p in pieces if voice_of[p.line] == voice]
    first, last = min(lines), max(lines)
    return [replace(p, clue=replace(p.clue, weak=True)) if first < p.line < last and _remark(p, voice_of[p.line] != voice) else p for p in pieces]


def _alone(lines: tuple[str, ...], first_line: int, voice_of: Mapping[int, object], voice: object) -> list[Piece]:
    """The pieces of ``lines`` (from line ``first_line``) in a chat's speaker's
    ``voice`` alone (each line's: ``voice_of``), the other speakers' lines blank, its
    preamble kept (no speaker yet): what the viewers of a stream propose before the bot
    says the move played (``!move b8 b2``) is no move, and the bot's saying it after them
    is no move said again."""
    return pieces_of([text if voice_of[number] in (voice, None) else "" for number, text in enumerate(lines, first_line)], first_line=first_line)


def _in_one_voice(lines: tuple[str, ...], first_line: int, pieces: list[Piece], best: Alignment, won: Sequence[tuple[int, Side]]) -> tuple[Alignment, list[Piece]]:
    """Where the text holds moves in two voices, neither the most by far, and ``best``,
    the reading of both, leaves a round uncertain: each voice read as the record's, the
    others' remarks made weak (:func:`_heard`); the first such reading that judges more
    rounds, and every round it ends with certainty, is taken, with its pieces. A voice is
    a depth of quoting (a reply that says more of the moves than the record it quotes:
    :func:`_voices` kept both), or a chat's speaker (a bot that says each move played,
    among viewers who propose moves, ``!move d8 d4``, and talk of squares)."""
    if best.whole:
        return best, pieces
    depths, speakers = _voice_maps(list(enumerate(lines, first_line)))
    for voice_of in (depths, speakers):
        for voice in _most_said(pieces, voice_of)[:2]:
            heard = _heard(pieces, voice_of, voice) if voice_of is depths else _alone(lines, first_line, voice_of, voice)
            other = _learnt(heard, view=View.WRITTEN, won=won)
            if _judges_more(other, best) and _ends_certain(other):
                return other, heard
    return best, pieces


def _voice_maps(numbered: list[tuple[int, str]]) -> tuple[Mapping[int, object], ...]:
    """The voices of the lines ``numbered``, each line's, in the two ways a text holds
    them: its depth of quoting (:func:`_quoting`), its chat's speaker
    (:func:`_speaker_of_lines`)."""
    return _depths(_quoting(numbered)), _speaker_of_lines(numbered)


def _depths(quoted: Mapping[int, tuple[int, str]]) -> dict[int, int]:
    """Each line's depth of quoting, of what :func:`_quoting` says of it."""
    return {line: depth for line, (depth, _) in quoted.items()}


def _most_said(pieces: list[Piece], voice_of: Mapping[int, object]) -> list[object]:
    """The voices of ``pieces`` (not weak; each line's: ``voice_of``), the most said
    first, where there are two at least; else none."""
    strong = Counter(voice_of[p.line] for p in pieces if not p.weak)
    return [voice for voice, _ in strong.most_common()] if len(strong) > 1 else []


#: A chat's time of a message (``20:29``, ``8:05``).
_CHAT_TIME = re.compile(r"(?<!\d)\d{1,2}[:.]\d{2}(?!\d)")


def _speaker_of_lines(numbered: list[tuple[int, str]]) -> dict[int, str | None]:
    """Each line's speaker in a chat: the label (:data:`_SPEAKER`) that begins it after
    the message's time (``[20:29:35] kamisado_bot:``), or on a message's later lines the
    line before it's (``None`` before the first). A label with no time before it is no
    chat's (``>  1  me:  Yellow  right 3`` in a reply, its remarks below it unlabelled:
    a move's number is no time)."""
    speaker: str | None = None
    out: dict[int, str | None] = {}
    for number, text in numbered:
        m = _SPEAKER.match(text)
        speaker = m[1] if m is not None and _CHAT_TIME.search(text, 0, m.start(1)) else speaker
        out[number] = speaker
    return out


def _ends_certain(alignment: Alignment) -> bool:
    """Whether ``alignment`` reads with certainty each round it reads to its end."""
    return len(alignment.judged) == sum(r.result is not None for r in alignment.rounds)


def in_another_voice(alignment: Alignment, lines: Sequence[str], first_line: int, at: set[int]) -> bool:
    """Whether the lines ``at`` (of ``lines``, from line ``first_line``) are in another
    voice (:func:`_voice_maps`) than every line ``alignment`` read a move of a round it
    judges from, all in one: a reply's remarks between the moves of the record it quotes
    (``Better was Green forward 3 to g5`` under ``>  1  me:  Green  forward 6``), a
    viewer's proposal among a bot's moves (``!move d8 d4``)."""
    return any(_apart(voice_of, _lines_read(alignment), at) for voice_of in _voice_maps(list(enumerate(lines, first_line))))


def _apart(voice_of: Mapping[int, object], read: set[int], at: set[int]) -> bool:
    """Whether the lines ``read`` are all in one voice (each line's: ``voice_of``) and
    the lines ``at`` in others."""
    voices = {voice_of[line] for line in read}
    return len(voices) == 1 and None not in voices and not voices & {voice_of[line] for line in at if line in voice_of}


def _lines_read(alignment: Alignment) -> set[int]:
    """The lines ``alignment`` read a move of a round it judges from."""
    return {alignment.pieces[k].line for r in alignment.judged for u in r.used if u is not None for k in range(*u)}


def _quoted_again(pieces: list[Piece], quoted: Mapping[int, tuple[int, str]]) -> list[Piece]:
    """``pieces`` with those of a quoted line (``quoted``: :func:`_quoting`) that says
    again a line above it quoted less deeply made weak: a mail's reply quotes the mail
    before it (``> 1. Green g8-g2`` under ``1. Green g8-g2``), which says no move the
    second time."""
    least: dict[str, int] = {}  # (a line's words → the least depth they stood at)
    again: set[int] = set()
    for line, (depth, said) in quoted.items():
        if depth > least.setdefault(said, depth):
            again.add(line)
        least[said] = min(depth, least[said])
    return [replace(p, clue=replace(p.clue, weak=True)) if p.line in again else p for p in pieces]


#: How many moves by their squares a run says again, in the order they were said, at
#: least, to be a recap of them (two rounds seldom repeat three moves' squares: their
#: lineups differ).
_RECAP = 3


def _recapped(pieces: list[Piece]) -> list[Piece]:
    """``pieces`` with those of a recap made weak: lines whose every move said by its
    squares belongs to a run of :data:`_RECAP` such moves at least that says again, in
    order, moves said before it (``Full score of round 2 for the record: 1. Red e8-e3
    2. Red d1-d5 …``, after the next round's heading: its squares are no new moves)."""
    lines = _recap_lines(pieces)
    return [replace(p, clue=replace(p.clue, weak=True)) if p.line in lines else p for p in pieces] if lines else pieces


def _recap_lines(pieces: list[Piece]) -> set[int]:
    """The lines of ``pieces`` whose every move said by its squares (not weak) is in a
    recap (:func:`_runs_again`), or every square said (a move's two or one alone) in a
    recap of squares twice as long: a table said again with its squares in cells of their
    own (a data frame's page table, then its plain text: ``<td>f8</td>``, ``f8   f7``)."""
    coords = [k for k, p in enumerate(pieces) if p.clue.kind == "COORDS" and not p.weak]
    lines = _lines_again(pieces, coords, [pieces[k].clue.squares for k in coords], _RECAP)
    at, squares = _squares_said(pieces)
    return lines | _lines_again(pieces, at, squares, 2 * _RECAP)


def _lines_again(pieces: list[Piece], at: list[int], said: list[object], least: int) -> set[int]:
    """The lines of the pieces at ``at`` (each saying the item of ``said`` in its place)
    whose every item is in a run of ``least`` items at least said again (:func:`_runs_again`)."""
    recap = _runs_again(said, [pieces[k].line for k in at], least)
    return {pieces[at[i]].line for i in recap} - {pieces[k].line for i, k in enumerate(at) if i not in recap}


#: The kinds of clue that say squares.
_SQUARES = frozenset({"COORDS", "SQUARE"})


def _squares_said(pieces: list[Piece]) -> tuple[list[int], list[object]]:
    """Each square ``pieces`` say (not weak), a move's the one it comes from first, with
    the place of the piece that says it."""
    said = [(k, s) for k, p in enumerate(pieces) for s in _squares_of(p)]
    return [k for k, _ in said], [s for _, s in said]


def _squares_of(piece: Piece) -> list[int]:
    """The squares ``piece`` says (not weak): a move's two, or one alone."""
    return [] if piece.weak or piece.clue.kind not in _SQUARES or piece.clue.squares is None else [s for s in piece.clue.squares if s is not None]


def _runs_again(said: list[object], lines: list[int], least: int = _RECAP) -> set[int]:
    """The places in ``said`` (each said on its line of ``lines``) of runs of
    ``least`` items at least, on lines in a row, that say again, in order, items
    said before the run (each at most :data:`_SKIPPED` places after the one before it: a
    move said by its squares in passing between them), looked for from the last few
    places its first item stood. A recap is written in one go: moves said again far
    apart (a round's winning move said in full, the same squares as another round's)
    are none."""
    places: dict[object, list[int]] = {}
    again: set[int] = set()
    for i, item in enumerate(said):
        for j in places.get(item, [])[-4:]:
            n = _run_from(said, i, j, lines)
            if n >= least:
                again.update(range(i, i + n))
                break
        places.setdefault(item, []).append(i)
    return again


def _run_from(said: list[object], i: int, j: int, lines: list[int]) -> int:
    """How many items of ``said`` from place ``i`` on, each on the line of the one before
    or the next (``lines``), say again, in order, items from place ``j`` on (before
    ``i``; each at most :data:`_SKIPPED` places after the one before it)."""
    n = 0
    while i + n < len(said) and j < i and _in_a_row(lines, i + n, n):
        found = next((k for k in range(j, min(j + _SKIPPED + 1, i)) if said[k] == said[i + n]), None)
        if found is None:
            break
        n, j = n + 1, found + 1
    return n


def _in_a_row(lines: list[int], k: int, n: int) -> bool:
    """Whether item ``k`` of a run ``n`` items long so far is on the line of the one before or the next (``lines``)."""
    return n == 0 or lines[k] - lines[k - 1] <= 1


#: How many items a recap's model may hold between two it says again (:func:`_run_from`).
_SKIPPED = 2


def _remark(piece: Piece, aside: bool) -> bool:
    """Whether ``piece``, said in another voice than the record's (``aside``), is a
    remark on the moves: it is evidence, and not a correction's (:attr:`Piece.amends`)."""
    return aside and not piece.weak and not piece.amends


def rounds_side_by_side(lines: Sequence[str], first_line: int = 1) -> bool:
    """Whether ``lines`` hold a table whose rounds stand side by side (:mod:`.side_by_side`)."""
    return bands_of(lines, first_line, _round_heading) is not None


def _line_pieces(
    text: str, number: int, legend: Mapping[str, Direction | Colour], said_round: int | None = None, *,
    names: frozenset[str] = frozenset(), speakers: re.Pattern[str] | None = None,
) -> list[Piece]:
    """The evidence of line ``number``, ``text``, read with the file's ``legend`` (an
    app's log: its values, as the first reading reads them), under the heading of round
    ``said_round``; not the letters and signs its key ``names`` the players by, nor the
    words of a chat's ``speakers`` (:func:`_speakers`)."""
    if json_object(text):
        text = json_values(text)
    found = _line_clues(text, legend, speakers)
    ends = [0, *(c.end for c in found)]  # (each clue's with the end of the one before it)
    pieces = [_piece(text, number, c, ends[k], legend, said_round) for k, c in enumerate(found) if _kept(c, text, names, found)]
    pieces = [p for k, p in enumerate(pieces) if not _landing_word(pieces, k, text)]
    return [replace(p, glued=True) if _runs_into(p, nxt, text) else p for p, nxt in zip(pieces, pieces[1:] + [None], strict=False)]


def _line_clues(text: str, legend: Mapping[str, Direction | Colour], speakers: re.Pattern[str] | None) -> list[Clue]:
    """The clues of line ``text`` that are evidence (:func:`_line_pieces`): not words said
    in passing, a comment's cell, nor a chat's ``speakers``' names."""
    tokens = clues(text, legend)
    found = _signs_as_words([c for c in tokens if c.kind in _EVIDENCE or _compass(c, text[c.start : c.end]) is not None], text)
    found = _said_in_passing(_forward_aslant(found, text), tokens, text)
    return _outside(_comment_cells(found, tokens, text), speakers, text)


#: What may stand between *forward* and the *left* or *right* that makes it a diagonal:
#: a few short words (``forward to my left``, ``forward and to the right``) or signs
#: (``forward-left``).
_ASLANT_GAP = re.compile(r"[\s,/-]*(?:\w{1,5}[\s,/-]+){0,3}", re.UNICODE)


def _forward_aslant(found: list[Clue], text: str) -> list[Clue]:
    """``found`` without a *forward* that a *left* or *right* follows with no clue and a
    few short words between (:data:`_ASLANT_GAP`): the two say one diagonal (``went 4
    forward to my left``), not a straight move and another."""
    return [
        c for c, nxt in zip(found, [*found[1:], None], strict=False)
        if not (c.kind == "DIRECTION" and c.direction is Direction.FORWARD and nxt is not None and nxt.kind == "DIRECTION"
                and nxt.direction in MIRRORED and _ASLANT_GAP.fullmatch(text, c.end, nxt.start))
    ]


#: A table's cell boundary in a line (a bar, a tab; not :data:`_CELLS`' ``&``, which
#: prose writes too: ``Tom & Ann``).
_CELL_BAR = re.compile(r"[|\t]")


def _comment_cells(found: list[Clue], tokens: list[Clue], text: str) -> list[Clue]:
    """``found``, the clues of table row ``text`` (of its ``tokens``), those in a cell
    that holds a sentence (:func:`_a_sentence`) made weak: a comment's column (``| the
    Purple tower goes straight home! |``, whose colour and direction are no move's)."""
    bars = [0, *(m.start() for m in _CELL_BAR.finditer(text)), len(text)]
    if len(bars) == 2:
        return found  # (no table's row)
    cells = [(a, b) for a, b in pairwise(bars) if _a_sentence(found, tokens, text, a, b)]
    return [replace(c, weak=True) if any(a <= c.start < b for a, b in cells) else c for c in found]


def _a_sentence(found: list[Clue], tokens: list[Clue], text: str, a: int, b: int) -> bool:
    """Whether the cell of ``text`` from ``a`` to ``b`` holds a sentence, no move: no
    distance, and :data:`_CHATTER` words at least between blanks that hold no clue and a
    letter (``the``, ``tower``, ``home!``; a script written with no blanks between its
    words has none), more than the clues ``found`` beside them (a move's cell says how
    far, and its words for *to* and *square* are fewer than its clues: ``قهوه اي رو به
    جلو ۷ خانه روی صورتی``)."""
    clued = [c for c in found if c.start < b and c.end > a]
    words = sum(_a_word(m, clued) for m in _RUN.finditer(text, a, b))
    return words >= _CHATTER and words > len(clued) and not _how_far(clued)


def _how_far(clued: list[Clue]) -> bool:
    """Whether ``clued`` says how far a move went (a distance among them)."""
    return any(c.kind == "DISTANCE" for c in clued)


def _a_word(run: re.Match[str], clued: list[Clue]) -> bool:
    """Whether ``run``, text between blanks, is a word set aside: a letter in it, and no
    clue of ``clued`` over any of it (``قهوه اي``, brown, is one clue of two runs)."""
    return any(ch.isalpha() for ch in run[0]) and not any(c.start < run.end() and c.end > run.start() for c in clued)


#: A run of text between blanks (and a table's bars).
_RUN = re.compile(r"[^\s|]+")


#: What parts two clues run together (a colon, a slash between: ``Rd:b4``), not a table's cell.
_GLUE = re.compile(r"[^\s&|\t]{1,2}")


def _runs_into(p: Piece, nxt: Piece | None, text: str) -> bool:
    """Whether piece ``p`` runs into ``nxt`` on line ``text``: a mark or two between, no
    blank (``Rd:b4``; not ``b4 Rd``, nor a table's ``Pk|F3``)."""
    if nxt is None:
        return False
    gap = _between(p, nxt, text)
    return bool(gap) and _GLUE.fullmatch(gap) is not None


def _piece(text: str, number: int, clue: Clue, after: int, legend: Mapping[str, Direction | Colour], said_round: int | None) -> Piece:
    """The piece ``clue`` of line ``number``, ``text``, is (the clue before it ends at
    ``after``), read with ``legend`` under the heading of round ``said_round``."""
    start, end = clue.start, clue.end
    cell = _CELLS.search(text, after, start) is not None
    sentence = sentence_ends(text, after, start)
    return Piece(number, start + 1, clue, text[start:end], _name_before(text, start), legend, said_round, lands=_lands(clue, text), cell=cell, after_sentence=sentence)


def _said_in_passing(found: list[Clue], tokens: list[Clue], text: str) -> list[Clue]:
    """``found``, the clues of line ``text`` (of its ``tokens``), its one clue weak where
    it is said in a sentence: a colour among words set aside (:func:`_chatter`: ``lol ur
    orange is so far out``), a distance in figures between two words (:func:`_among_words`)."""
    if len(found) == 1 and (_chatter(found, tokens, text) or _among_words(found[0], tokens, text)):
        return [replace(found[0], weak=True)]
    return found


def _among_words(clue: Clue, tokens: list[Clue], text: str) -> bool:
    """Whether ``clue`` (of ``tokens``, line ``text``'s) is a distance in figures between
    two words set aside, a blank each side (``Dai 2 kaisen``, a heading in a shape not
    read; ``we played 3 rounds``)."""
    k = tokens.index(clue)
    if clue.kind != "DISTANCE" or not text[clue.start : clue.end].isdigit() or not 0 < k < len(tokens) - 1:
        return False
    before, after = tokens[k - 1], tokens[k + 1]
    return word_aside(text, before) and word_aside(text, after) and text[before.end : clue.start] == text[clue.end : after.start] == " "


def _chatter(found: list[Clue], tokens: list[Clue], text: str) -> bool:
    """Whether line ``text`` (its ``tokens``, the clues ``found`` of them) names a tower
    in a sentence: a colour its one clue, among words set aside (:data:`_CHATTER`)."""
    return found[0].kind == "COLOUR" and sum(word_aside(text, t) for t in tokens) >= _CHATTER


def _lands(clue: Clue, text: str) -> bool:
    """Whether ``clue`` of line ``text`` is a square said after a word or an arrow to
    it (:data:`_TO_BEFORE`: ``to c1``, ``→ c1``): where a move lands."""
    return clue.kind == "SQUARE" and _TO_BEFORE.search(text, max(0, clue.start - 12), clue.start) is not None


def _to_the_landing(piece: Piece, after: Piece | None, text: str) -> bool:
    """Whether ``piece`` is the word for "to" right before the square a move lands on
    (``then blue to g7``: its ``to`` no distance two, which ended the entry before its square)."""
    return piece.weak and after is not None and after.lands and _TO_BEFORE.match(text, piece.column - 1, after.column - 1) is not None


def _landing_word(pieces: list[Piece], k: int, text: str) -> bool:
    """Whether ``pieces[k]`` (of line ``text``) is a word of the sentence around a
    move's slots, no slot itself: a "to" before the square it lands on
    (:func:`_to_the_landing`), a weak distance before another (:func:`_weak_before_its_kind`),
    or an arrow the way text is read between a direction and the colour or square it
    lands on (:func:`_arrow_to`)."""
    p, nxt = pieces[k], pieces[k + 1] if k + 1 < len(pieces) else None
    return _to_the_landing(p, nxt, text) or _weak_before_its_kind(p, nxt, text) or _arrow_to(pieces[:k], p, nxt)


def _arrow_to(before: list[Piece], piece: Piece, after: Piece | None) -> bool:
    """Whether ``piece`` is an arrow the way text is read (``->``, ``→``) after a
    direction said in words on its line (``before``: its pieces before it) and right
    before a colour or a square: ``Red Right 3 -> Blue``, "lands on"; not the way a tower
    went (``Red → 3``)."""
    return _kind(after) in _LANDED and _an_arrow(piece) and any(_kind(b) == "DIRECTION" and not _an_arrow(b) for b in before)


#: What a move lands on, said after an arrow the way text is read: a colour, a square.
_LANDED = frozenset({"COLOUR", "SQUARE", "COORDS"})


def _kind(piece: Piece | None) -> str | None:
    """The kind of ``piece``'s clue (none for none)."""
    return piece.clue.kind if piece is not None else None


def _an_arrow(piece: Piece) -> bool:
    """Whether ``piece`` is an arrow that points the way text is read (``->``, ``→``)."""
    return piece.clue.kind == "DIRECTION" and to_arrow(piece.text)


def _between(piece: Piece, after: Piece, text: str) -> str:
    """The text of line ``text`` between ``piece`` and ``after``, a piece after it."""
    return text[piece.column - 1 + len(piece.text) : after.column - 1]


def _weak_before_its_kind(piece: Piece, after: Piece | None, text: str) -> bool:
    """Whether ``piece`` is a weak word for a distance right before another distance
    (``mae ni 3``, ``mae ni san``: Japanese's particle *ni* before the three; dictation's
    ``to 3``): a word of the sentence, not a second distance."""
    return piece.weak and after is not None and piece.clue.kind == "DISTANCE" == after.clue.kind and not _between(piece, after, text).strip()


def _kept(clue: Clue, text: str, names: frozenset[str], found: list[Clue]) -> bool:
    """Whether ``clue`` of line ``text`` (one of its clues ``found``) is evidence: not a
    letter or sign a key names a player by (``names``), nor a field's label
    (:data:`_LABEL`), but a colour's where the line names no other colour (``ao: mae
    2``, Japanese's blue: the tower's, as ``Blue: forward 2`` is)."""
    return text[clue.start : clue.end] not in names and (not _a_label(clue, text) or _the_one_colour(clue, found))


def _a_label(clue: Clue, text: str) -> bool:
    """Whether ``clue`` of line ``text`` is a common word before a colon (:data:`_LABEL`)."""
    return clue.weak and _LABEL.match(text, clue.end) is not None


def _the_one_colour(clue: Clue, found: list[Clue]) -> bool:
    """Whether ``clue`` is the one colour among the clues ``found``."""
    return clue.kind == "COLOUR" and sum(c.kind in _COLOURS for c in found) == 1


#: A field's label ends at its colon: a common word that is also a clue, before one
#: (``To: f7``, ``On: purple``, in a record of fields), names the field, no move's word.
_LABEL = re.compile(r"\s*:(?:\s|$)")


#: Words for "to" between two squares that also say where a tower stands.
_AT_WORDS = frozenset({"a", "in", "na", "pe", "la", "pa", "auf", "ra", "re", "на", "в"})  # (normalised, as the table is: 'på', 'în')


def _signs_as_words(found: list[Clue], text: str) -> list[Clue]:
    """``found`` with each colour said as a sign and its word at once (``🟩 Green``,
    ``🟪 **Purple**``, a bot's habit) one clue, the word's: one tower, not a tower and its
    landing (``Red red`` in words stays two)."""
    out: list[Clue] = []
    for c in found:
        last = out[-1] if out else None
        if last is not None and c.kind == last.kind == "COLOUR" and c.colour is last.colour and not text[last.end : c.start].strip(" *_") and text[last.start].isalpha() != text[c.start].isalpha():
            out[-1] = c if text[c.start].isalpha() else last
            continue
        out.append(c)
    return out


#: A word or an arrow to a square, right before it (``to c1``, ``→ c1``, ``ke c1``): the
#: words for "to" of :data:`~..notation.vocabulary.BETWEEN_SQUARES` that never say where a
#: tower stands (not ``in``, ``na``, ``pe``, ``på``, ``auf``: ``the blue in c1``).
_TO_BEFORE = re.compile(
    r"(?:(?<![^\W\d_])(?:" + "|".join(sorted(map(re.escape, BETWEEN_SQUARES - _AT_WORDS), key=len, reverse=True)) + r")|→|->|=>|➜|⟶)\s*$", re.IGNORECASE
)


#: Two squares parted by one blank (``g3 e4``): a move from one to the other (a bot's
#: ``!k mv g8 h7``), or two moves' landings; and two squares run together (``d8d3``).
_SPACED = re.compile(r"[a-h][1-8] [a-h][1-8]")
_RUN_TOGETHER = re.compile(r"[a-h][1-8][a-h][1-8]")


def _landings_parted(pieces: list[Piece]) -> list[Piece]:
    """``pieces`` with each pair of squares parted by one blank read as two landings,
    where the text writes no move in squares with a sign between them (``c8-a6``): a
    solver's ``1. d8d3 h3  2. g3 e4`` is four moves, each but a round's first by where
    it went. ``pieces`` itself where there is no such pair."""
    if not any(map(_spaced, pieces)) or any(map(_signed, pieces)):
        return pieces
    out: list[Piece] = []
    for p in pieces:
        out.extend(_two_landings(p) if _spaced(p) else (p,))
    return out


def _parted_if_better(pieces: list[Piece], best: Alignment, won: tuple[tuple[int, Side], ...]) -> tuple[Alignment, list[Piece]]:
    """The reading ``best`` of ``pieces`` or, where their pairs of squares parted by a
    blank may be two landings each (:func:`_landings_parted`), that reading where it
    weighs more (:func:`_weight`: it judges more rounds, sets fewer clues aside, explains
    more): the legal moves tell a move from one square to the other from two moves."""
    parted = _landings_parted(pieces)
    if parted is pieces:
        return best, pieces
    other = _learnt(parted, view=View.WRITTEN, won=won)
    return (other, parted) if _weight(other) > _weight(best) else (best, pieces)


def _spaced(piece: Piece) -> bool:
    """Whether ``piece`` is two squares parted by one blank (``g3 e4``)."""
    return piece.clue.kind == "COORDS" and _SPACED.fullmatch(piece.text) is not None


def _signed(piece: Piece) -> bool:
    """Whether ``piece`` is a move in squares with a sign between them (``c8-a6``)."""
    return piece.clue.kind == "COORDS" and not _spaced(piece) and not _RUN_TOGETHER.fullmatch(piece.text)


def _two_landings(piece: Piece) -> tuple[Piece, Piece]:
    """A pair of squares parted by a blank (``g3 e4``) as two squares alone (squares, no
    short form's ``F6``: :attr:`Piece.square_only`)."""
    assert piece.clue.squares is not None
    start, (first, second) = piece.clue.start, piece.clue.squares
    assert first is not None  # (a pair of squares, both said)
    square = replace(piece, clue=Clue("SQUARE", start, start + 2, squares=(None, first)), text=piece.text[:2], square_only=True)
    after = Clue("SQUARE", start + 3, start + 5, squares=(None, second))
    return square, replace(square, column=piece.column + 3, clue=after, text=piece.text[3:], after_sentence=False)


def _rounds_said(numbered: list[tuple[int, str]], bands: Bands | None = None) -> dict[int, int | None]:
    """Each line's round as the headings above it say (``* Round 3``), from the first
    heading on; a heading's own line: ``None`` (it holds no move), as is a row of
    ``bands``' headings (rounds side by side). Only where the headings read number the
    rounds one after another (a heading missed, ``FiII`` in a scan's ``ROUND 3``, or a
    second match's ``Round 1``: no line's round is said)."""
    said: dict[int, int | None] = {number: None for number, _ in numbered if bands.heading(number)} if bands is not None else {}
    consecutive = _under_headings(numbered, said)
    return said if consecutive and bands is None else {number: None for number, round_said in said.items() if round_said is None}


def _under_headings(numbered: list[tuple[int, str]], said: dict[int, int | None]) -> bool:
    """Each line of ``numbered`` not yet in ``said`` put there: the round the heading
    above it names, ``None`` for a heading's own line; whether the headings number the
    rounds one after another."""
    current: int | None = None
    consecutive = True
    for number, text in numbered:
        if number in said:
            continue  # (a row of headings side by side)
        heading_of = _round_heading_number(text, number)
        if heading_of is not None:
            consecutive = consecutive and (current is None or heading_of == current + 1)
            current = heading_of
            said[number] = None
        elif current is not None:
            said[number] = current
    return consecutive


def _first_heading(said: Mapping[int, int | None]) -> int | None:
    """The line of round 1's heading, where the headings ``said`` number the rounds from
    1 (:func:`_rounds_said`): the text above it is the record's preamble (a mail's
    request, a key to its signs, a typesetter's set-up), which holds no move."""
    rounds = [r for r in said.values() if r is not None]
    return min(said) if rounds and min(rounds) == 1 else None


def _round_heading(text: str, number: int) -> bool:
    """Whether line ``text`` is a round's heading and nothing else, as the reader reads
    one (``## 2판 (서연 선택: 왼쪽부터 채우기)``, ``Round 3, fill left``): its number and
    its fill's word are no move's distance and direction."""
    return _round_heading_number(text, number) is not None


def _round_heading_number(text: str, number: int) -> int | None:
    """The number of the round line ``text`` is the heading of (:func:`_round_heading`)."""
    if not any(ch.isdigit() for ch in text):
        return None
    shaped = heading(text, number) or line_shape(text, number)
    return shaped.item.number if shaped is not None and isinstance(shaped.item, RoundRecord) else None


#: A word right before a clue, with a colon or a chat's bracket after it, or none.
_NAME = re.compile(r"([^\W\d_]{2,})\s*([:>\])])?\s*$")


def _name_before(text: str, start: int) -> str | None:
    """The name right before ``text[start:]``, the clue there (no other word between):
    a word a colon or a chat's bracket ends (``fen:``, ``<Ana>``), or a word written as a
    name is (``Priya``); not a word of the entry (``diag`` in ``diag left``)."""
    m = _NAME.search(text, max(0, start - 40), start)
    if m is None or not (m[2] or (m[1][0].isupper() and m[1][1:].islower())):
        return None
    return normalise(m[1])


#: The clues a lineup is written with: its colours, and a Sumo tower's mark beside one.
_IN_LINEUP = frozenset({"COLOUR", "AMBIGUOUS", "PUSH", "RING"})


def _without_lineups(pieces: list[Piece]) -> list[Piece]:
    """``pieces`` less the lineups written among them: at least :data:`_LINEUP` colours
    in a row, no colour twice but as a sign and a word together (:func:`_named_again`;
    a row of towers names each colour once; the row may
    start after a colour said before it, a side's mark), with nothing but a Sumo
    tower's mark between them, however its lines are broken. Moves
    written as colours alone never look so: a move's landing is the next tower, so
    their colours come in pairs."""
    out: list[Piece] = []
    chunk: list[Piece] = []
    seen: set[Colour | None] = set()

    def close() -> None:
        if sum(p.clue.kind in ("COLOUR", "AMBIGUOUS") for p in chunk) < _LINEUP:
            out.extend(chunk)
        chunk.clear()
        seen.clear()

    for p in pieces:
        kind = p.clue.kind
        if kind not in _IN_LINEUP:
            close()
            out.append(p)
            continue
        if kind in ("COLOUR", "AMBIGUOUS") and p.clue.colour in seen and not _named_again(chunk, p):
            cut = _cut_at(chunk, p)
            if cut is None:
                close()
            else:
                out.extend(chunk[:cut])
                del chunk[:cut]
                seen.clear()
                seen.update(c.clue.colour for c in chunk if c.clue.kind in ("COLOUR", "AMBIGUOUS"))
        if kind in ("COLOUR", "AMBIGUOUS"):
            seen.add(p.clue.colour)
        chunk.append(p)
    close()
    return out


def _cut_at(chunk: list[Piece], p: Piece) -> int | None:
    """Where a run of colours ``chunk`` that ``p`` names a colour of again starts anew:
    ``None`` where it holds a lineup's colours already (it ends before ``p``), else right
    after the colour said before (the row may start after it: ``🟨 a→h: RED* BROWN …
    YELLOW …``, a side's mark first; the run's first colour, on a line before the rest,
    however many colours the run holds)."""
    colours = [k for k, c in enumerate(chunk) if c.clue.kind in ("COLOUR", "AMBIGUOUS")]
    said = next(k for k in colours if chunk[k].clue.colour is p.clue.colour)
    if len(colours) >= _LINEUP and not (said == colours[0] and chunk[said].line < chunk[colours[1]].line):
        return None
    return said + 1


def _named_again(chunk: list[Piece], p: Piece) -> bool:
    """Whether the colour ``p`` says is the one said right before it in ``chunk``, on its
    line with a space at most between them: one tower named as a sign and a word
    (``🟠πορτοκαλί 🔵μπλε …``, a key of the colours' signs), not a colour twice."""
    last = chunk[-1] if chunk else None
    return last is not None and last.line == p.line and last.clue.colour is p.clue.colour and 0 <= p.column - (last.column + len(last.text)) <= 1


def _compass(clue: Clue, word: str) -> str | None:
    """``"F"``, ``"W"`` or ``"E"`` for a compass point (``clue``, written ``word``), ``"D"``
    for one of either side (:data:`_EITHER_SIDE`), else ``None``."""
    if not clue.compass:
        return None
    key = normalise(word)
    if key in _STRAIGHT:
        return "F"
    if key in _EITHER_SIDE:
        return "D"
    return "W" if key in _WEST or key.endswith(("w", "west")) else "E"


@dataclass(frozen=True, slots=True)
class _Offer:
    """A legal move and what of it a clue may say."""

    move: Move
    tower: Colour | None
    direction: Direction | None
    distance: int
    landing: Colour
    origin: int
    target: int
    push: bool
    west: bool | None  # its diagonal's side of the board; None straight
    chosen: bool  # the tower was the mover's choice (a round's first move)


def _offers(position: Position, view: View) -> list[_Offer]:
    chosen = position.tower is None
    return [_offer(m, chosen, view) for m in playable(position)]


def _offer(m: Move, chosen: bool, view: View = View.WRITTEN) -> _Offer:
    """What a clue may say of ``m`` (its left or right as ``view`` sees it; its
    diagonal's side of the board as it is)."""
    west = None
    if m.direction in MIRRORED:
        west = (m.direction is Direction.LEFT) == (m.side is Side.GOLD)
    direction = m.direction
    if west is not None and view.mirrors(m.side):
        direction = Direction.RIGHT if m.direction is Direction.LEFT else Direction.LEFT
    return _Offer(m, m.tower, direction, m.distance, m.square_colour, m.origin, m.target, bool(m.push), west, chosen)


def says_of(piece: Piece, move: Move, *, view: View = View.WRITTEN) -> bool:
    """Whether ``piece`` says something true of ``move`` (its tower, direction,
    distance, the colour it lands on, its squares, a mark it bears), and of its tower
    where it corrects a move of another (:attr:`Piece.corrects`)."""
    return _fit(piece, _offer(move, True, view), 0, view) is not None and _may_correct(piece, _offer(move, True))


def _fit(piece: Piece, offer: _Offer, filled: int, view: View) -> tuple[int, float] | None:
    """The slot ``piece`` fills in ``offer`` (none filled in ``filled`` yet) and what it
    weighs (half for a weak clue), or ``None`` where it says something else."""
    clue = piece.clue
    if clue.compass:  # (a compass letter that is a tower's code too, ``N 5``, fits as either)
        found = _compass_fit(_compass(clue, piece.text), offer, filled) or _FITS.get(clue.kind, _no_fit)(clue, offer, filled)
    elif clue.kind in ("SQUARE", "COORDS"):
        found = _squares_fit(clue.squares, offer, filled, view, lands=piece.lands) or _short_fit(piece.short, offer, filled)
    else:
        found = _FITS[clue.kind](clue, offer, filled)
    if found is not None and piece.weak:
        return found[0], found[1] / 2
    return found


def _marked(slot: int, holds: Callable[[_Offer], bool]) -> Callable[[Clue, _Offer, int], tuple[int, float] | None]:
    """The fit of a mark that fills ``slot`` in a move that ``holds``."""
    return lambda clue, offer, filled: (slot, 1.0) if holds(offer) and not filled & slot else None


def _no_fit(clue: Clue, offer: _Offer, filled: int) -> None:
    """The fit of a clue of no slot: none."""


#: How each kind of clue (but a compass point and squares) fits a move.
_FITS: dict[str, Callable[[Clue, _Offer, int], tuple[int, float] | None]] = {
    "COLOUR": lambda clue, offer, filled: _colour_fit(clue.colour, offer, filled),
    "DIRECTION": lambda clue, offer, filled: _direction_fit(clue.direction, offer, filled),
    "AMBIGUOUS": lambda clue, offer, filled: _colour_fit(clue.colour, offer, filled) or _direction_fit(clue.direction, offer, filled),
    "DISTANCE": lambda clue, offer, filled: (_DISTANCE, 1.0) if clue.number == offer.distance and not filled & _DISTANCE else None,
    "PASS": _marked(_FORCED, lambda offer: offer.distance == 0),
    "BLOCKED": _marked(_FORCED, lambda offer: offer.distance == 0),
    "PUSH": _marked(_PUSH, lambda offer: offer.push),
    "RING": _marked(_PUSH, lambda offer: offer.push),
    "PUSHED": _marked(_FORCED, lambda offer: offer.direction is Direction.BACK),
    "FILL": lambda clue, offer, filled: None,  # (a fill stated: no move's, :func:`_fill_cost`)
}


def _colour_fit(colour: Colour | None, offer: _Offer, filled: int) -> tuple[int, float] | None:
    if colour is None:
        return None
    if colour is offer.tower and not filled & (_TOWER | _LANDING | _DIRECTION | _DISTANCE):
        return _TOWER, 1.0 if offer.chosen else 0.5  # (a tower the rules chose says little)
    if colour is offer.landing and not filled & _LANDING:
        return _LANDING, 1.0
    return None


def _direction_fit(direction: Direction | None, offer: _Offer, filled: int) -> tuple[int, float] | None:
    if filled & _DIRECTION or offer.distance == 0:
        return None
    if direction is None:  # (a down arrow: forward on a board drawn from the other side, or a push's back; never aslant)
        return (_DIRECTION, 0.5) if offer.direction in (Direction.FORWARD, Direction.BACK) else None
    return (_DIRECTION, 1.0) if direction is offer.direction else None


#: What a compass point (:func:`_compass`) weighs as the direction of a move (``None``: it
#: says another): forward, a diagonal of either side (half), west or east.
_POINTS: dict[str, Callable[[_Offer], float | None]] = {
    "F": lambda offer: 1.0 if offer.direction is Direction.FORWARD else None,
    "D": lambda offer: 0.5 if offer.west is not None else None,
    "W": lambda offer: 1.0 if offer.west is True else None,
    "E": lambda offer: 1.0 if offer.west is False else None,
}


def _compass_fit(point: str | None, offer: _Offer, filled: int) -> tuple[int, float] | None:
    if filled & _DIRECTION or offer.distance == 0 or point is None:
        return None
    weight = _POINTS[point](offer)
    return None if weight is None else (_DIRECTION, weight)


def _short_fit(short: tuple[Direction, int] | None, offer: _Offer, filled: int) -> tuple[int, float] | None:
    if short is None or filled & (_DIRECTION | _DISTANCE):
        return None
    return (_DIRECTION | _DISTANCE, 2.0) if (offer.direction, offer.distance) == short else None


def _squares_fit(squares: tuple[int | None, int] | None, offer: _Offer, filled: int, view: View, *, lands: bool = False) -> tuple[int, float] | None:
    if squares is None:
        return None
    origin, target = squares
    if view.turns(offer.move.side):
        origin, target = (None if origin is None else 63 - origin), 63 - target
    if origin is not None:
        both = not filled & (_ORIGIN | _TARGET) and (origin, target) == (offer.origin, offer.target)
        return (_ORIGIN | _TARGET, 3.0) if both else None
    return _square_fit(target, offer, filled, lands=lands)


def _square_fit(target: int, offer: _Offer, filled: int, *, lands: bool) -> tuple[int, float] | None:
    """The fit of a square alone: where ``offer`` lands, or where it stands (not a square
    said after a word for "to": ``lands``)."""
    if target == offer.target and not filled & _TARGET:
        return _TARGET, 2.0  # (a square says nearly all of a move)
    if target == offer.origin and not filled & _ORIGIN and not lands:
        return _ORIGIN, 0.5
    return None


def _spans(pieces: list[Piece], i: int, offer: _Offer, view: View) -> Iterator[tuple[int, float, tuple[int, ...]]]:
    """Each end ``j`` of an entry of ``offer`` that begins at ``pieces[i]`` (the pieces
    ``i:j`` all fit it, one a strong clue at least), what the entry weighs, and its shape
    (the slots its clues fill, in order)."""
    filled, weight, strong, bare = 0, 0.0, False, False
    shape: tuple[int, ...] = ()
    for j in range(i, min(len(pieces), i + _SPAN)):
        found = _fit(pieces[j], offer, filled, view)
        inside = _inside(pieces, j, offer, filled) if found is None and j > i else None
        if inside is not None:
            weight -= inside
            bare = bare or not filled & _HOW
            if inside and strong:  # (a word the entry said already may end it: 'Pk stuck - pass')
                yield j + 1, weight, shape
            continue
        if _ends_before(pieces, i, j, found, filled, bare=bare, strong=strong):
            return
        assert found is not None
        bare = False
        filled |= found[0]
        weight += _weighs(pieces[j], found)
        shape += (found[0],)
        strong = strong or _anchors(pieces[j])
        if strong:
            yield j + 1, weight + _calls_next(pieces, j + 1, offer, filled) - (_GLUED if pieces[j].glued else 0.0), shape


def _weighs(piece: Piece, found: tuple[int, float]) -> float:
    """What the clue of ``piece`` weighs in the slot ``found`` (the slot, the weight): a
    colour landed on read from the next cell of a table costs :data:`_CELL` (it may be
    the next entry's tower)."""
    return found[1] - (_CELL if found[0] == _LANDING and piece.cell else 0.0)


def _anchors(piece: Piece) -> bool:
    """Whether ``piece`` may be the strong clue an entry holds: one not weak, or one weak
    only because a line after it that says a whole move takes its line back (:func:`_take_back`:
    read, a taken-back entry weighs half, and the correction, where it is one, reads better)."""
    return not piece.weak or (piece.taken_back and not piece.clue.weak)


def _ends_before(pieces: list[Piece], i: int, j: int, found: tuple[int, float] | None, filled: int, *, bare: bool, strong: bool) -> bool:
    """Whether the entry begun at ``pieces[i]`` ends before ``pieces[j]``: it fits no slot
    left (``found``, none), or only a slot that says nothing of how the move goes after a
    word skipped (``bare``: 'blue, so I have to do blue' is no move) or after a sentence's
    end (``On blue. So I have to do blue.``), or a line parts them (:func:`_parted`)."""
    if found is None or (_paused(pieces, i, j, bare=bare) and not (filled | found[0]) & _HOW):
        return True
    return j > i and _parted(pieces[j - 1], pieces[j], strong=strong)


def _paused(pieces: list[Piece], i: int, j: int, *, bare: bool) -> bool:
    """Whether the entry begun at ``pieces[i]`` paused before ``pieces[j]``: a word was
    skipped (``bare``), or a sentence ended (:attr:`Piece.after_sentence`)."""
    return bare or (j > i and pieces[j].after_sentence)


def _parted(before: Piece, piece: Piece, *, strong: bool) -> bool:
    """Whether ``piece`` on a line after ``before``'s is no part of the entry ``before``
    ends so far: that entry holds only weak clues (a common word alone, ``Cafe`` above the
    moves, begins no entry on the next line), or a round's heading stands between."""
    return piece.line != before.line and (not strong or piece.said_round != before.said_round)


def _calls_next(pieces: list[Piece], j: int, offer: _Offer, filled: int) -> float:
    """What an entry of ``offer`` that ends before ``pieces[j]``, says how the move goes and
    no colour landed on gains where that piece is the colour it lands on, on a line after: the next
    entry's tower, which the rules make the colour this move lands on (``T: Rosa c2`` /
    ``F: Gelb d6``; ``BROWN R 1`` / ``ORANGE F 7``: right one lands on orange)."""
    if filled & _LANDING or not filled & _HOW or j >= len(pieces):
        return 0.0  # (a colour alone is no move said: 'Ametua kwenye bluu', then 'BLUU …')
    return _NEXT if _next_tower(pieces, j, offer.landing) else 0.0


def _next_tower(pieces: list[Piece], j: int, landing: Colour) -> bool:
    """Whether ``pieces[j]`` is the colour ``landing``, on a line after the piece before
    it, beginning an entry there (:func:`_begins_entry`): the next entry's tower."""
    nxt = pieces[j]
    colour = nxt.clue.kind == "COLOUR" and not nxt.weak and nxt.clue.colour is landing
    return colour and nxt.line != pieces[j - 1].line and _begins_entry(pieces, j)


#: The clues that say how a move goes (where a colour before them on the line is its tower).
_GOES = frozenset({"DIRECTION", "AMBIGUOUS", "DISTANCE", "SQUARE", "COORDS"})


def _begins_entry(pieces: list[Piece], j: int) -> bool:
    """Whether the colour ``pieces[j]`` begins an entry on its line: a clue of how a move
    goes follows it there (``F: Gelb d6``), where a colour alone on its line is a field of
    the entry it stands in (a property list's ``<string>Purple</string>`` under
    ``landedOn``) as likely as the next entry's tower."""
    return j + 1 < len(pieces) and pieces[j + 1].line == pieces[j].line and pieces[j + 1].clue.kind in _GOES


def _inside(pieces: list[Piece], j: int, offer: _Offer, filled: int) -> float | None:
    """What ``pieces[j]``, which fits no slot left of an entry of ``offer``, costs set
    aside inside it (``filled``: the slots its clues before filled), or ``None`` where
    it ends the entry: nothing for an arrow after the direction (``to``, before where
    the move lands); a weak clue's cost for what the entry said already (its direction
    said twice: ``straight forward``; its squares), on the line of the clue before it
    (a colour as a sign and a word is one clue already: :func:`_signs_as_words`). (A common word between its clues, ``to``, ``on``,
    still ends it: set aside inside entries, such words made more records read wrongly
    than right.)"""
    piece = pieces[j]
    if filled & (_DIRECTION | _DISTANCE | _FORCED) and _to_landing(pieces[j - 1], piece):
        return 0.0
    if piece.line != pieces[j - 1].line:
        return None  # (a quote's marks at the next line's start: another entry, or none)
    if _said_again(piece, offer, filled):
        return _ASIDE_WEAK
    return None


def _said_again(piece: Piece, offer: _Offer, filled: int) -> bool:
    """Whether ``piece`` says again what an entry of ``offer`` said already: its
    direction (``straight forward``, ``diagonal right``), its two squares (a bot's
    command, ``!k mv g8 h7``, then its answer, ``Green g8 ➜ h7``), its forfeit (``Pk
    stuck - pass``)."""
    clue = piece.clue
    if clue.kind == "DIRECTION":
        return bool(filled & _DIRECTION) and clue.direction is offer.direction
    if clue.kind in _FORFEIT_SAID:
        return _forfeit_said_again(offer, filled)
    both = _ORIGIN | _TARGET
    return clue.kind == "COORDS" and filled & both == both and clue.squares == (offer.origin, offer.target)


#: The clues that say a forfeit.
_FORFEIT_SAID = frozenset({"PASS", "BLOCKED"})


def _forfeit_said_again(offer: _Offer, filled: int) -> bool:
    """Whether a forfeit's word says again what an entry of ``offer`` said (``Pk stuck -
    pass``)."""
    return bool(filled & _FORCED) and offer.distance == 0


def _to_landing(before: Piece, piece: Piece) -> bool:
    """Whether ``piece`` is an arrow that says "to" after ``before`` on its line (not a
    quote's ``>`` that starts the next line)."""
    return piece.clue.kind == "DIRECTION" and to_arrow(piece.text) and piece.line == before.line


class _Reading:
    """A reading of the clues so far: its score, where it stands, and how it got there:
    the reading it goes on from (``back``) by a move, a fill or a clue set aside. Its
    position is made only when it is wanted (most readings are dropped before)."""

    __slots__ = ("_position", "_result", "back", "fill", "key", "move", "names", "round_number", "score", "shape", "twins", "used")

    def __init__(
        self, score: float, back: _Reading | None, *, position: Position | None = None, move: Move | None = None,
        fill: Fill | None = None, used: tuple[int, int] | None = None, shape: tuple[int, ...] = (),
    ) -> None:
        self.score, self.back, self.move, self.fill, self.used, self.shape = score, back, move, fill, used, shape
        #: the readings as good that came to the same place other ways (:meth:`_Beam.add`)
        self.twins: list[_Reading] = []
        #: the side each name before an entry read so far moved for (the first it was read with)
        self.names: tuple[tuple[str, Side], ...] = back.names if back is not None else ()
        self._position = position
        self._result: RoundResult | None | bool = False  # (False: not yet found)
        self.round_number: int
        self.key: tuple[int, int]
        if back is None or position is not None:
            assert position is not None
            self.round_number = back.round_number + 1 if back is not None else 1
            self.key = (position.key(), self.round_number)
        else:
            self.round_number = back.round_number
            change = back.position.key_change(move) if move is not None else 0
            self.key = (back.key[0] ^ change, self.round_number)
            if move is None:
                self._position, self._result = back.position, back.result  # (a clue set aside: where it was)

    @property
    def position(self) -> Position:
        if self._position is None:
            assert self.back is not None and self.move is not None
            self._position = self.back.position.copy(stack=True)
            self._position.apply(self.move)
        return self._position

    def forget(self) -> None:
        """Let go of its position (its result kept) where it can be made again no more:
        where no reading will go on from it."""
        self._result = self.result
        if self.fill is None and self.back is not None:
            self._position = None

    @property
    def result(self) -> RoundResult | None:
        """Its round's result, once the round ended."""
        if self._result is False:
            self._result = round_result(self.position) if self.move is not None else None
        return self._result  # type: ignore[return-value]


@dataclass(slots=True)
class AlignedRound:
    """A round as read: its fill (``None`` for the first) and the position it starts
    from, its moves in order (the forced ones too), the pieces each was read from
    (``None``: a move the rules forced, written nowhere), and its result once it ended."""

    fill: Fill | None
    start: Position
    moves: list[Move] = field(default_factory=list)
    used: list[tuple[int, int] | None] = field(default_factory=list)
    result: RoundResult | None = None
    #: what the reading gained over the round's stretch of clues (its entries' weights
    #: less the clues set aside between them)
    gain: float = 0.0
    #: the moves read (by index) whose words fit other moves as well, the round going on
    #: alike after each (``gule et felt skråt til venstre``, *one* not read: Left 1, 2 or
    #: 3, each landing on yellow): those other moves
    others: dict[int, list[Move]] = field(default_factory=dict)

    @property
    def stretch(self) -> int:
        """How many clues lie from the round's first entry to its last."""
        spans = [u for u in self.used if u is not None]
        return spans[-1][1] - spans[0][0] if spans else 0

    @property
    def strength(self) -> float:
        """What the reading gained for each clue of the round's stretch."""
        return self.gain / self.stretch if self.stretch else 0.0


@dataclass(slots=True)
class Alignment:
    """The best reading of a text's evidence: its rounds; how many of them are
    ``certain`` (no reading as good parts from it before its end); the pieces of
    evidence, and those set aside (their indices)."""

    rounds: list[AlignedRound]
    certain: int
    pieces: list[Piece]
    aside: list[int]
    #: where the text's squares are seen from
    view: View = View.WRITTEN
    #: the way the text numbers squares, where it writes them as numbers
    numbering: Numbering | None = None
    shapes: list[tuple[int, ...]] = field(default_factory=list)
    #: the order the text's clues were read in (:class:`Order`)
    order: Order = Order.WRITTEN
    #: the reading's score (what its entries gained less what it set aside)
    score: float = 0.0
    #: the reading was read in the habit learnt from its own entries' shapes (so it is
    #: what a reading in that habit gives)
    settled: bool = False
    #: the reading agrees with each winner the text says (``Won by Gold``; none: no)
    told: bool = False

    @property
    def notes_after(self) -> bool:
        """Whether what is read after the rounds read with certainty is notes on them,
        not a round: the moves read there are theirs said again (from their squares: ``the
        pink went to d2``) more than new ones, which are too few for a round
        (:data:`_GUARD`)."""
        rest = self.rounds[self.certain :]
        read = sum(u is not None and _telling(u, self.pieces) for rnd in rest for u in rnd.used)
        new = _new_moves(rest, self.rounds[: self.certain], self.pieces, _echoes(self.pieces))
        return new < _GUARD and read - new >= max(new, 1)

    @property
    def judged(self) -> list[AlignedRound]:
        """The rounds read with certainty, to their end."""
        return [r for r in self.rounds[: self.certain] if r.result is not None]

    @property
    def whole(self) -> bool:
        """Whether the reading judges every round it reads, each to its end, with certainty."""
        return bool(self.rounds) and len(self.judged) == len(self.rounds)

    @property
    def squares_set_aside(self) -> bool:
        """Whether the reading set aside a move said whole in its squares (``h8 se h5 tak``):
        read in the order written, a feed posted newest first may judge its round all the
        same, its moves made up between the moves it keeps."""
        return any(self.pieces[k].clue.kind == "COORDS" for k in self.aside)


def best_reading(lines: Sequence[str], first_line: int = 1) -> Alignment | None:
    """The reading against the moves of ``lines`` in the order they are written or, where
    that leaves a round unjudged, in another order (:class:`Order`): newest first (a live
    ticker's, a blog's updates above the older ones), or a table's rounds side by side
    read a band after another. Another order is taken where it judges every round it
    reads and reads the text better (its score: what the moves explain of the evidence,
    less what they do not); where the text holds rounds side by side, that order is
    tried however well the order written reads. Moves read in the wrong order are seldom
    legal, so a record written forwards does not read better another way."""
    forward = align_lines(lines, first_line=first_line)
    across = rounds_side_by_side(lines, first_line)
    if _as_written(forward, across=across):
        return forward
    best = forward
    orders = [Order.NEWEST_FIRST, *([Order.NEWEST_POST_FIRST] if posts_apart(lines) else []), *([Order.ACROSS] if across else [])]
    for order in orders:
        other = align_lines(lines, first_line=first_line, order=order)
        if other is not None and _reads_better(other, best, more=_more_counts(order, best)):
            best = other
    return best


def _as_written(forward: Alignment | None, *, across: bool) -> bool:
    """Whether the reading in the order written, ``forward``, is taken without trying
    another: it judges every round it reads, the text holds no rounds side by side
    (``across``), and it sets aside no move said whole in its squares."""
    return forward is not None and forward.whole and not across and not forward.squares_set_aside


def _more_counts(order: Order, best: Alignment | None) -> bool:
    """Whether a reading in ``order`` is taken over ``best`` where it judges more rounds
    (:func:`_reads_better`): a table's rounds read across, or a text the reading so far
    judges no round of."""
    return order is Order.ACROSS or (best is not None and not best.judged)


def _reads_better(other: Alignment, best: Alignment | None, *, more: bool) -> bool:
    """Whether ``other``, a reading in another order, is taken over ``best``: it judges
    every round it reads and reads the text better; or, where ``more`` (a table whose
    rounds stand side by side, read across; or a text the order written judges no round
    of, a feed's posts newest first with a note after the last), it reads the text better
    and judges more rounds with certainty (the last may stay unjudged: the short form's
    letters, a note read as a move); but not where ``best`` judges as many rounds, and
    what it reads after them is notes on them (:attr:`Alignment.notes_after`). Where
    ``best`` judges no round and ``other`` every
    round it reads, ``other`` is taken too where it sets fewer clues aside, however the
    two score: a feed's posts of two moves each read oldest first make a legal match
    that sets the newest post aside, and its habit may score it above the one that
    reads every move. Scores are compared to six places: the same moves read in
    another order may sum to a score a rounding's width higher, and that is no better."""
    if best is not None and round(other.score, 6) <= round(best.score, 6):
        return more and _sets_less_aside(other, best)
    if _notes_after_as_many(other, best):
        return False
    return other.whole or (more and _judges_more(other, best))


def _sets_less_aside(other: Alignment, best: Alignment) -> bool:
    """Whether ``other`` judges every round it reads and sets fewer clues aside than
    ``best``, which judges none."""
    return other.whole and len(other.aside) < len(best.aside) and not best.judged


def _notes_after_as_many(other: Alignment, best: Alignment | None) -> bool:
    """Whether ``best`` judges as many rounds as ``other`` at least, one at least, and
    what it reads after them is notes quoting their moves (read in the order written)."""
    return best is not None and bool(best.judged) and not _judges_more(other, best) and best.notes_after


def _judges_more(other: Alignment, best: Alignment | None) -> bool:
    """Whether ``other`` judges more rounds with certainty than ``best`` (none where ``None``)."""
    return len(other.judged) > (len(best.judged) if best is not None else 0)


def align_lines(lines: Iterable[str], *, first_line: int = 1, order: Order = Order.WRITTEN) -> Alignment | None:
    """The best reading of the evidence of ``lines`` against the legal moves of a match
    from the standard start (squares read as written and, where that reads better, as
    seen from the other side of the board), or ``None`` where the text holds no
    evidence of a move."""
    return _aligned(tuple(lines), first_line, order)


@lru_cache(maxsize=8)
def _aligned(lines: tuple[str, ...], first_line: int, order: Order = Order.WRITTEN) -> Alignment | None:
    """:func:`align_lines`, kept for the few texts read last (``fix`` judges a text
    again after each round of corrections): the text as written, or where its numbers
    name squares (:mod:`~kamisado_notation.notation.kmr.numbered`), in the way of
    numbering them that judges the most rounds, and as many as the text read as written
    (numbers that make moves are more likely squares than distances), where they make
    half as many moves as that reading judges at least."""
    best = _read(lines, first_line, order)
    for numbering, text in numbered_texts(lines, read=sum(len(r.moves) for r in best.judged) if best else 0):
        best = _numbered(text, first_line, order, numbering, best)
    return best


def _numbered(lines: tuple[str, ...], first_line: int, order: Order, numbering: Numbering, best: Alignment | None) -> Alignment | None:
    """The reading of ``lines`` (a text written again with its numbers as squares in
    ``numbering``) where it judges a round and weighs as much as ``best`` at least
    (:func:`_weight`), else ``best``."""
    other = _read(lines, first_line, order)
    if other is None or not other.judged or (best is not None and _weight(other) < _weight(best)):
        return best
    other.numbering = numbering
    return other


def _weight(alignment: Alignment) -> tuple[int, int, float, bool]:
    """What a reading is weighed by against a reading of the same text in another way of
    numbering its squares: the rounds it judges, then the fewest clues set aside, then
    its score (what the moves explain of the text), then whether it reads the squares as
    written (not from the other side of the board: the board looks the same mirrored, so
    a text of squares alone reads as well mirrored and turned, as another match)."""
    return len(alignment.judged), -len(alignment.aside), round(alignment.score, 6), alignment.view is View.WRITTEN


def _read(lines: tuple[str, ...], first_line: int, order: Order) -> Alignment | None:
    """The best reading of ``lines`` as :func:`align_lines` says."""
    pieces = pieces_of(lines, first_line=first_line, order=order)
    if all(p.weak for p in pieces) or len(pieces) > MAX_CLUES:  # (no evidence but common words: 'on', 'to')
        return None
    won = _winners_said(lines, first_line) if order is Order.WRITTEN else ()
    best = _learnt(pieces, view=View.WRITTEN, won=won)
    best, pieces = _parted_if_better(pieces, best, won)
    best, pieces = _in_one_voice(lines, first_line, pieces, best, won)
    best = _best_view(pieces, best, won, order)
    best.order = order
    return best


def _best_view(pieces: list[Piece], best: Alignment, won: Sequence[tuple[int, Side]], order: Order) -> Alignment:
    """The reading of ``pieces`` in the view (:class:`View`) that reads them best,
    ``best`` read as written: from the other side of the board where the text says
    squares enough (:data:`_SQUARES_SHARE`); read in the order written (``order``), each
    side's squares from its own side, and each player's left and right as the other
    sees them, where the reading so far leaves squares, or lefts and rights, unread
    (:func:`_leaves`)."""
    views = _Views(pieces, best, won)
    if sum(_a_square(p.clue) for p in pieces) * _SQUARES_SHARE >= len(pieces):
        views.weigh(View.TURNED)
    for view, unread in _OWN_VIEWS if order is Order.WRITTEN else ():  # (a writer's own view is weighed in the order he wrote: each costs readings of the text)
        if _leaves(views.best, unread):
            views.weigh(view)
    return views.best


def _a_square(clue: Clue) -> bool:
    """Whether ``clue`` names a square (or two)."""
    return clue.kind in ("SQUARE", "COORDS")


def _a_left_or_right(clue: Clue) -> bool:
    """Whether ``clue`` says a left or a right."""
    return clue.direction in MIRRORED


#: The views of a writer's own seat (:func:`_best_view`), each with the clues a reading
#: leaves unread where the text is written in it.
_OWN_VIEWS = ((View.OWN_SIDES, _a_square), (View.GOLDS_SEAT, _a_left_or_right), (View.BLACKS_SEAT, _a_left_or_right))


def _leaves(reading: Alignment, unread: Callable[[Clue], bool]) -> bool:
    """Whether the text says some clues that are ``unread`` (not weak), and ``reading``
    sets aside a sixth of them, two at least, on lines whose moves it reads (a side's
    lefts and rights written as the other player sees them: ``her pink came 3 towards
    me, off to my right``, read as a move of the pink tower 3 squares, its *right* set
    aside; not a remark's line, all of it set aside), or leaves a round uncertain."""
    said = [k for k, p in enumerate(reading.pieces) if not p.weak and unread(p.clue)]
    if not said or not reading.whole:
        return bool(said)
    aside, read = set(reading.aside), _lines_read(reading)  # (whole: every round it reads judged)
    return sum(k in aside and reading.pieces[k].line in read for k in said) >= max(2, len(said) / 6)


class _Views:
    """The best reading of a text's ``pieces`` so far among the views weighed
    (:meth:`weigh`), and its score in its own habit read in its own view, found once
    (:func:`_in_own_habit`)."""

    def __init__(self, pieces: list[Piece], best: Alignment, won: Sequence[tuple[int, Side]]) -> None:
        self.pieces, self.best, self.won = pieces, best, won
        self._own: float | None = None

    def weigh(self, view: View) -> None:
        """Take the reading in ``view`` where it reads the pieces clearly better than the
        best so far (:data:`_FLIP`), and better in the habit each reading learnt, both
        read in the same habit each time (a score is only weighed against one in the
        same habit: a reading of too few entries to learn one has no habit's cost). The
        board looks the same from both sides, so a match read from the other side is the
        same moves with the sides swapped and another winner each round, or the moves
        from the second on with each side's first move read as the other's (a bot that
        says each move twice): it must win in both habits, not only in the one it learnt
        (each habit is learnt from a first reading, and a reading that made a move of a
        note's words learns another). Nor where the best agrees with the winners the
        text says (``Won by Gold``) and the reading in ``view`` does not: read from the
        other side, a sheet whose Black column alone is turned can make another match
        that Black wins. The best's habit is weighed first: where ``view`` loses in it,
        the reading in ``view`` is not learnt."""
        best, won = self.best, self.won
        if self._own is None:
            self._own = _in_own_habit(self.pieces, best, won)
        if _align(self.pieces, view=view, style=_Style(best.shapes), won=won).score <= self._own:
            return
        seen = _learnt(self.pieces, view=view, won=won)
        if seen.score > best.score + _FLIP and seen.told >= best.told and _sees_better(self.pieces, seen, best.view, won):
            self.best, self._own = seen, None


#: How much better a reading of the squares from the other side of the board (or of a
#: side's left and right as the other sees them) must be to be taken: the board looks
#: the same from both sides, so a reading near as good (a preamble's words read as one
#: move more, ``あとで直す``… ``1回勝負``: *straight*, *one*) swaps every side and winner;
#: the view the notation writes in stands unless another reads clearly better.
_FLIP = _PRICE


def _sees_better(pieces: list[Piece], seen: Alignment, than: View, won: Sequence[tuple[int, Side]]) -> bool:
    """Whether ``seen`` scores more than ``pieces`` read with the squares seen as
    ``than`` says, in the habit ``seen`` learnt."""
    return _in_own_habit(pieces, seen, won) > _align(pieces, view=than, style=_Style(seen.shapes), won=won).score


def _in_own_habit(pieces: list[Piece], reading: Alignment, won: Sequence[tuple[int, Side]]) -> float:
    """The score of ``pieces`` read in ``reading``'s view and in the habit it learnt:
    its own, where it is settled in that habit (read so, the same reading)."""
    return reading.score if reading.settled else _align(pieces, view=reading.view, style=_Style(reading.shapes), won=won).score


def _winners_said(lines: tuple[str, ...], first_line: int) -> tuple[tuple[int, Side], ...]:
    """The lines (by number) of ``lines`` that say a side won, and that side
    (:func:`~kamisado_notation.notation.kmr.evidence.winner_in`: ``Winner: GOLD``, or a
    player's name the text says the side of: ``Dorota wins``)."""
    players = players_sides(lines)
    said = ((number, winner_in(text, players)) for number, text in enumerate(lines, first_line))
    return tuple((number, side) for number, side in said if side is not None)


def _learnt(pieces: list[Piece], *, view: View, won: Sequence[tuple[int, Side]] = ()) -> Alignment:
    """The reading of ``pieces`` with the record's habit learnt from a first reading
    (``won``: the winners the text says, :func:`_winners_said`)."""
    reading = _align(pieces, view=view, won=won)
    if not any(r.result is not None for r in reading.rounds):
        return reading  # (no round ends in a first reading: no habit would end one)
    if len(reading.shapes) < _HABIT_ENTRIES:
        return reading  # (a habit is not learnt from a few entries: each would cost more than a clue set aside)
    for _ in range(_LEARNING):
        learnt = _align(pieces, view=view, style=_Style(reading.shapes), won=won)
        if Counter(learnt.shapes) == Counter(reading.shapes):
            learnt.settled = True
            return learnt  # (the habit learnt again is the one it was learnt from: settled)
        reading = learnt
    return reading


def _twin(kept: _Reading, other: _Reading) -> None:
    """Keeps ``other``, which comes where ``kept`` does, as its twin where it is as good:
    the same from here on, which way it came the text may not tell."""
    if kept.score - other.score < _EVEN and other is not kept:
        kept.twins.append(other)


#: The key of a reading that has read no move yet: round 1 at the start.
_START = (Position.initial().key(), 1)


class _Beam:
    """The readings at one clue: the best for each position."""

    def __init__(self) -> None:
        self.readings: dict[tuple[int, int], _Reading] = {}

    def add(self, r: _Reading) -> bool:
        key = r.key
        old = self.readings.get(key)
        if old is not None and old.score >= r.score:
            _twin(old, r)
            return False
        self.readings[key] = r
        return True

    def best(self) -> list[_Reading]:
        """The best readings, and the one that has read no move yet however far below
        them it is: text before a record's first entry (a handout's preamble, a legend
        explaining the directions) may read as moves better than it reads as nothing,
        until the entries start, which no reading gone wrong there can read."""
        ranked = sorted(self.readings.values(), key=lambda r: -r.score)
        top = ranked[0].score if ranked else 0.0
        kept = [r for r in ranked[:_BEAM] if r.score >= top - _MARGIN]
        start = self.readings.get(_START)
        if start is not None and start not in kept:
            kept.append(start)
        return kept


class _Style:
    """A record's habit: how often its entries take each shape (the slots their clues
    fill, in order), learnt from a reading of it."""

    def __init__(self, shapes: Iterable[tuple[int, ...]]) -> None:
        self.counts = Counter(shapes)
        self.total = sum(self.counts.values())

    def weight(self, shape: tuple[int, ...], *, home: bool = False, wins: bool = False) -> float:
        """What an entry of ``shape`` gains (a negative number: the log of its share).
        ``home``: the entry reaches the goal and the text pauses after it; its landing
        unsaid is as usual as said (a form with no column for it names the next tower
        instead, and after the move home there is none). ``wins``: it reaches the goal,
        said by both its squares; a winning move is often written out in full however the
        others are (``vàng sumo e5 → b8, sumo về đích``), so its shape is as usual as the
        record's commonest (not a square alone: a note's ``Na a1 iko wazi``, *a1 is free*,
        is no move home)."""
        count = self.counts.get(shape, 0)
        if home and not any(slot & _LANDING for slot in shape):
            count = max(count, self.counts.get((*shape, _LANDING), 0))
        if wins:
            count = max([count, *self.counts.values()])
        share = (count + _SMOOTH) / (self.total + _SMOOTH * _SHAPES)
        return _HABIT * log2(share)


def _align(pieces: list[Piece], *, view: View, style: _Style | None = None, won: Sequence[tuple[int, Side]] = ()) -> Alignment:
    n = len(pieces)
    beams = {i: _Beam() for i in range(_SPAN + 1)}  # (the beams an entry begun now may end at)
    beams[0].add(_Reading(0.0, None, position=Position.initial()))
    offers: dict[int, list[_Offer]] = {}
    passed: deque[list[_Reading]] = deque()
    for i in range(n + 1):
        beam = beams.pop(i)
        beams[i + _SPAN + 1] = _Beam()
        _close(beam)
        readings = beam.best()
        if i == n:
            break
        piece = pieces[i]
        cost = _ASIDE_WEAK if piece.weak else _ASIDE
        for r in readings:
            beams[i + 1].add(_Reading(r.score - _fill_cost(piece, r, cost), r))
            if r.result is not None and not _deadlock_forfeits(r):
                continue
            said = offers.get(r.key[0])
            if said is None:
                said = offers[r.key[0]] = _offers(r.position, view)
            for j, offer, weight, shape in _entries(pieces, i, said, view, style):
                named, names = _named(r.names, piece.name, offer.move.side)
                entry = _Reading(r.score + weight + named - _misplaced(piece, r.round_number, offer.move.side), r, move=offer.move, used=(i, j), shape=shape)
                entry.names = names
                beams[j].add(entry)
            for j, weight in _back_entry_said(pieces, i, r, view):
                beams[j].add(_Reading(r.score + weight - _PRICE, r, used=(i, j)))
        _forget(passed, readings, offers)
    return _alignment(readings, pieces, won, view=view)


def _back_entry_said(pieces: list[Piece], i: int, r: _Reading, view: View) -> Iterator[tuple[int, float]]:
    """Where a back-entry written after reading ``r``'s last move, a Sumo push, may end,
    begun at ``pieces[i]``, and what its clues weigh (``xanh dương pushed back to f5``).
    The position plays a push's back-entry with it (S3), so no step after it is one; its
    words, written as an entry of their own, are read as its, not set aside."""
    if r.move is None or not r.move.push:
        return
    back = _offer(back_move(r.move, r.position), False)
    if _fit(pieces[i], back, 0, view) is not None:
        for j, weight, _shape in _spans(pieces, i, back, view):
            yield j, weight


def _fill_cost(piece: Piece, r: _Reading, cost: float) -> float:
    """What reading ``r`` pays for setting ``piece`` aside: nothing where it states a fill
    (:attr:`Piece.fill`) and the last step of ``r`` filled the round so (clues of no
    move set aside after it); else ``cost``, what a clue set aside costs (a fill stated
    alone: as a clue, :data:`_ASIDE`)."""
    if piece.fill is None:
        return cost
    if _last_step(r).fill is piece.fill:
        return 0.0
    return max(cost, _ASIDE) if piece.clue.kind == "FILL" else cost


def _last_step(r: _Reading) -> _Reading:
    """The last step of reading ``r`` (a move or a fill), clues set aside after it passed over."""
    while r.move is None and r.fill is None and r.back is not None:
        r = r.back
    return r


def _misplaced(piece: Piece, round_number: int, side: Side) -> float:
    """What an entry begun at ``piece`` costs read as a move of ``side`` in round
    ``round_number``: where the heading above it names another round, or the sign its
    line begins with marks the other side (:data:`_ELSEWHERE` each). Under the last
    heading read, only an earlier round is another (:attr:`Piece.said_later`)."""
    said = piece.said_round
    elsewhere = said is not None and (said > round_number if piece.said_later else said != round_number)
    return _ELSEWHERE * (elsewhere + (piece.side_said not in (None, side)))


def _deadlock_forfeits(r: _Reading) -> bool:
    """Whether the round ``r`` ended in a deadlock (M8) whose forfeits a record may still
    write (``Pink 0 Brown``, ``Brown 0 Pink``): each side's one, after the move that made
    it; they change nothing of the round's result."""
    assert r.result is not None
    if r.result.by is not RoundEnd.DEADLOCK:
        return False
    history = r.position.history
    return len(history) < 2 or not (history[-1].is_forfeit and history[-2].is_forfeit)


def _named(names: tuple[tuple[str, Side], ...], name: str | None, side: Side) -> tuple[float, tuple[tuple[str, Side], ...]]:
    """What an entry of ``side`` after ``name`` gains, and the names known after it: a
    name read before with the same side gains (people name who moved, and a player keeps
    his side all match: a reading that makes an onlooker's words a move gives the names
    after it the other side); a name new is learnt (the first :data:`_NAMES` only)."""
    if name is None:
        return 0.0, names
    for known, was in names:
        if known == name:
            return (_NAMED if was is side else 0.0), names
    return 0.0, (names + ((name, side),) if len(names) < _NAMES else names)


def _forget(passed: deque[list[_Reading]], readings: list[_Reading], offers: dict[int, list[_Offer]]) -> None:
    """Keep memory flat in the length of the text: a reading an entry can no longer go
    on from keeps its result but not its position (a round's start keeps its own), and
    the legal moves of the positions met are forgotten now and then."""
    passed.append(readings)
    if len(passed) > _SPAN:
        for r in passed.popleft():
            r.forget()
    if len(offers) > _OFFERS:
        offers.clear()


def _entries(pieces: list[Piece], i: int, offers: list[_Offer], view: View, style: _Style | None) -> Iterator[tuple[int, _Offer, float, tuple[int, ...]]]:
    """Each entry that begins at ``pieces[i]``: where it ends, its move, what it weighs
    and its shape. Its weight is what its clues say, less what the legal moves its clues
    fit as well cost (an entry that several moves fit says less of each), plus how
    likely its shape is in the record's ``style`` (:func:`_typical`); a correction's
    move is one :func:`_may_correct` allows."""
    found: list[tuple[int, _Offer, float, tuple[int, ...]]] = []
    for offer in offers:
        if _fit(pieces[i], offer, 0, view) is not None and _may_correct(pieces[i], offer):
            found.extend((j, offer, weight, shape) for j, weight, shape in _spans(pieces, i, offer, view))
    alike = Counter((j, weight) for j, _o, weight, _s in found)
    for j, offer, weight, shape in found:
        home = _home(offer.move)
        typical = _typical(pieces[i], offer, shape, style, home and _pause_after(pieces, j), wins=home and _in_full(shape))
        yield j, offer, weight - _PRICE - _SHARED * log2(alike[j, weight]) + typical, shape


def _in_full(shape: tuple[int, ...]) -> bool:
    """Whether an entry of ``shape`` says its move by both its squares (``e5 → b8``)."""
    return _BOTH_SQUARES in shape


def _typical(piece: Piece, offer: _Offer, shape: tuple[int, ...], style: _Style | None, home: bool, *, wins: bool = False) -> float:
    """What an entry of ``offer`` and ``shape`` that begins at ``piece`` gains by the
    record's ``style`` (:meth:`_Style.weight`); nothing for a correction's
    (:attr:`Piece.corrects`), whose shape is seldom the record's habit."""
    if piece.corrects is not None:
        return 0.0
    return 0.0 if style is None else style.weight(shape, home=home, wins=wins)


def _may_correct(piece: Piece, offer: _Offer) -> bool:
    """Whether an entry that begins at ``piece`` may be read as ``offer``'s move: any,
    but where ``piece`` begins a correction that names no tower (``no wait, a3``), a move
    of a tower the line it corrects named (``orange a8-a6``): a correction keeps what it
    does not say again."""
    return not piece.corrects or offer.move.tower in piece.corrects


def _home(move: Move) -> bool:
    """Whether ``move`` reaches the mover's goal, the other side's home row."""
    return move.target // 8 == (0 if move.side is Side.BLACK else 7)


def _pause_after(pieces: list[Piece], j: int) -> bool:
    """Whether the text pauses after an entry that ends before ``pieces[j]``: the entry
    is the last of its line, and a line with no evidence follows it (a result's line, a
    blank line, the next round's heading), or nothing does."""
    return j == len(pieces) or pieces[j].line > pieces[j - 1].line + 1


def _close(beam: _Beam) -> None:
    """Add to ``beam`` what its readings lead to with no clue: a forced move, the next
    round's start (both fills)."""
    work = list(beam.readings.values())
    while work:
        r = work.pop()
        for nxt in _free(r):
            if beam.add(nxt):
                work.append(nxt)


def _free(r: _Reading) -> Iterator[_Reading]:
    if r.result is not None:
        ended = r.position.copy()
        place_ring(ended, r.result)
        for how in (Fill.LEFT, Fill.RIGHT):
            yield _Reading(r.score, r, position=fill(ended, how, challenger=r.result.winner.other), fill=how)
        return
    if r.position.must_forfeit():  # (a blocked tower's turn is often not written)
        yield _Reading(r.score, r, move=r.position.forfeit_move())


def _alignment(final: list[_Reading], pieces: list[Piece], won: Sequence[tuple[int, Side]] = (), *, view: View = View.WRITTEN) -> Alignment:
    """The alignment the best of the ``final`` readings gives: its rounds, those of them
    certain (no reading near as good parts from it before their end, and each read from
    enough: :data:`_FIRM`), the pieces it set aside. The winners the text says
    (``won``) tell readings as good apart: where the best does not agree with each of
    them and one as good does, that one is taken; where the best agrees, a reading near
    as good that does not is no reason to doubt it; nor is one that leaves more moves
    said in their squares unplayed (:func:`_unplayed`)."""
    best, path, near = _told_by_winners(_as_good(final), won, pieces)
    unplayed = _unplayed(path, pieces, view)
    near = [other for other in near if _unplayed(other, pieces, view) <= unplayed]
    rounds = _rounds(path)
    near = _unsettled(best, rounds, near)
    aside = _aside(best, pieces)
    _settled_by_aside(rounds, pieces, set(aside))
    certain = _firm(rounds, _rounds_within(path, _agreed(path, near)), pieces)
    told = bool(won) and _says_winners(path, won, pieces)
    return Alignment(rounds, certain, pieces, aside, view=view, shapes=_shapes(path), score=best.score, told=told)


def _unplayed(path: list[_Reading], pieces: list[Piece], view: View) -> int:
    """How many moves said whole in their squares (``e1 b4``) the steps ``path`` neither
    read nor play: a reading that makes up other moves where the text says one in its
    squares (``pink again??`` read as a pink move, the bot's ``e1 ➜ b4`` set aside) does
    not fit the text as well as one that plays it, however near their scores."""
    moves = [step.move for step in path if step.move is not None]
    return sum(not any(says_of(p, m, view=view) for m in moves) for p in _squares_unread(path, pieces))


def _squares_unread(path: list[_Reading], pieces: list[Piece]) -> Iterator[Piece]:
    """The moves said whole in their squares (not weak) that no step of ``path`` reads."""
    used = {k for step in path if step.used is not None for k in range(*step.used)}
    return (p for k, p in enumerate(pieces) if k not in used and p.clue.kind == "COORDS" and not p.weak)


def _as_good(final: list[_Reading]) -> list[_Reading]:
    """The readings of ``final`` (the best first) as good as the best (:data:`_TIE`)."""
    return [r for r in final if r.score > final[0].score - _TIE + 1e-9]


def _aside(best: _Reading, pieces: list[Piece]) -> list[int]:
    """The pieces reading ``best`` set aside (by index), but weak ones: what none of its
    steps read (a move, or a push's back-entry written)."""
    used = {k for r in _chain(best) if r.used is not None for k in range(*r.used)}
    return [k for k in range(len(pieces)) if k not in used and not pieces[k].weak]


def _shapes(path: list[_Reading]) -> list[tuple[int, ...]]:
    """The shapes of the entries the steps of ``path`` read."""
    return [r.shape for r in path if r.used is not None]


def _unsettled(best: _Reading, rounds: list[AlignedRound], near: list[list[_Reading]]) -> list[list[_Reading]]:
    """Marks in ``rounds`` (the reading ``best``'s) each move that a reading as good reads
    as another, the two coming to the same place after it, or ending the match alike
    after it, that move the one step they part at (:attr:`AlignedRound.others`): where
    their ways part, the record fits both alike. The readings ``near`` it that do not
    end alike so are returned (they cast doubt on it)."""
    at = _read_from(rounds)
    step: _Reading | None = best
    while step is not None:
        if step.twins:
            _mark_parted(at, _path(step), [_path(twin) for twin in step.twins])
        step = step.back
    path = _path(best)
    alike = [_one_step_apart(path, other) for other in near]
    _mark_parted(at, path, [other for other, same in zip(near, alike, strict=True) if same])
    return [other for other, same in zip(near, alike, strict=True) if not same]


def _read_from(rounds: list[AlignedRound]) -> dict[tuple[int, int], tuple[AlignedRound, int]]:
    """The round and index of the move read from each span of clues of ``rounds``."""
    return {u: (rnd, k) for rnd in rounds for k, u in enumerate(rnd.used) if u is not None}


def _mark_parted(at: dict[tuple[int, int], tuple[AlignedRound, int]], ours: list[_Reading], others: list[list[_Reading]]) -> None:
    """Notes, where the steps ``ours`` and each of ``others`` part, the other's move as
    one that the move read there may be (``at``: :func:`_read_from`)."""
    for other in others:
        found = _parting(ours, other)
        if found is not None and found[0] in at:
            _other(*at[found[0]], found[1])


def _settled_by_aside(rounds: list[AlignedRound], pieces: list[Piece], aside: set[int]) -> None:
    """Settles each move of ``rounds`` that its words fit no better than others
    (:attr:`AlignedRound.others`) where a clue set aside beside them (``aside``: those
    pieces), a few clues either way, is true of one of them only: the reading took
    other words for the entry (``the purple 3 diagonally to / the right``, its tower
    read as where the move before it landed, its distance set aside), and that clue
    says which move it is."""
    for rnd in rounds:
        for k, others in list(rnd.others.items()):
            near = _beside(rnd.used[k], pieces, aside)
            told = [m for m in (rnd.moves[k], *others) if any(says_of(p, m) for p in near)]
            if len(told) == 1 and _replays(rnd.start, [*rnd.moves[:k], *told, *rnd.moves[k + 1 :]]):
                rnd.moves[k] = told[0]
                del rnd.others[k]


def _beside(used: tuple[int, int] | None, pieces: list[Piece], aside: set[int]) -> list[Piece]:
    """The pieces set aside (``aside``) within :data:`_BESIDE` clues of the span ``used``."""
    start, end = used or (0, 0)
    return [pieces[i] for i in range(max(0, start - _BESIDE), min(len(pieces), end + _BESIDE)) if i in aside]


def _replays(start: Position, moves: list[Move]) -> bool:
    """Whether ``moves`` are legal one after another from ``start``."""
    position = start.copy(stack=True)
    for move in moves:
        if move not in position.legal_moves():
            return False
        position.play(move)
    return True


#: How many clues either side of an entry a clue set aside may stand and settle it.
_BESIDE = 3


def _one_step_apart(path: list[_Reading], other: list[_Reading]) -> bool:
    """Whether two readings' steps are alike but one, each ending its round alike (a
    fill no move follows aside: nothing of that round is written)."""
    path, other = _to_last_move(path), _to_last_move(other)
    apart = sum(not _same(a, b) for a, b in zip(path, other, strict=False))
    return len(path) == len(other) and apart == 1 and all(a.result == b.result for a, b in zip(path, other, strict=True))


def _to_last_move(path: list[_Reading]) -> list[_Reading]:
    """The steps of ``path`` to its last move."""
    end = len(path)
    while end and path[end - 1].move is None:
        end -= 1
    return path[:end]


def _other(rnd: AlignedRound, k: int, move: Move) -> None:
    """Notes ``move`` as another that move ``k`` of ``rnd`` may be."""
    others = rnd.others.setdefault(k, [])
    if move != rnd.moves[k] and move not in others:
        others.append(move)


def _parting(ours: list[_Reading], theirs: list[_Reading]) -> tuple[tuple[int, int], Move] | None:
    """Where two readings' steps first part, each a move read from the same clues (the
    words fit both moves; not where the readings took other words for the move): those
    clues, and their move."""
    k = next((k for k, (a, b) in enumerate(zip(ours, theirs, strict=False)) if not _same(a, b)), None)
    if k is None:
        return None
    used, move = ours[k].used, theirs[k].move
    return (used, move) if used and move and theirs[k].used == used else None


def _told_by_winners(
    tied: list[_Reading], won: Sequence[tuple[int, Side]], pieces: list[Piece]
) -> tuple[_Reading, list[_Reading], list[list[_Reading]]]:
    """Of the readings ``tied`` (as good as the best, the best first), the one taken, its
    steps, and the steps of the others that cast doubt on it: where the best does not
    agree with each winner the text says (``won``) and another does, that one; where the
    one taken agrees, only those that agree too."""
    paths = [_path(r) for r in tied]
    agree = _agreeing(paths, won, pieces)
    k = _taken_reading(agree)
    others = [p for j, p in enumerate(paths) if j != k and (agree[j] or not agree[k])]
    return tied[k], paths[k], others


def _agreeing(paths: list[list[_Reading]], won: Sequence[tuple[int, Side]], pieces: list[Piece]) -> list[bool]:
    """Whether each reading's steps agree with the winners the text says (none: no)."""
    return [bool(won) and _says_winners(p, won, pieces) for p in paths]


def _taken_reading(agree: list[bool]) -> int:
    """Which reading is taken, by whether each agrees with the winners said: the best
    (the first) where it agrees or none does, else the first that does."""
    return 0 if agree[0] or not any(agree) else agree.index(True)


def _says_winners(path: list[_Reading], won: Sequence[tuple[int, Side]], pieces: list[Piece]) -> bool:
    """Whether the reading ``path`` agrees with each winner the text says (``won``: a
    line, a side): the last step it reads from the lines before that one ended a round
    that side won (the steps it reads from no clue after it too: a forfeit, a fill)."""
    written = [k for k, r in enumerate(path) if r.used is not None]
    for line, side in won:
        before = [k for k in written if pieces[(path[k].used or (0, 1))[1] - 1].line <= line]
        if before and _winner_after(path, before[-1], written) is not side:
            return False
    return True


def _winner_after(path: list[_Reading], k: int, written: list[int]) -> Side | None:
    """The winner of the last round the steps of ``path`` from ``k`` end, up to the next
    step read from a clue (``written``: those steps): the steps read from none after it
    too (a forfeit, a fill)."""
    end = next((w for w in written if w > k), len(path))
    ended = [r.result for r in path[k:end] if r.result is not None and r.move is not None]
    return ended[-1].winner if ended else None


def _firm(rounds: list[AlignedRound], certain: int, pieces: list[Piece]) -> int:
    """How many of the first ``certain`` rounds are read from enough: not a round whose
    moves are the moves before quoted by their squares (:func:`_quoted`), nor a round read
    from little (but each of whose entries is two squares, :func:`_pinned`), nor what follows from it, nor the end of the round before where the
    text goes on as if that round had not ended (a weak round of :data:`_GUARD` moves
    that are not the round before's said again: notes after a round's end name its
    squares, ``to d2``, ``b8 f4``)."""
    echoes = _echoes(pieces)
    certain = _before_quotes(rounds, certain, pieces)
    guard = [k > 0 and not _sure(rounds[k - 1], pieces) and _new_moves([rnd], rounds[:k], pieces, echoes) >= _GUARD for k, rnd in enumerate(rounds[: certain + 1])]
    weak = [k for k, rnd in enumerate(rounds[: certain + 1]) if rnd.strength < _FIRM and not _pinned(rnd, pieces) and (k < certain or guard[k])]
    if not weak:
        return certain
    return min(certain, weak[0] - 1 if guard[weak[0]] else weak[0])


def _before_quotes(rounds: list[AlignedRound], certain: int, pieces: list[Piece]) -> int:
    """How many of the first ``certain`` rounds stand before the first round that quotes
    the moves before it (:func:`_quoted`)."""
    quoted = (k for k, rnd in enumerate(rounds[1 : certain + 1], 1) if _quoted(rnd, rounds[:k], pieces))
    return next(quoted, certain)


def _quoted(rnd: AlignedRound, before: list[AlignedRound], pieces: list[Piece]) -> bool:
    """Whether each move of ``rnd`` written is read from two squares that are a move
    played ``before`` said again (``Looking back, b1-h7 was the move that mattered``):
    notes quoting the moves played, not a round begun, as one is where the text states
    its fill before it (:func:`_fill_said`; a long match's short round may repeat its
    squares)."""
    written = [u for u in rnd.used if u is not None]
    pairs = _pairs(before)
    return bool(written) and not _fill_said(rnd, before, written[0][0], pieces) and all(_quoted_move(u, pairs, pieces) for u in written)


def _fill_said(rnd: AlignedRound, before: list[AlignedRound], first: int, pieces: list[Piece]) -> bool:
    """Whether a line states the fill of ``rnd`` (:func:`_fill_stated`) between the
    last clue read of the rounds ``before`` and ``first``, its first clue read."""
    ends = [u[1] for r in before for u in r.used if u is not None]
    return rnd.fill is not None and any(p.fill is rnd.fill for p in pieces[max(ends, default=0) : first])


def _pairs(rounds: Iterable[AlignedRound]) -> dict[tuple[int, int], list[Move]]:
    """The moves of ``rounds`` by the squares each went from and to."""
    pairs: dict[tuple[int, int], list[Move]] = {}
    for m in (m for r in rounds for m in r.moves):
        pairs.setdefault((m.origin, m.target), []).append(m)
    return pairs


def _quoted_move(used: tuple[int, int], pairs: Mapping[tuple[int, int], list[Move]], pieces: list[Piece]) -> bool:
    """Whether the clues ``used`` hold two squares that are a move played (``pairs``),
    and say nothing untrue of it: another tower on the same squares (``pink tower ...
    (f8 -> c5)`` where red went f8 to c5 a round before) is a new move, not a quote."""
    said = _strong(used, pieces)
    squares = {p.clue.squares for p in said if p.clue.kind == "COORDS"}
    quoted = (m for pair, moves in pairs.items() if pair in squares for m in moves)
    return any(all(says_of(p, m) for p in said) for m in quoted)


def _strong(used: tuple[int, int], pieces: list[Piece]) -> list[Piece]:
    """The clues ``used`` that are not weak."""
    return [pieces[k] for k in range(*used) if not pieces[k].weak]


def _telling(used: tuple[int, int], pieces: list[Piece]) -> bool:
    """Whether the clues ``used`` tell a move apart from a note: two at least that are
    not weak, or squares (a colour alone, ``stopped on purple``, names the next tower
    as a note on a move does)."""
    said = _strong(used, pieces)
    return len(said) >= 2 or any(p.clue.kind in ("SQUARE", "COORDS") for p in said)


def _told_again(used: tuple[int, int], before: list[AlignedRound], pieces: list[Piece]) -> bool:
    """Whether the clues ``used`` (two at least, not weak) all say what is true of one
    move played ``before``: a move told again in words (``Noor opens with her Brown
    straight down 3``, notes walking through the round), not a new one."""
    said = _strong(used, pieces)
    return len(said) >= 2 and any(all(says_of(p, m) for p in said) for rnd in before for m in rnd.moves)


def _sure(rnd: AlignedRound, pieces: list[Piece]) -> bool:
    """Whether ``rnd``'s end stands whatever follows it: its reading gains
    :data:`_SURE` a clue, or three quarters of its entries are read from a move's two
    squares."""
    return rnd.strength >= _SURE or _pinned(rnd, pieces, share=0.75)


def _pinned(rnd: AlignedRound, pieces: list[Piece], share: float = 1.0) -> bool:
    """Whether each move of ``rnd`` written (two at least; or that ``share`` of them) is
    read from a move's two squares (``g8-g2``): chatter between them (a relay's) lowers
    what the reading gains for each clue, but two squares that are a legal move are not
    there by chance."""
    written = [u for u in rnd.used if u is not None]
    pinned = sum(any(pieces[k].clue.kind == "COORDS" for k in range(*u)) for u in written)
    return len(written) >= 2 and pinned >= share * len(written)


def _new_moves(rounds: Iterable[AlignedRound], before: Iterable[AlignedRound], pieces: list[Piece], echoes: set[int]) -> int:
    """How many moves of ``rounds`` read from the text are not the rounds ``before``
    said again (:func:`_repeats`); a move read from too little to tell
    (:func:`_telling`) is not counted."""
    before = list(before)
    played = {sq for rnd in before for m in rnd.moves for sq in (m.origin, m.target)}
    pairs = _pairs(before)
    return sum(_telling(used, pieces) and not _repeats(used, before, pieces, (played, pairs), echoes) for rnd in rounds for used in filter(None, rnd.used))


def _repeats(
    used: tuple[int, int], before: list[AlignedRound], pieces: list[Piece], played: tuple[set[int], Mapping[tuple[int, int], list[Move]]], echoes: set[int]
) -> bool:
    """Whether the clues ``used`` say a move of the rounds ``before`` again: only the
    ``echoes`` (:func:`_echoes`: a reply quoting an entry, ``you wrote yellow right 3``);
    a move played quoted by its squares or told again in words (:func:`_told_again`);
    or squares the moves before went from or to (``played``: those squares, and the
    moves' pairs of them), and no other square (``b3 to d1``, ``f4 is a blue square``:
    notes on the moves played)."""
    squares, pairs = played
    if all(k in echoes for k in range(*used)) or _quoted_move(used, pairs, pieces) or _told_again(used, before, pieces):
        return True
    named = {said[1] for k in range(*used) if pieces[k].clue.kind == "SQUARE" and (said := pieces[k].clue.squares) is not None}
    return bool(named) and named <= squares


#: How many clues in a row, said on a line as on a line before it, are that line said again.
_ECHO = 3


def _echoes(pieces: list[Piece]) -> set[int]:
    """The pieces that say again what a line before said: each of :data:`_ECHO` clues
    in a row on one line that an earlier line holds in that order (what they say, not
    how: a reply quoting an entry, ``[quote]fiol w lewo 1 / brąz prosto 2[/quote]``)."""
    said = [(p.clue.kind, p.clue.colour, p.clue.direction, p.clue.number, p.clue.squares) for p in pieces]
    first: dict[tuple[object, ...], int] = {}
    echoes: set[int] = set()
    for k in range(len(pieces) - _ECHO + 1):
        if pieces[k].line != pieces[k + _ECHO - 1].line:
            continue
        run = tuple(said[k : k + _ECHO])
        line = first.setdefault(run, pieces[k].line)
        if line < pieces[k].line:
            echoes.update(range(k, k + _ECHO))
    return echoes


def _agreed(path: list[_Reading], others: list[list[_Reading]]) -> int:
    """How many steps of ``path`` every one of ``others`` takes alike, where it parts
    from it (not where it only reads less, or ends on another fill no move follows)."""
    agreed = len(path)
    for other in others:
        k = 0
        while k < min(len(path), len(other)) and _same(path[k], other[k]):
            k += 1
        if k < len(other) and _moves_after(path, k) and _moves_after(other, k):
            agreed = min(agreed, k)
    return agreed


def _path(r: _Reading | None) -> list[_Reading]:
    """The steps of a reading (moves and fills), first first."""
    return [s for s in _chain(r) if s.move is not None or s.fill is not None][::-1]


def _chain(r: _Reading | None) -> Iterator[_Reading]:
    """Reading ``r`` and each it goes on from, the last first."""
    while r is not None:
        yield r
        r = r.back


def _same(a: _Reading, b: _Reading) -> bool:
    if a.fill is not None or b.fill is not None:
        return a.fill is b.fill
    return a.move == b.move


def _moves_after(path: list[_Reading], k: int) -> bool:
    return any(r.move is not None for r in path[k:])


def _rounds(path: list[_Reading]) -> list[AlignedRound]:
    rounds = [AlignedRound(None, Position.initial())]
    start = 0.0
    for r in path:
        if r.fill is not None:
            rounds.append(AlignedRound(r.fill, r.position))
            continue
        assert r.move is not None
        current = rounds[-1]
        if r.used is not None and not any(current.used):
            start = r.back.score if r.back is not None else 0.0
        current.moves.append(r.move)
        current.used.append(r.used)
        current.result = r.result
        if r.used is not None:
            current.gain = r.score - start
    if not rounds[-1].moves and len(rounds) > 1:
        rounds.pop()  # (a fill no move follows: nothing of that round is written)
    return rounds


def _rounds_within(path: list[_Reading], agreed: int) -> int:
    """How many rounds end within the first ``agreed`` steps of ``path``."""
    return sum(1 for r in path[:agreed] if r.result is not None and r.move is not None)
