"""The target of a match whose headers do not say it plainly (``docs/record-decisions.md``,
"Headers as people write them"): a misspelt ``Match`` value, or no ``Match`` and no
``Target`` header over more than one round.

- ``[Match "Standart"]``: the format one slip away (:func:`~kamisado_notation.notation.headers.did_you_mean`)
  is read, with a warning, when it is the only one that close; several that close are
  named in the error.
- No ``Match`` or ``Target`` header and more than one round: a record of one round is a
  single round (as always), but one of more cannot be, so the target is the smallest
  other format that both the ``Result`` claim (the loser's points below it, the
  winner's at or above it) and the rounds (the match decided by its last round, or not
  yet: never before) fit; else the smallest the claim fits, or with no claim the
  smallest the rounds fit; a warning names it, and every round is then checked
  against it.
"""

from __future__ import annotations

from ..engine.match import MATCH_TARGETS
from ..notation.headers import did_you_mean

__all__ = ["FORMATS", "fits", "format_name", "inferred_target", "misspelt_format", "targets_from_result"]

#: The match formats by target, smallest first.
FORMATS = sorted(MATCH_TARGETS.items(), key=lambda kv: kv[1])
_NAMES = tuple(name.title() for name, _target in FORMATS)


def format_name(target: int) -> str:
    """``Standard`` for 3: the format of a target (``""`` for another)."""
    return next((name.title() for name, t in FORMATS if t == target), "")


def misspelt_format(value: str) -> list[str]:
    """The formats a ``Match`` value that names none is one slip away from (``Standart``
    → ``["Standard"]``); empty when none is that close."""
    key = value.strip().lower().removesuffix(" round")
    return did_you_mean(key, _NAMES) if key else []


def targets_from_result(claim: tuple[int, int]) -> list[int]:
    """The format targets of more than one round that a final score ``claim`` fits,
    smallest first: the winner's points at or above it, the loser's below it (a Sumo's
    win may pass it)."""
    low, high = sorted(claim)
    return [t for _name, t in FORMATS[1:] if low < t <= high]


def fits(scores: list[tuple[int, int]], rounds: int, target: int) -> bool:
    """Whether a match of ``rounds`` rounds written, with the score ``scores`` after
    each round replayed, fits ``target``: decided at its last round, or not decided by
    the rounds replayed (in progress) — never before its last round."""
    decided = next((i for i, (b, g) in enumerate(scores) if max(b, g) >= target), None)
    return decided is None or decided == rounds - 1


def inferred_target(claim: tuple[int, int] | None, scores: list[tuple[int, int]], rounds: int) -> tuple[int | None, bool]:
    """The target of a match of ``rounds`` rounds (more than one) with no ``Match`` or
    ``Target`` header, from its ``Result`` ``claim`` and the ``scores`` after each round
    replayed: the smallest format the claim fits that the rounds fit too (else the
    smallest the claim fits), or with no claim that fits the smallest the rounds fit;
    and whether the claim decided it. ``None`` when nothing fits."""
    claimed = targets_from_result(claim) if claim is not None else []
    if claimed:
        return next((t for t in claimed if fits(scores, rounds, t)), claimed[0]), True
    return next((t for _name, t in FORMATS[1:] if fits(scores, rounds, t)), None), False
