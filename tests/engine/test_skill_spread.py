"""The spreads' EM for large leagues (`skill_spread.converged`): the fixed point, found fast,
from anywhere; a refit from the last fit's spreads lands where a fit from scratch does."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablerank.engine import skill_model, skill_spread
from tablerank.engine.records import Game, game_from_dict
from tablerank.engine.skill_spread import EM_STEPS, MIN_PRIOR_SD, Spread, converged
from tablerank.engine.systems.skill import Skill


def _slow_step(target: Spread, rate: float) -> tuple[list[Spread], object]:
    """An EM-like step that closes `rate` of the distance to `target` on the logarithms
    (EM's linear creep), and the spreads it was asked about."""
    asked: list[Spread] = []

    def step(at: Spread) -> Spread:
        asked.append(at)
        logs = [
            math.log(value) + rate * (math.log(goal) - math.log(value))
            for value, goal in ((at.prior_sd, target.prior_sd), (at.noise_sd, target.noise_sd))
        ]
        return Spread(max(MIN_PRIOR_SD, math.exp(logs[0])), math.exp(logs[1]))

    return asked, step


@given(
    prior=st.floats(0.2, 3.0),
    noise=st.floats(0.5, 5.0),
    start_prior=st.floats(0.2, 3.0),
    start_noise=st.floats(0.5, 5.0),
    rate=st.floats(0.02, 0.9),
)
def test_the_fixed_point_is_found_in_few_steps(
    prior: float, noise: float, start_prior: float, start_noise: float, rate: float
) -> None:
    """EM creeping by as little as 2% a step reaches its fixed point in at most fifteen steps,
    where plain steps would take hundreds."""
    target = Spread(prior, noise)
    asked, step = _slow_step(target, rate)
    found = converged(step, Spread(start_prior, start_noise))  # type: ignore[arg-type]
    assert found.prior_sd == pytest.approx(prior, rel=1e-5)
    assert found.noise_sd == pytest.approx(noise, rel=1e-5)
    assert len(asked) <= 15


def test_a_step_that_does_not_settle_stops_after_the_most_steps() -> None:
    asked: list[Spread] = []

    def wandering(at: Spread) -> Spread:
        asked.append(at)
        return Spread(0.5 + len(asked) % 2, 2.0 + len(asked) % 3)

    converged(wandering, Spread(1.0, 2.0))
    assert len(asked) == EM_STEPS


def test_a_fixed_point_at_the_least_spread_of_strengths_is_reached() -> None:
    """Where the games show no strength at all, EM runs to the floor (`MIN_PRIOR_SD`)."""
    _, step = _slow_step(Spread(0.01, 3.0), 0.05)
    found = converged(step, Spread(0.5, 2.0))  # type: ignore[arg-type]
    assert found.prior_sd == MIN_PRIOR_SD
    assert found.noise_sd == pytest.approx(3.0, rel=1e-5)


def _league(seed: int, games: int, players: int) -> list[Game]:
    """Scores drawn from strengths spread by 0.6 VP: a league EM has something to find in."""
    rng = random.Random(seed)
    strength = {f"P{i}": rng.gauss(0, 0.6) for i in range(players)}
    out = []
    for k in range(games):
        seated = rng.sample(list(strength), 4)
        made = sorted(seated, key=lambda p: strength[p] + rng.gauss(0, 1.5), reverse=True)
        seats = [{"player": p, "vp": 10 - 2 * i, "winner": i == 0} for i, p in enumerate(made)]
        out.append(game_from_dict({"id": f"g{k}", "date": f"2026-0{1 + k // 300}-01",
                                   "seats": seats}))  # fmt: skip
    return out


def test_em_from_the_last_fit_lands_where_a_fit_from_scratch_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The league's refit after a write starts from the last fit's spreads: the spreads agree
    with a fit from scratch within 10⁻⁶ of each and the strengths within 10⁻⁵ VP, in fewer
    steps (`SETTLED`)."""
    monkeypatch.setattr(skill_model, "DENSE_LIMIT", 3)
    steps: list[int] = []
    step = skill_spread.em_step

    def counted(*args: object, **kwargs: object) -> Spread:
        steps[-1] += 1
        return step(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(skill_model, "em_step", counted)
    system = Skill()
    obs = system.observations(_league(3, games=900, players=60))
    steps.append(0)
    before = system.fitted(obs, games=880)
    steps.append(0)
    scratch = system.fitted(obs)
    steps.append(0)
    refit = system.fitted(obs, near=Spread(before.prior_sd, before.noise_sd))
    assert refit.prior_sd == pytest.approx(scratch.prior_sd, rel=1e-6)
    assert refit.noise_sd == pytest.approx(scratch.noise_sd, rel=1e-6)
    np.testing.assert_allclose(refit.strength, scratch.strength, atol=1e-5)
    assert steps[2] < steps[1]
    assert scratch.prior_sd > 2 * MIN_PRIOR_SD  # a spread found, not the floor
