"""The words of the notation (docs/notation.md §4) as data: what every colour and direction slot
accepts, in every language and form, and the words to write for each language and form.

Reading is case- and accent-insensitive (:func:`normalise`: ``sarga`` = ``sárga``,
``зеленый`` = ``зелёный``, ``rosu`` = ``roșu``); Chinese glyphs are accepted in their
traditional and simplified forms. Where a word means different things (``R`` is Red and
Right, ``B`` Blue and Back, ``left`` a direction and a fill), :func:`word_kinds` lists every
meaning and the parser picks the one its grammar expects at that point.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from typing import TypeVar

from ..engine.board import Colour, Direction, Side
from ..engine.match import Fill

__all__ = [
    "COLOUR_WORDS",
    "DIRECTION_WORDS",
    "LANGUAGES",
    "colour_of",
    "direction_of",
    "fill_of",
    "lark_terminals",
    "normalise",
    "side_of",
    "spelt_as",
    "word_kinds",
    "word_styles",
    "write_colour",
    "write_direction",
]

LANGUAGES = ("en", "de", "hu", "pt", "ro", "ru")

_Words = dict[str, tuple[str, ...]]
#: (glyph, simplified glyph, code, letter, {language: words, first is written})
_ColourRow = tuple[str, str, str, str, _Words]
#: (arrow, ASCII, letter, {language: words, first is written})
_DirectionRow = tuple[str, str, str, _Words]
_Value = TypeVar("_Value")
_Row = TypeVar("_Row")

_COLOURS: dict[Colour, _ColourRow] = {
    Colour.BROWN: ("棕", "棕", "Br", "N", {"en": ("Brown",), "de": ("braun",), "hu": ("barna",), "pt": ("castanho",), "ro": ("maro",), "ru": ("коричневый",)}),
    Colour.GREEN: ("綠", "绿", "Gr", "G", {"en": ("Green",), "de": ("grün",), "hu": ("zöld",), "pt": ("verde",), "ro": ("verde",), "ru": ("зелёный",)}),
    Colour.RED: ("紅", "红", "Re", "R", {"en": ("Red",), "de": ("rot",), "hu": ("piros",), "pt": ("vermelho",), "ro": ("roșu",), "ru": ("красный",)}),
    Colour.YELLOW: ("黃", "黄", "Ye", "Y", {"en": ("Yellow",), "de": ("gelb",), "hu": ("sárga",), "pt": ("amarelo",), "ro": ("galben",), "ru": ("жёлтый",)}),
    Colour.PINK: ("粉", "粉", "Pi", "K", {"en": ("Pink",), "de": ("rosa",), "hu": ("rózsaszín",), "pt": ("rosa",), "ro": ("roz",), "ru": ("розовый",)}),
    Colour.PURPLE: ("紫", "紫", "Pu", "P", {"en": ("Purple",), "de": ("lila",), "hu": ("lila",), "pt": ("roxo",), "ro": ("mov",), "ru": ("фиолетовый", "бирюзовый")}),
    Colour.BLUE: ("藍", "蓝", "Bl", "B", {"en": ("Blue",), "de": ("blau",), "hu": ("kék",), "pt": ("azul",), "ro": ("albastru",), "ru": ("синий",)}),
    Colour.ORANGE: ("橙", "橙", "Or", "O", {"en": ("Orange",), "de": ("orange",), "hu": ("narancssárga", "narancs"), "pt": ("laranja",), "ro": ("portocaliu",), "ru": ("оранжевый",)}),
}

_DIRECTIONS: dict[Direction, _DirectionRow] = {
    Direction.FORWARD: ("↑", "^", "F", {"en": ("Forward", "Straight", "Up"), "de": ("vorwärts", "geradeaus"), "hu": ("előre", "egyenesen"), "pt": ("frente",), "ro": ("înainte",), "ru": ("вперёд",)}),
    Direction.LEFT: ("↖", "\\", "L", {"en": ("Left",), "de": ("links",), "hu": ("balra",), "pt": ("esquerda",), "ro": ("stânga",), "ru": ("влево", "налево")}),
    Direction.RIGHT: ("↗", "/", "R", {"en": ("Right",), "de": ("rechts",), "hu": ("jobbra",), "pt": ("direita",), "ro": ("dreapta",), "ru": ("вправо", "направо")}),
    Direction.BACK: ("↓", "v", "B", {"en": ("Back",), "de": ("zurück",), "hu": ("hátra",), "pt": ("trás",), "ro": ("înapoi",), "ru": ("назад",)}),
}

_SIDES = {"black": Side.BLACK, "gold": Side.GOLD, "white": Side.GOLD}
_FILLS = {"left": Fill.LEFT, "right": Fill.RIGHT}
_KEYWORDS = {"round": "ROUND", "fill": "FILL", "lineup": "LINEUP"}


def normalise(word: str) -> str:
    """The key a word is looked up by: accents dropped (NFD without combining marks),
    case folded. Chinese glyphs and arrows are unchanged."""
    decomposed = unicodedata.normalize("NFD", word)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def _table(rows: Mapping[_Value, _Row], spellings: Callable[[_Row], Iterable[str]]) -> dict[str, _Value]:
    out: dict[str, _Value] = {}
    for value, row in rows.items():
        for word in spellings(row):
            key = normalise(word)
            if out.get(key, value) != value:  # docs/notation.md §4: the table must not contradict itself
                raise AssertionError(f"ambiguous word {word!r}")
            out[key] = value
    return out


def _colour_spellings(row: _ColourRow) -> tuple[str, ...]:
    glyph, simple, code, letter, words = row
    return (glyph, simple, code, letter, *(w for ws in words.values() for w in ws))


def _direction_spellings(row: _DirectionRow) -> tuple[str, ...]:
    arrow, ascii_, letter, words = row
    return (arrow, ascii_, letter, *(w for ws in words.values() for w in ws))


#: normalised word → Colour, for every spelling docs/notation.md §4 accepts in a colour slot.
COLOUR_WORDS: dict[str, Colour] = _table(_COLOURS, _colour_spellings)
#: normalised word → Direction (arrows and ASCII arrows included).
DIRECTION_WORDS: dict[str, Direction] = _table(_DIRECTIONS, _direction_spellings)

_cache: dict[str, tuple[str, ...]] = {}
_CACHE_LIMIT = 20_000  # garbage input must not grow memory without bound
_CACHED_CHARS = 64  # nor a few long words


def word_kinds(word: str) -> tuple[str, ...]:
    """The grammar's terminal names a word (as written) can be, most likely first:
    ``COLOUR``, ``DIRECTION``, ``SIDE``, ``FILLSIDE``, ``ROUND``, ``FILL``, ``LINEUP``,
    and always last ``NAME`` (a header name, or an unknown word)."""
    kinds = _cache.get(word)
    if kinds is None:
        key = normalise(word)
        found = []
        if key in COLOUR_WORDS:
            found.append("COLOUR")
        if key in DIRECTION_WORDS:
            found.append("DIRECTION")
        if key in _SIDES:
            found.append("SIDE")
        if key in _FILLS:
            found.append("FILLSIDE")
        if key in _KEYWORDS:
            found.append(_KEYWORDS[key])
        found.append("NAME")
        kinds = tuple(found)
        if len(_cache) < _CACHE_LIMIT and len(word) <= _CACHED_CHARS:  # no long garbage kept
            _cache[word] = kinds
    return kinds


# ------------------------------------------------------------------ words people shorten

def _full_words() -> dict[str, tuple[str, str, str]]:
    """Each word of a language, normalised → (its slot's terminal, the word as written,
    the English word of its meaning); a word two languages share is the first's."""
    out: dict[str, tuple[str, str, str]] = {}
    rows = [("COLOUR", r[4]) for r in _COLOURS.values()] + [("DIRECTION", r[3]) for r in _DIRECTIONS.values()]
    for terminal, words in rows:
        for ws in words.values():
            for w in ws:
                out.setdefault(normalise(w), (terminal, w, words["en"][0]))
    return out


_FULL_WORDS = _full_words()
#: The usual abbreviations that no rule finds (two letters, or letters not in order).
_ABBREVIATIONS = {"lt": "left", "rt": "right", "fw": "forward", "fd": "forward", "bk": "back", "st": "straight", "rd": "red"}
#: German written without umlauts, and ß written ss.
_UMLAUTS = (("ae", "a"), ("oe", "o"), ("ue", "u"), ("ss", "ß"))


def spelt_as(word: str) -> tuple[str, str, str] | None:
    """The word of a colour or direction ``word`` stands for, where it is no word of the
    notation: German written without its umlauts (``gruen``, ``vorwaerts``: style
    ``umlauts``), or an abbreviation (``Purp``, ``Orng``, ``Yel``, ``Fwd``, ``Lt``, ``Rt``,
    ``Str``: style ``abbreviation``) — a usual one, or at least three letters that begin
    the words of exactly one meaning (``Purp``, ``Yel``) or are their first letter and
    then consonants only, in order (``Orng``, ``Frwd``, ``Grn``). A word with a letter
    left out inside (``Gren``, ``Yelow``) is a misspelling, not an abbreviation. The
    slot's terminal (``COLOUR`` or ``DIRECTION``), the word as the notation writes it,
    the style; ``None`` when it stands for no one word."""
    key = normalise(word)
    if not key.isalpha():
        return None
    plain = key
    for written, read in _UMLAUTS:
        plain = plain.replace(written, read)
    if plain != key:
        full = _FULL_WORDS.get(normalise(plain))
        if full is not None:
            return full[0], full[1], "umlauts"
    named = _ABBREVIATIONS.get(key)
    if named is not None:
        return _FULL_WORDS[named][0], _FULL_WORDS[named][1], "abbreviation"
    if len(key) < 3:
        return None
    # (one meaning, in any language: Brn is Brown's and braun's; written as in English)
    skeleton = not any(c in _VOWELS for c in key[1:])
    found = {
        (v[0], v[2])
        for w, v in _FULL_WORDS.items()
        if len(w) > len(key) and (w.startswith(key) or (skeleton and w[0] == key[0] and _in_order(key, w)))
    }
    return (*found.pop(), "abbreviation") if len(found) == 1 else None


_VOWELS = frozenset("aeiouy")


def _in_order(letters: str, word: str) -> bool:
    """Whether ``letters`` are found in ``word`` in their order."""
    rest = iter(word)
    return all(c in rest for c in letters)


_colour_cache: dict[str, Colour] = {}
_direction_cache: dict[str, Direction] = {}


def colour_of(word: str) -> Colour:
    """The colour a word names (``KeyError`` if none)."""
    c = _colour_cache.get(word)
    if c is None:
        c = COLOUR_WORDS[normalise(word)]
        if len(_colour_cache) < _CACHE_LIMIT:
            _colour_cache[word] = c
    return c


def direction_of(word: str) -> Direction:
    """The direction a word or arrow names (``KeyError`` if none)."""
    d = _direction_cache.get(word)
    if d is None:
        d = DIRECTION_WORDS[normalise(word)]
        if len(_direction_cache) < _CACHE_LIMIT:
            _direction_cache[word] = d
    return d


def side_of(word: str) -> Side:
    return _SIDES[normalise(word)]


def fill_of(word: str) -> Fill:
    return _FILLS[normalise(word)]


# ------------------------------------------------------------------ writing


def write_colour(colour: Colour, form: str, lang: str = "en") -> str:
    """The word for ``colour`` in ``form`` (``symbols``: the glyph; ``short``: the code;
    ``text``: the word of ``lang``)."""
    glyph, _simple, code, _letter, words = _COLOURS[colour]
    if form == "symbols":
        return glyph
    if form == "short":
        return code
    return words[lang][0]


def write_direction(direction: Direction, form: str, lang: str = "en") -> str:
    """The word for ``direction`` in ``form`` (``symbols``: the arrow; ``short``: the
    letter; ``text``: the word of ``lang``)."""
    arrow, _ascii, letter, words = _DIRECTIONS[direction]
    if form == "symbols":
        return arrow
    if form == "short":
        return letter
    return words[lang][0]


def _styles_table() -> dict[str, set[tuple[str, str]]]:
    """normalised word → the (form, language) pairs it is written in (``("symbols", "")``
    for glyphs and arrows, ``("short", "")`` for codes and letters, ``("text", lang)``)."""
    out: dict[str, set[tuple[str, str]]] = {}
    rows: list[tuple[tuple[str, ...], tuple[str, ...], dict[str, tuple[str, ...]]]]
    rows = [(row[:2], row[2:4], row[4]) for row in _COLOURS.values()]
    rows += [(row[:2], row[2:3], row[3]) for row in _DIRECTIONS.values()]
    for symbols, short, words in rows:
        styled = [(w, ("symbols", "")) for w in symbols] + [(w, ("short", "")) for w in short]
        styled += [(w, ("text", lang)) for lang, ws in words.items() for w in ws]
        for word, style in styled:
            out.setdefault(normalise(word), set()).add(style)
    return out


_STYLES = _styles_table()


def word_styles(word: str) -> frozenset[tuple[str, str]]:
    """The (form, language) pairs a colour or direction word belongs to: ``"紫"`` →
    ``{("symbols", "")}``, ``"Pu"`` → ``{("short", "")}``, ``"rosa"`` →
    ``{("text", "de"), ("text", "pt")}``; empty for any other word. Lets a correction be
    written as the entry was (:mod:`kamisado_notation.notation.kmr.style`)."""
    return frozenset(_STYLES.get(normalise(word), ()))


def _accented_forms() -> dict[str, str]:
    """Each base letter of the vocabulary with its precomposed accented forms (Latin and
    Cyrillic blocks), lower case: ``{'a': 'àáâãäåā…', 'и': 'йѝӣӥ', …}``."""
    forms: dict[str, list[str]] = {}
    for code in (*range(0x00C0, 0x0250), *range(0x0400, 0x0530), *range(0x1E00, 0x1F00)):
        ch = chr(code).lower()
        base = normalise(ch)
        if len(base) == 1 and base != ch and len(ch) == 1:
            forms.setdefault(base, [])
            if ch not in forms[base]:
                forms[base].append(ch)
    return {base: "".join(sorted(chars)) for base, chars in forms.items()}


def lark_terminals() -> str:
    """The ``COLOUR`` and ``DIRECTION`` terminals as lark regular expressions, for
    ``grammars/words.lark`` (used by lark's own lexers; the fast lexer reads the tables).

    A word is looked up by :func:`normalise` (case and accents ignored, docs/notation.md §4), so each
    letter of a terminal accepts its accented forms, precomposed or followed by combining
    marks: the grammar accepts exactly the spellings the tables do."""
    accented = _accented_forms()

    def spellings(table: Mapping[_Value, _Row], fn: Callable[[_Row], Iterable[str]]) -> list[str]:
        return sorted({normalise(w) for row in table.values() for w in fn(row)}, key=lambda w: (-len(w), w))

    def letter(ch: str) -> str:
        if ch in accented:
            return f"[{ch}{accented[ch]}]" + "[\\u0300-\\u036f]*"
        return re.escape(ch).replace("/", "\\/")

    def regex(words: list[str]) -> str:
        alternatives = "|".join("".join(letter(c) for c in w) for w in words)
        return f"/(?i:{alternatives})(?![^\\W\\d_])/"

    return (
        "// Generated from kamisado_notation/notation/vocabulary.py\n"
        "// (python3 -m kamisado_notation.notation.vocabulary > grammars/words.lark);\n"
        "// tests/test_notation.py checks that it is current.\n"
        f"COLOUR: {regex(spellings(_COLOURS, _colour_spellings))}\n"
        f"DIRECTION: {regex(spellings(_DIRECTIONS, _direction_spellings))}\n"
    )


if __name__ == "__main__":
    print(lark_terminals(), end="")
