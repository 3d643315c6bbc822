"""Fixtures for the JSON API: a public and a private league, their members, and tokens."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tablerank.api.auth import issue_token
from tablerank.league.models import League, Player
from tablerank.league.services import CONSOLE, add_player

PASSWORD = "correct horse battery staple"
PLAYERS = ("Ann", "Ben", "Cleo", "Dora")


@dataclass
class Answer:
    """One API answer: the status and the parsed JSON body."""

    status: int
    body: Any
    headers: dict[str, str]


@dataclass
class Club:
    """A public league `bonn` (Europe/Berlin) with its admin, an official, four players with
    accounts (Ann, Ben, Cleo, Dora: users ann, ben, ...) and an outsider."""

    league: League
    admin: User
    official: User
    outsider: User
    players: dict[str, Player]

    def user(self, name: str) -> User:
        user = self.players[name].user
        assert user is not None
        return user


Call = Callable[..., Answer]


def account(username: str) -> User:
    return User.objects.create_user(username, password=PASSWORD)


@pytest.fixture(autouse=True)
def api_site(settings: Any, tmp_path: Path) -> None:
    """The API's URLs alone, and a static root that exists (whitenoise warns about a missing
    one, and warnings fail the tests)."""
    settings.ROOT_URLCONF = "tests.api.urls"
    settings.STATIC_ROOT = str(tmp_path)


@pytest.fixture
def club(db: None) -> Club:
    admin = account("admin")
    official = account("referee")
    league = League.objects.create(name="Bonn Catan", slug="bonn", time_zone="Europe/Berlin")
    league.admins.add(admin)
    league.officials.add(official)
    players = {
        name: add_player(league, name, by=CONSOLE, account=account(name.lower()))
        for name in PLAYERS
    }
    return Club(league, admin, official, account("outsider"), players)


@pytest.fixture
def private(club: Club) -> League:
    """A private league `koeln` whose only member is Ann (a player) and whose admin is ann."""
    league = League.objects.create(name="Köln Catan", slug="koeln", public=False)
    ann = club.user("Ann")
    league.admins.add(ann)
    add_player(league, "Ann", by=CONSOLE, account=ann)
    return league


@pytest.fixture
def call(db: None) -> Call:
    """`call(method, path, user=None, body=None, query=None, headers=None)`: the API's answer,
    as `user` (with a token issued for them) or anonymously. `body` is sent as JSON, or as is
    when bytes; `query` is a dict to encode or a raw query string."""
    tokens: dict[int, str] = {}
    client = Client(enforce_csrf_checks=True)

    def send(
        method: str,
        path: str,
        user: User | None = None,
        body: Any = None,
        query: dict[str, Any] | str | None = None,
        headers: dict[str, str] | None = None,
    ) -> Answer:
        extra = dict(headers or {})
        if user is not None:
            if user.pk not in tokens:
                tokens[user.pk] = issue_token(user, "tests")[1]
            extra.setdefault("Authorization", f"Bearer {tokens[user.pk]}")
        data: bytes | str | None = None
        if isinstance(body, bytes):
            data = body
        elif body is not None:
            data = json.dumps(body)
        response = client.generic(
            method,
            path,
            data=data or b"",
            content_type="application/json",
            headers=extra,
            QUERY_STRING=query if isinstance(query, str) else urlencode(query or {}),
        )
        parsed = json.loads(response.content) if response.content else None
        return Answer(response.status_code, parsed, dict(response.headers))

    return send


def game(game_id: str, *seats: tuple[str, int], **fields: Any) -> dict[str, Any]:
    """A Catan game record in the records' JSON form; the first seat wins."""
    rows = [
        {"player": name, "vp": vp, **({"winner": True} if i == 0 else {})}
        for i, (name, vp) in enumerate(seats)
    ]
    return {"id": game_id, "date": "2026-03-14", "seats": rows, **fields}


TABLE_GAME = game("g1", ("Ann", 10), ("Ben", 7), ("Cleo", 6))
"""A three-player Catan game of bonn's players (all three must confirm it)."""
