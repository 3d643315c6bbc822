"""How widely strengths and luck spread, estimated from the games (empirical Bayes) for the
skill model (`engine.skill_model`): the most likely spreads with the strengths integrated out,
exactly through one eigendecomposition for clubs, by EM steps for larger leagues."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt
from scipy import sparse

if TYPE_CHECKING:
    from tablerank.engine.skill_model import ModelSettings

__all__ = ["EM_STEPS", "Eigen", "Spread", "em_step", "most_likely"]

Floats = npt.NDArray[np.float64]


@dataclass(frozen=True)
class Spread:
    """The prior's and the noise's standard deviations a fit used."""

    prior_sd: float
    noise_sd: float

    def close_to(self, other: Spread) -> bool:
        return bool(
            abs(self.prior_sd - other.prior_sd) <= 1e-6 * other.prior_sd
            and abs(self.noise_sd - other.noise_sd) <= 1e-6 * other.noise_sd
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
    bounds = [(math.log(MIN_PRIOR_SD), math.log(100.0)), (math.log(MIN_SD), math.log(100.0))]
    found = minimize(minus_twice_log_likelihood, x0, method="L-BFGS-B", bounds=bounds)
    prior_sd, noise_sd = (float(v) for v in np.exp(found.x))
    return Spread(settings.prior_sd or prior_sd, settings.noise_sd or noise_sd)


EM_STEPS = 20
"""EM steps for leagues too large for `_most_likely` (more than `DENSE_LIMIT` players)."""


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
MIN_PRIOR_SD = 0.2
"""The least spread of strengths an estimate may find (VP): on a few games, or where luck
explains everything, the most likely spread is 0, which would call every stranger known."""
