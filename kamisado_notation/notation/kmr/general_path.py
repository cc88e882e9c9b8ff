"""The general path for one line: its items and comments, or a :class:`NotationError`.

Every line the whole-line fast paths do not take comes here, and every bad line. The
lexer's tokens go to lark's LALR parser as they come and the transformer builds the
record model as lark reduces, so a line takes time linear in its length and memory for
its model and a few tokens at a time, however long it is. (An earlier cache replayed the
parse of each *shape* of line; with the fast paths taking the lines records are made of,
it no longer paid for itself: ``docs/record-decisions.md``.)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from itertools import chain
from types import MappingProxyType

from lark.exceptions import UnexpectedInput

from ...errors import FillerWord, NotationError, StyleMark, UnknownWord
from ..record import Comment, Item
from ..vocabulary import spelt_as, word_kinds
from .grammar import _parser
from .lexing import Line, Token4, lex_line
from .syntax_errors import as_notation_error, quote
from .tokens import LINE_WORDS, first_word, may_be_row

#: No words read as others (:func:`parse_line`'s ``spelled``).
_NONE: Mapping[int, tuple[str, str]] = MappingProxyType({})


def parse_line(
    text: str, number: int, *, read_past: frozenset[int] = frozenset(), spelled: Mapping[int, tuple[str, str]] = _NONE
) -> tuple[list[Item], list[Comment]]:
    """The items of one line (headers, rounds, lineups, lists of ``(entry, start, end)``)
    and its comments. Raises :class:`NotationError` for the line's first lexical error
    or, when it has none, for the first place the grammar rejects. ``read_past``: the
    start indices of words to take for whatever slot of an entry (a colour or a
    direction) the grammar expects there (:func:`read_past_words`); ``spelled``: the
    start indices of words read as others (:func:`~.vocabulary.spelt_as`: ``Purp`` as
    ``Purple``) → (the terminal, the word); the entry's text stays as written."""
    comments: list[Comment] = []
    tokens = _tokens(text, number, comments, read_past, spelled)
    first = next(tokens, None)
    if first is None:  # blank, or comments only
        return [], comments
    line = Line(chain((first,), tokens), number)
    try:
        # lark types parse() as returning a tree; with the embedded transformer it is _Lines's list
        items: list[Item] = _parser().parse(line)  # type: ignore[assignment]
    except (UnexpectedInput, NotationError) as e:
        for _ in tokens:  # a lexical error further on is the one reported (and raised here)
            pass
        raise as_notation_error(e, line) from None
    _written_as(items, text)
    return items, comments


def _written_as(items: list[Item], text: str) -> None:
    """Each entry of the rows among ``items`` given its text as written in the line
    ``text`` (from its start to its end)."""
    for item in items:
        if type(item) is list:
            for entry, start, end in item:
                entry.text = text[start:end]


def _tokens(
    text: str, number: int, comments: list[Comment], read_past: frozenset[int], spelled: Mapping[int, tuple[str, str]]
) -> Iterator[Token4]:
    """The lexer's tokens of line ``number`` (its comments into ``comments``), each word
    at ``read_past`` taken for whatever slot the grammar expects there and each word at
    ``spelled`` as the word it is read as (:func:`parse_line`)."""
    tokens = lex_line(text, number, comments)
    if read_past:
        tokens = ((_ANY_SLOT if t[2] in read_past else t[0], t[1], t[2], t[3]) for t in tokens)
    if spelled:
        tokens = (((spelled[t[2]][0],), spelled[t[2]][1], t[2], t[3]) if t[2] in spelled else t for t in tokens)
    return tokens


# ------------------------------------------------------------ reading past a word

#: What a word read past can be: whichever of these the grammar expects there.
_ANY_SLOT = ("COLOUR", "DIRECTION")
#: A word, as the lexer reads one (letters, with combining accents).
_WORD = re.compile(r"[^\W\d_]+(?:[\u0300-\u036f]+[^\W\d_]*)*")
#: The most words one line is read past: one in each entry of a row.
MAX_READ_PAST = 2


#: Words people write between two entries of a row, meaning nothing to the record
#: (``Purple Forward 1 Purple pushes Purple Back 1 Blue``), without case.
FILLERS = frozenset({"pushes", "push", "then", "and"})


def read_line(text: str, number: int) -> tuple[list[Item], list[Comment], list[NotationError]]:
    """:func:`parse_line`, with marks after entries (:func:`without_marks`) and words
    between two entries that mean nothing (:data:`FILLERS`) left out and a row's unknown
    words read past (:func:`read_past_words`): the items, the comments, and the errors of
    the marks and words left out or read past (:class:`StyleMark`,
    :class:`FillerWord`; none when the line is well-formed). Raises the line's
    :class:`NotationError` when it cannot be read even so (the evidence reader's line,
    :mod:`.evidence`, where the word it stops at is evidence)."""
    mending = _Mending(text, number)
    while True:
        try:
            items, comments = parse_line(mending.text, number, spelled=mending.spelled)
        except NotationError as e:
            if _for_evidence(mending.text, e):
                raise  # (the evidence reader's: an entry taken back, another language's word)
            if mending.mended(e):
                continue
            read = read_past_words(mending.text, number, e, mending.spelled)
            if read is None:
                raise
            return read[0], read[1], mending.errors(read[2])
        return items, comments, mending.errors([])


class _Mending:
    """A line as :func:`read_line` mends it, one error at a time: its ``text`` (marks of
    other styles and filler words blanked, columns kept), the words ``spelled`` as
    others, and the warnings of each (marks and words of other styles read as ours,
    ``notes``; filler words, ``fillers``)."""

    __slots__ = ("fillers", "marked", "notes", "number", "spelled", "text")

    def __init__(self, text: str, number: int) -> None:
        self.text, self.number = text, number
        self.fillers: list[NotationError] = []
        self.notes: list[NotationError] = []
        self.spelled: dict[int, tuple[str, str]] = {}
        self.marked = False  # (the marks are read all at once, the first time)

    def mended(self, error: NotationError) -> bool:
        """Whether the line was mended where ``error`` stands: its marks read as ours,
        a filler word blanked, or a word read as the one it is spelt for, in that order."""
        return self._marks(error) or self._filler(error) or _spell(self.text, self.number, error, self.spelled, self.notes)

    def _marks(self, error: NotationError) -> bool:
        marks = None if self.marked else without_marks(self.text, self.number, error)
        if marks is None:
            return False
        self.text, found = marks
        self.notes.extend(found)
        self.marked = True
        return True

    def _filler(self, error: NotationError) -> bool:
        blanked = _without_filler(self.text, self.number, error)
        if blanked is None or len(self.fillers) >= MAX_READ_PAST:
            return False
        self.text, filler = blanked
        self.fillers.append(filler)
        return True

    def errors(self, read_past: list[NotationError]) -> list[NotationError]:
        """The warnings of the line as mended, and ``read_past``: the errors of the words
        read past."""
        return [*self.notes, *self.fillers, *read_past]


def _spell(text: str, number: int, error: NotationError, spelled: dict[int, tuple[str, str]], notes: list[NotationError]) -> bool:
    """Whether the unknown word ``error`` names is read as the word it is spelt for
    (:func:`_spelt_word`), not read so already and within :data:`MAX_SPELT`: then
    ``spelled`` takes it and ``notes`` its warning."""
    spelt = _spelt_word(text, number, error)
    if spelt is None or spelt[0] in spelled or len(spelled) >= MAX_SPELT:
        return False
    start, terminal, word, note = spelt
    spelled[start] = (terminal, word)
    notes.append(note)
    return True


#: A run of dashes, equals signs or underscores: a table's or a heading's rule, no forfeits.
_RULE_LINE = re.compile(r"[-=_\u2013\u2014]{3,}|^\s*--\s*$")


#: A line begun by a letter and a number (``R2 left``, ``G3``): a label, never a tower.
_LABEL = re.compile(r"\W*[^\W\d_]\d")


def _for_evidence(text: str, error: NotationError) -> bool:
    """Whether line ``text``, which the grammar stops at with ``error``, is the evidence
    reader's (:mod:`.evidence`) rather than a slip's: it takes an entry back, it holds a table's rule (``----``), it begins with a label
    (``R2``), or the word
    the grammar stops at is another language's colour, direction or number, or an arrow
    (no misspelling to read past)."""
    from .evidence import is_evidence_word, takes_back  # (the evidence reader: loaded by a line the grammar stops at)

    if takes_back(text) or _RULE_LINE.search(text) or _LABEL.match(text):
        return True
    named = _named_word(text, error.line, error)
    return named is not None and is_evidence_word(named.group())


#: The most words of one line read as others (:func:`_spelt_word`): every word of a row.
MAX_SPELT = 8


def _spelt_word(text: str, number: int, error: NotationError) -> tuple[int, str, str, StyleMark] | None:
    """The unknown word ``error`` names, where it stands for a word of the notation
    (:func:`~.vocabulary.spelt_as`: an abbreviation, German without umlauts): its start,
    the terminal and the word it is read as, and the warning; else ``None``."""
    m = _named_word(text, number, error)
    found = spelt_as(m.group()) if m is not None else None
    if m is None or found is None:
        return None
    terminal, word, style = found
    note = StyleMark(f"{quote(m.group())} is read as {quote(word)}", line=number, column=m.start() + 1, mark=m.group(), new=word, style=style)
    return m.start(), terminal, word, note


def _named_word(text: str, number: int, error: NotationError) -> re.Match[str] | None:
    """The word an :class:`UnknownWord` ``error`` of line ``number`` names, in ``text``."""
    if error.line != number or not isinstance(error, UnknownWord):
        return None
    m = _WORD.match(text, error.column - 1)
    return m if m is not None and m.start() == error.column - 1 else None


#: A mark people write right after an entry: punctuation (``Green,`` ``Yellow.``) or a
#: chess mark (``!`` ``?`` ``!?`` ``??``), after a letter or digit (or a push's or a
#: ring's mark, ``*`` ``+``) and before a blank, a braced comment or the line's end.
_MARK = re.compile(r"(?:(?<=[^\W_])|(?<=[*+]))[,.;!?]+(?=\s|\{|$)")
#: A chess mark standing alone after an entry, blanks before it (``Purple Left 5 Green  !?``).
_LONE_MARK = re.compile(r"(?<=\s)[!?]{1,2}(?=\s|\{|$)")
#: A turn number written ``1)``, ``1.)`` or ``1:``, before a blank.
_TURN_MARK = re.compile(r"(?<!\S)(\d{1,4})(\.?\)|:)(?=\s)")
#: A comment written ``// …`` (to the end of the line) after a blank or at the start.
_SLASHES = re.compile(r"(?<!\S)//")
#: A braced comment (the grammar's ``BRACED``).
#: A comment written ``( … )``, on one line, with no brackets or braces inside; or
#: ``[ … ]`` (a coach's ``[Better, not played: Yellow d1-d4]``), but not a header
#: (``[Name "value"]``) nor a link's text (``[Blue b8-b3](…)``).
_BRACKETS = re.compile(r"\(([^(){}\n]*)\)|\[(?!\s*[A-Za-z]\w*\s+\")([^\[\](){}\n]*)\](?!\()")


def without_marks(text: str, number: int, error: NotationError) -> tuple[str, list[StyleMark]] | None:
    """``text`` with every mark of another style read as ours (:func:`_styled`), each in
    as many characters (columns are kept), and a warning for each; ``None`` when
    ``error`` is at none of them, or the line is a ``Round`` or ``Lineup`` line (their
    shapes are :mod:`.line_shapes`'). All at once: one more parse of the line however
    many there are."""
    if error.line != number or first_word(text) in LINE_WORDS:
        return None
    found = _styled(text)
    if not _at_a_mark(found, error.column - 1):
        return None
    marks, out = [], list(text)
    for start, mark, read, new, style in found:
        out[start : start + len(mark)] = read
        message = f"{quote(mark)} is read as {quote(read.strip())}" if read.strip() else f"{quote(mark)} is read as nothing"
        marks.append(StyleMark(message, line=number, column=start + 1, mark=mark, new=new, style=style))
    return "".join(out), marks


def _at_a_mark(found: list[_Found], at: int) -> bool:
    """Whether ``at`` (where an error stands) is on one of the marks ``found``, or after
    a ``//`` (the lexer reads on to the end)."""
    return any(mark == "//" and s <= at for s, mark, *_ in found) or any(s <= at < s + len(mark) for s, mark, *_ in found)


def _braced(text: str) -> list[tuple[int, int]]:
    """Where the braced comments of ``text`` are (each from a ``{`` to the first ``}``
    after it on its line), found by scanning once: a pattern tried at each ``{`` would
    scan a line of unclosed braces once a brace (quadratic in the line)."""
    spans = []
    at = text.find("{")
    while at >= 0:
        close = text.find("}", at + 1)
        if close < 0:
            break  # (no later brace closes either)
        newline = text.find("\n", at + 1, close)
        if newline >= 0:  # (every brace before the line's end stays open)
            at = text.find("{", newline + 1)
            continue
        spans.append((at, close + 1))
        at = text.find("{", close + 1)
    return spans


def _styled(text: str) -> list[tuple[int, str, str, str, str]]:
    """The marks of other styles in ``text``, in order: (start, the mark, what it is read
    as, what ``fix`` writes, the style). A comment written ``//`` is read as a ``#`` one
    and one written ``( … )`` as a braced one, a turn number ``1)`` or ``1:`` as ``1.``,
    and punctuation and chess marks right after a word of a row (:data:`_MARK`, after a
    word with a letter in it: never a turn number's full stop), or a chess mark standing
    alone after such a word (:data:`_LONE_MARK`), as nothing; nothing inside
    a comment (braced, or after ``#``) is one."""
    inside = _braced(text)

    def free(at: int) -> bool:
        return not any(a <= at < b for a, b in inside)

    hashed = next((k for k, c in enumerate(text) if c == "#" and free(k)), None)
    if hashed is not None:  # (a comment to the end of the line)
        inside.append((hashed, len(text)))
    found, end = _comment_marks(text, free)
    inside += [(s, s + len(mark)) for s, mark, *_ in found]
    return sorted(found + _turn_marks(text, end, free) + _entry_marks(text, end, free))


#: A mark of another style found: (start, the mark, what it is read as, what ``fix`` writes, the style).
_Found = tuple[int, str, str, str, str]


def _comment_marks(text: str, free: Callable[[int], bool]) -> tuple[list[_Found], int]:
    """The comments of ``text`` written ``// …`` (read as ``#``) and ``( … )`` (read as
    braced) outside other comments (``free``), and where the text before a ``//`` ends."""
    found: list[_Found] = []
    end = len(text)
    slashes = next((m for m in _SLASHES.finditer(text) if free(m.start())), None)
    if slashes is not None:
        end = slashes.start()
        found.append((end, "//", " #", "#", "comment-mark"))
    found += [(m.start(), m.group(), _braced_as(m), _braced_as(m), "comment-mark") for m in _BRACKETS.finditer(text, 0, end) if free(m.start())]
    return found, end


def _braced_as(m: re.Match[str]) -> str:
    """The comment :data:`_BRACKETS` found (``m``), braced as the notation writes one."""
    return "{" + (m[1] if m[1] is not None else m[2]) + "}"


def _turn_marks(text: str, end: int, free: Callable[[int], bool]) -> list[_Found]:
    """The turn numbers of ``text[:end]`` written ``1)`` or ``1:``, outside comments
    (``free``): each read as ``1.``."""
    return [
        (m.start(), m.group(), f"{m[1]}.".ljust(len(m.group())), f"{m[1]}.", "turn-mark")
        for m in _TURN_MARK.finditer(text, 0, end)
        if free(m.start())
    ]


def _entry_marks(text: str, end: int, free: Callable[[int], bool]) -> list[_Found]:
    """The punctuation and chess marks after the words of a row in ``text[:end]``,
    outside comments (``free``): each read as nothing (a chess mark kept as a comment)."""
    return _marks_after_words(text, end, free) + _lone_chess_marks(text, end, free)


def _marks_after_words(text: str, end: int, free: Callable[[int], bool]) -> list[_Found]:
    """The marks right after a word (:data:`_MARK`): a chess mark kept as a comment,
    punctuation dropped."""
    found: list[_Found] = []
    for m in _MARK.finditer(text, 0, end):
        if _after_word(text, m.start()) and free(m.start()):
            chess = "!" in m.group() or "?" in m.group()
            new = f" {{{m.group()}}}" if chess else ""
            found.append((m.start(), m.group(), " " * len(m.group()), new, "chess-mark" if chess else "punctuation"))
    return found


def _lone_chess_marks(text: str, end: int, free: Callable[[int], bool]) -> list[_Found]:
    """The chess marks standing alone after a word (:data:`_LONE_MARK`), each kept as a
    comment; a ``?`` before a direction is a tower not read, no mark."""
    found: list[_Found] = []
    for m in _LONE_MARK.finditer(text, 0, end):
        if m.group() == "?" and _slot_next(text, m.end()):
            continue  # ('? Back 1 Blue': a tower that could not be read, not a chess mark)
        word_end = _past_blanks_back(text, m.start())
        if word_end and _after_word(text, word_end) and free(m.start()):
            found.append((m.start(), m.group(), " " * len(m.group()), f"{{{m.group()}}}", "chess-mark"))
    return found


def _past_blanks_back(text: str, at: int) -> int:
    """Where the text before ``at`` ends, the blanks right before ``at`` left out."""
    while at > 0 and text[at - 1].isspace():
        at -= 1
    return at


def _slot_next(text: str, at: int) -> bool:
    """Whether the word after ``at`` in ``text`` is a direction and no colour (what
    follows a tower)."""
    m = _WORD.search(text, at)
    kinds = word_kinds(m.group()) if m is not None and not text[at : m.start()].strip() else ()
    return "DIRECTION" in kinds and "COLOUR" not in kinds


def _after_word(text: str, at: int) -> bool:
    """Whether the text before ``at`` ends in a word with a letter in it."""
    begin = at  # (back to the blank before: a search from the line's start, at every mark, was quadratic)
    while begin > 0 and not text[begin - 1].isspace():
        begin -= 1
    return any(c.isalpha() for c in text[begin:at])


def _without_filler(text: str, number: int, error: NotationError) -> tuple[str, FillerWord] | None:
    """``text`` with the filler word ``error`` names blanked (its columns kept), and the
    warning for it; ``None`` when the word is none."""
    m = _named_word(text, number, error)
    if m is None or m.group().casefold() not in FILLERS:
        return None
    word, start = m.group(), m.start()
    warning = FillerWord(f"{quote(word)} between two entries is read as nothing", line=number, column=start + 1, word=word)
    return text[:start] + " " * len(word) + text[m.end() :], warning


def read_past_words(
    text: str, number: int, error: NotationError, spelled: Mapping[int, tuple[str, str]] = _NONE
) -> tuple[list[Item], list[Comment], list[NotationError]] | None:
    """A row of entries that ``error`` (:func:`parse_line`'s) rejected for an unknown
    word, read with each unknown word standing for the slot it is in (the entry's
    :attr:`~.record.Entry.unread`), so that the row keeps its turns and the replay can
    tell the move from the entry's other slots: the items, the comments, and the error
    of each word read past. ``None`` when the line is no such row: a word in a
    ``Round``, ``Lineup`` or header line, a word that fits no slot, a known colour or
    direction in the wrong place, or any other error. (Two words in one entry are read
    past, or one in each of a row's entries.)"""
    if not _may_be_row(text):
        return None
    errors = [error]
    notes: list[NotationError] = []  # (words after it read as others: an abbreviation…)
    spelled = dict(spelled)
    past: set[int] = set()
    while True:
        start = _unknown_word(text, number, errors[-1])
        if start is None or start in past or len(past) == MAX_READ_PAST:
            return None
        past.add(start)
        try:
            read = _parse_spelling(text, number, frozenset(past), spelled, notes)
        except (UnexpectedInput, KeyError):  # pragma: no cover - a word read past outside a row
            return None
        if isinstance(read, NotationError):
            errors.append(read)
            continue
        items, comments = read
        return (items, comments, [*notes, *errors]) if _each_read_past(items, past) else None


def _may_be_row(text: str) -> bool:
    """Whether line ``text`` may be a row of entries: no ``Round``, ``Lineup`` or header
    line, nor a blank one."""
    return may_be_row(text)


def _each_read_past(items: list[Item], past: set[int]) -> bool:
    """Whether ``items`` are a row whose entries with a slot not read are exactly those
    the words read ``past`` stand in (one entry each at least, none without one)."""
    if not all(type(item) is list for item in items):
        return False
    spans = [(begin, end) for item in items for entry, begin, end in item if entry.unread]  # type: ignore[union-attr]
    return _each_inside(past, spans) and _each_holding(spans, past)


def _each_inside(points: Iterable[int], spans: list[tuple[int, int]]) -> bool:
    """Whether each of ``points`` stands inside one of ``spans`` (begin, end)."""
    return all(any(b <= p < e for b, e in spans) for p in points)


def _each_holding(spans: list[tuple[int, int]], points: set[int]) -> bool:
    """Whether each of ``spans`` (begin, end) holds one of ``points``."""
    return all(any(b <= p < e for p in points) for b, e in spans)


def _parse_spelling(
    text: str, number: int, past: frozenset[int], spelled: dict[int, tuple[str, str]], notes: list[NotationError]
) -> tuple[list[Item], list[Comment]] | NotationError:
    """:func:`parse_line` with the words at ``past`` read past, each further word it
    rejects that stands for a word of the notation read as that word (``spelled`` and
    ``notes`` take it): what it read, or the error it stops at."""
    while True:
        try:
            return parse_line(text, number, read_past=past, spelled=spelled)
        except NotationError as again:
            if not _spell(text, number, again, spelled, notes):
                return again


def _unknown_word(text: str, number: int, error: NotationError) -> int | None:
    """Where the word ``error`` names as unknown starts in ``text``, when it is no colour
    or direction at all (a misspelt one, or another word), else ``None``."""
    m = _named_word(text, number, error)
    if m is None:
        return None
    kinds = word_kinds(m.group())
    return None if "COLOUR" in kinds or "DIRECTION" in kinds else m.start()
