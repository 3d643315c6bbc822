"""`/api/leagues/{slug}/tournaments/{event}`: a table from a player's phone, and the
organizer's shortcuts at the venue (docs/api.md).

A table's state (its seats in turn order, its result and who still signs it), an organizer's
word on one table's waiting result, and checking in every registered player at once. Players
sign their table's result as every result (`POST /games/{id}/confirm` or `/dispute`); the
league's tournament services decide who may do what.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.http import HttpRequest
from ninja import Field, Router, Schema

from tablerank.api.auth import OPTIONAL_TOKEN, READ, WRITE, caller
from tablerank.api.limits import Slug
from tablerank.api.outputs import WRITES, errors
from tablerank.api.tournaments import TournamentOut, read_tournament, shape, write_tournament
from tablerank.league import services
from tablerank.league.errors import NotFound
from tablerank.league.models import Tournament

router = Router(tags=["tournaments"])

Body = dict[str, Any]


class TableOut(Schema):
    round: int
    table: int
    seats: list[str] = Field(description="the players in turn order: the first starts")
    result: str | None = Field(description="the id of the table's live result, if entered")
    status: str | None = Field(description="submitted, confirmed or disputed")
    waits_for: str | None = Field(description="in words: whose signatures it still waits for")
    may_enter: bool = Field(description="whether the caller may enter its result now")


def _table(found: Tournament, number: int, table: int, user: object) -> Body:
    seated = services.round_of(found, number)
    seats = next((t.seats for t in seated.tables if t.number == table), None)
    if seats is None:
        raise NotFound("table", f"{found.name}, round {number} has no table {table}")
    record = services.result_at_table(found, number, table)
    may_enter = isinstance(user, User) and services.may_enter_result(found, number, table, user)
    return {
        "round": number, "table": table, "seats": list(seats),
        "result": record.external_id if record else None,
        "status": record.status if record else None,
        "waits_for": services.verification(record).summary if record else None,
        "may_enter": may_enter,
    }  # fmt: skip


@router.get(
    "/leagues/{slug}/tournaments/{event}/rounds/{number}/tables/{table}",
    response={200: TableOut, **errors(404, 422)},
    summary="Read a table: its seats, its result and who still signs it",
    auth=READ,
    openapi_extra=OPTIONAL_TOKEN,
    exclude_unset=True,
)
def table_state(request: HttpRequest, slug: Slug, event: Slug, number: int, table: int) -> Body:
    found = read_tournament(request, slug, event)
    return _table(found, number, table, caller(request).user)


@router.post(
    "/leagues/{slug}/tournaments/{event}/rounds/{number}/tables/{table}/confirm",
    auth=WRITE,
    response={200: TableOut, **errors(*WRITES)},
    summary="Confirm a table's waiting result on the organizer's word",
)
def table_confirm(request: HttpRequest, slug: Slug, event: Slug, number: int, table: int) -> Body:
    """Organizers only: the table's result counts without its missing signatures (the signed
    record sheet); a disputed one is corrected instead (409)."""
    user, found = write_tournament(request, slug, event)
    with transaction.atomic():
        services.confirm_table(found, number, table, user)
    return _table(found, number, table, user)


class KeepApartIn(Schema):
    keep_apart: str = Field(
        max_length=20000,
        description="friends and family to seat apart: one group a line, names by commas",
    )


@router.post(
    "/leagues/{slug}/tournaments/{event}/keep-apart",
    auth=WRITE,
    response={200: TournamentOut, **errors(*WRITES)},
    summary="Keep friends and family apart from the next round on",
)
def keep_apart(request: HttpRequest, slug: Slug, event: Slug, data: KeepApartIn) -> Body:
    """Organizers only: the entrants or league players to seat apart (the seating's last
    priority); a name that is neither is refused with its line (422)."""
    user, found = write_tournament(request, slug, event)
    services.change_keep_apart(found, data.keep_apart, user)
    return shape(found)


@router.post(
    "/leagues/{slug}/tournaments/{event}/entrants/check-in",
    auth=WRITE,
    response={200: TournamentOut, **errors(*WRITES)},
    summary="Check in every registered player",
)
def check_in_everyone(request: HttpRequest, slug: Slug, event: Slug) -> Body:
    """Organizers only: every registered player not yet checked in (dropped ones stay
    dropped)."""
    user, found = write_tournament(request, slug, event)
    services.check_in_everyone(found, user)
    return shape(found)
