"""Seating a Catan event: a whole schedule fixed in advance, or a Swiss round from the standings.

`schedule` is the organizer-generated schedule of national qualifiers (field notes: "an
organizer-generated schedule fixes each player's table and seat for 3 preliminary games");
`next_round` seats the next round of a Swiss event in "power pods" (getpaird.io, TopDeck.gg):
players of similar standings meet, with the same rules against repeats. Seats come in turn
order, the first seat starts (TopDeck.gg: "seat 1 starts"). docs/tournaments.md has the rules.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tablerank.tournament.planes import plane_rounds
from tablerank.tournament.search import (
    KeepApart,
    TableCost,
    Tables,
    arrange,
    combined,
    greedy_rounds,
)
from tablerank.tournament.tables import SeatingError, split
from tablerank.tournament.turn_order import SeatCounts, turn_order

__all__ = ["MAX_ROUNDS", "SeatedRound", "SeatedTable", "SeatingError", "next_round", "schedule"]

MAX_ROUNDS = 50
_SWISS_STEPS = 40_000


@dataclass(frozen=True)
class SeatedTable:
    """One table of a round: its number (from 1) and its players in turn order."""

    number: int
    seats: tuple[str, ...]


@dataclass(frozen=True)
class SeatedRound:
    """One round: its number, its tables, and who sits it out (a bye)."""

    number: int
    tables: tuple[SeatedTable, ...]
    byes: tuple[str, ...] = ()


def schedule(
    players: Sequence[str],
    rounds: int,
    *,
    seed: int = 0,
    sizes: Sequence[int] = (3, 4),
    ratings: Mapping[str, float] | None = None,
    apart: Sequence[Sequence[str]] = (),
) -> tuple[SeatedRound, ...]:
    """Every round of an event, seated in advance. With `ratings` (by name), round 1 keeps the
    top seeds (one per table) at different tables; each group of `apart` (friends and family)
    sits at different tables wherever that needs no repeated opponent. Deterministic for a
    seed."""
    names = _checked(players)
    if not 1 <= rounds <= MAX_ROUNDS:
        raise SeatingError(f"rounds: expected 1 to {MAX_ROUNDS}, got {rounds}")
    table_sizes, bye_count = split(len(names), sizes)
    rng = random.Random(seed)
    order = _seed_order(names, ratings, rng)
    byes = _byes_by_round(len(names), bye_count, rounds, rng)
    seeds = _SeedsApart(len(table_sizes)) if ratings else None
    planned = _planned(len(names), table_sizes, rounds) if bye_count == 0 else None
    if planned is not None:
        arranged = planned
    else:
        first = greedy_rounds(len(names), table_sizes, byes, rng)
        arranged = arrange(first, len(names), extra=seeds, rng=rng)
    keep = _keep_apart(apart, order)
    if keep is not None:
        arranged, byes = _friends_apart(arranged, byes, combined(seeds, keep) or keep, rng)
    ordered = turn_order(arranged, SeatCounts(len(names)), rng)
    return tuple(
        _round(k + 1, tables, [order[p] for p in sorted(byes[k])], order)
        for k, tables in enumerate(ordered)
    )


def next_round(
    players: Sequence[str],
    number: int,
    *,
    standings: Sequence[str] = (),
    earlier: Sequence[Sequence[Sequence[str]]] = (),
    byes_so_far: Mapping[str, int] | None = None,
    seed: int = 0,
    sizes: Sequence[int] = (3, 4),
    ratings: Mapping[str, float] | None = None,
    apart: Sequence[Sequence[str]] = (),
) -> SeatedRound:
    """Round `number` of a Swiss event for the present `players`: power pods by `standings`
    (names, best first; anyone not in them after, by `ratings` when given), nobody meeting an
    opponent of the `earlier` rounds' tables (each in turn order) again while it can be helped,
    then each group of `apart` at different tables where it can be, byes to those with the
    fewest byes so far and then the lowest standing."""
    names = _checked(players)
    if not 1 <= number <= MAX_ROUNDS:
        raise SeatingError(f"round: expected 1 to {MAX_ROUNDS}, got {number}")
    table_sizes, bye_count = split(len(names), sizes)
    rng = random.Random(seed)
    ranked = _ranked(names, standings, ratings, rng)
    index = {name.casefold(): i for i, name in enumerate(ranked)}
    byes = _swiss_byes(ranked, bye_count, byes_so_far or {})
    playing = [i for i in range(len(ranked)) if i not in byes]
    pods = _pods(playing, table_sizes)
    before = [[_known(table, index) for table in tables] for tables in earlier]
    counts = SeatCounts(len(ranked))
    for tables in before:
        for table in tables:
            if len(table) > 1:
                counts.took(table)
    extra = combined(_spread, _keep_apart(apart, ranked))
    arranged = arrange(
        [pods], len(ranked), earlier=before, extra=extra, rng=rng, steps=_SWISS_STEPS
    )
    ordered = turn_order(arranged, counts, rng)[0]
    return _round(number, ordered, [ranked[i] for i in sorted(byes)], ranked)


class _SeedsApart:
    """Seeding: round 1 costs one for each further top seed at a table (the seeds are the
    players numbered below the number of tables)."""

    def __init__(self, tables: int) -> None:
        self._seeds = tables

    def __call__(self, round_index: int, table: Sequence[int]) -> float:
        if round_index:
            return 0.0
        return float(max(0, sum(p < self._seeds for p in table) - 1))


def _keep_apart(apart: Sequence[Sequence[str]], numbered: Sequence[str]) -> KeepApart | None:
    """The keep-apart cost over the players as numbered; names not playing are left out."""
    index = {name.casefold(): i for i, name in enumerate(numbered)}
    groups = [[index[n.casefold()] for n in group if n.casefold() in index] for group in apart]
    cost = KeepApart(len(numbered), [g for g in groups if len(g) > 1])
    return cost if cost else None


_RELABEL_TRIES = 4000


def _friends_apart(
    arranged: list[Tables], byes: list[set[int]], extra: TableCost, rng: random.Random
) -> tuple[list[Tables], list[set[int]]]:
    """The schedule with friends and family apart: first the players renumbered so the extra
    cost is least (any renumbering keeps a schedule's opponents new, and its byes as fair), then,
    where a pair still meets, the search from there with that cost (it keeps the best)."""
    label = _relabelling(arranged, extra, len(byes[0]) + sum(map(len, arranged[0])), rng)
    arranged = [[[label[p] for p in table] for table in tables] for tables in arranged]
    byes = [{label[p] for p in out} for out in byes]
    if any(extra(r, table) for r, tables in enumerate(arranged) for table in tables):
        arranged = arrange(arranged, len(label), extra=extra, rng=rng)
    return arranged, byes


def _relabelling(
    arranged: list[Tables], extra: TableCost, players: int, rng: random.Random
) -> list[int]:
    """A renumbering of the players that makes the extra cost least, swapping two numbers at a
    time and keeping each swap that costs no more."""
    label = list(range(players))

    def cost() -> float:
        return sum(
            extra(r, [label[p] for p in table])
            for r, tables in enumerate(arranged)
            for table in tables
        )

    best = cost()
    for _ in range(_RELABEL_TRIES):
        if best == 0:
            break
        a, b = rng.randrange(players), rng.randrange(players)
        label[a], label[b] = label[b], label[a]
        tried = cost()
        if tried <= best:
            best = tried
        else:
            label[a], label[b] = label[b], label[a]
    return label


def _checked(players: Sequence[str]) -> list[str]:
    seen: dict[str, str] = {}
    for name in players:
        if not name.strip():
            raise SeatingError("players: a player's name is empty")
        folded = name.casefold()
        if folded in seen:
            raise SeatingError(f"players: {name!r} is listed twice (also as {seen[folded]!r})")
        seen[folded] = name
    return list(players)


def _seed_order(
    names: list[str], ratings: Mapping[str, float] | None, rng: random.Random
) -> list[str]:
    """The players as numbered for the search: by rating, best first, when given (so seeds
    are the lowest numbers); else in a random order."""
    lots = {name: rng.random() for name in names}
    if ratings:
        return sorted(names, key=lambda n: (-_rating(ratings, n), lots[n]))
    return sorted(names, key=lambda n: lots[n])


def _rating(ratings: Mapping[str, float], name: str) -> float:
    folded = {key.casefold(): value for key, value in ratings.items()}
    return folded.get(name.casefold(), float("-inf"))


def _byes_by_round(players: int, count: int, rounds: int, rng: random.Random) -> list[set[int]]:
    """Who sits out each round: those with the fewest byes so far (swissDouble: no second
    bye before everyone had one), lots among equals."""
    had = [0] * players
    out: list[set[int]] = []
    for _ in range(rounds):
        lots = [rng.random() for _ in range(players)]
        chosen = sorted(range(players), key=lambda p: (had[p], lots[p]))[:count]
        for p in chosen:
            had[p] += 1
        out.append(set(chosen))
    return out


def _planned(players: int, sizes: tuple[int, ...], rounds: int) -> list[Tables] | None:
    """The affine plane's rounds where the field is q*q players at tables of q."""
    q = sizes[0]
    if len(set(sizes)) != 1 or q * q != players or rounds > q + 1:
        return None
    found = plane_rounds(q)
    if found is None:
        return None
    # Point (x, y) is player y*q + x: players 0 .. q-1 (the seeds) sit apart in round 1.
    return [[[(p % q) * q + p // q for p in line] for line in lines] for lines in found[:rounds]]


def _ranked(
    names: list[str],
    standings: Sequence[str],
    ratings: Mapping[str, float] | None,
    rng: random.Random,
) -> list[str]:
    """The present players best first: by `standings`, then the rest by rating and lots."""
    place = {name.casefold(): i for i, name in enumerate(standings)}
    lots = {name: rng.random() for name in names}
    rated = ratings or {}
    return sorted(
        names,
        key=lambda n: (place.get(n.casefold(), len(place)), -_rating(rated, n), lots[n]),
    )


def _swiss_byes(ranked: list[str], count: int, had: Mapping[str, int]) -> set[int]:
    """Byes to the fewest byes so far, then the lowest standing (TopDeck.gg, swissDouble)."""
    folded = {name.casefold(): n for name, n in had.items()}
    order = sorted(range(len(ranked)), key=lambda i: (folded.get(ranked[i].casefold(), 0), -i))
    return set(order[:count])


def _pods(playing: list[int], sizes: tuple[int, ...]) -> Tables:
    """Consecutive players by standing, the larger tables at the top."""
    tables: Tables = []
    at = 0
    for size in sizes:
        tables.append(playing[at : at + size])
        at += size
    return tables


def _known(table: Sequence[str], index: Mapping[str, int]) -> list[int]:
    """An earlier table's present players, in turn order (a dropped player is left out)."""
    return [index[name.casefold()] for name in table if name.casefold() in index]


def _spread(_round: int, table: Sequence[int]) -> float:
    """Power pods: the distance in standings between a table's best and worst player."""
    return float(max(table) - min(table))


def _round(number: int, tables: Tables, byes: list[str], names: list[str]) -> SeatedRound:
    """The round with names, tables numbered by their best seed or standing (table 1 holds
    the top seed, or the top of the standings)."""
    ranked = sorted(tables, key=min)
    seated = tuple(
        SeatedTable(i + 1, tuple(names[p] for p in table)) for i, table in enumerate(ranked)
    )
    return SeatedRound(number, seated, tuple(byes))
