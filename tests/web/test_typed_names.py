"""A player's name as someone types it finds the player at every door (issue 40): in any case
and in either Unicode form, since the league stores each player under `name_key` (composed,
case-folded). `Zoë` typed with a combining diaeresis used to be a 404 on her own page."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from django.test import Client
from django.urls import reverse
from typer.testing import CliRunner

from tablerank.api.auth import issue_token
from tablerank.cli.main import app
from tablerank.league import queries, services
from tests.web.action_helpers import Club

COMPOSED, DECOMPOSED = "Zo\u00eb", "ZOE\u0308"


@pytest.fixture
def zoe(club: Club) -> Club:
    services.add_player(club.league, COMPOSED, by=services.CONSOLE)
    return club


def test_the_league_finds_her_however_her_name_is_typed(zoe: Club) -> None:
    found = queries.find_player(zoe.league, f"  {DECOMPOSED} ")
    assert found is not None
    assert found.name == COMPOSED
    assert queries.find_player(zoe.league, "Zoe") is None


def test_her_page_and_the_api_answer_for_the_decomposed_name(zoe: Club) -> None:
    client = Client()
    client.force_login(zoe.organizer)
    page = client.get(reverse("player", args=[zoe.league.slug, DECOMPOSED]))
    assert page.status_code == 200
    assert COMPOSED in page.content.decode()
    token = issue_token(zoe.organizer, "names")[1]
    headers = {"Authorization": f"Bearer {token}"}
    api = client.get(f"/api/leagues/bonn/players/{quote(DECOMPOSED)}", headers=headers)
    assert api.status_code == 200
    assert api.json()["name"] == COMPOSED
    games = client.get(f"/api/leagues/bonn/games?player={quote(DECOMPOSED)}", headers=headers)
    assert games.status_code == 200
    nobody = client.get("/api/leagues/bonn/games?player=Nobody", headers=headers)
    assert nobody.status_code == 200
    assert nobody.json()["games"] == []


def test_the_members_page_and_the_console_find_her_too(zoe: Club) -> None:
    client = Client()
    client.force_login(zoe.organizer)
    rename = {"action": "rename", "rename-player": DECOMPOSED, "rename-name": "Zoe B"}
    renamed = client.post(reverse("members", args=["bonn"]), rename | {"rename-why": "typo"})
    assert renamed.status_code == 302
    assert queries.find_player(zoe.league, "zoe b") is not None
    why = ["--why", "never played"]
    removed = CliRunner().invoke(app, ["league", "remove-player", "bonn", " ZOE B ", *why])
    assert removed.exit_code == 0, removed.output
    assert queries.find_player(zoe.league, "zoe b") is None
