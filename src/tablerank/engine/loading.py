"""When work is worth loading numpy or numba's compiled loops: one rule for every caller.

Loading numpy takes about 0.1 s of CPU, numba with the cached loops most of a second (several
on a busy machine), while the pure-Python ways handle a few thousand games in milliseconds. So
work loads one only for at least its number of games, or where the process has loaded it
already: `COLD_BATCH` games for numpy (a league's sums over columns, `league.ratings.sum_pools`),
`COMPILED_REPLAY` for the compiled loops (a league's replay after a change in the past,
`league.ratings.checkpoints`, and `rate` in play order, `engine.systems.play_order`).
"""

from __future__ import annotations

import sys

__all__ = [
    "COLD_BATCH",
    "COMPILED_LOOPS",
    "COMPILED_REPLAY",
    "NUMPY",
    "worth_compiling",
    "worth_loading",
    "worth_numpy",
]

COLD_BATCH = 2500
"""Games from which work loads numpy: a game costs about 30 µs less over columns (an import of
100,000 games: 4.9 s of CPU game by game, 1.7 s over columns)."""
COMPILED_REPLAY = 20_000
"""Games from which a replay loads the compiled loops: their load breaks even with the memoised
replay near there (benchmarks/README.md)."""
NUMPY = "numpy"
COMPILED_LOOPS = "tablerank.engine.systems.compiled.loops"
"""The module of the compiled loop (`engine.systems.compiled.loops`)."""


def worth_loading(module: str, games: int, threshold: int) -> bool:
    """Whether work on `games` games loads `module`: the process has loaded it already, or the
    games are at least `threshold`."""
    return module in sys.modules or games >= threshold


def worth_numpy(games: int) -> bool:
    """Whether work on `games` games goes over numpy's columns."""
    return worth_loading(NUMPY, games, COLD_BATCH)


def worth_compiling(games: int) -> bool:
    """Whether a replay of `games` games goes through the compiled loops."""
    return worth_loading(COMPILED_LOOPS, games, COMPILED_REPLAY)
