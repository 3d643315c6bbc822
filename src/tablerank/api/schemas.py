"""What the API reads: request bodies and query strings.

These check only the request's shape (which fields, of which JSON type). The rules are the
engine's and the league's: a game record is passed as sent to `game_from_dict`, settings to the
model's own validation, names to the services.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Annotated, Any, Literal

from ninja import Field, Schema
from pydantic import AfterValidator, BaseModel, ConfigDict, StringConstraints

from tablerank.api.errors import BadInput
from tablerank.league.models import Player

__all__ = [
    "ConfirmIn",
    "CorrectIn",
    "DisputeIn",
    "GameFilters",
    "GameIn",
    "HistoryQuery",
    "LeagueChange",
    "LeagueIn",
    "PlayerIn",
    "StandingsQuery",
    "TokenIn",
    "VoidIn",
    "check_text",
]

NUL = "\x00"


def _no_nul(value: str) -> str:
    if NUL in value:
        raise ValueError("text cannot contain a NUL character")
    return value


Text = Annotated[str, AfterValidator(_no_nul)]
"""Any text a database column can hold (PostgreSQL refuses NUL characters)."""

PLAYER_NAME = Player._meta.get_field("name").max_length


def check_text(value: Any, field: str = "") -> None:
    """Refuse a NUL character anywhere in a JSON value (keys included), naming where."""
    if isinstance(value, str):
        if NUL in value:
            raise BadInput(field, "text cannot contain a NUL character")
    elif isinstance(value, Mapping):
        for key, item in value.items():
            where = f"{field}.{key}" if field else str(key)
            check_text(key, where)
            check_text(item, where)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            check_text(item, f"{field}[{index}]")


class TokenIn(Schema):
    username: Text
    password: str
    name: Text = Field("", max_length=100, description="what the token is for, e.g. 'laptop'")


class LeagueIn(Schema):
    slug: Text
    name: Text
    time_zone: Text = "UTC"
    public: bool = True
    systems: list[Text] | None = Field(None, description="default: every system")
    one_official_is_enough: bool = False
    monthly_score: Text = "average"


class LeagueChange(Schema):
    """League settings to change; fields left out stay as they are."""

    name: Text | None = None
    time_zone: Text | None = None
    public: bool | None = None
    systems: list[Text] | None = None
    one_official_is_enough: bool | None = None
    monthly_score: Text | None = None


class PlayerIn(Schema):
    name: Annotated[Text, StringConstraints(strip_whitespace=True, min_length=1)] = Field(
        ..., max_length=PLAYER_NAME
    )
    username: Text | None = Field(None, description="the account that signs for the player")


class GameIn(BaseModel):  # ninja's Schema would drop the fields it does not declare
    """A game record in the records' JSON form (docs/records.md), checked by the engine, plus
    `played_at`: when the game was played, ISO 8601 with the UTC offset. Without `date`, the
    date is `played_at`'s day in the league's time zone."""

    model_config = ConfigDict(extra="allow")

    id: Any = None
    date: Any = None
    played_at: Any = None
    game: Any = None
    variant: Any = None
    target: Any = None
    group: Any = None
    city: Any = None
    class_: Any = Field(None, alias="class")
    event: Any = None
    round: Any = None
    description: Any = None
    seats: Any = None

    def sent(self) -> dict[str, Any]:
        """The fields as sent, under their JSON names, unknown ones included, nothing added."""
        return {**self.model_dump(exclude_unset=True, by_alias=True), **(self.model_extra or {})}


class ConfirmIn(Schema):
    player: Text | None = Field(None, description="the player whose seat you sign for")
    as_official: bool = Field(False, description="sign as a league official instead")
    note: Text = ""


class DisputeIn(Schema):
    player: Text
    why: Text


class VoidIn(Schema):
    why: Text


class CorrectIn(Schema):
    why: Text
    game: GameIn


GameStatus = Literal["submitted", "confirmed", "disputed", "voided"]


class GameFilters(Schema):
    status: GameStatus | None = None
    player: Text | None = None
    since: dt.date | None = None
    until: dt.date | None = None
    limit: int = Field(50, ge=1, le=500)
    offset: int = Field(0, ge=0, le=10**9)


class StandingsQuery(Schema):
    list_key: Text | None = Field(None, alias="list", description="the list: a group or title")
    group: Text | None = None
    city: Text | None = None
    event: Text | None = None
    since: dt.date | None = None
    until: dt.date | None = None


class HistoryQuery(Schema):
    system: Text
    list_key: Text | None = Field(None, alias="list")
