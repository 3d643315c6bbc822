"""A league's events and tournaments as their pages list them: the events with the day each was
last played, an event's rounds and its recorded final standings, the tournaments, their
entrants and a finished one's final order."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from django.db.models import Max, QuerySet

from tablerank.league.models import (
    Entrant,
    EventRecord,
    GameRecord,
    League,
    RecordStatus,
    Tournament,
)


@dataclass(frozen=True)
class LeagueEvent:
    """An event of the league: its name, its day (the last game's, else its record's) and
    whether its games are in the league (else only its final standings are recorded)."""

    name: str
    date: dt.date | None
    games: bool


def league_events(league: League) -> list[LeagueEvent]:
    """The league's events (games sharing an event, and recorded final standings), latest
    first."""
    days = dict(
        GameRecord.objects.filter(league=league, status=RecordStatus.CONFIRMED)
        .exclude(event="")
        .values_list("event")
        .annotate(last=Max("date"))
        .values_list("event", "last")
    )
    records = dict(
        EventRecord.objects.filter(league=league, status=RecordStatus.CONFIRMED).values_list(
            "external_id", "date"
        )
    )
    out = [
        LeagueEvent(name, days.get(name) or records.get(name), name in days)
        for name in {*days, *records}
    ]
    out.sort(key=lambda row: row.date or dt.date.min, reverse=True)
    return out


def _event_games(league: League, event: str) -> QuerySet[GameRecord]:
    return GameRecord.objects.filter(league=league, status=RecordStatus.CONFIRMED, event=event)


def has_games(league: League, event: str) -> bool:
    """Whether the league has confirmed games of this event."""
    return _event_games(league, event).exists()


def event_rounds(league: League, event: str) -> list[GameRecord]:
    """The event's confirmed games, round by round, in the order they were recorded."""
    return list(_event_games(league, event).order_by("round", "sequence"))


def recorded_event(league: League, ids: Sequence[str]) -> EventRecord | None:
    """The live final standings recorded under one of these ids (an event's name, its
    tournament's slug), with their players."""
    return (
        EventRecord.objects.filter(league=league, external_id__in=ids)
        .exclude(status=RecordStatus.VOIDED)
        .prefetch_related("standings__player")
        .first()
    )


def tournaments_of(league: League) -> QuerySet[Tournament]:
    """The league's tournaments, newest first."""
    return Tournament.objects.filter(league=league).order_by("-created_at", "-pk")


def entrants_of(tournament: Tournament, *, by_name: bool = False) -> QuerySet[Entrant]:
    """The tournament's entrants with their players, as they registered (or by name)."""
    return tournament.entrants.select_related("player").order_by(
        "player__name" if by_name else "pk"
    )


def final_order(record: EventRecord) -> list[str]:
    """The players of an event's final standings, first to last."""
    return [s.player.name for s in record.standings.select_related("player").order_by("place")]
