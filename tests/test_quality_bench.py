"""The quality benchmark's verdict on skill's calibration (issue 12): deciles of predicted chance,
each judged within two standard errors, and all of a league's judged together."""

from __future__ import annotations

import importlib
import random
from pathlib import Path
from types import ModuleType

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


@pytest.fixture
def bench(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    return importlib.import_module("bench_quality")


def tables(chances: list[float], games: int, seed: int) -> tuple[list[list[float]], list[int]]:
    """Games whose winner is drawn with these chances."""
    rng = random.Random(seed)
    winners = [rng.choices(range(len(chances)), weights=chances)[0] for _ in range(games)]
    return [chances] * games, winners


def test_seats_are_cut_into_ten_deciles_of_equal_size_by_predicted_chance(
    bench: ModuleType,
) -> None:
    probabilities, winners = tables([0.1, 0.2, 0.3, 0.4], 250, seed=1)
    deciles = bench.calibration(probabilities, winners)
    assert [d["decile"] for d in deciles] == list(range(1, 11))
    assert [d["seats"] for d in deciles] == [100] * 10
    assert [d["predicted"] for d in deciles] == pytest.approx(
        [0.1] * 2 + [0.2] * 3 + [0.3] * 2 + [0.4] * 3, abs=0.051
    )
    assert all(d["low"] <= d["high"] for d in deciles)
    # Seats of equal chance keep the games' order, whoever won: the two lowest deciles are the
    # first 200 games' first seats.
    won = sum(round(d["observed"] * d["seats"]) for d in deciles[:2])
    assert won == sum(1 for w in winners[:200] if w == 0)


def test_exact_chances_pass_and_too_flat_chances_fail(bench: ModuleType) -> None:
    from quality_stats import calibration_chance

    truth = [0.1, 0.2, 0.3, 0.4]
    probabilities, winners = tables(truth, 4000, seed=2)
    exact = bench.calibration(probabilities, winners)
    square, chance = calibration_chance([d["z"] for d in exact])
    assert all(d["within_2se"] for d in exact)
    assert chance > 0.05
    flat = bench.calibration([[0.2, 0.23, 0.27, 0.3]] * 4000, winners)
    square_flat, chance_flat = calibration_chance([d["z"] for d in flat])
    assert not all(d["within_2se"] for d in flat)
    assert square_flat > square
    assert chance_flat < 1e-6


def test_a_chi_square_of_nothing_is_no_evidence(bench: ModuleType) -> None:
    from quality_stats import calibration_chance

    assert calibration_chance([]) == (0.0, 1.0)
    square, chance = calibration_chance([2.0, -1.0])
    assert square == 5.0
    assert chance == pytest.approx(0.0821, abs=1e-4)
