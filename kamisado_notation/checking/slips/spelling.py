"""A misspelt word told apart by its spelling: which of the legal moves an entry's other
slots allow it stands for.

An unknown word in an entry (``Purple Lfet 5 Green``) is read past, and its slot is
whatever the legal moves allow (:mod:`..replay`). Where several do (``Purple Left 5 Green``
and ``Purple Right 5 Green`` both legal), the word itself tells: the one whose word in
that slot is nearest in spelling (edit distance, a swap of two neighbouring letters
counting one) is the correction, when it is the only nearest and near enough to be a
slip of that word (at most a third of its letters, and at least one, changed). So with
two misspelt words in one entry (``Brown Forwrd 1 Purpel``), their distances summed. The
correction is then certain because the spelling and the legal moves agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ...diagnostics import Diagnostic, Edit, Kind, ReplaceEntry, compose, correction
from ...notation.record import Entry
from ...notation.vocabulary import edit_distance as distance

__all__ = ["a_slip", "completed_word", "distance", "nearest", "spelt"]


def nearest(words: Sequence[str], spellings: Sequence[Sequence[str]]) -> int | None:
    """The index of the one spelling (a word for each of ``words``) nearest ``words``
    (the sum of the distances), when each of its words is near enough to be a slip of
    the one written (module docstring); ``None`` when none is, or two are as near."""
    scored = sorted((sum(distance(w, s) for w, s in zip(words, spelt, strict=True)), k) for k, spelt in enumerate(spellings))
    if not scored or (len(scored) > 1 and scored[1][0] == scored[0][0]):
        return None
    k = scored[0][1]
    return k if _slips_of(words, spellings[k]) else None


def _slips_of(words: Sequence[str], spelling: Sequence[str]) -> bool:
    """Whether each of ``words`` is near enough the word of ``spelling`` in its place to
    be a slip of it: at most a third of its letters, and at least one, changed."""
    return all(distance(w, s) <= max(1, len(w) // 3) for w, s in zip(words, spelling, strict=True))


def a_slip(d: Diagnostic) -> bool:
    """Whether ``d`` is an unknown word in an entry whose certain correction changes only
    words it is a slip of (:func:`_slips_of`: ``Rde`` for ``Red``), a slip of the pen
    the reading knows the move of, not a word of a language it does not read."""
    edit = d.edits[0] if d.kind is Kind.UNKNOWN_WORD and len(d.edits) == 1 else None
    return isinstance(edit, ReplaceEntry) and _slipped(edit.old.lower().split(), edit.new.lower().split())


def _slipped(written: list[str], meant: list[str]) -> bool:
    """Whether the words ``written`` are those ``meant``, one or more of them slips of
    the pen (:func:`_slips_of`)."""
    changed = [k for k in range(len(written)) if written[k] != meant[k]] if len(written) == len(meant) else []
    return bool(changed) and _slips_of([written[k] for k in changed], [meant[k] for k in changed])


def spelt(entry: Entry, suggestions: tuple[str, ...]) -> int | None:
    """Which of ``suggestions`` (the legal moves an entry with an unknown word may stand
    for, written as it was) spells the unknown word nearest (:func:`nearest`), where the
    entry and each suggestion have their words one a slot (the text and short forms)."""
    slots = _unread_words(entry)
    words = entry.text.split()
    if not slots or len(words) != 4 or len(suggestions) < 2:
        return None
    spellings = _word_a_slot(suggestions)
    if spellings is None:
        return None
    return nearest([words[k] for k in slots], [[w[k] for k in slots] for w in spellings])


def _word_a_slot(suggestions: tuple[str, ...]) -> list[list[str]] | None:
    """The words of each of ``suggestions``, where each has one a slot (four); else
    ``None``."""
    spellings = [s.split() for s in suggestions]
    return None if any(len(w) != 4 for w in spellings) else spellings


#: Where the word of each slot an entry may leave unread stands among its four words.
_WORD_OF = {"tower": 0, "direction": 1, "square": 3}


def _unread_words(entry: Entry) -> list[int]:
    """Where the words of ``entry``'s slots not read stand among its four words."""
    return [_WORD_OF[name] for name in (entry.unread or "").split() if name in _WORD_OF]


def completed_word(error: Diagnostic, suggestions: tuple[str, ...], certain: Edit | None, tie: str | None = None) -> Diagnostic:
    """The reader's ``error`` of an unknown word read past, completed by the replay: the
    entries its other slots allow (``suggestions``, nearest spelling first) and the
    correction when certain (its ``certain`` edit), else the candidates. ``tie``: what
    replaying the round under each of them found (it settles the move, or says whether
    the round is judged)."""
    message = _with_tie(error, suggestions, certain, tie) if tie is not None else _without_tie(error, suggestions, certain)
    return replace(error, message=message, suggestions=suggestions, edits=(certain,) if certain is not None else ())


def _without_tie(error: Diagnostic, suggestions: tuple[str, ...], certain: Edit | None) -> str:
    """:func:`completed_word`'s message where replaying the round under the suggestions
    found nothing to say (no ``tie``): the correction and why it is certain, else the
    candidates."""
    if certain is not None and len(suggestions) > 1:  # the spelling told them apart
        return compose(
            error.message,
            f"the entry's other slots allow {' or '.join(suggestions)}, and the word is spelt nearest the first",
            correction(suggestions[0]),
        )
    if certain:
        return compose(error.message, "the entry's other slots name one legal move", correction(suggestions[0]))
    if suggestions:
        return compose(error.message, f"the entry's other slots allow {' or '.join(suggestions)}: no single correction")
    return compose(error.message, "no legal move agrees with the entry's other slots")


def _with_tie(error: Diagnostic, suggestions: tuple[str, ...], certain: Edit | None, tie: str) -> str:
    """:func:`completed_word`'s message where replaying the round under each suggestion
    found something (``tie``)."""
    allow = f"the entry's other slots allow {' or '.join(suggestions)}"
    if certain is None:
        return compose(error.message, f"{allow}: no single correction", tie)
    return compose(error.message, allow, tie, correction(suggestions[0]))
