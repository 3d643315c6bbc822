"""The quality benchmark judges skill's calibration as `tablerank backtest` does (issue 12): the
engine's deciles of predicted chance, reported with their distance in standard errors."""

from __future__ import annotations

import importlib
import random
from pathlib import Path
from types import ModuleType

import pytest

from tablerank.engine.calibration import calibration

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


@pytest.fixture
def bench(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    return importlib.import_module("bench_quality")


def test_the_bench_reports_the_engines_deciles(bench: ModuleType) -> None:
    rng = random.Random(1)
    chances = [0.1, 0.2, 0.3, 0.4]
    winners = [rng.choices(range(4), weights=chances)[0] for _ in range(250)]
    probabilities = [[0.2, 0.23, 0.27, 0.3]] * 250  # too flat: the truth is 0.1 to 0.4
    judged = bench.judged_deciles(probabilities, winners)
    reported = bench.decile_rows(judged)
    engine = calibration((q, i == w) for w in winners for i, q in enumerate(probabilities[0]))
    assert [d["decile"] for d in reported] == list(range(1, 11))
    assert [d["seats"] for d in reported] == [100] * 10
    assert [d["z"] for d in reported] == [d.distance for d in engine.deciles]
    assert [d["within_2se"] for d in reported] == [d.within_2se for d in engine.deciles]
    assert not all(d["within_2se"] for d in reported)
    assert judged.chi_square == engine.chi_square
    assert judged.chance is not None
    assert judged.chance < 0.01
