"""What a league's history has, for the filters' drop-downs and the forms' suggestions: its game
groups, cities, events, months and years, the titles played, a player's cities."""

from __future__ import annotations

import dataclasses
from typing import Any

from django.db.models import Q

from tablerank.league.models import EventRecord, GameRecord, League, Player, RecordStatus
from tablerank.league.store.cache import cached


@dataclasses.dataclass(frozen=True)
class Choices:
    """What a league's confirmed history has, for the filters' drop-downs."""

    groups: list[str]
    cities: list[str]
    events: list[str]
    months: list[str]
    years: list[int]
    event_records: list[str]


def _distinct(rows: Any, field: str) -> list[str]:
    """The values of `field` the rows hold (none empty), alphabetically in any case."""
    values = rows.exclude(**{field: ""}).values_list(field, flat=True).distinct()
    return sorted(set(values), key=str.casefold)


def choices_of(league: League) -> Choices:
    """What the league's confirmed history has (cached per revision)."""
    return cached(league, "choices", (), lambda: _choices(league))


def _choices(league: League) -> Choices:
    confirmed = GameRecord.objects.filter(league=league, status=RecordStatus.CONFIRMED)
    catan = confirmed.filter(Q(title__iexact="catan"))
    months = [day.strftime("%Y-%m") for day in confirmed.dates("date", "month", order="DESC")]
    events = EventRecord.objects.filter(league=league, status=RecordStatus.CONFIRMED)
    return Choices(
        groups=_distinct(catan, "group"),
        cities=_distinct(confirmed, "city"),
        events=_distinct(confirmed, "event"),
        months=months,
        years=sorted({int(month[:4]) for month in months}, reverse=True),
        event_records=list(events.order_by("-date").values_list("external_id", flat=True)),
    )


def titles_of(league: League, *, besides_catan: bool = False) -> list[str]:
    """The titles of the league's games, whatever their status (with `besides_catan`, those
    of other games than Catan), alphabetically."""
    rows = GameRecord.objects.filter(league=league)
    if besides_catan:
        rows = rows.exclude(title__iexact="catan")
    return _distinct(rows, "title")


def cities_of(person: Player) -> list[str]:
    """The cities of the player's confirmed games, alphabetically."""
    rows = GameRecord.objects.filter(seats__player=person, status=RecordStatus.CONFIRMED)
    return _distinct(rows, "city")
