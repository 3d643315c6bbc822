"""Turn order at every table: who starts, who sits last, who sits between.

Catan's first seat wins most often and the last seat least (field notes: seat 1 wins 30-35% of
4-player games). So the first seats are shared out as evenly as the tables allow: the most first
seats any player gets is as small as possible (a capacitated matching of tables to players,
raised one level at a time), and so is the most last seats; nobody starts at a table and sits
last there. The middle seats go to whoever has sat in them least."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

from tablerank.tournament.search import Tables

__all__ = ["SeatCounts", "turn_order"]


class SeatCounts:
    """How often each player has taken each seat (0 = first, -1 = last, else the middle seat)."""

    def __init__(self, players: int) -> None:
        self.first = [0] * players
        self.last = [0] * players
        self.middle: list[dict[int, int]] = [{} for _ in range(players)]

    def took(self, ordered: Sequence[int]) -> None:
        """Count one table's seats, in turn order."""
        self.first[ordered[0]] += 1
        self.last[ordered[-1]] += 1
        for seat, player in enumerate(ordered[1:-1], start=1):
            self.middle[player][seat] = self.middle[player].get(seat, 0) + 1


def turn_order(rounds: list[Tables], counts: SeatCounts, rng: random.Random) -> list[Tables]:
    """The free `rounds` with each table in turn order; `counts` (the earlier rounds') grows."""
    tables = [table for round_tables in rounds for table in round_tables]
    lots = {player: rng.random() for table in tables for player in table}
    starters = _in_play_order([list(t) for t in tables], counts.first, lots)
    rest = [[p for p in t if p != s] for t, s in zip(tables, starters, strict=True)]
    lasts = _in_play_order(rest, counts.last, lots)
    ordered: list[Tables] = []
    at = 0
    for round_tables in rounds:
        seated = []
        for _ in round_tables:
            table = _seated(starters[at], rest[at], lasts[at], counts, lots)
            counts.took(table)
            seated.append(table)
            at += 1
        ordered.append(seated)
    return ordered


def _seated(
    first: int, rest: list[int], last: int, counts: SeatCounts, lots: dict[int, float]
) -> list[int]:
    if len(rest) < 2:  # a table of two: first and last only
        return [first, *rest]
    middle = [p for p in rest if p != last]
    best = min(
        itertools.permutations(middle),
        key=lambda order: (
            sum(counts.middle[p].get(seat, 0) for seat, p in enumerate(order, start=1)),
            [lots[p] for p in order],
        ),
    )
    return [first, *best, last]


def _shared_out(slots: list[list[int]], counts: list[int], lots: dict[int, float]) -> list[int]:
    """One player per slot, from its candidates, so that the highest count any player reaches
    (its `counts` plus the slots it gets) is as low as it can be; fewest counts, then lots,
    first."""
    for candidates in slots:
        candidates.sort(key=lambda p: (counts[p], lots[p]))
    holders: dict[int, list[int]] = {}
    owner = [-1] * len(slots)

    def load(player: int) -> int:
        return counts[player] + len(holders.get(player, ()))

    def augment(slot: int, level: int, seen: set[int]) -> bool:
        for player in slots[slot]:
            if player in seen:
                continue
            seen.add(player)
            held = holders.setdefault(player, [])
            if load(player) < level:
                held.append(slot)
                owner[slot] = player
                return True
            for other in held:
                if augment(other, level, seen):
                    held.remove(other)
                    held.append(slot)
                    owner[slot] = player
                    return True
        return False

    open_slots = list(range(len(slots)))
    level = min((counts[p] for s in slots for p in s), default=0) + 1
    while open_slots:
        open_slots = [slot for slot in open_slots if not augment(slot, level, set())]
        level += 1
    return owner


def _in_play_order(slots: list[list[int]], counts: list[int], lots: dict[int, float]) -> list[int]:
    """`_shared_out`, then improved in play order: each slot goes to a candidate with the fewest
    counts so far wherever the later slots can still be shared out under the same highest
    count (nobody starts twice while a tablemate has not started, where the tables allow)."""
    owner = _shared_out([list(c) for c in slots], counts, lots)
    total = list(counts)
    for player in owner:
        total[player] += 1
    cap = max((total[p] for p in owner), default=0)
    so_far = list(counts)

    def later_of(player: int, after: int) -> list[int]:
        return [y for y in range(after + 1, len(slots)) if owner[y] == player]

    def move(y: int, to: int) -> None:
        total[owner[y]] -= 1
        owner[y] = to
        total[to] += 1

    def reroute(y: int, after: int, seen: set[int]) -> bool:
        """Give later slot `y` to another candidate, moving others' later slots as needed."""
        for q in slots[y]:
            if q == owner[y] or q in seen:
                continue
            seen.add(q)
            if total[q] < cap or any(reroute(z, after, seen) for z in later_of(q, after)):
                move(y, q)
                return True
        return False

    for x, candidates in enumerate(slots):
        held = owner[x]
        best = min(candidates, key=lambda p: (so_far[p], lots[p]))
        if so_far[best] < so_far[held]:
            before = list(owner), list(total)
            move(x, best)
            if total[best] > cap and not any(reroute(y, x, {best}) for y in later_of(best, x)):
                owner[:], total[:] = before
        so_far[owner[x]] += 1
    return owner
