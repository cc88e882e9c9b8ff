"""Slips of a whole row or round: what a record that stopped the replay may have meant.

This package is the home of the slips: each family is a module of it that registers the
readings it recognises (:func:`recognises`) and the record edits each proposes. The
families: :mod:`.rows` (a row's entries swapped, a row written twice or left out),
:mod:`.rounds` (a ``...`` where Black starts, one side's arrows mirrored, every distance
one too many), :mod:`.exchanges` (a round written Gold's entry first in every row, one
player's entries of two rows exchanged), :mod:`.pushes` (a push written without its
back-entry), and, called where
the replay meets them, :mod:`.spelling` (an unknown word's slot told by the legal moves)
and :mod:`.headers` (headers as people write them). A slip of a row or a round is one
unit: a function of the :class:`Stop` registered with :func:`recognises`, which declares
all the rest of the package knows of it (its
:class:`~kamisado_notation.diagnostics.Kind`, the places it may start at, the rule and
severity it is reported with, its precedence and why, and how a person makes it, its
planted examples); :func:`explain` tries every one where it may start. A new slip is a
function in a family's module, or a module of its own imported below (and its test).

The replay corrects one wrong slot of an entry (:mod:`..correct`); some slips people make
spoil more than one slot, and several entries: the two entries of a row written the other
way round, a row left out or written twice, one player's Left and Right mirrored for a
whole round (written from the other player's side), every distance one too many (the
start square counted), a ``...`` where Black starts, a push written without the pushed
player's back-entry. Each is a *hypothesis*: the round's entries from the stop on as they
would read without the slip, and the record edits that make them so
(:data:`~kamisado_notation.diagnostics.Edit`).

At a stop the replay asks :func:`explain` which hypothesis explains the most of what
follows: each is replayed forward from the stop, exactly as written, until its first
entry that is no legal move (so the cost is the round's rest, once for each of a handful
of hypotheses: linear in the record). One is *certain* when it is the only best, and
replays the rest of the round to its end (a tower on the home row, or a deadlock) or at
least :data:`AGREE` entries past its own edits; the replay then goes on with it, and
``fix`` makes its edits. Otherwise the ones that explain something are named as
candidates. A slip of a whole round is assumed only where it explains two entries or more,
and a row left out only where the round then ends as the record goes on (many rows may
bridge a gap, and they may differ only in a tower that moves again much later). Rows
that replay the rest of their round alike are told apart by the rounds after it: the
one after whose end they replay furthest as written (up to :data:`~.lineups.AHEAD`
rounds, through the next one at least) is certain when it is the only one.
"""

from __future__ import annotations

# The families register their recognisers when imported (named here, so that the graph
# of imports sees them: tests/package/test_architecture.py).
from . import exchanges, pushes, rounds, rows, struck  # noqa: F401
from .hypotheses import (
    AGREE,
    ANYWHERE,
    WITHIN,
    EditsOf,
    Explanation,
    Hypothesis,
    Place,
    Recogniser,
    Stop,
    candidate_words,
    entry_of,
    explain,
    recogniser,
    recognisers,
    recognises,
    row_off,
)
from .planting import Plant, Planted, Style, own_rows, rewrite

__all__ = [
    "AGREE",
    "ANYWHERE",
    "WITHIN",
    "EditsOf",
    "Explanation",
    "Hypothesis",
    "Place",
    "Plant",
    "Planted",
    "Recogniser",
    "Stop",
    "Style",
    "candidate_words",
    "entry_of",
    "explain",
    "own_rows",
    "recogniser",
    "recognisers",
    "recognises",
    "rewrite",
    "row_off",
]
