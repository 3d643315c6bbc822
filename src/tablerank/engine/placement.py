"""Finishing places at one table.

Seed notes, "Placement": where places are given they are used as given (equal places are ties);
where they are not, the declared winner is 1st and the others follow by VP, higher first; equal VP
among non-winners is a tie. Places come out in standard competition form (1, 2, 2, 4).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tablerank.engine.fields import MAX_SEATS
from tablerank.errors import RecordError

__all__ = ["competition_places", "resolve_places"]

_STRAIGHT = list(range(1, MAX_SEATS + 1))
"""Places 1, 2, 3, ...: as many as a table has seats at most."""


def competition_places(keys: Sequence[Any]) -> list[int]:
    """Standard competition places for sort keys, lower key first: (1, 5, 5, 9) -> (1, 2, 2, 4);
    each is 1 + the number of keys below its own."""
    first: dict[Any, int] = {}
    for position, key in enumerate(sorted(keys), 1):
        first.setdefault(key, position)
    return [first[key] for key in keys]


def resolve_places(
    present: Sequence[bool],
    given: Sequence[int | None],
    winners: Sequence[bool],
    vps: Sequence[float | None],
) -> list[int | None]:
    """Each seat's place, None for seats not present at the end (abandoned)."""
    if False in present:
        idx = [i for i, here in enumerate(present) if here]
        ranks, won = [given[i] for i in idx], [winners[i] for i in idx]
    else:
        idx, ranks, won = list(range(len(present))), list(given), list(winners)
    if ranks.count(None) < len(ranks):
        return _from_given(idx, ranks, won, len(present))
    return _from_results(idx, winners, vps, len(present))


def _from_given(
    idx: list[int], ranks: list[int | None], won: list[bool], n: int
) -> list[int | None]:
    """Places as given (in competition form), the winners placed first; `ranks` and `won` are
    the present seats' (`idx`)."""
    if None in ranks:
        raise RecordError(
            f"seats[{idx[ranks.index(None)]}].place",
            "places are given for some seats but not this one; give every seat a place or none",
        )
    given: list[int] = ranks  # type: ignore[assignment]
    if sorted(given) != _STRAIGHT[: len(given)]:  # (else each place is as given already)
        given = competition_places(given)
    if True in won and won != [rank == 1 for rank in given]:
        for i, winner, rank in zip(idx, won, given, strict=True):
            if winner != (rank == 1):
                problem = (
                    "is marked winner but is not placed first"
                    if winner
                    else ("is placed first but another seat is marked winner")
                )
                raise RecordError(f"seats[{i}].place", f"this seat {problem}")
    places: list[int | None] = [None] * n
    if len(idx) == n:
        places[:] = given
        return places
    for i, place in zip(idx, given, strict=True):
        places[i] = place
    return places


def _from_results(
    idx: list[int], winners: Sequence[bool], vps: Sequence[float | None], n: int
) -> list[int | None]:
    losers = [i for i in idx if not winners[i]]
    without_vp = [i for i in losers if vps[i] is None]
    if without_vp and len(without_vp) < len(losers):
        raise RecordError(
            f"seats[{without_vp[0]}].vp",
            "cannot place this seat: other seats that did not win have VP; give every one VP, "
            "or give places",
        )
    if without_vp and len(losers) == len(idx) and len(idx) > 1:
        raise RecordError(
            f"seats[{without_vp[0]}]", "cannot place the seats: give places, a winner, or VP"
        )
    # Winners share first place whatever their VP; the others follow by VP, higher first
    # (with no VP recorded at all, everyone who did not win shares the place after the winners).
    keys = [(-1.0, 0.0) if winners[i] else (0.0, -(vps[i] or 0.0)) for i in idx]
    ranked = competition_places(keys)
    places: list[int | None] = [None] * n
    for i, place in zip(idx, ranked, strict=True):
        places[i] = place
    return places
