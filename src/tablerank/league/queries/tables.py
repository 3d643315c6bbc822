"""Standings: a kept system's table (stored, or over the games some filters select), the ELO
list of a game group, the leaders of every system, and an event's tournament standings."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import Prefetch, Q

from tablerank.engine.history import select
from tablerank.engine.records import Event, Game
from tablerank.engine.systems.base import RatingTable, ReplaySystem, Standing, System
from tablerank.engine.systems.skill import Skill
from tablerank.league.errors import LeagueError
from tablerank.league.models import (
    EventRecord,
    EventStanding,
    GameRecord,
    League,
    RatingWatermark,
    RecordStatus,
)
from tablerank.league.ratings.tables import first_lines, ratings
from tablerank.league.store.reading import confirmed_records, games_of, kept_system, parse_day
from tablerank.tournament.scoring import DEFAULT_SCORING, StandingsError, UnknownScoring
from tablerank.tournament.standings import TournamentStandings, tournament_standings

ELO = "cow.elo"
"""The permanent ELO list of each game group (seed 001)."""


@dataclass(frozen=True)
class StandingsFilters:
    """What a standings read asks for beside the system: one of its lists (`list_key`: a game
    group of cow.elo, a title of area or skill; may be left out where there is one) and which
    confirmed games it rates (a game group, a city, an event: a game's event or an event
    record's id for turnabout; `since` and `until`, inclusive days or ISO dates). Every door
    builds one from what it was asked."""

    list_key: str | None = None
    group: str | None = None
    city: str | None = None
    event: str | None = None
    since: dt.date | str | None = None
    until: dt.date | str | None = None

    def key(self) -> tuple[str | None, ...]:
        """The filters as a cache key's part."""
        since, until = str(self.since or ""), str(self.until or "")
        return (self.list_key, self.group, self.city, self.event, since, until)


NO_FILTERS = StandingsFilters()


def standings(league: League, system: str, filters: StandingsFilters = NO_FILTERS) -> RatingTable:
    """A kept system's standings: without a filter of the games, the stored state
    (`services.ratings`) of one list; with any, the engine's `rate` over the confirmed history
    they select, so `not_rated` says what was left out and why."""
    engine = kept_system(league, system)
    start, end = parse_day(filters.since, "since"), parse_day(filters.until, "until")
    group, city, event = filters.group, filters.city, filters.event
    if not any((group, city, event, start, end)):
        return ratings(league, system, filters.list_key)
    records = _selected(league, engine, group, city, event, start, end)
    if isinstance(engine, ReplaySystem | Skill):
        records = one_list(league, engine, records, filters.list_key)
    return engine.rate(records)


def _selected(
    league: League,
    system: System,
    group: str | None,
    city: str | None,
    event: str | None,
    start: dt.date | None,
    end: dt.date | None,
) -> list[Game | Event]:
    """The confirmed records the filters select, in play order: games, or events for a system
    that rates events."""
    dates = Q()
    if start is not None:
        dates &= Q(date__gte=start)
    if end is not None:
        dates &= Q(date__lte=end)
    records: list[Game | Event]
    if isinstance(system, ReplaySystem) and system.record_type is Event:
        rows = EventStanding.objects.select_related("player")
        events = (
            EventRecord.objects.filter(dates, league=league, status=RecordStatus.CONFIRMED)
            .order_by("date", "sequence")
            .prefetch_related(Prefetch("standings", queryset=rows))
        )
        records = [event.to_record() for event in events]
    else:
        records = [*games_of(confirmed_records(league).filter(dates))]
    records = select(records, group=group, city=city)
    if event is not None:
        records = [r for r in records if _of_event(r, event)]
    return records


def _of_event(record: Game | Event, event: str) -> bool:
    name = record.event if isinstance(record, Game) else record.id
    return (name or "").casefold() == event.casefold()


def one_list(
    league: League, system: ReplaySystem[Any] | Skill, records: list[Game | Event], key: str | None
) -> list[Game | Event]:
    """The records of one of the system's lists: `key`, or the only one the records span."""
    if not system.list_name:
        return records
    if key is not None:
        return [r for r in records if system.refusal(r) is not None or system.list_key(r) == key]  # type: ignore[arg-type]
    keys = sorted({system.list_key(r) for r in records if system.refusal(r) is None})  # type: ignore[arg-type]
    if len(keys) > 1:
        raise LeagueError(
            "list_key",
            f"{system.name} keeps a separate list per {system.list_name}, and the games of "
            f"league {league.slug!r} chosen span {len(keys)}: {', '.join(keys)}; choose one",
        )
    return records


def elo_list(league: League, group: str | None = None) -> RatingTable:
    """The permanent cow.elo list of a game group (matched ignoring case); `group` may be left
    out where the league has one list."""
    kept_system(league, ELO)
    if group is not None:
        group = _elo_group(league, group)
    return ratings(league, ELO, group)


def _elo_group(league: League, group: str) -> str:
    """The list key of the game group as the league's games spell it."""
    keys = set(
        RatingWatermark.objects.filter(league=league, system=ELO).values_list("list_key", flat=True)
    )
    if group in keys or not keys:  # a league without games yet has empty lists
        return group
    same = [key for key in keys if key.casefold() == group.casefold()]
    if same:
        return same[0]
    known = ", ".join(sorted(keys)) or "none yet"
    raise LeagueError(
        "group", f"league {league.slug!r} has no {ELO} list for group {group!r}; it has: {known}"
    )


def lists_of(league: League, system: str) -> list[str]:
    """The lists a kept system has in this league, as `standings` takes them (`list_key`): the
    game groups of cow.elo, the titles of area and skill; none for a system with one list."""
    engine = kept_system(league, system)
    keys: Iterable[str]
    if isinstance(engine, Skill):
        confirmed = GameRecord.objects.filter(league=league, status=RecordStatus.CONFIRMED)
        keys = confirmed.values_list("title", flat=True).distinct()
    elif isinstance(engine, ReplaySystem) and engine.list_name:
        keys = RatingWatermark.objects.filter(league=league, system=system).values_list(
            "list_key", flat=True
        )
    else:
        return []
    return sorted(set(keys), key=str.casefold)


def leaders(
    league: League, top: int = 3, systems: Sequence[str] | None = None
) -> dict[str, tuple[Standing, ...]]:
    """The first `top` lines of each kept system's standings (of `systems` where given), in the
    league's order of systems.

    A system that keeps several lists and has more than one in this league (cow.elo across game
    groups, area across titles) is left out: its lists are read one by one (`standings`)."""
    out: dict[str, tuple[Standing, ...]] = {}
    for name in league.systems:
        if systems is not None and name not in systems:
            continue
        try:
            out[name] = first_lines(league, name, top)
        except LeagueError as exc:
            if exc.field == "list_key":
                continue
            raise
    return out


def event_standings(
    league: League,
    event_id: str,
    *,
    scoring: str = DEFAULT_SCORING,
    seed: int | None = None,
) -> TournamentStandings:
    """The tournament standings of one event's confirmed games (seed 002; `scoring` a preset of
    `tablerank.tournament.standings.SCORINGS`), each row naming the criterion that separated it from
    the row above (`separated_by`), and the seed of the draw of lots."""
    games: Iterable[Game] = games_of(confirmed_records(league).exclude(event=""))
    try:
        return tournament_standings(list(games), event=event_id, scoring=scoring, seed=seed)
    except UnknownScoring as exc:
        raise LeagueError("scoring", str(exc)) from None
    except StandingsError as exc:
        raise LeagueError("event", str(exc)) from None
