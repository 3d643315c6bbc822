"""The replay loop of the pairwise systems (`pairwise`), compiled by numba, over columns of
integers.

Only the bookkeeping is here. Which pairs a game rates comes from its table shape's arrays,
worked out by the system's own `pairs` (`replay`); every number a pair moves is looked up
in a table that `replay` fills by calling the system's own `pair_amount` (`memo[kind,
difference + offset]`). Where an entry is missing the loop stops before touching the game and
says which one it needs (`miss`: status, kind, difference); the caller fills it and resumes
there. So nothing here holds a rule of a system, and property tests hold the whole to the
engine, bit for bit.

The integers they read are named in `codes`.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from tablerank.engine.systems.compiled.codes import MISSING, NEEDED, NOT_WHOLE


@njit(cache=True)
def _lookup(memo: Any, offset: int, kind: int, difference: float, miss: Any) -> int:
    """The table entry for `difference`, or MISSING after filling `miss`."""
    if difference != np.floor(difference):
        miss[0] = NOT_WHOLE
        return MISSING
    index = int(difference) + offset
    if kind >= memo.shape[0] or index < 0 or index >= memo.shape[1]:
        value = MISSING
    else:
        value = memo[kind, index]
    if value == MISSING:
        miss[0], miss[1], miss[2] = NEEDED, kind, int(difference)
    return value


@njit(cache=True)
def pairs_run(
    seat_start: Any, player: Any, participant: Any, shape: Any, slot_start: Any, slots: Any,
    pair_start: Any, pairs: Any, rank: Any, games: Any, begin: int, ratings: Any, counts: Any,
    known: Any, memo: Any, offset: int, miss: Any, widest: int,
) -> int:  # fmt: skip
    """The games `games[begin:]`, in order; returns where it stopped (len(games) when done).

    Game g's table shape is `shape[g]`; shape s names the slots `slots[slot_start[s]:
    slot_start[s + 1]]` (a seat's number in its game, or -1: the game's participant) and rates
    the pairs `pairs[pair_start[s]:pair_start[s + 1]]`, each (slot a, slot b, kind, mirrored
    kind or -1). Where a pair has a mirrored kind and b's name sorts first (`rank`), it is
    worked out from b's view. A pair moves `memo[kind, b's rating - a's]` from b to a."""
    ids = np.empty(widest + 1, np.int64)
    delta = np.empty(widest + 1, np.int64)
    for at in range(begin, len(games)):
        game = games[at]
        s = shape[game]
        if pair_start[s] == pair_start[s + 1]:
            continue
        n = 0
        for k in range(slot_start[s], slot_start[s + 1]):
            seat = slots[k]
            ids[n] = participant[game] if seat < 0 else player[seat_start[game] + seat]
            delta[n] = 0
            n += 1
        for k in range(pair_start[s], pair_start[s + 1]):
            a, b, kind = pairs[k, 0], pairs[k, 1], pairs[k, 2]
            if pairs[k, 3] >= 0 and rank[ids[b]] < rank[ids[a]]:
                a, b, kind = b, a, pairs[k, 3]
            amount = _lookup(memo, offset, kind, ratings[ids[b]] - ratings[ids[a]], miss)
            if amount == MISSING:
                return at
            delta[a] += amount
            delta[b] -= amount
        for i in range(n):
            name = ids[i]
            ratings[name] += delta[i]
            counts[name] += 1
            known[name] = 1
    return len(games)
