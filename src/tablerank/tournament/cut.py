"""The cut: the top of the preliminary standings to semifinal tables, table winners to the final,
and the event's final order (field notes: national qualifiers "top 16 to semifinal tables; table
winners to the final"; WBC: "semifinals seeded in a snake — table 1 gets seeds 1, 8, 9, 16;
table 2 gets 2, 7, 10, 15; …; higher seeds take the 3-player tables and choose turn order
first")."""

from __future__ import annotations

from collections.abc import Sequence

from tablerank.engine.values import Game
from tablerank.tournament.finish import seed_order, split_rounds
from tablerank.tournament.scoring import DEFAULT_SCORING
from tablerank.tournament.seating import SeatedRound, SeatedTable
from tablerank.tournament.standings import winner_of
from tablerank.tournament.tables import SeatingError, split

__all__ = ["DEFAULT_TOP", "final_table", "seat_cut", "semifinal_tables", "snake"]

DEFAULT_TOP = 16


def snake(seeds: Sequence[str], sizes: Sequence[int]) -> list[list[str]]:
    """Deal `seeds` (best first) to tables of `sizes` in a snake: 1..T, then T..1, and so on,
    skipping a full table. The smaller tables come first, so the higher seeds take them."""
    capacity = sorted(sizes)
    tables: list[list[str]] = [[] for _ in capacity]
    at, forward = 0, True
    while at < len(seeds):
        for t in range(len(tables)) if forward else reversed(range(len(tables))):
            if at < len(seeds) and len(tables[t]) < capacity[t]:
                tables[t].append(seeds[at])
                at += 1
        forward = not forward
    return tables


def semifinal_tables(
    standings: Sequence[str], number: int, *, top: int = DEFAULT_TOP, sizes: Sequence[int] = (3, 4)
) -> SeatedRound:
    """Round `number`: the `top` players of the preliminary `standings` (best first) at tables
    seeded in a snake, each table's seats in seed order (higher seeds choose their seat first)."""
    if top < 2:
        raise SeatingError(f"top: expected at least 2 players in the cut, got {top}")
    if len(standings) < top:
        raise SeatingError(
            f"top: the standings have {len(standings)} players, fewer than the cut's {top}"
        )
    table_sizes, byes = split(top, sizes)
    if byes:
        shown = " or ".join(str(size) for size in sorted(set(sizes)))
        raise SeatingError(f"top: {top} players cannot sit at tables of {shown} without a bye")
    tables = snake(list(standings[:top]), table_sizes)
    return SeatedRound(number, tuple(SeatedTable(i + 1, tuple(t)) for i, t in enumerate(tables)))


def final_table(semifinals: Sequence[Game], standings: Sequence[str], number: int) -> SeatedRound:
    """Round `number`, the final: the winner of each semifinal table, in seed order (their
    place in the preliminary `standings`)."""
    if not semifinals:
        raise SeatingError("final: no semifinal games to take the winners from")
    seed = {name.casefold(): i for i, name in enumerate(standings)}
    winners = []
    for game in semifinals:
        winner = winner_of(game)
        if winner is None:
            raise SeatingError(f"final: semifinal game {game.id!r} has no single winner")
        winners.append(winner)
    winners.sort(key=lambda name: seed.get(name.casefold(), len(seed)))
    return SeatedRound(number, (SeatedTable(1, tuple(winners)),))


def seat_cut(
    games: Sequence[Game],
    event: str,
    number: int,
    *,
    final: bool = False,
    top: int = DEFAULT_TOP,
    sizes: Sequence[int] = (3, 4),
    scoring: str = DEFAULT_SCORING,
) -> SeatedRound:
    """The semifinals of `event` as round `number`, seeded by the standings of the rounds
    before; with `final`, the final (round `number` + 1) from round `number`'s winners.
    Refused where the round to seat has results already."""
    stages = split_rounds(games, event, number)
    seeds = seed_order(stages, scoring=scoring)
    if final:
        if stages.final:
            raise SeatingError(
                f"event {event!r}: the final, round {number + 1}, has results already"
            )
        return final_table(stages.semifinals, seeds, number + 1)
    if stages.semifinals or stages.final:
        raise SeatingError(f"event {event!r}: round {number} has results already")
    return semifinal_tables(seeds, number, top=top, sizes=sizes)
