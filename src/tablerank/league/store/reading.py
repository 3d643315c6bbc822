"""What every read of a league starts from: the kept system asked for, the player, the confirmed
games with their seats, and dates as given.

Errors are `LeagueError(field, message)`, naming what the caller asked for wrongly.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import Any

from django.db.models import Prefetch, QuerySet

from tablerank.engine.fields import name_key
from tablerank.engine.history import unmatched_facets
from tablerank.engine.records import Game, stored_game, stored_seat
from tablerank.engine.systems import get_system
from tablerank.engine.systems.base import ReplaySystem, System
from tablerank.errors import UnknownSystem
from tablerank.league.errors import LeagueError
from tablerank.league.models import GameRecord, League, Player, RecordStatus, Seat, SourceVP
from tablerank.league.store.snapshot import snapshot


def kept_system(league: League, name: str) -> System:
    """The engine's system `name`, if the league keeps it."""
    try:
        system = get_system(name)
    except UnknownSystem as exc:
        raise LeagueError("system", str(exc)) from None
    if name not in league.systems:
        raise LeagueError(
            "system",
            f"league {league.slug!r} does not keep {name}; it keeps "
            f"{', '.join(league.systems) or 'none'}",
        )
    return system


def only_list(league: League, system: str, list_name: str, keys: Iterable[str]) -> str:
    """The one list of `system` (one per `list_name`: game group, title) that the league has,
    "" where it has none; `LeagueError("list_key")` where it has several, naming them."""
    found = sorted(set(keys))
    if len(found) > 1:
        raise LeagueError(
            "list_key",
            f"{system} keeps a separate list per {list_name}, and league {league.slug!r} has "
            f"{len(found)}: {', '.join(found)}; choose one",
        )
    return found[0] if found else ""


def game_system(system: System) -> ReplaySystem[Game] | None:
    """The system as one that rates games one by one, or None (pages.combined, turnabout)."""
    if isinstance(system, ReplaySystem) and system.record_type is Game:
        return system
    return None


def with_seats(records: QuerySet[GameRecord]) -> QuerySet[GameRecord]:
    """The records with their seats in seat order, players and VP sources prefetched."""
    sources = SourceVP.objects.order_by("source")
    seats = (
        Seat.objects.select_related("player")
        .prefetch_related(Prefetch("sources", queryset=sources))
        .order_by("position")
    )
    return records.prefetch_related(Prefetch("seats", queryset=seats))


def unmatched_filters(
    league: League,
    *,
    title: str | None = None,
    group: str | None = None,
    city: str | None = None,
    event: str | None = None,
) -> list[str]:
    """A warning for each filter that none of the league's confirmed games matches, naming the
    closest values they have (`engine.history.unmatched`, over the distinct stored values)."""
    if not any((title, group, city, event)):
        return []
    facets = (
        GameRecord.objects.filter(league=league, status=RecordStatus.CONFIRMED)
        .values_list("title", "group", "city", "event")
        .distinct()
    )
    return unmatched_facets(facets, title=title, group=group, city=city, event=event)


def confirmed_records(league: League) -> QuerySet[GameRecord]:
    """The league's confirmed, live games in play order (by date, then recording order)."""
    return GameRecord.objects.filter(league=league, status=RecordStatus.CONFIRMED).order_by(
        "date", "sequence"
    )


def games_of(records: QuerySet[GameRecord]) -> list[Game]:
    """The engine's games of `records`, in their order (see `records_of`)."""
    return [game for _, game in records_of(records)]


def records_of(records: QuerySet[GameRecord]) -> list[tuple[int, Game]]:
    """Each record's pk and engine game, in the records' order, read in three queries whose
    parameters do not grow with the records (seats and sources by a subquery, not a list).
    The games were checked when they were stored: they are rebuilt as stored (`stored_game`),
    not checked again. The three read one snapshot (`snapshot.snapshot`)."""
    with snapshot():
        return _records_of(records)


def _records_of(records: QuerySet[GameRecord]) -> list[tuple[int, Game]]:
    chosen = records.values("pk")
    seats: dict[int, list[tuple[Any, ...]]] = {}
    by_seat: dict[int, dict[str, int]] = {}
    seat_rows = Seat.objects.filter(game__in=chosen).order_by("game_id", "position")
    columns = ("pk", "game_id", "player__name", "vp", "winner", "place", "team", "status")
    for pk, game, *seat in seat_rows.values_list(*columns, "account"):
        by_seat[pk] = {}
        seats.setdefault(game, []).append((pk, *seat))
    sources = SourceVP.objects.filter(seat__game__in=chosen).order_by("seat_id", "source")
    for seat_pk, source, vp in sources.values_list("seat_id", "source", "vp"):
        by_seat[seat_pk][source] = vp
    fields = ("pk", "external_id", "date", "title", "variant", "target", "group", "city")
    return [
        (pk, stored_game(
            id=external_id, date=date, game=title, variant=variant or None, target=target,
            group=group, city=city or None, game_class=game_class, event=event or None,
            round=round_,
            seats=[
                stored_seat(player=name, vp=vp, winner=winner, place=place, team=team or None,
                            status=status, account=account, sources=by_seat[seat_pk])
                for seat_pk, name, vp, winner, place, team, status, account in seats.get(pk, [])
            ],
        ))
        for pk, external_id, date, title, variant, target, group, city, game_class, event, round_
        in records.values_list(*fields, "game_class", "event", "round")
    ]  # fmt: skip


def parse_day(value: dt.date | str | None, field: str) -> dt.date | None:
    if value is None or isinstance(value, dt.date):
        return value
    try:
        return dt.date.fromisoformat(value.strip())
    except ValueError:
        raise LeagueError(field, f"expected a date like 2026-03-14, got {value!r}") from None


def league_player(league: League, name: str) -> Player:
    try:
        return Player.objects.get(league=league, key=name_key(name))
    except Player.DoesNotExist:
        raise LeagueError("player", f"league {league.slug!r} has no player {name!r}") from None
