"""Exact running sums: a total that does not depend on the order its terms were added in, nor
on terms added and later taken away.

Systems whose standings are sums of per-game amounts (`ReplaySystem.order_independent`) total
each player's amounts exactly and round once (`math.fsum`), so a league that adds a late game
or subtracts a voided one holds the same number a replay computes. A running sum is kept as
Shewchuk's non-overlapping partials (the algorithm behind `math.fsum`): adding a term keeps
the exact sum, and `total` rounds it once.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping
from itertools import chain

__all__ = ["add", "summed", "summed_terms", "total"]


def add(partials: list[float], x: float) -> None:
    """Add `x` to the exact sum held by `partials` (in place)."""
    if len(partials) == 1:
        # The usual case, whole points: one partial and an exact float sum, which Dekker's
        # test (either difference gives back the other term) detects without the loop.
        a = partials[0]
        hi = a + x
        if hi - a == x and hi - x == a:
            partials[0] = hi
            return
    i = 0
    for partial in partials:
        big, small = (partial, x) if abs(x) < abs(partial) else (x, partial)
        hi = big + small
        lo = small - (hi - big)
        if lo:
            partials[i] = lo
            i += 1
        x = hi
    partials[i:] = [x]


def total(partials: Iterable[float]) -> float:
    """The exact sum, rounded once to the nearest float (0.0 for no terms; never -0.0)."""
    return math.fsum(partials) + 0.0


def summed(
    deltas: list[dict[str, float]], start: Mapping[str, float] | None, initial: float
) -> tuple[dict[str, float], Counter[str]]:
    """Each player's exact total (`total`) of their start, or `initial` where they have none,
    and their amounts in `deltas`; and how many of the deltas each player is in."""
    terms: dict[str, list[float]] = {}
    terms_of = terms.get
    players = chain.from_iterable(deltas)
    amounts = chain.from_iterable(map(dict.values, deltas))
    for player, amount in zip(players, amounts, strict=True):
        mine = terms_of(player)
        if mine is None:
            terms[player] = [amount]
        else:
            mine.append(amount)
    return summed_terms(terms, start, initial)


def summed_terms(
    terms: Mapping[str, list[float]], start: Mapping[str, float] | None, initial: float
) -> tuple[dict[str, float], Counter[str]]:
    """`summed` of each player's amounts, listed by player (the players of `start` first)."""
    begun = start or {}
    ratings = {p: total([r]) for p, r in begun.items()}
    games = Counter(dict.fromkeys(begun, 0))
    for player, amounts in terms.items():
        ratings[player] = total([begun.get(player, initial), *amounts])
        games[player] = len(amounts)
    return ratings, games
