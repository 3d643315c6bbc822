"""Who places where in an event with a cut: the one order every door shows.

The rule (field notes, CATAN Studio's national qualifiers: "top 16 to semifinal tables; table
winners to the final", so the final's table decides the winner; WBC: "advancement by wins, then
VP, then best finish"):

1. the final's table: its winner first, then its other players by their place at that table;
2. the other semifinalists, by their place at their semifinal table (every table's second before
   any third), players of one place by the semifinals' standings;
3. everyone else by the preliminary standings (seed 002: wins, then total VP, then VP%).

Where the cut fits one table, that table is the final (docs/tournaments.md, "Rounds in order").
Players of a stage whose result is not in yet stand with the stage before. Pure: games in, order
out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from tablerank.engine.values import Game
from tablerank.tournament.finish import EventRounds
from tablerank.tournament.scoring import DEFAULT_SCORING
from tablerank.tournament.standings import (
    StandingRow,
    TournamentStandings,
    tournament_standings,
    winner_of,
)
from tablerank.tournament.tables import SeatingError

__all__ = ["FINAL", "SEMIFINAL", "champion", "event_standings", "final_order"]

FINAL = "final"
"""What separated two players whom the final's table placed (`StandingRow.separated_by`)."""
SEMIFINAL = "semifinal"
"""What separated two players whom the semifinals placed."""


def _decided(rounds: EventRounds) -> EventRounds:
    """The stages as played: a cut that fits one table has no semifinals, that table is the
    final."""
    if not rounds.final and len(rounds.semifinals) == 1:
        return EventRounds(rounds.prelims, (), rounds.semifinals)
    return rounds


def _check_final(rounds: EventRounds) -> None:
    if len(rounds.final) > 1:
        raise SeatingError(f"final: expected one final table, got {len(rounds.final)} games")
    if rounds.final and rounds.semifinals:
        winners = {(winner_of(g) or "").casefold() for g in rounds.semifinals}
        for seat in rounds.final[0].seats:
            if seat.player.casefold() not in winners:
                raise SeatingError(
                    f"final {rounds.final[0].id!r}: {seat.player} won no semifinal table"
                )


def _by_table_place(games: Sequence[Game], scoring: str, seed: int | None) -> list[str]:
    """A cut stage's players: by their place at their table, one place by the stage's
    standings."""
    if not games:
        return []
    place = {
        seat.player.casefold(): seat.place or len(game.seats) + 1
        for game in games
        for seat in game.seats
    }
    rows = tournament_standings(games, scoring=scoring, seed=seed).rows
    return [row.player for row in sorted(rows, key=lambda row: place[row.player.casefold()])]


def _stages(
    rounds: EventRounds, scoring: str, seed: int | None
) -> list[tuple[str | None, list[str]]]:
    """Each stage's players in order, the final first; a player counts in the latest stage
    they played."""
    stages = [
        (FINAL, _by_table_place(rounds.final, scoring, seed)),
        (SEMIFINAL, _by_table_place(rounds.semifinals, scoring, seed)),
    ]
    prelims = tournament_standings(rounds.prelims, scoring=scoring, seed=seed).rows
    seen: set[str] = set()
    out: list[tuple[str | None, list[str]]] = []
    for stage, players in [*stages, (None, [row.player for row in prelims])]:
        kept = [p for p in players if p.casefold() not in seen]
        seen.update(p.casefold() for p in kept)
        out.append((stage, kept))
    return out


def final_order(
    rounds: EventRounds, *, scoring: str = DEFAULT_SCORING, seed: int | None = None
) -> list[str]:
    """Everyone who played, first to last (the module's rule). Refused: more than one final
    table, a finalist who won no semifinal table."""
    decided = _decided(rounds)
    _check_final(decided)
    return [player for _, players in _stages(decided, scoring, seed) for player in players]


def champion(rounds: EventRounds) -> str | None:
    """The winner of the final's table, once its result is in (None before, or without a
    cut)."""
    decided = _decided(rounds)
    return winner_of(decided.final[0]) if len(decided.final) == 1 else None


def event_standings(
    rounds: EventRounds, *, scoring: str = DEFAULT_SCORING, seed: int | None = None
) -> TournamentStandings:
    """The standings of the whole event (each player's tally over every round) in the order of
    `final_order`. A row placed by a cut stage says so in `separated_by` (`FINAL`, `SEMIFINAL`:
    the stage that put the player below the one above); the preliminary rows keep the
    preliminary standings' tiebreak."""
    decided = _decided(rounds)
    _check_final(decided)
    every = [*decided.prelims, *decided.semifinals, *decided.final]
    whole = tournament_standings(every, scoring=scoring, seed=seed)
    if not decided.final and not decided.semifinals:
        return whole
    tally = {row.player.casefold(): row for row in whole.rows}
    stages = _stages(decided, scoring, seed)
    why = _preliminary_tiebreaks(decided, stages[-1][1], scoring, seed)
    rows: list[StandingRow] = []
    above: str | None = None  # the stage of the row above: it separates the row below
    for stage, players in stages:
        for player in players:
            key = player.casefold()
            separated = (above or why[key]) if rows else None
            rows.append(replace(tally[key], rank=len(rows) + 1, separated_by=separated))
            above = stage
    return replace(whole, rows=tuple(rows))


def _preliminary_tiebreaks(
    rounds: EventRounds, shown: Sequence[str], scoring: str, seed: int | None
) -> dict[str, str | None]:
    """What separates each of the preliminary `shown` players from the one shown above: the
    earliest criterion on which any neighbours between them differ in the preliminary
    standings (the cut takes some of them out)."""
    standings = tournament_standings(rounds.prelims, scoring=scoring, seed=seed)
    criteria = list(standings.scoring.criteria)
    at = {row.player.casefold(): i for i, row in enumerate(standings.rows)}
    why: dict[str, str | None] = {}
    previous: int | None = None
    for player in shown:
        here = at[player.casefold()]
        between = [r.separated_by for r in standings.rows[(previous or 0) + 1 : here + 1]]
        named = [c for c in between if c is not None]
        why[player.casefold()] = min(named, key=criteria.index) if previous is not None else None
        previous = here
    return why
