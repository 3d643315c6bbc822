"""Who meets whom: a local search over the rounds' tables (players as numbers 0 .. n - 1).

The rules, heaviest first (krcg's VTES seating, pairings_edh; docs/tournaments.md):
1. nobody meets the same opponent twice while a schedule without repeats exists; a pair's k-th
   meeting costs ten times its (k - 1)-th, so repeats stay few and no pair meets three times
   while two will do;
2. friends and family apart (CATAN Studio's rule 1.1.5, after new opponents): each pair of one
   keep-apart group at a table costs `APART`, a tenth of a repeat, so a repeat stays the
   heavier rule but a pair is parted wherever the tables allow (`KeepApart`);
3. an extra cost per table (`TableCost`): Swiss rounds keep players of similar standings
   together, seeded rounds keep the top seeds apart.

Simulated annealing that swaps two players of one round between tables (krcg), starting from a
greedy seating and keeping the best state seen; it stops early at a schedule without repeats
whose extra cost is 0 or when its step budget is spent. Deterministic for a seed."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

__all__ = ["APART", "KeepApart", "TableCost", "Tables", "arrange", "combined", "greedy_rounds"]

Tables = list[list[int]]
"""One round: its tables, each a list of players."""

TableCost = Callable[[int, Sequence[int]], float]
"""The extra cost of these players at one table of the free round with this index."""

_REPEAT = 1000.0
"""The cost of a pair's second meeting; its third costs ten times more, and so on."""
APART = _REPEAT / 10
"""The cost of two players of one keep-apart group at one table."""
_STEPS = 120_000
_START_TEMPERATURE = 400.0
_END_TEMPERATURE = 0.05


def _penalty(meetings: int) -> float:
    return 0.0 if meetings < 2 else _REPEAT * 10.0 ** (meetings - 2)


class _Meetings:
    """How often each pair has met, and what one more or one fewer meeting costs."""

    def __init__(self, players: int, earlier: Sequence[Tables]) -> None:
        self.count = [[0] * players for _ in range(players)]
        for tables in earlier:
            for table in tables:
                self.seat(table, 1)
        self.up = [_penalty(m + 1) - _penalty(m) for m in range(64)]

    def seat(self, table: Sequence[int], sign: int) -> None:
        count = self.count
        for i, a in enumerate(table):
            for b in table[i + 1 :]:
                count[a][b] += sign
                count[b][a] += sign

    def moved(self, player: int, left: Sequence[int], joined: Sequence[int], other: int) -> float:
        """What taking `player` from `left` to `joined`, where `other` takes its seat, costs."""
        row, up = self.count[player], self.up
        delta = 0.0
        for x in left:
            if x != player:
                delta -= up[row[x] - 1]
        for y in joined:
            if y != other:
                delta += up[row[y]]
        return delta


class KeepApart:
    """The keep-apart cost of a table: `APART` for each pair of one group seated there (groups
    of player numbers; a player in several groups is kept apart from each)."""

    def __init__(self, players: int, groups: Sequence[Sequence[int]]) -> None:
        self._apart: list[set[int]] = [set() for _ in range(players)]
        for group in groups:
            for p in group:
                self._apart[p].update(q for q in group if q != p)

    def __bool__(self) -> bool:
        return any(self._apart)

    def __call__(self, _round: int, table: Sequence[int]) -> float:
        apart = self._apart
        pairs = sum(
            1 for i, a in enumerate(table) if apart[a] for b in table[i + 1 :] if b in apart[a]
        )
        return APART * pairs


def combined(*costs: TableCost | None) -> TableCost | None:
    """The sum of these table costs (None where none is given), so the search stays as fast
    as before where there is nothing extra to weigh."""
    given = [cost for cost in costs if cost]
    if len(given) < 2:
        return given[0] if given else None

    def total(round_index: int, table: Sequence[int]) -> float:
        return sum(cost(round_index, table) for cost in given)

    return total


def greedy_rounds(
    players: int, sizes: Sequence[int], byes: Sequence[set[int]], rng: random.Random
) -> list[Tables]:
    """A first seating of every round (round by round, `byes[k]` sitting out round k): each
    player, in a random order, at the open table where they have met the fewest."""
    meetings = _Meetings(players, [])
    rounds: list[Tables] = []
    for out in byes:
        playing = [p for p in range(players) if p not in out]
        rng.shuffle(playing)
        tables = _greedy(playing, sizes, meetings)
        for table in tables:
            meetings.seat(table, 1)
        rounds.append(tables)
    return rounds


def _greedy(players: Sequence[int], sizes: Sequence[int], meetings: _Meetings) -> Tables:
    """Each player, in the given order, at the open table where they have met the fewest."""
    tables: Tables = [[] for _ in sizes]
    for player in players:
        row = meetings.count[player]
        best = min(
            (i for i, size in enumerate(sizes) if len(tables[i]) < size),
            key=lambda i: sum(row[x] for x in tables[i]),
        )
        tables[best].append(player)
    return tables


def arrange(
    rounds: list[Tables],
    players: int,
    *,
    earlier: Sequence[Tables] = (),
    extra: TableCost | None = None,
    rng: random.Random,
    steps: int = _STEPS,
) -> list[Tables]:
    """Improve `rounds` (the free rounds, already filled) by swapping players between tables."""
    meetings = _Meetings(players, earlier)
    floor = _total(meetings, []) + 1e-9  # what the earlier rounds cost: no move changes it
    for tables in rounds:
        for table in tables:
            meetings.seat(table, 1)
    costs = [[extra(r, t) if extra else 0.0 for t in tables] for r, tables in enumerate(rounds)]
    movable = [r for r, tables in enumerate(rounds) if len(tables) > 1]
    current = _total(meetings, costs)
    best, best_rounds = current, [[list(t) for t in tables] for tables in rounds]
    if current <= floor or not movable:
        return best_rounds
    cooling = (_END_TEMPERATURE / _START_TEMPERATURE) ** (1.0 / steps)
    temperature = _START_TEMPERATURE
    randrange, random_ = rng.randrange, rng.random
    for _ in range(steps):
        temperature *= cooling
        r = movable[randrange(len(movable))]
        tables = rounds[r]
        i, j = randrange(len(tables)), randrange(len(tables) - 1)
        j += j >= i
        one, two = tables[i], tables[j]
        x, y = randrange(len(one)), randrange(len(two))
        a, b = one[x], two[y]
        delta = meetings.moved(a, one, two, b) + meetings.moved(b, two, one, a)
        if extra is not None:
            one[x], two[y] = b, a
            new_one, new_two = extra(r, one), extra(r, two)
            one[x], two[y] = a, b
            delta += new_one + new_two - costs[r][i] - costs[r][j]
        if delta > 0 and random_() >= math.exp(-delta / temperature):
            continue
        meetings.seat(one, -1)
        meetings.seat(two, -1)
        one[x], two[y] = b, a
        meetings.seat(one, 1)
        meetings.seat(two, 1)
        if extra is not None:
            costs[r][i], costs[r][j] = new_one, new_two
        current += delta
        if current < best - 1e-9:
            best, best_rounds = current, [[list(t) for t in ts] for ts in rounds]
            if best <= floor:
                break
    return best_rounds


def _total(meetings: _Meetings, costs: list[list[float]]) -> float:
    """Every pair's cost over all rounds plus the extra costs."""
    count, total = meetings.count, 0.0
    n = len(count)
    for a in range(n):
        for b in range(a + 1, n):
            total += _penalty(count[a][b])
    return total + sum(sum(row) for row in costs)
