"""Results: the latest confirmed games, those waiting for someone's signature, one result with
who signed it and what replaced it, and a player's confirmed games."""

from __future__ import annotations

import datetime as dt

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Exists, OuterRef, Q, QuerySet

from tablerank.engine.fields import name_key
from tablerank.engine.player_records import Rival, TitleRecord, rivals, title_records
from tablerank.league.models import Confirmation, GameRecord, League, Player, RecordStatus, Seat
from tablerank.league.queries.lists import month_range
from tablerank.league.services.roles import can_read
from tablerank.league.store.cache import cached
from tablerank.league.store.reading import records_of, with_seats


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


def readable_result(pk: int, viewer: User | AnonymousUser) -> GameRecord | None:
    """The result `pk` with its league and seats, where `viewer` may read its league (a private
    league's results do not exist for outsiders), else None."""
    found = with_seats(GameRecord.objects.filter(pk=pk)).select_related("league").first()
    return found if found is not None and can_read(found.league, viewer) else None


def league_result(league: League, pk: int) -> GameRecord | None:
    """The league's result `pk` with its seats, or None."""
    return with_seats(GameRecord.objects.filter(pk=pk, league=league)).first()


def signatures_of(record: GameRecord) -> list[Confirmation]:
    """Who signed the result (their player, or none as an official) and how, in signing order."""
    return list(record.confirmations.select_related("player", "by").order_by("at", "pk"))


def signed_seats(record: GameRecord) -> set[int]:
    """The players (primary keys) who signed the result for their own seat."""
    signed = Confirmation.objects.filter(game=record, player__isnull=False)
    return set(signed.values_list("player_id", flat=True))


def signed_as_official(record: GameRecord, account: User) -> bool:
    """Whether `account` signed the result as an official."""
    return Confirmation.objects.filter(game=record, player=None, by=account).exists()


def replacement_of(record: GameRecord) -> GameRecord | None:
    """The correction that replaced a voided result, if one did."""
    return GameRecord.objects.filter(replaces=record).first()


def games_by_id(league: League, person: Player) -> dict[str, GameRecord]:
    """The player's confirmed games by id (what was played where)."""
    rows = GameRecord.objects.filter(
        league=league, seats__player=person, status=RecordStatus.CONFIRMED
    )
    return {row.external_id: row for row in rows}


def games_and_wins(person: Player) -> tuple[int, int]:
    """How many confirmed games the player played, and won."""
    seats = person.seats.filter(game__status=RecordStatus.CONFIRMED)
    return seats.count(), seats.filter(winner=True).count()


def player_records(league: League, person: Player) -> tuple[list[TitleRecord], list[Rival]]:
    """The player's records per title and against each opponent (`engine.player_records`)
    over their confirmed games, cached."""

    def compute() -> tuple[list[TitleRecord], list[Rival]]:
        rows = GameRecord.objects.filter(
            league=league, status=RecordStatus.CONFIRMED, seats__player=person
        ).order_by("date", "sequence")
        games = [game for _, game in records_of(rows)]
        return title_records(games, person.name), rivals(games, person.name)

    return cached(league, "player records", (person.pk, person.name), compute)
