"""The OpenAPI document's promises: declared statuses and error shape, optional tokens on
reads, bounded inputs, and a JSON 500 (logged) when something unexpected fails."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from tablerank.api.limits import ID_PATTERN, NAME_MAX
from tablerank.league import queries
from tests.api.conftest import Call, Club

pytestmark = pytest.mark.django_db

ERROR = {"$ref": "#/components/schemas/ErrorOut"}


def operations(call: Call) -> list[tuple[str, str, dict[str, Any]]]:
    schema = call("GET", "/api/openapi.json").body
    return [
        (method.upper(), path, operation)
        for path, methods in schema["paths"].items()
        for method, operation in methods.items()
    ]


def test_every_operation_declares_401_500_and_503_as_the_json_error(call: Call) -> None:
    for method, path, operation in operations(call):
        for status in ("401", "500", "503"):
            content = operation["responses"][status]["content"]["application/json"]
            assert content["schema"] == ERROR, (method, path, status)


def test_every_success_has_a_typed_schema(call: Call) -> None:
    for method, path, operation in operations(call):
        ok = next(code for code in operation["responses"] if code.startswith("2"))
        schema = operation["responses"][ok]["content"]["application/json"]["schema"]
        assert schema["$ref"].startswith("#/components/schemas/"), (method, path)


def test_reads_take_a_token_but_do_not_need_one(call: Call) -> None:
    for method, path, operation in operations(call):
        if method == "GET" and path.startswith("/api/leagues"):
            assert operation["security"] == [{"TokenAuth": []}, {}], path
        elif path != "/api/tokens" or method != "POST":
            assert operation["security"] == [{"TokenAuth": []}], (method, path)


def test_path_parameters_are_bounded(call: Call) -> None:
    schema = call("GET", "/api/openapi.json").body
    read = schema["paths"]["/api/leagues/{slug}/games/{game_id}"]["get"]
    params = {p["name"]: p["schema"] for p in read["parameters"]}
    assert params["game_id"]["pattern"] == ID_PATTERN
    assert "pattern" in params["slug"]
    player = schema["paths"]["/api/leagues/{slug}/players/{name}"]["get"]
    name = next(p["schema"] for p in player["parameters"] if p["name"] == "name")
    assert name["maxLength"] == NAME_MAX


def test_a_game_id_outside_the_alphabet_is_a_422_naming_it(club: Club, call: Call) -> None:
    answer = call("GET", "/api/leagues/bonn/games/a%20b")
    assert answer.status == 422
    assert answer.body["error"]["field"] == "game_id"


def test_a_lone_surrogate_is_a_422_naming_the_field(club: Club, call: Call) -> None:
    body = b'{"name": "Zed\\ud800"}'
    answer = call("POST", "/api/leagues/bonn/players", club.admin, body)
    assert answer.status == 422
    assert answer.body["error"]["field"] == "name"
    assert "Unicode" in answer.body["error"]["message"]


def test_an_unexpected_error_is_a_logged_json_500(
    club: Club, call: Call, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(*args: object) -> None:
        raise RuntimeError("the disk caught fire")

    monkeypatch.setattr(queries, "pending_for", broken)
    with caplog.at_level(logging.ERROR, logger="django.request"):
        answer = call("GET", "/api/pending", club.user("Ann"))
    assert answer.status == 500
    assert answer.body == {
        "error": {
            "field": "",
            "message": "internal error; it was logged, and the request may be tried again",
        }
    }
    assert "the disk caught fire" not in str(answer.body)
    [record] = [r for r in caplog.records if r.name == "django.request"]
    assert record.message == "Internal Server Error: /api/pending"  # once, as Django words it
    assert record.exc_info is not None
    assert "the disk caught fire" in str(record.exc_info[1])


def test_a_date_filter_is_an_iso_date_not_a_timestamp(club: Club, call: Call) -> None:
    answer = call("GET", "/api/leagues/bonn/games", query={"until": "0"})
    assert answer.status == 422
    assert answer.body["error"]["field"] == "until"
    assert call("GET", "/api/leagues/bonn/games", query={"until": "2026-03-14"}).status == 200


def test_multipart_without_a_boundary_is_a_400(club: Club, call: Call) -> None:
    answer = call(
        "POST",
        "/api/tokens",
        body=b'{"username": "ann", "password": "x"}',
        headers={"Content-Type": "multipart/form-data"},
    )
    assert answer.status == 400
    assert answer.body["error"] == {"field": "body", "message": "expected a JSON body"}


@pytest.mark.parametrize("body", [[None, None], "x", 1])
def test_a_settings_change_is_a_json_object(club: Club, call: Call, body: Any) -> None:
    answer = call("PATCH", "/api/leagues/bonn", club.admin, body)
    assert answer.status == 422
    assert answer.body["error"]["field"] == "body"


def test_booleans_are_json_booleans(club: Club, call: Call) -> None:
    body = {"slug": "cafe", "name": "Café", "one_official_is_enough": 0}
    answer = call("POST", "/api/leagues", club.admin, body)
    assert answer.status == 422
    assert answer.body["error"]["field"] == "one_official_is_enough"


def test_an_empty_settings_change_changes_nothing(club: Club, call: Call) -> None:
    answer = call("PATCH", "/api/leagues/bonn", club.admin, {})
    assert answer.status == 200
    assert answer.body["name"] == "Bonn Catan"
