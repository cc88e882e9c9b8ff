"""Ratings and the SPRT of a tournament's results: :func:`elo` (a rating difference and its
95% interval from wins and matches; a match and a round have a winner, never a draw),
:func:`json_rating` (a rating as JSON writes it) and :class:`Sprt` (a sequential
probability ratio test between two engines)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..errors import ArgumentError

__all__ = ["Sprt", "elo", "json_rating"]


def _elo_of(p: float) -> float:
    """The rating difference at which the expected score is ``p`` (infinite at 0 and 1)."""
    if p <= 0:
        return -math.inf
    if p >= 1:
        return math.inf
    return -400 * math.log10(1 / p - 1) + 0.0  # (no -0)


#: The normal quantile of a 95% interval.
_Z = 1.959964


def elo(wins: int, matches: int) -> tuple[float, float, float]:
    """The rating difference of a player who won ``wins`` of ``matches`` (a match has a
    winner, never a draw; so has a round), with its 95% interval.

    The difference is the logistic rating of the score ``p = wins / matches``:
    ``-400 log10(1/p - 1)`` (infinite when every match went one way). The interval is
    Wilson's score interval for ``p``, ``(p + z²/2n ± z sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n)``
    with ``z = 1.96``, turned into ratings alike: unlike ``p ± z sqrt(p(1-p)/n)`` it stays
    informative at 20-0. No matches: nothing is known (``nan, -inf, +inf``).

    >>> [round(x) for x in elo(15, 20)]
    [191, 22, 360]
    >>> [round(x) if abs(x) != float("inf") else x for x in elo(20, 20)]
    [inf, 287, inf]
    >>> elo(0, 4)[0] == elo(0, 4)[1] == -float("inf") and elo(4, 4)[2] == float("inf")
    True
    """
    if matches <= 0:
        return math.nan, -math.inf, math.inf
    p, n = wins / matches, matches
    z2 = _Z * _Z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = _Z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    low = -math.inf if wins <= 0 else _elo_of(centre - half)  # (Wilson's bound is 0 or 1 there,
    high = math.inf if wins >= n else _elo_of(centre + half)  # up to rounding)
    return _elo_of(p), low, high


def json_rating(x: float) -> float | str | None:
    """A rating in JSON: a number (one decimal), ``"+inf"`` or ``"-inf"`` when unbounded
    (JSON has no infinity), ``null`` when nothing is known (no matches)."""
    if math.isnan(x):
        return None
    if math.isinf(x):
        return "+inf" if x > 0 else "-inf"
    return round(x, 1)


#: The largest rating difference an SPRT's bound may name (a million: the chance of a
#: win already rounds to 1 from 6,400).
MAX_ELO = 1_000_000


def _log_expected(elo_diff: float) -> tuple[float, float]:
    """The logarithms of the expected score ``p`` of a player ``elo_diff`` stronger (the
    logistic model, ``p = 1 / (1 + 10^(-elo_diff/400))``) and of ``1 - p``, computed
    without forming ``p``: ``ln p = -softplus(-x)``, ``ln(1-p) = -softplus(x)`` with
    ``x = elo_diff ln(10) / 400``. Finite for any finite rating (``p`` itself rounds to
    1 from 6,400 Elo, and ``10^(elo/400)`` overflows from 123,000)."""
    x = elo_diff / 400 * math.log(10)
    return -_softplus(-x), -_softplus(x)


def _softplus(x: float) -> float:
    """``ln(1 + e^x)``, without overflow for a large ``x`` nor rounding to 0 for a small one."""
    return x + math.log1p(math.exp(-x)) if x > 0 else math.log1p(math.exp(x))


@dataclass(frozen=True)
class Sprt:
    """A sequential probability ratio test of H0 (the first engine is ``elo0`` stronger)
    against H1 (``elo1`` stronger), with error rates ``alpha`` (accepting H1 when H0
    holds) and ``beta``.

    A match has a winner, never a draw: each match is a Bernoulli trial, won with the
    probability ``p = 1 / (1 + 10^(-elo/400))``, and the log-likelihood ratio after ``W``
    wins and ``L`` losses is ``W ln(p1/p0) + L ln((1-p1)/(1-p0))`` (cutechess-cli's
    trinomial model with no draws, whose draw Elo is then 0). The test stops at H1 when
    it reaches ``ln((1-beta)/alpha)``, at H0 when it falls to ``ln(beta/(1-alpha))``
    (Wald's bounds). The arithmetic is in log space (the log-probabilities themselves,
    never ``p``), so that bounds of any size — ``0 7000``, ``-200000 0`` — give a finite
    ratio; bounds whose trials tell nothing apart (the rounding makes both engines'
    chances equal) are refused when the test is made, before any match.

    >>> test = Sprt(0, 100, 0.05, 0.05)
    >>> round(test.llr(10, 2), 3), test.result(10, 2), test.result(18, 2), test.result(2, 18)
    (1.812, None, 'H1', 'H0')
    >>> Sprt(100000, 200000, 0.05, 0.05).result(3, 1)
    'H0'
    """

    elo0: float
    elo1: float
    alpha: float
    beta: float

    def __post_init__(self) -> None:
        if not (0 < self.alpha < 1 and 0 < self.beta < 1 and self.alpha + self.beta < 1):
            raise ArgumentError(f"SPRT error rates between 0 and 1, their sum below 1, not alpha {self.alpha}, beta {self.beta}")
        if not (-MAX_ELO <= self.elo0 < self.elo1 <= MAX_ELO):
            raise ArgumentError(f"SPRT: elo0 below elo1, both within ±{MAX_ELO:,}, not {self.elo0} and {self.elo1}")
        if self._steps == (0.0, 0.0):
            raise ArgumentError(f"SPRT: elo0 {self.elo0:g} and elo1 {self.elo1:g} are too close for their chances to differ")

    @property
    def _steps(self) -> tuple[float, float]:
        """What a win and what a loss add to the log-likelihood ratio."""
        (win0, loss0), (win1, loss1) = _log_expected(self.elo0), _log_expected(self.elo1)
        return win1 - win0, loss1 - loss0

    @property
    def bounds(self) -> tuple[float, float]:
        """The log-likelihood ratios at which H0 and H1 are accepted."""
        return math.log(self.beta / (1 - self.alpha)), math.log((1 - self.beta) / self.alpha)

    def llr(self, wins: int, losses: int) -> float:
        """The log-likelihood ratio of H1 over H0 after ``wins`` and ``losses``."""
        win, loss = self._steps
        return wins * win + losses * loss

    def result(self, wins: int, losses: int) -> str | None:
        """``"H1"``, ``"H0"``, or ``None`` while undecided."""
        llr, (low, high) = self.llr(wins, losses), self.bounds
        return "H1" if llr >= high else "H0" if llr <= low else None

