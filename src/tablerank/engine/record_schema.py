"""The records' JSON form (docs/records.md), declared once: each field's name, JSON type and
limits (`tablerank.engine.fields`).

Decoding a line of JSON into `GameJson` checks names, types and ranges in C; a record that does
not decode is not wrong for that (a number given as text, a name with blanks around it): the
readers then hand its raw values to the same builder (`tablerank.engine.game_rules`), which
applies every rule and says what is wrong. The field lists the builder, the readers and the
API name (`GAME_FIELDS`, `SEAT_FIELDS`, ...) are these classes' fields, in this order, which is
the order messages list them in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal, TypeAlias

import msgspec
from msgspec import Meta

from tablerank.engine.limits import (
    MAX_EVENT_PLAYERS,
    MAX_ID_LENGTH,
    MAX_KEY_LENGTH,
    MAX_NAME_LENGTH,
    MAX_ROUNDS,
    MAX_SEATS,
    MAX_TEXT_LENGTH,
    MAX_VP,
)
from tablerank.engine.values import Account, EventFormat, GameClass, SeatStatus

__all__ = [
    "EVENT_FIELDS",
    "GAME_FIELDS",
    "SEAT_FIELDS",
    "STANDING_FIELDS",
    "EventJson",
    "GameJson",
    "SeatJson",
    "StandingJson",
    "json_names",
]

if TYPE_CHECKING:
    Status: TypeAlias = str
    Account_: TypeAlias = str
    Class: TypeAlias = str
    Format: TypeAlias = str
else:  # each enum's values, decoded as text (an enum member hashes in Python, text in C)
    Status, Account_, Class, Format = (
        Literal[tuple(member.value for member in kind)]
        for kind in (SeatStatus, Account, GameClass, EventFormat)
    )
Whole = Annotated[int, Meta(ge=0, le=MAX_VP)]
Vp = Whole | Annotated[float, Meta(ge=0, le=MAX_VP)]
Name = Annotated[str, Meta(min_length=1, max_length=MAX_NAME_LENGTH)]
Text = Annotated[str, Meta(max_length=MAX_TEXT_LENGTH)]
Rounds = Annotated[int, Meta(ge=0, le=MAX_ROUNDS)]


class SeatJson(msgspec.Struct, forbid_unknown_fields=True, kw_only=True, gc=False):
    """One seat: only `player` is required."""

    player: Name
    vp: Vp | None = None
    winner: bool | None = None
    place: Annotated[int, Meta(ge=1, le=MAX_SEATS)] | None = None
    team: Name | None = None
    status: Status | None = None
    account: Account_ | None = None
    sources: dict[Annotated[str, Meta(max_length=MAX_KEY_LENGTH)], Whole] | None = None


class GameJson(
    msgspec.Struct, forbid_unknown_fields=True, kw_only=True, rename={"game_class": "class"},
    gc=False,
):  # fmt: skip
    """One game: its id, date and seats are required; `description` is kept by no one."""

    id: Annotated[str, Meta(min_length=1, max_length=MAX_ID_LENGTH)]
    date: str
    game: Text | None = None
    variant: Annotated[str, Meta(max_length=MAX_KEY_LENGTH)] | None = None
    target: Annotated[int, Meta(ge=1, le=MAX_VP)] | None = None
    group: Text | None = None
    city: Text | None = None
    game_class: Class | None = None
    event: Name | None = None
    round: Rounds | None = None
    seats: Annotated[list[SeatJson], Meta(min_length=1, max_length=MAX_SEATS)]
    description: Any = None


class StandingJson(msgspec.Struct, forbid_unknown_fields=True, kw_only=True, gc=False):
    """One player's final line in an event's standings."""

    player: Name
    place: Annotated[int, Meta(ge=1, le=MAX_EVENT_PLAYERS)]
    wins: Rounds | None = None
    draws: Rounds | None = None
    losses: Rounds | None = None
    completed: bool | None = None


class EventJson(msgspec.Struct, forbid_unknown_fields=True, kw_only=True, gc=False):
    """One event's final standings (Turnabout)."""

    id: Name
    date: str
    rounds: Annotated[int, Meta(ge=1, le=MAX_ROUNDS)] | None = None
    format: Format | None = None
    standings: Annotated[list[StandingJson], Meta(min_length=1, max_length=MAX_EVENT_PLAYERS)]
    description: Any = None


def json_names(kind: type[msgspec.Struct]) -> tuple[str, ...]:
    """The JSON names of a record's fields, in declared order."""
    return tuple(field.encode_name for field in msgspec.structs.fields(kind))


GAME_FIELDS = json_names(GameJson)
SEAT_FIELDS = json_names(SeatJson)
EVENT_FIELDS = json_names(EventJson)
STANDING_FIELDS = json_names(StandingJson)
