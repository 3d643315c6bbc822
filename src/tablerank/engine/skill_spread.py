"""How widely strengths and luck spread, estimated from the games (empirical Bayes) for the
skill model (`engine.skill_model`): the most likely spreads with the strengths integrated out,
exactly through one eigendecomposition for clubs, by EM steps for larger leagues."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt
from scipy import sparse

if TYPE_CHECKING:
    from tablerank.engine.skill_model import ModelSettings

__all__ = ["EM_STEPS", "Eigen", "Spread", "converged", "em_step", "most_likely"]

Floats = npt.NDArray[np.float64]


SETTLED = 1e-8
"""EM has settled when a step moves neither spread by more than this share of itself: a fit
and a refit from elsewhere then agree within 10⁻⁵ VP (tests/engine/test_skill_spread.py)."""


@dataclass(frozen=True)
class Spread:
    """The prior's and the noise's standard deviations a fit used."""

    prior_sd: float
    noise_sd: float

    def close_to(self, other: Spread) -> bool:
        return bool(
            abs(self.prior_sd - other.prior_sd) <= SETTLED * other.prior_sd
            and abs(self.noise_sd - other.noise_sd) <= SETTLED * other.noise_sd
        )


@dataclass(frozen=True)
class Eigen:
    """The players' Gram matrix X'WX = Q diag(values) Q' and Q'X'Wy: with them the posterior
    under any prior and noise spread costs O(players^2), and its likelihood O(players)."""

    values: Floats
    vectors: Floats
    projected: Floats

    @classmethod
    def of(cls, gram: sparse.csr_array, xty: Floats, players: int) -> Eigen:
        values, vectors = np.linalg.eigh(gram[:players, :players].toarray())
        values = np.clip(values, 0.0, None)
        return cls(values, vectors, vectors.T @ xty[:players])

    def precision(self, spread: Spread) -> Floats:
        return np.asarray(self.values / spread.noise_sd**2 + 1.0 / spread.prior_sd**2)

    def posterior(self, spread: Spread) -> tuple[Floats, Floats]:
        h = self.precision(spread)
        mean = self.vectors @ (self.projected / spread.noise_sd**2 / h)
        variance = (self.vectors**2) @ (1.0 / h)
        return np.asarray(mean, dtype=np.float64), np.asarray(variance, dtype=np.float64)


def most_likely(
    eigen: Eigen, squares: float, observations: float, spread: Spread, settings: ModelSettings
) -> Spread:
    """The spreads under which the scores are most likely (type-II maximum likelihood), with
    the strengths integrated out; turn-order effects are left out of this estimate."""
    from scipy.optimize import minimize

    c2 = eigen.projected**2
    players = len(eigen.values)

    def minus_twice_log_likelihood(logs: Floats) -> float:
        prior = settings.prior_sd or math.exp(logs[0])
        noise = settings.noise_sd or math.exp(logs[1])
        h = eigen.precision(Spread(prior, noise))
        fitted = float((c2 / (noise**4 * h)).sum())
        return float(
            squares / noise**2 - fitted + np.log(h).sum() + 2 * players * math.log(prior)
            + 2 * observations * math.log(noise)
        )  # fmt: skip

    x0 = np.log([spread.prior_sd, spread.noise_sd])
    bounds = [(math.log(MIN_PRIOR_SD), math.log(MAX_SD)), (math.log(MIN_SD), math.log(MAX_SD))]
    found = minimize(minus_twice_log_likelihood, x0, method="L-BFGS-B", bounds=bounds)
    prior_sd, noise_sd = (float(v) for v in np.exp(found.x))
    return Spread(settings.prior_sd or prior_sd, settings.noise_sd or noise_sd)


EM_STEPS = 100
"""The most EM steps for leagues too large for `most_likely` (more than `DENSE_LIMIT`
players); `converged` stops as soon as they have settled (`SETTLED`)."""


def converged(step: Callable[[Spread], Spread], start: Spread) -> Spread:
    """The spreads an EM `step` leaves where they are (within `Spread.close_to`), from `start`,
    in at most `EM_STEPS` steps. EM creeps where the games say little about the spread of
    strengths (a hundred steps and more); SQUAREM (Varadhan and Roland, 2008, Scand. J.
    Statist. 35) extrapolates along two steps in a row, on the logarithms, and then takes one
    step from there: the same fixed point, in a fifth of the steps."""
    steps = 0

    def taken(spread: Spread) -> Spread:
        nonlocal steps
        steps += 1
        return step(spread)

    x0 = start
    while steps < EM_STEPS:
        x1 = taken(x0)
        if x1.close_to(x0) or steps >= EM_STEPS:
            return x1
        x2 = taken(x1)
        if x2.close_to(x1) or steps >= EM_STEPS:
            return x2
        ahead = taken(_extrapolated(_logs(x0), _logs(x1), _logs(x2)))
        if ahead.close_to(x2):
            return ahead
        x0 = ahead
    return x0


def _logs(spread: Spread) -> Floats:
    return np.log([spread.prior_sd, spread.noise_sd])


def _extrapolated(x0: Floats, x1: Floats, x2: Floats) -> Spread:
    """SQUAREM's step from three EM iterates (its third scheme, the step length at most -1),
    kept within the spreads' bounds."""
    r, v = x1 - x0, x2 - 2 * x1 + x0
    length = float(np.linalg.norm(v))
    alpha = min(-1.0, -float(np.linalg.norm(r)) / length) if length > 0 else -1.0
    x = x0 - 2 * alpha * r + alpha * alpha * v
    low = np.log([MIN_PRIOR_SD, MIN_SD])
    high = np.log([MAX_SD, MAX_SD])
    prior_sd, noise_sd = np.exp(np.clip(x, low, high))
    return Spread(float(prior_sd), float(noise_sd))


def em_step(
    gram: sparse.csr_array,
    x: sparse.csr_array,
    score: Floats,
    weight: Floats,
    dof: float,
    players: int,
    mean: Floats,
    variance: Floats,
    spread: Spread,
    settings: ModelSettings,
) -> Spread:
    """One EM step: the spreads that make the current posterior most likely."""
    prior_sd, noise_sd = spread.prior_sd, spread.noise_sd
    if not settings.prior_sd and players:
        prior_sd = max(
            MIN_PRIOR_SD, math.sqrt(float((mean[:players] ** 2 + variance[:players]).mean()))
        )
    if not settings.noise_sd and dof > 0:
        residual = score - x @ mean
        spent = float((gram.diagonal() * variance).sum())
        noise_sd = max(MIN_SD, math.sqrt((float((weight * residual**2).sum()) + spent) / dof))
    return Spread(prior_sd, noise_sd)


MIN_SD = 0.01
MAX_SD = 100.0
MIN_PRIOR_SD = 0.2
"""The least spread of strengths an estimate may find (VP): on a few games, or where luck
explains everything, the most likely spread is 0, which would call every stranger known."""
