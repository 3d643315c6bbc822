"""Calibration by decile of predicted chance (issue 12): ten groups of equal size, each judged
within two standard errors, and all of them together by a chi-square and its chance."""

from __future__ import annotations

import itertools
import random

import pytest
from scipy.stats import chi2

from tablerank.engine.calibration import JUDGED_SEATS, calibration


def seats(chances: list[float], games: int, seed: int) -> list[tuple[float, bool]]:
    """Games whose winner is drawn with these chances, their seats in play order."""
    rng = random.Random(seed)
    out: list[tuple[float, bool]] = []
    for _ in range(games):
        winner = rng.choices(range(len(chances)), weights=chances)[0]
        out.extend((q, i == winner) for i, q in enumerate(chances))
    return out


def test_seats_are_cut_into_ten_deciles_of_equal_size_by_predicted_chance() -> None:
    played = seats([0.4, 0.1, 0.3, 0.2], 250, seed=1)
    deciles = calibration(played).deciles
    assert [d.decile for d in deciles] == list(range(1, 11))
    assert [d.seats for d in deciles] == [100] * 10
    assert [d.predicted for d in deciles] == pytest.approx(
        [0.1] * 2 + [0.2] * 3 + [0.3] * 2 + [0.4] * 3, abs=0.051
    )
    assert all(d.low <= d.high <= next_.low for d, next_ in itertools.pairwise(deciles))
    # Seats of equal chance keep their games' order, whoever won: the two lowest deciles are
    # the 0.1 seats of the first 200 games.
    first = [won for q, won in played[: 4 * 200] if q == 0.1]
    assert sum(round(d.observed * d.seats) for d in deciles[:2]) == sum(first)


def test_exact_chances_pass_and_too_flat_chances_fail() -> None:
    exact = calibration(seats([0.1, 0.2, 0.3, 0.4], 4000, seed=2))
    assert exact.off == 0
    assert all(d.within_2se and d.judged for d in exact.deciles)
    assert exact.chance is not None
    assert exact.chance > 0.05
    drawn = seats([0.1, 0.2, 0.3, 0.4], 4000, seed=2)
    flat = calibration([({0.1: 0.2, 0.2: 0.23, 0.3: 0.27, 0.4: 0.3}[q], won) for q, won in drawn])
    assert flat.off >= 4
    assert flat.chi_square > exact.chi_square
    assert flat.chance is not None
    assert flat.chance < 1e-6


def test_the_distance_is_in_standard_errors_and_the_chance_is_the_chi_squares() -> None:
    # Seats given 0.2 each, in hundreds (one standard error: 0.04): the first five hundreds won
    # 27 times each (1.75 standard errors above), the last five 29 times (2.25 above).
    played = [(0.2, k < wins) for wins in [27] * 5 + [29] * 5 for k in range(100)]
    judged = calibration(played)
    assert [d.distance for d in judged.deciles] == pytest.approx([1.75] * 5 + [2.25] * 5)
    assert [d.within_2se for d in judged.deciles] == [True] * 5 + [False] * 5
    assert judged.off == 5
    assert judged.chi_square == pytest.approx(5 * (1.75**2 + 2.25**2))
    assert judged.chance == pytest.approx(chi2.sf(5 * (1.75**2 + 2.25**2), 10))


def test_deciles_too_small_are_shown_but_not_judged() -> None:
    few = calibration(seats([0.5, 0.5], 5 * (JUDGED_SEATS - 1), seed=3))
    assert [d.seats for d in few.deciles] == [JUDGED_SEATS - 1] * 10
    assert not any(d.judged for d in few.deciles)
    assert few.judged == ()
    assert few.off == 0
    assert few.chi_square == 0.0
    assert few.chance is None
    nothing = calibration([])
    assert nothing.deciles == ()
    assert nothing.chance is None
    three = calibration([(0.5, True), (0.5, False), (0.25, False)])
    assert [d.seats for d in three.deciles] == [1, 1, 1]
