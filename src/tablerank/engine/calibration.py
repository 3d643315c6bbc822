"""Are a system's win probabilities calibrated? Issue 12: "expected vs observed win rate per
decile within 2 standard errors".

The seats of the scored games are sorted by their predicted chance (seats of equal chance keep
their games' order, whoever won) and cut into ten deciles of equal size, from the least chance
to the most. Each decile's observed win rate is compared with its mean prediction, in standard
errors of a win rate of that chance over that many seats (`Decile.distance`).

A decile judged alone is more than two standard errors off one time in twenty-two even when
every probability is exact, so ten deciles flag one about every other backtest by chance. The
deciles are therefore also judged together: the sum of their squared distances (a
Hosmer-Lemeshow-style chi-square, one degree of freedom a decile) and the chance of a sum that
large if the probabilities were exact (`Calibration.chance`). Only deciles of at least
`JUDGED_SEATS` seats are judged: on fewer, a win rate is too coarse for its standard error.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from operator import itemgetter

__all__ = ["DECILES", "JUDGED_SEATS", "Calibration", "Decile", "calibration"]

DECILES = 10
JUDGED_SEATS = 30
"""The fewest seats a decile needs to be judged (a normal approximation of its win rate)."""


@dataclass(frozen=True)
class Decile:
    """One tenth of the scored seats, by predicted chance."""

    decile: int
    """1 for the seats given the least chance, 10 for the most."""
    low: float
    high: float
    """The least and the most chance a seat of this decile was given."""
    seats: int
    predicted: float
    """The mean chance its seats were given."""
    observed: float
    """The share of its seats that won."""

    @property
    def distance(self) -> float:
        """How many standard errors the observed win rate is from the predicted one."""
        spread = max(self.predicted * (1 - self.predicted), 1e-9)
        return (self.observed - self.predicted) / math.sqrt(spread / self.seats)

    @property
    def judged(self) -> bool:
        return self.seats >= JUDGED_SEATS

    @property
    def within_2se(self) -> bool:
        return abs(self.distance) <= 2


@dataclass(frozen=True)
class Calibration:
    """A backtest's deciles, and the judgement of those with enough seats."""

    deciles: tuple[Decile, ...]

    @cached_property
    def judged(self) -> tuple[Decile, ...]:
        return tuple(d for d in self.deciles if d.judged)

    @property
    def off(self) -> int:
        """Judged deciles more than two standard errors from their prediction."""
        return sum(not d.within_2se for d in self.judged)

    @property
    def chi_square(self) -> float:
        return math.fsum(d.distance**2 for d in self.judged)

    @cached_property
    def chance(self) -> float | None:
        """The chance of a chi-square this large if every probability were exact; None when no
        decile has enough seats to be judged."""
        if not self.judged:
            return None
        from scipy.special import chdtrc  # chi2.sf, without importing scipy.stats (a second more)

        return float(chdtrc(len(self.judged), self.chi_square))


def calibration(seats: Iterable[tuple[float, bool]]) -> Calibration:
    """The deciles of (predicted chance, won) seats, given in play order."""
    ordered = sorted(seats, key=itemgetter(0))
    count = len(ordered)
    deciles = []
    for k in range(DECILES):
        part = ordered[count * k // DECILES : count * (k + 1) // DECILES]
        if part:
            deciles.append(
                Decile(
                    decile=k + 1,
                    low=part[0][0],
                    high=part[-1][0],
                    seats=len(part),
                    predicted=math.fsum(q for q, _ in part) / len(part),
                    observed=sum(won for _, won in part) / len(part),
                )
            )
    return Calibration(tuple(deciles))
