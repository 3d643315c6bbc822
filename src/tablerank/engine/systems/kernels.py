"""cow.elo's and A.R.E.A.'s replay loops compiled by numba, over columns of integers.

Only the pairing and the bookkeeping are here: every number a pair moves is looked up in a
table that `array_replay` fills by calling the engine itself (`memo[table, difference +
offset]`). Where an entry is missing the loop stops before touching the game and says which
one it needs (`miss`: status, table, difference); the caller fills it and resumes there. So
nothing here computes a rating, and a property test holds the whole to the engine, bit for bit.

The integers they read are named in `codes`.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from tablerank.engine.systems.codes import (
    FINISHED,
    MISSING,
    NEEDED,
    NOT_WHOLE,
    PLACED,
    PREMIUM,
    RACE,
    SOL,
    TEAM,
    WINNER,
)


@njit(cache=True)
def _lookup(memo: Any, offset: int, table: int, difference: float, miss: Any) -> int:
    """The table entry for `difference`, or MISSING after filling `miss`."""
    if difference != np.floor(difference):
        miss[0] = NOT_WHOLE
        return MISSING
    index = int(difference) + offset
    if table >= memo.shape[0] or index < 0 or index >= memo.shape[1]:
        value = MISSING
    else:
        value = memo[table, index]
    if value == MISSING:
        miss[0], miss[1], miss[2] = NEEDED, table, int(difference)
    return value


@njit(cache=True)
def _apply(ids: Any, delta: Any, n: int, ratings: Any, counts: Any, known: Any) -> None:
    for i in range(n):
        player = ids[i]
        ratings[player] += delta[i]
        counts[player] += 1
        known[player] = 1


@njit(cache=True)
def elo_run(
    seat_start: Any, player: Any, place: Any, flags: Any, rank: Any, games: Any, begin: int,
    ratings: Any, counts: Any, known: Any, memo: Any, offset: int, miss: Any, widest: int,
) -> int:  # fmt: skip
    """cow.elo over `games[begin:]`; returns where it stopped (len(games) when done).
    Tables 0, 1, 2: the first-sorting name won, lost, drew; `rank` orders the names."""
    ids = np.empty(widest, np.int64)
    places = np.empty(widest, np.int64)
    delta = np.empty(widest, np.int64)
    rated = FINISHED | PREMIUM | PLACED
    for at in range(begin, len(games)):
        game = games[at]
        n = 0
        for seat in range(seat_start[game], seat_start[game + 1]):
            if flags[seat] & rated == rated:
                ids[n], places[n] = player[seat], place[seat]
                n += 1
        if n < 2:
            continue
        delta[:n] = 0
        for i in range(n):
            for j in range(i + 1, n):
                first, second = (j, i) if rank[ids[j]] < rank[ids[i]] else (i, j)
                own, other = places[first], places[second]
                table = 0 if own < other else 1 if own > other else 2
                difference = ratings[ids[second]] - ratings[ids[first]]
                change = _lookup(memo, offset, table, difference, miss)
                if change == MISSING:
                    return at
                delta[first] += change
                delta[second] -= change
        _apply(ids, delta, n, ratings, counts, known)
    return len(games)


@njit(cache=True)
def _sides(
    seat_start: Any, player: Any, place: Any, flags: Any, game: int, sol: bool,
    participant: int, everyone: Any, places: Any,
) -> tuple[int, int]:  # fmt: skip
    """A.R.E.A.'s `_sides`: fills `everyone` (winners first when `sol`) and their places;
    returns (winners, everyone) counts. Winners are the seats placed first, or for SOL the
    declared winners (else the title's participant, which otherwise joins the losers)."""
    rated = FINISHED | PLACED
    n = winners = 0
    if not sol:
        for seat in range(seat_start[game], seat_start[game + 1]):
            if flags[seat] & rated == rated:
                everyone[n], places[n] = player[seat], place[seat]
                if place[seat] == 1:
                    winners += 1
                n += 1
        return winners, n
    for declared in (True, False):
        for seat in range(seat_start[game], seat_start[game + 1]):
            if flags[seat] & rated == rated and (flags[seat] & WINNER != 0) == declared:
                everyone[n], places[n] = player[seat], 1 if declared else 2
                n += 1
        if declared:
            winners = n
            if n == 0:
                everyone[0], places[0], n, winners = participant, 1, 1, 1
    if everyone[0] != participant:
        everyone[n], places[n] = participant, 2
        n += 1
    return winners, n


@njit(cache=True)
def _pairs(
    game_class: int, everyone: Any, places: Any, winners: int, n: int, team_mode: int,
    pairs: Any,
) -> tuple[int, int]:  # fmt: skip
    """A.R.E.A.'s `pairings` by index into `everyone`: fills `pairs` (a, b, draw); returns
    (pairs, divisor). `team_mode`: 0 the larger side, 1 the smaller, 2 all opponents."""
    count = 0
    if game_class == RACE:
        for i in range(n):
            for j in range(i + 1, n):
                if places[i] <= places[j]:
                    pairs[count, 0], pairs[count, 1] = i, j
                    pairs[count, 2] = places[i] == places[j]
                else:
                    pairs[count, 0], pairs[count, 1], pairs[count, 2] = j, i, 0
                count += 1
        return count, n - 1
    # Winners are the places equal to 1 (SOL: the first `winners` of `everyone`).
    sol = game_class == SOL
    for i in range(n):
        if (i < winners) if sol else places[i] == 1:
            for j in range(n):
                if not ((j < winners) if sol else places[j] == 1):
                    pairs[count, 0], pairs[count, 1], pairs[count, 2] = i, j, 0
                    count += 1
    losers = n - winners
    if game_class == TEAM:
        if team_mode == 2:
            return count, winners + losers - 1
        return count, min(winners, losers) if team_mode == 1 else max(winners, losers)
    for i in range(n):
        for j in range(i + 1, n):
            if ((i < winners) if sol else places[i] == 1) and (
                (j < winners) if sol else places[j] == 1
            ):
                pairs[count, 0], pairs[count, 1], pairs[count, 2] = i, j, 1
                count += 1
    return count, n - 1


@njit(cache=True)
def area_run(
    seat_start: Any, player: Any, place: Any, flags: Any, game_class: Any, participant: Any,
    team_mode: int, games: Any, begin: int, ratings: Any, counts: Any, known: Any, memo: Any,
    offset: int, miss: Any, widest: int,
) -> int:  # fmt: skip
    """A.R.E.A. over `games[begin:]`; returns where it stopped (len(games) when done).
    Table 2 x divisor + draw holds the transfer from a player whose opponent is rated
    `difference` higher."""
    everyone = np.empty(widest + 1, np.int64)
    places = np.empty(widest + 1, np.int64)
    pairs = np.empty(((widest + 1) * (widest + 1), 3), np.int64)
    ids = np.empty(widest + 1, np.int64)
    delta = np.empty(widest + 1, np.int64)
    for at in range(begin, len(games)):
        game = games[at]
        kind = game_class[game]
        winners, n = _sides(
            seat_start, player, place, flags, game, kind == SOL, participant[game], everyone,
            places,
        )  # fmt: skip
        if n < 2:
            continue
        count, divisor = _pairs(kind, everyone, places, winners, n, team_mode, pairs)
        if count == 0:
            continue
        named = 0
        for k in range(count):
            a, b = everyone[pairs[k, 0]], everyone[pairs[k, 1]]
            moved = _lookup(memo, offset, 2 * divisor + pairs[k, 2], ratings[b] - ratings[a], miss)
            if moved == MISSING:
                return at
            named = _add(ids, delta, named, a, moved)
            named = _add(ids, delta, named, b, -moved)
        _apply(ids, delta, named, ratings, counts, known)
    return len(games)


@njit(cache=True)
def _add(ids: Any, delta: Any, named: int, player: int, amount: int) -> int:
    """Add `amount` to `player`'s change (a name may stand twice: a player named as the title's
    participant); returns how many names have a change."""
    for i in range(named):
        if ids[i] == player:
            delta[i] += amount
            return named
    ids[named], delta[named] = player, amount
    return named + 1
