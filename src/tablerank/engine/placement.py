"""Finishing places at one table.

Seed notes, "Placement": where places are given they are used as given (equal places are ties);
where they are not, the declared winner is 1st and the others follow by VP, higher first; equal VP
among non-winners is a tie. Places come out in standard competition form (1, 2, 2, 4).
"""

from __future__ import annotations

from collections.abc import Sequence

from tablerank.errors import RecordError

__all__ = ["competition_places", "resolve_places"]


def competition_places(keys: Sequence[float]) -> list[int]:
    """Standard competition places for sort keys, lower key first: (1, 5, 5, 9) -> (1, 2, 2, 4)."""
    return [1 + sum(other < key for other in keys) for key in keys]


def resolve_places(
    present: Sequence[bool],
    given: Sequence[int | None],
    winners: Sequence[bool],
    vps: Sequence[float | None],
) -> list[int | None]:
    """Each seat's place, None for seats not present at the end (abandoned)."""
    idx = [i for i, here in enumerate(present) if here]
    if any(given[i] is not None for i in idx):
        return _from_given(idx, given, winners, len(present))
    return _from_results(idx, winners, vps, len(present))


def _from_given(
    idx: list[int], given: Sequence[int | None], winners: Sequence[bool], n: int
) -> list[int | None]:
    missing = [i for i in idx if given[i] is None]
    if missing:
        raise RecordError(
            f"seats[{missing[0]}].place",
            "places are given for some seats but not this one; give every seat a place or none",
        )
    keys = [float(given[i] or 0) for i in idx]
    places: list[int | None] = [None] * n
    for i, place in zip(idx, competition_places(keys), strict=True):
        places[i] = place
    if any(winners[i] for i in idx):
        for i in idx:
            if winners[i] != (places[i] == 1):
                problem = (
                    "is marked winner but is not placed first"
                    if winners[i]
                    else ("is placed first but another seat is marked winner")
                )
                raise RecordError(f"seats[{i}].place", f"this seat {problem}")
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
    ranked = [1 + sum(other < key for other in keys) for key in keys]
    places: list[int | None] = [None] * n
    for i, place in zip(idx, ranked, strict=True):
        places[i] = place
    return places
