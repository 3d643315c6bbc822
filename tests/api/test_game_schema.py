"""The API's game schema names the records' declared fields (`record_schema`) with their
limits, so the OpenAPI document says what the engine accepts."""

from __future__ import annotations

from typing import Any

import msgspec

from tablerank.api.schemas import SEAT, GameIn
from tablerank.engine.record_schema import GAME_FIELDS, SEAT_FIELDS, GameJson, SeatJson

LIMITS = ("minimum", "maximum", "maxLength", "enum")


def limits(schema: dict[str, Any]) -> dict[str, set[Any]]:
    """A field's bounds and choices, over its branches but null."""
    found: dict[str, set[Any]] = {}
    for branch in schema.get("anyOf", [schema]):
        for key in LIMITS:
            if key in branch:
                value = branch[key]
                found.setdefault(key, set()).update(value if key == "enum" else [value])
    return found


def declared(kind: type[msgspec.Struct]) -> dict[str, Any]:
    schema = msgspec.json.schema(kind)
    return dict(schema["$defs"][kind.__name__]["properties"])


def test_a_game_in_the_api_has_the_declared_fields() -> None:
    sent = {field.alias or name for name, field in GameIn.model_fields.items()}
    assert sent - {"played_at"} == set(GAME_FIELDS)
    assert set(SEAT["properties"]) == set(SEAT_FIELDS)


def test_the_api_states_the_declared_limits_of_a_seat() -> None:
    mine = declared(SeatJson)
    for name in SEAT_FIELDS:
        if name != "sources":
            assert limits(SEAT["properties"][name]) == limits(mine[name]), name


def test_the_api_states_the_declared_limits_of_a_game() -> None:
    mine = declared(GameJson)
    properties = GameIn.model_json_schema(by_alias=True)["properties"]
    for name in ("game", "variant", "target", "group", "city", "class", "event", "round"):
        assert limits(properties[name]) == limits(mine[name]), name
