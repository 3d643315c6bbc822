"""Pools of order-independent systems (`ReplaySystem.order_independent`; a pool is a system's
ratings per group or title): each rating is the
exact sum of the player's per-game amounts, so a game entering the confirmed history adds its
amounts and one leaving it subtracts them, in any order: O(seats) per game, however old it is.
The sums are exact (`engine.sums`), so the state equals the engine's replay bit for bit.

A few games (a recording) go game by game through the system's `changes`. A batch of `BATCH`
games or more (an import's chunk; `loading.COLD_BATCH` in a process without numpy, such as a
`tablerank league import` of a club's season) is totalled per player over columns instead
(`engine.systems.seat_amounts`, numpy: off the start-up path), with the columns built once
for every sum list (`batch_columns`); a player whose row is one float and whose new total adds to it
exactly is then updated without a Python step of their own.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from itertools import repeat
from typing import TYPE_CHECKING

from tablerank.engine.loading import worth_numpy
from tablerank.engine.records import Game
from tablerank.engine.sums import add, total
from tablerank.engine.systems.base import ReplaySystem
from tablerank.errors import RatingError
from tablerank.league.store.batch_columns import BatchColumns
from tablerank.league.store.state_rows import Row, StateRows, format_parts, parse_parts

if TYPE_CHECKING:
    from tablerank.engine.systems.seat_amounts import PlayerSums

__all__ = ["BATCH", "add_sums", "correct_sums", "merged"]

BATCH = 64
"""Changed games from which a list is corrected over columns rather than game by game, where
numpy is loaded (`loading.worth_numpy`)."""


def _over_columns(games: int) -> bool:
    return games >= BATCH and worth_numpy(games)


def correct_sums(
    rows: StateRows,
    name: str,
    system: ReplaySystem[Game],
    key: str,
    games: Sequence[Game],
    signs: Sequence[int],
    columns: BatchColumns | None = None,
) -> bool:
    """Add the amounts of each game now confirmed (sign 1), subtract those of each game no
    longer confirmed (sign -1), in `rows` (the caller saves them). Returns whether a name left
    the list."""
    if not _over_columns(len(games)):
        return _game_by_game(rows, name, system, key, zip(games, signs, strict=True))
    from tablerank.engine.systems.seat_amounts import batch_sums

    seats = (columns or BatchColumns()).seats(games)
    return add_sums(rows, name, key, batch_sums(system, seats, signs))


def _game_by_game(
    rows: StateRows,
    name: str,
    system: ReplaySystem[Game],
    key: str,
    changed: Iterable[tuple[Game, int]],
) -> bool:
    terms: dict[str, list[float]] = {}
    games: dict[str, int] = {}
    for game, sign in changed:
        try:
            delta = system.changes(game, {})
        except RatingError:
            continue  # e.g. no VP: this system leaves the game out
        for player, amount in delta.items():
            mine = terms.get(player)
            if mine is None:
                mine = terms[player] = []
                games[player] = 0
            mine.append(amount if sign > 0 else -amount)
            games[player] += sign
    left = False
    for player, mine in terms.items():
        left |= _correct(rows, (name, key, player), mine, games[player])
    return left


def _correct(rows: StateRows, where: tuple[str, str, str], terms: list[float], games: int) -> bool:
    """Add `terms` and `games` to one name's row; returns whether the name left the list."""
    row = _corrected(rows.get(where), terms, games)
    if row is None:
        rows.drop(where)
        return True
    rows.put(where, row)
    return False


def merged(row: Row | None, other: Row) -> Row:
    """Two names' rows of one list as one name's (a merge of two players): the exact sum of
    both, their games together."""
    found = _corrected(row, parse_parts(other), other[1])
    assert found is not None  # a row holds a game at least
    return found


def _corrected(row: Row | None, terms: list[float], games: int) -> Row | None:
    """A name's row with `terms` and `games` added; None where they keep no game."""
    played = games + (row[1] if row else 0)
    if played <= 0:
        return None
    partials = _summed(parse_parts(row) if row else [0.0], terms)
    return total(partials), played, format_parts(partials)


_NO_ROW: Row = (0.0, 0, "")


def add_sums(rows: StateRows, name: str, key: str, sums: PlayerSums) -> bool:
    """Add a batch's totals (`seat_amounts.PlayerSums`) to the list; returns whether a name
    left it. Where a name's row is one float, their total one exact float that adds to it
    exactly (`engine.sums.add`'s test, over the columns) and they keep a game, the sum is that
    one addition; every other name takes `_corrected`'s way."""
    import numpy as np

    names = sums.names
    rows.load(names)
    before = list(map(rows.loaded(name, key).get, names, repeat(_NO_ROW)))
    ratings, counts, parts = zip(*before, strict=True) if before else ((), (), ())
    rating = np.array(ratings, np.float64)
    played = sums.games + np.array(counts, np.int64)
    exact = sums.exact
    after = rating + exact
    simple = (played > 0) & (after - rating == exact) & (after - exact == rating)
    simple[[i for i, stored in enumerate(parts) if stored]] = False
    simple[list(sums.rest)] = False
    easy = np.flatnonzero(simple).tolist()
    added = zip((after[easy] + 0.0).tolist(), played[easy].tolist(), repeat(""), strict=False)
    done: dict[str, Row | None] = dict(zip([names[i] for i in easy], added, strict=True))
    for i in np.flatnonzero(~simple).tolist():
        done[names[i]] = _corrected(before[i], sums.terms(i), int(sums.games[i]))
    return _store(rows, name, key, done)


def _store(rows: StateRows, name: str, key: str, done: dict[str, Row | None]) -> bool:
    """Put the new rows, drop the names that keep no game; returns whether one did."""
    gone = [player for player, row in done.items() if row is None]
    for player in gone:
        del done[player]
        rows.drop((name, key, player))
    rows.put_many(name, key, done)  # type: ignore[arg-type]
    return bool(gone)


def _summed(partials: list[float], terms: list[float]) -> list[float]:
    """The exact sum of both as partials. Usually it is one float (whole points), or two (a
    share's sum: the rounded sum and what rounding left out): `fsum` finds each, and a last
    `fsum` proves nothing more was left out. Else add term by term."""
    every = partials + terms
    whole = math.fsum(every)
    if not math.isfinite(whole):
        return _added(partials, terms)
    every.append(-whole)
    rest = math.fsum(every)
    if rest == 0.0:
        return [whole]
    # |rest| is at most half an ulp of `whole`: the two do not overlap, as partials must not.
    every.append(-rest)
    if math.fsum(every) == 0.0:
        return [rest, whole]
    return _added(partials, terms)


def _added(partials: list[float], terms: list[float]) -> list[float]:
    for x in terms:
        add(partials, x)
    return partials
