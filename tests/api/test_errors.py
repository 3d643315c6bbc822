"""Refusals the routes themselves cannot see: unknown URLs, methods, bodies, database limits."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tablerank.league.models import GameRecord
from tests.api.conftest import TABLE_GAME, Call, Club

pytestmark = pytest.mark.django_db


def test_an_unknown_url_is_a_json_404(call: Call) -> None:
    for path in ("/api/", "/api/nowhere", "/api/leagues/bonn/scores"):
        answer = call("GET", path)
        assert answer.status == 404, path
        assert "/api/openapi.json" in answer.body["error"]["message"]


def test_a_method_the_url_does_not_take_is_a_json_405(club: Club, call: Call) -> None:
    answer = call("DELETE", "/api/leagues/bonn", club.admin)
    assert answer.status == 405
    assert answer.body["error"]["message"] == "DELETE is not allowed here; use GET, PATCH"
    assert answer.headers["Allow"] == "GET, PATCH"


def test_a_body_that_is_not_json_is_a_400(club: Club, call: Call) -> None:
    answer = call("POST", "/api/leagues", club.admin, b"slug=x&name=y")
    assert answer.status == 400
    assert answer.body["error"] == {"field": "body", "message": "expected a JSON body"}


def test_a_body_too_large_is_a_413(club: Club, call: Call) -> None:
    big = b'{"slug": "' + b"x" * 3_000_000 + b'"}'
    answer = call("POST", "/api/leagues", club.admin, big)
    assert answer.status == 413
    assert answer.body["error"]["field"] == "body"


def test_nul_characters_are_refused_before_the_database(club: Club, call: Call) -> None:
    """PostgreSQL cannot store them; the answer names where they are."""
    assert call("GET", "/api/leagues/bo%00nn").body["error"]["field"] == "slug"
    query = {"player": "A\x00"}
    assert call("GET", "/api/leagues/bonn/games", query=query).body["error"]["field"] == "player"
    body = {"username": "ann\x00", "password": "x"}
    assert call("POST", "/api/tokens", None, body).body["error"]["field"] == "username"


@pytest.mark.parametrize(
    ("field", "value"),
    [("round", 2**64), ("target", 10**30)],  # beyond 64 bits: too large for either database
)
def test_numbers_beyond_the_databases_range_are_refused(
    club: Club, call: Call, field: str, value: int
) -> None:
    answer = call("POST", "/api/leagues/bonn/games", club.user("Ann"), {**TABLE_GAME, field: value})
    assert answer.status == 422
    assert answer.body["error"]["field"] == field
    assert "expected a whole number from" in answer.body["error"]["message"]
    assert not GameRecord.objects.exists()


def test_a_signed_in_browser_session_is_no_token(club: Club) -> None:
    """The API never reads the site's session cookie, so no other site can forge a write."""
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(User.objects.get(username="ann"))
    response = browser.post(
        "/api/leagues", {"slug": "x", "name": "X"}, content_type="application/json"
    )
    assert response.status_code == 401
    assert browser.get("/api/tokens").status_code == 401
