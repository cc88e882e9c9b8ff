"""The form and language an entry was written in, so that a correction can be written
the same way (README: ``suggestions``: "in the form and language the entry was written
in").

The form is that of the entry's first word (the tower: a glyph, a code or a word; the
coordinate form has none); the language is the one every word of the entry belongs to
(``rosa rechts 3 lila`` is German: ``rosa`` is German or Portuguese, ``rechts`` only
German), the first in :data:`~kamisado_notation.notation.vocabulary.LANGUAGES` order
when several fit.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from ...engine.position import Move
from ..record import Entry
from ..vocabulary import LANGUAGES, word_styles
from ..writer import Form, format_move

__all__ = ["entry_style", "write_like"]

#: The words of an entry: runs of letters (words, codes, glyphs). Its arrows say nothing
#: of its form: they are the symbols form's, but also what people write beside a colour's
#: word or sign (``:purple_heart: ↓2``, ``🟠 ↑3``).
_WORD = re.compile(r"[^\W\d_]+")


def entry_style(entry: Entry, near: Sequence[Entry] = ()) -> tuple[Form, str]:
    """The (form, language) ``entry`` was written in. When its text says nothing (one
    word of another style, ``pass``; an entry built in code), the form and language the
    entries ``near`` it use most (``(Form.TEXT, "en")`` without them). Where its words fit several languages
    (``lila … lila`` is German and Hungarian: the word that told them apart may be the
    one misspelt), the one the entries ``near`` it use most decides, then the order of
    :data:`~kamisado_notation.notation.vocabulary.LANGUAGES`."""
    if entry.is_coords:
        return Form.COORDS, "en"
    langs = _languages(entry)
    if langs is None:  # (a word of another style alone, 'pass': the entries near it tell)
        return _told_near(entry, near)
    if isinstance(langs, Form):
        return langs, "en"
    if len(langs) > 1 and near:
        return Form.TEXT, _voted_near(entry, near, langs)
    return Form.TEXT, next(lang for lang in LANGUAGES if lang in langs)


def _told_near(entry: Entry, near: Sequence[Entry]) -> tuple[Form, str]:
    """The (form, language) most of the entries ``near`` an ``entry`` that says nothing
    are written in, of those whose text tells (``(Form.TEXT, "en")`` when none does)."""
    told = Counter(entry_style(e) for e in near if e is not entry and not e.placeholder and (e.is_coords or _languages(e) is not None))
    return told.most_common(1)[0][0] if told else (Form.TEXT, "en")


def _voted_near(entry: Entry, near: Sequence[Entry], langs: set[str]) -> str:
    """Of the languages ``langs`` an entry's words fit, the one most of the entries
    ``near`` it are written in (those whose words tell one), then the first in
    :data:`~kamisado_notation.notation.vocabulary.LANGUAGES` order."""
    votes = Counter(lang for e in near if e is not entry and not e.is_coords for lang in _one(_languages(e)))
    return max(langs, key=lambda lang: (votes[lang], -LANGUAGES.index(lang)))


def _languages(entry: Entry) -> set[str] | Form | None:
    """The languages every word of a text-form entry fits (the first word's, if none
    fits all), or its form (symbols, short), or ``None`` when its text says nothing."""
    styles = [word_styles(w) for w in _WORD.findall(entry.text)]
    styles = [s for s in styles if s]
    if not styles:
        return None
    forms = {form for form, _lang in styles[0]}
    terse = next((form for form in (Form.SYMBOLS, Form.SHORT) if form.value in forms), None)
    return terse if terse is not None else _text_languages(styles)


def _text_languages(styles: list[frozenset[tuple[str, str]]]) -> set[str]:
    """The languages in which every word of an entry (their ``styles``, none empty) is a
    word of the text form; the first word's, if none fits all."""
    langs = [{lang for form, lang in s if form == "text"} for s in styles]
    return set.intersection(*[s for s in langs if s]) or langs[0]


def _one(langs: set[str] | Form | None) -> set[str]:
    """The language of an entry when its words tell it (one language), else none."""
    return langs if isinstance(langs, set) and len(langs) == 1 else set()


def write_like(entry: Entry, move: Move, near: Sequence[Entry] = ()) -> str:
    """``move`` written as ``entry`` was written (its form and language; ``near``: the
    entries around it, where its own words leave the language open)."""
    form, lang = entry_style(entry, near)
    return format_move(move, form=form, lang=lang)
