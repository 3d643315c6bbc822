"""A league's tournament, its order: the standings every door shows, the champion, and the
finished event's record. The order is `tablerank.tournament.placings`' one rule (after a cut,
the final's table decides first place); this module only reads the tournament's stages."""

from __future__ import annotations

from django.contrib.auth.models import User

from tablerank.engine.values import Game
from tablerank.league.errors import LeagueError
from tablerank.league.models import EventRecord, Tournament
from tablerank.league.services.recording import record_event
from tablerank.league.services.roles import ORGANIZERS, require_role
from tablerank.league.services.tournament_rounds import (
    cut_rounds,
    preliminary_standings,
    require_complete,
    round_of,
    tournament_games,
)
from tablerank.league.services.tournaments import current_round
from tablerank.tournament.finish import EventRounds, turnabout_event
from tablerank.tournament.placings import champion, event_standings, final_order
from tablerank.tournament.scoring import StandingsError
from tablerank.tournament.standings import TournamentStandings
from tablerank.tournament.tables import SeatingError

__all__ = ["champion_of", "drop_words", "finish_tournament", "stages_of", "standings_of"]


def stages_of(tournament: Tournament, games: list[Game] | None = None) -> EventRounds:
    """The confirmed results by stage: the preliminary rounds, the semifinals (where the cut
    needs more than one table) and the final."""
    played = tournament_games(tournament) if games is None else games
    last = tournament.rounds
    extra = cut_rounds(tournament)

    def of(number: int) -> tuple[Game, ...]:
        return tuple(g for g in played if g.round == number)

    prelims = tuple(g for g in played if g.round is not None and g.round <= last)
    semifinals = of(last + 1) if extra == 2 else ()
    final = of(last + extra) if extra else ()
    return EventRounds(prelims, semifinals, final)


def standings_of(tournament: Tournament, *, scoring: str = "") -> TournamentStandings:
    """The standings of the confirmed results in the event's order (`placings`), each row's
    tally over every round; `scoring` (default: the tournament's) ranks the preliminaries."""
    stages = stages_of(tournament)
    if not stages.prelims:
        raise LeagueError("standings", f"{tournament.name}: no confirmed result yet")
    try:
        return event_standings(stages, scoring=scoring or tournament.scoring, seed=tournament.seed)
    except StandingsError as exc:
        raise LeagueError("scoring", str(exc)) from None
    except SeatingError as exc:
        raise LeagueError("tournament", str(exc)) from None


def champion_of(tournament: Tournament) -> str | None:
    """The final's winner once the final's result is confirmed (None before, or without a
    cut)."""
    if not tournament.cut:
        return None
    return champion(stages_of(tournament))


def finish_tournament(tournament: Tournament, by: User) -> EventRecord:
    """Record the finished event's order as a Turnabout event record of the league (its id
    the tournament's address): the lists and Turnabout read it like any other event."""
    require_role(tournament.league, by, *ORGANIZERS)
    latest = current_round(tournament)
    last = tournament.rounds + cut_rounds(tournament)
    if latest < last:
        raise LeagueError("round", f"{tournament.name}: round {latest + 1} of {last} is to come")
    require_complete(tournament, latest)
    stages = stages_of(tournament)
    try:
        order = final_order(stages, scoring=tournament.scoring, seed=tournament.seed)
        event = turnabout_event(stages, order, record_id=tournament.slug[:64])
    except SeatingError as exc:
        raise LeagueError("tournament", str(exc)) from None
    return record_event(tournament.league, event, by)


def drop_words(tournament: Tournament) -> str | None:
    """What the large-event rule did, in words (None while it has not come up): who dropped
    after round N without a win, or why nobody did."""
    after = tournament.drop_winless_after
    if not after or current_round(tournament) <= after:
        return None
    rows = preliminary_standings(tournament, through=after).rows
    winless = {row.player.casefold() for row in rows if row.wins == 0}
    rule = f"Players without a win after round {after} drop (the large-event rule)"
    dropped = [
        e.player.name
        for e in tournament.entrants.select_related("player").order_by("player__name")
        if e.dropped_after == after and e.player.name.casefold() in winless
    ]
    if dropped:
        return f"{rule}: dropped {', '.join(dropped)}."
    seated = round_of(tournament, after + 1)
    stayed = [n for t in seated.tables for n in t.seats if n.casefold() in winless]
    if stayed:
        return (
            f"{rule}: nobody dropped, as the players with a win could not be seated with no "
            "more byes than everyone; everyone plays on."
        )
    return f"{rule}: every player has a win, nobody dropped."
