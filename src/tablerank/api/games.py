"""`/api/leagues/{slug}/games`: list, read, submit, confirm, dispute, void, correct.

Every change is one call into the league's services, which decide who may do what
(`NotAllowed` and `NotYourSeat` become 403) and keep the ratings up to date. Each runs in its
own transaction, so a refusal (the database's included) leaves nothing half-written.
"""

from __future__ import annotations

import contextlib
import datetime as dt
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.http import HttpRequest
from ninja import Query, Router, Status

from tablerank.api.access import game_named, league_for, player_in
from tablerank.api.auth import OPTIONAL_TOKEN, READ, WRITE, caller, signed_in
from tablerank.api.errors import ApiError
from tablerank.api.limits import GameId, Slug
from tablerank.api.outputs import WRITES, GameDetailOut, GameListOut, PendingOut, errors
from tablerank.api.schemas import (
    ConfirmIn,
    CorrectIn,
    DisputeIn,
    GameFilters,
    GameIn,
    VoidIn,
    check_text,
)
from tablerank.api.shapes import game_detail, game_summary
from tablerank.engine.records import Game, game_from_dict
from tablerank.errors import RecordError
from tablerank.league import queries
from tablerank.league.models import GameRecord, League
from tablerank.league.queries import snapshot
from tablerank.league.services import (
    MEMBERS,
    OFFICIAL,
    confirm,
    correct_game,
    dispute,
    local_date,
    require_role,
    submit_game,
    void_game,
)

router = Router(tags=["games"])

Body = dict[str, Any]


def _named(prefix: str, field: str) -> str:
    """A field of the game as the request spells it (``game.seats[0].vp`` in a correction)."""
    if not prefix:
        return field
    return f"{prefix}.{field}" if field else prefix


def _played_at(league: League, value: Any, prefix: str) -> tuple[dt.datetime, dt.date] | None:
    """When the game was played, and that moment's day in the league's time zone."""
    if value is None:
        return None
    with contextlib.suppress(ValueError, OverflowError):  # OverflowError: beyond year 9999
        moment = dt.datetime.fromisoformat(value) if isinstance(value, str) else None
        if moment is not None and moment.tzinfo is not None:
            return moment, local_date(league, moment)
    raise ApiError(
        422,
        _named(prefix, "played_at"),
        f"expected a time with its UTC offset, like 2026-05-31T20:30+02:00, got {value!r}",
    )


def checked_game(league: League, data: GameIn, prefix: str = "") -> tuple[Game, dt.datetime | None]:
    """The engine's checked game from a record as sent, and when it was played. Without a
    date, the date is `played_at`'s day in the league's time zone."""
    fields = data.sent()
    check_text(fields, prefix)
    played = _played_at(league, fields.pop("played_at", None), prefix)
    if played is not None and fields.get("date") in (None, ""):
        fields["date"] = played[1].isoformat()
    try:
        return game_from_dict(fields), played[0] if played else None
    except RecordError as exc:
        raise RecordError(_named(prefix, exc.field), exc.message) from None


def _member(league: League, user: User) -> None:
    """Only a league's members write to it: the services' check, asked before the request is
    read further, so an outsider learns nothing from the body's validation (403)."""
    require_role(league, user, *MEMBERS)


def _target(request: HttpRequest, slug: str, game_id: str) -> tuple[User, GameRecord]:
    user = signed_in(request)
    league = league_for(slug, user)
    _member(league, user)
    return user, game_named(league, game_id)


def fresh(record: GameRecord) -> Body:
    """The game as stored now (after a write), read in one snapshot."""
    with snapshot():
        return _detail(record)


def _detail(record: GameRecord) -> Body:
    return game_detail(queries.game_read(record))


@router.get(
    "/leagues/{slug}/games",
    auth=READ,
    openapi_extra=OPTIONAL_TOKEN,
    exclude_unset=True,
    by_alias=True,
    response={200: GameListOut, **errors(404, 422)},
    summary="List games",
)
def games(request: HttpRequest, slug: Slug, filters: Query[GameFilters]) -> Body:
    """The league's games, newest first (by date, then as recorded), voided ones included
    unless `status` says otherwise; `player`, `since` and `until` (dates, inclusive) narrow
    the list; `limit` and `offset` page through it."""
    league = league_for(slug, caller(request).user)
    rows = queries.games_recorded(
        league,
        status=filters.status,
        player=filters.player or "",
        since=filters.since,
        until=filters.until,
    )
    window = rows[filters.offset : filters.offset + filters.limit]
    return {
        "league": league.slug,
        "count": rows.count(),
        "limit": filters.limit,
        "offset": filters.offset,
        "games": [game_summary(record) for record in window],
    }


@router.get(
    "/leagues/{slug}/games/{game_id}",
    auth=READ,
    openapi_extra=OPTIONAL_TOKEN,
    exclude_unset=True,
    by_alias=True,
    response={200: GameDetailOut, **errors(404, 422)},
    summary="Read a game",
)
def game(request: HttpRequest, slug: Slug, game_id: GameId) -> Body:
    """One game: its record, verification, signatures, and each system's explanation."""
    league = league_for(slug, caller(request).user)
    return fresh(game_named(league, game_id))


@router.post(
    "/leagues/{slug}/games",
    auth=WRITE,
    exclude_unset=True,
    by_alias=True,
    response={201: GameDetailOut, **errors(*WRITES)},
    summary="Submit a result",
)
def submit(request: HttpRequest, slug: Slug, data: GameIn) -> Status[Body]:
    """Submit a result for verification; your seat (or, for an official, your entry) signs it."""
    user = signed_in(request)
    league = league_for(slug, user)
    _member(league, user)
    game, played_at = checked_game(league, data)
    with transaction.atomic():
        record = submit_game(league, game, user, played_at=played_at)
    return Status(201, fresh(record))


@router.post(
    "/leagues/{slug}/games/{game_id}/confirm",
    auth=WRITE,
    exclude_unset=True,
    by_alias=True,
    response={200: GameDetailOut, **errors(*WRITES)},
    summary="Confirm a result",
)
def confirm_game(request: HttpRequest, slug: Slug, game_id: GameId, data: ConfirmIn) -> Body:
    """Confirm your own seat (`player`), or sign as an official (`as_official`) a result
    another official entered."""
    user, record = _target(request, slug, game_id)
    if data.as_official == (data.player is not None):
        raise ApiError(422, "player", "give the player whose seat you sign, or as_official: true")
    signer = OFFICIAL if data.as_official else player_in(record.league, data.player or "", "player")
    with transaction.atomic():
        confirm(record, signer, user, note=data.note)
    return fresh(record)


@router.post(
    "/leagues/{slug}/games/{game_id}/dispute",
    auth=WRITE,
    exclude_unset=True,
    by_alias=True,
    response={200: GameDetailOut, **errors(*WRITES)},
    summary="Dispute a result",
)
def dispute_game(request: HttpRequest, slug: Slug, game_id: GameId, data: DisputeIn) -> Body:
    """Dispute your own seat's result of a pending game, saying why."""
    user, record = _target(request, slug, game_id)
    player = player_in(record.league, data.player, "player")
    with transaction.atomic():
        dispute(record, player, user, data.why)
    return fresh(record)


@router.post(
    "/leagues/{slug}/games/{game_id}/void",
    auth=WRITE,
    exclude_unset=True,
    by_alias=True,
    response={200: GameDetailOut, **errors(*WRITES)},
    summary="Void a game",
)
def void(request: HttpRequest, slug: Slug, game_id: GameId, data: VoidIn) -> Body:
    """Void a game (admins and officials); it stays stored with who, when and why."""
    user, record = _target(request, slug, game_id)
    with transaction.atomic():
        void_game(record, user, data.why)
    return fresh(record)


@router.post(
    "/leagues/{slug}/games/{game_id}/correct",
    auth=WRITE,
    exclude_unset=True,
    by_alias=True,
    response={201: GameDetailOut, **errors(*WRITES)},
    summary="Correct a game",
)
def correct(request: HttpRequest, slug: Slug, game_id: GameId, data: CorrectIn) -> Status[Body]:
    """Void a game and record its replacement in its place (admins and officials)."""
    user, record = _target(request, slug, game_id)
    replacement, _ = checked_game(record.league, data.game, prefix="game")
    with transaction.atomic():
        corrected = correct_game(record, replacement, user, data.why)
    return Status(201, fresh(corrected))


@router.get(
    "/pending",
    auth=WRITE,
    exclude_unset=True,
    by_alias=True,
    response={200: PendingOut, **errors()},
    summary="Results waiting for your signature",
)
def pending(request: HttpRequest) -> Body:
    """The submitted results waiting for your signature, in every league."""
    rows = queries.pending_for(signed_in(request))
    return {"games": [{"league": row.league.slug, **game_summary(row)} for row in rows]}
