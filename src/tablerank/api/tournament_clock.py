"""`/api/leagues/{slug}/tournaments/{event}/clock`: the latest round's clock (docs/api.md,
docs/tournaments.md "The projector"). Anyone who may read the event reads it; organizers start,
pause, resume, extend and reset it, through the league's clock services."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any, Literal

from django.contrib.auth.models import User
from django.http import HttpRequest
from ninja import Field, Router, Schema

from tablerank.api.auth import OPTIONAL_TOKEN, READ, WRITE
from tablerank.api.limits import Slug
from tablerank.api.outputs import WRITES, errors
from tablerank.api.tournaments import read_tournament, write_tournament
from tablerank.league import services
from tablerank.league.models import Tournament
from tablerank.tournament.clock import DEFAULT_MINUTES, EXTENSION_MINUTES, MAX_MINUTES

router = Router(tags=["tournaments"])

Body = dict[str, Any]
PATH = "/leagues/{slug}/tournaments/{event}/clock"


class StartIn(Schema):
    minutes: int = Field(DEFAULT_MINUTES, ge=1, le=MAX_MINUTES, description="the round's length")


class ExtendIn(Schema):
    minutes: int = Field(EXTENSION_MINUTES, ge=1, le=MAX_MINUTES)
    table: int = Field(0, ge=0, le=10000, description="0: the whole round; else that table")


class TableTimeOut(Schema):
    table: int
    extra_seconds: float = Field(description="the table's extension, on top of the round's")
    seconds_left: float


class ClockOut(Schema):
    round: int = Field(description="the latest round seated, 0 before the first")
    state: Literal["not started", "running", "paused", "over"]
    seconds_left: float | None = Field(description="negative once over; null before the start")
    shown: str = Field(description='as the projector shows it: "89:59", "Time", "" unstarted')
    length_seconds: float | None
    extra_seconds: float | None = Field(description="the round's extensions")
    ends_at: dt.datetime | None = Field(description="while it runs: when it reaches zero")
    tables: list[TableTimeOut] = Field(description="the tables given an extension")


def _shape(time: services.RoundTime) -> Body:
    clock = time.clock
    return {
        "round": time.round,
        "state": time.state,
        "seconds_left": time.seconds_left,
        "shown": time.text,
        "length_seconds": clock.length.total_seconds() if clock else None,
        "extra_seconds": clock.extra.total_seconds() if clock else None,
        "ends_at": clock.ends_at() if clock else None,
        "tables": [
            {"table": t.table, "extra_seconds": t.extra.total_seconds(),
             "seconds_left": t.seconds_left}
            for t in time.tables()
        ],
    }  # fmt: skip


@router.get(
    PATH,
    response={200: ClockOut, **errors(404, 422)},
    summary="A tournament's round clock",
    auth=READ,
    openapi_extra=OPTIONAL_TOKEN,
    exclude_unset=True,
)
def clock(request: HttpRequest, slug: Slug, event: Slug) -> Body:
    return _shape(services.round_time(read_tournament(request, slug, event)))


@router.post(
    f"{PATH}/start",
    auth=WRITE,
    response={200: ClockOut, **errors(*WRITES)},
    summary="Start the round's clock",
)
def start(request: HttpRequest, slug: Slug, event: Slug, data: StartIn) -> Body:
    """Organizers only: the latest round's clock runs from now for `minutes` (once a round;
    reset it to start again)."""
    user, found = write_tournament(request, slug, event)
    return _shape(services.start_clock(found, user, minutes=data.minutes))


@router.post(
    f"{PATH}/extend",
    auth=WRITE,
    response={200: ClockOut, **errors(*WRITES)},
    summary="Give the round or one table more time",
)
def extend(request: HttpRequest, slug: Slug, event: Slug, data: ExtendIn) -> Body:
    """Organizers only: `minutes` more for the round (`table` 0) or one of its tables (on top
    of the round's)."""
    user, found = write_tournament(request, slug, event)
    return _shape(services.extend_clock(found, user, minutes=data.minutes, table=data.table))


Step = Callable[[Tournament, User], services.RoundTime]


def _plain_step(name: str, summary: str, step: Step) -> None:
    """`POST .../clock/{name}`: an organizer's step that takes no body."""

    def operation(request: HttpRequest, slug: Slug, event: Slug) -> Body:
        user, found = write_tournament(request, slug, event)
        return _shape(step(found, user))

    router.post(
        f"{PATH}/{name}",
        auth=WRITE,
        response={200: ClockOut, **errors(*WRITES)},
        summary=summary,
        operation_id=f"tournament_clock_{name}",
        url_name=f"tournament_clock_{name}",
    )(operation)


_plain_step("pause", "Pause the round's clock", services.pause_clock)
_plain_step("resume", "Resume the round's clock", services.resume_clock)
_plain_step("reset", "Take the round's clock away", services.reset_clock)
