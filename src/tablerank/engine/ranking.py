"""Standard competition ranking, used by every list.

Seed 001: "Players with equal scores share the same position in the ranking lists; the following
positions are skipped." (1, 1, 3)
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping

__all__ = ["competition_ranks", "ordinal", "rank_of_each", "same_score"]

# Sums of fractions (P.A.G.E.S. Share, shared places) reach equal totals by different float
# paths; scores that agree to nine decimals are the same score.
_DECIMALS = 9


def same_score(x: float) -> float:
    """The comparison key for a score: equal to nine decimals means equal."""
    return round(x, _DECIMALS)


def competition_ranks(
    scores: Mapping[str, float], *, lower_first: bool = False
) -> list[tuple[int, str]]:
    """Players ordered best first (then by name) with their shared competition ranks."""
    sign = 1 if lower_first else -1
    order = sorted(
        ((sign * round(score, _DECIMALS), name.casefold(), name) for name, score in scores.items())
    )
    ranked: list[tuple[int, str]] = []
    previous: float | None = None
    for i, (key, _, name) in enumerate(order):
        rank = ranked[-1][0] if key == previous else i + 1
        ranked.append((rank, name))
        previous = key
    return ranked


def rank_of_each(scores: Mapping[str, float], *, lower_first: bool = False) -> dict[str, int]:
    """Each player's competition rank (1 + how many scored strictly better), in no order.

    The same ranks as `competition_ranks` without ordering names, for callers that only look
    ranks up (the combined ranking averages them).
    """
    sign = 1 if lower_first else -1
    keys = {name: sign * round(score, _DECIMALS) for name, score in scores.items()}
    ordered = sorted(keys.values())
    return {name: bisect_left(ordered, key) + 1 for name, key in keys.items()}


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st."""
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"
