"""Standard competition ranking, used by every list.

Seed 001: "Players with equal scores share the same position in the ranking lists; the following
positions are skipped." (1, 1, 3)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

__all__ = ["competition_ranks", "ordinal", "same_score"]

_T = TypeVar("_T")

# Sums of fractions (P.A.G.E.S. Share, shared places) reach equal totals by different float
# paths; scores that agree to nine decimals are the same score.
_DECIMALS = 9


def same_score(x: float) -> float:
    """The comparison key for a score: equal to nine decimals means equal."""
    return round(x, _DECIMALS)


def competition_ranks(
    items: Sequence[_T], score: Callable[[_T], float], name: Callable[[_T], Hashable]
) -> list[tuple[int, _T]]:
    """Items ordered best first (highest score; then by name) with their shared ranks."""
    order = sorted(items, key=lambda it: (-same_score(score(it)), name(it)))
    ranked: list[tuple[int, _T]] = []
    for i, item in enumerate(order):
        if i and same_score(score(item)) == same_score(score(order[i - 1])):
            ranked.append((ranked[-1][0], item))
        else:
            ranked.append((i + 1, item))
    return ranked


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st."""
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"
