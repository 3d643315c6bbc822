"""The next Swiss round from an event's results so far: standings, who met whom, turn order
and byes, all read from the games of the earlier rounds (records in, a seated round out)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from tablerank.engine.values import Event, Game
from tablerank.tournament.scoring import DEFAULT_SCORING
from tablerank.tournament.seating import SeatedRound, next_round
from tablerank.tournament.standings import tournament_standings
from tablerank.tournament.tables import SeatingError

__all__ = ["swiss_round"]


def swiss_round(
    players: Sequence[str],
    records: Sequence[Game | Event],
    event: str,
    number: int,
    *,
    scoring: str = DEFAULT_SCORING,
    seed: int = 0,
    sizes: Sequence[int] = (3, 4),
    ratings: Mapping[str, float] | None = None,
) -> SeatedRound:
    """Seat round `number` of `event` for the present `players` from the games of its earlier
    rounds in `records` (each game's seats in turn order). Refused: a game of the event with no
    round, results of this round or a later one already, or an earlier round without results."""
    earlier = _earlier_games(records, event, number)
    by_round: dict[int, list[Game]] = {}
    for game in earlier:
        by_round.setdefault(game.round or 0, []).append(game)
    missing = [k for k in range(1, number) if k not in by_round]
    if missing:
        raise SeatingError(
            f"event {event!r}: round {missing[0]} has no results; seat and enter it before "
            f"round {number}"
        )
    standings: list[str] = []
    if earlier:
        table = tournament_standings(earlier, event=event, scoring=scoring, seed=seed)
        standings = [row.player for row in table.rows]
    tables = [[[s.player for s in g.seats] for g in by_round[k]] for k in sorted(by_round)]
    return next_round(
        players,
        number,
        standings=standings,
        earlier=tables,
        byes_so_far=_byes(by_round),
        seed=seed,
        sizes=sizes,
        ratings=ratings,
    )


def _earlier_games(records: Sequence[Game | Event], event: str, number: int) -> list[Game]:
    wanted = event.casefold()
    games = [r for r in records if isinstance(r, Game) and (r.event or "").casefold() == wanted]
    for game in games:
        if game.round is None:
            raise SeatingError(f"game {game.id!r} of event {event!r}: no round; seating needs it")
        if game.round >= number:
            raise SeatingError(
                f"event {event!r}: round {game.round} has results already (game {game.id!r}); "
                f"round {number} cannot be seated again"
            )
    if number > 1 and not games:
        raise SeatingError(f"no game belongs to event {event!r}; seat round 1 first")
    return games


def _byes(by_round: Mapping[int, list[Game]]) -> dict[str, int]:
    """Rounds each player of the event missed after their first game (a bye, or a late join
    counted from the round they joined)."""
    played = {
        k: {s.player.casefold() for g in games for s in g.seats} for k, games in by_round.items()
    }
    first: dict[str, int] = {}
    for k in sorted(played):
        for player in played[k]:
            first.setdefault(player, k)
    missed: Counter[str] = Counter()
    for player, joined in first.items():
        missed[player] = sum(1 for k in played if k > joined and player not in played[k])
    return dict(missed)
