"""The backtest: predictions from the ratings before each game, one softmax temperature fitted
on the first half, scores on the second half against the uniform guess."""

from __future__ import annotations

import datetime as dt
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablerank.engine.backtest import (
    Prediction,
    _log_loss,
    backtest,
    baseline,
    predictions,
    softmax,
)
from tablerank.engine.records import new_game
from tablerank.engine.systems import get_system
from tablerank.engine.systems.base import ReplaySystem
from tablerank.engine.values import Game


def game(i: int, winner: str, players: tuple[str, ...] = ("Ann", "Ben", "Cleo", "Dan")) -> Game:
    seats = [{"player": p, "vp": 10 if p == winner else 5, "winner": p == winner} for p in players]
    return new_game(id=f"g{i}", date=dt.date(2026, 1, 1) + dt.timedelta(days=i), seats=seats)


def elo() -> ReplaySystem[Game]:
    system = get_system("cow.elo")
    assert isinstance(system, ReplaySystem)
    return system


def test_softmax_is_a_distribution_that_favours_the_higher_rating() -> None:
    p = softmax([1600.0, 1500.0, 1500.0], 100.0)
    assert math.fsum(p) == pytest.approx(1.0)
    assert p[0] > p[1] == p[2]
    assert softmax([1.0, 1.0], 5.0) == [0.5, 0.5]


def test_each_prediction_uses_the_ratings_before_the_game() -> None:
    made = predictions(elo(), [game(1, "Ann"), game(2, "Ann")])
    start = elo().initial_rating()
    assert made[0].ratings == (start, start, start, start)
    assert made[0].winner == 0
    assert made[1].ratings[0] > made[1].ratings[1]


def test_a_player_who_always_wins_is_predicted() -> None:
    games = [game(i, "Ann") for i in range(40)]
    result = backtest("cow.elo", elo(), games)
    assert result is not None
    assert result.games == 20
    assert result.accuracy == 1.0
    assert result.log_loss < result.baseline_log_loss == pytest.approx(math.log(4))
    assert result.brier < result.baseline_brier == pytest.approx(0.75)
    assert sum(d.seats for d in result.calibration.deciles) == 20 * 4


def test_games_without_a_single_winner_are_not_scored() -> None:
    seats = [
        {"player": name, "place": place} for name, place in (("Ann", 1), ("Ben", 1), ("Cleo", 3))
    ]
    tied = new_game(id="t", date=dt.date(2026, 1, 1), seats=seats)
    assert predictions(elo(), [tied]) == []
    assert backtest("cow.elo", elo(), [tied, game(2, "Ann")]) is None


def test_the_uniform_baseline() -> None:
    games = [game(i, "Ann") for i in range(4)] + [game(9, "Ben", ("Ann", "Ben", "Cleo"))]
    count, loss, brier = baseline(games)
    assert count == 3
    assert loss == pytest.approx((2 * math.log(4) + math.log(3)) / 3)
    assert brier == pytest.approx((2 * 0.75 + 2 / 3) / 3)


def test_skill_is_scored_on_the_later_half_of_the_games_with_a_winner() -> None:
    from tablerank.engine.backtest import backtest_skill
    from tablerank.engine.systems.skill import Skill

    games = [game(k, ("Ann", "Ben", "Ann", "Cleo")[k % 4]) for k in range(21)]
    result = backtest_skill(Skill(prior_sd=1.0, noise_sd=2.0), games)
    assert result is not None
    assert result.games == 11


@given(
    st.lists(
        st.lists(st.floats(-3000, 3000), min_size=2, max_size=6).flatmap(
            lambda ratings: st.tuples(st.just(ratings), st.integers(0, len(ratings) - 1))
        ),
        min_size=1,
        max_size=20,
    ),
    st.floats(0.01, 5000),
)
def test_the_fitted_log_loss_is_each_games_written_out(
    games: list[tuple[list[float], int]], temperature: float
) -> None:
    """The loss the temperature is fitted on, in arrays by table size, is the mean over games
    of -ln of the winner's softmax probability (in logarithms, as it was written game by
    game)."""
    scored = [Prediction(tuple(ratings), winner) for ratings, winner in games]
    losses = []
    for ratings, winner in games:
        logs = [(r - max(ratings)) / temperature for r in ratings]
        losses.append(math.log(math.fsum(math.exp(x) for x in logs)) - logs[winner])
    expected = math.fsum(losses) / len(games)
    assert _log_loss(scored)(temperature) == pytest.approx(expected, rel=1e-9, abs=1e-9)
