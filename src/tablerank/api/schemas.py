"""What the API reads: request bodies and query strings.

These check only the request's shape (which fields, of which JSON type). The rules are the
engine's and the league's: a game record is passed as sent to `game_from_dict`, settings to the
model's own validation, names to the services.
"""

from __future__ import annotations

import datetime as dt
import re
import zoneinfo
from collections.abc import Mapping
from typing import Annotated, Any, Literal

from ninja import Field, Schema
from ninja.schema import DjangoGetter
from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    StrictBool,
    StringConstraints,
    WithJsonSchema,
    model_validator,
)

from tablerank.api.errors import BadInput
from tablerank.api.limits import (
    DATE_MAX,
    DATE_MIN,
    ID_PATTERN,
    NAME_MAX,
    TEXT_MAX,
    VP_MAX,
    PlayerName,
    Slug,
    Text,
    text_ok,
)
from tablerank.engine.limits import MAX_KEY_LENGTH, MAX_ROUNDS, MAX_TEXT_LENGTH
from tablerank.engine.records import Account, GameClass, SeatStatus
from tablerank.engine.systems import SYSTEMS
from tablerank.engine.systems.base import ReplaySystem
from tablerank.league.models import League
from tablerank.league.queries import StandingsFilters

LEAGUE_NAME = League._meta.get_field("name").max_length
USERNAME = 150
QUERY_TEXT = 100
"""Django's `User.username`."""

__all__ = [
    "ConfirmIn",
    "CorrectIn",
    "DisputeIn",
    "GameFilters",
    "GameIn",
    "HistoryQuery",
    "LeagueChange",
    "LeagueIn",
    "Month",
    "PlayerIn",
    "QueryText",
    "StandingsQuery",
    "System",
    "TokenIn",
    "VoidIn",
    "Year",
    "check_text",
]


def check_text(value: Any, field: str = "") -> None:
    """Refuse text the database cannot hold anywhere in a JSON value (keys included),
    naming where."""
    if isinstance(value, str):
        try:
            text_ok(value)
        except ValueError as exc:
            raise BadInput(field, str(exc)) from None
    elif isinstance(value, Mapping):
        for key, item in value.items():
            where = f"{field}.{key}" if field else str(key)
            check_text(key, where)
            check_text(item, where)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            check_text(item, f"{field}[{index}]")


def described(schema: dict[str, Any]) -> WithJsonSchema:
    """The OpenAPI description of a field whose rule is checked by the league or the engine
    (so its message and field name are theirs), not by the request's schema."""
    return WithJsonSchema(schema)


def _iso_date(value: Any) -> Any:
    """Only ``YYYY-MM-DD`` is a date here (pydantic would also read ``0`` as 1970-01-01)."""
    if not (isinstance(value, dt.date) or re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", str(value))):
        raise ValueError("expected a date like 2026-03-14")
    return value


IsoDate = Annotated[dt.date, BeforeValidator(_iso_date)]
QueryText = Annotated[Text, Field(max_length=QUERY_TEXT)]
"""A filter's text; short enough that a query string of several stays within a server's
request line (gunicorn's is 4094 bytes)."""
Reason = Annotated[
    Text,
    described({"type": "string", "minLength": 1, "maxLength": TEXT_MAX, "pattern": r"\S"}),
]
"""Why a result is disputed, voided or corrected: the services refuse a blank one."""

ZONES = sorted(zoneinfo.available_timezones())
TimeZone = Annotated[Text, described({"type": "string", "enum": ZONES})]
System = Annotated[Text, described({"type": "string", "enum": list(SYSTEMS)})]
HISTORIES = [name for name, kind in SYSTEMS.items() if issubclass(kind, ReplaySystem)]
"""The systems that rate games or events one by one (not pages.combined): they have
histories."""
HistorySystem = Annotated[Text, described({"type": "string", "enum": HISTORIES})]
Systems = Annotated[
    list[Text],
    described({"type": "array", "minItems": 1, "items": {"type": "string", "enum": list(SYSTEMS)}}),
]
MonthlyScore = Annotated[Text, described({"type": "string", "enum": ["average", "total"]})]
LeagueName = Annotated[Text, Field(min_length=1, max_length=LEAGUE_NAME)]


def _not_null(schema: dict[str, Any]) -> WithJsonSchema:
    """A setting that may be left out but not sent as null."""
    return described(schema)


class TokenIn(Schema):
    username: Annotated[Text, Field(max_length=USERNAME)]
    password: Text
    name: Text = Field("", max_length=100, description="what the token is for, e.g. 'laptop'")


class LeagueIn(Schema):
    slug: Slug
    name: LeagueName
    time_zone: TimeZone = "UTC"
    public: StrictBool = True
    systems: Systems | None = Field(None, description="default: every system")
    one_official_is_enough: StrictBool = False
    monthly_score: MonthlyScore = "average"


class LeagueChange(Schema):
    """League settings to change; fields left out stay as they are (null is refused)."""

    @model_validator(mode="before")
    @classmethod
    def _an_object(cls, data: Any) -> Any:
        sent = data._obj if isinstance(data, DjangoGetter) else data  # ninja wraps the body
        if not isinstance(sent, Mapping):
            raise ValueError("expected a JSON object of the settings to change")
        return data

    name: Annotated[
        LeagueName | None, _not_null({"type": "string", "minLength": 1, "maxLength": LEAGUE_NAME})
    ] = None
    time_zone: Annotated[TimeZone | None, _not_null({"type": "string", "enum": ZONES})] = None
    public: Annotated[StrictBool | None, _not_null({"type": "boolean"})] = None
    systems: Annotated[
        Systems | None,
        _not_null(
            {"type": "array", "minItems": 1, "items": {"type": "string", "enum": list(SYSTEMS)}}
        ),
    ] = None
    one_official_is_enough: Annotated[StrictBool | None, _not_null({"type": "boolean"})] = None
    monthly_score: Annotated[
        MonthlyScore | None, _not_null({"type": "string", "enum": ["average", "total"]})
    ] = None
    unvalidated_titles: Annotated[
        list[Annotated[Text, Field(min_length=1, max_length=100)]] | None,
        Field(max_length=20),
        _not_null(
            {
                "type": "array",
                "maxItems": 20,
                "items": {"type": "string", "minLength": 1, "maxLength": 100},
            }
        ),
    ] = Field(
        None,
        description="titles (such as catan) whose results are stored without the Catan check",
    )


NewName = Annotated[
    PlayerName,
    StringConstraints(strip_whitespace=True, min_length=1),
    described({"type": "string", "minLength": 1, "maxLength": NAME_MAX, "pattern": r"\S"}),
]
"""A player's name as a client gives it: not blank."""


class PlayerIn(Schema):
    name: NewName
    username: Annotated[Text, Field(max_length=USERNAME)] | None = Field(
        None, description="the account that signs for the player"
    )


def _text(limit: int) -> dict[str, Any]:
    return {"type": "string", "minLength": 1, "maxLength": limit}


# The records' declared fields and limits (`engine.record_schema`; tests/api/test_game_schema.py).
SEAT: dict[str, Any] = {
    "type": "object",
    "required": ["player"],
    "properties": {
        "player": {"type": "string", "minLength": 1, "maxLength": NAME_MAX},
        "vp": {"type": "number", "minimum": 0, "maximum": VP_MAX},
        "winner": {"type": "boolean"},
        "place": {"type": "integer", "minimum": 1, "maximum": 100},
        "team": _text(NAME_MAX),
        "status": {"type": "string", "enum": [s.value for s in SeatStatus]},
        "account": {"type": "string", "enum": [a.value for a in Account]},
        "sources": {
            "type": "object",
            "additionalProperties": {"type": "integer", "minimum": 0, "maximum": VP_MAX},
        },
    },
}


RecordId = Annotated[Any, described({"type": "string", "pattern": ID_PATTERN})]
"""A record's field is passed to the engine as sent; its schema describes what it accepts."""
DATE = {
    "type": "string",
    "format": "date",
    "formatMinimum": DATE_MIN.isoformat(),
    "formatMaximum": DATE_MAX.isoformat(),
}
RecordDate = Annotated[Any, described(DATE)]
Title = Annotated[Any, described(_text(MAX_TEXT_LENGTH))]
Variant = Annotated[Any, described(_text(MAX_KEY_LENGTH))]
EventName = Annotated[Any, described(_text(NAME_MAX))]
Moment = Annotated[Any, described({"type": "string", "format": "date-time"})]
Target = Annotated[Any, described({"type": "integer", "minimum": 1, "maximum": VP_MAX})]
Class = Annotated[Any, described({"type": "string", "enum": [c.value for c in GameClass]})]
Round = Annotated[Any, described({"type": "integer", "minimum": 0, "maximum": MAX_ROUNDS})]
Description = Annotated[Any, described({"type": "string", "maxLength": TEXT_MAX})]
Seats = Annotated[Any, described({"type": "array", "minItems": 1, "maxItems": 100, "items": SEAT})]


class GameIn(BaseModel):  # ninja's Schema would drop the fields it does not declare
    """A game record in the records' JSON form (docs/records.md), checked by the engine, plus
    `played_at`: when the game was played, ISO 8601 with the UTC offset. Without `date`, the
    date is `played_at`'s day in the league's time zone."""

    model_config = ConfigDict(extra="allow", json_schema_extra={"required": ["id", "seats"]})

    id: RecordId = None
    date: RecordDate = None
    played_at: Moment = None
    game: Title = None
    variant: Variant = None
    target: Target = None
    group: Title = None
    city: Title = None
    class_: Class = Field(None, alias="class")
    event: EventName = None
    round: Round = None
    description: Description = None
    seats: Seats = None

    def sent(self) -> dict[str, Any]:
        """The fields as sent, under their JSON names, unknown ones included, nothing added."""
        return {**self.model_dump(exclude_unset=True, by_alias=True), **(self.model_extra or {})}


class ConfirmIn(Schema):
    player: PlayerName | None = Field(None, description="the player whose seat you sign for")
    as_official: StrictBool = Field(False, description="sign as a league official instead")
    note: Text = ""


class DisputeIn(Schema):
    player: PlayerName
    why: Reason


class VoidIn(Schema):
    why: Reason


class RenameIn(Schema):
    name: NewName
    why: Reason


class MergeIn(Schema):
    into: PlayerName
    why: Reason


class RemoveQuery(Schema):
    why: Reason


class CorrectIn(Schema):
    why: Reason
    game: GameIn


Month = Annotated[str, Field(pattern=r"^(19[0-9]{2}|20[0-9]{2}|2100)-(0[1-9]|1[0-2])$")]
"""A month, YYYY-MM."""
Year = Annotated[int, Field(ge=DATE_MIN.year, le=DATE_MAX.year)]

GameStatus = Literal["submitted", "confirmed", "disputed", "voided"]


class GameFilters(Schema):
    status: GameStatus | None = None
    player: PlayerName | None = None
    since: IsoDate | None = None
    until: IsoDate | None = None
    limit: int = Field(50, ge=1, le=500)
    offset: int = Field(0, ge=0, le=10**9)


class StandingsQuery(Schema):
    list_key: QueryText | None = Field(None, alias="list", description="the list: a group or title")
    group: QueryText | None = None
    city: QueryText | None = None
    event: Annotated[Text, Field(max_length=200)] | None = None
    since: IsoDate | None = None
    until: IsoDate | None = None

    def filters(self) -> StandingsFilters:
        return StandingsFilters(
            list_key=self.list_key, group=self.group, city=self.city, event=self.event,
            since=self.since, until=self.until,
        )  # fmt: skip


class HistoryQuery(Schema):
    system: HistorySystem
    list_key: QueryText | None = Field(None, alias="list")
    last: int | None = Field(None, description="only the player's latest N games")
