"""A finished event: its stages and its Turnabout record.

The final order is `placings.final_order`'s. The Turnabout record (seed
Turnabout: wins, draws, and a bonus "for playing every round") counts each player's table wins
over the whole event; a player who missed a preliminary round has dropped (`completed` false).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tablerank.engine.addresses import id_from
from tablerank.engine.records import new_event
from tablerank.engine.values import Event, Game
from tablerank.tournament.scoring import DEFAULT_SCORING
from tablerank.tournament.standings import tournament_standings, winner_of
from tablerank.tournament.tables import SeatingError

__all__ = ["EventRounds", "seed_order", "split_rounds", "turnabout_event"]


@dataclass(frozen=True)
class EventRounds:
    """An event's games: the preliminary rounds, the semifinal round and the final round."""

    prelims: tuple[Game, ...]
    semifinals: tuple[Game, ...]
    final: tuple[Game, ...]


def split_rounds(games: Sequence[Game], event: str, cut_round: int | None) -> EventRounds:
    """The games of `event` (any case) split at `cut_round` (the semifinals; the final is the
    round after); without a cut every game is preliminary."""
    wanted = event.casefold()
    mine = [g for g in games if (g.event or "").casefold() == wanted]
    if not mine:
        raise SeatingError(f"no game belongs to event {event!r}")
    if cut_round is None:
        return EventRounds(tuple(mine), (), ())
    for game in mine:
        if game.round is None:
            raise SeatingError(f"game {game.id!r} of event {event!r}: no round")
        if game.round > cut_round + 1:
            raise SeatingError(
                f"game {game.id!r}: round {game.round} comes after the final (round "
                f"{cut_round + 1})"
            )
    prelims = tuple(g for g in mine if (g.round or 0) < cut_round)
    if not prelims:
        raise SeatingError(f"event {event!r}: no preliminary games before round {cut_round}")
    return EventRounds(
        prelims,
        tuple(g for g in mine if g.round == cut_round),
        tuple(g for g in mine if g.round == cut_round + 1),
    )


def _order(games: Sequence[Game], scoring: str, seed: int | None) -> list[str]:
    if not games:
        return []
    return [row.player for row in tournament_standings(games, scoring=scoring, seed=seed).rows]


def seed_order(rounds: EventRounds, *, scoring: str = DEFAULT_SCORING) -> list[str]:
    """The preliminary standings, best first: the seeds of the cut."""
    return _order(rounds.prelims, scoring, None)


def turnabout_event(
    rounds: EventRounds, order: Sequence[str], *, record_id: str | None = None, event: str = ""
) -> Event:
    """The Turnabout record of the finished event, places from `order`."""
    every = [*rounds.prelims, *rounds.semifinals, *rounds.final]
    prelim_rounds = {g.round for g in rounds.prelims}
    played: dict[str, int] = {}
    won: dict[str, int] = {}
    present: dict[str, set[int | None]] = {}
    preliminary = {id(game) for game in rounds.prelims}
    for game in every:
        winner = (winner_of(game) or "").casefold()
        for seat in game.seats:
            key = seat.player.casefold()
            played[key] = played.get(key, 0) + 1
            won[key] = won.get(key, 0) + (key == winner)
            if id(game) in preliminary:
                present.setdefault(key, set()).add(game.round)
    standings = [
        {
            "player": player,
            "place": place,
            "wins": won.get(player.casefold(), 0),
            "draws": 0,
            "losses": played.get(player.casefold(), 0) - won.get(player.casefold(), 0),
            "completed": present.get(player.casefold(), set()) >= prelim_rounds,
        }
        for place, player in enumerate(order, start=1)
    ]
    return new_event(
        id=record_id or _event_id(event),
        date=max(g.date for g in every),
        rounds=max(played.values()),
        standings=standings,
    )


def _event_id(event: str) -> str:
    """A record id from an event's name: `Spring Qualifier` -> `spring-qualifier`."""
    return id_from(event)
