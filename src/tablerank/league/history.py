"""A player's history: what each confirmed game did to their number in a system, explained."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from tablerank.engine.systems.base import Explanation, ReplaySystem, Term
from tablerank.league.errors import LeagueError
from tablerank.league.explanations import explain_game, ratings_before
from tablerank.league.models import GameRecord, League, Player, RatingChange
from tablerank.league.ratings import confirmed_events
from tablerank.league.reading import game_system, kept_system, league_player, with_seats


@dataclass(frozen=True)
class HistoryEntry:
    """What one confirmed game did to one player's number in one list of one system."""

    game: str
    """The game's id."""
    date: dt.date
    system: str
    list_key: str
    player: str
    before: float
    after: float
    games: int
    """Games the player had been rated in on this list, this one included."""
    explanation: Explanation
    """The engine's explanation of the whole game (every player's terms)."""

    @property
    def change(self) -> float:
        return self.after - self.before

    @property
    def terms(self) -> tuple[Term, ...]:
        """The player's own terms: one per opponent where the system compares pairs."""
        return tuple(term for term in self.explanation.terms if term.player == self.player)

    @property
    def summary(self) -> str:
        """The change in words: "+8: +2 against Ben, +6 against Cleo" where the system compares
        pairs, else the change and the system's own reasons ("+5: 3rd place ...")."""
        parts = [
            f"{_signed(term.amount)} against {term.opponent}" if term.opponent else term.why
            for term in self.terms
        ]
        return f"{_signed(self.change)}: {', '.join(parts or self.explanation.notes)}".rstrip(": ")


def _signed(amount: float) -> str:
    """+8, -4, +0.143: at most 3 decimals, a sign always."""
    text = f"{round(amount, 3) + 0.0:+.3f}"
    return text.rstrip("0").rstrip(".")


def player_history(
    league: League, player_name: str, system: str, list_key: str | None = None
) -> list[HistoryEntry]:
    """Every confirmed game that moved the player's number in the system, in play order, with
    the rating before and after and the engine's explanation. All of the system's lists unless
    `list_key` names one. Turnabout's entries are the events that rated the player."""
    player = league_player(league, player_name)
    engine = kept_system(league, system)
    games_system = game_system(engine)
    if games_system is None:
        if isinstance(engine, ReplaySystem):
            return _event_history(league, player, engine)
        raise LeagueError(
            "system",
            f"{system} ranks players by their ranks in other systems and moves no number per "
            "game; ask for one of its members",
        )
    mine = RatingChange.objects.filter(league=league, system=system, player=player.name)
    if list_key is not None:
        mine = mine.filter(list_key=list_key)
    rows = list(mine.order_by("date", "sequence", "list_key"))
    records = {
        record.pk: record.to_record()
        for record in with_seats(GameRecord.objects.filter(pk__in=mine.values("game_id")))
    }
    before = ratings_before(
        RatingChange.objects.filter(
            league=league, system=system, game_id__in=mine.values("game_id")
        )
    )
    return [
        HistoryEntry(
            game=records[row.game_id].id,
            date=row.date,
            system=system,
            list_key=row.list_key,
            player=row.player,
            before=row.before,
            after=row.after,
            games=row.games,
            explanation=explain_game(
                games_system,
                records[row.game_id],
                before.get((row.game_id, system, row.list_key), {}),
            ),
        )
        for row in rows
    ]


def _event_history(league: League, player: Player, system: ReplaySystem[Any]) -> list[HistoryEntry]:
    """Turnabout keeps no state: the engine explains each confirmed event the player was rated
    in, replaying the events before it."""
    events = confirmed_events(league)
    entries: list[HistoryEntry] = []
    for event in events:
        if player.name not in (row.player for row in event.standings):
            continue
        if system.refusal(event) is not None:
            continue
        explanation = system.explain(events, event.id)
        if player.name not in explanation.changes:
            continue
        entries.append(
            HistoryEntry(
                game=event.id,
                date=event.date,
                system=system.name,
                list_key="",
                player=player.name,
                before=explanation.before[player.name],
                after=explanation.after[player.name],
                games=len(entries) + 1,
                explanation=explanation,
            )
        )
    return entries
