"""Never a 500: arbitrary JSON bodies and junk query strings on every endpoint, as anyone.

The endpoints are read from the OpenAPI schema, so a new endpoint is covered without editing
this file. Every answer must be below 500, and every refusal a JSON error naming a field.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tablerank.api.api import api
from tests.api.conftest import TABLE_GAME, Call, Club

pytestmark = pytest.mark.django_db

SCHEMA = api.get_openapi_schema()
ENDPOINTS = sorted(
    (method.upper(), path) for path, operations in SCHEMA["paths"].items() for method in operations
)
FIELDS = sorted(
    {
        name
        for component in SCHEMA["components"]["schemas"].values()
        for name in component.get("properties", {})
    }
    | {"seats", "player", "vp", "winner", "place", "sources", "status", "class", "played_at"}
)
QUERY_NAMES = sorted(
    {
        parameter["name"]
        for operations in SCHEMA["paths"].values()
        for operation in operations.values()
        for parameter in operation.get("parameters", [])
        if parameter["in"] == "query"
    }
)
PATH_VALUES = {
    "slug": ["bonn", "koeln", "nowhere"],
    "game_id": ["g1", "nope"],
    "name": ["Ann", "zed"],
    "system": ["cow.elo", "cow.points", "area", "turnabout", "pages.combined"],
}

text = st.text(max_size=12)
scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | text
    | st.sampled_from(["2026-03-14", "2026-03", "2026-05-31T22:30+00:00", "Ann", "sol", "two"])
)
json_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(FIELDS) | text, inner, max_size=5)
    ),
    max_leaves=16,
)
bodies = (
    json_values.map(lambda value: json.dumps(value).encode())
    | st.fixed_dictionaries({}, optional=dict.fromkeys(FIELDS, json_values)).map(
        lambda value: json.dumps(value).encode()
    )
    | st.builds(lambda seats: json.dumps({**TABLE_GAME, "seats": seats}).encode(), json_values)
    | st.binary(max_size=20)
)
queries = st.dictionaries(st.sampled_from(QUERY_NAMES) | text, text | scalars.map(str), max_size=4)
raw_queries = st.text(alphabet="&=%;+?#/\\\x00 abc0", max_size=20)


def fill(path: str, draw: Any) -> str:
    def value(match: re.Match[str]) -> str:
        choices = PATH_VALUES.get(match.group(1), ["x"])
        chosen: str = draw(st.sampled_from(choices) | st.text(min_size=1, max_size=10))
        return re.sub(r"[/?#%]", "_", chosen) or "_"

    return re.sub(r"\{(\w+)\}", value, path)


def assert_refusal_is_json(status: int, body: Any, where: str) -> None:
    assert status < 500, where
    if status >= 400:
        assert isinstance(body, dict), where
        assert isinstance(body["error"]["field"], str), where
        assert isinstance(body["error"]["message"], str), where
        assert body["error"]["message"], where


@pytest.fixture
def seeded(club: Club, call: Call) -> Club:
    """A pending game g1 in bonn, so that the game endpoints have one to work on."""
    assert call("POST", "/api/leagues/bonn/games", club.user("Ann"), TABLE_GAME).status == 201
    return club


@settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_no_request_gets_a_500(seeded: Club, call: Call, data: st.DataObject) -> None:
    method, template = data.draw(st.sampled_from(ENDPOINTS))
    path = fill(template, data.draw)
    who = data.draw(st.sampled_from([None, "admin", "referee", "ann", "ben", "outsider"]))
    user = None
    if who is not None:
        user = {"admin": seeded.admin, "referee": seeded.official, "outsider": seeded.outsider}.get(
            who
        ) or seeded.user(who.capitalize())
    query: dict[str, Any] | str = data.draw(queries | raw_queries)
    body = data.draw(bodies) if method in {"POST", "PATCH", "PUT"} else None
    answer = call(method, path, user, body, query)
    assert_refusal_is_json(answer.status, answer.body, f"{method} {path} {query!r} {body!r}")


@settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(method=st.sampled_from(["GET", "POST", "PUT", "PATCH", "DELETE"]), path=text)
def test_unknown_urls_and_methods_are_json_refusals(
    club: Club, call: Call, method: str, path: str
) -> None:
    clean = re.sub(r"[?#%\s]", "_", path)
    assume(clean.rstrip("/") != "docs")  # the API's documentation: a page, not a refusal
    answer = call(method, f"/api/{clean}", club.user("Ann"))
    assert_refusal_is_json(answer.status, answer.body, f"{method} /api/{clean}")


def test_every_endpoint_is_covered() -> None:
    assert len(ENDPOINTS) >= 20
    assert ("POST", "/api/leagues/{slug}/games/{game_id}/correct") in ENDPOINTS
