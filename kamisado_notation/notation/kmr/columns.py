"""A table's heading names its columns. Where a column holds the round, its fill, the
turn's number, the score, the player, the date or a note, its cells say nothing of the
move on their row: a club's sheet that repeats the round's fill on every row (``från
höger``, *from the right*) would otherwise give each move a second direction, and the
round's number a second distance.

:class:`Columns` learns such columns from a heading row (cells parted by tabs,
semicolons, bars or commas, four at least, each a few short words, no digit, none a
colour's or a direction's word, one at least naming a column that holds no move) and blanks their cells in the
rows of the table after it, each cell's place kept, so that what the other cells say
stands where it was written; the table ends at a line of fewer than three cells.
"""

from __future__ import annotations

import re
from functools import cache

from ..vocabulary import (
    COLOUR_WORDS,
    DIRECTION_WORDS,
    FILL_WORDS,
    POINTS_WORDS,
    ROUND_WORDS,
    SIDE_WORDS,
    normalise,
)

__all__ = ["Columns"]

#: The separators a table's cells are parted by, the likeliest first.
_SEPARATORS = ("\t", ";", "|", ",")
#: The fewest cells a heading row has.
_CELLS = 4
#: The fewest words of a row of labels.
_LABELS = 3
#: The longest heading's cell, in characters and in words.
_HEADING_CHARS, _HEADING_WORDS = 24, 3
#: A word of a heading's cell.
_WORD = re.compile(r"[^\W\d_]+|#|№")
#: A letter (a word's or a square's).
_LETTER = re.compile(r"[^\W\d_]")

#: Words that head a column holding no move: the round and its fill, the turn's number,
#: the score, the player, the date or time, a note (in the languages records are kept in).
_ASIDE_HEADINGS = frozenset(
    normalise(w)
    for w in (
        *FILL_WORDS, *ROUND_WORDS, *POINTS_WORDS, "fill", "filling", "füllung", "fyll", "töltés", "remplir", "enchimento",
        "nr", "no", "#", "№", "number", "nummer", "num", "núm", "szám", "turn", "turno", "zug", "kör",
        "score", "ställning", "stand", "spielstand", "állás", "pontszám", "placar", "pontuação", "scor", "счёт", "счет",
        "marcador", "puntuación", "wynik", "skóre", "stilling", "tussenstand",
        "player", "spelare", "spieler", "játékos", "jogador", "jucător", "игрок", "jugador", "joueur", "giocatore",
        "speler", "gracz", "hráč", "date", "datum", "time", "tid", "zeit", "dátum", "data", "idő", "дата", "fecha",
    )
)  # fmt: skip

#: Words that head a column of notes: notes beside the move where the row's other cells
#: say it, but where they hold no word, the move itself (a clock app's log: ``1,15:02:25,
#: A,0:14.6,2:47.4,3:00.0,blu b8-b3``).
_NOTE_HEADINGS = frozenset(
    normalise(w)
    for w in (
        "note", "notes", "anm", "anmärkning", "anmerkung", "anmerkungen", "bemerkung", "kommentar", "comment", "comments",
        "remarks", "remark", "megjegyzés", "obs", "observação", "observações", "observación", "observaciones", "nota", "notas", "observații",
        "примечание", "комментарий", "uwagi", "poznámka", "opmerking", "commentaire", "remarque",
    )
)  # fmt: skip

#: Words that head a column of a move's slots (its tower, direction, distance, squares):
#: a row of them and of side names (``No | BLACK tower dir sq | GOLD tower dir sq``)
#: is a table's heading, whatever parts its cells.
_SLOT_HEADINGS = frozenset(
    normalise(w)
    for w in (
        "tower", "towers", "piece", "colour", "color", "col", "dir", "direction", "dist", "distance", "sq", "sqs",
        "square", "squares", "landing", "lands", "from", "to", "move", "moves", "steps", "turm", "richtung", "feld",
        "felder", "torre", "direção", "dirección", "casas", "casa", "torony", "irány", "mező", "tour", "case", "cases",
    )
)  # fmt: skip


@cache
def _move_words() -> frozenset[str]:
    """A colour's or a direction's word (made on first use, as the vocabulary's evidence
    tables it holds are)."""
    from ..vocabulary import EVIDENCE_COLOURS, EVIDENCE_DIRECTIONS

    return frozenset({*COLOUR_WORDS, *DIRECTION_WORDS, *EVIDENCE_COLOURS, *EVIDENCE_DIRECTIONS})


class Columns:
    """The columns of the table being read that hold no move, as its heading row named
    them (none before a heading row is read)."""

    def __init__(self) -> None:
        self.separator = ""
        self.width = 0
        self.aside: frozenset[int] = frozenset()
        self.notes: frozenset[int] = frozenset()

    def learn(self, text: str) -> bool:
        """Take line ``text`` in where it is a heading row naming a column that holds no
        move; whether it is (a heading says nothing of a move either)."""
        if any(ch.isdigit() for ch in text):
            return False
        if _labels(text):
            return True
        for separator in _SEPARATORS:
            cells = _cells(text, separator)
            aside = _aside_columns(cells)
            if aside:
                self.separator, self.width, self.aside = separator, len(cells), aside
                self.notes = frozenset(k for k in aside if _heads(cells[k], _NOTE_HEADINGS))
                return True
        return False

    def blank(self, text: str) -> str:
        """Line ``text`` with the cells of the columns that hold no move blanked, where it
        is a row of the table (as many cells as its heading, give or take two)."""
        if not self.aside:
            return text
        cells = _cells(text, self.separator)
        if len(cells) < 3:
            self.aside = frozenset()  # (the table has ended: prose, or a line of its own)
            return text
        if abs(len(cells) - self.width) > 2:
            return text
        aside = self.aside if _says_more(cells, self.aside) else self.aside - self.notes
        return self.separator.join(_blank(cell) if k in aside else cell for k, cell in enumerate(cells))


def _cells(text: str, separator: str) -> list[str]:
    """A row's cells: ``text`` parted by ``separator`` where it stands outside double
    quotes (a CSV's cell that holds a comma: ``"blue b3-d1, game over"``)."""
    return re.split(re.escape(separator) + r'(?=(?:[^"]*"[^"]*")*[^"]*$)', text)


def _labels(text: str) -> bool:
    """Whether ``text`` is a row of labels: three words at least, each a side's name or
    the heading of a move's slot or of a column that holds no move, a slot's among them
    (``No | BLACK tower dir sq | GOLD tower dir sq``; its cells parted by spaces alone,
    it names no column to blank, but says nothing of a move itself)."""
    words = [normalise(w) for w in _WORD.findall(text)]
    known = _SLOT_HEADINGS | _ASIDE_HEADINGS | SIDE_WORDS
    return len(words) >= _LABELS and all(w in known for w in words) and any(w in _SLOT_HEADINGS for w in words)


def _aside_columns(cells: list[str]) -> frozenset[int]:
    """The columns a heading row's ``cells`` name as holding no move; none where they
    are no heading (too few, a sentence's parts, a list of colours and directions:
    ``forward, orange, round, fill``)."""
    if (
        sum(bool(c.strip()) for c in cells) < _CELLS
        or not all(map(_heading_cell, cells))
        or any(map(_names_a_move, cells))
    ):
        return frozenset()
    return frozenset(k for k, cell in enumerate(cells) if _holds_no_move(cell))


def _blank(cell: str) -> str:
    """A cell of a column that holds no move, blanked where it holds words (``från
    höger``, a player's name, a note); a number alone stays (a round's or a turn's, read
    as a row's counter)."""
    return cell if cell.strip().isdigit() else " " * len(cell)


def _heading_cell(cell: str) -> bool:
    """Whether ``cell`` may be a heading's: empty, or a few short words (``Landar på``,
    ``Ställning W-E``; not a sentence)."""
    return len(cell.strip()) <= _HEADING_CHARS and len(cell.split()) <= _HEADING_WORDS


def _names_a_move(cell: str) -> bool:
    """Whether ``cell`` is a colour's or a direction's word (a lineup's, a list's: no
    heading names its columns so)."""
    return normalise(cell.strip(" .:")) in _move_words()


def _holds_no_move(cell: str) -> bool:
    """Whether a heading's ``cell`` names a column that holds no move (``Fyllning``,
    ``Drag nr``, ``Ställning W-E``, ``Anm.``), or notes (:data:`_NOTE_HEADINGS`)."""
    return _heads(cell, _ASIDE_HEADINGS) or _heads(cell, _NOTE_HEADINGS)


def _heads(cell: str, headings: frozenset[str]) -> bool:
    """Whether a heading's ``cell`` opens or ends with a word of ``headings``."""
    words = [normalise(w) for w in _WORD.findall(cell)]
    return bool(words) and (words[0] in headings or words[-1] in headings)


def _says_more(cells: list[str], aside: frozenset[int]) -> bool:
    """Whether a row's ``cells`` outside the columns that hold no move (``aside``) hold a
    word or a square: where they hold numbers alone (a turn's, a clock's), the notes
    column holds the move."""
    return any(_LETTER.search(cell) for k, cell in enumerate(cells) if k not in aside)
