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
from collections.abc import Callable, Container, Iterable, Iterator, Mapping
from functools import cache
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


#: No word the vocabulary holds is longer: a longer one is only case folded by
#: :func:`normalise` (it is looked up in vain either way, and a line of a million
#: letters is not decomposed a dozen times).
_LONGEST_KEY = 64


def normalise(word: str) -> str:
    """The key a word is looked up by: accents dropped (NFD without combining marks),
    case folded. Chinese glyphs and arrows are unchanged, and so are the tone marks and
    vowels of Thai, Lao, Burmese and Khmer (letters of the word: ``สี่``, four, is not
    ``สี``, colour)."""
    if len(word) > _LONGEST_KEY:
        return word.casefold()
    decomposed = unicodedata.normalize("NFD", word)
    return "".join(c for c in decomposed if not unicodedata.combining(c) or _kept_mark(c)).casefold()


def _kept_mark(mark: str) -> bool:
    """Whether a combining ``mark`` is a letter of its word (Thai's, Lao's, Burmese's, Khmer's)."""
    return "\u0e00" <= mark <= "\u0eff" or "\u1000" <= mark <= "\u109f" or "\u1780" <= mark <= "\u17ff"


def _table(rows: Mapping[_Value, _Row], spellings: Callable[[_Row], Iterable[str]]) -> dict[str, _Value]:
    out: dict[str, _Value] = {}
    for value, row in rows.items():
        for word in spellings(row):
            key = normalise(word)
            if out.get(key, value) != value:  # docs/notation.md §4: the table must not contradict itself
                raise AssertionError(f"ambiguous word {word!r}")
            out[key] = value
    return out


def _each(*tables: Mapping[_Value, Iterable[str]]) -> Iterator[tuple[_Value, str]]:
    """Every word of ``tables`` (each a value → its words), with its value."""
    return ((value, word) for table in tables for value, words in table.items() for word in words)


def _colour_spellings(row: _ColourRow) -> tuple[str, ...]:
    glyph, simple, code, letter, words = row
    return (glyph, simple, code, letter, *(w for _, w in _each(words)))


def _direction_spellings(row: _DirectionRow) -> tuple[str, ...]:
    arrow, ascii_, letter, words = row
    return (arrow, ascii_, letter, *(w for _, w in _each(words)))


#: normalised word → Colour, for every spelling docs/notation.md §4 accepts in a colour slot.
COLOUR_WORDS: dict[str, Colour] = _table(_COLOURS, _colour_spellings)
#: normalised word → Direction (arrows and ASCII arrows included).
DIRECTION_WORDS: dict[str, Direction] = _table(_DIRECTIONS, _direction_spellings)

#: The grammar's terminals a word may be, most likely first, each with the words it holds.
_KINDS: tuple[tuple[str, Container[str]], ...] = (
    ("COLOUR", COLOUR_WORDS), ("DIRECTION", DIRECTION_WORDS), ("SIDE", _SIDES), ("FILLSIDE", _FILLS),
    ("ROUND", {"round"}), ("FILL", {"fill"}), ("LINEUP", {"lineup"}),
)  # fmt: skip

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
        kinds = (*(kind for kind, words in _KINDS if key in words), "NAME")
        if len(_cache) < _CACHE_LIMIT and len(word) <= _CACHED_CHARS:  # no long garbage kept
            _cache[word] = kinds
    return kinds


# ------------------------------------------------------------------ words people shorten

@cache
def _full_words() -> dict[str, tuple[str, str, str]]:
    """Each word of a language, normalised → (its slot's terminal, the word as written,
    the English word of its meaning); a word two languages share is the first's (made on
    first use, as every table only the slower readers read)."""
    out: dict[str, tuple[str, str, str]] = {}
    rows = [("COLOUR", r[4]) for r in _COLOURS.values()] + [("DIRECTION", r[3]) for r in _DIRECTIONS.values()]
    for terminal, words in rows:
        for _, w in _each(words):
            out.setdefault(normalise(w), (terminal, w, words["en"][0]))
    return out


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
    left out inside (``Gren``, ``Yelow``) or two neighbouring letters swapped (``eRd``
    for Red, not Portuguese *esquerda*) is a misspelling, not an abbreviation. The
    slot's terminal (``COLOUR`` or ``DIRECTION``), the word as the notation writes it,
    the style; ``None`` when it stands for no one word."""
    if len(word) > _LONGEST_KEY:
        return None
    key = normalise(word)
    if not key.isalpha():
        return None
    return _without_umlauts(key) or _abbreviated(key)


def _without_umlauts(key: str) -> tuple[str, str, str] | None:
    """:func:`spelt_as` for German written without its umlauts (``gruen``)."""
    plain = key
    for written, read in _UMLAUTS:
        plain = plain.replace(written, read)
    full = _full_words().get(normalise(plain)) if plain != key else None
    return None if full is None else (full[0], full[1], "umlauts")


def _abbreviated(key: str) -> tuple[str, str, str] | None:
    """:func:`spelt_as` for an abbreviation (``Purp``, ``Orng``, ``Lt``)."""
    named = _ABBREVIATIONS.get(key)
    full_words = _full_words()
    if named is not None:
        return full_words[named][0], full_words[named][1], "abbreviation"
    if len(key) < 3 or _transposed(key):
        return None
    # (one meaning, in any language: Brn is Brown's and braun's; written as in English)
    skeleton = not any(c in _VOWELS for c in key[1:])
    found = {
        (v[0], v[2])
        for w, v in full_words.items()
        if len(w) > len(key) and (w.startswith(key) or (skeleton and w[0] == key[0] and _in_order(key, w)))
    }
    return (*found.pop(), "abbreviation") if len(found) == 1 else None


def edit_distance(a: str, b: str) -> int:
    """The edit distance of ``a`` and ``b`` (insertions, deletions, substitutions, and a
    swap of two neighbouring letters, each one), without case."""
    a, b = a.casefold(), b.casefold()
    before: list[int] | None = None
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        cur = [i] + [0] * len(b)
        for j, y in enumerate(b, 1):
            cur[j] = min(row[j] + 1, cur[j - 1] + 1, row[j - 1] + (x != y))
            if before is not None and i > 1 and j > 1 and x == b[j - 2] and a[i - 2] == y:
                cur[j] = min(cur[j], before[j - 2] + 1)
        before, row = row, cur
    return row[-1]


_VOWELS = frozenset("aeiouy")


#: The English words of the slots, each with its terminal: a colour's, then each direction's.
_ENGLISH_WORDS = tuple(("COLOUR", r[4]["en"][0]) for r in _COLOURS.values()) + tuple(("DIRECTION", w) for r in _DIRECTIONS.values() for w in r[3]["en"])
#: The English words of a slot a misspelling may stand for (a direction of four letters or more).
_NEAR_WORDS = tuple((t, w) for t, w in _ENGLISH_WORDS if t == "COLOUR" or len(w) > 3)


def _unambiguous(pairs: Iterable[tuple[str, _Value]]) -> dict[str, _Value]:
    """Each key of ``pairs`` that stands for one value only → that value."""
    found: dict[str, set[_Value]] = {}
    for key, value in pairs:
        found.setdefault(key, set()).add(value)
    return {key: next(iter(values)) for key, values in found.items() if len(values) == 1}


def near_word(word: str) -> tuple[str, str] | None:
    """The one English word of a slot ``word`` is a slip of (one letter added, left out,
    changed, or two neighbouring swapped: ``lefft``, ``rigt``, ``yelow``, ``Forwrd``), as
    (the terminal, the word); ``None`` for a word of three letters or fewer, or one near
    no such word or near two. Only the evidence reader reads these, as weak evidence."""
    if not 3 < len(word) <= 12 or not word.isalpha():
        return None
    found = {(t, w) for t, w in _NEAR_WORDS if abs(len(w) - len(word)) <= 1 and edit_distance(word, w) == 1}
    return found.pop() if len(found) == 1 else None


@cache
def _codes() -> dict[str, tuple[str, str]]:
    """Two-letter codes people make of an English word of a slot: its first letter and a
    consonant after it, in order (``YL`` Yellow, ``GN`` Green, ``PK`` Pink, ``BN`` Brown,
    ``LF`` Left), where exactly one word has them → (the terminal, the word)."""
    keys = [(normalise(word), terminal, word) for terminal, word in _ENGLISH_WORDS]
    return _unambiguous((key[0] + c, (terminal, word)) for key, terminal, word in keys for c in key[1:] if c not in _VOWELS)


def code_as(word: str) -> tuple[str, str] | None:
    """The word of a slot a two-letter code stands for (:func:`_codes`: ``YL``, ``GN``,
    ``RD``), as (the terminal, the English word); ``None`` for any other word. Only the
    evidence reader reads codes: two letters say little, so the replay decides."""
    return _codes().get(normalise(word)) if len(word) == 2 else None


def _transposed(key: str) -> bool:
    """Whether ``key`` is a word of a language with two neighbouring letters swapped."""
    full_words = _full_words()
    return any(key[:i] + key[i + 1] + key[i] + key[i + 2 :] in full_words for i in range(len(key) - 1) if key[i] != key[i + 1])


def _in_order(letters: str, word: str) -> bool:
    """Whether ``letters`` are found in ``word`` in their order."""
    rest = iter(word)
    return all(c in rest for c in letters)


_colour_cache: dict[str, Colour] = {}
_direction_cache: dict[str, Direction] = {}


def _looked_up(word: str, table: Mapping[str, _Value], cache: dict[str, _Value]) -> _Value:
    """What ``word`` names in ``table`` (``KeyError`` if nothing), kept in ``cache`` by the
    word as written while it has room."""
    found = cache.get(word)
    if found is None:
        found = table[normalise(word)]
        if len(cache) < _CACHE_LIMIT:
            cache[word] = found
    return found


def colour_of(word: str) -> Colour:
    """The colour a word names (``KeyError`` if none)."""
    return _looked_up(word, COLOUR_WORDS, _colour_cache)


def direction_of(word: str) -> Direction:
    """The direction a word or arrow names (``KeyError`` if none)."""
    return _looked_up(word, DIRECTION_WORDS, _direction_cache)


def side_of(word: str) -> Side:
    return _SIDES[normalise(word)]


def fill_of(word: str) -> Fill:
    return _FILLS[normalise(word)]


# ------------------------------------------------------------------ writing


def write_colour(colour: Colour, form: str, lang: str = "en") -> str:
    """The word for ``colour`` in ``form`` (``symbols``: the glyph; ``short``: the code;
    ``text``: the word of ``lang``)."""
    glyph, _simple, code, _letter, words = _COLOURS[colour]
    return {"symbols": glyph, "short": code}.get(form) or words[lang][0]


def write_direction(direction: Direction, form: str, lang: str = "en") -> str:
    """The word for ``direction`` in ``form`` (``symbols``: the arrow; ``short``: the
    letter; ``text``: the word of ``lang``)."""
    arrow, _ascii, letter, words = _DIRECTIONS[direction]
    return {"symbols": arrow, "short": letter}.get(form) or words[lang][0]


@cache
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


def word_styles(word: str) -> frozenset[tuple[str, str]]:
    """The (form, language) pairs a colour or direction word belongs to: ``"紫"`` →
    ``{("symbols", "")}``, ``"Pu"`` → ``{("short", "")}``, ``"rosa"`` →
    ``{("text", "de"), ("text", "pt")}``; empty for any other word. Lets a correction be
    written as the entry was (:mod:`kamisado_notation.notation.kmr.style`)."""
    return frozenset(_styles_table().get(normalise(word), ()))


def _accented_forms() -> dict[str, str]:
    """Each base letter of the vocabulary with its precomposed accented forms (Latin and
    Cyrillic blocks), lower case: ``{'a': 'àáâãäåā…', 'и': 'йѝӣӥ', …}``."""
    forms: dict[str, set[str]] = {}
    for code in (*range(0x00C0, 0x0250), *range(0x0400, 0x0530), *range(0x1E00, 0x1F00)):
        ch = chr(code).lower()
        base = normalise(ch)
        if len(base) == 1 and base != ch and len(ch) == 1:
            forms.setdefault(base, set()).add(ch)
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
        "// tests/notation/test_reading.py checks that it is current.\n"
        f"COLOUR: {regex(spellings(_COLOURS, _colour_spellings))}\n"
        f"DIRECTION: {regex(spellings(_DIRECTIONS, _direction_spellings))}\n"
    )


if __name__ == "__main__":
    print(lark_terminals(), end="")


# ------------------------------------------------------------------ evidence (read, never written)

#: Colour words the notation does not write but people do: other languages, other
#: words for a colour, colour emoji. Only the evidence reader (:mod:`.kmr.evidence`) reads
#: them, so a record in the notation's own words never pays for them.
_EVIDENCE_COLOURS: dict[Colour, tuple[str, ...]] = {
    Colour.BROWN: (
        "καφέ", "καφετί", "καφετής", "갈색", "브라운", 
        "коричневая", "коричневое", "castanha", "marrom", "brązowe", "hnědé", "braunen", "brauner", 
        "marrón", "marron", "café", "brun", "marrone", "bruin", "brązowy", "brązowa", "hnědá", "hnědý", "brun",
        "茶", "茶色", "ブラウン", "ruskea", "kahverengi", "castaño", "tan", "🟫", "🟤", "🤎", "braune", "brauner", "barnát",
    ),
    Colour.GREEN: (
        "πράσινο", "πράσινος", "πράσινη", "초록", "초록색", "녹색", "그린", 
        "зелёное", "зеленая", "зеленое", "verdes", "zielone", "zelené", "grünen", "grön", 
        "verde", "vert", "verte", "groen", "zielony", "zielona", "zelená", "zelený", "grön", "grøn", "vihreä", "yeşil",
        "緑", "みどり", "グリーン", "🟩", "🟢", "💚", "grüne", "grüner", "zöldet", "зеленый", "зелёная",
    ),
    Colour.RED: (
        "κόκκινο", "κόκκινος", "κόκκινη", "빨강", "빨간색", "빨간", "적색", "레드", 
        "красное", "vermelha", "rojas", "czerwone", "červené", "roten", "rossi", 
        "rojo", "roja", "rouge", "rosso", "rossa", "rood", "czerwony", "czerwona", "červená", "červený", "röd", "rød",
        "punainen", "kırmızı", "read", "赤", "あか", "レッド", "🟥", "🔴", "❤", "rote", "roter", "pirosat", "красная",
    ),
    Colour.YELLOW: (
        "κίτρινο", "κίτρινος", "κίτρινη", "노랑", "노란색", "노란", "황색", "옐로", 
        "желтая", "жёлтое", "желтое", "amarela", "żółte", "žluté", "gelben", 
        "amarillo", "amarilla", "jaune", "giallo", "gialla", "geel", "żółty", "żółta", "žlutá", "žlutý", "gul",
        "keltainen", "sarı", "黄", "黄色", "きいろ", "イエロー", "🟨", "🟡", "💛", "gelbe", "gelber", "sárgát", "желтый", "жёлтая",
    ),
    Colour.PINK: (
        "ροζ", "분홍", "분홍색", "핑크", 
        "розовое", "cor-de-rosa", "różowe", "růžové", 
        "rosado", "rose", "roze", "różowy", "różowa", "růžová", "růžový", "rosa", "lyserød", "vaaleanpunainen", "pembe",
        "桃", "桃色", "ピンク", "🩷", "💗", "💖", "💕", "🌸", "🎀", "rosane", "rózsaszínt", "розовая",
    ),
    Colour.PURPLE: (
        "μωβ", "μοβ", "βιολετί", "보라", "보라색", "퍼플", 
        "фиолетовое", "лиловая", "roxa", "fioletowe", "fialové", "purpurowy", 
        "morado", "morada", "púrpura", "violeta", "violet", "violette", "viola", "paars", "fioletowy", "fioletowa",
        "fialová", "fialový", "lila", "violetti", "violett", "violetta", "violetto", "mor", "紫色", "むらさき", "パープル", "🟪", "🟣", "💜", "purpur", "lilát",
    ),
    Colour.BLUE: (
        "μπλε", "γαλάζιο", "파랑", "파란색", "파란", "청색", "블루", 
        "синее", "голубая", "голубой", "niebieskie", "modré", "blauen", 
        "azul", "bleu", "bleue", "blu", "azzurro", "blauw", "niebieski", "niebieska", "modrá", "modrý", "blå", "sininen",
        "mavi", "blew", "ao", "青", "あお", "ブルー", "🟦", "🔵", "💙", "blaue", "blauer", "kéket", "синяя",
    ),
    Colour.ORANGE: (
        "πορτοκαλί", "πορτοκαλής", "주황", "주황색", "오렌지", 
        "оранжевое", "pomarańczowe", "oranžové", 
        "naranja", "arancione", "arancio", "oranje", "pomarańczowy", "pomarańczowa", "oranžová", "oranžový",
        "oranssi", "turuncu", "橙", "橙色", "オレンジ", "🟧", "🟠", "🧡", "narancsot", "оранжевая",
    ),
}

#: More languages' colour words (fi, sv/no/da, tr, vi, id/ms, uk, eo, Hindi written in
#: Latin letters, zh's simplified glyphs; Latvian's, Icelandic's, Galician's and Maltese's forms first), with their forms typed without accents where
#: a letter has no accent to drop (Turkish ``ı``).
_WORLD_COLOURS: dict[Colour, tuple[str, ...]] = {
    Colour.BROWN: ("kannella", "brūns", "brūnais", "brūnā", "brūnajam", "brúnn", "brúni", "brúna", "brúnt", "brown", "donn", "pruun", "rudas", "ruda", "rudą", "smeđa", "smeđi", "smeda", "marró", "hnedá", "hnedý", "ruda", "ruskea", "kahve", "nâu", "coklat", "cokelat", "коричнева", "коричневий", "коричневе", "bruna", "bhura", "bhoora", "棕", "棕色", "褐色", "咖啡色"),
    Colour.GREEN: ("aħdar", "ahdar", "ħadra", "hadra", "zaļš", "zaļais", "zaļā", "zaļo", "grænn", "græni", "græna", "grænt", "gwyrdd", "roheline", "žalias", "žalia", "zelena", "zeleni", "verd", "verda", "lục", "zelený", "grønn", "yesil", "hijau", "зелена", "зелений", "зелене", "verda", "hara", "绿", "绿色", "綠"),
    Colour.RED: ("aħmar", "ahmar", "ħamra", "hamra", "vermello", "vermella", "sarkans", "sarkanais", "sarkanā", "sarkano", "rauður", "rauði", "rauða", "rautt", "coch", "dearg", "punane", "raudonas", "raudona", "crvena", "crveni", "vermell", "vermella", "červený", "punaise", "đỏ", "rød", "kirmizi", "merah", "червона", "червоний", "червоне", "ruĝa", "rugxa", "rugha", "laal", "lal", "红", "红色", "紅"),
    Colour.YELLOW: ("isfar", "safra", "dzeltens", "dzeltenais", "dzeltenā", "dzelteno", "gulur", "guli", "gula", "gult", "melyn", "buí", "kollane", "geltonas", "geltona", "žuta", "žuti", "groc", "groga", "žltá", "žltý", "keltaise", "sari", "vàng", "kuning", "жовта", "жовтий", "жовте", "flava", "peela", "peeli", "黄色", "黃"),
    Colour.PINK: ("roża", "rozā", "rozais", "bleikur", "bleiki", "bleika", "bleikt", "pinc", "bándearg", "roosa", "rožinis", "rožinė", "ružičasta", "ružičasti", "rosa", "ružová", "lyserød", "jambu", "pinkki", "pinkille", "pinkillä", "hồng", "рожева", "рожевий", "рожеве", "roza", "rozkolora", "gulabi", "粉", "粉色", "粉红", "粉红色", "rózsaszín"),
    Colour.PURPLE: ("vjola", "violets", "violetais", "violetā", "violeto", "fjólublár", "fjólublái", "fjólubláa", "fjólublátt", "porffor", "corcra", "lilla", "violetinis", "violetinė", "ljubičasta", "ljubičasti", "lila", "fialová", "liila", "tím", "ungu", "фіолетова", "фіолетовий", "фіолетове", "purpura", "violkolora", "baingani", "jamuni", "紫"),
    Colour.BLUE: ("zils", "zilais", "zilā", "zilo", "blár", "blái", "bláa", "blátt", "glas", "gorm", "sinine", "mėlynas", "mėlyna", "plava", "plavi", "blau", "modrá", "sinise", "dương", "biru", "синя", "синій", "синє", "blua", "neela", "neeli", "nila", "蓝", "蓝色", "藍"),
    Colour.ORANGE: ("oranġjo", "oranġo", "laranxa", "oranžs", "oranžais", "oranžā", "oranžo", "appelsínugulur", "appelsínuguli", "appelsínugula", "appelsínugult", "oren", "oráiste", "oranž", "oranžinis", "oranžinė", "narančasta", "narančasti", "taronja", "oransje", "oranžová", "cam", "oranye", "jingga", "помаранчева", "помаранчевий", "оранжева", "oranĝa", "orangxa", "orangha", "narangi", "naranji", "narancs"),
}
#: The colour, direction and number words of languages written in other scripts: Arabic
#: (with its article, ``الأحمر``, and each colour's feminine, ``حمراء``: a square is), Persian,
#: Hebrew (with the article and ``to``, ``האדום``, ``לימין``), Hindi in Devanagari, and
#: Thai (its words run together: read glyph by glyph, longest first, as CJK is).
_SCRIPT_COLOURS: dict[Colour, tuple[str, ...]] = {
    Colour.ORANGE: ("برتقالي", "برتقالية", "نارنجی", "כתום", "כתומה", "नारंगी", "संतरी", "ส้ม"),
    Colour.BLUE: ("أزرق", "زرقاء", "آبی", "כחול", "כחולה", "नीला", "नीली", "नीले", "น้ำเงิน", "ฟ้า"),
    Colour.PURPLE: ("بنفسجي", "بنفسجية", "أرجواني", "بنفش", "ارغوانی", "סגול", "סגולה", "बैंगनी", "बैगनी", "जामुनी", "ม่วง"),
    Colour.PINK: ("وردي", "وردية", "زهري", "زهرية", "صورتی", "ורוד", "ורודה", "गुलाबी", "ชมพู"),
    Colour.YELLOW: ("أصفر", "صفراء", "زرد", "צהוב", "צהובה", "पीला", "पीली", "पीले", "เหลือง"),
    Colour.RED: ("أحمر", "حمراء", "قرمز", "سرخ", "אדום", "אדומה", "लाल", "แดง"),
    Colour.GREEN: ("أخضر", "خضراء", "سبز", "ירוק", "ירוקה", "हरा", "हरी", "हरे", "เขียว"),
    Colour.BROWN: ("بني", "بنية", "قهوه\u200cای", "قهوهای", "חום", "חומה", "भूरा", "भूरी", "भूरे", "น้ำตาล"),
}
_SCRIPT_DIRECTIONS: dict[Direction, tuple[str, ...]] = {
    Direction.FORWARD: ("للأمام", "أمام", "مستقيم", "مستقيما", "قدام", "جلو", "مستقیم", "קדימה", "ישר", "ישרה", "आगे", "सीधा", "सीधे", "सीधी", "ตรง", "ข้างหน้า", "เดินหน้า"),
    Direction.LEFT: ("يسار", "يسارا", "لليسار", "چپ", "שמאלה", "שמאל", "बाएँ", "बाएं", "बाए", "बायें", "बाये", "बाईं", "बायाँ", "बाँया", "ซ้าย"),
    Direction.RIGHT: ("يمين", "يمينا", "لليمين", "راست", "ימינה", "ימין", "दाएँ", "दाएं", "दाए", "दायें", "दाये", "दाईं", "दायाँ", "ขวา"),
    Direction.BACK: ("للخلف", "خلف", "وراء", "عقب", "אחורה", "पीछे", "ถอยหลัง"),
}


def _prefixed(table: Mapping[_Value, tuple[str, ...]]) -> dict[_Value, tuple[str, ...]]:
    """``table``'s words with the articles and prefixes written against them (Arabic's
    ``ال``, ``بال``, ``لل``; Hebrew's ``ה``, ``ל``, ``ב``, ``ו``), and Arabic-script words
    with the other keyboard's ``ي``/``ی`` and ``ك``/``ک``, and a last ``ي`` written ``ى``
    as Egypt writes it (``وردى``, ``البنى``)."""
    out: dict[_Value, tuple[str, ...]] = {}
    for value, words in table.items():
        out[value] = tuple(dict.fromkeys(_typed_forms([form for word in words for form in _prefixed_forms(word)])))
    return out


def _typed_forms(forms: list[str]) -> list[str]:
    """``forms``, and them as the other keyboards type them (:data:`_ARABIC_KEYS`), and
    with a last ``ي`` written ``ى`` as Egypt writes it."""
    forms = forms + [w.translate(keys) for keys in _ARABIC_KEYS for w in forms]
    return forms + [w[:-1] + "ى" for w in forms if w.endswith("ي") and len(w) > 3]  # (not 'بنى', built)


def _prefixed_forms(word: str) -> list[str]:
    """``word``, and it after the articles and prefixes its script writes against it
    (:func:`_prefixed`)."""
    if "\u0600" <= word[0] <= "\u06ff" and not word.startswith(("ال", "لل")):
        return [word, "ال" + word, "بال" + word]
    if "\u05d0" <= word[0] <= "\u05ea":
        return [word, *_hebrew_prefixed(word)]
    return [word]


def _hebrew_prefixed(word: str) -> list[str]:
    """Hebrew ``word`` after the article and the prefixes written against it (``האדום``,
    ``לימין``); a vav that begins it is written twice after one (``הוורוד``), and so
    alone too."""
    stem = "ו" + word if word[0] == "ו" else word
    return [p + stem for p in ("ה", "ל", "ב", "ו", "וה", "לה")] + ([stem] if stem != word else [])


#: The letters Arabic, Persian and Urdu keyboards type differently: Persian's ``ی`` and
#: ``ک``, and Urdu's ``ہ``, each swapped on its own (a Persian word typed on an Arabic
#: keyboard keeps its ``ه``: ``قهوه‌اي``).
_ARABIC_KEYS = (str.maketrans("یکيك", "يكیک"), str.maketrans("ہه", "هہ"))

#: Colours, directions and forced words written in two or three words (Vietnamese,
#: Indonesian, French's ``tout droit``): the phrase as written, with or without its
#: accents → the English word it stands for.
PHRASES: dict[str, str] = {
    "xanh lá cây": "green", "xanh la cay": "green", "xanh lá": "green", "xanh la": "green", "xanh dương": "blue", "xanh duong": "blue",
    "xanh da trời": "blue", "xanh da troi": "blue", "xanh biển": "blue", "xanh bien": "blue", "merah muda": "pink", "mất lượt": "pass",
    "mat luot": "pass", "bị chặn": "blocked", "bi chan": "blocked", "står över": "pass", "star over": "pass", "kein zug": "pass",
    "tout droit": "forward", "pa labi": "right", "pa kreisi": "left", "uz priekšu": "forward", "uz prieksu": "forward",
    "til hægri": "right", "til haegri": "right", "til vinstri": "left", "قهوه ای": "brown", "قهوه اي": "brown", "diag. gauche": "left", "diag gauche": "left", "diag. droite": "right", "diag droite": "right",
    "ወይን ጠጅ": "purple", "қызғылт сары": "orange", "улбар шар": "orange", "нил ягаан": "purple", "ar aghaidh": "forward",
    "moja kwa moja": "forward", "ruwan kasa": "brown", "ruwan hoda": "pink", "air adhart": "forward",
    "tou dwat": "forward",
}

#: Direction words the notation does not write but people do (the mover's directions).
_EVIDENCE_DIRECTIONS: dict[Direction, tuple[str, ...]] = {
    Direction.FORWARD: ("ευθεία", "μπροστά", "εμπρός", "앞으로", "직진", 
        "прямо", "вперед", "ileri", "em frente", "adiante",
        "adelante", "recto", "derecho", "avant", "devant", "droit", "avanti", "dritto", "diritto", "vooruit", "rechtdoor", "recht", "rechtuit", "naprzód",
        "prosto", "rovně", "vpřed", "framåt", "rakt", "eteenpäin", "ileri", "düz", "前", "まっすぐ", "直進", "ahead",
        "straightforward", "fwd", "fw", "vorne", "vor",
    ),
    Direction.LEFT: ("linksvoor", "linksaf", "schuinlinks", "αριστερά", "αριστερή", "왼쪽", "좌", 
        "izquierda", "izq", "izda", "izqda", "gauche", "sinistra", "links", "lewo", "lewa", "vlevo", "doleva", "zleva", "vänster", "vasen",
        "vasemmalle", "sol", "左", "ひだり", "balra", "bal", "esq", "leftwards", "upleft", "diagleft", "lft",
    ),
    Direction.RIGHT: ("rechtsvoor", "rechtsaf", "schuinrechts", "δεξιά", "오른쪽", "우", 
        "derecha", "der", "dcha", "drcha", "dch", "droite", "destra", "rechts", "prawo", "prawa", "vpravo", "doprava", "zprava", "höger", "oikea",
        "oikealle", "sağ", "右", "みぎ", "jobbra", "jobb", "dir", "rightwards", "upright", "diagright", "rgt",
    ),
    Direction.BACK: ("πίσω", "뒤로", "atrás", "arrière", "indietro", "terug", "wstecz", "zpět", "späť", "dozadu", "tillbaka", "後ろ", "backwards", "backward"),
}

#: More languages' direction words (as :data:`_WORLD_COLOURS`).
_WORLD_DIRECTIONS: dict[Direction, tuple[str, ...]] = {
    Direction.FORWARD: ("dritt", "quddiem", "taisni", "beint", "áfram", "ymlaen", "syth", "edasi", "otse", "pirmyn", "tiesiai", "naprijed", "ravno", "endavant", "recte", "vpred", "eteen", "depan", "rovno", "suoraan", "framåt", "fram", "rett", "frem", "dümdüz", "thẳng", "tiến", "lurus", "maju", "вперед", "уперед", "rekte", "antaŭen", "antauxen", "antauen", "seedha", "sidha", "seedhe", "aage", "直", "直走", "向前", "前进", "előre"),
    Direction.LEFT: ("vasemmalta", "lewej", "zľava", "xellug", "kreisi", "vinstri", "chwith", "clé", "vasakule", "vasak", "kairėn", "kairę", "lijevo", "esquerra", "vľavo", "venstre", "balról", "vasen", "venstre", "sola", "trái", "kiri", "ліворуч", "вліво", "наліво", "maldekstren", "maldekstre", "baayen", "bayen", "baen", "左斜", "左上"),
    Direction.RIGHT: ("oikealta", "prawej", "sprava", "lemin", "dereita", "hægri", "dde", "deas", "paremale", "parem", "dešinėn", "dešinę", "desno", "dreta", "vpravo", "højre", "jobbról", "høyre", "hoyre", "sağa", "phải", "kanan", "праворуч", "вправо", "направо", "dekstren", "dekstre", "daayen", "dayen", "daen", "右", "右斜", "右上"),
    Direction.BACK: ("bakåt", "geri", "mundur", "назад", "malantaŭen", "peeche"),
}

#: Distances written as words, in every language the evidence reader knows (accents
#: and case aside); homophones dictation writes for them too.
_NUMBER_WORDS: tuple[tuple[str, ...], ...] = (
    ("one", "two", "three", "four", "five", "six", "seven"),  # en
    ("eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben"),  # de
    ("egy", "kettő", "három", "négy", "öt", "hat", "hét"),  # hu
    ("um", "dois", "três", "quatro", "cinco", "seis", "sete"),  # pt
    ("unu", "doi", "trei", "patru", "cinci", "șase", "șapte"),  # ro
    ("один", "два", "три", "четыре", "пять", "шесть", "семь"),  # ru
    ("uno", "dos", "tres", "cuatro", "cinco", "seis", "siete"),  # es
    ("un", "deux", "trois", "quatre", "cinq", "six", "sept"),  # fr
    ("uno", "due", "tre", "quattro", "cinque", "sei", "sette"),  # it
    ("een", "twee", "drie", "vier", "vijf", "zes", "zeven"),  # nl
    ("één",),  # nl, one stressed (as it is written to tell it from the article)
    ("jeden", "dwa", "trzy", "cztery", "pięć", "sześć", "siedem"),  # pl
    ("jedna", "dva", "tři", "čtyři", "pět", "šest", "sedm"),  # cs
    ("ett", "två", "tre", "fyra", "fem", "sex", "sju"),  # sv
    ("一", "二", "三", "四", "五", "六", "七"),  # ja, zh
    ("ένα", "δύο", "τρία", "τέσσερα", "πέντε", "έξι", "επτά"),  # el
    ("하나", "둘", "셋", "넷", "다섯", "여섯", "일곱"),  # ko
    ("yksi", "kaksi", "kolme", "neljä", "viisi", "kuusi", "seitsemän"),  # fi
    ("bir", "iki", "üç", "dört", "beş", "altı", "yedi"),  # tr
    ("một", "hai", "ba", "bốn", "năm", "sáu", "bảy"),  # vi
    ("satu", "dua", "tiga", "empat", "lima", "enam", "tujuh"),  # id, ms
    ("одна", "дві", "три", "чотири", "", "шість", "сім"),  # uk
    ("unu", "du", "tri", "kvar", "kvin", "ses", "sep"),  # eo
    ("ek", "do", "teen", "chaar", "paanch", "chhe", "saat"),  # Hindi in Latin letters
    ("واحد", "اثنان", "ثلاثة", "أربعة", "خمسة", "ستة", "سبعة"),  # ar
    ("واحدة", "اثنين", "ثلاث", "أربع", "خمس", "ست", "سبع"),  # ar
    ("یک", "دو", "سه", "چهار", "پنج", "شش", "هفت"),  # fa
    ("يک", "", "", "", "", "شیش", ""),  # fa (the other keyboard's letter, a six as said)
    ("אחת", "שתיים", "שלוש", "ארבע", "חמש", "שש", "שבע"),  # he
    ("אחד", "שניים", "שלושה", "ארבעה", "חמישה", "שישה", "שבעה"),  # he
    ("", "שתים", "", "", "", "", ""),  # he
    ("एक", "दो", "तीन", "चार", "पाँच", "छह", "सात"),  # hi
    ("", "", "", "", "पांच", "छः", ""),  # hi
    ("หนึ่ง", "สอง", "สาม", "สี่", "ห้า", "หก", "เจ็ด"),  # th
    ("", "to", "tre", "fire", "fem", "seks", "syv"),  # no, da (not 'et', one: French 'and')
    ("", "两", "", "", "", "", ""),  # zh
    ("un", "dous", "tres", "catro", "cinco", "seis", "sete"),  # gl
    ("wieħed", "tnejn", "tlieta", "erbgħa", "ħamsa", "sitta", "sebgħa"),  # mt
    ("viens", "divi", "trīs", "četri", "pieci", "seši", "septiņi"),  # lv
    ("einn", "tveir", "þrír", "fjórir", "fimm", "", "sjö"),  # is
    ("eitt", "tvö", "þrjú", "fjögur", "", "", ""),  # is
)
#: Distances as dictation hears them, and Japanese in Latin letters' two, three and five
#: (the particle *ni*, a name's *-san*, English's *go*): weak words (:data:`WEAK_WORDS`),
#: a distance only in an entry that lacks one, never a square's rank.
_WEAK_NUMBER_ROWS: tuple[tuple[str, ...], ...] = (
    ("won", "to", "tree", "for", "fife", "sicks", "sven"),
    ("", "too", "", "fore"),
    ("", "ni", "san", "", "go", "", ""),
)

#: The colours of a language's row below, in the order of a home row.
_HOME_ROW = (Colour.ORANGE, Colour.BLUE, Colour.PURPLE, Colour.PINK, Colour.YELLOW, Colour.RED, Colour.GREEN, Colour.BROWN)
#: The directions of a language's row below.
_WAYS_MOVED = (Direction.FORWARD, Direction.LEFT, Direction.RIGHT)
#: A language's row: its eight colours (:data:`_HOME_ROW`), its three directions
#: (:data:`_WAYS_MOVED`), the distances one to seven, and eight; each slot its forms with a
#: blank between two, ``""`` where none is sure enough or every one is another meaning's
#: word or a common word.
_LanguageRow = tuple[tuple[str, str, str, str, str, str, str, str], tuple[str, str, str], tuple[str, str, str, str, str, str, str], str]

#: More languages' words, a row each (issue 40: records in them lost whole rounds), read as
#: the evidence words above are: the forms of each gender and case people write, and the
#: forms typed without the letters a phone lacks (Azerbaijani ``ə``, ``ı``). Left out: a word
#: that is another meaning's already, a common word, a letter alone (docs/record-decisions.md,
#: "Read by evidence", names them). Burmese, Khmer and Lao run their words together: read
#: glyph by glyph, as Thai is.
_MORE_LANGUAGES: dict[str, _LanguageRow] = {
    "Azerbaijani": (
        ("narıncı narinci", "göy mavi", "bənövşəyi benovseyi", "çəhrayı cehrayi", "sarı sari", "qırmızı qirmizi", "yaşıl yasil", "qəhvəyi qehveyi"),
        ("irəli ireli düz", "sola", "sağa"),
        ("bir", "iki", "üç", "dörd", "beş", "altı alti", "yeddi"), "səkkiz sekkiz",
    ),
    "Amharic": (
        ("ብርቱካናማ", "ሰማያዊ", "ሐምራዊ ወይንጠጅ", "ሮዝ", "ቢጫ", "ቀይ", "አረንጓዴ", "ቡናማ"),
        ("ወደፊት ቀጥታ", "ግራ ወደግራ", "ቀኝ ወደቀኝ"),
        ("አንድ", "ሁለት", "ሦስት ሶስት", "አራት", "አምስት", "ስድስት", "ሰባት"), "ስምንት",
    ),
    "Urdu": (
        ("نارنجی", "نیلا نیلی نیلے", "جامنی بینگنی", "گلابی", "پیلا پیلی پیلے زرد", "لال سرخ", "ہرا ہری ہرے سبز", "بھورا بھوری بھورے"),
        ("آگے سیدھا سیدھے", "بائیں", "دائیں"),
        ("ایک", "دو", "تین", "چار", "پانچ", "چھ", "سات"), "آٹھ",
    ),
    "Urdu in Latin letters": (
        ("", "neelay", "jamni", "", "peelay zard", "surkh", "sabz", ""),
        ("aagay", "baain", "daain"),
        ("", "", "", "", "", "", ""), "aath",
    ),
    "Nepali": (
        ("सुन्तला सुन्तले suntala", "नीलो", "बैजनी baijani", "गुलाबी", "पहेँलो पहेंलो पहेलो pahelo", "रातो", "हरियो hariyo", "खैरो khairo"),
        ("अगाडि", "देब्रे", "दाहिने"),
        ("एक", "दुई", "तीन", "चार", "पाँच", "", "सात"), "आठ",
    ),
    "Marathi": (
        ("नारिंगी केशरी", "निळा निळी निळे", "जांभळा जांभळी जांभळे", "गुलाबी", "पिवळा पिवळी पिवळे", "लाल", "हिरवा हिरवी हिरवे", "तपकिरी"),
        ("पुढे सरळ", "डावीकडे डावा डावी", "उजवीकडे उजवा उजवी"),
        ("एक", "दोन", "तीन", "चार", "पाच", "सहा", "सात"), "आठ",
    ),
    "Bengali": (
        ("কমলা", "নীল", "বেগুনি বেগুনী", "গোলাপি গোলাপী", "হলুদ", "লাল", "সবুজ", "বাদামি বাদামী"),
        ("সামনে সোজা", "বাঁদিকে বামদিকে বামে বাম বাঁয়ে", "ডানদিকে ডানে ডান"),
        ("এক", "দুই", "তিন", "চার", "পাঁচ", "ছয়", "সাত"), "আট",
    ),
    "Tamil": (
        ("ஆரஞ்சு", "நீலம் நீல", "ஊதா", "இளஞ்சிவப்பு", "மஞ்சள்", "சிவப்பு சிகப்பு", "பச்சை", "பழுப்பு"),
        ("முன்னே முன்னோக்கி நேராக", "இடது இடப்பக்கம்", "வலது வலப்பக்கம்"),
        ("ஒன்று", "இரண்டு", "மூன்று", "நான்கு", "ஐந்து", "ஆறு", "ஏழு"), "எட்டு",
    ),
    "Telugu": (
        ("నారింజ", "నీలం నీలి", "ఊదా", "గులాబీ", "పసుపు", "ఎరుపు ఎర్ర", "ఆకుపచ్చ", "గోధుమ"),
        ("ముందుకు నేరుగా", "ఎడమ", "కుడి"),
        ("ఒకటి", "రెండు", "మూడు", "నాలుగు", "ఐదు", "ఆరు", "ఏడు"), "ఎనిమిది",
    ),
    "Japanese in Latin letters": (
        ("orenji daidai daidaiiro", "aoi buru burū", "murasaki", "pinku momoiro", "kiiro kiiroi", "aka akai", "midori", "chairo"),
        ("mae massugu zenshin", "hidari", "migi"),
        ("ichi", "", "", "yon", "", "roku", "nana"), "hachi",
    ),
    "Tagalog": (
        ("kahel dalandan", "asul", "lila", "rosas", "dilaw", "pula", "berde", "kayumanggi"),
        ("diretso deretso pasulong", "kaliwa pakaliwa", "kanan pakanan"),
        ("isa", "dalawa", "tatlo", "apat", "lima", "anim", "pito"), "walo",
    ),
    "Basque": (
        ("laranja", "urdin urdina", "morea", "arrosa", "horia", "gorri gorria", "berde berdea", "marroi marroia"),
        ("aurrera zuzen", "ezker ezkerra ezkerrera", "eskuin eskuina eskuinera"),
        ("", "", "hiru", "lau", "bost", "sei", "zazpi"), "zortzi",
    ),
    "Irish": (
        ("", "", "", "", "", "", "uaine", ""),
        ("díreach", "chlé", "dheis"),
        ("haon", "", "trí", "ceathair", "cúig", "", "seacht"), "hocht ocht",
    ),
    "Belarusian": (
        ("аранжавы аранжавая аранжавае", "сіні сіняя сіняе", "фіялетавы фіялетавая фіялетавае", "ружовы ружовая ружовае", "жоўты жоўтая жоўтае", "чырвоны чырвоная чырвонае", "зялёны зялёная зялёнае", "карычневы карычневая карычневае"),
        ("наперад прама", "налева улева", "направа управа"),
        ("адзін", "два", "тры", "чатыры", "пяць", "шэсць", "сем"), "восем",
    ),
    "Kazakh": (
        ("", "көк", "күлгін", "қызғылт", "сары", "қызыл", "жасыл", "қоңыр"),
        ("алға", "солға", "оңға"),
        ("бір", "екі", "үш", "төрт", "бес", "алты", "жеті"), "сегіз",
    ),
    "Uzbek": (
        ("", "moviy мовий", "binafsha бинафша", "pushti пушти", "sariq сариқ", "qizil қизил", "yashil яшил", "jigarrang жигарранг"),
        ("oldinga олдинга", "chapga чапга", "ўнгга"),
        ("bir бир", "ikki икки", "uch уч", "тўрт", "besh беш", "olti олти", "yetti етти"), "sakkiz саккиз",
    ),
    "Georgian": (
        ("ნარინჯისფერი", "ლურჯი", "იისფერი", "ვარდისფერი", "ყვითელი", "წითელი", "მწვანე", "ყავისფერი"),
        ("წინ პირდაპირ", "მარცხნივ", "მარჯვნივ"),
        ("ერთი", "ორი", "სამი", "ოთხი", "ხუთი", "ექვსი", "შვიდი"), "რვა",
    ),
    "Armenian": (
        ("նարնջագույն", "կապույտ", "մանուշակագույն", "վարդագույն", "դեղին", "կարմիր", "կանաչ", "շագանակագույն"),
        ("առաջ ուղիղ", "ձախ", "աջ"),
        ("մեկ", "երկու", "երեք", "չորս", "հինգ", "վեց", "յոթ"), "ութ",
    ),
    "Mongolian": (
        ("", "цэнхэр хөх", "", "ягаан", "", "улаан", "ногоон", "хүрэн"),
        ("урагш шулуун", "зүүн", "баруун"),
        ("нэг", "хоёр", "гурав", "дөрөв", "тав", "зургаа", "долоо"), "найм",
    ),
    "Swahili": (
        ("chungwa machungwa", "bluu buluu samawati", "zambarau", "waridi pinki", "manjano", "nyekundu mwekundu", "kijani", "kahawia"),
        ("mbele", "kushoto", "kulia"),
        ("", "mbili", "tatu", "nne", "tano", "sita", "saba"), "nane",
    ),
    "Yoruba": (
        ("", "búlúù", "", "", "ofeefee", "pupa", "", ""),
        ("iwájú", "òsì", "ọ̀tún"),
        ("ọ̀kan", "èjì méjì", "ẹ̀ta mẹ́ta", "ẹ̀rin mẹ́rin", "àrún márùn", "ẹ̀fà mẹ́fà", "èje méje"), "ẹ̀jọ mẹ́jọ",
    ),
    "Hausa": (
        ("", "shuɗi shudi", "", "", "rawaya", "", "kore", ""),
        ("gaba", "hagu", "dama"),
        ("ɗaya daya", "biyu", "uku", "huɗu hudu", "biyar", "shida", "bakwai"), "takwas",
    ),
    "Zulu": (
        ("", "", "", "", "phuzi ophuzi", "bomvu obomvu", "", "nsundu onsundu"),
        ("phambili", "kwesobunxele", "kwesokudla"),
        ("kunye", "kubili", "kuthathu", "kune", "kuhlanu", "isithupha", "isikhombisa"), "isishiyagalombili",
    ),
    "Somali": (
        ("", "buluug", "", "", "jaalle huruud", "casaan", "cagaar", "bunni"),
        ("", "bidix", "midig"),
        ("kow", "labo laba", "saddex", "", "shan", "lix", "toddoba"), "siddeed",
    ),
    "Burmese": (
        ("လိမ္မော်ရောင်", "အပြာရောင်", "ခရမ်းရောင်", "ပန်းရောင်", "အဝါရောင်", "အနီရောင်", "အစိမ်းရောင်", "အညိုရောင်"),
        ("ရှေ့", "ဘယ်ဘက်", "ညာဘက်"),
        ("တစ်", "နှစ်", "သုံး", "လေး", "ငါး", "ခြောက်", "ခုနစ်"), "ရှစ်",
    ),
    "Khmer": (
        ("ទឹកក្រូច", "ខៀវ", "ពណ៌ស្វាយ", "ផ្កាឈូក", "លឿង", "ក្រហម", "បៃតង", "ត្នោត"),
        ("ទៅមុខ", "ឆ្វេង", "ស្តាំ ស្ដាំ"),
        ("មួយ", "ពីរ", "បី", "បួន", "ប្រាំ", "ប្រាំមួយ", "ប្រាំពីរ"), "ប្រាំបី",
    ),
    "Lao": (
        ("ສົ້ມ", "ຟ້າ", "ມ່ວງ", "ສີບົວ", "ເຫຼືອງ ເຫລືອງ", "ແດງ", "ຂຽວ", "ນ້ຳຕານ ນ້ໍາຕານ"),
        ("ໄປໜ້າ ໄປຫນ້າ", "ຊ້າຍ", "ຂວາ"),
        ("ໜຶ່ງ ຫນຶ່ງ", "ສອງ", "ສາມ", "ສີ່", "ຫ້າ", "ຫົກ", "ເຈັດ"), "ແປດ",
    ),
    "Sinhala": (
        ("තැඹිලි", "නිල්", "දම්", "රෝස", "කහ", "රතු", "කොළ", "දුඹුරු"),
        ("ඉදිරියට කෙළින්", "වමට වම", "දකුණට"),
        ("එක", "දෙක", "තුන", "හතර", "පහ", "හය", "හත"), "අට",
    ),
    "Gujarati": (
        ("નારંગી", "વાદળી", "જાંબલી", "ગુલાબી", "પીળો પીળી પીળું", "લાલ", "લીલો લીલી લીલું", "કથ્થઈ"),
        ("આગળ સીધું સીધા", "ડાબે ડાબી", "જમણે જમણી"),
        ("એક", "બે", "ત્રણ", "ચાર", "પાંચ", "", "સાત"), "આઠ",
    ),
    "Punjabi": (
        ("ਸੰਤਰੀ", "ਨੀਲਾ ਨੀਲੀ ਨੀਲੇ", "ਜਾਮਨੀ ਬੈਂਗਣੀ", "ਗੁਲਾਬੀ", "ਪੀਲਾ ਪੀਲੀ ਪੀਲੇ", "ਲਾਲ", "ਹਰਾ ਹਰੀ ਹਰੇ", "ਭੂਰਾ ਭੂਰੀ ਭੂਰੇ"),
        ("ਅੱਗੇ ਸਿੱਧਾ ਸਿੱਧੇ", "ਖੱਬੇ", "ਸੱਜੇ"),
        ("ਇੱਕ", "ਦੋ", "ਤਿੰਨ", "ਚਾਰ", "ਪੰਜ", "ਛੇ", "ਸੱਤ"), "ਅੱਠ",
    ),
    "Kannada": (
        ("ಕಿತ್ತಳೆ", "ನೀಲಿ", "ನೇರಳೆ", "ಗುಲಾಬಿ", "ಹಳದಿ", "ಕೆಂಪು", "ಹಸಿರು", "ಕಂದು"),
        ("ಮುಂದೆ ನೇರ ನೇರವಾಗಿ", "ಎಡ ಎಡಕ್ಕೆ", "ಬಲ ಬಲಕ್ಕೆ"),
        ("ಒಂದು", "ಎರಡು", "ಮೂರು", "ನಾಲ್ಕು", "ಐದು", "ಆರು", "ಏಳು"), "ಎಂಟು",
    ),
    "Malayalam": (
        ("ഓറഞ്ച്", "നീല", "വയലറ്റ്", "പിങ്ക്", "മഞ്ഞ", "ചുവപ്പ് ചുവന്ന", "പച്ച", "തവിട്ട്"),
        ("മുന്നോട്ട് നേരെ", "ഇടത്ത് ഇടത്തോട്ട് ഇടത്", "വലത്ത് വലത്തോട്ട് വലത്"),
        ("ഒന്ന്", "രണ്ട്", "മൂന്ന്", "നാല്", "അഞ്ച്", "ആറ്", "ഏഴ്"), "എട്ട്",
    ),
    "Malay": (
        ("", "", "", "", "", "", "", ""),
        ("hadapan", "", ""),
        ("", "", "", "", "", "", ""), "lapan",
    ),
    "Albanian": (
        ("portokalli", "kaltër kaltërt", "vjollcë", "rozë", "verdhë", "kuq kuqe", "gjelbër gjelbërt jeshil jeshile", "kafe"),
        ("përpara", "majtas", "djathtas"),
        ("një", "", "tre", "katër", "pesë", "gjashtë", "shtatë"), "",
    ),
    "Bulgarian": (
        ("оранжев оранжева оранжево", "синя синьо сини", "лилав лилава лилаво виолетов виолетова", "розов розова розово", "жълт жълта жълто", "червен червена червено червени", "зелен зелена зелено", "кафяв кафява кафяво"),
        ("напред", "наляво ляво", "надясно дясно"),
        ("едно един една", "две", "три", "четири", "пет", "шест", "седем"), "осем",
    ),
    "Macedonian": (
        ("портокалов портокалова портокалово", "сино", "виолетов виолетова виолетово", "розов розова розово", "жолт жолта жолто", "црвен црвена црвено", "зелен зелена зелено", "кафеав кафеава кафеаво"),
        ("напред", "лево налево", "десно надесно"),
        ("еден", "два", "три", "четири", "пет", "шест", "седум"), "осум",
    ),
    "Serbian": (
        ("наранџаста наранџаст наранџасто narandžasta narandžast", "плава плав плаво плави plav plavo", "љубичаста љубичаст љубичасто ljubičast", "розе ружичаста ружичаст ружичасто ružičast", "жута жут жуто žuto", "црвена црвен црвено crven crveno", "зелена зелен зелено zelen zeleno", "браон смеђа смеђ смеђе braon smeđ"),
        ("напред napred", "лево levo", "десно"),
        ("један jedan", "два", "три", "четири četiri", "пет", "шест", "седам sedam"), "осам osam",
    ),
    "Slovenian": (
        ("oranžen oranžna oranžno", "moder modra modro", "vijoličen vijolična vijolično", "roza rožnat rožnata", "rumen rumena rumeno", "rdeč rdeča rdeče", "zelen zelena zeleno", "rjav rjava rjavo"),
        ("naprej", "levo", "desno"),
        ("ena", "dva", "tri", "štiri", "", "šest", "sedem"), "osem",
    ),
    "Estonian": (
        ("", "", "violetne", "", "", "", "", ""),
        ("", "", ""),
        ("üks", "kaks", "kolm", "neli", "viis", "kuus", "seitse"), "kaheksa",
    ),
    "Icelandic": (("", "", "", "", "", "", "", ""), ("", "", ""), ("", "", "", "", "", "", ""), "átta"),
    "Faroese": (
        ("appelsingulur", "bláur", "fjólubláur", "", "gulur", "reyður reydur reytt", "grønur", "brúnur"),
        ("fram", "vinstru", "høgru"),
        ("", "", "trý", "fýra", "", "", "sjey"), "átta",
    ),
    "Luxembourgish": (
        ("", "blo", "", "", "giel", "", "gréng", "brong"),
        ("viraus", "lénks", "riets"),
        ("eent", "zwee", "dräi", "véier", "fënnef", "", "siwen"), "aacht",
    ),
    "Frisian": (
        ("", "", "", "", "giel", "", "grien", ""),
        ("foarút", "", "rjochts"),
        ("", "", "trije", "fjouwer", "fiif", "", ""), "",
    ),
    "Breton": (
        ("orañjez", "", "mouk", "", "melen", "ruz", "gwer", ""),
        ("raok", "kleiz gleiz", "dehou zehou"),
        ("unan", "daou", "", "pevar", "pemp", "", "seizh"), "eizh",
    ),
    "Scottish Gaelic": (
        ("orains", "", "purpaidh", "", "buidhe", "", "uaine", ""),
        ("dìreach", "", ""),
        ("", "dhà", "trì", "ceithir", "còig", "", "seachd"), "ochd",
    ),
    "Latin": (
        ("aurantius aurantia aurantium", "caeruleus caerulea caeruleum", "purpureus purpurea purpureum", "roseus rosea roseum", "flavus flavum", "ruber rubra rubrum", "viridis viride", "brunneus brunnea brunneum"),
        ("prorsum recta", "sinistrorsum", "dextrorsum"),
        ("unus", "duo", "tres", "quattuor", "quinque", "sex", "septem"), "octo",
    ),
    "Hawaiian": (
        ("ʻalani alani", "uliuli", "poni", "ʻākala akala", "melemele", "ʻulaʻula ulaula", "ʻōmaʻomaʻo omaomao", "palaunu"),
        ("", "hema", "ʻākau akau"),
        ("ʻekahi ekahi", "ʻelua elua", "ʻekolu ekolu", "ʻehā", "ʻelima elima", "ʻeono eono", "ʻehiku ehiku"), "ʻewalu ewalu",
    ),
    "Maori": (
        ("karaka", "kahurangi", "waiporoporo papura", "māwhero", "kōwhai", "whero", "kākāriki", "parauri"),
        ("whakamua", "mauī", "matau"),
        ("tahi", "", "toru", "", "rima", "", "whitu"), "waru",
    ),
    "Quechua": (
        ("", "", "", "", "", "puka", "", ""),
        ("", "", ""),
        ("huk", "iskay", "kimsa", "tawa", "pichqa", "suqta", "qanchis"), "pusaq",
    ),
    "Guarani": (
        ("", "", "", "", "", "pytã", "", ""),
        ("tenonde", "", "akatúa"),
        ("peteĩ", "mokõi", "mbohapy", "irundy", "", "poteĩ", "pokõi"), "poapy",
    ),
    "Haitian Creole": (
        ("zoranj", "", "vyolèt", "woz", "", "wouj", "", "mawon"),
        ("devan", "", "dwat"),
        ("", "", "", "", "senk", "", ""), "",
    ),
    "Egyptian Arabic": (("", "", "", "", "", "", "", ""), ("", "", ""), ("", "اتنين", "تلاتة تلات", "", "", "", ""), "تمانية"),
    "Samoan": (
        ("", "lanumoana", "", "", "samasama", "mumu", "lanumeamata", "enaena"),
        ("", "agavale", "taumatau"),
        ("tasi", "", "tolu", "", "lima", "", "fitu"), "valu",
    ),
    "Afrikaans": (
        ("", "blou", "pers", "pienk", "", "rooi", "", ""),
        ("vorentoe reguit", "", "regs"),
        ("", "", "", "", "vyf", "", "sewe"), "agt",
    ),
}



@cache
def _more_words() -> tuple[dict[Colour, tuple[str, ...]], dict[Direction, tuple[str, ...]], tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """:data:`_MORE_LANGUAGES` as the tables above hold words: colour → its words,
    direction → its words, rows of the distances one to seven (a form of each a row), and
    the eights. Made on first use: only the evidence reader reads them."""
    rows = list(_MORE_LANGUAGES.values())
    return (
        _gathered(_HOME_ROW, [row[0] for row in rows]),
        _gathered(_WAYS_MOVED, [row[1] for row in rows]),
        tuple(forms for row in rows for forms in _number_rows(row[2])),
        tuple(dict.fromkeys(word for row in rows for word in row[3].split())),
    )


_Key = TypeVar("_Key", Colour, Direction)


def _gathered(keys: tuple[_Key, ...], languages: list[tuple[str, ...]]) -> dict[_Key, tuple[str, ...]]:
    """Each of ``keys`` with its words in every language of ``languages`` (each a slot a
    key, its forms with a blank between two), each word once."""
    out: dict[_Key, list[str]] = {key: [] for key in keys}
    for slots in languages:
        for key, words in zip(keys, slots, strict=True):
            out[key] += words.split()
    return {key: tuple(dict.fromkeys(words)) for key, words in out.items()}


def _number_rows(numbers: tuple[str, ...]) -> list[tuple[str, ...]]:
    """A language's distances one to seven (each its forms with a blank between two) as
    rows of one form each, ``""`` where a distance has fewer forms."""
    forms = [words.split() for words in numbers]
    return [tuple(f[k] if k < len(f) else "" for f in forms) for k in range(max(map(len, forms)))]

#: Colours' codes of two letters (:func:`code_as`) that are common words too, in small
#: letters: ``landed on brown``, ``blue or purple`` say no Orange.
CODE_WORDS = frozenset({"on", "or"})

#: Evidence words that are also common words (``to``, ``for``, ``um``, ``tan``): evidence
#: only inside an entry that has its tower or direction and lacks the word's slot; the
#: words of :data:`_WEAK_NUMBER_ROWS` are among them by construction.
WEAK_WORDS = frozenset(normalise(w) for w in ("ora", "café", "tim", "hai", "năm", "sáu", "bảy", "bốn", "saat", "sep", "fire", "sola", "cam", "hara", "lima", "kahve", "rett", "fram", "frem", "du", "do", "ek", "ba", "bir", "one", "read", "blew", "um", "hat", "ein", "un", "une", "een", "sex", "tre", "dir", "der", "sol", "bal", "jobb", "mor", "tan", "rose", "vor", "rakt",
    "göy", "isa", "pito", "lau", "sita", "saba", "uch", "уч", "eta", "erin", "arun", "eje", "meta", "meje", "daya", "dama", "kow", "shan", "laba", "pese", "kafe", "duo", "rima", "pers", "int", "ao",
    "წინ", "առաջ", *(w for row in _WEAK_NUMBER_ROWS for w in row if w)))

#: Other forms of one and two (de, hu, pt, ro; then the evidence reader's languages).
_OTHER_FORMS = (("ein", 1), ("két", 2), ("uma", 1), ("duas", 2), ("una", 1), ("două", 2))
_MORE_FORMS = (("une", 1), ("zwo", 2), ("jeden", 1), ("ettan", 1))


def _numbers(rows: Iterable[tuple[str, ...]], forms: Iterable[tuple[str, int]]) -> dict[str, int]:
    out: dict[str, int] = {}
    for row in rows:
        for n, word in enumerate(row, 1):
            if word:
                out.setdefault(normalise(word), n)
    out.update({normalise(w): n for w, n in forms})
    return out


#: normalised word → distance, in the languages the notation writes (a distance written
#: as a word: the ``distance-word`` style). Made on first use (:func:`__getattr__`).
NOTATION_NUMBER_WORDS: dict[str, int]
#: normalised word → distance, in every language the evidence reader knows. Made on first use.
NUMBER_WORDS: dict[str, int]

#: Eight in the languages of :data:`_NUMBER_WORDS` (a rank; never a distance); those of
#: :data:`_MORE_LANGUAGES` are in its rows.
_EIGHTS = (
    "eight", "acht", "nyolc", "oito", "opt", "восемь", "ocho", "huit", "otto", "osiem", "osm", "åtta", "οκτώ", "kahdeksan", "sekiz",
    "delapan", "vosem", "åtte", "otte", "ثمانية", "ثماني", "هشت", "שמונה", "आठ", "แปด",
)  # fmt: skip
#: Ranks said in words, as a square is dictated (``B fünf``, ``D acht``): the number words
#: in letters of :data:`_NUMBER_WORDS` and :data:`_MORE_LANGUAGES`, not the words
#: dictation hears for them nor those that are common words elsewhere, and eight.
#: Each as written and without its accents, in lower case. Made on first use.
RANK_WORDS: dict[str, int]
#: Number words of the languages in which a lone small ``a`` or ``e`` is a word (Italian's
#: *e sei*, and six; Spanish *a tres*, to three; Portuguese, French, Romanian, Galician,
#: Catalan): after such a letter, no rank of a dictated square (``a acht`` is one).
VOWEL_WORD_NUMBERS = frozenset(normalise(w) for w in (
    "uno", "due", "tre", "quattro", "cinque", "sei", "sette", "otto", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho",
    "um", "dois", "três", "sete", "oito", "un", "une", "deux", "trois", "quatre", "cinq", "sept", "huit", "unu", "doi", "trei",
    "patru", "cinci", "șase", "șapte", "opt", "dous", "catro", "u", "quatre", "vuit",
))  # fmt: skip


def _rank_words() -> dict[str, int]:
    """:data:`RANK_WORDS`."""
    _colours, _directions, numbers, eights = _more_words()
    more = [tuple("" if normalise(w) in WEAK_WORDS else w for w in row) for row in numbers]
    rows = (*_NUMBER_WORDS, *more, *(((""),) * 7 + (eight,) for eight in (*_EIGHTS, *eights)))
    said = [(n, word) for row in rows for n, word in enumerate(row, 1) if _a_rank_word(word)]
    return {form: n for n, word in said for form in (word.casefold(), normalise(word))}


def _a_rank_word(word: str) -> bool:
    """Whether a number ``word`` may say a rank: a word in letters, not a common word."""
    return word.isalpha() and word not in COMMON_RANKS


#: Number words that are common words too (Portuguese *um*, Hungarian *hat*, Swedish *sex*):
#: a rank only after a file's name that is no word itself (``gê um``, g1), by the rank.
COMMON_RANKS = {"um": 1, "ek": 1, "do": 2, "du": 2, "ba": 3, "hat": 6, "sex": 6}


#: The files' letters as a spelling alphabet says them (NATO's, which radio, dictation and a
#: screen reader's user spell squares with: ``hotel 8 to bravo 2`` is h8-b2).
FILE_WORDS: dict[str, str] = {
    "alfa": "a", "alpha": "a", "bravo": "b", "charlie": "c", "delta": "d", "echo": "e", "foxtrot": "f", "golf": "g", "hotel": "h",
}  # fmt: skip
#: Words that join two clauses (*and*, *then*): between two squares, they part two moves
#: (``c3 and then d4``), where other words may say the way one went (``all the way across to``).
JOINING_WORDS = frozenset(normalise(w) for w in (
    "and", "then", "but", "after", "und", "dann", "aber", "et", "puis", "mais", "y", "luego", "pero", "e", "poi", "ma", "en", "dan",
    "maar", "och", "sedan", "og", "så", "i", "potem", "a", "и", "потом", "και", "ve",
))  # fmt: skip
#: The ranks as radio operators say them after a spelling alphabet's file (ICAO's
#: numbers: ``foxtrot tree``, ``charlie fife``, ``charlie fower``), common words some of
#: them (*tree*): a rank there only.
RADIO_RANKS: dict[str, int] = {"wun": 1, "tree": 3, "fower": 4, "fife": 5, "ait": 8}

#: The files' letters by their names as people say them when they dictate a square (speech
#: to text writes ``gee one``, ``ef 8``, ``ha osiem``, ``di sei``): English, German, Dutch,
#: the Romance and the Slavic languages, Hungarian. ``a`` and ``e`` are said as written.
LETTER_NAMES: dict[str, str] = {
    **dict.fromkeys(("bee", "be", "bé", "bê", "beh", "bi"), "b"),
    **dict.fromkeys(("cee", "see", "sea", "ce", "cé", "cê", "ci", "zeh", "tse", "tsé"), "c"),
    **dict.fromkeys(("dee", "de", "dé", "dê", "deh", "di"), "d"),
    "é": "e",
    **dict.fromkeys(("ef", "eff", "efe", "effe", "èf"), "f"),
    **dict.fromkeys(("gee", "gie", "ge", "gé", "gê", "geh", "gi", "dżi"), "g"),
    **dict.fromkeys(("aitch", "haitch", "ha", "há", "hache", "ache", "acca", "agá"), "h"),
}
#: Those names that are also words before a number in digits (*see 2*, French *de 6
#: cases*, Italian *di 6*, English *be 2*): a square only before a rank's word.
WORDLIKE_LETTER_NAMES = frozenset(("be", "bi", "see", "sea", "ce", "ci", "de", "di", "ge", "gi", "é"))
#: Those that are the Romance languages' *of* (Spanish *de cinco casillas*, Italian *di sei
#: caselle*): no square before those languages' number words either
#: (:data:`VOWEL_WORD_NUMBERS`); Spanish *be siete*, *ge ocho* are b7 and g8.
ROMANCE_OF = frozenset(("de", "di"))

#: Words of a forced entry: a forfeit written alone, a forfeit after the blocked tower, a
#: back-entry, a push said in words.
PASS_WORDS = frozenset(normalise(w) for w in ("پاس", "פס", "ผ่าน", "pas", "пас", "패스", "パス", "πάσο", "geçti", "lewat", "ohitus", "пропуск", "pasas", "过", "跳过", "pass", "passes", "passed", "forfeit", "forfeits", "forfeited", "skip", "skips", "skipped", "overgeslagen", "saltado", "sauté", "saltato", "übersprungen", "pominięty", "passe", "paso", "passa", "passt", "kimarad", "passou"))
BLOCKED_WORDS = frozenset(normalise(w) for w in ("محاصر", "محاصرة", "مسدود", "گیر", "گير", "חסום", "חסומה", "תקוע", "תקועה", "फंसा", "फँसा", "फंसी", "अटका", "अटकी", "ติด", "bloke", "sıkıştı", "terblokir", "terhalang", "jumissa", "blockerad", "blokkert", "заблоковано", "заблокована", "blokita", "被堵", "堵住", "blocked", "block", "stuck", "vast", "geblokkeerd", "bloccata", "bloqueado", "bloqué", "bloccato", "blockiert", "blokkolva", "zablokowany", "zablokowana", "zablokowane", "blokovaná", "blokovaný", "blokované", "zablokovaná", "zablokovaný", "zablokované"))
PUSHED_WORDS = frozenset(normalise(w) for w in ("σπρώχτηκε", "σπρωγμένο", "σπρωγμένος", "itildi", "knuffad", "didorong", "puŝita", "pusxita", "puŝiĝis", "työnnetty", "bị đẩy", "pushed", "geschoben", "zurückgeschoben", "empujado", "poussé", "spinto", "押し戻し", "押し戻され", "被推", "退"))
PUSH_WORDS = frozenset(normalise(w) for w in (
    "σπρώχνει", "σπρώξιμο", "σπρώχνω", "έσπρωξε", "σπρώξε", "puŝas", "pusxas", "puŝis", "pusxis", "puŝo", "pusxo", "itti", "itiyor", "mendorong", "dorong", "đẩy", "työntää", "työntö", "knuffar", "штовхає",
    "x", "×", "sumo", "push", "pushes", "pushing", "schiebt", "stoß", "stoss", "sumostoß", "sumostoss", "empuja", "empurra", "pousse", "spinge",
    "duw", "duwt", "knuff", "knuffar", "pcha", "pchnięcie", "tlačí", "толкает", "толчок", "押し", "押す", "推", "밀기", "민다",
))
#: Words that take back what was just written (the entry before them is not played).
#: Arrows written as markup: HTML's entities and LaTeX's commands (``&uarr;``, ``\\nwarrow``), by the way they point.
MARKUP_ARROWS: dict[str, Direction] = {
    **dict.fromkeys(("&uarr;", "\\uparrow", "\\longuparrow"), Direction.FORWARD),
    **dict.fromkeys(("&darr;", "\\downarrow"), Direction.BACK),
    **dict.fromkeys(("&larr;", "&nwarr;", "\\nwarrow", "\\leftarrow", "\\longleftarrow", "\\gets"), Direction.LEFT),
    **dict.fromkeys(("&rarr;", "&nearr;", "\\nearrow", "\\rightarrow", "\\longrightarrow"), Direction.RIGHT),
}
#: A round's name in the headings people write (``Game 2``, ``Spiel 3``, ``Manche 1``): a
#: line of one of these and a number, with markup around it, is a ``Round`` line.
#: A round's name written after its number and a dot, as Hungarian, the Slavic and the
#: Nordic languages and German write an ordinal (``2. kör``, ``3. forduló``, ``2. kolo``,
#: ``2. runda``, ``3. Runde``, ``2. omgång``); none a word of a move.
ROUNDS_AFTER_NUMBER = (
    "kör", "kor", "forduló", "fordulo", "játszma", "jatszma", "menet", "parti", "kolo", "runda", "runde", "kierros", "erä", "omgång",
    "omgang", "spiel", "partie",
)
#: Words for a round's fill (the towers lined up again) beside English ``fill``: a heading
#: that says one in prose says which side after it (``2. kolo (Marek vybral doplnění
#: zleva)``, ``Manche 3, remplissage par la droite``).
FILL_WORDS = (
    "doplnění", "doplneni", "doplnenie", "auffüllen", "aufgefüllt", "auffüllung", "remplissage", "rempli", "aanvullen", "aangevuld",
    "relleno", "rellenar", "riempimento", "feltöltés", "feltoltes", "preenchimento", "umplere", "fyllning", "påfyllning", "uzupełnienie",
    "wypełnienie", "täyttö", "llenwi", "líonadh", "täitmine", "užpildymas", "popunjavanje", "ompliment", "omplir", "omplert", "doplnenie", "isian",
    "füllt", "gefüllt", "fülle", "remplit", "rellena", "riempie", "riempio", "preenche", "preencho", "preenchi", "refill",
)
#: Words after which a line's moves are a line of play looked at, not played: an engine's
#: principal variation (``info depth 9 … pv g1g4 c8c5``), the reply it would ponder
#: (``bestmove g1g4 ponder c8c5``).
VARIATION_WORDS = frozenset(("pv", "ponder", "variation", "refutation"))
#: Words for a round or a game written after its number in Chinese, Japanese and
#: Korean (``第四局``, ``第2回戦``, ``제3국``, ``3局目``, ``4라운드``, ``第3轮``).
COUNTED_ROUND_WORDS = ("局目", "局", "回戦", "盘", "盤", "국", "판", "回合", "라운드", "ラウンド", "轮", "輪", "게임", "ゲーム")
ROUND_WORDS = (
    *ROUNDS_AFTER_NUMBER,
    "partia", "hra", "raŭndo", "rauxndo", "raundo", "rownd", "gêm", "babhta", "cluiche", "voor", "raundas", "partija", "igra", "ronda", "pusingan", "partio", "ludo", "kierros", "erä", "omgång", "omgang", "ván", "babak", "putaran", "партія", "гра",
    "round", "game", "rnd", "rd", "partie", "spiel", "manche", "manșa", "manşa", "mansa", "partita", "partida", "juego",
    "runde", "ronde", "rond", "ronda", "raund", "rundă", "rodada", "játszma", "jatszma", "forduló", "fordulo", "runda", "раунд", "партия", "игра", "kolo", "kolejka",
    "γύρος", "παρτίδα", "جولة", "الجولة", "دور", "دست", "סיבוב", "משחק", "राउंड", "दौर", "बाज़ी", "รอบ", "เกม",
)
#: Words for "to" between a move's two squares (not the evidence reader's `_TO_WORDS`, "two" heard as "to") (``D acht nach D fünf``, ``b8 do b1``).
BETWEEN_SQUARES = frozenset(
    normalise(w)
    for w in ("to", "nach", "auf", "naar", "tot", "vers", "à", "a", "para", "pra", "até", "hacia", "hasta", "in", "en", "na", "do", "till", "på", "pe", "la", "în", "ra", "re", "ke", "на", "в", "до", "στο", "στη", "σε", "ως")
)
#: Words for "from" that follow the square a tower left (a language that puts them after
#: the word, Hindi's and Urdu's ``b1 से b8 तक``, Bengali's ``b1 থেকে b8``), read with the
#: square after them as one move in coordinates, a direction word between them or not.
FROM_SQUARE_WORDS = frozenset(
    normalise(w) for w in ("से", "سے", "se", "থেকে", "ਤੋਂ", "થી", "இலிருந்து", "నుండి", "ನಿಂದ", "നിന്ന്", "पासून", "बाट", "ထံမှ", "ពី")
)

#: What follows a number written in CJK glyphs that counts squares (``三マス``, ``三つ``,
#: ``三格``, ``三칸``); a numeral glyph right before any other glyph is part of a word
#: (``一本勝負``, a one-round match; ``一手目``, the first move), no distance.
COUNTERS = ("マス", "ます", "つ", "格", "步", "歩", "个", "個", "칸", "간", "번", "ช่อง")

RETRACT_WORDS = frozenset(normalise(w) for w in ("revert", "reverts", "reverted", "takeback", "retracted", "retract", "undo", "undone", "scratch", "cancel", "cancelled", "canceled", "oops", "correction", "corrected", "fix", "fixed", "erratum", "korrektur", "korrigiert", "javítás", "javítva", "correção", "corrigido", "corectură", "corectat", "corrigé", "corrijo", "corregido", "corregida", "corrección", "correzione", "corretto", "correggo", "correctie", "verbeterd", "berichtigt", "berichtigung", "nope", "storno", "anulado", "annulé", "zurückgenommen", "rückgängig", "crossed", "struck", "deleted", "durchgestrichen", "gestrichen", "barré", "rayé", "tachado", "cancellato", "doorgestreept", "skreślone", "skreślony", "přeškrtnuto", "áthúzva", "riscado"))
#: Words that correct a slot just said inside the entry being said (``brown left, no
#: sorry, right 3``): the slot said after one stands in place of the one said before it.
AMEND_WORDS = frozenset(normalise(w) for w in ("sorry", "wait", "mean", "meant", "rather", "actually", "typo", "misclick", "mistyped", "tippfehler", "elírás", "erro", "greșeală", "pardon", "perdón", "perdon", "désolé", "entschuldigung", "quatsch", "bocsánat", "desculpa", "scusa", "sorki", "pardón",
    # (Japanese, Chinese, Korean: sorry, correction, a mistake, not X but: 'ごめんc3じゃなくてc2')
    "ごめん", "すみません", "訂正", "間違い", "じゃなくて", "更正", "纠正", "糾正", "说错", "說錯", "抱歉", "对不起", "對不起", "정정", "죄송", "미안"))
#: Words that count the plies (``ply 3``, ``Zug 5``, ``coup 4``): the number after one is
#: the ply's, no distance.
PLY_WORDS = ("ply", "plies", "halfmove", "half-move", "zug", "coup", "jugada", "jogada", "mossa")
#: Names of a field whose value is a score (``score=B0:G1``, ``pts=1``, ``Stand: 2-1``),
#: besides the words for points (:data:`POINTS_WORDS`).
SCORE_WORDS = ("score", "scores", "stand", "spielstand", "marcador", "placar", "punteggio", "eredmény", "scor", "tussenstand")
#: Words for "not" before what a correction rejects (``not h3 but h1``, ``nicht rot,
#: sondern blau``), and after it in the languages that put them there (``h3じゃなくてh1``,
#: ``h3가 아니라 h1``). As written (a pattern finds them in the text).
NOT_BEFORE = ("not", "nicht", "pas", "non", "niet", "nie", "nem", "não", "nao", "inte", "ikke", "ikkje", "не", "ні", "όχι", "不是", "而不是")  # (not "nu", "ne", "ei": "now" in Dutch, a compass point, "hey")
NOT_AFTER = ("じゃなくて", "ではなくて", "ではなく", "じゃなく", "でなく", "아니라", "아니고")
#: Words between the two numbers of a score said in words (``dois a um``, ``two to one``,
#: ``zwei zu eins``, ``tres x uno``), normalised.
SCORE_JOINERS = frozenset(normalise(w) for w in ("a", "à", "to", "zu", "x", "×", "contra", "tegen", "till", "mot", "vs", "versus", "ku", "на"))
#: Words for "no": before a sentence's end, ahead of the line's first move (``Aquí no. Fue
#: a8-e4``, ``No! red a1-a4``), they take back the move said before (a reply's correction).
#: As written (a pattern finds them in the text).
NEGATION_WORDS = frozenset(("no", "nope", "non", "nein", "nee", "nie", "não", "nao", "nu", "nem", "нет", "ні", "όχι", "いいえ", "不是", "아니"))
#: The months as dates write them, capitalised, before a separator or a year (``14 Mar ·``,
#: ``Mar 14, 2024``): a date's, never a colour's (``Mar`` is no maroon there).
MONTH_WORDS: tuple[str, ...] = (
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december",
    "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
    "januar", "februar", "märz", "mär", "mai", "juni", "juli", "okt", "dez", "janv", "févr", "fév", "mars", "avr", "juin", "juil", "août",
    "déc", "ene", "abr", "ago", "dic", "giu", "lug", "ott", "mrt", "mei",
)  # fmt: skip
#: Words for a match's points after a number (``1 point``, ``서연 1점``, ``2 Punkte``): a
#: score or a round's worth, never a distance.
POINTS_WORDS = frozenset(normalise(w) for w in (
    "point", "points", "pt", "pts", "punt", "punten", "punkt", "punkte", "punkty", "punktów", "ponto", "pontos", "punto",
    "punti", "puntos", "pont", "pontot", "bod", "body", "bodů", "poäng", "piste", "pistettä", "puan", "poin", "punct",
    "puncte", "очко", "очка", "очков", "점", "点", "分", "ポイント", "πόντος", "πόντοι", "πόντους", "βαθμός", "βαθμούς", "נקודה",
    "נקודות", "نقطة", "نقاط", "امتیاز", "अंक", "คะแนน", "điểm", "бал", "бали", "балів", "балл", "балла", "баллов",
))  # fmt: skip
#: Words that open an example of the notation in a record's key (``Ex.: "Az E1 Rs" = …``,
#: ``e.g.``, ``z.B.``): such a line shows how entries are written; it is no move.
EXAMPLE_WORDS = frozenset(normalise(w) for w in (
    "ex", "e.g", "example", "examples", "exemplo", "exemplos", "ejemplo", "exemple", "esempio", "beispiel", "bsp", "z.b",
    "voorbeeld", "bijv", "przykład", "példa", "exemplu", "p.ex", "p.e", "例", "例如", "příklad", "örnek",
))  # fmt: skip
#: What opens an example inside a sentence (``for example Red e8→e5 …``, ``e.g.``,
#: ``z.B.``, ``por ejemplo``): what follows on its line shows a move, or how one is
#: written; it is no evidence of a move played. (Regular expressions, case ignored.)
EXAMPLE_PHRASES = (
    r"for\s+example", r"for\s+instance", r"such\s+as", r"e\.\s?g\.", r"eg\.", r"i\.\s?e\.", r"ex\.", r"z\.\s?b\.",
    r"zum\s+beispiel", r"beispielsweise", r"bspw?\.", r"por\s+ejemplo", r"p\.\s?ej\.", r"por\s+exemplo", r"p\.\s?ex\.",
    r"par\s+exemple", r"per\s+esempio", r"ad\s+esempio", r"bijvoorbeeld", r"bijv\.", r"na\s+przykład", r"np\.",
    r"például", r"pl\.", r"de\s+exemplu", r"de\s+ex\.", r"například", r"např\.", r"till\s+exempel", r"t\.\s?ex\.",
    r"например", r"напр\.", r"例如", r"比如", r"例えば", r"예를\s+들어", r"örneğin",
)
#: Of :data:`SIDE_WORDS`, Gold's (the others are Black's, but ``white``, which is neither).
GOLD_WORDS = frozenset(normalise(w) for w in (
    "kulta", "guld", "altın", "altin", "kim", "emas", "золоті", "золотий", "sona", "sunehra", "金方", "gold", "arany", "ouro",
    "auriu", "золотые", "złoty", "zlatý", "oro", "金", "goldene", "χρυσά", "χρυσός", "χρυσό", "dorado", "dorada", "dourado",
    "dourada", "זהב", "ذهبي", "الذهبي", "طلایی", "सुनहरा", "ทอง"))
#: Words that say a side or a player won (``Winner: GOLD``, ``Gold wins``, ``gana negras``).
WIN_WORDS = frozenset(normalise(w) for w in (
    "winner", "wins", "won", "win", "victory", "gewinnt", "gewonnen", "sieger", "siegt", "gagne", "gagnant", "vainqueur",
    "victoire", "vince", "vincitore", "gana", "ganador", "ganadora", "ganó", "vence", "venceu", "vencedor", "ganha",
    "ganhou", "câștigă", "câștigător", "nyert", "győztes", "wygrywa", "wygrał", "zwycięzca", "vyhrál", "vyhrává", "vítěz",
    "vinner", "vann", "vinder", "wint", "winnaar", "voittaa", "voitti", "voittaja", "kazandı", "kazanır", "kazanan",
    "побеждает", "победил", "победили", "победитель", "выиграл", "выиграли", "виграв", "переможець", "thắng", "menang",
    "pemenang", "νικάει", "νίκησε", "νικητής", "ניצח", "מנצח", "فاز", "الفائز", "برنده", "जीता", "विजेता", "ชนะ",
    # (written in a run of glyphs with no blank: '黒の勝ち', '黑方获胜'; not 勝 or 胜 alone, which
    # are in 勝負 and 胜负, a match)
    "勝ち", "勝利", "获胜", "胜利", "赢了", "승리"))
#: Words a person writes for the side to move (labels, never evidence of a move).
SIDE_WORDS = frozenset(normalise(w) for w in (
    "nigra", "musta", "kulta", "svart", "guld", "sort", "siyah", "altın", "altin", "đen", "den", "kim", "hitam", "emas",
    "чорні", "чорний", "золоті", "золотий", "kaala", "kala", "sona", "sunehra", "黑", "黑方", "金方", "black", "gold", "white", "schwarz", "fekete", "arany", "preto", "ouro", "negru", "auriu", "чёрные", "черные", "золотые", "negro", "noir", "nero", "zwart", "goud", "czarny", "złoty", "černý", "zlatý", "oro", "黒", "金", "schwarze", "goldene",
    "μαύρα", "μαύρος", "μαύρο", "χρυσά", "χρυσός", "χρυσό", "negras", "negros", "pretas", "pretos", "nere", "neri", "dorado", "dorada",
    "dourado", "dourada", "שחור", "שחורים", "זהב", "أسود", "الأسود", "ذهبي", "الذهبي", "سیاه", "طلایی", "काला", "सुनहरा", "ดำ", "ทอง"))


def _evidence_table(rows: Mapping[_Value, tuple[str, ...]], base: Mapping[str, _Value]) -> dict[str, _Value]:
    out: dict[str, _Value] = {}
    for value, word in _each(rows):
        key = normalise(word)
        if base.get(key, value) == value and key not in SIDE_WORDS:
            out.setdefault(key, value)
    return out


#: normalised word → Colour: the notation's words, then :data:`_EVIDENCE_COLOURS`. Made on
#: first use (:func:`__getattr__`), as every table below that only the evidence reader reads.
EVIDENCE_COLOURS: dict[str, Colour]
#: normalised word → Direction: the notation's words, then :data:`_EVIDENCE_DIRECTIONS`.
EVIDENCE_DIRECTIONS: dict[str, Direction]


def _evidence_colours() -> dict[str, Colour]:
    """:data:`EVIDENCE_COLOURS`."""
    more = _evidence_table(_prefixed(_more_words()[0]), COLOUR_WORDS)
    return {**more, **_evidence_table(_prefixed(_SCRIPT_COLOURS), COLOUR_WORDS), **_evidence_table(_WORLD_COLOURS, COLOUR_WORDS), **_evidence_table(_EVIDENCE_COLOURS, COLOUR_WORDS), **COLOUR_WORDS}


def _evidence_directions() -> dict[str, Direction]:
    """:data:`EVIDENCE_DIRECTIONS`."""
    more = _evidence_table(_prefixed(_more_words()[1]), DIRECTION_WORDS)
    return {**more, **_evidence_table(_prefixed(_SCRIPT_DIRECTIONS), DIRECTION_WORDS), **_evidence_table(_WORLD_DIRECTIONS, DIRECTION_WORDS), **_evidence_table(_EVIDENCE_DIRECTIONS, DIRECTION_WORDS), **DIRECTION_WORDS}


@cache
def written_words() -> frozenset[str]:
    """Every word of every language the vocabulary knows, as written (case folded, its
    accents kept: ``előre``, ``vänster``, ``vpřed``): what tells apart two readings of
    a file's bytes in two encodings, which the accent-blind lookups cannot."""
    rows = [r[4] for r in _COLOURS.values()] + [r[3] for r in _DIRECTIONS.values()]
    each = (*_each(*rows), *_each(_EVIDENCE_COLOURS, _WORLD_COLOURS, _SCRIPT_COLOURS), *_each(_EVIDENCE_DIRECTIONS, _WORLD_DIRECTIONS, _SCRIPT_DIRECTIONS))
    colours, directions, numbers, eights = _more_words()
    words = [w for _, w in each] + [w for _, w in (*_each(colours), *_each(directions))]
    words += [w for row in (*_NUMBER_WORDS, *_WEAK_NUMBER_ROWS, *numbers) for w in row if w] + list(eights)
    return frozenset(w.casefold() for w in words)


@cache
def stems() -> dict[str, Colour | Direction]:
    """A stem → the colour or direction an inflected word that begins with it stands for
    (read as weak evidence, only where the word is no other evidence): the stems of the
    longer evidence words (six letters or more, less their last one to three letters,
    five letters at least, in Latin, Greek or Cyrillic letters), each standing for one
    value only (Finnish ``punaiselle`` from ``punai``, Russian ``розовое``). Made on first
    use: a record in the notation's own words never needs them."""
    colours, directions, _numbers, _eights = _more_words()
    each: list[tuple[Colour | Direction, str]] = [*_each(_WORLD_COLOURS, _EVIDENCE_COLOURS, colours), *_each(_WORLD_DIRECTIONS, _EVIDENCE_DIRECTIONS, directions)]
    keys = [(normalise(word), value) for value, word in each]
    longer = [(key, value) for key, value in keys if len(key) >= 6 and key.isalpha() and all(ord(c) < 0x2000 for c in key)]  # (letters, not glyphs)
    return _unambiguous((key[:n], value) for key, value in longer for n in range(max(5, len(key) - 3), len(key) + 1))


#: Case endings added to a word as it stands (Finnish ``-lle``, Turkish ``-ya``, Hungarian
#: ``-ra``, Esperanto ``-n``): a word that is one of these after a colour or direction
#: word is that word inflected (``maviye``, ``pirosra``, ``ruĝan``); Finnish ``-se-``
#: stands for ``-nen`` before its ending (``siniselle``).
ENDINGS: tuple[str, ...] = tuple(sorted({
    "lle", "ssa", "ssä", "sta", "stä", "lla", "llä", "lta", "ltä", "ksi", "na", "nä", "an", "än", "n",  # fi
    "ya", "ye", "yı", "yi", "yu", "yü", "a", "e", "ı", "i", "u", "ü", "da", "de", "ta", "te", "dan", "den", "ten", "tan",  # tr
    "ra", "re", "ba", "be", "ban", "ben", "on", "en", "ön", "t", "at", "et", "ot", "nak", "nek", "hoz", "hez", "höz", "ig",  # hu
    "j", "jn",  # eo
}, key=lambda ending: (-len(ending), ending)))  # (longest first; among as long, in one order every run: a set's order is the hash seed's)
#: How many letters an inflected form may add after its stem.
MAX_ENDING = 7

#: Unicode's arrow blocks (and the arrows of the dingbats and emoji).
_ARROW_BLOCKS = ((0x2190, 0x21FF), (0x27F0, 0x27FF), (0x2900, 0x297F), (0x2B00, 0x2BFF), (0x1F800, 0x1F8FF), (0x2794, 0x27BF), (0x2196, 0x2199))


#: The words of an arrow's name that say a way it points.
_WAYS = {
    **dict.fromkeys(("UPWARDS", "UP", "NORTH"), "up"), **dict.fromkeys(("DOWNWARDS", "DOWN", "SOUTH"), "down"),
    **dict.fromkeys(("LEFTWARDS", "LEFT", "WEST"), "left"), **dict.fromkeys(("RIGHTWARDS", "RIGHT", "EAST"), "right"),
}  # fmt: skip
#: The ways an arrow points → the mover's direction it stands for: up-left ``Left``,
#: up-right ``Right``, up ``Forward``, down (straight or aslant) ``Back``, left and right
#: alone ``Left`` and ``Right``; an arrow that points other ways together stands for none.
_POINTING = {
    frozenset(ways.split()): direction
    for ways, direction in (
        ("up", Direction.FORWARD), ("up left", Direction.LEFT), ("up right", Direction.RIGHT), ("left", Direction.LEFT),
        ("right", Direction.RIGHT), ("down", Direction.BACK), ("down left", Direction.BACK), ("down right", Direction.BACK),
    )
}  # fmt: skip
#: The arrows that point down aslant → the mover's diagonal they draw seen from the other side.
_ASLANT = {frozenset(("down", "left")): Direction.RIGHT, frozenset(("down", "right")): Direction.LEFT}


#: Words of an arrow's name that bend it: a hooked, curved or circling arrow (``↩``, a
#: post's reply button; ``↻``, refresh) points no way a tower moves.
_BENT = ("HOOK", "CURV", "LOOP", "CIRCL", "TURN", "U-SHAPED", "CLOCKWISE", "ZIGZAG", "WAVE", "SQUIGGLE", "RETURN")


def _arrow_ways(name: str) -> frozenset[str]:
    """The ways an arrow points, by its name (none for a character that is no arrow)."""
    if "ARROW" not in name or any(bent in name for bent in _BENT):
        return frozenset()
    return frozenset(_WAYS[w] for w in name.replace("-", " ").split() if w in _WAYS)


@cache
def _arrows() -> tuple[dict[str, Direction], dict[str, Direction]]:
    """:data:`ARROW_DIRECTIONS` and :data:`DOWN_ASLANT`, from one look at each arrow's name."""
    ways = {chr(code): _arrow_ways(unicodedata.name(chr(code), "")) for low, high in _ARROW_BLOCKS for code in range(low, high + 1)}
    out = {char: _POINTING[w] for char, w in ways.items() if w in _POINTING}
    out.update({"^": Direction.FORWARD, "\\": Direction.LEFT, "/": Direction.RIGHT})
    return out, {char: _ASLANT[w] for char, w in ways.items() if w in _ASLANT}


def _shortcodes() -> dict[str, str]:
    """:data:`SHORTCODES`: each colour's sign and each arrow that points a way, by its
    name in lower case,
    words joined by ``_`` (``:green_heart:``, ``:large_green_circle:``), and without
    ``large`` (``:green_circle:``), and the few names chat apps give otherwise."""
    signs = [w for words in _EVIDENCE_COLOURS.values() for w in words if len(w) == 1 and not w.isalnum()]
    arrows = [*_arrows()[0], *_arrows()[1]]
    out: dict[str, str] = {}
    for sign in (*signs, *arrows):
        name = unicodedata.name(sign, "").casefold().replace(" ", "_").replace("-", "_")
        if name and name.count("_") < 3:  # (an arrow's long name, 'black_curved_…', no one types)
            out.setdefault(name, sign)
            out.setdefault(name.removeprefix("large_"), sign)
    return out | _CHAT_NAMES


#: The names chat apps give signs that are not their Unicode names.
_CHAT_NAMES = {
    "heart": "❤", "red_heart": "❤", "arrow_up": "⬆", "arrow_down": "⬇", "arrow_left": "⬅", "arrow_right": "➡",
    "arrow_upper_left": "↖", "arrow_upper_right": "↗", "arrow_lower_left": "↙", "arrow_lower_right": "↘",
}  # fmt: skip

#: Every arrow character → the mover's direction it points (:data:`_POINTING`);
#: and the arrows that point down and aslant (``↙``, ``↘``) → the mover's diagonal they
#: draw on a board seen from the other side: a tower never moves back aslant, so such an
#: arrow is a move drawn as the board is seen, by a player who faces the one who looks
#: (down and to the left on the page is the mover's right). Both made on first use.
ARROW_DIRECTIONS: dict[str, Direction]
DOWN_ASLANT: dict[str, Direction]
#: A sign's name as chat apps write it between colons (``:green_heart:``, Slack's,
#: Discord's, GitHub's) → the sign: the colours' signs and the arrows. Made on first use.
SHORTCODES: dict[str, str]

#: The tables made on first use, each by its maker: only the slower readers read them, so
#: a record in the notation's own words never pays for them (start-up time).
_MADE_ON_FIRST_USE: dict[str, Callable[[], object]] = {
    "NOTATION_NUMBER_WORDS": lambda: _numbers(_NUMBER_WORDS[:6], _OTHER_FORMS),
    "NUMBER_WORDS": lambda: _numbers((*_NUMBER_WORDS, *_WEAK_NUMBER_ROWS, *_more_words()[2]), (*_OTHER_FORMS, *_MORE_FORMS)),
    "RANK_WORDS": _rank_words,
    "EVIDENCE_COLOURS": _evidence_colours,
    "EVIDENCE_DIRECTIONS": _evidence_directions,
    "ARROW_DIRECTIONS": lambda: _arrows()[0],
    "DOWN_ASLANT": lambda: _arrows()[1],
    "SHORTCODES": _shortcodes,
}


def __getattr__(name: str) -> object:
    """A table of :data:`_MADE_ON_FIRST_USE`, made when first asked for and kept."""
    make = _MADE_ON_FIRST_USE.get(name)
    if make is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    table = globals()[name] = make()
    return table
