"""The target of a match whose headers do not say it plainly (``docs/record-decisions.md``,
"Headers as people write them"): a misspelt ``Match`` value, or no ``Match`` and no
``Target`` header over more than one round.

- ``[Match "Standart"]``: the format one slip away (:func:`~kamisado_notation.notation.headers.did_you_mean`)
  is read, with a warning, when it is the only one that close; several that close are
  named in the error.
- No ``Match`` or ``Target`` header and more than one round: a record of one round is a
  single round (as always), but one of more cannot be, so the target is the smallest
  format that the ``Result`` claim fits (the loser's points below it, the winner's at or
  above it), else the smallest format the rounds fit (the match decided by its last
  round, or not yet: never before), with a warning naming it; every round is then
  checked against it.
"""

from __future__ import annotations

from ..engine.match import MATCH_TARGETS
from ..notation.headers import did_you_mean

__all__ = ["FORMATS", "format_name", "misspelt_format", "target_from_result", "target_from_scores"]

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


def target_from_result(claim: tuple[int, int]) -> int | None:
    """The smallest format target a final score ``claim`` fits: the winner's points at
    or above it, the loser's below it (a Sumo's win may pass it); ``None`` if none."""
    low, high = sorted(claim)
    return next((t for _name, t in FORMATS if low < t <= high), None)


def target_from_scores(scores: list[tuple[int, int]], rounds: int) -> int | None:
    """The smallest format target that the rounds of a match fit, from the score after
    each round replayed (``scores``, of ``rounds`` rounds written): the match decided
    at its last round, or not decided by the rounds replayed (in progress) — never
    before its last round. ``None`` when none fits."""
    for _name, target in FORMATS[1:]:  # (more than one round: not a single round)
        decided = next((i for i, (b, g) in enumerate(scores) if max(b, g) >= target), None)
        if decided is None or decided == rounds - 1:
            return target
    return None
