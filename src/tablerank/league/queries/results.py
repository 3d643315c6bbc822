"""Results: the latest confirmed games, and those waiting for someone's signature."""

from __future__ import annotations

import datetime as dt

from django.contrib.auth.models import User
from django.db.models import Exists, OuterRef, Q, QuerySet

from tablerank.engine.fields import name_key
from tablerank.league.models import Confirmation, GameRecord, League, RecordStatus, Seat
from tablerank.league.queries.lists import month_range
from tablerank.league.store.reading import with_seats


def latest_results(league: League, limit: int = 10) -> list[GameRecord]:
    """The league's latest confirmed games, newest first, seats (players, VP sources)
    prefetched."""
    rows = GameRecord.objects.filter(league=league, status=RecordStatus.CONFIRMED).order_by(
        "-date", "-sequence"
    )
    return list(with_seats(rows)[:limit])


def pending_for(user: User, league: League | None = None) -> list[GameRecord]:
    """The submitted results waiting for this user's signature, in play order: those with a
    seat of theirs not yet signed, and, for a league official, those another official entered
    that they may sign as official (they do not play in it and have not signed it). Seats and
    leagues prefetched."""
    if not user.is_authenticated:
        return []
    rows = _waiting(user, league).select_related("league", "created_by")
    return list(with_seats(rows.order_by("date", "sequence", "pk")))


def waiting_count(user: User) -> int:
    """How many results wait for this user's signature (`pending_for`), for the navigation's
    badge: one counting query."""
    return _waiting(user, None).count() if user.is_authenticated else 0


def _waiting(user: User, league: League | None) -> QuerySet[GameRecord]:
    own_seat = Seat.objects.filter(game=OuterRef("pk"), player__user=user)
    unsigned_seat = own_seat.exclude(
        Exists(Confirmation.objects.filter(game=OuterRef("game"), player=OuterRef("player")))
    )
    entered_by_official = Confirmation.objects.filter(
        game=OuterRef("pk"), player__isnull=True, by=OuterRef("created_by")
    )
    signed_as_official = Confirmation.objects.filter(
        game=OuterRef("pk"), player__isnull=True, by=user
    )
    as_official = (
        Q(league__officials=user)
        & Exists(entered_by_official)
        & ~Q(created_by=user)
        & ~Exists(signed_as_official)
        & ~Exists(own_seat)
    )
    rows = GameRecord.objects.filter(status=RecordStatus.SUBMITTED).filter(
        Exists(unsigned_seat) | as_official
    )
    if league is not None:
        rows = rows.filter(league=league)
    return rows.distinct()


def games_played(
    league: League,
    *,
    player: str = "",
    title: str = "",
    month: str = "",
    city: str = "",
) -> QuerySet[GameRecord]:
    """The league's confirmed games, newest first, with their seats: `games_recorded` of the
    confirmed ones."""
    return games_recorded(
        league, status=RecordStatus.CONFIRMED, player=player, title=title, month=month, city=city
    )


def games_recorded(
    league: League,
    *,
    status: str | None = None,
    player: str = "",
    title: str = "",
    month: str = "",
    city: str = "",
    since: dt.date | None = None,
    until: dt.date | None = None,
) -> QuerySet[GameRecord]:
    """The league's games, newest first (by date, then as recorded), with their seats: of a
    status (any when None), a player (as typed: `find_player`'s key), a game title and a city
    (any case), a month (YYYY-MM) and between two dates (inclusive), where given. A month that
    is not one is a `LeagueError` (`lists.month_range`)."""
    rows = GameRecord.objects.filter(league=league)
    if status is not None:
        rows = rows.filter(status=status)
    if player.strip():
        rows = rows.filter(seats__player__key=name_key(player))
    if title.strip():
        rows = rows.filter(title__iexact=title.strip())
    if city.strip():
        rows = rows.filter(city__iexact=city.strip())
    if month.strip():
        rows = rows.filter(date__range=month_range(month))
    if since is not None:
        rows = rows.filter(date__gte=since)
    if until is not None:
        rows = rows.filter(date__lte=until)
    return with_seats(rows.order_by("-date", "-sequence", "-pk"))


def game_read(record: GameRecord) -> GameRecord:
    """The record read again with everything its page shows: seats, league, who recorded,
    voided or replaced it."""
    rows = GameRecord.objects.filter(pk=record.pk)
    return with_seats(rows).select_related("league", "created_by", "voided_by", "replaces").get()
