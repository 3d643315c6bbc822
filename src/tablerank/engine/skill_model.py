"""The skill model's numbers (issue 12): a Bayesian estimate of each player's strength from
placements and VP margins, fitted in one batch with numpy and scipy.

Each rated seat's *score* (`engine.skill_observations`) is how far it finished above its table
in VP and place. The model:

    score = strength(player) + seat(position) - the table's mean of both + noise,
    noise ~ Normal(0, noise_sd^2), strength ~ Normal(0, prior_sd^2), seat ~ Normal(0, seat_sd^2).

Its exact posterior is Gaussian: the mean solves one sparse linear system (ridge regression with
the prior as the penalty) and the covariance is that system's inverse. Older games may weigh
less (`half_life_days`), and a player's uncertainty grows with the days since their last game
(`drift_sd` per year). This module imports numpy and scipy, so only `skill` imports it, lazily.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from typing import Protocol

import numpy as np
import numpy.typing as npt
from scipy import sparse
from scipy.linalg import cho_factor, cho_solve
from scipy.sparse.linalg import cg
from scipy.special import ndtr
from threadpoolctl import ThreadpoolController

from tablerank.engine.skill_observations import Observations
from tablerank.engine.skill_spread import Eigen, Spread, converged, em_step, most_likely

__all__ = ["Fit", "ModelSettings", "fit", "win_probabilities"]

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]

DENSE_LIMIT = 1500
"""Up to this many unknowns the system is solved by Cholesky and the variances are exact; above
it by conjugate gradients, with each variance approximated by 1 / its diagonal entry."""
DAYS_PER_YEAR = 365.25


class ModelSettings(Protocol):
    """The fit's parameters, as the `skill` system holds them (docs/systems/skill.md); the
    score's are `skill_observations.ScoreSettings`."""

    @property
    def prior_sd(self) -> float: ...
    @property
    def noise_sd(self) -> float: ...
    @property
    def half_life_days(self) -> float: ...
    @property
    def drift_sd(self) -> float: ...
    @property
    def seat_effects(self) -> bool: ...
    @property
    def seat_sd(self) -> float: ...


@dataclass(frozen=True)
class Fit:
    """The posterior after the first `games` games of some observations."""

    players: tuple[str, ...]
    strength: Floats
    """Posterior mean of each player's strength: VP per game above an average table."""
    sd: Floats
    """Posterior standard deviation, grown by the days since the player's last game."""
    games: Ints
    last_day: Ints
    seat: dict[tuple[int, int], float]
    """Turn-position effects by (table size, position); empty when not estimated."""
    noise_sd: float
    """One game's luck in a seat's score: the parameter, or its estimate from the games."""
    prior_sd: float
    """The spread of strengths: the parameter, or its estimate from the games."""
    mean_vp: dict[int, float]
    """Mean capped VP of a seat at tables of each size."""
    day: int
    """The fit's "today": the last game's day."""

    @cached_property
    def index(self) -> dict[str, int]:
        """Each player's position in the arrays."""
        return {p: i for i, p in enumerate(self.players)}


def _weights(day: Ints, today: int, half_life_days: float) -> Floats:
    if half_life_days <= 0:
        return np.ones(len(day))
    return np.asarray(np.exp2((day - today) / half_life_days), dtype=np.float64)


def _design(
    obs: Observations, games: int, players: int, settings: ModelSettings
) -> sparse.csr_array:
    """Rows: seats; columns: players, then position effects; each row minus its table's mean."""
    start = obs.game_start[: games + 1]
    size = np.diff(start)
    # Every (seat, tablemate) pair of a table: row = seat, column = the tablemate's unknowns.
    pair_count = size**2
    pair_game = np.repeat(np.arange(games), pair_count)
    offset = np.arange(int(pair_count.sum())) - np.repeat(
        np.cumsum(pair_count) - pair_count, pair_count
    )
    pair_size = size[pair_game]
    row = start[pair_game] + offset // pair_size
    mate = start[pair_game] + offset % pair_size
    value = (row == mate).astype(np.float64) - 1.0 / pair_size
    cols = [obs.seat_player[mate]]
    vals = [value]
    rows = [row]
    columns = players + (len(obs.positions) if settings.seat_effects else 0)
    if settings.seat_effects:
        cols.append(players + obs.seat_position[mate])
        vals.append(value)
        rows.append(row)
    return sparse.coo_array(
        (np.concatenate(vals), (np.concatenate(rows), np.concatenate(cols))),
        shape=(int(start[-1]), columns),
    ).tocsr()


@cache
def _blas() -> ThreadpoolController:
    """The BLAS libraries numpy and scipy loaded (found once)."""
    return ThreadpoolController()


def fit(obs: Observations, games: int, settings: ModelSettings, start: Spread | None = None) -> Fit:
    """The posterior after the first `games` rated games of `obs`.

    Where `prior_sd` or `noise_sd` is 0, it is estimated from these games (empirical Bayes: the
    EM iteration to the most likely value, starting from `start` when given, as a refit does).
    The matrices are at most `DENSE_LIMIT` wide, too small to gain from BLAS threads, whose
    spinning costs many times the CPU where other processes share the cores: one thread."""
    with _blas().limit(limits=1, user_api="blas"):
        return _fit(obs, games, settings, start)


def _fit(obs: Observations, games: int, settings: ModelSettings, start: Spread | None) -> Fit:
    seats = int(obs.game_start[games])
    players = int(obs.seat_player[:seats].max()) + 1 if seats else 0
    today = int(obs.game_day[games - 1]) if games else 0
    game_weight = _weights(obs.game_day[:games], today, settings.half_life_days)
    weight = np.repeat(game_weight, np.diff(obs.game_start[: games + 1]))
    x = _design(obs, games, players, settings)
    score = obs.seat_score[:seats]
    gram = sparse.csr_array(x.T @ (x * weight[:, None]))
    xty = np.asarray(x.T @ (weight * score), dtype=np.float64)
    dof = float(weight.sum() - game_weight.sum())
    spread = start or Spread(settings.prior_sd or 0.5, settings.noise_sd or 2.0)
    estimate = bool(games) and not (settings.prior_sd and settings.noise_sd)
    if players <= DENSE_LIMIT:
        eigen = Eigen.of(gram, xty, players)
        if estimate:
            squares = float((weight * score**2).sum())
            spread = most_likely(eigen, squares, float(seats - games), spread, settings)
        if not settings.seat_effects:
            mean, variance = eigen.posterior(spread)
            return _summary(obs, games, seats, players, mean, variance, spread, today, settings)
    near: Floats | None = None
    if players > DENSE_LIMIT and estimate:

        def step(at: Spread) -> Spread:
            nonlocal near
            near, variance = _posterior(gram, xty, players, at, settings, near)
            return em_step(gram, x, score, weight, dof, players, near, variance, at, settings)

        spread = converged(step, spread)
    mean, variance = _posterior(gram, xty, players, spread, settings, near)
    return _summary(obs, games, seats, players, mean, variance, spread, today, settings)


def _posterior(
    gram: sparse.csr_array,
    xty: Floats,
    players: int,
    spread: Spread,
    settings: ModelSettings,
    near: Floats | None = None,
) -> tuple[Floats, Floats]:
    noise = spread.noise_sd**2
    prior = np.full(gram.shape[0], 1.0 / spread.prior_sd**2)
    prior[players:] = 1.0 / settings.seat_sd**2
    h = sparse.csr_array(gram / noise + sparse.diags_array(prior))
    return _solve(h, xty / noise, near)


def _solve(h: sparse.csr_array, b: Floats, near: Floats | None = None) -> tuple[Floats, Floats]:
    """The mean H⁻¹b and the diagonal of H⁻¹ (exact when small, else 1 / diag(H))."""
    if h.shape[0] <= DENSE_LIMIT:
        factor = cho_factor(h.toarray())
        mean = cho_solve(factor, b)
        inverse = cho_solve(factor, np.eye(h.shape[0]))
        return np.asarray(mean, dtype=np.float64), np.asarray(np.diag(inverse), dtype=np.float64)
    diagonal = h.diagonal()
    preconditioner = sparse.diags_array(1.0 / diagonal)
    mean, info = cg(h, b, x0=near, rtol=1e-12, atol=0.0, M=preconditioner, maxiter=10 * h.shape[0])
    if info != 0:  # pragma: no cover - CG converges on this positive definite system
        raise ArithmeticError(f"conjugate gradients did not converge ({info})")
    return np.asarray(mean, dtype=np.float64), 1.0 / diagonal


def _summary(
    obs: Observations,
    games: int,
    seats: int,
    players: int,
    mean: Floats,
    variance: Floats,
    spread: Spread,
    today: int,
    settings: ModelSettings,
) -> Fit:
    seat_player = obs.seat_player[:seats]
    seat_day = np.repeat(obs.game_day[:games], np.diff(obs.game_start[: games + 1]))
    last_day = np.zeros(players, dtype=np.int64)
    np.maximum.at(last_day, seat_player, seat_day)
    idle_years = (today - last_day) / DAYS_PER_YEAR
    var = variance[:players] + settings.drift_sd**2 * idle_years
    seat: dict[tuple[int, int], float] = {}
    if settings.seat_effects:
        base = players
        used = set(obs.seat_position[:seats].tolist())
        seat = {obs.positions[c]: float(mean[base + c]) for c in sorted(used)}
    vp = obs.seat_vp[:seats]
    size = np.repeat(np.diff(obs.game_start[: games + 1]), np.diff(obs.game_start[: games + 1]))
    mean_vp = {
        int(n): float(np.nanmean(vp[size == n]))
        for n in np.unique(size)
        if not np.all(np.isnan(vp[size == n]))
    }
    return Fit(
        players=obs.players[:players],
        strength=mean[:players],
        sd=np.sqrt(var),
        games=np.bincount(seat_player, minlength=players).astype(np.int64),
        last_day=last_day,
        seat=seat,
        noise_sd=spread.noise_sd,
        prior_sd=spread.prior_sd,
        mean_vp=mean_vp,
        day=today,
    )


def win_probabilities(means: Sequence[float], sds: Sequence[float]) -> list[float]:
    """P(each seat finishes with the highest score) when seat i's score is Normal(means[i],
    sds[i]^2), independently: the integral of its density times everyone else's distribution
    function, on a fine grid; normalised so the probabilities sum to 1."""
    m = np.asarray(means, dtype=np.float64)
    s = np.asarray(sds, dtype=np.float64)
    width = float(s.max())
    x = np.linspace(float(m.min()) - 8 * width, float(m.max()) + 8 * width, 1601)
    z = (x[None, :] - m[:, None]) / s[:, None]
    density = np.exp(-0.5 * z**2) / (s[:, None] * math.sqrt(2 * math.pi))
    below = np.clip(ndtr(z), 1e-300, 1.0)
    log_below = np.log(below)
    others = np.exp(log_below.sum(axis=0)[None, :] - log_below)
    raw = np.trapezoid(density * others, x, axis=1)
    total = float(raw.sum())
    return [float(p) / total for p in raw]
