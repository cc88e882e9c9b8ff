"""The form and language an entry was written in, so that a correction can be written
the same way (SPEC §6 ``suggestions``: "in the form and language the entry was written
in").

The form is that of the entry's first word (the tower: a glyph, a code or a word; the
coordinate form has none); the language is the one every word of the entry belongs to
(``rosa rechts 3 lila`` is German: ``rosa`` is German or Portuguese, ``rechts`` only
German), the first in :data:`~kamisado_notation.notation.vocabulary.LANGUAGES` order
when several fit.
"""

from __future__ import annotations

import re

from ..position import Move
from .record import Entry
from .vocabulary import LANGUAGES, word_styles
from .writer import Form, format_move

__all__ = ["entry_style", "write_like"]

#: The words of an entry: runs of letters (words, codes, glyphs) or one arrow.
_WORD = re.compile(r"[^\W\d_]+|[↑↖↗↓^\\/]")


def entry_style(entry: Entry) -> tuple[Form, str]:
    """The (form, language) ``entry`` was written in; ``(Form.TEXT, "en")`` when its
    text says nothing (an entry built in code)."""
    if entry.is_coords:
        return Form.COORDS, "en"
    styles = [word_styles(w) for w in _WORD.findall(entry.text)]
    styles = [s for s in styles if s]
    if not styles:
        return Form.TEXT, "en"
    forms = {form for form, _lang in styles[0]}
    for form in (Form.SYMBOLS, Form.SHORT):
        if form.value in forms:
            return form, "en"
    langs = [{lang for form, lang in s if form == "text"} for s in styles]
    common = set.intersection(*[s for s in langs if s]) or langs[0]
    return Form.TEXT, next(lang for lang in LANGUAGES if lang in common)


def write_like(entry: Entry, move: Move) -> str:
    """``move`` written as ``entry`` was written (its form and language)."""
    form, lang = entry_style(entry)
    return format_move(move, form=form, lang=lang)
