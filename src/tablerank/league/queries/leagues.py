"""The site's leagues as its home lists them: those a visitor may see, with their players,
confirmed games and last day played."""

from __future__ import annotations

import dataclasses
import datetime as dt

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Count, Max

from tablerank.league.models import GameRecord, League, RecordStatus
from tablerank.league.services.roles import can_read, readable_leagues


@dataclasses.dataclass(frozen=True)
class LeagueCard:
    league: League
    players: int
    games: int
    latest: dt.date | None


def league_cards(viewer: User | AnonymousUser) -> list[LeagueCard]:
    """Every league `viewer` may see (`can_read`), busiest first (then by name)."""
    leagues = League.objects.annotate(players_count=Count("players", distinct=True))
    visible = [league for league in leagues.order_by("name") if can_read(league, viewer)]
    readable = readable_leagues(viewer).values("pk")
    confirmed = GameRecord.objects.filter(league__in=readable, status=RecordStatus.CONFIRMED)
    totals = {
        row["league"]: (row["count"], row["last"])
        for row in confirmed.values("league").annotate(count=Count("pk"), last=Max("date"))
    }
    cards = [
        LeagueCard(league, league.players_count, *totals.get(league.pk, (0, None)))
        for league in visible
    ]
    cards.sort(key=lambda card: -card.games)
    return cards
