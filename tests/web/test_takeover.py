"""The account takeover of issue 39, step by step through the web and the API: it must fail at
the grant. A stranger signs up, makes a league, gives the victim's username a role there and
asks for a reset link; the victim signed up herself, or only has an invitation elsewhere."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tablerank.league import services
from tablerank.league.models import League
from tests.web.action_helpers import Club

VICTIM_PASSWORD = "the victim's own passphrase 7"
ATTACKER_PASSWORD = "the attacker's passphrase 99"


def text(response: Any) -> str:
    return str(response.content.decode()).replace("&#x27;", "'")


def signed_up(username: str, password: str) -> Client:
    client = Client()
    data = {"username": username, "password1": password, "password2": password}
    assert client.post(reverse("signup"), data).status_code == 302
    return client


def attacker_league() -> Client:
    attacker = signed_up("mallory", ATTACKER_PASSWORD)
    made = attacker.post(
        reverse("league-new"), {"name": "Mine", "slug": "mine", "time_zone": "UTC"}
    )
    assert made.status_code == 302
    return attacker


def api(method: str, path: str, token: str | None = None, body: Any = None) -> Any:
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
    data = json.dumps(body) if body is not None else None
    return getattr(Client(), method)(path, data, content_type="application/json", **headers)


def assert_still_hers(victim: str) -> None:
    assert Client().login(username=victim, password=VICTIM_PASSWORD)


@pytest.mark.parametrize("role", ["admin", "official"])
def test_a_role_granted_by_a_stranger_gives_no_reset_link(db: None, role: str) -> None:
    signed_up("victim", VICTIM_PASSWORD)
    attacker = attacker_league()
    members = reverse("members", args=["mine"])
    grant = {"action": "role", "username": "victim", "role": role, "grant": "yes"}
    assert attacker.post(members, grant).status_code == 302
    mine, victim = League.objects.get(slug="mine"), User.objects.get(username="victim")
    assert services.roles_of(mine, victim) == set()  # an offer, nothing granted
    reset = attacker.post(members, {"action": "reset", "username": "victim"})
    assert reset.status_code == 403
    assert 'class="tr-link"' not in text(reset)
    assert_still_hers("victim")


def test_the_api_door_gives_a_stranger_nothing_either(db: None) -> None:
    signed_up("victim", VICTIM_PASSWORD)
    attacker_league()
    issued = api("post", "/api/tokens", body={"username": "mallory", "password": ATTACKER_PASSWORD})
    token = issued.json()["token"]
    added = api("post", "/api/leagues/mine/players", token, {"name": "V", "username": "victim"})
    assert added.status_code == 201
    assert added.json()["has_account"] is False
    assert api("get", "/api/invitations", token).json() == {"invitations": []}
    [offer] = services.invitations_for(User.objects.get(username="victim"))
    assert api("post", f"/api/invitations/{offer.pk}/accept", token).status_code == 404
    assert_still_hers("victim")


def test_a_pending_invitation_elsewhere_gives_a_stranger_no_way_in(club: Club) -> None:
    """The victim was only invited to a private league: the stranger can neither reset her
    password nor answer her invitation, and the private league stays hidden."""
    club.league.public = False
    club.league.save()
    victim = User.objects.create_user("victim", password=VICTIM_PASSWORD)
    services.add_player(club.league, "Vic", by=services.CONSOLE)
    invitation = services.invite_account(
        services.player_named(club.league, "Vic"), victim, by=club.organizer
    )
    attacker = attacker_league()
    members = reverse("members", args=["mine"])
    attacker.post(
        members, {"action": "role", "username": "victim", "role": "admin", "grant": "yes"}
    )
    assert attacker.post(members, {"action": "reset", "username": "victim"}).status_code == 403
    accept = reverse("invitation-accept", args=[invitation.pk])
    assert attacker.post(accept).status_code == 404
    assert attacker.get(reverse("league-home", args=["bonn"])).status_code == 404
    assert_still_hers("victim")
