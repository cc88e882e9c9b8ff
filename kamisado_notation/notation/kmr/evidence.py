"""Read by evidence: a line no other tier reads, taken apart into what is evidence of a
move and what is not (docs/record-decisions.md, "Read by evidence").

Each token of the line is either *evidence* — a colour, a direction, a distance, a square
or a pair of squares, a forced word (``pass``, ``blocked``, ``pushed``), a push or ring
mark, in any form, language, abbreviation, glyph, emoji, arrow or number word the
vocabulary holds (:mod:`..vocabulary`: data, not code) — or text *set aside*: a prefix a
chat or a tool writes, a name, a time, list and quoting markers, markup, words that say
nothing of the move. Evidence is grouped into entries (a colour starts an entry where the
one being read has its square, or where what follows it is what follows a tower); each
entry keeps the slots its evidence gives and leaves the rest unread
(:attr:`~..record.Entry.unread`), so that the replay, which knows the legal moves, decides
what it means: one legal move fits → that move, with a warning; several → the replay's tie
rule; none → an error with the nearest moves. Set-aside text is never an error: it is one
warning a match (``set-aside``), and ``fix`` takes it out (a line with no evidence at all
stays as a comment). Words that take back what was just written (``takeback``,
``scratch``) and struck-out text (``~~…~~``, ``<del>…</del>``) drop the entry they name.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextvars import ContextVar
from dataclasses import dataclass, replace
from itertools import islice, pairwise, takewhile
from types import MappingProxyType
from typing import cast

from ...diagnostics import Kind
from ...engine.board import SQUARE_COLOURS, Colour, Direction, Side, squares_apart
from ...errors import NotationError, StyledEntry, StyleMark, TakeBack
from ..record import ASLANT, STRAIGHT, Comment, Entry, Item, Spanned
from ..vocabulary import (
    AMEND_WORDS,
    ARROW_DIRECTIONS,
    BETWEEN_SQUARES,
    BLOCKED_WORDS,
    CODE_WORDS,
    COLOUR_WORDS,
    COMMON_RANKS,
    COUNTERS,
    DIRECTION_WORDS,
    DOWN_ASLANT,
    ENDINGS,
    EVIDENCE_COLOURS,
    EVIDENCE_DIRECTIONS,
    EXAMPLE_PHRASES,
    EXAMPLE_WORDS,
    FILE_WORDS,
    FROM_SQUARE_WORDS,
    GOLD_WORDS,
    JOINING_WORDS,
    LETTER_NAMES,
    MARKUP_ARROWS,
    MAX_ENDING,
    MONTH_WORDS,
    NEGATION_WORDS,
    NOT_AFTER,
    NOT_BEFORE,
    NUMBER_WORDS,
    PASS_WORDS,
    PHRASES,
    PLY_WORDS,
    POINTS_WORDS,
    PUSH_WORDS,
    PUSHED_WORDS,
    RADIO_RANKS,
    RANK_WORDS,
    RETRACT_WORDS,
    ROMANCE_OF,
    ROUND_WORDS,
    SCORE_JOINERS,
    SCORE_WORDS,
    SHORTCODES,
    SIDE_WORDS,
    VARIATION_WORDS,
    VOWEL_WORD_NUMBERS,
    WEAK_WORDS,
    WIN_WORDS,
    WORDLIKE_LETTER_NAMES,
    code_as,
    edit_distance,
    near_word,
    normalise,
    spelt_as,
    stems,
)
from ..writer import Form, format_entry
from .style import entry_style
from .syntax_errors import quote
from .tokens import MAX_DIGITS, SQUARES

__all__ = ["Clue", "clues", "definition_alone", "holds_moves", "in_a_sentence", "is_evidence_word", "is_key_line", "legend_in", "names_in", "players_in", "players_sides", "read_evidence", "sentence_ends", "side_of_word", "signed_sides", "takes_back", "to_arrow", "winner_in", "word_aside"]

#: The tokens of a line, in the order tried: text struck out, markup tags and entities
#: (and a style sheet's colour codes, ``#f08cb5``),
#: braced comments, moves in coordinates, times, dates and scores (``0-1``), turn numbers, numbers, words,
#: runs of CJK glyphs, ``...``, ring marks, any other character.
#: A month's name as a date writes it, capitalised (``14 Mar ·``, ``Mar 14, 2024``).
#: A rank said in words after a file's letter (``B fünf``, ``a acht``, ``e two``:
#: dictation's square; weak in a small letter), with and without its accents.
#: After a rank said in a word: no more of the word, and no word joined to it by a hyphen
#: (``a one-round game``: an article and a compound, no square; ``e two-e four`` is two).
_NO_COMPOUND = r"(?![\w]|-(?-i:[a-z]{2}))"
_SPOKEN = "|".join(sorted((re.escape(word) for word in RANK_WORDS), key=len, reverse=True))
#: Those after a small ``a`` or ``e``, a word in some languages (:data:`~..vocabulary.VOWEL_WORD_NUMBERS`).
_SPOKEN_AFTER_VOWEL = "|".join(sorted((re.escape(word) for word in RANK_WORDS if normalise(word) not in VOWEL_WORD_NUMBERS), key=len, reverse=True))
#: The Romance languages' number words that are ranks (after ``de a`` ocho, from a8; after
#: ``para é`` um, to e1: Portuguese's *um*, a common word too, only there).
_ROMANCE_RANKS = "|".join(sorted((re.escape(word) for word in {*RANK_WORDS, *COMMON_RANKS} if normalise(word) in VOWEL_WORD_NUMBERS), key=len, reverse=True))
#: An arrow written as markup between a move's two squares (``f8 &rarr; f7``, ``e2 -&gt; e4``,
#: ``a1 $\to$ a5``): *to*, not a direction.
_MARKUP_BETWEEN = r"&rarr;|&#8594;|&#x2192;|-&gt;|&gt;|\$?\\(?:to|rightarrow|longrightarrow)\$?"
_MONTHS = "(?:" + "|".join(w.capitalize() for w in sorted(set(MONTH_WORDS), key=len, reverse=True)) + ")"
#: The scripts whose glyphs run into a square with no blank (``赤f4``, ``빨강 f4``): no
#: letter of a word the square would be part of.
#: (And Thai, Lao, Burmese and Khmer, whose words run together too: not their digits.)
_CJK = "\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\u0e01-\u0e4f\u0e81-\u0ecf\u0edc-\u0edf\u1000-\u103f\u1050-\u108f\u1780-\u17d3\u17dd"
#: The marks inside a word: accents, Hebrew's and Arabic's vowel points, Devanagari's vowel
#: signs (``नीला``), Persian's joiner that is no space (``قهوه‌ای``), and the vowel signs
#: and viramas of the scripts of India and Sri Lanka (``பச்சை``, ``ಕೆಂಪು``).
_MARKS = "\u0300-\u036f\u0591-\u05c7\u0610-\u061a\u064b-\u065f\u0670\u0900-\u0903\u093a-\u094f\u0951-\u0957\u0962\u0963\u200c" + "".join(
    re.escape(chr(code)) for code in range(0x0980, 0x0E00) if unicodedata.category(chr(code)).startswith("M")
)
#: Not after (before) a letter or digit of a word, but a CJK glyph.
_FREE_BEFORE, _FREE_AFTER = f"(?<![^\\W{_CJK}])", f"(?![^\\W{_CJK}])"
_CJK_CHAR = re.compile(f"[{_CJK}]")
#: What a scan's text recognition writes for a letter of a word in capitals (``8ROWN``,
#: ``YELL0W``, ``PlNK``): the letters it may take for each.
_LOOKALIKES = {"o": "o0", "i": "i1l|", "l": "l1i|", "b": "b8", "s": "s5", "g": "g6"}


def _scanned_pattern(word: str) -> str:
    """``word`` with each letter a scan may mistake as the characters it may read."""
    return "".join("[" + re.escape(_LOOKALIKES[ch]) + "]" if ch in _LOOKALIKES else re.escape(ch) for ch in word)


#: The words of a slot (colours, directions) of four letters or more, in ASCII, as a
#: scan's text recognition may write them.
_SCANNED_WORDS = {
    word: re.compile(_scanned_pattern(word), re.IGNORECASE)
    for word in sorted({*COLOUR_WORDS, *DIRECTION_WORDS}, key=len, reverse=True)
    if len(word) >= 4 and word.isascii() and word.isalpha()
}
_SCANNED_WORD = (
    r"(?<![\w])(?=\S*[0-9|]|(?-i:[A-Z]*l[A-Z]))(?:" + "|".join(_scanned_pattern(w) for w in _SCANNED_WORDS) + r")(?![\w|])"
)
#: Every arrow that points the way text is read (``→``, ``➜``, ``⟶``, ``🡒``): between two
#: squares, from one to the other.
_RIGHTWARDS = "".join(
    re.escape(chr(code))
    for first, last in ((0x2190, 0x21FF), (0x2794, 0x27BF), (0x27F0, 0x27FF), (0x2900, 0x297F), (0x2B00, 0x2BFF), (0x1F800, 0x1F8FF))
    for code in range(first, last + 1)
    if "RIGHTWARDS" in unicodedata.name(chr(code), "")
)
#: What stands between a scanned move's two squares: a dash or an arrow, a blank each side
#: perhaps. (The squares in small letters: the short form's ``F2 → Bl`` is Forward 2 to blue.)
_SCANNED_SEP = r"\s?(?:--?|[–—→]|->)\s?"
_TOKEN = re.compile(
    r"(?P<struck>~~[^~\n]*~~|<(?:del|s|strike)>.*?</(?:del|s|strike)>|\[s\].*?\[/s\])"
    r"|(?P<example>(?<![\w.])(?:" + "|".join(EXAMPLE_PHRASES) + ")" + _FREE_AFTER + r"[^\n]*)"
    r"|(?P<shortcode>(?<![^\W\d_]|:):(?:" + "|".join(sorted(SHORTCODES, key=len, reverse=True)) + r"):(?!:))"
    r"|(?P<address><[^<>\s]+@[^<>\s]+>|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|(?:[a-zA-Z][a-zA-Z0-9+.-]{1,15}://|www\.)[^\s<>\"']+)"
    r"|(?P<tag>(?-i:^h[1-6]\.(?=\s))|</?[A-Za-z][^<>\n]{0,200}>|\[/?[A-Za-z]+(?:=[^\]\n\x22]{0,80}|=\x22[^\x22\n]{0,80}\x22)?\]|&#?\w{1,10};|\\[A-Za-z]+|\\\\|(?<=\S)\\(?=[ ,;!])|\{\{|\}\}|#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{3})(?!\w)|(?<![\w#])(?-i:(?=[0-9A-F]*[A-F])(?=[0-9A-F]*\d)[0-9A-F]{6})(?!\w))"  # (TeX's row end '\\'; a colour in hex, 'F4A6C6')
    r"|(?P<starred>(?<!\S)\*(?=(?:[a-hA-H][1-8]|\d)[^*\n]*$))"  # ('*a2 sorry': a chat's star before what was meant, the line's only star)
    r"|(?P<comment>(?<![}\w])\{[^{}\n]*\})"
    r"|(?P<date>(?<!\d)\d{1,4}\s?[年년]|(?<!\d)\d{1,2}\s?[月월](?:\s?\d{1,2}\s?[日일])?|(?-i:(?<![\w.])\d{1,2}\.?\s?" + _MONTHS + r"\.?(?=\s*(?:[·•|]|\d{4}))|(?<![\w])" + _MONTHS + r"\.?\s\d{1,2}(?=,|\s*[·•|]|\s\d{4}|$))"
    r"|(?<![\w.])\d{1,2}\.?\s?(?:" + "|".join(sorted(MONTH_WORDS, key=len, reverse=True)) + r")\.?(?=\s\d{4}(?!\d)))"
    r"|(?P<ident>(?<![\w])(?=\w*\d)[^\W\d_][^\W_]*(?:_[^\W_]+)+(?![\w])|(?<![\w])(?!(?<=:)[^\W\d_]+(?:_[^\W_]+)+:)[^\W\d_]{2,}(?:_[^\W_]+)+(?![\w])|(?<![\w])(?-i:[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)(?![\w])|(?<![\w#&])#\d{1,4}(?![\w])|(?<![\w])(?-i:[A-Z]{1,3}\d[A-Z]{2,4})(?![\w])|(?<![\w])(?![a-hA-H][1-8](?:[xX×]?[a-hA-H][1-8])+(?![\w]))(?=[^\W_" + _CJK + r"]*\d[^\W\d_" + _CJK + r"]+\d)[^\W_" + _CJK + r"]{5,}(?![\w])|(?<![\w])\d+(?:st|nd|rd|th|ème|eme|er|re|de|ste|[ªº])(?![\w]))"
    r"|(?P<piece>" + _FREE_BEFORE + r"(?-i:[A-Z])(?=[a-h][1-8]\s?(?:--?|–|—|x|×|:|/)\s?[a-h][1-8]" + _FREE_AFTER + "))"  # ('Bd8-e7': a chess player's piece letter, a tower's)
    r"|(?P<coords>(?:" + _FREE_BEFORE + r"|(?<=" + _FREE_BEFORE + r"(?-i:[A-Z])))[a-hA-H][1-8](?:/|\.\.|~|\s?(?:--?|–|—|x|×|:|to|->|=>|>|" + _MARKUP_BETWEEN + "|[" + _RIGHTWARDS + r"])\s?)?[a-hA-H][1-8]" + _FREE_AFTER + ")"
    r"|(?P<spaced>(?<![a-h][1-8][ ])(?<![\w])[a-h][1-8][ ][a-h][1-8](?![ ][a-h][1-8])(?!\w))"
    r"|(?P<scanned>(?<![\w])(?-i:[a-h][1-8SlIBZ]" + _SCANNED_SEP + r"[a-h][1-8SlIBZ])(?![\w]))"
    r"|(?P<suffixed>" + _FREE_BEFORE + r"[a-hA-H][1-8][-'’:](?-i:[^\W\d_A-Z]{1,4})(?![\w]))"  # ('c4-re', 'h8-ról', 'c4:ään', "c4'e": a case's ending glued to a square)
    r"|(?P<square>" + _FREE_BEFORE + r"[a-hA-H][1-8]" + _FREE_AFTER + ")"
    r"|(?P<spoken>(?-i:(?<![\w])[A-H])[ ](?:" + _SPOKEN + r")" + _NO_COMPOUND +
    r"|(?-i:(?<![\w])[b-dfgh][ ](?:" + _SPOKEN + "|" + "|".join(COMMON_RANKS) + r"))" + _NO_COMPOUND +
    r"|(?-i:(?<![\w])[ae][ ](?:" + _SPOKEN_AFTER_VOWEL + r"))" + _NO_COMPOUND + ")"
    r"|(?P<spelled>(?<![\w])(?:" + "|".join(FILE_WORDS) + r")[ ](?:[1-8]|" + _SPOKEN + "|" + "|".join(RADIO_RANKS) + r")(?![\w]))"
    r"|(?P<lettered>(?<![\w])(?:" + "|".join(sorted(set(LETTER_NAMES) - WORDLIKE_LETTER_NAMES, key=len, reverse=True)) + r")[ ](?:[1-8]|" + _SPOKEN + "|" + "|".join(COMMON_RANKS) + r")(?![\w])"
    r"|(?<![\w])(?:" + "|".join(sorted(WORDLIKE_LETTER_NAMES - ROMANCE_OF)) + r")[ ](?:" + _SPOKEN + r")(?![\w])"
    r"|(?<![\w])(?:" + "|".join(sorted(ROMANCE_OF)) + r")[ ](?:" + _SPOKEN_AFTER_VOWEL + r")(?![\w])"
    r"|(?<![\w])(?:de|a|desde|hasta|da|para|pra|al)[ ](?:a|e|é|de|di)[ ](?:" + _ROMANCE_RANKS + r")(?![\w]))"
    r"|(?P<scannedword>" + _SCANNED_WORD + ")"
    r"|(?P<misread>(?<![\w])(?:0?[^\W\d_" + _CJK + r"]+(?:[01][^\W\d_" + _CJK + r"]+)+|0[^\W\d_" + _CJK + r"]{2,}|[^\W\d_" + _CJK + r"]{3,}0)(?![\w]))"  # (a scan's word with an O read 0, an l read 1: 'B0ARD', 'Tab1e')
    r"|(?P<time>\d+(?:[:/]\d+)+(?:\.\d+(?![.\d]))?|(?<![\w.])\d+\.\d+(?!\.?\d)|\d{1,4}[-.]\d{1,2}[-.]\d{1,4}|(?<![\w-])\d{1,2}(?:[-\u2013\u2014]|&[nm]dash;)\d{1,2}(?![\w-]|\.\d))"
    r"|(?P<turn>\d+(?:\.\.\.|…|[.):](?!\d)|[  ]:(?=\s)))"  # ('Intervenant 2 :', French typography's blank before a colon)
    r"|(?P<int>\d+)"
    r"|(?P<cjk>[" + _CJK + "]+)"
    r"|(?P<phrase>(?<!\w)(?:" + "|".join(r"\s+".join(map(re.escape, p.split())) for p in sorted(PHRASES, key=len, reverse=True)) + r")(?!\w))"
    r"|(?P<word>[^\W\d_]+(?:[" + _MARKS + r"]+[^\W\d_]*)*)"
    r"|(?P<ascii>(?<![-=<])--?>(?!>))"
    r"|(?P<dots>\.\.\.|…)"
    r"|(?P<border>[-=]{2,}(?:\+[-=]*)+|\+[-=]{2,}[-=+]*)"
    r"|(?P<ring>\++)"
    r"|(?P<unread>(?<!\S)\?{1,3}(?!\S))"
    r"|(?P<other>\S)",
    re.IGNORECASE,
)


@dataclass
class Clue:
    """A token of the line: its kind (``COLOUR``, ``DIRECTION``, ``AMBIGUOUS`` (both),
    ``DISTANCE``, ``NUMBER`` (no distance), ``SQUARE``, ``COORDS``, ``TURN``, ``PASS``,
    ``BLOCKED``, ``PUSHED``, ``PUSH``, ``RING``, ``RETRACT``, ``STRUCK``, ``DOTS``,
    ``DASH``, ``UNREAD`` (a ``?`` alone: a slot that could not be read), ``REJECTED`` (a
    slot a correction says is not meant: ``not h3 but h1``), ``COMMENT`` or ``ASIDE``), where it stands and what it says."""

    kind: str
    start: int
    end: int
    colour: Colour | None = None
    direction: Direction | None = None
    number: int | None = None
    squares: tuple[int | None, int] | None = None  # (from, to): from None for a target alone
    weak: bool = False  # also a common word: evidence only inside an entry
    compass: bool = False  # a compass point in capitals (:data:`_COMPASS`): a direction after a tower
    straight: bool = False  # a direction not told (``direction`` None) but straight: a straight down arrow


@dataclass
class _Entry:
    """An entry as its evidence is gathered."""

    start: int
    end: int
    tower: Colour | None = None
    direction: Direction | None = None
    distance: int | None = None
    square: Colour | None = None
    origin: int | None = None
    target: int | None = None
    forced: bool = False
    push: bool = False
    pieces: int = 0  # how many pieces of evidence
    weak: bool = False  # begun by a letter ('R1' alone is a round's label, 'R L5 Y' an entry)
    soft: bool = False  # its direction read from a weak word ('dir'): a direction word after it is the one
    soft_distance: bool = False  # its distance read from a weak word ('the blue one'): a distance in digits after it is the one
    amend: bool = False  # a word correcting it said ('left, no sorry, right'): a slot said again stands in place of the first
    landing: bool = False  # an arrow or 'to' said where it lands ('→'): the colour next is its square
    weak_pieces: int = 0  # how many of its pieces are distances read from weak words ('blue has nowhere to': a tower and such a word are no entry)
    rings: tuple[int, int] | None = None  # where ring marks after its tower stand ('Purple+': checked by the replay)
    straight: bool = False  # its direction not told but straight (a down arrow: forward, or a back-entry's back)
    aslant: bool = False  # its direction not told but a diagonal (a compass point, 'SE': which side's left, the mover tells)

    def compass(self, point: str, end: int) -> None:
        """A compass ``point`` after its tower (:data:`_COMPASS`), ending at ``end``: forward
        (north, south: which, the mover tells), else aslant."""
        if point in _COMPASS_STRAIGHT:
            self.direction = Direction.FORWARD
        else:
            self.aslant = True
        self.end, self.pieces = end, self.pieces + 1

    @classmethod
    def forced_by(cls, tok: Clue) -> _Entry:
        """The entry ``pass`` (``tok``) begins, a forfeit (no direction, no distance), or
        ``pushed`` does, a back-entry (back one)."""
        if tok.kind == "PASS":
            return cls(tok.start, tok.end, forced=True, pieces=1, distance=0)
        return cls(tok.start, tok.end, forced=True, pieces=1, direction=Direction.BACK, distance=1)

    def takes_forced(self, tok: Clue) -> bool:
        """Whether ``pass`` or ``pushed`` (``tok``) is read into the entry: a forfeit
        said twice (``Red blocked, turn skipped``), the back-entry of its tower (``Ye
        pushed``; after its back: ``pembe geri itildi``; its square may follow, and its
        back and one said again: ``Ye pushed ↓1 Bl``; a back-entry written whole, then
        called so: ``Red h2 h3 Back 1 Green pushed``)."""
        if tok.kind == "PASS":
            said = self.forced and self.distance == 0
        else:
            said = self.pushed_said()
        if said:
            self.end = tok.end
        return said

    def pushed_said(self) -> bool:
        """Whether ``pushed`` says this entry is a back-entry, which it then is: one
        written whole, then called so, or its tower alone (or with its back) so far."""
        if self.direction is Direction.BACK and self.distance in (None, 1) and self.pieces > 2:
            self.forced = True  # (a back-entry written whole, then called so: 'RED h2 h3 BACK 1 GREEN pushed')
            return True
        back = self.pieces == 2 and self.direction is Direction.BACK and self.distance is None
        if not ((self.pieces == 1 or back) and self.tower is not None):
            return False
        self.direction, self.distance, self.forced, self.pieces = Direction.BACK, 1, True, 2
        return True

    def where_forced(self, tok: Clue) -> bool:
        """Whether the squares ``tok`` say where the forced entry's tower stands or went:
        a blocked tower's square (``Brown 0  h2 h2``), a pushed one's (``pushed back d2->d3``)."""
        return (self.distance == 0 and self.tower is not None and tok.kind == "SQUARE") or self.pushed_back()

    def pushed_back(self) -> bool:
        """Whether the entry is a back-entry (``Ye pushed``) whose square is not said yet."""
        return self.forced and self.direction is Direction.BACK and self.square is None

    def back_said(self, tok: Clue) -> bool:
        """Whether the direction or distance ``tok`` says again what the back-entry
        (``Ye pushed``) has: back (a down arrow), one square (``Ye 押し戻し↓1 Bl``)."""
        if not self.pushed_back():
            return False
        return tok.direction in (None, Direction.BACK) if tok.kind == "DIRECTION" else tok.number == 1

    def said_again(self, tok: Clue) -> bool:
        """Whether the direction or distance ``tok`` stands in place of the one the entry
        has: said after a word correcting it (``brown left, no sorry, right 3``), or a
        distance in digits after one read from a weak word (``the blue one 6 straight``).
        Then what it had said after it (its square) goes too."""
        if tok.weak or self.distance == 0 or self.tower is None:
            return False
        if tok.kind == "DIRECTION":
            said = self.direction_amended(tok)
        else:
            said = self.distance_amended(tok)
        if said:
            self.square, self.end = None, tok.end
        return said

    def direction_repeated(self, tok: Clue) -> bool:
        """Whether the direction ``tok``, before any distance, says the entry's direction
        again (``straight ahead``) or after a weak word for it (``dir: forward``); then it
        is read into the entry."""
        if self.direction is tok.direction:
            self.end, self.straight = tok.end, self.straight or tok.straight
            return True
        if self.soft and not tok.weak:
            self.direction, self.end, self.soft = tok.direction, tok.end, False
            return True
        return False

    def direction_amended(self, tok: Clue) -> bool:
        """Whether the direction ``tok``, after a word correcting it, stands in place of
        another the entry has; then it does."""
        if not (self.amend and self.direction is not None and self.direction is not tok.direction):
            return False
        self.direction = tok.direction
        return True

    def distance_amended(self, tok: Clue) -> bool:
        """Whether the distance ``tok`` stands in place of the one the entry has (after a
        word correcting it, or in digits after a weak word's); then it does."""
        if self.distance is None or not (self.amend or self.soft_distance) or (self.distance == tok.number and not self.soft_distance):
            return False
        self.weak_pieces -= self.soft_distance  # (said now in digits: 'the purple one 1 diagonal left')
        self.distance, self.soft_distance = tok.number, False
        return True

    def moved(self) -> bool:
        """Whether the entry said a whole move but its landing: a tower, a direction and
        a distance (a forfeit's zero without a direction), nothing forced."""
        return self.tower is not None and (self.direction is not None or self.distance == 0) and self.distance is not None and not self.forced

    def lands_said(self, square: int) -> bool:
        """Whether the entry said its move in slots (a tower, a direction, a distance),
        and no landing but that of ``square`` (its colour) nor where it started."""
        return self.said_in_slots() and self.square in (None, SQUARE_COLOURS[square]) and self.origin is None

    def squares_alone(self) -> bool:
        """Whether the entry is a move said by its two squares alone (``g8-d5``): no tower."""
        return self.tower is None and self.origin is not None and self.target is not None

    def said_in_slots(self) -> bool:
        """Whether the entry said a move in slots: a tower, a direction, a distance (no forfeit)."""
        return self.tower is not None and self.direction is not None and bool(self.distance)

    def lands_at(self, square: int, end: int) -> None:
        """The move said lands on ``square``, said up to ``end``: its landing colour, or,
        where a square was read before its direction, that one is where it stood
        (``brown a1 up 3 to a4``)."""
        if self.target is not None:
            self.origin, self.target = self.target, square
        else:
            self.square = SQUARE_COLOURS[square]
        self.end = end

    def colour_said(self, tok: Clue, k: int, ahead: _Ahead) -> bool:
        """Whether the colour ``tok`` (token ``k``) is read into this entry as nothing
        new: the tower said twice (``🟤 brown ↑ 6``), another colour right before the move
        where this entry has only a tower, no arrow to where it lands (``💛 P ⬆2``: the
        first a label, the second the tower; ``yellow -> orange f3``: where it lands),
        or a weak word inside an entry that still wants its slots (``dir: forward, n: 6``)."""
        if self.tower_twice(tok, ahead.text) and ahead.slot_follows(k):
            self.end = tok.end
            return True
        if self.pieces == 1 and self.direction is None and self.distance is None and not self.push and not self.landing and ahead.slot_follows(k):
            self.start, self.end, self.tower, self.weak = tok.start, tok.end, tok.colour, tok.weak  # ('💛 P ⬆2': the first a label, the tower next to its move)
            return True
        return tok.weak and self.wants_slot()

    def tower_twice(self, tok: Clue, text: str) -> bool:
        """Whether the colour ``tok`` says this entry's tower, all it has, again right
        after it (a blank apart at most: ``🟤 brown``; not after an arrow to where it lands:
        ``brown → brown f6``)."""
        return self.pieces == 1 and not self.landing and self.tower is tok.colour and text[self.end : tok.start] in ("", " ")

    def wants_slot(self) -> bool:
        """Whether the entry has its tower and still wants its direction or its distance
        (a forfeit wants none)."""
        return self.tower is not None and (self.direction is None or self.distance is None) and self.distance != 0

    def goes_unsaid(self) -> bool:
        """Whether its direction is said and neither its distance nor where it goes."""
        return self.direction is not None and self.distance is None and self.square is None and self.target is None

    def lacks_landing(self) -> bool:
        """Whether the entry has its direction and its distance, and no landing (no square,
        no target)."""
        return self.direction is not None and self.distance is not None and self.square is None and self.target is None

    def wants_square(self) -> bool:
        """Whether the entry has a slot past its tower (a direction, a distance, a push)
        and no square yet: a colour next may be its square."""
        return self.square is None and not (self.direction is None and self.distance is None and not self.push)

    def fill(self, tok: Clue) -> None:
        """The direction or the distance ``tok`` is the entry's."""
        if tok.kind == "DIRECTION":
            self.direction, self.soft, self.straight = tok.direction, tok.weak, tok.straight
        else:
            self.distance, self.soft_distance = tok.number, tok.weak
        self.end, self.pieces, self.weak_pieces = tok.end, self.pieces + 1, self.weak_pieces + (tok.weak and tok.kind == "DISTANCE")

    def filled(self, tok: Clue) -> bool:
        """Whether the entry has the slot ``tok`` would fill (its direction or its
        distance) said already, or is past its slots (its square said, a forfeit)."""
        said = self.direction if tok.kind == "DIRECTION" else self.distance
        return said is not None or self.square is not None or self.distance == 0

    def pushed_tower(self, tok: Clue, k: int, ahead: _Ahead) -> bool:
        """Whether the colour ``tok`` (token ``k``) is the tower of this back-entry, said
        after ``pushed`` (``pushed: green back to yellow``); then it is."""
        if not (self.forced and self.tower is None and self.direction is Direction.BACK and self.pieces == 1 and ahead.back_follows(k)):
            return False
        self.tower, self.end, self.pieces = tok.colour, tok.end, 2
        return True

    def landing_colour(self, tok: Clue, k: int, ahead: _Ahead) -> bool:
        """Whether the colour ``tok`` (token ``k``) is where this entry lands, after a
        landing's arrow or word, or the tower of a move said first (``straight 4 with Red
        → Blue``); then it is."""
        self.landing = self.landing or _lands_on(ahead.text, self, tok)
        if not (self.square is None and self.target is None and (self.landing or ahead.tower_before_landing(self, k))):
            return False
        if self.landing:
            self.square = tok.colour
        else:
            self.tower = tok.colour
        self.end, self.pieces, self.landing = tok.end, self.pieces + 1, False
        return True

    def tower_lands(self, tok: Clue, k: int, ahead: _Ahead) -> bool:
        """Whether the arrow or weak ``to`` ``tok`` (token ``k``) says where this entry,
        a tower alone so far, lands: a colour follows with only such words between (``Red
        → Blue``, ``Gn ->Gn``, ``red to blue``); direction and distance stay unread, for
        the legal moves to decide."""
        if not _only_tower(self) or not ahead.to_colour(self, tok, k):
            return False
        self.landing, self.end = True, tok.end
        return True

    def landing_word(self, tok: Clue, k: int, ahead: _Ahead) -> bool:
        """Whether the weak distance ``tok`` (token ``k``) is a word before where this
        entry, which has its direction but no distance, lands (``left to blue``: no two)."""
        if self.direction is None or self.distance is not None or not ahead.to_word(tok, k):
            return False
        self.landing = True
        return True


_MAX_WORD = 40
#: An article after a blank (a word of one to three letters: ``a``, ``the``, ``una``, ``ein``).
_ARTICLE = re.compile(r" [^\W\d_]{1,3}")
#: The longest glyph run looked up as one word.
_LONGEST_GLYPHS = 13  # (Burmese's longest: 'လိမ္မော်ရောင်', orange; Thai's 'ข้างหน้า' is 8)
#: The words that are a token of their own kind.
_WORD_KINDS = {
    **dict.fromkeys(PUSH_WORDS, "PUSH"),
    **dict.fromkeys(RETRACT_WORDS, "RETRACT"),
    **dict.fromkeys(AMEND_WORDS, "AMEND"),
    **dict.fromkeys(PUSHED_WORDS, "PUSHED"),
    **dict.fromkeys(BLOCKED_WORDS, "BLOCKED"),
    **dict.fromkeys(PASS_WORDS, "PASS"),
}


#: The kinds of a word that stands for a forced entry, or a part of one (``pass``,
#: ``blocked``, ``pushed``): evidence, never a misspelt slot to read past.
_FORCED_KINDS = frozenset({"PASS", "BLOCKED", "PUSHED"})



def _scanned_word(text: str, start: int, end: int) -> list[Clue]:
    """A colour's or direction's word as a scan's text recognition wrote it, digits and
    lower-case letters for capitals (``8ROWN``, ``YELL0W``, ``PlNK``): read as that word."""
    token = text[start:end]
    word = next(w for w, pattern in _SCANNED_WORDS.items() if pattern.fullmatch(token))
    return _word(text[:start] + word.upper() + text[end:], start, end)


def _word(text: str, start: int, end: int) -> list[Clue]:
    """The token a word is (or the tokens of a word of slots run together)."""
    word = text[start:end]
    defined = _LEGEND.get().get(word)
    if defined is not None:  # (a letter the file's legend defines: 'H' for höger)
        return [_slot_word(defined.name.lower(), start, end, False) or Clue("ASIDE", start, end)]
    key = normalise(word)
    if _aside(text, word, key, start, end):
        return [Clue("ASIDE", start, end)]
    weak = _weak(word, key, glued=text[end : end + 1].isdigit())
    compass = key in _COMPASS and (word.isupper() or _DIGIT_NEXT.match(text, end) is not None)  # ('S2', 's 3'; 'so', 'no' are words)
    found = _word_read(word, key, text, (start, end), weak=weak, compass=compass)
    if found is not None:  # (a compass point read as a word keeps its mark: ``N 5``, north five or Brown; the moves tell)
        return [replace(found, compass=True) if compass else found]
    return _glued(word, start) or _inflected(key, start, end) or [Clue("ASIDE", start, end, compass=compass)]


def _word_read(word: str, key: str, text: str, span: tuple[int, int], *, weak: bool, compass: bool) -> Clue | None:
    """The clue ``word`` (``key``, normalised; at ``span`` of line ``text``) is as written or written otherwise
    (:func:`_known_word`, :func:`_written_otherwise`); a compass point run into a number
    is no known word (:func:`_runs_into_number`)."""
    start, end = span
    found = None if compass and _runs_into_number(word, text, end) else _known_word(key, start, end, weak)
    return found or _written_otherwise(word, start, end, weak=weak, compass=compass)


def _runs_into_number(word: str, text: str, end: int) -> bool:
    """Whether ``word``, a compass point in capitals, runs into a number (``N2``, ``SW1``:
    a direction and its distance, as the short form's ``F2``; never a tower's letter,
    which the short form writes apart: ``N F2`` is Brown forward two)."""
    return word.isupper() and text[end : end + 1].isdigit()


def _known_word(key: str, start: int, end: int, weak: bool) -> Clue | None:
    """The token of a word the tables hold as it is written: a word of its own kind
    (:data:`_WORD_KINDS`), a slot's word; a push word where it is no slot's word too."""
    named = _WORD_KINDS.get(key)
    if named is not None and named != "PUSH":
        return Clue(named, start, end)
    found = _slot_word(key, start, end, weak)
    if found is None and named is not None:
        return Clue(named, start, end)
    return found


def _written_otherwise(word: str, start: int, end: int, *, weak: bool, compass: bool) -> Clue | None:
    """The token of a slot's word written otherwise: an abbreviation (``Purp``, ``Fwd``,
    ``Rd``, a code ``YL``; weak in lower case: ``ye``), or a slip of one letter
    (``grean``, ``lefft``; a direction's, or a colour's of four letters, weak); not a
    compass point's (``so``, ``no``)."""
    spelt = spelt_as(word) or code_as(word)
    found = _slot_word(normalise(spelt[1]), start, end, weak) if spelt is not None else None
    if found is not None or compass:
        return found
    near = near_word(word)
    return _slot_word(normalise(near[1]), start, end, near[0] != "COLOUR" or len(word) < 5) if near is not None else None


def _weak(word: str, key: str, *, glued: bool) -> bool:
    """Whether ``word`` is weak evidence (a common word too, a letter, a code of two
    letters in lower case: 'or' is English; not one run into its distance: ``bk1``)."""
    return key in WEAK_WORDS or len(key) == 1 or (len(key) == 2 and word.islower() and not glued)


#: The letters the file's legend defines, as the line being read sees them (:func:`legend_in`).
_LEGEND: ContextVar[Mapping[str, Direction | Colour]] = ContextVar("kamisado_legend", default=MappingProxyType({}))
#: A legend's definition: a letter or a code of up to five (``pom = pomarańczowa``), ``=`` or
#: ``:``, words (``H = snett höger``), up to a comma, a bracket, the line's end or the
#: next definition written with ``=`` (``Or=Orange Bl=Blau Li=Lila``: blanks between them).
_DEFINITION = re.compile(
    r"(?:^|[,;(]|\s)\s*([^\W\d_]{1,5}|[|<>^])\s*[=:]\s*([^\W\d_][^,;=():\n]{0,30}?)\s*(?=[,;()]|$|\s+(?:[^\W\d_]{1,5}|[|<>^])\s*=)"
)


#: A code (a capital and a letter or two) before the word it stands for, in a list of
#: them (``Az azul · Rs rosa``).
_CODE_WORD = re.compile(r"(?:^|(?<=[\s·•,;|/]))([A-Z][A-Za-z]{0,2}|[a-z]{2,3})\s+([^\W\d_]{3,})(?=\s*(?:[·•,;|/]|\.(?:\s|$)|$)|\s{2,})")

#: One definition of a key (``st=straight``, ``P! = sumo push``, ``->X = colour it
#: landed on``): a short token without digits, ``=``, words.
_KEYED = re.compile(r"(?<!\S)[^\s\d=]{1,4}\s*=\s*[^\W\d_]")


#: A line that opens by saying what a sign means (``* = sumo``, ``+ = a push: …``,
#: ``! : a good move``): a key, whose words are no move.
_SIGN_DEFINED = re.compile(r"\s*[*+!#^~§†]\s*[=:]\s*[^\W\d_]")
#: A field whose value is a number, its name glued to it (``n=1``, ``depth=7``, ``pts=1``).
_NUMBER_FIELD = re.compile(r"(?<![^\s\[(,;|])[^\W\d_]{1,10}=\d")


def is_key_line(text: str) -> bool:
    """Whether line ``text`` is a key to a record's signs: two definitions or more
    (``key: st=straight lf/rt = diag``, ``(n=brown, k=pink)``, codes ``Az azul · Rs rosa``),
    a sign's meaning (:data:`_SIGN_DEFINED`), or
    an example of how entries are written (``Ex.: "Az E1 Rs" = …``). Such a line says
    what the entries mean; it is no entry itself. A line that holds moves in squares
    (:data:`_MOVES_HELD`) is none, whatever key it holds too (a web page saved on one
    line: its key and its tables), nor is a log's line of fields, one of them a number
    (``dir=R n=1 sq=GRN``: a key gives its codes' meanings in words)."""
    if holds_moves(text) or _NUMBER_FIELD.search(text):
        return False
    if _SIGN_DEFINED.match(text):
        return True  # (a sign's meaning: '* = a push: the pushed one goes back one, not written.')
    text = _plain_key(text)
    example = _EXAMPLE.match(text)
    if example is not None and normalise(example[1]) in EXAMPLE_WORDS:
        return True  # (an example of how entries are written)
    return _defines_two(text) or bool(legend_in(text)) or _numbered_colours(text)


def _defines_two(text: str) -> bool:
    """Whether a key's line ``text`` defines two signs or codes at least (``st=straight
    lf/rt = diag``; ``Az azul · Rs rosa``, no digit among them)."""
    return len(_KEYED.findall(text)) >= 2 or (not any(ch.isdigit() for ch in text) and len(_codes(text)) >= 2)


def _numbered_colours(text: str) -> bool:
    """Whether line ``text`` numbers the eight colours, each once (a table of their ids:
    ``INSERT INTO colors VALUES (1,'orange'),(2,'blue'),…``; ``1=Orange 2=Blue …``),
    and says no direction and no square: moves never name eight towers without one
    again (a move's landing is the next tower), so it is a key to the colours, no move."""
    if sum(ch.isdigit() for ch in text) < len(Colour):
        return False
    tokens = _tokens(text)
    colours = [t.colour for t in tokens if t.kind == "COLOUR" and not t.weak]
    return len(colours) == len(set(colours)) == len(Colour) and _numbers_alone(tokens)


def _numbers_alone(tokens: list[Clue]) -> bool:
    """Whether ``tokens`` hold a number for each colour at least, and no direction and no
    square: numbers that move nothing (ids, a list's)."""
    kinds = Counter(t.kind for t in tokens)
    return kinds["DISTANCE"] + kinds["NUMBER"] >= len(Colour) and not kinds.keys() & {"DIRECTION", "SQUARE", "COORDS"}


#: A move in squares (``c8-e6``, ``c8–e6``, ``c8→e6``, or where it went: ``→ g5``), and how
#: many make a line one of moves, no key (a key shows one or two as examples).
_SQUARES_MOVED = re.compile(r"(?:(?<![\w])[a-h][1-8]\s?(?:-|–|—|→|->|x)|(?:→|->))\s?[a-h][1-8](?![\w])", re.IGNORECASE)
_MOVES_HELD = 3


def holds_moves(text: str) -> bool:
    """Whether line ``text`` says where :data:`_MOVES_HELD` moves or more went, in squares:
    a line of moves, whatever else it holds (a key, a note's every line run together)."""
    return len(_SQUARES_MOVED.findall(text)) >= _MOVES_HELD


#: A markup's emphasis around a key's letters (a wiki's ``'''V'''``, Markdown's ``**V**``).
_EMPHASIS = re.compile(r"('{2,3}|\*{1,2}|_{1,2}|`)([^\s'*_`]{1,20})\1")
#: A markup's tags in a key's line (a forum's ``[*][b]R[/b] = recto``, HTML's ``<b>``).
_KEY_TAGS = re.compile(r"\[/?(?:[a-z]{1,6}|\*)(?:=[^\]\n]{0,40})?\]|</?[a-z]{1,6}(?:\s[^<>\n]{0,80})?>", re.IGNORECASE)


def _plain_key(text: str) -> str:
    """Line ``text`` without a markup's emphasis and tags around a key's letters."""
    return _KEY_TAGS.sub("", _EMPHASIS.sub(r"\2", text))

#: The word that opens a line, with the colon or full stop after it (``Ex.:``, ``e.g.``).
_EXAMPLE = re.compile(r"\s*[(\[]?((?:[^\W\d_]+\.)*[^\W\d_]+)(?:\.\s*:?|\s*:)")


def legend_in(text: str) -> dict[str, Direction | Colour]:
    """The letters line ``text`` defines where it is a legend of two definitions or more,
    each a letter and the words of one direction or colour (``R = rakt fram, V = snett
    vänster, H = snett höger``): letter → what it stands for; else nothing."""
    found: dict[str, Direction | Colour] = {}
    text = _plain_key(text)
    if any(ch.isdigit() for ch in text):
        return found  # (a line of entries labelled by side, 'N: verde, dreapta 3 → mov  A: mov, …', defines nothing)
    for m in _DEFINITION.finditer(text):
        said = _one_meaning(m[2])
        if said is not None:
            found[m[1]] = said
    found = {**_codes(text), **_slashed(text), **found}  # (codes and definitions on one line: 'Ve verde, Ma marrone. av = avanti dritto')
    return found if len(found) >= 2 else {}


#: A capital letter (a small one may follow) that a key says is a player's name (``K = Kofi``).
_NAMED_LETTER = re.compile(r"(?:^|[,;(\s])\s*([A-Z][a-z]?)\s*[=:]\s*([A-Z][^\W\d_]+)(?=\s*(?:[,;()]|$))")


def names_in(text: str) -> frozenset[str]:
    """The letters line ``text`` defines as players' names where it defines two or more
    (``key: K = Kofi, Y = Yusuf, …``): each a capital, then a name that is no evidence;
    and the signs it marks the two sides by, where it marks both (``⬛ Black: ada · 🟨
    Gold: annie``, ``(⚫ μαύρα) vs (🟡 χρυσά)``), those of them that are a colour's.
    Such letters and signs label the entries by their player; they are no tower's colour."""
    named = {m[1] for m in _NAMED_LETTER.finditer(_plain_key(text)) if all(t.kind == "ASIDE" for t in _tokens(m[2]))}
    signs = signed_sides(text)
    named |= {sign for sign in signs if any(t.kind == "COLOUR" for t in _tokens(sign))}
    return frozenset(named) if len(named) >= 2 or (named and signs) else frozenset()


def signed_sides(text: str) -> dict[str, Side]:
    """The sign line ``text`` marks each side by, where it marks both, each with a sign of
    its own (``⬛ Black: ada · 🟨 Gold: annie``): a line that begins with one of them
    (a bot's ``⬛ 🟧 Orange a8 ➜ a4``) says that side's move. Else none."""
    signs = {m[1]: normalise(m[2]) for m in _SIGNED_SIDE.finditer(text) if normalise(m[2]) in SIDE_WORDS}
    sides = {sign: Side.GOLD if word in GOLD_WORDS else Side.BLACK for sign, word in signs.items()}
    return sides if len(sides) == 2 and len(set(sides.values())) == 2 else {}


#: A word for *against* between two players' names (``Rosa vs Tamas``, ``Ana x Bea``).
_VERSUS = r"(?i:vs?\.?|versus|x|contra|contre|gegen|tegen|mot|против|đấu với|gặp|対|대|对)"
#: A player's name: a capitalised word, a note in brackets after it (``Rosa (Black)``).
_PLAYER = r"([^\W\d_a-z][^\W\d_]+)(?:\s*\([^()]*\))?"
#: Two players' names with a word for *against* between them.
_PLAYERS = re.compile(rf"(?<!\w){_PLAYER}\s+{_VERSUS}\s+{_PLAYER}")
#: A side's word and a player's name, either way round (``Black: Rosa``, ``Rosa (Đen``).
#: (A name alone after the side: ``Black: Pink Red …`` is a lineup.)
_SIDE_NAME = re.compile(r"(?<!\w)([^\W\d_]+)\s*[:=]\s*([^\W\d_][^\W\d_]+)(?=\s*(?:[,;(]|$))|(?<!\w)([^\W\d_][^\W\d_]+)\s*\(\s*([^\W\d_]+)")


#: A player's name, a word or two, and a word that may be a side's, before a stop or a
#: comma (``Maja had Black, Tomas had Gold.``, ``Ana joga com Dourado.``).
_NAME_THEN_SIDE = re.compile(r"(?<!\w)([^\W\d_][^\W\d_]+)\s+(?:[^\W\d_]{2,8}\s+){1,2}([^\W\d_]+)(?=\s*(?:[,.;)]|$))")


def _sides_named(text: str) -> list[tuple[str, str]]:
    """Each side's word and player's name line ``text`` says together (:data:`_SIDE_NAME`:
    ``Black: Rosa``, ``Rosa (Đen``; :data:`_NAME_THEN_SIDE`, a capitalised name and a
    side's word: ``Maja had Black``), the side's word first."""
    pairs = [(m[1], m[2]) if m[1] is not None else (m[4], m[3]) for m in _SIDE_NAME.finditer(text)]
    return pairs + [(m[2], m[1]) for m in _NAME_THEN_SIDE.finditer(text) if m[1][0].isupper() and normalise(m[2]) in SIDE_WORDS]


def players_in(text: str) -> frozenset[str]:
    """The players' names line ``text`` says that are also a colour's or a direction's
    word (``Rosa (Black) vs Tamas (Gold)``, ``Black: Rosa, Gold: Tamas``): a name labels
    its player's entries; it is no tower's colour. Two such words against each other
    (``Red vs Blue``) may be towers or teams, and a side's word and a colour's alone
    (``Black: Pink``) a move: no names."""
    said = [name for m in _PLAYERS.finditer(text) if not all(map(_evidence_word, (m[1], m[2]))) for name in (m[1], m[2])]
    return frozenset(name for name in said + _both_sides_names(text) if name[0].isupper() and _evidence_word(name))


def _both_sides_names(text: str) -> list[str]:
    """The names line ``text`` gives the two sides (``Black: Rosa, Gold: Tamas``); none
    where it names one side only (``Black: Pink`` alone may be a move)."""
    sides = [(normalise(side), name) for side, name in _sides_named(text) if normalise(side) in SIDE_WORDS]
    return [name for _side, name in sides] if len({side for side, _name in sides}) >= 2 else []


def side_of_word(word: str) -> Side | None:
    """The side ``word`` (normalised) names: Gold for a word of Gold's, Black for another
    side's word but ``white`` (no side of this game's); ``None`` for any other word."""
    if word not in SIDE_WORDS or word == "white":
        return None
    return Side.GOLD if word in GOLD_WORDS else Side.BLACK


def winner_in(text: str, players: Mapping[str, Side] | None = None) -> Side | None:
    """The side line ``text`` says won (``Winner: GOLD``, ``Gold wins with the blue``,
    ``gana negras``, ``Tamas won`` where ``players`` says Tamas plays Gold,
    :func:`players_sides`): a word for winning and one side's word or player's name, no
    other side's; else ``None``."""
    words = _words_of(text)
    if not words & WIN_WORDS:
        return None
    sides = {side for w in words if (side := side_of_word(w)) is not None}
    sides |= {side for name, side in (players or {}).items() if name in words}
    return sides.pop() if len(sides) == 1 else None


def _words_of(text: str) -> set[str]:
    """The words of line ``text``, normalised, and the words for a side or a win that a run
    of glyphs holds with no blank between (``黒の勝ち``)."""
    words = {normalise(w) for w in _LETTERS.findall(text)}
    return words if text.isascii() else words | {w for w in _GLYPH_SIDE_AND_WIN if w in text}


#: The words for a side or a win written in glyphs, found inside a run of them.
_GLYPH_SIDE_AND_WIN = frozenset(w for w in WIN_WORDS | SIDE_WORDS if any(_CJK_CHAR.match(ch) for ch in w))


#: A tag naming a side's player, its first name (``[Black "Priya Shah"]``).
_TAG_NAME = re.compile(r'\[\s*([^\W\d_]+)\s+"\s*([^\W\d_]+)')


def players_sides(lines: Iterable[str]) -> dict[str, Side]:
    """Each player's name (normalised) ``lines`` say the side of (``Black: Priya``,
    ``Rosa (Black) vs Tamas (Gold)``, ``[Gold "Tamas Nagy"]``: his first name): a name that is no evidence word, said with one
    side only."""
    said: dict[str, set[Side]] = {}
    for text in lines:
        pairs = _sides_named(text) + [(m[1], m[2]) for m in _TAG_NAME.finditer(text)]
        for word, name in pairs:
            side = side_of_word(normalise(word))
            if side is not None and _a_name(name):
                said.setdefault(normalise(name), set()).add(side)
    return {name: sides.pop() for name, sides in said.items() if len(sides) == 1}


def _a_name(word: str) -> bool:
    """Whether ``word``, said with a side, may be its player's name: no evidence word, nor a side's."""
    return not _evidence_word(word) and normalise(word) not in SIDE_WORDS


#: A word's letters.
_LETTERS = re.compile(r"[^\W\d_]+")


def _evidence_word(word: str) -> bool:
    """Whether ``word`` is evidence of a move (a colour's or a direction's word)."""
    return any(t.kind != "ASIDE" for t in _tokens(word))


#: A sign before a side's word (``🟨 Gold``, ``⚫ μαύρα``, ``🟡 **Gold**``).
_SIGNED_SIDE = re.compile(r"([^\w\s*_()\[\]:,.·|-])\ufe0f?[ \t]*[*_]{0,2}([^\W\d_]+)")


#: A line that is one definition alone: a letter or two, ``=`` or ``:``, words (a list's
#: mark before it, words in brackets after it).
_ALONE = re.compile(r"\s*(?:[-*•·]\s*)?([A-Za-z]{1,2})\s*[=:]\s*([^\W\d_][^\W\d]*(?:\s+[^\W\d_]+)*)\s*(?:\([^()\d]*\))?\s*[.;,]?\s*")


def definition_alone(text: str) -> dict[str, Direction | Colour]:
    """What line ``text`` defines where it is one definition and nothing else (``b =
    balra átlósan``: one direction or colour said), else nothing."""
    m = _ALONE.fullmatch(_plain_key(text))
    if m is None:
        return {}
    said = _one_meaning(m[2])
    return {m[1]: said} if said is not None else {}


def _one_meaning(words: str) -> Direction | Colour | None:
    """The one direction or colour ``words`` say, where they say one and no other, and
    no distance in a word (``ao: mae nana masu`` is a move, as ``ao: mae 7`` is); a
    letter among them that is a common word too says none (``rovně = směrem k
    soupeři``: *k* is no pink)."""
    tokens = _tokens(words)
    said = {_meaning(t) for t in tokens if t.kind in ("DIRECTION", "COLOUR") and not (t.weak and t.end - t.start == 1)}
    return next(iter(said)) if len(said) == 1 and not any(t.kind == "DISTANCE" and not t.weak for t in tokens) else None


def _meaning(tok: Clue) -> Direction | Colour | None:
    """The direction or the colour the token ``tok`` says."""
    return tok.direction if tok.kind == "DIRECTION" else tok.colour


#: Letters parted by slashes, then as many meanings so parted (``Av/G/D = avant/gauche/droite``).
_SLASHED = re.compile(r"(?<![\w/])([^\W\d_]{1,3}(?:/[^\W\d_]{1,3})+)\s*[=:]\s*([^\W\d_]+(?:\s*/\s*[^\W\d_]+)+)")


def _slashed(text: str) -> dict[str, Direction | Colour]:
    """The letters line ``text`` defines in one definition of several, parted by slashes
    (``Av/G/D = avant/gauche/droite``): each letter the meaning in its place, where as
    many are said and each says one."""
    found: dict[str, Direction | Colour] = {}
    for m in _SLASHED.finditer(text):
        letters, meanings = m[1].split("/"), [_one_meaning(w) for w in m[2].split("/")]
        if len(letters) == len(meanings) and None not in meanings:
            found.update(zip(letters, cast("list[Direction | Colour]", meanings), strict=True))
    return found


def _codes(text: str) -> dict[str, Direction | Colour]:
    """The codes line ``text`` lists, each before the colour or direction word it
    shortens and starting as it does (``La laranja · Az azul · Vm vermelho``), or whose
    letters the word bears as capitals (``U pUrple   K pinK   N browN``: the key marks
    the letter it took); codes in small letters (``bl blauw  ro rood``) where the line
    lists two at least."""
    found: dict[str, Direction | Colour] = {}
    for m in _CODE_WORD.finditer(text):
        words = _tokens(m[2])
        value = _meaning(words[0])
        if len(words) == 1 and value is not None and not words[0].weak and _shortens(m[1], m[2]) and _code_means(m[1], value):
            found[m[1]] = value
    return _listed(found)


def _shortens(code: str, word: str) -> bool:
    """Whether ``code`` may shorten ``word``: it starts as the word does, or it is the
    capitals the word bears after its first letter (``pUrple``: U)."""
    return normalise(code)[0] == normalise(word)[0] or "".join(ch for ch in word[1:] if ch.isupper()) == code


def _listed(found: dict[str, Direction | Colour]) -> dict[str, Direction | Colour]:
    """The codes ``found`` on a line that a key lists: one code in small letters alone is
    a small word before a colour in prose (``lands on orange``), no code; a key lists
    several."""
    small = [code for code in found if code.islower()]
    if len(small) == 1:
        del found[small[0]]
    return found


def _code_means(code: str, value: Direction | Colour) -> bool:
    """Whether ``code`` may stand for ``value``: a word that says something else in full is
    no code of it (``Gold: red right`` is a move, *red* no code for right)."""
    said = [t for t in _tokens(code) if t.kind in ("DIRECTION", "COLOUR") and not t.weak]
    return all(_meaning(t) is value for t in said)


def _aside(text: str, word: str, key: str, start: int, end: int) -> bool:
    """Whether the word ``text[start:end]`` is set aside whatever it says: too long, a
    side's name, an accented letter alone (``6 ô``), a letter in brackets after a name
    (``Jonas (B)``: a side's)."""
    if len(key) > _MAX_WORD or (key in SIDE_WORDS and key not in EVIDENCE_COLOURS):
        return True
    return len(key) == 1 and (not word.isascii() or (text[start - 1 : start] == "(" and text[end : end + 1] == ")"))


def _inflected(key: str, start: int, end: int, *, by_stem: bool = True) -> list[Clue] | None:
    """A colour or direction word inflected: a case ending after it (``maviye``,
    ``pirosra``, ``siniselle``), or a word that begins with the stem of one of the longer
    ones (``розовое``): weak evidence of it."""
    found = _case_ending(key, start, end)
    if found is None and by_stem:
        found = _stem(key, start, end)
    return [found] if found is not None else None


def _case_ending(key: str, start: int, end: int) -> Clue | None:
    """A colour or direction word with a case ending after it (``maviye``): weak
    evidence of it."""
    for ending in ENDINGS:
        base = key[: len(key) - len(ending)]
        if key.endswith(ending) and len(base) >= 3 + (len(ending) == 1):  # (one letter after three is a word of its own: 'move', 'time', 'came')
            for form in (base, base[:-2] + "nen" if base.endswith("se") else base):
                found = _slot_word(form, start, end, True)
                if found is not None and found.kind != "DISTANCE":
                    return found
    return None


def _stem(key: str, start: int, end: int) -> Clue | None:
    """A word that begins with the stem of a longer colour or direction word, its
    longest (``розовое``): weak evidence of it."""
    for size in range(min(len(key), _MAX_STEM), 4, -1):
        value = stems().get(key[:size])
        if value is not None and len(key) - size <= MAX_ENDING:
            return _slot_word(value.name.lower(), start, end, True)
    return None


#: The longest stem looked up (a stem is a word of the tables less an ending, at most).
_MAX_STEM = 16


#: A digit a blank or two on (what makes a compass letter a direction: ``s 3``).
_DIGIT_NEXT = re.compile(r"[ \t]{0,2}\d")


def _slot_word(key: str, start: int, end: int, weak: bool) -> Clue | None:
    """The token of a word of a slot: a colour, a direction (or either), a distance."""
    colour = EVIDENCE_COLOURS.get(key)
    direction = EVIDENCE_DIRECTIONS.get(key)
    if colour is not None or direction is not None:
        kind = "AMBIGUOUS" if colour is not None and direction is not None else "COLOUR" if colour is not None else "DIRECTION"
        return Clue(kind, start, end, colour=colour, direction=direction, weak=weak)
    if key in NUMBER_WORDS:
        return Clue("DISTANCE", start, end, number=NUMBER_WORDS[key], weak=weak)
    return None


_PHRASE_KEYS = {normalise(" ".join(p.split())): word for p, word in PHRASES.items()}


def _phrase(written: str, start: int, end: int) -> Clue:
    """A colour, a direction or a forced word written in two or three words (``xanh lá
    cây``, ``tout droit``)."""
    key = normalise(_PHRASE_KEYS.get(normalise(" ".join(written.split())), ""))
    named = _WORD_KINDS.get(key)
    found = Clue(named, start, end) if named is not None else _slot_word(key, start, end, False)
    return found or Clue("ASIDE", start, end)


def takes_back(text: str) -> bool:
    """Whether ``text`` takes an entry back (``takeback``, ``scratch that``, ``~~…~~``):
    only the evidence reader drops the entry it names."""
    if "~~" in text or "<del>" in text or "<s>" in text or "[s]" in text:
        return True
    return any(normalise(w) in RETRACT_WORDS for w in re.findall(r"[^\W\d_]+", text))


def is_evidence_word(word: str) -> bool:
    """Whether ``word``, which the notation does not write, is evidence of a move all the
    same (another language's colour, direction or number, an arrow): then it is no
    misspelling to read past, and its line is read by evidence."""
    key = normalise(word)
    if key in WEAK_WORDS:  # (a common word too; but a direction's word of four letters or more is no English homophone: 'rakt')
        return len(key) >= 4 and key in EVIDENCE_DIRECTIONS
    known = key in _EVIDENCE_WORDS or word in ARROW_DIRECTIONS
    # ('lilára': a colour with its case ending; not 'braunbraun', two run together, nor
    # 'Purplee', 'blara': a letter from a word of the notation, which the grammar's tier corrects)
    return known or (_inflected(key, 0, len(word), by_stem=False) is not None and not _misspelt(key))


#: The words that are evidence of a move in any language (:func:`is_evidence_word`): a
#: forced word, a word taking back, a colour's, a direction's, a number's.
_EVIDENCE_WORDS = frozenset(
    {*(w for w, kind in _WORD_KINDS.items() if kind in _FORCED_KINDS), *RETRACT_WORDS, *EVIDENCE_COLOURS, *EVIDENCE_DIRECTIONS, *NUMBER_WORDS}
)

#: The notation's own words (every language it writes), by length.
_NOTATION_WORDS = [*COLOUR_WORDS, *DIRECTION_WORDS]


def _misspelt(key: str) -> bool:
    """Whether ``key`` is a letter from a word of the notation (a misspelling)."""
    return any(abs(len(w) - len(key)) <= 1 and edit_distance(key, w) <= 1 for w in _NOTATION_WORDS)


def _glued(word: str, start: int) -> list[Clue] | None:
    """A word of two slots' words run together (``RedLeft``, ``PurplePurple``,
    ``rojoizquierda``): its two tokens, when it splits so into words that are no common
    words too (not ``Tanaka``, ``tan`` and ``aka``)."""
    if len(word) > 2 * _MAX_WORD or len(word) < 6:
        return None
    for k in range(len(word) - 3, 2, -1):
        first = _slot_word(normalise(word[:k]), start, start + k, False)
        rest = _slot_word(normalise(word[k:]), start + k, start + len(word), False)
        if first is not None and rest is not None and first.kind != "DISTANCE" and not {normalise(word[:k]), normalise(word[k:])} & WEAK_WORDS:
            return [first, rest]
    return None


def _glyphs(text: str, start: int, end: int) -> list[Clue]:
    """A run of CJK glyphs, looked up longest first (``茶色``, then ``茶``)."""
    out: list[Clue] = []
    at = start
    while at < end:
        for size in range(min(_LONGEST_GLYPHS, end - at), 0, -1):
            key = normalise(text[at : at + size])
            named = _WORD_KINDS.get(key)  # ('押し' a push, '押し戻し' a back-entry)
            found = Clue(named, at, at + size) if named is not None else _slot_word(key, at, at + size, False)
            if found is not None:
                out.append(found)
                at += size
                break
        else:
            out.append(Clue("ASIDE", at, at + 1))
            at += 1
    return [Clue("ASIDE", c.start, c.end) if _in_word(text, out, k) else c for k, c in enumerate(out)]


def _in_word(text: str, run: list[Clue], k: int) -> bool:
    """Whether clue ``k`` of a ``run`` of glyphs is part of a word, no evidence: a forced
    word between two glyphs that are none (``看过去``, looking over: no pass); a number's
    glyph that one follows, but a counter of squares (``一本勝負``, a one-round match;
    not ``三マス``: :data:`COUNTERS`); a Hangul syllable alone that one follows (``우리``,
    we: no 우, right; ``우1`` is)."""
    c = run[k]
    before = k == 0 or run[k - 1].kind == "ASIDE"
    after = k + 1 < len(run) and run[k + 1].kind == "ASIDE"
    if c.kind in _FORCED_KINDS:
        return k > 0 and before and after
    if c.kind == "DISTANCE":
        return before and after and not text.startswith(COUNTERS, c.end)
    return after and _one_syllable(text, c)


def _one_syllable(text: str, c: Clue) -> bool:
    """Whether the glyph ``c`` is one Hangul syllable (``우``)."""
    return c.end - c.start == 1 and "\uac00" <= text[c.start] <= "\ud7af"


#: What stands between an entry and the square it lands on said in brackets after it: an
#: opening bracket, after a glyph or two (``格（``, a square's word).
_OPENS_BRACKET = re.compile(r"[\s,;:]*(?:[\u3040-\u30ff\u3400-\u9fff]{1,2}\s*)?[(\[（【]\s*")


def _spoken(said: str, start: int, end: int) -> Clue:
    """A square said as speech to text writes it (``E two``, ``h seven``): its file's
    letter, then its rank's word. In small letters it is weak (``a two``, ``e two``: an
    article, a conjunction before a number too)."""
    return Clue("SQUARE", start, end, squares=(None, _square(said[0] + str(_rank(said[2:])))), weak=said[0].islower())


def _square(name: str) -> int:
    return SQUARES[name.lower()]


#: The letters a scan's text recognition writes for a rank's digit (``f8-fS``, ``g3-el``,
#: ``a5 - dB``, ``cZ-c4``).
_SCANNED = str.maketrans("SslIBZ", "551182")


def _number(tok: str, start: int, end: int) -> Clue:
    value = int(tok) if len(tok) <= MAX_DIGITS else None
    if value is not None and value <= 7 and not (len(tok) > 1 and tok[0] == "0"):  # ('001': a log's counter)
        return Clue("DISTANCE", start, end, number=value)
    return Clue("NUMBER", start, end)


#: How each group of :data:`_TOKEN` becomes tokens (the line's text, the match).
_GROUPS: dict[str, Callable[[str, re.Match[str]], list[Clue]]] = {
    "struck": lambda text, m: [Clue("STRUCK", m.start(), m.end())],
    "tag": lambda text, m: _named_in_tag(text, m.start(), m.end()) or _bracketed_word(text, m.start(), m.end()) or [_tag(m.group(), m.start(), m.end())],
    "comment": lambda text, m: [Clue("ASIDE" if "\\" in text else "COMMENT", m.start(), m.end())],
    "piece": lambda text, m: _word(text, m.start(), m.end()),
    "coords": lambda text, m: [_coords(m.group(), m.start(), m.end())],
    "spaced": lambda text, m: [_coords(m.group(), m.start(), m.end())],  # ('!k mv g8 h7': two squares alone, a bot's command)
    "scanned": lambda text, m: _scanned(text, m.start(), m.end()),
    "square": lambda text, m: [Clue("SQUARE", m.start(), m.end(), squares=(None, _square(m.group())))],
    "suffixed": lambda text, m: [Clue("SQUARE", m.start(), m.end(), squares=(None, _square(m.group()[:2])))],  # (its ending is the square's)
    "shortcode": lambda text, m: [_other(SHORTCODES[m.group()[1:-1].casefold()], m.start(), m.end())],
    "spelled": lambda text, m: [Clue("SQUARE", m.start(), m.end(), squares=(None, _spelled(m.group())))],
    "lettered": lambda text, m: [_lettered(m.group(), m.start(), m.end())],
    "spoken": lambda text, m: [_spoken(m.group(), m.start(), m.end())],
    "time": lambda text, m: [Clue("ASIDE", m.start(), m.end())],
    "scannedword": lambda text, m: _scanned_word(text, m.start(), m.end()),
    "misread": lambda text, m: [Clue("ASIDE", m.start(), m.end())],
    "example": lambda text, m: [Clue("ASIDE", m.start(), m.end())],  # (an example to the line's end: 'for example Red e8→e5 …')
    "address": lambda text, m: [Clue("ASIDE", m.start(), m.end())],  # (a mail's address or id '<4c0b…-b1d2-…@gmx.de>', a link)
    "starred": lambda text, m: [Clue("AMEND", m.start(), m.end())],  # (a chat's correction of the message before: '*a2')
    "ident": lambda text, m: [Clue("ASIDE", m.start(), m.end())],  # (a chat's user id 'U02HJ5TT0PX', a nick 'samwise_g', a radio call sign 'G4XKM', a hash, an ordinal '3rd')
    "date": lambda text, m: [Clue("ASIDE", m.start(), m.end())],  # ('14 Mar ·', 'Mar 14, 2024')
    "turn": lambda text, m: [Clue("TURN", m.start(), m.end())],
    "int": lambda text, m: [_number(m.group(), m.start(), m.end())],
    "cjk": lambda text, m: _glyphs(text, m.start(), m.end()),
    "word": lambda text, m: _word(text, m.start(), m.end()),
    "phrase": lambda text, m: [_phrase(m.group(), m.start(), m.end())],
    "ascii": lambda text, m: [_other("→", m.start(), m.end())],  # ('->': the arrow typed; not '=>', a program's key and value)
    "dots": lambda text, m: [Clue("DOTS", m.start(), m.end())],
    "border": lambda text, m: [Clue("ASIDE", m.start(), m.end())],  # (a table's rule: '----+-----')
    "ring": lambda text, m: [Clue("RING", m.start(), m.end())],
    "unread": lambda text, m: [Clue("UNREAD", m.start(), m.end())],
    "other": lambda text, m: [_other(m.group(), m.start(), m.end())],
}


def clues(text: str, legend: Mapping[str, Direction | Colour] | None = None) -> list[Clue]:
    """Line ``text`` taken apart into clues, in order: what each piece of it is evidence
    of (a colour, a direction, a distance, squares, a forced word, a push mark), or
    ``ASIDE``/``COMMENT``/``TURN``/… for what says nothing of a move. ``legend``: the
    letters a key line of the file defines (:func:`legend_in`)."""
    token = _LEGEND.set(legend or {})
    try:
        return _tokens(text)
    finally:
        _LEGEND.reset(token)


#: A Markdown escape: a backslash before a mark (``\(a8\-a4\)``, ``1\.``, as a journal's
#: or a notes app's export writes them).
_ESCAPE = re.compile(r"\\(?=[!-/:-@\[-`{-~])")


#: A TeX command (``\textbf``, ``\rightarrow``, ``\hline``): a line that holds one is
#: TeX's, whose backslashes before marks are its own (``\\``, ``\,``, ``\(``), no escapes.
_COMMAND = re.compile(r"\\[A-Za-z]")


#: A line break or a tab escaped in a string (a graph's label, a program's string:
#: ``"1. Priya\nपहेंलो e8→f7"``), not before a small letter (TeX's ``\newline``, ``\tau``).
_NEWLINE_ESCAPE = re.compile(r"\\[nt](?![a-z])")


#: A character escaped in a JSON string (``\\u2192``, an arrow; an emoji as two halves,
#: ``\\ud83d\\udfeb``), as a program's JSON writer escapes what is not ASCII.
_UNICODE_ESCAPE = re.compile(r"\\u(d[89ab][0-9a-f]{2})\\u(d[c-f][0-9a-f]{2})|\\u([0-9a-f]{4})", re.IGNORECASE)
#: A run of text (no blank, no quote) that holds such an escape: ``s\\u00e1rga``.
_ESCAPED_RUN = re.compile(r"[^\s\"]*\\u[0-9a-f]{4}[^\s\"]*", re.IGNORECASE)


def _run_decoded(m: re.Match[str]) -> str:
    """A run of text (:data:`_ESCAPED_RUN`) with its escapes read as the characters they
    stand for (``sárga``), blanks after it to its width: the columns after it stay."""
    run = m.group()
    decoded = _UNICODE_ESCAPE.sub(_decoded, run)
    return decoded + " " * (len(run) - len(decoded))


def _decoded(m: re.Match[str]) -> str:
    """A JSON escape (:data:`_UNICODE_ESCAPE`) as the character it stands for."""
    if m[3] is not None:
        return chr(int(m[3], 16))
    return chr(0x10000 + ((int(m[1], 16) - 0xD800) << 10) + (int(m[2], 16) - 0xDC00))


def _unescaped(text: str) -> str:
    r"""``text`` with its Markdown escapes read as the marks they escape, each column
    where it was: the backslash is the mark again (``1\.`` a list's ``1..``, ``a8\-a4``
    two squares ``a8--a4``, ``\(`` ``((``)."""
    return _ESCAPE.sub(lambda m: text[m.end()], text)


#: A file's letter typed in another script's look-alike, right before a rank (``с1-с7``,
#: Cyrillic ``с`` for ``c``, as a Russian keyboard types it): the square it looks like.
_LOOKALIKE = re.compile(r"(?<![^\W\d_])([асеһАВСЕН])(?=[1-8](?![\d]))")
_LATIN_OF = str.maketrans("асеһАВСЕН", "acehABCEH")


def _tokens(text: str) -> list[Clue]:
    if not text.isascii() and _LOOKALIKE.search(text):
        text = _LOOKALIKE.sub(lambda m: m[1].translate(_LATIN_OF), text)
    if "\\" in text:
        text = _ESCAPED_RUN.sub(_run_decoded, _NEWLINE_ESCAPE.sub("  ", text))  # ('label="Blue\nb8→b2"': a string's line break, two blanks)
        if "\\" in text and not _COMMAND.search(text):
            text = _unescaped(text)
    out: list[Clue] = []
    for m in _TOKEN.finditer(text):
        out.extend(_GROUPS[m.lastgroup or "other"](text, m))
    return _in_context(text, out)



def _in_context(text: str, out: list[Clue]) -> list[Clue]:
    """The tokens ``out`` of line ``text`` read again with what stands around each: a
    struck bracket's, a name's initial, two squares a "to" apart, a spreadsheet's
    counters, a forfeit's word in prose, a sentence's last number, a code before a
    colour's word, a direction said twice, a number of points (:data:`_CONTEXT`, in
    order: each where the line may need it)."""
    for needed, read in _CONTEXT:
        if needed(text, out):
            out = read(text, out)
    return out


def _each(rule: Callable[[str, list[Clue], int], Clue]) -> Callable[[str, list[Clue]], list[Clue]]:
    """A rule of one token (its line, the tokens, its index) applied to each token."""
    return lambda text, out: [rule(text, out, k) for k in range(len(out))]


def _struck(text: str, out: list[Clue]) -> list[Clue]:
    return _brackets_struck(out, [(m.start(), m.end()) for m in _BRACKETED.finditer(text)])


def _counted(kind: str, least: int = 1) -> Callable[[str, list[Clue]], bool]:
    """Whether a line holds ``least`` tokens of ``kind`` at least."""
    return lambda text, out: sum(t.kind == kind for t in out) >= least


#: A word in small letters (two at least).
_SMALL_WORD = re.compile(r"[a-z]{2,}")


def _bar(text: str, tokens: list[Clue], k: int) -> Clue:
    """Token ``k`` of a line in capitals, set aside where it is a small ``l`` alone: a
    table's bar as a scan's text recognition read it (``1 l  YELLOW  L  1  l YELLOW``),
    not the short form's Left (which a line in capitals writes ``L``)."""
    tok = tokens[k]
    return Clue("ASIDE", tok.start, tok.end) if text[tok.start : tok.end] == "l" else tok


#: A mark that opens a line's message, a time or a bracket's stamp before it at most,
#: a blank and a word after it: a quoted line's ``>``, a log's ``>>`` (sent) and ``<<``
#: (received), no direction (``Rd >2``, ``red >> blue`` are).
_MESSAGE_MARK = re.compile(r"\s*(?:\[[^\]\n]{0,40}\]\s*|\d{1,2}:\d{2}(?::\d{2})?(?:[.,]\d+)?\s+)?(>{1,3}|<{2,3})(?=\s+[^\W\d_])")


def _message_mark(text: str, tokens: list[Clue]) -> list[Clue]:
    """``tokens`` with the mark that opens line ``text``'s message (:data:`_MESSAGE_MARK`)
    set aside."""
    m = _MESSAGE_MARK.match(text)
    assert m is not None
    return _set_aside_within(tokens, [m.span(1)])


#: How many numbers a line names, each after its name, to be a log's fields.
_FIELDS_NAMED = 3


def _log_fields(text: str, tokens: list[Clue]) -> list[Clue]:
    """``tokens`` with the numbers set aside where line ``text`` names
    :data:`_FIELDS_NAMED` of them or more, each a blank after a word that is no evidence:
    a log's fields (``info depth 7 score cp -37 nodes 12402``: no distance of 7)."""
    named = _fields_named(text, tokens)
    if len(named) < _FIELDS_NAMED:
        return tokens
    return _set_aside_within(tokens, [(tokens[k - (tokens[k - 1].kind == "DASH")].start, tokens[k].end) for k in named])


def _fields_named(text: str, tokens: list[Clue]) -> list[int]:
    """The numbers of line ``text`` (``tokens``' indices) each named before it
    (:func:`_named_number`)."""
    return [k for k in range(1, len(tokens)) if tokens[k].kind in ("NUMBER", "DISTANCE") and _named_number(text, tokens, k)]


def _named_number(text: str, tokens: list[Clue], k: int) -> bool:
    """Whether the number ``tokens[k]`` (its sign before it, at most) stands a blank after
    a word that is no evidence (its name, in a log's fields)."""
    j = k - 1 if tokens[k - 1].kind == "DASH" and tokens[k - 1].end == tokens[k].start and k > 1 else k
    before = tokens[j - 1]
    return before.kind == "ASIDE" and text[before.start : before.end].isalpha() and text[before.end : tokens[j].start] == " "


def _code_before_word(text: str, tokens: list[Clue], k: int) -> Clue:
    """Token ``k``, made weak (evidence only inside an entry) where it is a colour's
    code of two letters that a colour spelt out follows, blanks between (``On purple.``,
    ``blue Or purple``: a word of the sentence, as the short form never writes a code
    before a word; ``Or    rose d2``, a French list's side, *Or* for Gold); set aside where
    it is a common word in small letters one blank before the word (``landed on brown``,
    ``blue or purple``: :data:`~kamisado_notation.notation.vocabulary.CODE_WORDS`), which
    read as a move's landing would leave the colour's word no slot."""
    tok = tokens[k]
    gap = _gap_before_word(text, tokens, k)
    if gap is None:
        return tok
    return Clue("ASIDE", tok.start, tok.end) if gap == " " and text[tok.start : tok.end] in CODE_WORDS else replace(tok, weak=True)


def _gap_before_word(text: str, tokens: list[Clue], k: int) -> str | None:
    """The blanks between token ``k`` of line ``text``, a colour's code of two letters,
    and a colour spelt out right after it; ``None`` where no such colour follows it."""
    tok, after = tokens[k], tokens[k + 1] if k + 1 < len(tokens) else None
    if after is None or tok.kind != "COLOUR" or tok.end - tok.start != 2 or not _spelt_colour(text, after):
        return None
    gap = text[tok.end : after.start]
    return None if gap.strip(" ") else gap


def _spelt_colour(text: str, tok: Clue) -> bool:
    """Whether ``tok`` is a colour spelt out: a word of three letters or more."""
    return tok.kind == "COLOUR" and tok.end - tok.start > 2 and text[tok.start : tok.end].isalpha()


#: A sentence's end: a full stop, a question or an exclamation mark, a blank after it.
_SENTENCE_ENDS = re.compile(r"[.!?]\s")


def sentence_ends(text: str, start: int, end: int) -> bool:
    """Whether a sentence ends in ``text[start:end]`` (``left. Maja moved the orange 4``:
    the colour after it, a move's slot after the colour, begins the next entry, not
    where the move before lands)."""
    return _SENTENCE_ENDS.search(text, start, end) is not None


def _sentence_end(text: str, tokens: list[Clue], k: int) -> Clue:
    """Token ``k``, or a distance where it is a number with a full stop right after a
    direction, blanks or a comma between (``Purple, left, 1. Lands on green.``: a
    sentence's last word, not the next row's number; not after a sign that may be an
    arrow, a mail's quote ``> 1. Red …``)."""
    tok = tokens[k]
    if tok.kind != "TURN" or not text[tok.start : tok.end].endswith("."):
        return tok
    j = _past_blanks_before(text, tokens, k)
    digits = text[tok.start : tok.end - 1]
    if j < 0 or tokens[j].kind != "DIRECTION" or tokens[j].weak or not digits.isdigit() or not 1 <= int(digits) <= 7:
        return tok
    return Clue("DISTANCE", tok.start, tok.end - 1, number=int(digits))


def _pronoun(text: str, tokens: list[Clue], k: int) -> Clue:
    """Token ``k``, or text set aside where it is ``one`` after a word that makes it a
    pronoun (``the one she moved before``, ``that one``): no distance."""
    tok = tokens[k]
    if tok.kind != "DISTANCE" or normalise(text[tok.start : tok.end]) != "one":
        return tok
    before = _WORD_BEFORE.search(text, 0, tok.start)
    return Clue("ASIDE", tok.start, tok.end) if before is not None and before[1].casefold() in _POINTING_WORDS else tok


#: English's ``to`` before a verb, after a word that asks for one (``So I have to do
#: red``, ``she had to move``, ``you need to play blue``): no distance two heard as "to".
_INFINITIVE = re.compile(
    r"\b(?:(?:have|has|had|need|needs|needed|got|gotta|want|wants|wanted|going|ought|forced|able)\s+to(?:\s+(?:do|go|move|play|make|take|use|push))?"
    r"|to\s+(?:do|move|play|make|take|use|push)\b)\b",
    re.IGNORECASE,
)


def _infinitive(text: str, tokens: list[Clue]) -> list[Clue]:
    """``tokens`` with English's infinitive (:data:`_INFINITIVE`: ``to`` and a verb
    after it, ``do`` or ``go``) set aside: words of a sentence, no distances; and a
    square said whose rank is that ``to`` (``start (A to move)``: player A's turn, no
    a2)."""
    spans = [m.span() for m in _INFINITIVE.finditer(text)]
    return _set_aside_within(tokens, [(min((t.start for t in tokens if t.start < a < t.end <= b), default=a), b) for a, b in spans])


#: What stands between a score's two numbers said in words: a joiner (:data:`SCORE_JOINERS`), blanks around it.
_JOINER = re.compile(r"\s+([^\W\d_]+|×)\s+")
#: What ends a sentence (a score said in words begins its own).
_SENTENCE_STOP = re.compile(r"[.!?;]")


def _score_in_words(text: str, tokens: list[Clue]) -> list[Clue]:
    """``tokens`` with a score said in words set aside (``Empatou! Um a um.``, ``Dois a um
    pra mim``, ``two to one``): two numbers a joiner between (:data:`SCORE_JOINERS`), the
    first of its sentence's evidence; no distances."""
    said = [k for k, t in enumerate(tokens) if t.kind != "ASIDE"]
    numbers = {t.start: t for t in tokens if t.kind == "DISTANCE"}
    spans = []
    for a in (k for k in said if tokens[k].kind == "DISTANCE"):
        second = _score_with(text, tokens[a], numbers)
        if second is not None and _opens_sentence(text, tokens, said, a):
            spans.append((tokens[a].start, second.end))
    return _set_aside_within(tokens, spans)


def _score_with(text: str, first: Clue, numbers: Mapping[int, Clue]) -> Clue | None:
    """The number after ``first`` in line ``text`` that a score's joiner stands between
    (``um a um``), of the line's ``numbers`` (by where they start); else ``None``."""
    between = _JOINER.match(text, first.end)
    return numbers.get(between.end()) if between is not None and normalise(between[1]) in SCORE_JOINERS else None


def _opens_sentence(text: str, tokens: list[Clue], said: list[int], k: int) -> bool:
    """Whether token ``k`` is the first evidence (``said``: the tokens that are) of its sentence."""
    before = [j for j in said if j < k]
    return not before or _SENTENCE_STOP.search(text, tokens[before[-1]].end, tokens[k].start) is not None


#: A word for "no" that ends a sentence (``Aquí no.``, ``No!``, ``nein,``; not ``No. 3``,
#: a number's abbreviation, nor ``No. |``, a table's heading).
_NEGATION = re.compile(r"(?<![^\W\d_])(?:" + "|".join(sorted(map(re.escape, NEGATION_WORDS), key=len, reverse=True)) + r")\s*[.!,;:](?!\w)(?!\s*[\d#|&])", re.IGNORECASE)


def _negation(text: str, tokens: list[Clue]) -> list[Clue]:
    """``tokens`` with a word for "no" that ends a sentence before the line's first
    evidence of a move (``Aquí no. Fue a8-e4``: not here, it was a8-e4) a word of
    correction: the line takes back the move said before it."""
    m = _NEGATION.search(text)
    first = next((tok.start for tok in tokens if tok.kind in _SLOTS and not tok.weak), len(text))
    if m is None or m.start() > first:
        return tokens
    return [Clue("AMEND", tok.start, tok.end) if tok.start == m.start() else tok for tok in tokens]


#: A round's or a ply's name right before a number (``round 5 over``, ``=== game 3 ===``,
#: ``Runde Nr. 2``, ``ply 4``): the number counts them, no distance. Names of three letters
#: at least (``rd`` is red's code too, ``RD 3``).
_ROUND_NAME = re.compile(
    r"(?<![^\W\d_])(?:" + "|".join(sorted({re.escape(w) for w in (*ROUND_WORDS, *PLY_WORDS) if len(w) > 2}, key=len, reverse=True)) + r")\s*(?:#|n[or]\.|nº)?\s*$", re.IGNORECASE
)


def _round_number(text: str, tokens: list[Clue], k: int) -> Clue:
    """Token ``k``, set aside where it is a distance right after a round's or a ply's name
    (:data:`_ROUND_NAME`): their number, in a line that says more (a log's
    ``=== round 5 === (winner fills from LEFT)``, ``round 5 over: GOLD reached home row``)."""
    tok = tokens[k]
    if tok.kind != "DISTANCE" or _ROUND_NAME.search(text, max(0, tok.start - 24), tok.start) is None:
        return tok
    return Clue("ASIDE", tok.start, tok.end)


#: A word for "not" right before a clue (``not h3 but h1``), or right after it
#: (``h3じゃなくてh1``, a particle between in Korean: ``h3가 아니라``).
_NOT_BEFORE = re.compile(r"(?<![^\W\d_])(?:" + "|".join(map(re.escape, NOT_BEFORE)) + r")[\s,]+$", re.IGNORECASE)
_NOT_AFTER = re.compile(r"\s*(?:[이가]\s*)?(?:" + "|".join(map(re.escape, NOT_AFTER)) + ")")
_NOT_WORD = re.compile(r"(?<![^\W\d_])(?:" + "|".join(map(re.escape, NOT_BEFORE)) + r")(?![^\W\d_])|" + "|".join(map(re.escape, NOT_AFTER)), re.IGNORECASE)
#: The kinds of clue a correction rejects with "not", each with those that say the same slot.
_SAME_SLOT = {"SQUARE": ("SQUARE", "COORDS"), "COORDS": ("SQUARE", "COORDS"), "COLOUR": ("COLOUR",), "DIRECTION": ("DIRECTION",)}


def _rejected(text: str, tokens: list[Clue], k: int) -> Clue:
    """Token ``k``, ``REJECTED`` (what it names kept, no evidence of a move) where it is a
    square, a colour or a direction that a word for "not" rejects and the line says the
    same slot again after it (``ごめんh3じゃなくてh1！ h8→h1``: sorry, not h3 but h1;
    ``nicht rot, sondern blau``; not ``move 3 went d1-d4, not d1-d5``, a reply that
    quotes a move, whose squares before the record read as its first): what the writer did not mean, no move of its own (a
    last move's rejected square made a reading as good as the one that ends the round)."""
    tok = tokens[k]
    same = _SAME_SLOT.get(tok.kind, ())
    if not _said_not(text, tok) or not any(t.kind in same for t in tokens[k + 1 :]):
        return tok
    return replace(tok, kind="REJECTED")


def _said_not(text: str, tok: Clue) -> bool:
    """Whether a word for "not" stands right before ``tok`` or right after it."""
    return _NOT_BEFORE.search(text, max(0, tok.start - 12), tok.start) is not None or _NOT_AFTER.match(text, tok.end) is not None


#: A field's value that is a score (``score=B0:G1``, ``pts=1``, ``Stand: 2-1``).
_SCORE_FIELD = re.compile(
    r"(?<![^\W\d_])(?:" + "|".join(sorted({re.escape(w) for w in (*SCORE_WORDS, *POINTS_WORDS)}, key=len, reverse=True)) + r")\s*[=:]\s*(\S+)", re.IGNORECASE
)
#: A field's name before its value, glued (``dir=R``, ``n=1``, ``sq=GRN``, a log's fields).
_FIELD_NAME = re.compile(r"(?<![^\s\[(,;|])[^\W\d_]{1,5}(?==\S)")
#: A board's files named in their order (``a b c d e f g h``, ``& a & b & … & h``): its
#: margin, no move's letters.
_FILES_IN_ORDER = re.compile(r"(?<![^\W\d_])a(?:[^\w\n]+b[^\w\n]+c[^\w\n]+d[^\w\n]+e[^\w\n]+f[^\w\n]+g[^\w\n]+h)(?![^\W\d_])", re.IGNORECASE)


#: A table's cell boundary (a bar, a tab).
_CELL_BOUND = re.compile(r"[|\t]")
#: The words set aside that make a table's cell a sentence, no move (``the Blue tower
#: goes straight home!``): more of them than its clues, as many as this at least.
_CELL_WORDS = 3
#: The clues that say where a move goes or how far: a cell that holds one is a move's.
_HOW_FAR = frozenset({"DISTANCE", "SQUARE", "COORDS", "PASS", "BLOCKED", "PUSHED"})


def _comment_cell(text: str, tokens: list[Clue]) -> list[Clue]:
    """``tokens`` of a table's row, those in a cell that holds a sentence set aside where
    the other cells say a move whole: a comment's column (``| Blue | Forward 4 | the
    Blue tower goes straight home! |``), whose colour is no landing. A cell is a
    sentence where it says nothing of how far (:data:`_HOW_FAR`) and holds more words
    set aside than clues, :data:`_CELL_WORDS` at least; a move's other cells say how it
    went (:func:`_whole_move`: not ``| różowa | na skos w lewo | 1 |``, whose words
    are the way it went)."""
    cells = _sentence_cells(text, tokens)
    if not cells or not _whole_move([t for t in tokens if not any(a <= t.start < b for a, b in cells)]):
        return tokens
    return _set_aside_within(tokens, cells)


def _sentence_cells(text: str, tokens: list[Clue]) -> list[tuple[int, int]]:
    """Where the cells of table row ``text`` (of its ``tokens``) that hold a sentence
    (:func:`_a_sentence_cell`) start and end."""
    bounds = [0, *(m.start() for m in _CELL_BOUND.finditer(text)), len(text)]
    return [(a, b) for a, b in pairwise(bounds) if _a_sentence_cell(text, [t for t in tokens if a <= t.start < b])]


def _whole_move(tokens: list[Clue]) -> bool:
    """Whether ``tokens`` say where a move went: its squares, or a way and a distance."""
    kinds = {t.kind for t in tokens}
    return bool(kinds & _SQUARES_SAID) or ("DISTANCE" in kinds and bool(kinds & _WAYS))


#: The clues that say a move's squares, and those that say its way.
_SQUARES_SAID = frozenset({"SQUARE", "COORDS"})
_WAYS = frozenset({"DIRECTION", "AMBIGUOUS"})


def _a_sentence_cell(text: str, cell: list[Clue]) -> bool:
    """Whether the tokens of a table's ``cell`` are a sentence: none says how far, and
    more words are set aside than clues, :data:`_CELL_WORDS` at least."""
    if any(t.kind in _HOW_FAR for t in cell):
        return False
    words = sum(word_aside(text, t) for t in cell)
    clues_said = sum(t.kind != "ASIDE" for t in cell)
    return words >= _CELL_WORDS and words > clues_said


def _fields(text: str, tokens: list[Clue]) -> list[Clue]:
    """``tokens`` less what a log's fields say that is no move's: a score's value
    (``score=B0:G1``, ``pts=1``), a field's name (``dir=R``: ``dir`` no direction), a
    board's files named in order (a diagram's margin)."""
    spans = [m.span(1) for m in _SCORE_FIELD.finditer(text)]
    spans += [m.span() for pattern in (_FIELD_NAME, _FILES_IN_ORDER) for m in pattern.finditer(text)]
    return _set_aside_within(tokens, spans)


def word_aside(text: str, tok: Clue) -> bool:
    """Whether token ``tok`` of line ``text`` is a word set aside (letters alone: ``the``,
    ``tower``), no evidence."""
    return tok.kind == "ASIDE" and text[tok.start : tok.end].isalpha()


def _set_aside_within(tokens: list[Clue], spans: list[tuple[int, int]]) -> list[Clue]:
    """``tokens`` with each that stands within one of ``spans`` set aside."""
    return [Clue("ASIDE", t.start, t.end) if any(a <= t.start and t.end <= b for a, b in spans) else t for t in tokens]


#: A word run into a number by a hyphen (``table-7``, ``m-88231``).
_HYPHENED = re.compile(r"(?<![\w-])([^\W\d_]+)-(\d+)(?![\w-])")


def _hyphened(text: str, tokens: list[Clue]) -> list[Clue]:
    """``tokens`` with a number a word runs into by a hyphen set aside, where that word
    is no evidence (``table-7``: a name; not ``left-3``)."""
    return _set_aside_within(tokens, [m.span(2) for m in _HYPHENED.finditer(text) if not is_evidence_word(m[1])])


#: A word that opens a noun after it: a homophone of a number before it is a preposition
#: (``two to the left``, ``red for his orange``: no second distance).
_ARTICLE_AFTER = re.compile(r"\s+(?:the|his|her|my|your|its|their|our|this|that)\b", re.IGNORECASE)


def _preposition(text: str, tokens: list[Clue], k: int) -> Clue:
    """Token ``k``, or text set aside where it is a weak number's word that is also a
    preposition (``to``, ``for``) before an article (``to the left``): no distance."""
    tok = tokens[k]
    if tok.kind != "DISTANCE" or not tok.weak or normalise(text[tok.start : tok.end]) not in _TO_WORDS:
        return tok
    return Clue("ASIDE", tok.start, tok.end) if _ARTICLE_AFTER.match(text, tok.end) else tok


def _before_a_place(text: str, tokens: list[Clue], k: int) -> Clue:
    """Token ``k``, or text set aside where it is a weak colour's code in lower case right
    before a square in lower case, a tower named before it with no slot yet (``purple
    (the one on f1), straight 7``: ``on``, a preposition, no orange whose short form
    ``F1`` follows; ``Or F1 Pi`` and ``ye f1 bl`` stay the short form)."""
    tok = tokens[k]
    if not _small_code(text, tok) or k + 1 >= len(tokens):
        return tok
    before = next((t for t in reversed(tokens[:k]) if t.kind != "ASIDE"), None)
    if before is None or before.kind != "COLOUR" or before.weak:
        return tok
    nxt = tokens[k + 1]
    if nxt.kind != "SQUARE" or not text[nxt.start].islower() or text[tok.end : nxt.start] != " ":
        return tok
    return Clue("ASIDE", tok.start, tok.end)


def _small_code(text: str, tok: Clue) -> bool:
    """Whether ``tok`` is a weak colour's code of two small letters (``on``; not a word,
    ``rose``, before ``d2``: French's pink)."""
    return tok.kind == "COLOUR" and tok.weak and tok.end - tok.start <= 2 and text[tok.start : tok.end].islower()


#: The words that make ``one`` after them a pronoun.
_POINTING_WORDS = frozenset({"the", "that", "this", "which", "each", "every", "another", "other", "same"})
#: The word just before a position (blanks between).
_WORD_BEFORE = re.compile(r"([^\W\d_]+)\s+$")


def _past_blanks_before(text: str, tokens: list[Clue], k: int) -> int:
    """The index of the token before token ``k`` past blanks and commas set aside (-1: none)."""
    j = k - 1
    while j >= 0 and tokens[j].kind == "ASIDE" and not text[tokens[j].start : tokens[j].end].strip(" ,"):
        j -= 1
    return j


def _points(text: str, tokens: list[Clue], k: int) -> Clue:
    """Token ``k``, or set aside where it is a number a word for points follows, a blank
    or nothing between (``서연 1점``, ``1 point (pink sumo)``: a score, a round's worth,
    no distance)."""
    tok = tokens[k]
    if tok.kind != "DISTANCE" or k + 1 == len(tokens):
        return tok
    after = tokens[k + 1]
    said = normalise(text[after.start : after.end]) in POINTS_WORDS and text[tok.end : after.start] in ("", " ")
    return Clue("ASIDE", tok.start, tok.end) if said else tok


def _said_twice(text: str, tokens: list[Clue], k: int) -> Clue:
    """Token ``k``, or set aside where it is a direction's word said again right after
    itself, blanks or a comma between (``a la derecha derecha mía``: a dictation's
    stutter, an emphasis), which is one direction, not a second entry's."""
    tok = tokens[k]
    if tok.kind != "DIRECTION" or k == 0 or tok.end - tok.start < _SAID_TWICE:
        return tok
    before = tokens[k - 1]
    same = before.kind == "DIRECTION" and normalise(text[before.start : before.end]) == normalise(text[tok.start : tok.end])
    return Clue("ASIDE", tok.start, tok.end) if same and not text[before.end : tok.start].strip(" ,") else tok


#: The shortest direction's word :func:`_said_twice` sets aside said again (not a letter: ``R R``).
_SAID_TWICE = 3


#: Colours in a row, each named once, that are a list of them (a key's, a lineup's), no moves.
_LISTED = 6


def _colour_lists(text: str, tokens: list[Clue]) -> list[Clue]:
    """``tokens`` of a line read for its entries with each run of :data:`_LISTED`
    colours or more (:func:`_colour_runs`) set aside (``Abbrevs: org blu pur pnk yel red grn brn``; a lineup: moves written as
    colours alone name them in pairs, a move's landing the next tower), and what stands
    before the line's first such run, its label (the squares it runs from and to, an
    arrow)."""
    out = list(tokens)
    for run in _colour_runs(text, tokens):
        if len({tokens[r].colour for r in run}) >= _LISTED:
            out[run[0] : run[-1] + 1] = [Clue("ASIDE", t.start, t.end) if t.kind == "COLOUR" else t for t in tokens[run[0] : run[-1] + 1]]
            if not any(t.kind == "COLOUR" for t in out[: run[0]]):  # (what labels the list says which way it runs: ``黑（h8→a8）：紫 粉 …``)
                out[: run[0]] = [Clue("ASIDE", t.start, t.end) for t in out[: run[0]]]
    return out


#: A file's letter labelling the colour after it in a lineup (``a:Orange  b:Blue``).
_FILE_LABEL = re.compile(r"[a-hA-H]\s?[:=]")
#: What may stand between two colours of a list: blanks, commas, a Sumo tower's star,
#: and the next one's file (:data:`_FILE_LABEL`).
_LIST_GAP = re.compile(r"[\s,;/·*]*(?:[a-hA-H]\s?[:=]\s*)?")


def _colour_runs(text: str, tokens: list[Clue]) -> Iterator[list[int]]:
    """The runs of colours in ``tokens`` (their indices), each colour named once in a
    run, only blanks, commas, a Sumo tower's star or the next colour's file
    (``a:Orange  b:Blue``) between them; a colour named twice at once, a sign and its
    word, is named once (``🟠πορτοκαλί 🔵μπλε …``, a key)."""
    run: list[int] = []
    for k in (k for k, tok in enumerate(tokens) if tok.kind == "COLOUR" and not _FILE_LABEL.match(text, tok.start)):
        if run and not _runs_on(text, [tokens[r] for r in run], tokens[k]):
            yield run
            run = []
        run.append(k)
    if run:
        yield run


def _runs_on(text: str, run: list[Clue], tok: Clue) -> bool:
    """Whether the colour ``tok`` goes on the ``run`` of colours before it: named again
    right after it (a sign and its word), or a colour not named yet, only what a list
    puts between them (:data:`_LIST_GAP`) before it."""
    gap = text[run[-1].end : tok.start]
    if tok.colour is run[-1].colour and gap in ("", " "):
        return True
    return tok.colour not in {t.colour for t in run} and _LIST_GAP.fullmatch(gap) is not None


def _prose_after(text: str, after: Clue) -> bool:
    """Whether the token ``after`` a forfeit's word is a word of prose: no evidence, and
    no word that opens a line of play looked at (``bestmove pass ponder b7a8``: the move
    played, then the reply looked at)."""
    return word_aside(text, after) and normalise(text[after.start : after.end]) not in VARIATION_WORDS


def _in_prose(text: str, tokens: list[Clue], k: int) -> Clue:
    """Token ``k``, or set aside where it is a forfeit's word inside a sentence: a word
    that is no evidence right before it and right after it, a blank apart (``ce mois-ci
    pas de position``: French *not*; ``… f7 – pas (blijft``, ``Brown pass`` stay)."""
    tok = tokens[k]
    if tok.kind != "PASS" or k == 0 or k + 1 == len(tokens):
        return tok
    before, after = tokens[k - 1], tokens[k + 1]
    words = word_aside(text, before) and _prose_after(text, after)
    blanks = text[before.end : tok.start] == " " == text[tok.end : after.start]
    return Clue("ASIDE", tok.start, tok.end) if words and blanks else tok


#: A spreadsheet's row that starts with a number in a cell of its own (``2;1;Bence;…``),
#: or a table's (TeX's cells parted by ``&``), its bar as a scan read it (``2 l  8ROWN``, ``1 I  ORANGE``).
_COUNTED_ROW = re.compile(r"\s*(?:\|\s*)?\d{1,4}\s*(?:[;\t,|&]|(?-i:[lI!])(?=\s))")  # (one blank run before the number: a line of blanks is read once, not once a blank)


def _counters(text: str, tokens: list[Clue]) -> list[Clue]:
    """``tokens`` of a spreadsheet's row whose first cells are numbers: those cells, before
    the first cell with anything else, are the row's counters (a round's, a ply's), no
    distance (``2;1;Bence;rózsaszín;a8;a5;előre;3``: 2 and 1)."""
    out = list(tokens)
    for k, tok in enumerate(tokens):
        if tok.kind in ("DISTANCE", "NUMBER"):
            out[k] = Clue("TURN", tok.start, tok.end)
        elif tok.kind != "ASIDE" or text[tok.start : tok.end].strip(";,|&\t "):
            break
    return out


def _path(text: str, tokens: list[Clue]) -> list[Clue]:
    """``tokens`` with the squares a move passes over set aside, where a line names them
    on its way (``D4, diagonally right four… E5, F6, G7, H8``): a run of three squares or
    more, each a step on from the one before in one way, nothing but words and marks
    between them (no tower, no other square): the first and the last stand for the move,
    one clue of its two squares (a way said square by square is as sure as ``h5-d1``)."""
    out = list(tokens)
    for run in _runs(text, tokens):
        first, last = tokens[run[0]], tokens[run[-1]]
        for k in run[1:]:
            out[k] = Clue("ASIDE", tokens[k].start, tokens[k].end)
        out[run[0]] = Clue("COORDS", first.start, first.end, squares=((first.squares or (None, 0))[1], (last.squares or (None, 0))[1]))
    return out


def _runs(text: str, tokens: list[Clue]) -> list[list[int]]:
    """The runs of three squares or more of ``tokens`` (their indices) that a move passes
    over (:func:`_path`), a mark or a word between each two (not ``d4 e5 f6``, a row of
    squares landed on)."""
    squares = [k for k, tok in enumerate(tokens) if tok.kind == "SQUARE"]
    runs = [squares[:1]]
    for after in squares[1:]:
        if _goes_on(text, tokens, runs[-1], after):
            runs[-1].append(after)
        else:
            runs.append([after])
    return [run for run in runs if len(run) >= 3]


def _goes_on(text: str, tokens: list[Clue], run: list[int], k: int) -> bool:
    """Whether square ``tokens[k]`` goes on with the squares of ``run`` a move passes
    over: a step on from the last the way the run goes, no tower or move between."""
    last = run[-1]
    if _parted(text, tokens, last, k):
        return False
    step = _step(tokens[last], tokens[k])
    return step is not None and (len(run) < 2 or _step(tokens[run[-2]], tokens[last]) == step)


def _parted(text: str, tokens: list[Clue], last: int, k: int) -> bool:
    """Whether squares ``tokens[last]`` and ``tokens[k]`` are no steps of one way: a tower,
    a move or a number no distance is (a row's id, a year: ``'b2','2024-05-02'),(8303,…,
    'c3'``, a database's rows) between them, blanks alone (a row of squares), or a field
    for where a move went (``b7, to: c8``: a move of its own, :func:`_to_field`)."""
    between = (tokens[last].end, tokens[k].start)
    return any(tok.kind in ("COLOUR", "COORDS", "NUMBER") for tok in tokens[last:k]) or not text[slice(*between)].strip() or _labelled_to(text, *between)


def _step(before: Clue, after: Clue) -> tuple[int, int] | None:
    """The step from square ``before`` to square ``after``, where one is a step on from
    the other (a file, a rank or both, by one); else ``None``."""
    a, b = (before.squares or (None, None))[1], (after.squares or (None, None))[1]
    if a is None or b is None:
        return None
    files, ranks = b % 8 - a % 8, b // 8 - a // 8
    return (files, ranks) if max(abs(files), abs(ranks)) == 1 else None


def _joined(text: str, tokens: list[Clue]) -> list[Clue]:
    """``tokens`` with two lone squares a word for "to" apart (``D acht nach D fünf``,
    ``b8 do b1``) one move in coordinates, as ``b8-b1`` is."""
    out: list[Clue] = []
    k = 0
    while k < len(tokens):
        tok = tokens[k]
        after = _square_after(text, tokens, k)
        if after is not None:
            origin, target = tok.squares, tokens[after].squares
            assert origin is not None and target is not None
            out.append(Clue("COORDS", tok.start, tokens[after].end, squares=(origin[1], target[1])))
            k = after + 1
            continue
        out.append(tok)
        k += 1
    return out


def _square_after(text: str, tokens: list[Clue], k: int) -> int | None:
    """Where token ``k`` is a square a move went from, the index of the square it went to:
    the next token but one, a word for "to" between (``b8 do b1``), or a word for "from"
    after the first (``b1 से b8``), a word after that or not (a direction's: ``b1 سے سیدھی
    b8``)."""
    if tokens[k].kind != "SQUARE" or k + 2 >= len(tokens):
        return None
    if tokens[k + 2].kind == "SQUARE" and _to_between(text, tokens[k], tokens[k + 1], tokens[k + 2]):
        return k + 2
    field = _to_field(text, tokens, k)
    if field is not None:
        return field
    way = _by_way_to(text, tokens, k)
    if way is not None:
        return way
    if not _said_between(text, tokens[k], tokens[k + 1], FROM_SQUARE_WORDS):
        return None
    j = k + 3 if _a_word_after(text, tokens[k + 1], tokens[k + 2]) else k + 2
    return j if _square_next(text, tokens, j) else None


def _by_way_to(text: str, tokens: list[Clue], k: int) -> int | None:
    """Where square ``k`` is one a move went from and the way it went follows it, its
    distance or direction in words (``h8 three squares diagonally to e5``, ``from c1 2
    spaces to c3``, markup around: ``\\mv{h8} diagonally three squares to \\mv{e5}``),
    then a word for "to" and the square it went to: the index of that square. A distance
    said there must be the one between the two squares (else the record says two things
    and they stay apart, to be told)."""
    way = list(takewhile(lambda t: _on_the_way(text, t), tokens[k + 1 : k + 1 + _WAY_TOKENS]))
    j, to = k + 1 + len(way), _last_to(text, way)
    if to is None or j >= len(tokens) or tokens[j].kind != "SQUARE" or any(t.kind != "ASIDE" or _a_word(text[t.start : t.end]) for t in way[to + 1 :]):
        return None
    if re.search(r"[.;:!?]", text[tokens[k].end : way[to].start]) or not _way_between(text, way[:to], tokens[k], tokens[j]):
        return None
    return j


def _last_to(text: str, way: list[Clue]) -> int | None:
    """The place in ``way`` of its last word for "to"."""
    return next((i for i in range(len(way) - 1, -1, -1) if way[i].kind in ("ASIDE", "DISTANCE") and normalise(text[way[i].start : way[i].end]) in BETWEEN_SQUARES), None)


def _way_between(text: str, way: list[Clue], origin: Clue, target: Clue) -> bool:
    """Whether ``way`` says how a move went from square ``origin`` to square ``target``: a
    distance or direction at least, or a few words (:data:`_WAY_WORDS`), and no distance
    but the one between them."""
    assert origin.squares is not None and target.squares is not None
    apart = squares_apart(origin.squares[1], target.squares[1])
    said = any(t.kind in _ON_THE_WAY for t in way) and _no_new_clause(text, way)
    return (said or _words_of_way(text, way)) and all(t.number == apart for t in way if t.kind == "DISTANCE" and not t.weak)


def _no_new_clause(text: str, way: list[Clue]) -> bool:
    """Whether ``way``, where a comma parts it, holds no side's word and none that joins
    two clauses (``h8, then Gold went three squares to h5``: two moves' words)."""
    words = {normalise(text[t.start : t.end]) for t in way}
    return "," not in words or not words & (SIDE_WORDS | JOINING_WORDS)


def _words_of_way(text: str, way: list[Clue]) -> bool:
    """Whether the words ``way`` (no distance nor direction among them) may say the way a
    move went (``all the way across``): a few (:data:`_WAY_WORDS`), in small letters (no
    name), none a side's word or one that joins two clauses (``and then``)."""
    words = [text[t.start : t.end] for t in way]
    return len(words) <= _WAY_WORDS and all(w.islower() and normalise(w) not in SIDE_WORDS | JOINING_WORDS for w in words)


#: How many tokens may stand between a move's two squares said with its way
#: (``\\mv{b8} straight up the board six squares to \\mv{b2}``: eleven).
_WAY_TOKENS = 12
#: How many words alone may say the way a move went between its squares (``golf eight
#: all the way across to alfa two``), none of them a distance or a direction.
_WAY_WORDS = 4


#: The kinds of clue that say the way a move went between its squares (:func:`_by_way_to`).
_ON_THE_WAY = frozenset({"DISTANCE", "DIRECTION", "AMBIGUOUS"})


def _on_the_way(text: str, tok: Clue) -> bool:
    """Whether ``tok``, between a move's squares, may stand on its way: a distance or a
    direction, a word set aside (``squares``, ``diagonally``) or a common one (``on``),
    or markup (``}``, ``\\mv{``, ``**``)."""
    said = text[tok.start : tok.end]
    return tok.kind in _ON_THE_WAY or ((tok.kind == "ASIDE" or tok.weak) and _a_word(said)) or (tok.kind == "ASIDE" and _MARKUP.fullmatch(said) is not None)


#: Markup between words: a TeX command, an HTML tag, brackets and emphasis marks; a
#: comma, which parts a move's way as a pause (``h8, straight down three squares to <b>h5``).
_MARKUP = re.compile(r"\\[A-Za-z]+|</?[A-Za-z][^<>]{0,30}>|[{}()\[\]*_]+|,")


#: What stands between a move's two squares written as fields (``from: g8, to: g3``,
#: ``van: g8; naar: g3``): the marks that part fields, and the next field's label and colon.
_TO_FIELD = re.compile(r"[\s,;|]*(?P<label>[^\W\d_]+)\s*:\s*")


def _to_field(text: str, tokens: list[Clue], k: int) -> int | None:
    """Where square ``k`` is a field's value and a field labelled with a word for "to"
    follows it (``from: g8, to: g3``), the index of that field's square."""
    j = next((j for j in range(k + 1, min(k + 5, len(tokens))) if tokens[j].kind == "SQUARE"), None)
    return j if j is not None and _labelled_to(text, tokens[k].end, tokens[j].start) else None


def _labelled_to(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` parts two fields and labels the second with a word for
    "to" (:data:`_TO_FIELD`)."""
    label = _TO_FIELD.fullmatch(text, start, end)
    return label is not None and normalise(label["label"]) in BETWEEN_SQUARES


def _square_next(text: str, tokens: list[Clue], j: int) -> bool:
    """Whether token ``j`` is a square, blanks alone before it since the token before."""
    return j < len(tokens) and tokens[j].kind == "SQUARE" and not text[tokens[j - 1].end : tokens[j].start].strip()


def _a_word_after(text: str, before: Clue, word: Clue) -> bool:
    """Whether ``word`` is one word (a direction's, or one that says nothing) right after
    ``before``, blanks alone between."""
    one = word.kind == "DIRECTION" or (word.kind == "ASIDE" and _a_word(text[word.start : word.end]))
    return one and not text[before.end : word.start].strip()


def _a_word(text: str) -> bool:
    """Whether ``text`` is a word: letters, and the marks of the scripts that write vowels
    as marks (``सीधा``: ``str.isalpha`` says no)."""
    return bool(text) and all(unicodedata.category(ch)[0] in "LM" for ch in text)


def _said_between(text: str, before: Clue, word: Clue, words: frozenset[str]) -> bool:
    """Whether ``word``, one of ``words``, stands right after ``before``, blanks alone between."""
    return word.kind == "ASIDE" and normalise(text[word.start : word.end]) in words and not text[before.end : word.start].strip()


#: A move's two squares as a program's data holds them: a list, a tuple or (quoted) an
#: initialiser of two squares and nothing else (``{"b8","b7"}``, ``["e5", "a1"]``,
#: ``(b8, b7)``).
_PAIR = re.compile(r"""(?P<open>[\[({])\s*(?P<q>["']?)(?P<a>[a-hA-H][1-8])(?P=q)\s*,\s*(?P=q)(?P<b>[a-hA-H][1-8])(?P=q)\s*(?P<close>[\])}])""")
#: Each bracket with the one that closes it.
_CLOSING = {"[": "]", "(": ")", "{": "}"}


def _paired(text: str, tokens: list[Clue]) -> list[Clue]:
    """``tokens`` with a move's two squares as a program's data holds them (:data:`_PAIR`:
    ``{"b8","b7"}``, a brace no comment there, its squares quoted) one move in
    coordinates, as ``b8-b7`` is; the brackets and quotes around them set aside."""
    out = list(tokens)
    for m in reversed([m for m in _PAIR.finditer(text) if _CLOSING[m["open"]] == m["close"] and (m["open"] != "{" or m["q"])]):
        pair = Clue("COORDS", m.start("a"), m.end("b"), squares=(_square(m["a"]), _square(m["b"])))
        _put_within(out, m.start(), m.end(), [Clue("ASIDE", m.start(), pair.start), pair, Clue("ASIDE", pair.end, m.end())])
    return out


def _put_within(tokens: list[Clue], start: int, end: int, new: list[Clue]) -> None:
    """``tokens`` from ``start`` to ``end`` put as ``new``, where no token there runs past
    either end (in place)."""
    inside = [k for k, t in enumerate(tokens) if t.start < end and t.end > start]
    if inside and all(start <= tokens[k].start and tokens[k].end <= end for k in inside):
        tokens[inside[0] : inside[-1] + 1] = new


def _to_between(text: str, before: Clue, word: Clue, after: Clue) -> bool:
    """Whether ``word`` is a word for "to", blanks alone around it, between two squares."""
    return word.kind in ("ASIDE", "DISTANCE") and normalise(text[word.start : word.end]) in BETWEEN_SQUARES and not text[before.end : word.start].strip() and not text[word.end : after.start].strip()


def _initial(text: str, tokens: list[Clue], k: int) -> Clue:
    """Token ``k``, or set aside where it is a name's initial before a colon: one letter
    a blank after a capitalised word that is no evidence (``Priya R:``, a chat's speaker;
    not ``R: red``, a key, nor ``N:`` alone, a side's label), or the line's first, before
    a tower and its move (``F: Orange a4``: :func:`_labels_entry`)."""
    tok = tokens[k]
    if tok.end - tok.start != 1 or tok.kind == "ASIDE" or text[tok.end : tok.end + 1] != ":":
        return tok
    if k == 0:
        return Clue("ASIDE", tok.start, tok.end) if _labels_entry(tokens) else tok
    if not _name_before(text, tokens[k - 1], tok):
        return tok
    return Clue("ASIDE", tok.start, tok.end)


def _labels_entry(tokens: list[Clue]) -> bool:
    """Whether the letter before a colon that ``tokens`` begin with labels the entry after
    it (``F: Orange a4``, Felix's move): a tower follows it, then more of a move (not
    ``R: red``, a key's line)."""
    said = [t for t in tokens[1:] if t.kind != "ASIDE"]
    return len(said) >= 2 and said[0].kind == "COLOUR" and not said[0].weak and said[1].kind in ("SQUARE", "COORDS", "DIRECTION", "DISTANCE")


def _name_before(text: str, name: Clue, tok: Clue) -> bool:
    """Whether ``name`` is a capitalised word that is no evidence, a blank before ``tok``."""
    word = text[name.start : name.end]
    return name.kind == "ASIDE" and len(word) >= 2 and word.isalpha() and word[0].isupper() and text[name.end : tok.start] == " "


#: Words in round brackets on one line (``(S4 crossed out on sheet)``).
_BRACKETED = re.compile(r"\([^()\n]{1,120}\)")
#: The kinds of evidence of a slot (what a bracket that strikes something out holds).
_SLOTS = frozenset({"COLOUR", "DIRECTION", "DISTANCE", "AMBIGUOUS", "SQUARE", "COORDS"})


def _brackets_struck(tokens: list[Clue], spans: list[tuple[int, int]]) -> list[Clue]:
    """``tokens`` with those of each bracket (``spans``, in order) one token where the
    bracket strikes something out: struck out, where it holds a word that takes back and
    evidence of a slot (``(S4 crossed out)``); set aside whole after text struck out (it
    says why: ``~~Red L3~~ (no, the purple one!)``). One pass over the tokens."""
    out: list[Clue] = []
    struck_before = False
    k = 0
    for start, end in spans:
        opens = _starting_from(tokens, k, start)
        before = tokens[k:opens]
        struck_before = struck_before or any(tok.kind == "STRUCK" for tok in before)
        k = _ending_past(tokens, opens, end)
        out.extend(before)
        out.extend(_bracket(tokens[opens:k], start, end, struck_before=struck_before))
    out.extend(tokens[k:])
    return out


def _spelled(said: str, files: Mapping[str, str] = FILE_WORDS) -> int:
    """The square a file's word (``files``: by default a spelling alphabet's) and a rank
    say (``hotel 8``, ``golf eight``; ``gee one``, ``ef 8``)."""
    file, rank = said.casefold().split(" ")
    return _square(files[file] + (rank if rank.isdigit() else str(_rank(rank))))


def _rank(word: str) -> int:
    """The rank a number's ``word`` says after a file's letter or its name (``acht``; a
    common word too, ``um``, only there)."""
    word = word.casefold()
    return RANK_WORDS.get(word) or RADIO_RANKS.get(word) or COMMON_RANKS[word]


def _lettered(said: str, start: int, end: int) -> Clue:
    """A square said by its file letter's name and its rank (``gee one``, ``ef 8``, ``ha
    osiem``), or after a Romance word for *from* or *to* (``de a ocho``, from a8; ``a de
    cinco``, to d5: no *of* there): weak, as a square said in small letters is."""
    words = said.split(" ")
    if len(words) == 3:
        start += len(words[0]) + 1
        said = " ".join(words[1:])
    return Clue("SQUARE", start, end, squares=(None, _spelled(said, _FILES_SAID)), weak=True)


#: The files by the names people say them by, and ``a``, ``e`` as written.
_FILES_SAID = {**LETTER_NAMES, "a": "a", "e": "e"}


def _starting_from(tokens: list[Clue], k: int, start: int) -> int:
    """The index of the first token from ``k`` on that starts at ``start`` or after."""
    while k < len(tokens) and tokens[k].start < start:
        k += 1
    return k


def _ending_past(tokens: list[Clue], k: int, end: int) -> int:
    """The index of the first token from ``k`` on that ends after ``end``."""
    while k < len(tokens) and tokens[k].end <= end:
        k += 1
    return k


def _bracket(inside: list[Clue], start: int, end: int, *, struck_before: bool) -> list[Clue]:
    """The tokens of the bracket from ``start`` to ``end`` (``inside``): one set aside
    after text struck out, one struck out where it holds a word that takes back and
    evidence of a slot, else as they are."""
    retract = any(t.kind == "RETRACT" for t in inside) and any(t.kind in _SLOTS or t.compass for t in inside)
    if inside and (struck_before or retract):
        return [Clue("ASIDE" if struck_before else "STRUCK", start, end)]
    return inside


def _scanned(text: str, start: int, end: int) -> list[Clue]:
    """Two squares as a scan's text recognition wrote them (``b1-d4`` as ``bl-d4``); or,
    where the file's key defines the letters before the dash as a colour (``bl blauw``),
    that tower and where it went."""
    code = _LEGEND.get().get(text[start : start + 2])
    if not isinstance(code, Colour):
        return [_coords(text[start:end].translate(_SCANNED), start, end)]
    after = start + 2
    return [Clue("COLOUR", start, after, colour=code), *(replace(c, start=c.start + after, end=c.end + after) for c in _tokens(text[after:end]))]


def _coords(tok: str, start: int, end: int) -> Clue:
    """Two squares of a move; two of one rank written ``a8..h8`` are a range (a home
    row's squares, the towers that stand on them), no move: set aside."""
    squares = re.findall(r"[a-hA-H][1-8]", tok)
    if ".." in tok and squares[0][1] == squares[-1][1]:
        return Clue("ASIDE", start, end)
    return Clue("COORDS", start, end, squares=(_square(squares[0]), _square(squares[-1])))


#: HTML's named arrows.


def _tag(tok: str, start: int, end: int) -> Clue:
    """Markup (a tag, an entity, a LaTeX command): set aside, but an arrow's entity."""
    arrow = MARKUP_ARROWS.get(tok.lower())
    number = _ENTITY.fullmatch(tok)
    if arrow is None and number is not None:  # ('&#8599;', '&#x2197;': the character itself)
        code = int(number[2], 16) if number[1] else int(number[2])
        if code < 0x110000:
            return _other(chr(code), start, end)
    return Clue("DIRECTION", start, end, direction=arrow) if arrow is not None else Clue("ASIDE", start, end)


#: An HTML attribute whose value is text a reader sees (a tooltip, an image's text).
_SEEN_ATTRIBUTE = re.compile(r"""\b(?:title|alt|aria-label)\s*=\s*["']\s*([^"'<>]{1,30}?)\s*["']""", re.IGNORECASE)


def _named_in_tag(text: str, start: int, end: int) -> list[Clue]:
    """The colour or direction an HTML tag's text for the reader names (``<span
    class="tw" title="Purple">``: a viewer that draws the towers as dots); else none."""
    found: list[Clue] = []
    for m in _SEEN_ATTRIBUTE.finditer(text, start, end):
        words = _word(text, m.start(1), m.end(1)) if m[1].isalpha() else []
        found.extend(t for t in words if t.kind in ("COLOUR", "DIRECTION") and not t.weak)
    return found


def _bracketed_word(text: str, start: int, end: int) -> list[Clue]:
    """The colour or direction a word in square brackets names where it is no forum's
    tag (``Rose tout droit 5 [violet]``: the square it lands on; ``[b]``, ``[red]…[/red]``
    are tags); else none. A word weak elsewhere is none here (``[rose]``: said on purpose)."""
    word = text[start + 1 : end - 1]
    if text[start] != "[" or not word.isalpha() or f"[/{word}]".casefold() in text.casefold():
        return []
    return [replace(t, start=start, end=end, weak=False) for t in _word(text, start + 1, end - 1) if t.kind in ("COLOUR", "DIRECTION")]


#: An HTML entity by its number (``&#8599;``, ``&#x2197;``).
_ENTITY = re.compile(r"&#(x?)([0-9a-fA-F]{1,7});")


#: Angle brackets written for the mover's left and right (``K>3K``): weak, as they quote too.
_ANGLES = {"<": Direction.LEFT, ">": Direction.RIGHT}
#: ASCII's arrows, which are also smileys' and dates' characters: weak.
_ASCII_ARROWS = frozenset("^/\\")


def _other(tok: str, start: int, end: int) -> Clue:
    """Any other character: an arrow, a colour's emoji, a dash, or set aside."""
    direction = DOWN_ASLANT.get(tok) or ARROW_DIRECTIONS.get(tok) or _ANGLES.get(tok)
    if direction is Direction.BACK:
        # (a down arrow: the mover's back, or Black's way on a board drawn from Gold's side;
        # a back-entry is forced anyway, so the replay decides which)
        return Clue("DIRECTION", start, end, direction=None, straight=True)
    if direction is not None:
        return Clue("DIRECTION", start, end, direction=direction, weak=tok in _ASCII_ARROWS or tok in _ANGLES)
    colour = EVIDENCE_COLOURS.get(tok)
    if colour is not None:
        return Clue("COLOUR", start, end, colour=colour)
    return Clue("DASH" if tok in "-–—" else "ASIDE", start, end)


#: Compass points, in the board's orientation (Black's home row to the north): north and
#: south are the mover's forward; a diagonal's side depends on the mover (north-west is
#: Gold's left and Black's right), so it is left to the replay.
_COMPASS_STRAIGHT = frozenset({"n", "s", "north", "south", "nord", "sud", "süd", "norte", "sul", "noord", "zuid", "północ", "południe"})
_COMPASS = _COMPASS_STRAIGHT | frozenset(
    {"nw", "ne", "sw", "se", "northwest", "northeast", "southwest", "southeast", "north-west", "north-east", "south-west", "south-east", "no", "so", "nno"}
)

#: What follows a tower: a colour followed by one of these starts an entry.
_AFTER_TOWER = frozenset({"DIRECTION", "DISTANCE", "RING", "BLOCKED", "AMBIGUOUS", "PUSH"})
#: What ends the slots that follow a colour.
_ENTRY_STARTS = frozenset({"COLOUR", "COORDS", "SQUARE", "TURN", "PASS", "PUSHED", "RETRACT"})


def _short_letters(square: str) -> bool:
    """Whether ``square`` (``f1``) may be the short form's direction and distance: ``F``
    forward, ``B1`` back one (a push's back-entry; ``b6`` is a square), or a letter the
    file's legend defines."""
    letter = square[0]
    return letter in "Ff" or (letter in "Bb" and square[1] == "1") or letter in _LEGEND.get()


def _alone(text: str, tok: Clue) -> bool:
    """Whether ``tok`` stands apart: a blank or the line's end on either side."""
    return text[tok.start - 1 : tok.start].isspace() and text[tok.end : tok.end + 1] in ("", " ", "\t")


def _slots_in_one(text: str, tok: Clue) -> bool:
    """Whether ``tok`` is two slots in one, a whole move but its tower (``Br F6``,
    ``Bl B1``: Forward 6, Back 1 in the short form; ``Pink 0 Red``: a forfeit)."""
    return (tok.kind == "SQUARE" and text[tok.start] in "FB") or (tok.kind == "DISTANCE" and tok.number == 0 and not tok.weak)


def _arrow_or_to(text: str, tok: Clue) -> bool:
    """Whether ``tok`` is an arrow (a direction not in letters) or a weak number's word
    that is a word ``to`` a landing (``to``, ``too``)."""
    return (tok.kind == "DIRECTION" and not text[tok.start].isalpha()) or (tok.kind == "DISTANCE" and tok.weak)


def _squares_of(text: str, g: _Entry, tok: Clue) -> bool:
    """Whether the move in coordinates ``tok`` is the move of ``g``, whose slots were
    said in part before it, a cell's bar or a blank apart (``Blue ↘ 6 | b8 → h2``):
    the squares say the move, its tower said."""
    gap = text[g.end : tok.start]
    return tok.kind == "COORDS" and g.square is None and g.target is None and not g.forced and not gap.strip(" |;") and ("|" in gap or len(gap) < 3)


def _target_of(text: str, g: _Entry, tok: Clue) -> bool:
    """Whether the square alone ``tok`` is where ``g`` goes, whose tower and direction
    were said and no distance, a cell's bar or a short word apart (``Blue back to h4``,
    ``| modrá | zpět na | h4 |``: a back-entry or a move said with where it ends)."""
    gap = text[g.end : tok.start].strip(" |;")
    return tok.kind == "SQUARE" and g.goes_unsaid() and len(gap) < 4


def _its_landing(text: str, g: _Entry, tok: Clue) -> bool:
    """Whether the square alone ``tok`` is where ``g`` goes, a tower and the colour it
    lands on said alone, the square of that colour right after (``yellow -> red e3``)."""
    gap = text[g.end : tok.start].strip(" ,:(")
    said = g.direction is None and g.distance is None and g.target is None and g.square is not None
    return tok.kind == "SQUARE" and tok.squares is not None and said and SQUARE_COLOURS[tok.squares[1]] is g.square and not gap


def _bracketed_move(text: str, g: _Entry, tok: Clue) -> bool:
    """Whether the move in coordinates ``tok`` is in brackets right after entry ``g``,
    whose move was said (``vihreä oikealle 1, keltaiselle (b1–c2)``): it says the same."""
    return g.said_in_slots() and tok.kind == "COORDS" and text[g.end : tok.start].strip(" ,;:") in ("(", "[")


def _lands_on(text: str, g: _Entry, tok: Clue) -> bool:
    """Whether the colour ``tok`` is where entry ``g``, a tower said alone, lands: only
    words of landing stand between them (``Red lands on Blue``); the rest is the
    replay's."""
    between = text[g.end : tok.start]
    return _only_tower(g) and _LANDS.fullmatch(between) is not None and _LANDING_WORD.search(between) is not None


def _forced_next(g: _Entry, later: list[str]) -> bool:
    """Whether a colour that ``blocked`` or a push word follows (``later``: the kinds
    of the evidence after it) starts an entry after ``g``: ``Ye L3  Re blocked`` (Red's
    forfeit; but ``Br 0 Re blocked``, the forfeit's square said twice), ``Pi R1  Re
    push Ye`` (Red's push; but ``Pu F1 Pu pushes Pu B1 Bl``, the square, and
    ``Orange;fwd;1;blue;"SUMO PUSH!"``, the square and a note that the move pushed)."""
    if later[0] == "BLOCKED":
        return bool(g.distance) or g.forced  # (a forfeit said already: the next tower's)
    return any(x != "PUSH" for x in later) and not (later[1:2] == ["COLOUR"] and len(later) == 3 and later[2] in _AFTER_TOWER)


class _Ahead:
    """A line's tokens and what stands around a token: the look-ahead by which the
    reading of the line (:class:`_Line`) decides what a token is. It reads nothing into
    an entry."""

    __slots__ = ("text", "tokens")

    def __init__(self, text: str, tokens: list[Clue]) -> None:
        self.text, self.tokens = text, tokens

    def after(self, k: int) -> Iterator[Clue]:
        """The tokens after token ``k``, in order (no copy of the rest of the line)."""
        tokens = self.tokens
        return (tokens[j] for j in range(k + 1, len(tokens)))

    def next_index(self, k: int, skipped: tuple[str, ...] = ("ASIDE",)) -> int | None:
        """The index of the first token after ``k`` of a kind not ``skipped``, if any."""
        return next((j for j in range(k + 1, len(self.tokens)) if self.tokens[j].kind not in skipped), None)

    def evidence_before(self, k: int) -> Iterator[Clue]:
        """The tokens before ``k`` that are evidence (set-aside text skipped), nearest first."""
        return (t for t in reversed(self.tokens[:k]) if t.kind not in ("ASIDE", "DASH"))

    def tower_after_forfeit(self, k: int) -> bool:
        """Whether the evidence before token ``k`` is a tower after a forfeit's word (an
        app's ``FORFEIT⇥J. Ortiz⇥green⇥normal⇥f5``)."""
        return [t.kind for t in islice(self.evidence_before(k), 2)] == ["COLOUR", "PASS"]

    def next_kind(self, k: int) -> str | None:
        """The kind of the next evidence token after ``k`` (set-aside text skipped)."""
        return next((tok.kind for tok in self.after(k) if tok.kind not in ("ASIDE", "DASH", "PUSH")), None)

    def starts_entry(self, g: _Entry, k: int) -> bool:
        """Whether the colour at ``k`` starts an entry rather than end ``g`` as its square:
        when ``g`` has no slot past a tower, or what follows the colour is what follows a
        tower — and, where ``g`` lacks only its square, two slots of an entry follow
        (``Red Left 5 Blue Right 3``, not ``Red Left 5 Blue, nice one``)."""
        if not g.wants_square() or self.pushed_named(g, k):
            return True
        later = list(islice((t.kind for t in self.after(k) if t.kind not in ("ASIDE", "DASH")), 3))  # (three at most: linear)
        if later[:1] in (["BLOCKED"], ["PUSH"]):
            return _forced_next(g, later)
        if not self.move_follows(k):
            return False
        if not g.moved():  # ('Pu pushed  Bl blocked'; a forfeit wants no direction)
            return True
        return (self.slots_after(k) >= 2 or sentence_ends(self.text, g.end, self.tokens[k].start)) and not self.its_square_follows(k)

    def pushed_named(self, g: _Entry, k: int) -> bool:
        """Whether the colour at ``k`` names the tower that ``g``, a push said in a word
        right before it, pushed, where back or its square follows (``d4→d5 — pushes
        Red from d5 back to d6``): the back-entry's tower, not where ``g`` lands."""
        return g.push and self.push_word_before(k) and self.back_follows(k)

    def push_word_before(self, k: int) -> bool:
        """Whether the evidence right before token ``k`` is a push said in a word
        (``pushes``, not a mark: ``x``)."""
        before = next(self.evidence_before(k), Clue("ASIDE", 0, 0))
        return before.kind == "PUSH" and before.end - before.start > 1

    def move_follows(self, k: int) -> bool:
        """Whether what follows the colour at ``k`` is what follows a tower (a slot, a
        ring mark, ``blocked``, a push)."""
        return self.next_kind(k) in _AFTER_TOWER or self.slot_follows(k)

    def its_square_follows(self, k: int) -> bool:
        """Whether the colour at ``k`` is followed, past an arrow or a word to it, by a
        square of that colour on the board (``links 4 oranje >> h1``): the square a move
        lands on, said by its colour and its name."""
        later = (j for j in range(k + 1, min(k + _FAR + 1, len(self.tokens))) if self.tokens[j].kind != "ASIDE")
        for j in later:
            tok = self.tokens[j]
            if tok.kind == "SQUARE" and tok.squares is not None:
                return j > k + 1 and SQUARE_COLOURS[tok.squares[1]] is self.tokens[k].colour and self.to_square(self.tokens[j - 1], j - 1)
            if not tok.weak:
                return False
        return False

    def slots_after(self, k: int) -> int:
        """How many slots follow the colour at ``k`` before the next entry starts: weak
        words count only in a table's next column, after a wide gap (``L1``, ``S3``)."""
        gap = self.text[self.tokens[k - 1].end : self.tokens[k].start] if k else ""
        wide = _WIDE.search(gap) is not None
        slots = 0
        for tok in self.after(k):
            if not slots and _slots_in_one(self.text, tok):
                slots += 2
                continue
            if tok.kind in _ENTRY_STARTS:
                break
            slots += (tok.kind in ("DIRECTION", "DISTANCE", "AMBIGUOUS") and (wide or not tok.weak)) or tok.compass
        return slots

    def square_follows(self, k: int) -> bool:
        """Whether a lone square follows token ``k`` a blank or a cell's bar apart (``f1
        g2``, ``A8;A2``: a move's from and to, not Forward 1)."""
        return self.square_after(k) is not None

    def square_after(self, k: int) -> int | None:
        """The index of the lone square that follows token ``k`` a blank or a cell's bar
        apart, if one does."""
        bars = self.bars(k)
        j = self.past_bars(k, bars)
        nxt = self.tokens[j] if j < len(self.tokens) else None
        if nxt is None or nxt.kind != "SQUARE" or self.text[self.tokens[k].end : nxt.start].strip(bars):
            return None
        return j

    def bars(self, k: int) -> str:
        """What parts the cells after token ``k``: a table's bars, blanks; and quotes where
        ``k`` is quoted (``("B", "b8", "d6")``: a program's list of strings)."""
        return _BARS + _QUOTES if self.quoted(k) else _BARS

    def quoted(self, k: int) -> bool:
        """Whether token ``k`` stands in quotes (``"b8"``)."""
        tok = self.tokens[k]
        return 0 < tok.start and tok.end < len(self.text) and self.text[tok.start - 1] in _QUOTES and self.text[tok.end] == self.text[tok.start - 1]

    def past_bars(self, k: int, bars: str | None = None) -> int:
        """The index of the first token after token ``k`` that is no bar of a table's
        cells or a template's arguments (nor a quote, in ``bars``)."""
        bars = _BARS if bars is None else bars
        j = k + 1
        while j < len(self.tokens) and self.tokens[j].kind == "ASIDE" and not self.text[self.tokens[j].start : self.tokens[j].end].strip(bars):
            j += 1
        return j

    def slot_follows(self, k: int) -> bool:
        """Whether a direction (or ``blocked``, or a move in squares) follows token ``k``
        at once (``R L5``, ``P↖5``, ``R F4``, ``G stuck``, ``rose;e1;e7``; not the round's
        label ``R2``)."""
        j = self.past_bars(k)  # (a cell's or a template's bars: '{{km|br|F|1|pu}}')
        if j >= len(self.tokens):
            return False
        nxt = self.tokens[j]
        short = nxt.kind == "SQUARE" and self.text[nxt.start] in "FfB"  # (``R F4 G``, ``Bl B1``: Forward 4, Back 1 in the short form)
        between = self.text[self.tokens[k].end : nxt.start]
        slot = nxt.kind in ("DIRECTION", "AMBIGUOUS", "BLOCKED") or short or self.distance_first(k, j) or nxt.compass or self.move_in_squares(j)
        return slot and not between.strip(_BARS)

    def distance_first(self, k: int, j: int) -> bool:
        """Whether token ``j``, a blank after token ``k`` (not ``R4 right``, a round's
        label), is a distance in digits that begins a move: a forfeit's zero (``đỏ 0 xanh
        dương``), or a distance said before its direction (``mor 3 düz``)."""
        nxt = self.tokens[j]
        apart = self.text[self.tokens[k].end : nxt.start] == " "
        return nxt.kind == "DISTANCE" and not nxt.weak and apart and (nxt.number == 0 or self.direction_after(j))

    def move_in_squares(self, j: int) -> bool:
        """Whether token ``j`` begins a move in squares: a move in coordinates, or two
        squares a cell's bar or a blank apart (``rose;e1;e7``: a table's from and to)."""
        tok = self.tokens[j]
        if tok.kind == "COORDS":
            return True
        after = self.past_bars(j)
        return tok.kind == "SQUARE" and after < len(self.tokens) and self.tokens[after].kind == "SQUARE"

    def direction_after(self, j: int) -> bool:
        """Whether a direction's word follows token ``j`` a blank apart (``mor 3 düz``:
        the distance said before the direction)."""
        nxt = self.tokens[j + 1] if j + 1 < len(self.tokens) else None
        word = nxt is not None and self.text[nxt.start].isalpha()  # (an arrow after a distance says where it lands: 'Grün re 6 → Braun')
        return word and nxt is not None and nxt.kind in ("DIRECTION", "AMBIGUOUS") and self.text[self.tokens[j].end : nxt.start] == " "

    def square_colour_follows(self, k: int) -> bool:
        """Whether a colour follows token ``k`` that is the square of the entry being read
        (``Pu L1 ??? Ye``): not the tower of another (a slot after it, or a ``?``)."""
        later = list(islice((t.kind for t in self.after(k) if t.kind not in ("ASIDE", "DASH", "PUSH")), 2))
        return later[:1] == ["COLOUR"] and later[1:2] != ["UNREAD"] and not set(later[1:]) & _AFTER_TOWER

    def short_form(self, tok: Clue, k: int) -> bool:
        """Whether the square ``tok`` (token ``k``), after a tower, is the short form's
        slots (``F1``: Forward 1): a letter of them, not before another square, a word
        of direction or a way to a square (``purple f1 right 2``, ``purple f1 all the
        way to e2``: where it stands, then its move), not after a word or an arrow to it
        (``→ b7``, ``to b6``), nor where a tower stands (``(f7, blocked)``, an app's
        ``FORFEIT⇥J. Ortiz⇥green⇥normal⇥f5``: a forfeit's word, then the tower)."""
        before = self.tokens[k - 1] if k else None
        to = before is not None and _arrow_or_to(self.text, before)
        where = self.text[tok.start - 1 : tok.start] == "(" or self.next_kind(k) in ("BLOCKED", "PASS") or self.tower_after_forfeit(k)
        short = not self.square_follows(k) and not self.word_direction_follows(k) and not self.goes_to_square(k)
        return _short_letters(self.text[tok.start : tok.end]) and short and not to and not where

    def to_word(self, tok: Clue, k: int) -> bool:
        """Whether the weak distance ``tok`` (token ``k``) is a word to where a move lands,
        a colour next (``left to blue``: no two; ``Left One Green``, ``balra Hat zöld``: a
        number's word where the distance stands)."""
        return tok.weak and tok.kind == "DISTANCE" and self.next_kind(k) == "COLOUR" and normalise(self.text[tok.start : tok.end]) in _TO_WORDS

    def to_colour(self, g: _Entry, tok: Clue, k: int) -> bool:
        """Whether the arrow or weak ``to`` ``tok`` (token ``k``) leads from entry ``g``
        to a colour, only such words between (``Red → Blue``, ``Gn ->Gn``, ``red to blue``)."""
        arrow = tok.kind == "DIRECTION" and to_arrow(self.text[tok.start : tok.end])
        if not (arrow or (tok.weak and tok.kind == "DISTANCE")):
            return False
        nxt = self.next_index(k)
        return nxt is not None and self.tokens[nxt].kind == "COLOUR" and _LANDS.fullmatch(self.text[g.end : self.tokens[nxt].start]) is not None

    def evidence_between(self, end: int, start: int) -> bool:
        """Whether a token that is evidence (not set aside, not weak) stands from ``end`` to ``start``."""
        return any(t.kind != "ASIDE" and not t.weak for t in self.tokens if end <= t.start < start)

    def same_cell(self, end: int, start: int, *, comment: bool = False) -> bool:
        """Whether what stands between ``end`` and ``start`` is set aside in the same cell:
        no turn's number, no column's wide gap (``5. -      pass``: the other side's),
        but where a ``#`` comment stands between (``comment``: ``pass    # blue stuck``)."""
        if any(t.kind in ("TURN", "NUMBER") for t in self.tokens if end <= t.start < start):
            return False  # (what stands between was read into no entry: set aside, but a turn's number)
        between = self.text[end:start]
        return _WIDE.search(between) is None or (comment and "#" in between)

    def lands_again(self, said: _Entry, tok: Clue, k: int) -> bool:
        """Whether the lone square ``tok`` (token ``k``) is where the move ``said`` in
        coordinates lands, with only words set aside, a direction or a distance between."""
        if tok.kind != "SQUARE" or tok.squares is None or said.origin is None or said.target != tok.squares[1]:
            return False
        return self.square_after(k) is None and self.only_aside(said, k, slots=True)

    def stood_then_went(self, g: _Entry, k: int, *, to: bool) -> bool:
        """Whether ``g`` is a tower and the square it stood on, and only words set aside
        stand between it and the word or arrow ``to`` the square at token ``k`` (``blue
        g1 all the way across to a7``: where it stood, then where it went)."""
        return to and g.origin is None and g.target is not None and g.tower is not None and self.only_aside(g, k - 1)

    def lands_here(self, g: _Entry, tok: Clue, k: int, square: int) -> bool:
        """Whether ``square``, the square ``tok`` (token ``k``), is where entry ``g``
        lands: after where it stood and a word or an arrow to it, or after its move said
        in slots (:meth:`stood_then_went`, :meth:`lands_after`)."""
        to = self.to_square(self.tokens[k - 1], k - 1)
        return self.stood_then_went(g, k, to=to) or (g.lands_said(square) and self.lands_after(g, tok, k, to=to))

    def lands_after(self, g: _Entry, tok: Clue, k: int, *, to: bool) -> bool:
        """Whether the square ``tok`` (token ``k``) stands where a move's landing does
        after ``g``: in brackets right after it (``→ orange (c6)``, ``→ 橙格（c6）``), or
        after a word or an arrow ``to`` it, a few weak words on (``Pink forward 6 to d2``)."""
        bracketed = _OPENS_BRACKET.fullmatch(self.text, g.end, tok.start) is not None
        return bracketed or (to and self.little_between(g, k - 1))

    def only_aside(self, g: _Entry, k: int, *, slots: bool = False) -> bool:
        """Whether only words set aside or weak (or, with ``slots``, a direction or a
        distance: ``e8 to b5, three diag``) stand between entry ``g`` and token ``k``."""
        kinds = ("ASIDE", "DISTANCE", "DIRECTION") if slots else ("ASIDE",)
        return all(t.kind in kinds or t.weak for t in self.tokens[:k] if t.start >= g.end)

    def little_between(self, g: _Entry, k: int) -> bool:
        """Whether only a few words set aside or weak stand between entry ``g`` and token
        ``k`` (``six squares to``)."""
        return sum(t.start >= g.end for t in self.tokens[:k]) < _FAR and self.only_aside(g, k)

    def goes_to_square(self, k: int) -> bool:
        """Whether words set aside, then a word or an arrow to a square, follow token
        ``k`` (``f1 all the way across to e2``: where a tower stood, then where it went)."""
        j = self.next_index(k)
        return j is not None and self.to_square(self.tokens[j], j)

    def word_direction_follows(self, k: int) -> bool:
        """Whether a direction in words follows token ``k`` a blank apart (``f1 right``;
        not an arrow: ``F6 → purple`` is Forward 6, landing on purple)."""
        j = self.direction_past_gap(k)
        return j is not None and self.text[self.tokens[j].start].isalpha()

    def direction_follows(self, k: int) -> bool:
        """Whether a direction follows token ``k`` a blank apart, or only brackets,
        commas and a word for *diagonal* between (``pink (the one on d8), diagonal left 2``)."""
        return self.direction_past_gap(k) is not None

    def direction_past_gap(self, k: int) -> int | None:
        """The index of the direction that follows token ``k`` as :meth:`direction_follows` says."""
        j = k + 1
        while j < len(self.tokens) and self.tokens[j].kind == "ASIDE" and _GAP.fullmatch(self.text[self.tokens[k].end : self.tokens[j].end]):
            j += 1
        after = self.tokens[j] if j < len(self.tokens) else None
        return j if after is not None and after.kind == "DIRECTION" and _GAP.fullmatch(self.text[self.tokens[k].end : after.start]) is not None else None

    def tower_before_landing(self, g: _Entry, k: int) -> bool:
        """Whether the colour at ``k`` is the tower of ``g``, which has its move but no
        tower: a landing's arrow or ``to`` and a colour follow it at once (``straight 4
        with Red → Blue``)."""
        if g.tower is not None or g.direction is None or g.distance is None or k + 2 >= len(self.tokens):
            return False
        arrow, square = self.tokens[k + 1], self.tokens[k + 2]
        return _arrow_or_to(self.text, arrow) and square.kind == "COLOUR" and not self.text[self.tokens[k].end : square.start].strip(" \t→->to")

    def word_before(self, k: int) -> bool:
        """Whether token ``k`` stands a blank before a square or a colour, or before an
        article and it (a preposition: ``on f7``, ``on yellow``, ``on a green``), not
        before another cell's colour."""
        tok = self.tokens[k]
        if tok.end - tok.start < 2:  # (a letter is a tower: 'P F7 R')
            return False
        j = k + 1
        if j + 1 < len(self.tokens) and self.tokens[j].kind == "ASIDE" and _ARTICLE.fullmatch(self.text[tok.end : self.tokens[j].end]):
            j += 1  # ('on a green': an article between)
        nxt = self.tokens[j] if j < len(self.tokens) else None
        return nxt is not None and nxt.kind in ("SQUARE", "COORDS", "COLOUR") and self.text[self.tokens[j - 1].end : nxt.start] == " "

    def back_follows(self, k: int) -> bool:
        """Whether what follows the colour at ``k`` can be a back-entry's (back, one, its
        square, nothing), not another move's slots (``pushed  Red Left 3 Blue``, the short
        form's ``pushed   Re F7 Bl``)."""
        j = self.next_index(k, ("ASIDE", "DASH"))
        if j is None:
            return True
        nxt = self.tokens[j]
        if nxt.weak:  # (a letter glued to a distance is the short form's slot: 'L2' is Left 2)
            return not self.glued_distance(j) or (nxt.direction is Direction.BACK and self.tokens[j + 1].number == 1)
        if nxt.kind == "DIRECTION":
            return nxt.direction in (None, Direction.BACK)
        if nxt.kind == "SQUARE":
            return self.text[nxt.start] not in "Ff" or not self.short_form(nxt, j)  # ('F7': Forward 7; 'B1' is a back-entry's)
        return nxt.kind != "DISTANCE" or nxt.number == 1

    def glued_distance(self, k: int) -> bool:
        """Whether a distance follows token ``k`` with nothing between (``L2``, ``R2``)."""
        j = k + 1
        return j < len(self.tokens) and self.tokens[j].kind == "DISTANCE" and self.tokens[j].start == self.tokens[k].end

    def to_square(self, tok: Clue, k: int) -> bool:
        """Whether ``tok`` (token ``k``) is an arrow or a word to the square the move
        ends on (``orange → a6``, ``red to e6``): no slot."""
        arrow = tok.kind == "DIRECTION" and not self.text[tok.start].isalpha()
        return (tok.weak or arrow) and k >= 0 and self.next_kind(k) in ("SQUARE", "COORDS")

    def far(self, g: _Entry, k: int) -> bool:
        """Whether three words or more that are no evidence stand between entry ``g`` and
        token ``k`` (then a weak word at ``k`` is prose, not ``g``'s slot)."""
        words = 0
        j = k - 1
        while j >= 0 and self.tokens[j].start >= g.end and words < _FAR:
            tok = self.tokens[j]
            words += tok.kind == "ASIDE" and self.text[tok.start].isalpha()
            j -= 1
        return words >= _FAR

    def towers(self, g: _Entry | None, tok: Clue) -> bool:
        """Whether ``g`` is the tower of the move in squares ``tok``: a tower alone, or
        one whose slots the squares say again (``Red d8-d4``: the colour says the same). A
        push word after the tower is what the tower is, not a slot (``Purple (sumo) a8 → c6``)."""
        return g is not None and g.tower is not None and (g.pieces - g.push == 1 or _squares_of(self.text, g, tok) or _target_of(self.text, g, tok) or _its_landing(self.text, g, tok))

    def goes_on(self, g: _Entry, last: int) -> bool:
        """Whether entry ``g`` goes on after its squares (token ``last``): a direction
        follows, or ``blocked`` after its tower (``brown stays (f7, blocked)``: a forfeit)."""
        return self.direction_follows(last) or (g.tower is not None and self.next_kind(last) == "BLOCKED")

    def entry_after_dash(self, k: int) -> bool:
        """Whether an entry follows the dash at ``k`` (a tower, a forfeit), or, in the
        next column, one more dash alone (:meth:`dash_column_follows`)."""
        return self.next_kind(k) in ("COLOUR", "AMBIGUOUS", "PASS", "BLOCKED") or self.dash_column_follows(k)

    def dash_column_follows(self, k: int) -> bool:
        """Whether the line ends, after the dash at ``k``, in one more dash alone in the
        next column (a column's gap before it): the other side's forfeit."""
        rest = self.tokens[k + 1 :]
        return len(rest) == 1 and rest[0].kind == "DASH" and _WIDE.search(self.text, self.tokens[k].end, rest[0].start) is not None

    def stays_after(self, last: _Entry, g: _Entry) -> bool:
        """Whether ``g``, read after the forfeit's word ``last`` with no evidence between,
        says a tower stays. A tower and a square alone (``brown⇥normal⇥b7``) says so only
        in a row of cells, a cell or more between (the player's, the side's):
        ``5⇥pass⇥Brown b7`` and ``pass   Brown b7`` are two sides' plies, the second
        landing on b7."""
        if g.tower is None or self.evidence_between(last.end, g.start):
            return False
        return _stays(g) or (_stands(g) and _CELLS_OF_A_ROW.fullmatch(self.text[last.end : g.start]) is not None)

    def colour_of(self, g: _Entry, tok: Clue, k: int) -> bool:
        """Whether the colour ``tok`` (token ``k``) is read into entry ``g`` other than as
        its square after its move, or is nothing: a pushed tower said after ``pushed``
        (``pushed: green back to yellow``), a colour said again (:meth:`_Entry.colour_said`),
        where a landing's arrow or word said it lands (its square), the tower of a move
        said first (``straight 4 with Red → Blue``), a weak word before a square or a
        colour (``blocked on f7``, ``lands on yellow``: no colour)."""
        if g.pushed_tower(tok, k, self) or g.colour_said(tok, k, self) or g.landing_colour(tok, k, self):
            return True
        return tok.weak and self.word_before(k)

    def direction_said(self, g: _Entry, tok: Clue, k: int) -> bool:
        """Whether the direction ``tok`` (token ``k``) says what entry ``g`` has, and is
        read into it: an arrow after the move says where it lands (``→ red``, also where
        the direction is not read; not one a distance follows, the next entry's: ``Blu ↑2 ?
        ? ↖1 Yel``), a direction said twice
        (``straight ahead``), the word after a weak one (``dir: forward``)."""
        if g.distance is None:
            return g.direction_repeated(tok)
        if self.text[tok.start].isalpha():
            return False
        # (after the distance, an arrow a colour follows says where it lands, whatever the direction: 'Rot li 2 → Orange')
        said = (g.direction is not None or (k >= 0 and self.next_kind(k) == "COLOUR")) and (k < 0 or self.next_kind(k) != "DISTANCE")
        g.landing = said and k >= 0 and self.next_kind(k) == "COLOUR"
        return said


class _Line:
    """One line read token by token: its entries, its braced comments."""

    def __init__(self, text: str, number: int) -> None:
        self.text, self.number = text, number
        self.tokens = _colour_lists(text, _tokens(text))  # (the reading against the moves finds lineups its own way: across lines)
        self.ahead = _Ahead(text, self.tokens)
        self.entries: list[_Entry] = []
        self.current: _Entry | None = None
        self.placeholder: tuple[int, int] | None = None
        self.comments: list[Comment] = []
        #: a word taking back the entry before the line, said before the line's first
        #: entry (``fix: Red Right 3``): its token
        self.takes_back: Clue | None = None
        #: a token read with the one before it (:meth:`squares`)
        self.skip = -1
        #: a push word before the line's first entry (``!push red``): that entry pushes
        self.push_before: Clue | None = None

    def read(self) -> None:
        handlers: dict[str, Callable[[Clue, int], None]] = {
            "SQUARE": self.square, "COORDS": self.squares, "AMBIGUOUS": self.ambiguous, "COLOUR": self.colour,
            "DIRECTION": self.slot, "DISTANCE": self.slot, "UNREAD": self.unread, "AMEND": self.amend,
            "COMMENT": self.comment, "RETRACT": self.retract, "TURN": self.number_said, "NUMBER": self.number_said,
            "DOTS": self.dots, "PASS": self.forced, "PUSHED": self.forced, "DASH": self.dash,
            "RING": self.tower_mark, "PUSH": self.tower_mark, "BLOCKED": self.tower_mark,
        }  # fmt: skip
        for k, tok in enumerate(self.tokens):
            if k == self.skip:
                continue
            g = self.current
            if g is not None and self.after_tower() and (point := normalise(self.text[tok.start : tok.end])) in _COMPASS:
                g.compass(point, tok.end)
                continue
            handler = handlers.get(tok.kind)
            if handler is not None:
                handler(tok, k)
        self.close()

    def square(self, tok: Clue, k: int) -> None:
        """A square alone: ``F1`` after a tower is Forward 1 in the short form (but not
        before another square or a direction: ``f1  g2``, ``f1 right 2``), else the
        square a move ends on."""
        lands = self.current is not None and _its_landing(self.text, self.current, tok)  # ('yellow -> orange f3': where it lands)
        if not lands and tok.end - tok.start == 2 and self.after_tower() and self.ahead.short_form(tok, k):  # (not a square said: 'f one')
            self.short_slots(tok)
        else:
            self.squares(tok, k)

    def comment(self, tok: Clue, k: int) -> None:
        """A comment in braces: the line's."""
        self.comments.append(Comment(self.text[tok.start + 1 : tok.end - 1], self.number, tok.start + 1, True))

    def number_said(self, tok: Clue, k: int) -> None:
        """A turn's number or another number that is no distance: it ends the entry being read."""
        self.close()

    def dots(self, tok: Clue, k: int) -> None:
        """A ``...`` before the line's first entry: the place of the one it leaves out."""
        alone = not self.text[tok.end : tok.end + 1].isalpha()  # ('...and my 🟢 walks': prose)
        if alone and self.nothing_read() and self.ahead.next_kind(k) not in (None, "TURN", "NUMBER", "DOTS"):
            self.placeholder = (tok.start, tok.end)

    def dash(self, tok: Clue, k: int) -> None:
        """A dash standing alone after a row's one entry (in its second column), or where
        a row's first entry stands (``3. -   Red Left 2 Blue``, ``5. -   pass``, ``6. -      -``: both
        sides'; ``4. -``: a round's last entry), is a forfeit; elsewhere it is a list's or a line's, and set aside
        (after a row's entry, it ends the line or its column: ``de ano — inscrições``, prose in a
        newsletter's other column, holds none)."""
        if (self.second_column_dash(tok, k) or self.first_column_dash(k)) and _alone(self.text, tok):
            self.forced(Clue("PASS", tok.start, tok.end))

    def second_column_dash(self, tok: Clue, k: int) -> bool:
        """Whether the dash ``tok`` (token ``k``) ends a row of one entry, in the next
        column where that entry is still being read."""
        column = self.current is None or _WIDE.search(self.text, self.current.end, tok.start) is not None
        ends = _WIDE.match(self.text, tok.end) is not None or self.text[tok.end :].strip()[:1] in ("", "{", "(", "#")
        return len(self.entries) + (self.current is not None) == 1 and column and self.ahead.next_kind(k) is None and ends

    def first_column_dash(self, k: int) -> bool:
        """Whether the dash at ``k`` stands where a row's first entry does: after its
        turn's number, before an entry, another dash or nothing more (the round's last)."""
        return self.nothing_read() and k > 0 and self.tokens[k - 1].kind == "TURN" and (self.ahead.entry_after_dash(k) or self.ahead.next_kind(k) is None)

    def amend(self, tok: Clue, k: int) -> None:
        """A word correcting what was just said of the entry being read (``sorry``)."""
        if self.current is not None:
            self.current.amend = True

    def retract(self, tok: Clue, k: int) -> None:
        """A word taking back the entry before it on the line, or, before the line's first
        entry, the round's entry before the line (:attr:`takes_back`)."""
        if self.nothing_read():
            self.takes_back = self.takes_back or tok
        self.close()
        if self.entries:
            self.entries.pop()

    def tower_mark(self, tok: Clue, k: int) -> None:
        """A ring mark after a tower, a push mark, ``blocked`` after a tower."""
        g = self.current
        if tok.kind == "PUSH" and self.nothing_read():
            self.push_before = tok  # ('!push red': the tower follows)
            return
        if g is None or g.tower is None:
            return
        if tok.kind == "RING" and g.pieces == 1:
            g.end, g.rings = tok.end, (tok.start, tok.end)
        elif tok.kind == "PUSH":  # (a Sumo push goes forward one square: evidence of its slots)
            g.push, g.end, g.pieces = True, tok.end, g.pieces + (not g.push)
        elif tok.kind == "BLOCKED" and g.distance in (None, 0):
            g.distance, g.forced, g.end, g.pieces = 0, True, tok.end, g.pieces + 1  # (its square may follow: 'blocked on d2')
            g.origin = g.target = None  # (where it stays, said before: a forfeit has no squares to read)
            self.blocked_said_again(g)

    def blocked_said_again(self, g: _Entry) -> None:
        """Where the forfeit ``g`` (``blue stuck``) follows the forfeit just read in the
        same cell or in a comment on it (``pass    # blue stuck on h2``; a wide gap alone
        parts a row's columns: the other side's), only what is set aside between: the
        same forfeit said again, which names its tower; read into it (its square may
        follow)."""
        before = self.last_entry()
        if before is None or before.distance != 0 or before.tower not in (None, g.tower) or g.pieces != 2:
            return
        if not self.ahead.same_cell(before.end, g.start, comment=True):
            return
        self.entries.pop()
        before.tower, before.end, before.pieces = g.tower, g.end, max(before.pieces, 2)
        self.current = before

    def unread(self, tok: Clue, k: int) -> None:
        """A ``?`` standing alone where a slot could not be read (a scoresheet's
        transcriber's mark): the square of the entry being read, when it has every slot
        but that and no colour that is its square follows (``Pu L1 ??? Ye``: then the
        ``?`` is set aside); else the tower of a new entry (``? ↑2 Yel``)."""
        g = self.current
        if g is not None and self.ahead.square_colour_follows(k):
            return
        if g is not None and g.lacks_landing():
            g.end = tok.end
            self.close()
            return
        self.close()
        self.current = _Entry(tok.start, tok.end, pieces=1)

    def short_slots(self, tok: Clue) -> None:
        """``F1`` after a tower: Forward 1 in the short form (``Gr F1 Br``), not the square
        f1; a letter the file's legend defines, its direction (``rosa H1 rosa``)."""
        letter = self.text[tok.start]
        defined = _LEGEND.get().get(letter)
        direction = defined if isinstance(defined, Direction) else Direction.FORWARD if letter in "Ff" else Direction.BACK
        self.slot(Clue("DIRECTION", tok.start, tok.start + 1, direction=direction))
        self.slot(Clue("DISTANCE", tok.start + 1, tok.end, number=int(self.text[tok.start + 1])))

    def ambiguous(self, tok: Clue, k: int) -> None:
        """A word of a colour and a direction (``R``): the direction where a tower wants
        one, but the colour where a direction follows it at once (``💛 R ⬆1``)."""
        direction_next = k + 1 < len(self.tokens) and self.tokens[k + 1].kind == "DIRECTION" and self.ahead.slot_follows(k)
        if self.after_tower() and not direction_next:
            self.slot(Clue("DIRECTION", tok.start, tok.end, direction=tok.direction, weak=tok.weak))
        else:
            self.colour(Clue("COLOUR", tok.start, tok.end, colour=tok.colour, weak=tok.weak), k)

    def nothing_read(self) -> bool:
        """Whether no entry of the line is read, nor being read, yet."""
        return self.current is None and not self.entries

    def after_tower(self) -> bool:
        """Whether the entry being read has its tower and nothing after it yet."""
        g = self.current
        return g is not None and g.tower is not None and g.direction is None and g.distance is None

    def close(self) -> None:
        """The entry being read is complete: kept where its evidence is enough (two
        pieces, a forced word or a square)."""
        g = self.current
        # (a tower left out needs its three other slots: 'right to me' is prose; a tower and
        # a weak word alone, a third: 'your blue has nowhere to go')
        if g is not None and (g.pieces >= 2 + (g.weak or g.tower is None or g.weak_pieces == g.pieces - 1) or g.forced or g.target is not None):
            self.pass_said_before(g)
            self.entries.append(g)
        self.current = None

    def pass_said_before(self, g: _Entry) -> None:
        """Where entry ``g`` says its tower stays (``orange h7 h7 0``) and the entry read
        last is a forfeit's word alone, only text set aside between and no turn's number
        (an app's row: ``PASS⇥Ana B.⇥gold⇥orange⇥normal⇥h7⇥h7⇥⇥0``), the word says the
        same forfeit: ``g`` starts there, in its place (one ply, not two)."""
        last = self.last_entry()
        if last is None or not _forfeit_word(last) or not self.ahead.stays_after(last, g):
            return
        if _stands(g):  # (where the blocked tower stands)
            g.origin, g.distance = g.target, 0
        g.start = last.start
        self.entries.pop()

    def forced(self, tok: Clue, k: int = -1) -> None:
        """``pass`` (a forfeit), ``pushed`` (a back-entry), alone or after the tower (token
        ``k``, when it is one of the line's)."""
        g = self.current
        column = g is not None and _WIDE.search(self.text, g.end, tok.start) is not None  # ('Green blocked      pass': the other side's)
        if (g is not None and not (column and tok.kind == "PASS") and g.takes_forced(tok)) or self.forfeit_said_again(tok):
            return
        self.close()
        self.current = _Entry.forced_by(tok)
        if tok.kind == "PASS":
            self.close()  # (a back-entry's tower and square may follow: 'pushed: green back to yellow')

    def forfeit_said_again(self, tok: Clue) -> bool:
        """Whether ``pass`` (``tok``) says again the forfeit just read, only what is set
        aside between (``rose;e7;e7;bleu;bloquée - passe``: a tower that stays where it
        stood) and in the same cell (no column's gap between), and is read into it."""
        if tok.kind != "PASS":
            return False
        if self.current is not None and _stays_put(self.current):
            self.close()  # (the forfeit being read: 'bruin zit klem op f7 – pas')
        g = self.last_read()
        if g is None or not _stays_put(g) or not self.ahead.same_cell(g.end, tok.start):
            return False
        if _stands(g):  # (a tower and a square, then pass: where it stands, blocked)
            g.origin, g.distance = g.target, 0
        g.end, self.current = tok.end, None
        return True

    def last_read(self) -> _Entry | None:
        """The entry last read, where no more than a tower alone is read since (a colour
        alone: the square's, set aside)."""
        lone = self.current is None or _only_tower(self.current)
        return self.last_entry() if lone else None

    def last_entry(self) -> _Entry | None:
        """The entry the line read last, if any."""
        return self.entries[-1] if self.entries else None

    def squares(self, tok: Clue, k: int) -> None:
        """A move in coordinates, or the square a move ends on (the tower to move is known).
        After a tower, two squares a blank apart are its move (``yellow  e8  b5``: a
        table's from and to columns); a direction right after the move says the same as
        it (``e8 b5 right 3 purple``) and is read into it."""
        assert tok.squares is not None
        g = self.current
        if self.squares_again(g, tok, k):
            return
        towered = self.ahead.towers(g, tok)
        if g is None or not towered:
            self.close()
            g = _Entry(tok.start, tok.end)
        last = self.move_squares(g, tok, k, towered=towered)
        g.end, g.pieces = self.tokens[last].end, g.pieces + 1  # (its tower, when said, picks the move a target alone leaves open)
        self.current = g
        if not self.ahead.goes_on(g, last):
            self.close()

    def squares_again(self, g: _Entry | None, tok: Clue, k: int) -> bool:
        """Whether the squares ``tok`` (token ``k``) say what an entry has, and are read
        into it (:meth:`squares_said`, :meth:`said_again`, :meth:`landing_square`)."""
        return (g is not None and self.squares_said(g, tok, k)) or self.said_again(g, tok, k) or self.landing_square(g, tok, k)

    def said_again(self, g: _Entry | None, tok: Clue, k: int) -> bool:
        """Whether the lone square ``tok`` (token ``k``) is where the move just read in
        coordinates lands, said again after it (``f8 to e7, one diag. e7 is blue``): no
        move starts or ends where the last one stands, so it is that move's, and a
        direction or a distance between says the same of it."""
        stray = g is not None and g.tower is None and g.target is None and not g.forced  # ('one diag': the same move's slots)
        said = self.entries[-1] if (g is None or stray) and self.entries else g
        if said is None or not self.ahead.lands_again(said, tok, k):
            return False
        said.end = tok.end
        if said is not g:
            self.current = None
        return True

    def landing_square(self, g: _Entry | None, tok: Clue, k: int) -> bool:
        """Whether the square ``tok`` (token ``k``), after a word or an arrow to it or in
        brackets, is where the move said in slots just before lands (``Pink forward 6 to
        d2``, ``→ orange (c6)``): read into that entry as its landing's colour."""
        g = g if g is not None else self.last_entry()
        if g is None or tok.kind != "SQUARE" or tok.squares is None or k == 0 or self.ahead.square_after(k) is not None:
            return False
        if not self.ahead.lands_here(g, tok, k, tok.squares[1]):
            return False
        g.lands_at(tok.squares[1], tok.end)
        return True

    def move_squares(self, g: _Entry, tok: Clue, k: int, *, towered: bool) -> int:
        """The squares of ``g``'s move from ``tok`` (token ``k``): a move in coordinates,
        a target alone, or, after a tower, two squares a blank apart (``yellow  e8  b5``);
        the index of the last token read."""
        assert tok.squares is not None
        g.origin, g.target = tok.squares
        after = self.ahead.square_after(k) if tok.kind == "SQUARE" and (towered or self.ahead.quoted(k)) else None
        if after is None:
            return k
        self.skip = after
        to = self.tokens[after].squares
        assert to is not None
        g.origin, g.target = tok.squares[1], to[1]
        return after

    def squares_said(self, g: _Entry, tok: Clue, k: int) -> bool:
        """Whether the squares ``tok`` (token ``k``) say what entry ``g`` has, and are
        read into it: where a blocked tower stands (``Brown 0  h2 h2``, ``blocked on
        d2``), where a pushed one went (``pushed back d2->d3``), the from and to of a move
        its slots said (``Yellow L 2  e8 g6``)."""
        if g.where_forced(tok) or _bracketed_move(self.text, g, tok):
            g.end = tok.end
            return True
        complete = g.said_in_slots() and g.square is None
        after = self.ahead.square_after(k) if tok.kind == "SQUARE" else k
        if not complete or after is None:
            return False
        self.skip = after if tok.kind == "SQUARE" else self.skip
        g.end = self.tokens[after].end
        return True

    def colour(self, tok: Clue, k: int) -> None:
        """A colour: the tower of a new entry, or the square of the one being read."""
        g = self.current
        if (g is not None and self.ahead.colour_of(g, tok, k)) or (g is None and self.tower_in_brackets(tok)):
            return
        if g is not None and self.ahead.starts_entry(g, k):
            self.close()
            g = None
        if g is None:
            pushed = self.push_before is not None
            if not tok.weak or self.ahead.slot_follows(k) or pushed:
                self.current = _Entry(tok.start, tok.end, tower=tok.colour, pieces=1 + pushed, weak=tok.weak, push=pushed)
                self.push_before = None
            return
        g.square, g.end, g.pieces = tok.colour, tok.end, g.pieces + 1

    def tower_in_brackets(self, tok: Clue) -> bool:
        """Whether the colour ``tok`` opens brackets right after a move read in squares
        with no tower and is said alone there (``g8-d5  (Green, landed on orange)``,
        ``c8-f5 (Purple)``; not ``(orange next)``): that move's tower, read into it, which
        goes on (where it lands may follow)."""
        before = self.last_entry()
        if tok.weak or before is None or not before.squares_alone() or self.text[before.end : tok.start].strip() not in ("(", "["):
            return False
        if _TOWER_NAMED.match(self.text, tok.end) is None:  # ('(orange next)': no tower of the move)
            return False
        self.entries.pop()
        before.tower, before.end, before.pieces = tok.colour, tok.end, before.pieces + 1
        self.current = before
        return True

    def slot(self, tok: Clue, k: int = -1) -> None:
        """A direction or a distance (token ``k``, when it is one of the line's)."""
        g = self.current
        if self.ahead.to_square(tok, k) or (g is not None and (self.read_into(g, tok, k) or g.landing_word(tok, k, self.ahead) or g.tower_lands(tok, k, self.ahead))):
            return
        g = self.entry_for(g, tok)
        if g is not None:
            g.fill(tok)

    def entry_for(self, g: _Entry | None, tok: Clue) -> _Entry | None:
        """The entry the direction or distance ``tok`` is a slot of: ``g``, or a new one
        where ``g`` has that slot said (a number starts none: ``3 right``, ``Round 2, fill
        left``); ``None`` where it is no slot (a weak word with nothing to fill)."""
        filled = g is not None and g.filled(tok)
        if tok.weak and (g is None or filled or (g.tower is None and g.direction is None)):
            return None
        if g is None or filled:
            self.close()
            if tok.kind != "DIRECTION":
                return None
            g = self.current = _Entry(tok.start, tok.end)
        return g

    def read_into(self, g: _Entry, tok: Clue, k: int) -> bool:
        """Whether the direction or distance ``tok`` (token ``k``) is read into entry ``g``
        as nothing new, or ends it: a back-entry's back or one said again, a direction said
        again or an arrow to where it lands, a weak word far after it (prose: it ends
        ``g``), a slot said again in its place (:meth:`said_again`)."""
        if g.back_said(tok):
            g.end = tok.end
            return True
        if tok.kind == "DIRECTION" and self.ahead.direction_said(g, tok, k):
            return True
        if tok.weak and k >= 0 and self.ahead.far(g, k):
            self.close()  # ('café my friend Tomasz and I played a single round, first to one point': prose)
            return True
        return g.said_again(tok)



#: How many words that are no evidence make a text read by its evidence a sentence.
_SENTENCE = 2


def in_a_sentence(text: str) -> bool:
    """Whether ``text``, an entry's, holds :data:`_SENTENCE` words or more that say
    nothing of a move (``Niebieski po tej rundzie został sumo (żółty``: Blue became a
    Sumo after this round, Yellow...): read out of a sentence, no move written down."""
    return sum(word_aside(text, c) for c in clues(text)) >= _SENTENCE


def to_arrow(written: str) -> bool:
    """Whether the arrow ``written`` points the way text is read (``→``, ``⇒``, ``->``,
    and as markup writes it: ``&rarr;``, ``\\rightarrow``): a word for "lands on"; an
    arrow up or aslant (``↑``, ``↗``, ``&nearr;``) points the way a tower goes (``綠↑橙``:
    forward, to orange)."""
    return written[:1] in "-=>" or "RIGHTWARDS" in unicodedata.name(written[:1], "") or written.lower() in _MARKUP_TO


#: What follows a tower named alone in brackets: their end, or a comma before more.
_TOWER_NAMED = re.compile(r"\s*[,;)\]]")
#: The arrows of markup (:data:`~..vocabulary.MARKUP_ARROWS`) that point the way text is
#: read: HTML's ``&rarr;``, LaTeX's ``\\rightarrow`` (not ``&nearr;``, aslant).
_MARKUP_TO = frozenset(a for a in MARKUP_ARROWS if a.endswith(("rarr;", "rightarrow")))


#: What may stand between a move's squares and its direction said after them: blanks,
#: brackets, commas, and a word for *diagonal* (``d8), diagonal left 2``).
_GAP = re.compile(r"[\s()\[\],;:]*(?:(?:diagonal(?:ly)?|diag\.?|aslant)[\s,]*)?", re.IGNORECASE)
#: A gap that parts a row's columns (three blanks or a tab).
_WIDE = re.compile(r"   |\t")
#: A cell or more of a delimited row, between two others (``⇥Ana B.⇥gold⇥``, or blanked
#: where its column repeats on every row): tabs, ``;`` or ``,`` part them.
_CELLS_OF_A_ROW = re.compile(r"[^\t;,]*(?:[\t;,][^\t;,]*){2,}")
#: The weak words of a number that are a word before a landing (``left to blue``,
#: ``left too blue``: no two) where they stand between a direction and a colour.
_TO_WORDS = frozenset({"to", "too", "for", "fore"})
#: What may stand between a tower said alone and the colour it lands on (``→``, ``->``,
#: ``to``, ``lands on``, ``goes onto``).
_LANDS = re.compile(r"[\s,:]*(?:(?:[-=]*>|[\u2190-\u21ff\u27f6\u2794\u279c]|(?:lands?|landed|landing|goes|went|moves|moved|onto|on|to|at)\b)[\s,:]*)+", re.IGNORECASE)
#: A word or arrow of :data:`_LANDS` that says a landing (not a blank or a comma alone).
_LANDING_WORD = re.compile(r"(?:[-=]*>|[\u2190-\u21ff\u27f6\u2794\u279c]|\b(?:lands?|landed|onto|on|to)\b)", re.IGNORECASE)


def _forfeit_word(g: _Entry) -> bool:
    """Whether entry ``g`` is a forfeit's word alone (``pass``: no tower)."""
    return g.forced and g.tower is None and g.distance == 0


def _stays(g: _Entry) -> bool:
    """Whether entry ``g`` says a forfeit: no distance, or where the tower stands."""
    return g.distance == 0 or (g.origin is not None and g.origin == g.target)


def _stands(g: _Entry) -> bool:
    """Whether entry ``g`` is a tower and a square alone (``bruin op f7``)."""
    return g.tower is not None and g.target is not None and g.origin is None and g.direction is None and g.distance is None


def _stays_put(g: _Entry) -> bool:
    """Whether entry ``g`` says its tower stays: a forfeit (:func:`_stays`), or a tower and
    its square alone (:func:`_stands`)."""
    return _stays(g) or _stands(g)


def _only_tower(g: _Entry) -> bool:
    """Whether entry ``g`` is a tower said alone so far (no move, no square, nothing forced)."""
    return g.tower is not None and g.direction is None and g.distance is None and g.square is None and g.target is None and not g.forced and not g.push


#: How many words that are no evidence part a weak word from the entry before it.
_FAR = 3

#: What separates the slots of an entry in a table's cells or a template's arguments.
_BARS = " \t|;,"
_QUOTES = "\"'`"


def _entry(g: _Entry, text: str, number: int) -> tuple[Entry, NotationError | None]:
    """The record's entry for ``g`` (its slots not given unread), and its warning."""
    written = text[g.start : g.end]
    if g.target is not None and not _stands_on(g):
        unread = None if g.origin is not None else "from"
        entry = Entry(number, g.start + 1, written, tower=g.tower, origin=g.origin, target=g.target, unread=unread)
    else:
        entry = _slots_entry(g, written, number)
    if entry.unread is not None:
        return entry, StyledEntry(f"{quote(written)}: read by its evidence", line=number, column=entry.column, style=Kind.EVIDENCE.value)
    form, lang = entry_style(entry)
    new = format_entry(entry, form=form if not entry.is_coords else Form.COORDS, lang=lang)
    if new == written:
        return entry, None
    return entry, StyleMark(f"{quote(written)} is read as {quote(new)}", line=number, column=entry.column, mark=written, new=new, style=Kind.EVIDENCE.value)


def _stands_on(g: _Entry) -> bool:
    """Whether ``g``'s one square is where its tower stands, its move said in slots after
    it (``brown a1 up 3``): the slots are the move."""
    return g.origin is None and g.said_in_slots()


def _entry_notes(g: _Entry, before: _Entry | None, note: NotationError | None, text: str, number: int) -> list[NotationError]:
    """The warnings of entry ``g`` read (``note``, :func:`_entry`'s): two entries run
    together (``YellowYellow``: ``fix`` puts a blank between), ring marks after its tower
    (``Purple+``: the replay checks them against the tower's rings)."""
    out = [note] if note is not None else []
    if before is not None and before.end == g.start and text[g.start - 1 : g.start].isalpha():
        out.append(StyleMark("two entries run together are read as two", line=number, column=g.start + 1, mark="", new=" ", style=Kind.EVIDENCE.value))
    if g.rings is not None:
        start, end = g.rings
        marks = text[start:end]
        out.append(StyleMark(f"{quote(marks)} after the tower is read as its Sumo rings", line=number, column=start + 1, mark=marks, new="", style=Kind.RING_MARK.value))
    return out


def _slots_entry(g: _Entry, written: str, number: int) -> Entry:
    """The record's entry for ``g``, read in slots (a Sumo push said with none is
    Forward 1; a forfeit has no direction), the slots not said named unread."""
    direction, distance = _said_move(g)
    slots = (("tower", g.tower), ("direction", direction if distance != 0 else Direction.FORWARD), ("distance", distance), ("square", g.square))
    unread = " ".join(_unread_slot(name, g) for name, value in slots if value is None) or None
    return Entry(number, g.start + 1, written, g.tower, direction, distance, g.square, unread=unread)


def _unread_slot(name: str, g: _Entry) -> str:
    """Slot ``name`` of entry ``g``, not said, as :attr:`~..record.Entry.unread` names it:
    a direction said straight or aslant, but not which way, with that word."""
    if name != "direction" or not (g.straight or g.aslant):
        return name
    return f"direction {STRAIGHT if g.straight else ASLANT}"


def _said_move(g: _Entry) -> tuple[Direction | None, int | None]:
    """The direction and the distance entry ``g`` says: a Sumo push said with none is
    Forward 1; a forfeit has no direction."""
    if g.push and g.direction is None and g.distance is None:
        return Direction.FORWARD, 1
    if g.distance == 0:
        return None, 0
    return g.direction, g.distance


#: A brace (what a line's notes in braces are blanked with when they hold its moves).
_BRACES = re.compile(r"[{}]")


def read_evidence(text: str, number: int, legend: Mapping[str, Direction | Colour] | None = None) -> tuple[list[Item], list[Comment], list[NotationError]]:
    """Line ``number``, ``text``, read by its evidence: its one item (the row's ``(entry,
    start, end)``s; no item for a line with no evidence), its braced comments, and the
    warnings: each entry read (a :class:`StyleMark` where every slot is read, ``fix``
    writing it in our form; a :class:`StyledEntry` where the replay must settle it) and
    each stretch of text set aside (a :class:`StyleMark` of kind ``set-aside`` that ``fix``
    takes out; a line with no evidence is kept as a comment)."""
    if is_key_line(text):  # (a key to the record's signs says what entries mean; it is none)
        return _no_move(text, number, None, "is a key to the record's signs, no move")
    if _lineup_row(clues(text, legend)):
        return _no_move(text, number, None, "is a lineup's row (squares of a home row, each with its tower's colour), no move")
    line, unbraced = _read_line(text, number, legend)
    row, notes = _row(line, text, number)
    if not row:
        return _no_move(text, number, line)
    notes.extend(_outside_notes(line, row, text, number, unbraced=unbraced))
    return [row], line.comments, notes


#: How many squares of a home row, each with a colour after it, make a line a lineup's row
#: (``a8 = "blue",  b8 = "purple",  c8 = "pink",  d8 = "red",``; half a row a line).
_LINEUP_SQUARES = 4


def _lineup_row(tokens: list[Clue]) -> bool:
    """Whether a line's ``tokens`` are a lineup's row: :data:`_LINEUP_SQUARES` squares of
    one home row at least, a colour after each but perhaps one (a word the vocabulary
    lacks), nothing else of a move between them. A move's two squares are never both on
    a home row."""
    said = [c for c in tokens if c.kind in ("SQUARE", "COLOUR")]
    ranks = _ranks_said(said)
    if len(ranks) < _LINEUP_SQUARES or set(ranks) not in ({0}, {7}):
        return False
    colours = sum(a.kind == "SQUARE" and b.kind == "COLOUR" for a, b in pairwise(said))
    return len(said) == len(ranks) + colours and colours >= len(ranks) - 1


def _ranks_said(said: list[Clue]) -> list[int]:
    """The ranks (0 to 7) of the lone squares among the clues ``said``."""
    return [c.squares[1] // 8 for c in said if c.kind == "SQUARE" and c.squares is not None and c.squares[0] is None]


def _row(line: _Line, text: str, number: int) -> tuple[list[Spanned], list[NotationError]]:
    """The row of line ``number`` read (``line``): its ``(entry, start, end)``s, a
    placeholder's first, and their warnings."""
    notes: list[NotationError] = []
    row: list[Spanned] = []
    if line.placeholder is not None and line.entries:
        start, end = line.placeholder
        row.append((Entry(number, start + 1, text[start:end], placeholder=True), start, end))
    for k, g in enumerate(line.entries):
        entry, note = _entry(g, text, number)  # (no turn or ply number: the replay knows the turns)
        row.append((entry, g.start, g.end))
        notes.extend(_entry_notes(g, line.entries[k - 1] if k else None, note, text, number))
    return row, notes


def _outside_notes(line: _Line, row: list[Spanned], text: str, number: int, *, unbraced: bool) -> list[NotationError]:
    """The warnings of what line ``number`` holds outside its ``row``: each stretch set
    aside, the braces where they were read as blanks, a word taking back the line before."""
    covered = [(start, end) for _e, start, end in row]
    notes = _set_aside(text, number, line, covered)
    if unbraced:  # (the braces themselves go, as any text around the move does)
        notes.extend(_aside_mark(text, number, m.start(), m.end()) for m in _BRACES.finditer(text))
    if line.takes_back is not None and any(g.tower is not None or g.target is not None for g in line.entries):
        notes.append(_take_back(text, number, line.takes_back))
    return notes


def _no_move(text: str, number: int, line: _Line | None, why: str = "holds no move") -> tuple[list[Item], list[Comment], list[NotationError]]:
    """Line ``number``, read (``line``; ``None``: not read, a key to the record's signs),
    that holds no move: no item, the line kept as a comment with a warning saying
    ``why`` (``fix`` keeps it as a comment), and the note of a word in it that takes back
    the line before."""
    stripped = text.strip()
    if not stripped:
        return [], line.comments if line is not None else [], []
    column = len(text) - len(text.lstrip()) + 1
    notes: list[NotationError] = [StyleMark(f"{quote(stripped)} {why}", line=number, column=column, mark=stripped, new=f"# {stripped}", style=Kind.SET_ASIDE.value)]
    if line is not None and line.takes_back is not None:  # ('scratch that, it was:': the next line's entries stand for the line's before)
        notes.append(_take_back(text, number, line.takes_back))
    return [], [Comment(stripped, number, column, False)], notes


def _read_line(text: str, number: int, legend: Mapping[str, Direction | Colour] | None = None) -> tuple[_Line, bool]:
    """Line ``number`` read token by token, and whether its braces were read as blanks
    (a note in braces that is the move: ``- { tower: green, … }``, where nothing
    outside the braces is one)."""
    token = _LEGEND.set(legend or {})
    try:
        return _read_braces(text, number)
    finally:
        _LEGEND.reset(token)


def _read_braces(text: str, number: int) -> tuple[_Line, bool]:
    """:func:`_read_line`, the file's legend set."""
    line = _Line(text, number)
    line.read()
    if line.comments and not any(g.tower is not None and g.direction is not None for g in line.entries):
        braces = _Line(_BRACES.sub(" ", text), number)
        braces.read()
        if any(g.tower is not None and g.direction is not None for g in braces.entries):
            return braces, True
    return line, False


def _take_back(text: str, number: int, back: Clue) -> TakeBack:
    """The note of a word on line ``number`` before any entry of it that takes back what
    the line before said."""
    word = text[back.start : back.end]
    return TakeBack(f"{quote(word)} takes back the entry before line {number}", line=number, column=back.start + 1, word=word)


def _uncovered(text: str, line: _Line, covered: list[tuple[int, int]]) -> Iterator[Clue]:
    """The line's tokens outside its entries (``covered``), its comments, a turn number
    as we write it and its ``...``, in order (the spans walked with the tokens: linear)."""
    kept = _kept_starts(line)
    spans = sorted(covered)
    at = 0  # (the first span that may hold a token from here on)
    for k, tok in enumerate(line.tokens):
        at = _span_at(spans, at, tok.start)
        if tok.start in kept or (at < len(spans) and spans[at][0] <= tok.start):
            continue
        if k == 0 and _turn_as_written(text, tok):
            continue  # (kept)
        yield tok


def _kept_starts(line: _Line) -> set[int]:
    """Where the line's comments and its placeholder start: kept, not set aside."""
    kept = {c.column - 1 for c in line.comments}
    if line.placeholder is not None:
        kept.add(line.placeholder[0])
    return kept


def _span_at(spans: list[tuple[int, int]], at: int, start: int) -> int:
    """The index of the first of ``spans`` from ``at`` on that ends after ``start``."""
    while at < len(spans) and spans[at][1] <= start:
        at += 1
    return at


def _turn_as_written(text: str, tok: Clue) -> bool:
    """Whether ``tok`` is a turn number as we write it (``12.``)."""
    return tok.kind == "TURN" and text[tok.start : tok.end].endswith(".") and text[tok.start].isdigit()


def _set_aside(text: str, number: int, line: _Line, covered: list[tuple[int, int]]) -> list[NotationError]:
    """A warning for each stretch of the line outside its entries that is no comment:
    ``fix`` takes it out."""
    spans: list[tuple[int, int]] = []
    for tok in _uncovered(text, line, covered):
        if spans and not text[spans[-1][1] : tok.start].strip():
            spans[-1] = (spans[-1][0], tok.end)
        else:
            spans.append((tok.start, tok.end))
    return [_aside_mark(text, number, start, end) for start, end in spans]


def _aside_mark(text: str, number: int, start: int, end: int) -> StyleMark:
    """The warning of ``text[start:end]`` set aside: ``fix`` takes it out, leaving a blank
    where it parted two words (``[h8-h5] [d1-d3]``: ``h8-h5 d1-d3``, not ``h8-h5d1-d3``)."""
    written = text[start:end]
    parts = 0 < start and end < len(text) and not text[start - 1].isspace() and not text[end].isspace()
    return StyleMark(f"{quote(written)} is no evidence of a move", line=number, column=start + 1, mark=written, new=" " if parts else "", style=Kind.SET_ASIDE.value)


def _player(text: str, out: list[Clue], k: int) -> Clue:
    """A player's name the file says (:func:`players_in`) that is a colour's word, before
    another colour (``Rosa N th 2``: brown's move, Rosa's): the player's label, no tower.
    Before a direction it is the tower still (``Rosa;diag. dcha.;1``, where Rosa is also
    Spanish's pink)."""
    tok = out[k]
    if tok.kind != "COLOUR" or text[tok.start : tok.end] not in getattr(_LEGEND.get(), "players", ()):
        return tok
    after = next((t for t in out[k + 1 :] if t.kind != "ASIDE"), None)
    return Clue("ASIDE", tok.start, tok.end) if after is not None and after.kind == "COLOUR" else tok

#: The rules that read a line's tokens again with what stands around them
#: (:func:`_in_context`), in order: when each may change a line, and the rule.
_CONTEXT: tuple[tuple[Callable[[str, list[Clue]], bool], Callable[[str, list[Clue]], list[Clue]]], ...] = (
    (lambda text, out: "(" in text and any(t.kind in ("RETRACT", "STRUCK") for t in out), _struck),
    (lambda text, out: ":" in text, _each(_initial)),
    (lambda text, out: "," in text and _PAIR.search(text) is not None, _paired),
    (_counted("SQUARE", 3), _path),
    (_counted("SQUARE", 2), _joined),
    (lambda text, out: _COUNTED_ROW.match(text) is not None, _counters),
    (_counted("PASS"), _each(_in_prose)),
    (_counted("TURN"), _each(_sentence_end)),
    (_counted("COLOUR", 2), _each(_code_before_word)),
    (lambda text, out: " l " in text and _SMALL_WORD.search(text) is None, _each(_bar)),
    (lambda text, out: " one" in text.casefold(), _each(_pronoun)),
    (lambda text, out: _INFINITIVE.search(text) is not None, _infinitive),
    (_counted("DISTANCE", 2), _score_in_words),
    (_counted("DISTANCE"), _each(_round_number)),
    (lambda text, out: "=" in text or ":" in text or _FILES_IN_ORDER.search(text) is not None, _fields),
    (lambda text, out: "-" in text, _hyphened),
    (lambda text, out: _NOT_WORD.search(text) is not None, _each(_rejected)),
    (lambda text, out: _NEGATION.search(text) is not None, _negation),
    (lambda text, out: _ARTICLE_AFTER.search(text) is not None, _each(_preposition)),
    (_counted("SQUARE"), _each(_before_a_place)),
    (lambda text, out: _CELL_BOUND.search(text) is not None, _comment_cell),
    (lambda text, out: _MESSAGE_MARK.match(text) is not None, _message_mark),
    (_counted("NUMBER", 2), _log_fields),
    (lambda text, out: True, _each(_said_twice)),
    (lambda text, out: True, _each(_points)),
    (lambda text, out: bool(getattr(_LEGEND.get(), "players", ())), _each(_player)),
)

