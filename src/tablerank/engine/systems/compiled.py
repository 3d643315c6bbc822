"""When a replay is worth the compiled loops (`array_replay`, numba and numpy).

Loading numba and the cached loops takes most of a second of CPU (several on a busy machine);
the memoised replay (`fast_replay`) runs a few thousand games in milliseconds. So a process
loads them for a replay of at least `COMPILED_REPLAY` games, or where they are loaded already.
The league's replay after a change in the past (`league.checkpoints`) and `rate` in play order
(`in_order`) follow this one rule.
"""

from __future__ import annotations

import sys

__all__ = ["COMPILED_REPLAY", "KERNELS", "worth_compiling"]

COMPILED_REPLAY = 20_000
"""Games from which a replay loads the compiled loops, in a process that has not loaded them."""
KERNELS = "tablerank.engine.systems.kernels"
"""The module of the compiled loops: in `sys.modules` once a process has loaded them."""


def worth_compiling(games: int) -> bool:
    """Whether a replay of `games` games goes through the compiled loops."""
    return KERNELS in sys.modules or games >= COMPILED_REPLAY
