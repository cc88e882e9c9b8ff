"""The target of a match whose headers do not say it plainly (``docs/record-decisions.md``,
"Headers as people write them"): a misspelt ``Match`` value, or no ``Match`` and no
``Target`` header over more than one round.

- ``[Match "Standart"]``: the format one slip away (:func:`~kamisado_notation.notation.kmr.headers.did_you_mean`)
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
from ..notation.kmr.digits import ascii_number
from ..notation.kmr.headers import RESULT_AS_HYPHEN, did_you_mean

__all__ = [
    "MATCH_FORMATS",
    "fits",
    "format_name",
    "inferred_target",
    "match_target",
    "misspelt_format",
    "parse_result",
    "targets_from_result",
]

#: The match formats by target, smallest first.
MATCH_FORMATS = sorted(MATCH_TARGETS.items(), key=lambda kv: kv[1])
_NAMES = tuple(name.title() for name, _target in MATCH_FORMATS)


def format_name(target: int) -> str:
    """``Standard`` for 3: the format of a target (``""`` for another)."""
    return next((name.title() for name, t in MATCH_FORMATS if t == target), "")


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
    return [t for _name, t in MATCH_FORMATS[1:] if low < t <= high]


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
    smallest the claim fits), or with no claim that fits the smallest the rounds fit
    (where rounds follow the last one replayed, the format those replayed decide, if
    any: what follows is not judged); and whether the claim decided it. ``None`` when
    nothing fits."""
    claimed = targets_from_result(claim) if claim is not None else []
    if claimed:
        return next((t for t in claimed if fits(scores, rounds, t)), claimed[0]), True
    if len(scores) < rounds and (decided := _decided_by(scores)) is not None:  # (rounds after the last replayed)
        return decided, False
    return _smallest_fitted(scores, rounds), False


def _smallest_fitted(scores: list[tuple[int, int]], rounds: int) -> int | None:
    """The target of the smallest format (of more than one round) that a match of
    ``rounds`` rounds, the score ``scores`` after each replayed, fits; ``None`` for none."""
    return next((t for _name, t in MATCH_FORMATS[1:] if fits(scores, rounds, t)), None)


def _decided_by(scores: list[tuple[int, int]]) -> int | None:
    """The smallest format the rounds replayed (the score ``scores`` after each) decide:
    the last score reaches its target, and the rounds fit it; ``None`` for none."""
    if not scores:
        return None
    return next((t for _name, t in MATCH_FORMATS[1:] if max(scores[-1]) >= t and fits(scores, len(scores), t)), None)


def match_target(value: str | None, *, target: str | None = None) -> int | None:
    """The target of a ``Match`` header (``Standard`` → 3) or a ``Target`` header
    (``"5"``); 1 when neither is given; ``None`` when the value makes no sense."""
    if target is not None:
        n = ascii_number(target)  # not "５", not "1_0"
        return n if n is not None and n >= 1 else None
    if value is None:
        return 1
    key = value.strip().lower()
    key = key.removesuffix(" round")
    return MATCH_TARGETS.get(key)


def parse_result(value: str) -> tuple[int, int] | None:
    """``"1-3"`` → ``(1, 3)`` (Black's points, Gold's); ``None`` when not of that form.
    An en dash, an em dash, a minus sign or a colon (:data:`~kamisado_notation.notation.kmr.headers.RESULT_SEPARATORS`) is read
    as the ``-``."""
    parts = value.strip().translate(RESULT_AS_HYPHEN).split("-")
    if len(parts) != 2:
        return None
    b, g = (ascii_number(p) for p in parts)
    return (b, g) if b is not None and g is not None else None
