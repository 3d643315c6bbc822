"""Paired comparisons for `bench_quality.py`: is one system's order or log-loss better than
another's by more than chance would give on the same league?

- Order: the difference of two Spearman correlations with the same truth, and its standard
  error from a bootstrap over the players (both systems rank the same resampled players).
- Log-loss: the mean of the per-game differences on the same games, and its standard error
  (sd / sqrt(games)), as in a paired t or Diebold-Mariano test.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt
from scipy.stats import rankdata

RESAMPLES = 2000
Floats = npt.NDArray[np.float64]


def _rows_pearson(x: Floats, y: Floats) -> Floats:
    xc = x - x.mean(axis=1, keepdims=True)
    yc = y - y.mean(axis=1, keepdims=True)
    den = np.sqrt((xc**2).sum(axis=1) * (yc**2).sum(axis=1))
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.asarray((xc * yc).sum(axis=1) / den, dtype=np.float64)


def spearman_difference(
    truth: Sequence[float], first: Sequence[float], second: Sequence[float], seed: int = 0
) -> tuple[float, float]:
    """Spearman(first, truth) - Spearman(second, truth) over the same players, and the bootstrap
    standard error of that difference."""
    t, a, b = (np.asarray(v, dtype=np.float64) for v in (truth, first, second))
    n = len(t)
    picks = np.random.default_rng(seed).integers(0, n, size=(RESAMPLES, n))
    rt, ra, rb = (_ranks(v[picks]) for v in (t, a, b))
    diffs = _rows_pearson(ra, rt) - _rows_pearson(rb, rt)
    whole = _rows_pearson(_ranks(a[None, :]), _ranks(t[None, :])) - _rows_pearson(
        _ranks(b[None, :]), _ranks(t[None, :])
    )
    return float(whole[0]), float(np.nanstd(diffs, ddof=1))


def _ranks(rows: Floats) -> Floats:
    """Each row's ranks, ties sharing their mean rank (as Spearman's correlation takes them)."""
    ranked = rankdata(rows, axis=1)
    return np.asarray(ranked, dtype=np.float64)


def loss_difference(first: Sequence[float], second: Sequence[float]) -> tuple[float, float]:
    """Mean per-game log-loss of `first` minus `second` on the same games, and its standard
    error."""
    d = np.asarray(first, dtype=np.float64) - np.asarray(second, dtype=np.float64)
    return float(d.mean()), float(d.std(ddof=1) / math.sqrt(len(d)))
