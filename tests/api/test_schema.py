"""The OpenAPI schema at /api/openapi.json, the interactive docs, and where the API is mounted."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.staticfiles import finders
from django.test import Client, modify_settings
from django.urls import resolve

from tablerank.api.api import api
from tests.api.conftest import Call

pytestmark = pytest.mark.django_db

PATHS = {
    "/api/tokens": {"delete", "get", "post"},
    "/api/tokens/current": {"delete"},
    "/api/tokens/{token_id}": {"delete"},
    "/api/pending": {"get"},
    "/api/leagues": {"get", "post"},
    "/api/leagues/{slug}": {"get", "patch"},
    "/api/leagues/{slug}/players": {"get", "post"},
    "/api/leagues/{slug}/players/{name}": {"get", "patch", "delete"},
    "/api/leagues/{slug}/players/{name}/merge": {"post"},
    "/api/leagues/{slug}/players/{name}/history": {"get"},
    "/api/leagues/{slug}/games": {"get", "post"},
    "/api/leagues/{slug}/games/import": {"post"},
    "/api/leagues/{slug}/games/{game_id}": {"get"},
    "/api/leagues/{slug}/games/{game_id}/confirm": {"post"},
    "/api/leagues/{slug}/games/{game_id}/dispute": {"post"},
    "/api/leagues/{slug}/games/{game_id}/void": {"post"},
    "/api/leagues/{slug}/games/{game_id}/correct": {"post"},
    "/api/leagues/{slug}/standings/{system}": {"get"},
    "/api/leagues/{slug}/lists/monthly": {"get"},
    "/api/leagues/{slug}/lists/annual": {"get"},
    "/api/leagues/{slug}/lists/elo": {"get"},
    "/api/leagues/{slug}/predict": {"get"},
    "/api/leagues/{slug}/backtest": {"get"},
    "/api/leagues/{slug}/seats-report": {"get"},
    "/api/leagues/{slug}/tournaments": {"get", "post"},
    "/api/leagues/{slug}/tournaments/{event}": {"get"},
    "/api/leagues/{slug}/tournaments/{event}/entrants": {"post"},
    "/api/leagues/{slug}/tournaments/{event}/entrants/check-in": {"post"},
    "/api/leagues/{slug}/tournaments/{event}/keep-apart": {"post"},
    "/api/leagues/{slug}/tournaments/{event}/entrants/{player}/check-in": {"post"},
    "/api/leagues/{slug}/tournaments/{event}/entrants/{player}/drop": {"post"},
    "/api/leagues/{slug}/tournaments/{event}/rounds": {"post"},
    "/api/leagues/{slug}/tournaments/{event}/rounds/{number}": {"get"},
    "/api/leagues/{slug}/tournaments/{event}/rounds/{number}/tables/{table}": {"get"},
    "/api/leagues/{slug}/tournaments/{event}/rounds/{number}/tables/{table}/confirm": {"post"},
    "/api/leagues/{slug}/tournaments/{event}/rounds/{number}/tables/{table}/result": {"post"},
    "/api/leagues/{slug}/tournaments/{event}/rounds/{number}/tables/{table}/correct": {"post"},
    "/api/leagues/{slug}/tournaments/{event}/rounds/{number}/waiting": {"get"},
    "/api/leagues/{slug}/tournaments/{event}/rounds/{number}/confirm": {"post"},
    "/api/leagues/{slug}/tournaments/{event}/standings": {"get"},
    "/api/leagues/{slug}/tournaments/{event}/finish": {"post"},
    "/api/leagues/{slug}/tournaments/{event}/clock": {"get"},
    "/api/leagues/{slug}/tournaments/{event}/clock/start": {"post"},
    "/api/leagues/{slug}/tournaments/{event}/clock/pause": {"post"},
    "/api/leagues/{slug}/tournaments/{event}/clock/resume": {"post"},
    "/api/leagues/{slug}/tournaments/{event}/clock/extend": {"post"},
    "/api/leagues/{slug}/tournaments/{event}/clock/reset": {"post"},
    "/api/invitations": {"get"},
    "/api/invitations/{invitation_id}/accept": {"post"},
    "/api/invitations/{invitation_id}/decline": {"post"},
}


def test_the_schema_lists_every_path_and_method(call: Call) -> None:
    answer = call("GET", "/api/openapi.json")
    assert answer.status == 200
    schema: dict[str, Any] = answer.body
    assert schema["openapi"].startswith("3.")
    assert {path: set(ops) for path, ops in schema["paths"].items()} == PATHS


def test_writes_are_marked_as_needing_a_bearer_token(call: Call) -> None:
    schema = call("GET", "/api/openapi.json").body
    schemes = schema["components"]["securitySchemes"]
    assert [s["scheme"] for s in schemes.values()] == ["bearer"]
    submit = schema["paths"]["/api/leagues/{slug}/games"]["post"]
    assert submit["security"] == [{name: []} for name in schemes]
    issue = schema["paths"]["/api/tokens"]["post"]
    assert "security" not in issue


def test_the_site_mounts_the_api_at_api() -> None:
    match = resolve("/api/openapi.json", urlconf="tablerank.server.urls")
    assert match.url_name == "openapi-json"
    assert match.namespace == "api"


@modify_settings(INSTALLED_APPS={"remove": "ninja"})
def test_without_ninja_installed_the_docs_are_off_rather_than_online(call: Call) -> None:
    """django-ninja would load Swagger UI from a CDN; a club's server may have no internet."""
    answer = call("GET", "/api/docs")
    assert answer.status == 404
    assert "INSTALLED_APPS" in answer.body["error"]["message"]


def test_the_docs_are_served_from_this_site(client: Client) -> None:
    response = client.get("/api/docs")
    assert response.status_code == 200
    html = response.content.decode()
    assets = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert "/static/ninja/swagger-ui-bundle.js" in assets
    assert "/static/ninja/swagger-ui.css" in assets
    for asset in assets:
        assert asset.startswith("/static/"), asset
        assert finders.find(asset.removeprefix("/static/")), asset
    assert "validator.swagger.io" not in html
    assert '"validatorUrl": null' in html


def test_the_api_object_is_the_one_mounted() -> None:
    assert resolve("/api/leagues").namespace == api.urls_namespace
