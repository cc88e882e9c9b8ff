"""Rows whose entries are written in another style than ours, read as ours (read
leniently, reported precisely: docs/record-decisions.md): the reader's last try at a row the grammar
rejects, so a record in our style never pays for it.

The styles, each a :class:`~kamisado_notation.diagnostics.Kind`:

- ``ring-mark``: ring marks on an entry's tower (``Purple+ Right 2 Purple``, as ``show``
  draws towers): read past, and checked by the replay against the tower's rings;
- ``push-mark``: a push marked ``x`` or ``×`` (``Purple x Forward 1 Blue``, chess's
  capture mark) or written ``Purple Sumo push`` (a Sumo push goes forward one square);
- ``forced-word``: a forced entry written as a word: a forfeit ``pass``, ``-`` or
  ``Yellow blocked``, a back-entry ``pushed`` (or ``Yellow pushed``);
- ``forfeit-direction``: a forfeit written with a direction (``Brown Forward 0 Red``);
- ``square-left-out``: three slots, the square colour left out (``Brown Forward 5``);
- ``distance-left-out``: the distance left out (``Brown Forward Purple``);
- ``distance-word``: the distance written as a word (``five``, ``fünf``, ``öt``, ``cinco``,
  ``cinci``, ``пять``);
- ``slot-order``: the slots in another order (``Blue 2 Forward Pink``);
- ``run-together``: two entries run together (``PurplePurple Forward 3 Blue``).

An entry every slot of which is read is given as a :class:`~.errors.StyleMark` (``fix``
writes the entry in our form, in its own form and language); one with a slot left out
(or a forced word) as a :class:`~.errors.StyledEntry`, its missing slots not read
(:attr:`~.record.Entry.unread`): the replay takes it for the one legal move the slots
written name, with a warning, or says which moves fit.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ...diagnostics import Kind
from ...engine.board import Colour, Direction
from ...errors import NotationError, StyledEntry, StyleMark
from ..record import Comment, Entry, Item
from ..vocabulary import COLOUR_WORDS, NOTATION_NUMBER_WORDS, colour_of, direction_of, normalise, spelt_as, word_kinds
from ..writer import Form, format_entry
from .style import entry_style
from .style_names import SAID
from .syntax_errors import quote
from .tokens import ARROWS, MAX_DIGITS

__all__ = ["NUMBER_WORDS", "is_style_word", "read_styled_row"]

#: The distances written as words, in each language of the vocabulary (accents and
#: case aside: :func:`~.vocabulary.normalise`).
NUMBER_WORDS = NOTATION_NUMBER_WORDS

#: Words for a forfeit (the blocked player's forced entry), written alone.
_PASS = frozenset({"pass", "passes", "forfeit", "forfeits", "-", "–", "—"})
#: A forfeit written after the blocked tower (``Yellow blocked``).
_BLOCKED = frozenset({"blocked", "block"})
#: A back-entry (the pushed player's forced entry), alone or after the pushed tower.
_PUSHED = frozenset({"pushed"})
#: A push marked as chess marks a capture, or said in words.
_PUSH = frozenset({"x", "×", "sumo", "push", "pushes"})

#: The tokens of a row: braced and ``#`` comments (an unclosed ``{`` to the line's end:
#: one scan of the line), turn numbers (``1.``, PGN's ``1...``), numbers, words,
#: ``...``, ring marks, and any other single character.
_TOKEN = re.compile(
    r"\{[^}\n]*\}?|\#.*|\d+(?:\.\.\.|\.?…|\.(?!\.))?|[^\W\d_]+(?:[\u0300-\u036f]+[^\W\d_]*)*|\.\.\.|…|\++|\S"
)
#: A move in coordinates: not for this reader.
_COORDS = re.compile(r"[a-h][1-8]-[a-h][1-8]", re.IGNORECASE)
#: Each style's place among an entry's styles: the first one the entry shows names it.
_ORDER = (
    Kind.FORCED_WORD, Kind.PUSH_MARK, Kind.SQUARE_LEFT_OUT, Kind.DISTANCE_LEFT_OUT, Kind.FORFEIT_DIRECTION,
    Kind.DISTANCE_WORD, Kind.SLOT_ORDER, Kind.RUN_TOGETHER,
)  # fmt: skip
@dataclass
class _Entry:
    """An entry as it is gathered, token by token."""

    start: int
    end: int = 0
    tower: Colour | None = None
    direction: Direction | None = None
    distance: int | None = None
    square: Colour | None = None
    order: list[str] = field(default_factory=list)  # the slots, as written ("tower", "direction", …)
    styles: list[Kind] = field(default_factory=list)
    back: bool = False  # a back-entry ('pushed')
    forced: bool = False  # a word standing for the whole entry ('pass', 'pushed')
    rings: list[tuple[int, str]] = field(default_factory=list)  # (start, '+' marks)


class _NotARow(Exception):
    """The line is no row this reader reads: its own error stands."""


def read_styled_row(text: str, number: int) -> tuple[list[Item], list[Comment], list[NotationError]] | None:
    """Row ``number``, ``text``, with its entries in other styles (the module's) read as
    ours: its one item (the list of ``(entry, start, end)``), its comments, and a
    :class:`StyleMark` or :class:`StyledEntry` for each entry so written and each
    tower's ring marks. ``None`` when the line is no such row (a word that is no word
    of the notation nor of these styles, a ``Round``, ``Lineup`` or header line,
    coordinates, a line with nothing in another style)."""
    first = text.split(None, 1)
    if not first or first[0][:1] == "[" or first[0].lower() in ("round", "lineup") or _COORDS.search(text):
        return None
    if _DASHES.search(text):  # (a separator, no forfeit: the evidence reader's, where the replay decides)
        return None
    try:
        read = _read(text, number)
    except _NotARow:
        return None
    entries = [e for item in read[0] if isinstance(item, list) for e, _start, _end in item]
    if read[1] and entries and all(e.tower is None for e in entries):
        return None  # (signs alone, a move perhaps in the braces: the evidence reader's)
    if len(entries) > 1 and entries[0].text in ("-", "\u2013", "\u2014") and not text[: entries[0].column - 1].strip():
        return None  # (a list's dash beginning the line, before its entries: the evidence reader's)
    if any(e.text in ("-", "\u2013", "\u2014") for e in entries[1:-1]):
        return None  # (a dash between two entries: a separator, the evidence reader's)
    return read


#: Two dashes or more in a row: a separator between entries (``Re F3 Bl  --  Bl F2 Or``).
_DASHES = re.compile(r"[-\u2013\u2014]{2,}")


def _tokens(text: str) -> list[tuple[str, int, int]]:
    return [(m.group(), m.start(), m.end()) for m in _TOKEN.finditer(text)]


#: The words of the styles, by what they are (:func:`_kind`).
_STYLE_WORDS = {**dict.fromkeys(_PASS, "PASS"), **dict.fromkeys(_BLOCKED, "BLOCKED"), **dict.fromkeys(_PUSHED, "PUSHED"), **dict.fromkeys(_PUSH, "PUSH")}


def is_style_word(word: str) -> bool:
    """Whether ``word`` is a word of these styles (``pass``, ``pushed``, ``blocked``,
    ``Sumo``, ``x``, a number's word): never read past as a misspelt colour or direction."""
    key = normalise(word)
    return key in _STYLE_WORDS or key in NUMBER_WORDS


def _kind(tok: str) -> str:
    """What a token is: ``COLOUR``, ``DIRECTION``, ``AMBIGUOUS`` (either), ``INT``,
    ``NUM`` (a number word), ``TURN``, ``TURN_DOTS``, ``PLACEHOLDER``, ``RING``,
    ``COMMENT``, ``PASS``, ``BLOCKED``, ``PUSHED``, ``PUSH``, ``SPELT`` (an
    abbreviation); raises :class:`_NotARow` for anything else."""
    c = tok[0]
    if c in "{#":
        return "COMMENT"
    if c.isdecimal():
        return "INT" if tok[-1].isdecimal() else "TURN_DOTS" if tok[-1] == "…" or tok.endswith("...") else "TURN"
    if tok in ("...", "…"):
        return "PLACEHOLDER"
    if c == "+":
        return "RING"
    if tok in ARROWS:
        return "DIRECTION"
    return _word_kind(tok)


def _word_kind(word: str) -> str:
    """What a word is (:func:`_kind`)."""
    key = normalise(word)
    if key in _STYLE_WORDS:
        return _STYLE_WORDS[key]
    kinds = word_kinds(word)
    slots = [k for k in ("COLOUR", "DIRECTION") if k in kinds]
    if slots:
        return slots[0] if len(slots) == 1 else "AMBIGUOUS"
    if key in NUMBER_WORDS:
        return "NUM"
    if spelt_as(word) is not None:
        return "SPELT"
    raise _NotARow


#: The longest word two colour words run together make (the longest is 'narancssárga').
_LONGEST_PAIR = 2 * max(len(w) for w in COLOUR_WORDS)


def _pair(word: str) -> int | None:
    """Where ``word`` splits into two colour words run together (``PurplePurple``)."""
    if len(word) > _LONGEST_PAIR:  # (and a long word is tried in time linear in the line)
        return None
    for k in range(1, len(word)):
        if "COLOUR" in word_kinds(word[:k]) and "COLOUR" in word_kinds(word[k:]):
            return k
    return None


#: What may follow an entry's tower: a colour followed by one starts an entry. (Not
#: ``pushed``: ``Pink Forward 1 Green pushed`` is likelier a square and a back-entry than
#: an entry without its square and ``Green pushed``.)
_SLOT_STARTS = frozenset({"DIRECTION", "INT", "NUM", "RING", "BLOCKED", "AMBIGUOUS"})


class _Row:
    """A row read token by token: its items, comments and warnings."""

    def __init__(self, text: str, number: int) -> None:
        self.text, self.number = text, number
        self.tokens = _split_pairs(_tokens(text))
        self.kinds = [_kind(t) for t, _s, _e in self.tokens]
        #: after each token, the kind of the next one that is no push mark (``Purple x
        #: Forward 1``: what follows the mark tells what the colour is), from the right
        self.after: list[str | None] = [None] * len(self.kinds)
        for k in range(len(self.kinds) - 2, -1, -1):
            following = self.kinds[k + 1]
            self.after[k] = following if following != "PUSH" else self.after[k + 1]
        self.comments: list[Comment] = []
        self.notes: list[NotationError] = []
        self.row: list[tuple[Entry, int, int]] = []
        self.entries: list[_Entry] = []
        self.current: _Entry | None = None
        self.turn: int | None = None
        self.run_together: set[int] = set()  # the starts of entries that follow another without a blank

    def read(self) -> tuple[list[Item], list[Comment], list[NotationError]]:
        for k, ((tok, start, end), kind) in enumerate(zip(self.tokens, self.kinds, strict=True)):
            if kind == "COMMENT":
                braced = tok[0] == "{"
                if braced and tok[-1] != "}":
                    raise _NotARow  # (an unclosed comment: the lexer's error stands)
                self.comments.append(Comment(tok[1:-1] if braced else tok[1:], self.number, start + 1, braced))
            elif kind in ("TURN", "TURN_DOTS", "PLACEHOLDER"):
                self.turn_or_placeholder(tok, kind, start, end)
            elif kind in ("PASS", "PUSHED"):
                self.forced(kind, start, end)
            else:
                self.slot(k, tok, kind, start, end)
        self.close()
        if not self.row:
            raise _NotARow
        for (entry, _s, _e), gathered in zip((r for r in self.row if not r[0].placeholder), self.entries, strict=True):
            self.notes.extend(_notes(entry, gathered, self.number, gathered.start in self.run_together))
        if not self.notes:
            raise _NotARow  # (nothing in another style: the grammar's error stands)
        return [self.row], self.comments, self.notes

    def close(self) -> None:
        """The entry being read is complete."""
        g = self.current
        if g is not None:
            self.entries.append(g)
            self.row.append((_entry(g, self.text, self.number, self.turn), g.start, g.end))
            self.turn = self.current = None

    def turn_or_placeholder(self, tok: str, kind: str, start: int, end: int) -> None:
        self.close()
        if kind == "TURN":
            self.turn = _int(tok.rstrip("."))
            return
        if kind == "TURN_DOTS":
            self.turn = _int(tok.rstrip(".…"))
        self.row.append((Entry(self.number, start + 1, tok, placeholder=True, number=self.turn), start, end))
        self.turn = None

    def forced(self, kind: str, start: int, end: int) -> None:
        """``pass`` (or ``-``) alone, or ``pushed`` alone or after the pushed tower."""
        g = self.current
        if kind == "PASS" or g is None or g.order != ["tower"] or g.styles or g.rings:
            self.close()
            g = self.current = _Entry(start)
        g.end, g.forced = end, True
        if kind == "PASS":
            g.distance = 0
        else:
            g.direction, g.distance = Direction.BACK, 1
        g.styles.append(Kind.FORCED_WORD)
        self.close()

    def slot(self, k: int, tok: str, kind: str, start: int, end: int) -> None:
        """A word or number of an entry."""
        if kind == "SPELT":
            found = spelt_as(tok)
            assert found is not None
            kind, tok = found[0], found[1]
            self.notes.append(StyleMark(f"{quote(self.tokens[k][0])} is read as {quote(tok)}", line=self.number, column=start + 1, mark=self.tokens[k][0], new=tok, style=found[2]))
        g = self.current
        if kind == "AMBIGUOUS":  # (R: Red or Right)
            kind = "DIRECTION" if g is not None and g.tower is not None and g.direction is None and g.distance is None else "COLOUR"
        if kind == "COLOUR":
            self.colour(k, tok, start, end)
            return
        if g is None or g.tower is None:
            raise _NotARow
        g.end = end
        _SLOTS[kind](g, tok, start)

    def colour(self, k: int, tok: str, start: int, end: int) -> None:
        """A colour: the tower of a new entry, or the square of the one being read."""
        g = self.current
        if g is not None and (g.square is not None or self.after[k] in _SLOT_STARTS):
            if g.end == start:
                self.run_together.add(start)
            self.close()
            g = None
        if g is None:
            self.current = _Entry(start, end, tower=colour_of(tok), order=["tower"])
        else:
            g.square, g.end = colour_of(tok), end
            g.order.append("square")


def _int(digits: str) -> int:
    """A number of a row; a far too long one is the grammar's error (:data:`MAX_DIGITS`)."""
    if len(digits) > MAX_DIGITS:
        raise _NotARow
    return int(digits)


def _ring(g: _Entry, tok: str, start: int) -> None:
    if g.order != ["tower"]:
        raise _NotARow
    g.rings.append((start, tok))


def _direction(g: _Entry, tok: str, start: int) -> None:
    if g.direction is not None:
        raise _NotARow
    g.direction = direction_of(tok)
    g.order.append("direction")


def _distance(g: _Entry, tok: str, start: int) -> None:
    if g.distance is not None:
        raise _NotARow
    word = not tok.isdecimal()
    g.distance = NUMBER_WORDS[normalise(tok)] if word else _int(tok)
    g.order.append("distance")
    if word:
        g.styles.append(Kind.DISTANCE_WORD)


def _blocked(g: _Entry, tok: str, start: int) -> None:
    if g.distance not in (None, 0):
        raise _NotARow
    g.distance, g.forced = 0, True
    g.styles.append(Kind.FORCED_WORD)


def _push(g: _Entry, tok: str, start: int) -> None:
    g.styles.append(Kind.PUSH_MARK)


#: What each kind of token does to the entry being read (:meth:`_Row.slot`).
_SLOTS = {"RING": _ring, "DIRECTION": _direction, "INT": _distance, "NUM": _distance, "BLOCKED": _blocked, "PUSH": _push}


def _read(text: str, number: int) -> tuple[list[Item], list[Comment], list[NotationError]]:
    return _Row(text, number).read()


def _split_pairs(tokens: list[tuple[str, int, int]]) -> list[tuple[str, int, int]]:
    """``tokens`` with each word of two colour words run together split in two."""
    out = []
    for tok, start, end in tokens:
        at = _pair(tok) if tok[:1].isalpha() and not word_kinds(tok)[0] in ("COLOUR", "DIRECTION") else None
        if at is not None and normalise(tok) not in NUMBER_WORDS and spelt_as(tok) is None:
            out += [(tok[:at], start, start + at), (tok[at:], start + at, end)]
        else:
            out.append((tok, start, end))
    return out


def _starts_entry(current: _Entry, after: str | None) -> bool:
    """Whether a colour after ``current`` starts the next entry (else it is the
    current one's square): when the entry has its square already, or the colour is
    followed by what follows a tower (a direction, a distance, a ring mark…)."""
    if current.square is not None:
        return True
    return after in _SLOT_STARTS


def _entry(g: _Entry, text: str, number: int, turn: int | None) -> Entry:
    """The record's entry for ``g``: its missing slots not read (:attr:`Entry.unread`)."""
    if g.tower is None and not g.forced:
        raise _NotARow
    direction, distance = g.direction, g.distance
    if Kind.PUSH_MARK in g.styles and direction is None and distance is None:
        direction, distance = Direction.FORWARD, 1  # (a Sumo push: forward one square)
    if distance == 0 and direction is not None:
        direction = None
        g.styles.append(Kind.FORFEIT_DIRECTION)
    if direction is None and distance != 0:  # (the direction left out is no style read here)
        raise _NotARow
    unread = [name for name, value in (("tower", g.tower), ("distance", distance), ("square", g.square)) if value is None]
    if len(unread) > 2:
        raise _NotARow
    if distance is None:
        g.styles.append(Kind.DISTANCE_LEFT_OUT)
    if g.square is None and not g.forced:
        g.styles.append(Kind.SQUARE_LEFT_OUT)
    if [s for s in g.order if s != "tower"] not in _OUR_ORDERS:
        g.styles.append(Kind.SLOT_ORDER)
    return Entry(number, g.start + 1, text[g.start : g.end], g.tower, direction, distance, g.square, number=turn, unread=" ".join(unread) or None)


#: The slots after the tower in our order, some left out.
_OUR_ORDERS: tuple[list[str], ...] = (
    ["direction", "distance", "square"], ["direction", "distance"], ["direction", "square"], ["distance", "square"],
    ["direction"], ["distance"], ["square"], [],
)  # fmt: skip


def _notes(entry: Entry, g: _Entry, number: int, run_together: bool) -> list[NotationError]:
    """The warnings of one entry read: its ring marks, and its style."""
    notes: list[NotationError] = [
        StyleMark(f"{quote(marks)} after the tower is read as its Sumo rings", line=number, column=start + 1, mark=marks, new="", style=Kind.RING_MARK.value)
        for start, marks in g.rings
    ]
    if run_together:
        notes.append(StyleMark("two entries run together are read as two", line=number, column=entry.column, mark="", new=" ", style=Kind.RUN_TOGETHER.value))
    styles = sorted(set(g.styles), key=_ORDER.index)
    if not styles:
        return notes
    said = " and ".join(SAID[s] for s in styles)
    if entry.unread is not None:
        notes.append(StyledEntry(f"{quote(entry.text)}: {said}", line=number, column=entry.column, style=styles[0].value))
        return notes
    form, lang = entry_style(entry)
    if form is Form.COORDS:  # pragma: no cover - (coordinates are not read here)
        raise _NotARow
    new = format_entry(entry, form=form, lang=lang)
    notes.append(StyleMark(f"{quote(entry.text)} ({said}) is read as {quote(new)}", line=number, column=entry.column, mark=entry.text, new=new, style=styles[0].value))
    return notes
