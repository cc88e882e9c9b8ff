"""``Round`` and ``Lineup`` lines in the shapes people write them: ``round 2, fill left``,
``ROUND 3 - FILL RIGHT``, ``Round 4: fill left``, ``Round 5 (fill right)``, a lineup's
colours with commas between them. The reader tries these only on a line the grammar
rejects (its third tier): each is read as the line it stands for, with a warning that
names the shape, and ``kamisado fix`` writes it in our shape (a lineup's abbreviated
colours in full too). A lineup that names seven
colours of eight is an error that names the one left out.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from ...diagnostics import WARNING, Diagnostic, InsertLine, Kind, RewriteLine, RewriteMark
from ...engine.board import Colour, Direction, Side
from ...engine.match import Fill
from ..record import Lineup, RoundRecord
from ..vocabulary import (
    COLOUR_WORDS,
    COUNTED_ROUND_WORDS,
    EVIDENCE_DIRECTIONS,
    FILL_WORDS,
    ROUND_WORDS,
    ROUNDS_AFTER_NUMBER,
    colour_of,
    edit_distance,
    normalise,
    side_of,
    spelt_as,
    word_styles,
)

__all__ = ["Shaped", "board_row", "fill_named", "fill_said", "fill_stated", "heading_fill", "heading_shape", "line_shape", "round_then_moves"]

#: Markup before a heading: signs, a LaTeX command, an HTML or BBCode tag (``\\subsection*{``, ``<h2>``, ``[b]``, ``===``),
#: a Textile or Jira heading's mark (``h3.``).
#: A chat's prefix before a line: a time (a date) in brackets or not, and the speaker
#: (``21:18 < KamiBot>``, ``[20:15] mika:``, ``[12/03/26, 20:15] Ana:``).
_CHAT = r"(?:\[?\d{1,4}[/.:-]\d{1,2}(?:[/.:, -]{1,2}\d{1,4}){0,4}\]?[ \t]*(?:<[^<>\n]{1,40}>|[^\s:<>]{1,40}:)?)?"
_MARKUP = _CHAT + r"(?:[^\w\s]|\s|\\[a-zA-Z]+\*?|<[a-zA-Z][a-zA-Z0-9]*[^<>]*>|\[/?[a-zA-Z]+\]|(?<![^\s])h[1-6]\.(?=\s))*?"
#: ``Round N`` (or a round's name in another language or game: ``Game 2``, ``Partie 3``,
#: ``Manche 1``, :data:`~..vocabulary.ROUND_WORDS`) after any markup, with a comma, colon, full stop or dash after the number, and ``fill left``
#: (or ``fill-left``, ``fill: left``, ``filled left``, the fill alone) bare or in brackets (round or square), in any case.
_ROUND = re.compile(  # (no '\s*' before the markup, which takes blanks: both would cost n² on a line of blanks)
    _MARKUP + r"(" + "|".join(ROUND_WORDS) + r")[\s:]*(\d{1,4})[\s*=#_~,:;.\-\u2013\u2014]*(?:([(\[])\s*)?(?:(fill(?:ed|s)?)\s*[-:]?\s*)?([^\W\d_]+(?:['’][^\W\d_]+)*(?:[ \t]+[^\W\d_]+(?:['’][^\W\d_]+)*){0,2})?\s*([)\]])?\s*\.?\s*",
    re.IGNORECASE,
)
#: What may follow a ``Round`` line and is set aside: no digit, no word of a fill.
_ASIDE = re.compile(r"(?:(?!\b(?:fill|left|right)\b)[^\d])*", re.IGNORECASE)


@lru_cache(maxsize=1)
def _said_square() -> re.Pattern[str]:
    """A square said in words (``a acht``, ``E two``, ``ce eins``, ``ef 8``): a move's,
    never a heading's words. (Made on first use, as the rank words are.)"""
    from .. import vocabulary

    ranks = sorted(map(re.escape, vocabulary.RANK_WORDS), key=len, reverse=True)
    names = sorted(map(re.escape, vocabulary.LETTER_NAMES), key=len, reverse=True)
    clear = sorted(map(re.escape, set(vocabulary.LETTER_NAMES) - vocabulary.WORDLIKE_LETTER_NAMES), key=len, reverse=True)
    return re.compile(
        r"(?<!\w)(?:[a-hA-H]|" + "|".join(names) + r") (?:" + "|".join(ranks) + r")(?!\w)|(?<!\w)(?:" + "|".join(clear) + r") [1-8](?!\w)", re.IGNORECASE
    )
#: ``Lineup Black:`` and what follows it.
_LINEUP = re.compile(r"\s*(lineup)\s+(black|gold|white)\s*:?(.*)", re.IGNORECASE)
#: What separates a lineup's colours as people write them.
_SEPARATORS = re.compile(r"[\s,;]+")
#: One colour of a lineup, with its Sumo rings' marks.
_COLOUR = re.compile(r"([^\W\d_]+)(\+*)")


@dataclass(frozen=True)
class Shaped:
    """What a line in another shape is read as: the ``Round`` or ``Lineup`` line (None
    when it cannot be: a lineup with a colour left out) and the diagnostic that says so."""

    item: RoundRecord | Lineup | None
    diagnostic: Diagnostic


def line_shape(text: str, number: int) -> Shaped | None:
    """Line ``number`` (``text``), which the grammar rejected, read as a ``Round`` or
    ``Lineup`` line in another shape; ``None`` when it is none."""
    return _round_shape(text, number) or _counted_round(text, number) or _lineup_shape(text, number)


#: A round counted as Chinese, Japanese and Korean write it: an ordinal's sign, its
#: number (in digits, wide or not, or in characters), a word for a round or a game
#: (``第四局``, ``第2回戦``, ``제3국``, ``3局目``), and what follows it.
_COUNTED = re.compile(
    _MARKUP + r"(?:第|제)?\s*([0-9\uff10-\uff19]{1,3}|[一二三四五六七八九十]{1,3})\s*(?:" + "|".join(COUNTED_ROUND_WORDS) + ")(.*)"
)
#: The numbers in characters.
_CJK_DIGITS = {c: k for k, c in enumerate("〇一二三四五六七八九")}


def _cjk_number(written: str) -> int:
    """``written``, a number in digits (wide or not) or characters up to 99 (``十二``)."""
    if written[0].isdigit():
        return int(written.translate({0xFF10 + k: str(k) for k in range(10)}))
    tens, _, ones = written.rpartition("十")
    if "十" not in written:
        return _CJK_DIGITS[written[0]]
    return (_CJK_DIGITS.get(tens, 1) if tens else 1) * 10 + (_CJK_DIGITS.get(ones, 0) if ones else 0)


#: The words for left and right that a particle is written against (``왼쪽부터``, from the
#: left; ``左から``): found inside a word.
_GLUED_FILLS = (("左", Fill.LEFT), ("右", Fill.RIGHT), ("왼쪽", Fill.LEFT), ("오른쪽", Fill.RIGHT))


def _counted_round(text: str, number: int) -> Shaped | None:
    """A round's heading counted in Chinese, Japanese or Korean (:data:`_COUNTED`), with
    its fill in any word for the mover's left or right after it (``左``, ``오른쪽``) and
    no digit: the ``Round`` line it stands for."""
    m = _COUNTED.match(text)
    after = _TAGS.sub(" ", m[2]) if m is not None else ""  # (a tag's digit, '</h2>', is none of the line's)
    if m is None or m.group(0).strip() == m[1] or any(c.isdigit() for c in after):
        return None
    rest = re.sub(r"[^\w\s]", " ", after)
    fill = next(filter(None, map(_fill, rest.split())), None) or next((f for c, f in _GLUED_FILLS if c in rest), None)
    return _round_line(text, number, m.start(1) + 1, _cjk_number(m[1]), fill)


#: A round's name and number at a line's start, its first move after them on the same
#: line (``Раунд 2: рожева на a6``, ``Game 3 - Purple g3``): a blank or a sign after the number.
_ROUND_THEN = re.compile(
    _MARKUP + r"(" + "|".join(ROUND_WORDS) + r")[ \t]*(\d{1,2})(?:[ \t]*[:.)\]\u2013\u2014-][ \t]*|[ \t]+)(?=\S)", re.IGNORECASE
)
#: The clues of a move said where it goes (a square, a move in squares).
_PLACED = ("SQUARE", "COORDS")


def round_then_moves(text: str, number: int) -> tuple[Shaped, str | None] | None:
    """Line ``number``, ``text``, where a round's heading starts it and a square follows
    on the line (:data:`_ROUND_THEN`): the heading read as its ``Round`` line, and the
    line with the heading blanked, its first moves (they keep their columns). Words
    after the number that state the fill before any square are the heading's, up to the
    end of their sentence (``Runde 2 (fill right): Red h1-h7``, ``Round 2 – Tom fills from
    the left. Maya: …``); where no square follows that sentence (``Round 2 - you filled
    from the left, so your Red sumo ended up on h1.``), the whole line is the heading,
    its squares where towers stand (no rest: ``None``). ``None`` for any other line
    (``Round 2: Maya fills from the left`` says no square)."""
    m = _ROUND_THEN.match(text)
    if m is None or not _placed(text[m.end() :]):
        return None
    column, round_number, start = m.start(1) + 1, int(m[2]), m.end()
    fill = fill_stated(re.split(r"\d", text[start:], maxsplit=1)[0])
    if fill is not None:
        said = _SENTENCE_END.search(text, start)
        if said is None or not _placed(text[said.end() :]):
            return _round_line(text, number, column, round_number, fill), None
        start = said.end()
    return _heading_before_moves(text[m.start(1) : start], number, column, round_number, fill), " " * start + text[start:]


def _placed(text: str) -> bool:
    """Whether ``text`` says a square (a move's, or where a tower stands)."""
    from .evidence import clues  # (a line's clues: only for a heading with more on its line)

    return any(c.kind in _PLACED for c in clues(text))


def _heading_before_moves(head: str, number: int, column: int, round_number: int, fill: Fill | None) -> Shaped:
    """Round ``round_number``'s heading ``head`` (its ``fill``), which starts line ``number``
    at ``column`` before the round's first moves: its ``Round`` line, with the warning
    and the edits that write that line before the moves and take the heading out."""
    ours = f"Round {round_number}" + (f" fill {fill.value}" if fill is not None else "")
    why = "a Round line in our shape, on a line of its own"
    edits = (InsertLine(number, "round", ours, why), RewriteMark(number, column, head, "", why))
    message = f"{head.rstrip()!r} is read as {ours!r} (a Round line in another shape, the round's first moves after it on the line)"
    said = Diagnostic("syntax", message, number, column, WARNING, kind=Kind.ROUND_LINE, edits=edits)
    return Shaped(RoundRecord(round_number, fill, number, column), said)


#: Where a sentence or a bracket ends (a fill stated after a round's number: ``(fill
#: right)``, ``Tom fills from the left.``), before a blank or the line's end.
_SENTENCE_END = re.compile(r"[.:;!?)\]](?=\s|$)")


def _round_line(written: str, number: int, column: int, round_number: int, fill: Fill | None) -> Shaped:
    """Line ``number``, ``written``, read as round ``round_number``'s ``Round`` line (its
    ``fill``), with the warning that says so and the edit that writes it in our shape."""
    ours = f"Round {round_number}" + (f" fill {fill.value}" if fill is not None else "")
    edit = RewriteLine(number, "round", written.strip(), ours, "a Round line in our shape")
    message = f"{written.strip()!r} is read as {ours!r} (a Round line in another shape)"
    return Shaped(
        RoundRecord(round_number, fill, number, column),
        Diagnostic("syntax", message, number, column, WARNING, kind=Kind.ROUND_LINE, edits=(edit,)),
    )


#: The word ``fill``, or another language's (:data:`~..vocabulary.FILL_WORDS`): a heading
#: that says it must say which.
_FILL_WORD = re.compile(r"\b(?:fill|" + "|".join(FILL_WORDS) + ")", re.IGNORECASE)
#: A fill said to be none (a form's ``fill: -`` on round 1, ``fill: n/a``).
_NO_FILL = re.compile(r"\bfill(?:ed|s)?\s*[-:=]?\s*(?:[-\u2013\u2014/]+|none|n/?a)(?![\w-])", re.IGNORECASE)
#: Markup tags set aside around a heading (their width kept: the columns stay the text's).
_TAGS = re.compile(r"</?[a-zA-Z][a-zA-Z0-9]*[^<>]*>|\[/?[a-zA-Z]+(?:=[^\]]*)?\]|\\[a-zA-Z]+\*?\{|[{}]")


#: A round's name after its number, as Hungarian writes it (``2. kör``, ``3. forduló``).
_NUMBER_FIRST = re.compile(
    _MARKUP + r"(\d{1,4})(?:\.[ \t]?(" + "|".join(ROUNDS_AFTER_NUMBER) + r")|(?:\.?[ªº°]|st|nd|rd|th|er|re|ère|ème|e)[ \t]+(" + "|".join(ROUND_WORDS) + r"))\b",
    re.IGNORECASE,
)


def _word_first(text: str) -> str:
    """``text`` with a round's number before its name turned about, in the same width
    (``2. kör`` → ``kör 2.``; an ordinal's mark, ``2ª rodada``, ``3rd game``, ``2e
    manche``), so that :data:`_ROUND` reads it."""
    m = _NUMBER_FIRST.match(text)
    if m is None:
        return text
    turned = f"{m[2] or m[3]} {m[1]}."
    return text[: m.start(1)] + turned.ljust(m.end() - m.start(1)) + text[m.end() :]


#: A form's box left empty and the word after it (``[ ] left``, ``☐ right``): not said.
_UNTICKED = re.compile(r"(?:\[ \]|\( \)|[☐□])[ \t]*[^\W\d_]*")
#: A form's box ticked (``[X] right``, ``☒ left``): the word after it is said.
_TICKED = re.compile(r"\[[xX✓✔]\]|\([xX✓✔]\)|[☒☑■]")


def _round_shape(text: str, number: int) -> Shaped | None:
    written, text = text, _SHORT_ROUND.sub(r"\1Rd\2", _word_first(_TAGS.sub(_blank, _boxes(text))))
    m = _ROUND.match(text)
    if m is None or _won(text[m.end(2) :]):
        return None  # (a round's result: :func:`says_a_result`)
    fill = _heading_fill(text, m)
    if fill is None:  # (a fill in another language's words, set aside: 'Runde 2 – Felix füllt von rechts')
        fill = _prose_fill(text[m.end(2) :]) or None
    elif fill is False:
        fill = _prose_fill(text[m.end(2) :])
    if fill is False:
        return None
    return _round_line(written, number, m.start(1) + 1, int(m[2]), fill)


#: A rank of a board's diagram: its number, then its eight squares each empty (a dot, a
#: dash) or a tower's short name (``PU``, ``or``, ``pi*``: a Sumo's mark after it), the
#: number again perhaps after them.
_BOARD_ROW = re.compile(r"\s*([1-8])[ \t]*[|:]?(?:[ \t]+(?:[.·_-]|[^\W\d_]{1,3}[*+]*)){8}[ \t]*[|:]?[ \t]*(?:\1)?\s*")


def board_row(text: str) -> bool:
    """Whether line ``text`` is a rank of a board's diagram (:data:`_BOARD_ROW`; its
    markup aside, ``8 or  bl  .  .  ye  re  .  br``, ``1  .  GR  RE …</pre></div>``):
    where the towers stand, no move."""
    return _BOARD_ROW.fullmatch(_TAGS.sub(" ", text)) is not None


def says_a_result(text: str) -> bool:
    """Whether line ``text`` opens with a round's name and number and says a side won that
    round (``Round 1: **gold** wins (next round filled from the left)``, below the
    round's moves): a note of the round's result, no ``Round`` line."""
    m = _ROUND.match(_word_first(_TAGS.sub(_blank, text)))
    return m is not None and _won(text[m.end(2) :])


def _won(after: str) -> bool:
    """Whether ``after``, what follows a round's number, says a side won and names no
    other round (``Round 1: **gold** wins (next round filled from the left)``, below the
    round's moves): the round's result, not its heading (``Round 2 – Gold won round 1,
    fills left`` heads round 2)."""
    from .evidence import winner_in  # (a line's words: only for a round's line)

    return winner_in(after) is not None and not re.search(r"\d", after)


#: A round's short name in a chat's emphasis (``*R2*``, ``**R3**``, ``_R1_``): ``R`` alone
#: with a number is a move's direction and distance too (``R1``, right 1), but emphasised
#: so it is the round's label, read as ``Rd`` (its emphasis mark taken for the letter).
_SHORT_ROUND = re.compile(r"(?<![\w*_])([*_]?)[*_]R(\d{1,2})(?=[*_]{1,2}(?!\w))")


def _boxes(text: str) -> str:
    """``text`` with a form's boxes read (``Round: 1   Fill: [ ] left [X] right``): an
    empty box and its word blanked, a ticked box's mark blanked, in place; where no box
    is ticked, the first empty one says ``none`` (``Fill: [ ] left [ ] right``: none
    said, as a first round's)."""
    if "[" not in text and "(" not in text and text.isascii():
        return text
    empty = _UNTICKED.search(text)
    if empty is None:
        return text
    if _TICKED.search(text) is None:
        text = text[: empty.start()] + "none".ljust(len(empty.group())) + text[empty.end() :]
    return _TICKED.sub(_blank, _UNTICKED.sub(_blank, text))


def _blank(m: re.Match[str]) -> str:
    return " " * len(m.group())


def _heading_fill(text: str, m: re.Match[str]) -> Fill | None | Literal[False]:
    """The fill of a ``Round`` line in another shape (``m``: :data:`_ROUND`'s match of
    ``text``): ``None`` where it says none, ``False`` where it is no such line."""
    named = set(filter(None, map(_clitic_fill, m[5].split()))) if m[5] else set()  # ('refill left', 'aanvullen van links')
    if len(named) > 1:
        return False  # ('fill left or right?': no one fill)
    fill = named.pop() if named else None
    end = _heading_end(m, fill)
    if end is None or not _ASIDE.fullmatch(text, end) or _said_square().search(text, end):
        return False
    return False if fill is None and _fill_unread(text, m, end) else fill


def _fill_unread(text: str, m: re.Match[str], end: int) -> bool:
    """Whether a ``Round`` line (``m``, its heading ending at ``end``) that names no fill
    says one in no word we read: our line with a slip, its error stands."""
    return bool(m[4] or _FILL_WORD.search(text, end)) and not _NO_FILL.search(text)


def _heading_end(m: re.Match[str], fill: Fill | None) -> int | None:
    """Where the heading :data:`_ROUND` matched (``m``, naming ``fill``) ends, the rest of
    its line to be set aside: before words after the number that name no fill, else at
    the match's end; ``None`` where its brackets do not close."""
    if m[5] and fill is None and not m[4] and not m[3]:
        return m.start(5)  # (words after the number that name no fill: set aside with the rest)
    if m[3] and not m[6]:
        return _closed(m)
    if bool(m[3]) != bool(m[6]):
        return None
    return m.end()


def _closed(m: re.Match[str]) -> int | None:
    """Where the bracket :data:`_ROUND`'s match ``m`` opened after the number closes, past
    more words than the match takes (``Round 1 (normal setup, I start)``), with no digit
    and no word of a fill between; ``None`` where it does not."""
    close = m.string.find(")" if m[3] == "(" else "]", m.end())
    if close < 0 or not _ASIDE.fullmatch(m.string, m.end(), close):
        return None
    return close + 1


#: A round named by its number in prose (``the winner of round 1``; ``a 3. körben``, in
#: round 3, the number first as Hungarian writes it), which is no move.
_ROUND_NAMED = re.compile(
    r"\b(?:" + "|".join(ROUND_WORDS) + r")\s*\d{1,2}\b(?![-:.,/]\d)|\b\d{1,2}\.\s?(?:" + "|".join(ROUNDS_AFTER_NUMBER) + r")\w*", re.IGNORECASE
)


def _prose_fill(rest: str) -> Fill | None | Literal[False]:
    """The fill a round's heading says in prose after its number (``Round 5 – decider.
    Fill from the right. Tomasz starts.``, ``Round 2 (I chose fill from the right)``):
    the one side named after the word ``fill``, or in the whole prose where no such word
    stands (``ROUND 4 — Priya picks, right again``); ``False`` where there is a digit (a
    move, a score), or no one side named."""
    rest = _ROUND_NAMED.sub(_blank, rest)  # ('the winner of round 1 refilled from the right': a round named, no move)
    said = _FILL_WORD.search(rest)
    if any(ch.isdigit() for ch in rest):
        return False
    named = fill_named(rest if said is None else rest[said.end() :])  # (no fill word: the side chosen, 'Priya picks, right again')
    return False if named is None else named


#: A Markdown heading below the title (``## Game 2``), which the notation reads as a
#: comment (one ``#``: a comment of ours, ``# game 2`` before a match's headers, stays one).
_HEADING = re.compile(r"\s*#{2,6}\s")


def heading_shape(text: str, number: int) -> Shaped | None:
    """Line ``number`` (``text``), which the notation reads as a comment, read as a
    ``Round`` line where it is a Markdown heading of a round and nothing else (``##
    Game 2``, ``### Round 3 (fill left)``; not ``## round 2 was close``); else ``None``."""
    if _HEADING.match(text) is None:
        return None
    counted = _counted_round(text, number)
    if counted is not None:
        return counted
    shaped = _round_shape(text, number)
    m = _ROUND.match(text)
    if shaped is None or m is None or text[m.end() :].strip(" #=*_"):
        return None
    return shaped


def fill_named(text: str) -> Fill | None:
    """The one fill a line of prose names (``Ada picked right. Remi to start.``, ``he
    went "from the left"``): left or right, in any word :func:`_fill` reads, and not
    both; ``None`` where it names neither or both, or holds a digit (a move, a score)."""
    if any(ch.isdigit() for ch in text):
        return None
    fills = {f for w in re.findall(r"[^\W\d_]+(?:['’][^\W\d_]+)*", text) if (f := _clitic_fill(w)) is not None}
    return fills.pop() if len(fills) == 1 else None


def heading_fill(text: str) -> Fill | None:
    """The fill a round's heading, line ``text``, states (:func:`fill_stated`), or names
    in prose with no word for filling (``4. KÖR – Gergő nyert, megint jobbról``: won,
    from the right again): the one side named once the rounds it names are set aside."""
    return fill_stated(text) or fill_named(_ROUND_NAMED.sub(_blank, text))


def fill_stated(text: str) -> Fill | None:
    """The fill line ``text`` states after the word for filling (``[Fill "right"]``, a
    server's header; ``Round 2 fill left``; ``--- round 3 fill=right ---``; ``Felix
    filled from the left``): the one side named after it in its sentence
    (:func:`fill_named`; a round named before it, ``round 3``, is no digit of a move);
    else ``None``."""
    said = fill_said(text)
    return None if said is None else said[0]


def fill_said(text: str) -> tuple[Fill, int, int] | None:
    """The fill line ``text`` states (:func:`fill_stated`) and where its words stand: from
    the word for filling to its sentence's end (``eu preencho pela direita.``: the side's
    word is the fill's, no move's direction); else ``None``."""
    said = _FILL_WORD.search(text)
    if said is None:
        return None
    stop = _FILL_SAID_END.search(text, said.end())
    end = stop.start() if stop is not None else len(text)
    how = fill_named(_ROUND_NAMED.sub(_blank, text[said.end() : end]))
    return None if how is None else (how, said.start(), end)


#: Where a fill stated is said ends: its sentence's end (``… pela direita. A laranja fica no H8``).
_FILL_SAID_END = re.compile(r"[.!?;](?:\s|$)")


def _clitic_fill(word: str) -> Fill | None:
    """The fill ``word`` names, an article or a preposition before an apostrophe kept
    with it: ``l'esquerra`` (the left), but ``o'r`` (*from the*: no ``r``)."""
    tail = re.split(r"['’]", word)[-1]
    return _fill(word) or (_fill(tail) if len(tail) >= _CLITIC_WORD else None)


#: The fewest letters of a word after an apostrophe read alone (``l'esquerra``; not ``o'r``).
_CLITIC_WORD = 3


def _fill(word: str) -> Fill | None:
    """The fill ``word`` names: left or right in any word the vocabulary reads for the
    mover's left or right (``L``, ``links``, ``gauche``, ``balra``), else ``None``."""
    direction = EVIDENCE_DIRECTIONS.get(normalise(word))
    return Fill.LEFT if direction is Direction.LEFT else Fill.RIGHT if direction is Direction.RIGHT else None


def _lineup_shape(text: str, number: int) -> Shaped | None:
    m = _LINEUP.fullmatch(text)
    if m is None:
        return None
    words = [w for w in _SEPARATORS.split(m[3]) if w]
    side = side_of(m[2])
    column = m.start(1) + 1
    misspelt = _misspelt(words)
    if misspelt is not None:
        return _lineup_mended(text, number, (column, text.find(words[misspelt[0]], m.start(3)) + 1), side, words, *misspelt)
    colours_read = _colours(words)
    if colours_read is None:
        return None
    missing = _left_out(colours_read[0])
    if missing is not None:
        message = f"{side.title}'s lineup names seven colours: {missing.title} is left out"
        return Shaped(None, Diagnostic("syntax", message, number, column, kind=Kind.LINEUP_COLOUR_MISSING))
    return _in_another_shape(text, number, column, side, colours_read, commas=re.search(r"[,;]", m[3]) is not None, plain=words)


def _in_another_shape(
    text: str, number: int, column: int, side: Side, read: tuple[list[Colour], list[str], list[int]], *, commas: bool, plain: list[str]
) -> Shaped | None:
    """Line ``number`` (``text``, from ``column``), a lineup of ``side`` whose colours,
    words as we write them and rings are ``read``, where it is in another shape than
    ours: its colours with ``commas`` between them, or words other than ours (``plain``:
    the words written, ``Purp`` for ``Purple``); else ``None`` (ours, or not eight)."""
    colours, ours_words, _rings = read
    if len(colours) != 8 or not (commas or ours_words != plain):
        return None
    message = f"{text.strip()!r} is read as {_ours(side, ours_words)!r} (a Lineup line in another shape)"
    why = "a lineup's colours with blanks between them" if commas else "a lineup's colours in full"
    return _shaped_lineup(text, number, (column, column), side, read, message, why)


def _ours(side: Side, words: list[str]) -> str:
    """The ``Lineup`` line of ``side`` as we write it, its colours ``words``."""
    return f"Lineup {side.title}: " + " ".join(words)


def _shaped_lineup(
    text: str, number: int, at: tuple[int, int], side: Side, read: tuple[list[Colour], list[str], list[int]], message: str, why: str
) -> Shaped:
    """Line ``number`` (``text``, from column ``at[0]``), a lineup of ``side`` in another
    shape whose colours, words as we write them and rings are ``read``: the lineup, and a
    warning at column ``at[1]`` saying ``message``, ``fix`` writing the line in our shape
    (``why``: what it changes)."""
    colours, ours_words, rings = read
    edit = RewriteLine(number, "lineup", text.strip(), _ours(side, ours_words), why)
    return Shaped(
        Lineup(side, colours, number, at[0], rings=rings if any(rings) else None),
        Diagnostic("syntax", message, number, at[1], WARNING, kind=Kind.LINEUP_LINE, edits=(edit,)),
    )


def _misspelt(words: list[str]) -> tuple[int, str] | None:
    """Where ``words`` (a lineup's) name seven distinct colours and one word that is none,
    a slip of the pen for a word of the colour they leave out (``Purpel``, ``Lial``: at
    most a third of its letters, and one at least, changed from the nearest word the
    vocabulary has for it, in the language of the other seven where two are as near:
    ``Bleu`` is ``Blue`` among English words, ``Blau`` among German ones): that word's
    place and the word; else ``None``."""
    k = _one_unread(words)
    word = _COLOUR.fullmatch(words[k]) if k is not None else None
    if k is None or word is None:
        return None
    others = words[:k] + words[k + 1 :]
    missing = _left_out([cw[0] for cw in map(_colour_written, others) if cw is not None])
    near = _nearest_word(word[1], missing, others) if missing is not None else None
    return (k, near[1]) if near is not None and near[0] <= max(1, len(word[1]) // 3) else None


def _one_unread(words: list[str]) -> int | None:
    """Where the one word of ``words`` (a lineup's eight) that names no colour stands,
    where there is one; else ``None``."""
    unread = [k for k, w in enumerate(words) if _colour_written(w) is None]
    return unread[0] if len(words) == 8 and len(unread) == 1 else None


def _colour_written(word: str) -> tuple[Colour, str] | None:
    """The colour a lineup's ``word`` names, with its ring marks (:func:`_colour`)."""
    r = _COLOUR.fullmatch(word)
    return _colour(r[1]) if r is not None else None


def _nearest_word(word: str, colour: Colour, others: list[str]) -> tuple[int, str]:
    """The word of ``colour`` nearest ``word`` in spelling, and how near (the edit
    distance), a word in the language of the lineup's ``others`` first of two as near."""
    styles = Counter(style for w in others for style in word_styles(w.rstrip("+")))
    near = min((edit_distance(word, w), -_share(styles, w), w) for w, c in COLOUR_WORDS.items() if c is colour and len(w) >= _SPELT_OUT)
    return near[0], near[2]


def _share(styles: Counter[tuple[str, str]], word: str) -> int:
    """How many words of a line are in a style (a language) ``word`` is in, where
    ``styles`` counts the line's words in each."""
    return max((styles[style] for style in word_styles(word)), default=0)


#: The fewest letters of a colour's word a lineup's word may be a slip of (not a code: ``Pu``).
_SPELT_OUT = 3


def _lineup_mended(text: str, number: int, at: tuple[int, int], side: Side, words: list[str], k: int, meant: str) -> Shaped | None:
    """Line ``number`` (``text``), a lineup of ``side`` whose word ``k`` of ``words`` (at
    column ``at[1]``) is a slip of the pen for the colour's word ``meant``
    (:func:`_misspelt`), read with that colour and a warning that names the slip, ``fix``
    writing the line in our shape."""
    rings = _COLOUR.fullmatch(words[k])
    read = _colours([*words[:k], meant.title() + (rings[2] if rings is not None else ""), *words[k + 1 :]])
    if read is None:
        return None
    message = f"unknown word {words[k]!r} in a lineup is read as {meant.title()}: the one colour the others leave out, spelt nearly so"
    return _shaped_lineup(text, number, at, side, read, message, f"{words[k]!r} misspelt")


def _left_out(colours: list[Colour]) -> Colour | None:
    """The one colour a lineup of ``colours`` leaves out, where they are seven distinct."""
    if len(colours) != 7 or len(set(colours)) != 7:
        return None
    (missing,) = set(Colour) - set(colours)
    return missing


def _colours(words: list[str]) -> tuple[list[Colour], list[str], list[int]] | None:
    """The colours ``words`` name, each word as we write it (an abbreviation in full, its
    ring marks kept), and each one's rings (``+`` marks); ``None`` where a word is none."""
    colours: list[Colour] = []
    ours: list[str] = []
    rings: list[int] = []
    for word in words:
        r = _COLOUR.fullmatch(word)
        found = _colour(r[1]) if r is not None else None
        if r is None or found is None:
            return None
        colours.append(found[0])
        ours.append(found[1] + r[2])
        rings.append(len(r[2]))
    return colours, ours, rings


def _colour(word: str) -> tuple[Colour, str] | None:
    """The colour ``word`` names, and the word as we write it: itself, or the word an
    abbreviation or a word without its umlauts stands for (:func:`.vocabulary.spelt_as`)."""
    try:
        return colour_of(word), word
    except KeyError:
        spelt = spelt_as(word)
        return (colour_of(spelt[1]), spelt[1]) if spelt is not None and spelt[0] == "COLOUR" else None
