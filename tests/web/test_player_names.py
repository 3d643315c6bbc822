"""A page's player fields suggest every name of a club (`NAMES_INLINE` players or fewer), and ask
for the names starting with what is typed in a larger league (`player-names`), as its members
may see them."""

from __future__ import annotations

import json
import re
from html import escape
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tablerank.league import queries, services
from tablerank.league.models import League, Player
from tablerank.web.pages import common
from tests.web.action_helpers import Club, four_player_game
from tests.web.test_pages import EVIL

pytestmark = pytest.mark.django_db

NAMES = ["Ann", "anna", "Änne", "Ben", "Bo", EVIL, "Zed"]


@pytest.fixture
def named(club: Club) -> Club:
    """The club with more names, and a game: the forecasts page asks for a table once the
    league has a title to forecast."""
    for name in NAMES:
        if name not in {"Ann", "Ben"}:
            services.add_player(club.league, name, by=services.CONSOLE)
    services.record_game(club.league, four_player_game(), club.referee)
    return club


def _names(client: Client, league: League, typed: str) -> Any:
    response = client.get(reverse("player-names", args=[league.slug]), {"q": typed})
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    return json.loads(response.content)["names"]


def test_names_start_with_what_is_typed_ignoring_case(client: Client, named: Club) -> None:
    league = named.league
    assert _names(client, league, "an") == ["Ann", "anna"]
    assert _names(client, league, "ÄN") == ["Änne"]
    assert _names(client, league, " b ") == ["Ben", "Bo"]
    assert _names(client, league, "<scr") == [EVIL]  # JSON, set as an option's value by the script
    assert _names(client, league, "") == []
    assert _names(client, league, "%") == []  # a wildcard is a character like any other
    assert _names(client, league, "q") == []


def test_at_most_a_few_names_are_suggested(named: Club) -> None:
    league = named.league
    for number in range(queries.NAMES_SHOWN + 5):
        services.add_player(league, f"Player {number:02d}", by=services.CONSOLE)
    found = queries.names_starting(league, "player")
    assert found == [f"Player {number:02d}" for number in range(queries.NAMES_SHOWN)]


def test_a_private_leagues_names_are_its_members_only(client: Client, named: Club) -> None:
    league = named.league
    league.public = False
    league.save()
    url = reverse("player-names", args=[league.slug])
    assert client.get(url, {"q": "an"}).status_code == 404
    client.force_login(named.outsider)
    assert client.get(url, {"q": "an"}).status_code == 404
    client.force_login(named.ann)
    assert _names(client, league, "an") == ["Ann", "anna"]
    assert client.post(url, {"q": "an"}).status_code == 405
    assert client.get(reverse("player-names", args=["nowhere"]), {"q": "an"}).status_code == 404


def _datalist(body: str, list_id: str) -> tuple[str, list[str]]:
    """The datalist's attributes and its options' values, as the page has them."""
    found = re.search(rf'<datalist id="{list_id}"([^>]*)>(.*?)</datalist>', body, re.S)
    assert found is not None, list_id
    return found.group(1), re.findall(r'<option value="([^"]*)">', found.group(2))


def _pages(club: Club) -> list[tuple[str, str, User | None]]:
    slug = club.league.slug
    return [
        (reverse("forecasts", args=[slug]), "forecast-players", None),
        (reverse("games", args=[slug]), "game-players", None),
        (reverse("record", args=[slug]), "league-players", club.referee),
        (reverse("record-other", args=[slug]), "league-players", club.referee),
    ]


def test_a_clubs_pages_list_every_name(client: Client, named: Club) -> None:
    for url, list_id, user in _pages(named):
        if user is not None:
            client.force_login(user)
        attributes, options = _datalist(client.get(url).content.decode(), list_id)
        assert "data-names" not in attributes, url
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in options, url
        assert len(options) == len(NAMES) + 3, url  # and the club's Olga, Cleo and Dora


def test_a_large_leagues_pages_ask_for_names_as_one_types(
    client: Client, named: Club, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(common, "NAMES_INLINE", 3)
    asked = reverse("player-names", args=[named.league.slug])
    for url, list_id, user in _pages(named):
        if user is not None:
            client.force_login(user)
        attributes, options = _datalist(client.get(url).content.decode(), list_id)
        assert f'data-names="{asked}"' in attributes, url
        assert options == [], url


def _members(client: Client, club: Club, query: str = "") -> Any:
    client.force_login(club.organizer)
    return client.get(reverse("members", args=[club.league.slug]) + query)


def _member_names(body: str) -> list[str]:
    table = re.search(r'<table class="tr-table tr-members" id="members">(.*?)</table>', body, re.S)
    assert table is not None
    return re.findall(r"<tr>\s*<td>([^<]*)</td>", table.group(1))


def test_the_members_page_lists_a_hundred_members_a_page(
    client: Client, named: Club, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A platform's league has tens of thousands of members: the page shows them a page at a
    time, alphabetically, the admins and officials without a player after the last page's, and
    finds those whose names start with what is asked."""
    from tablerank.web.actions import members

    monkeypatch.setattr(members, "PER_PAGE", 4)
    club = named
    club.league.officials.add(User.objects.create_user("no-player-official"))
    names = [escape(name) for name in sorted([*NAMES, "Cleo", "Dora", "Olga"], key=str.casefold)]
    first = _members(client, club).content.decode()
    assert _member_names(first) == names[:4]
    assert 'rel="next" href="?page=2"' in first
    assert 'id="find-member"' in first
    assert _member_names(_members(client, club, "?page=2").content.decode()) == names[4:8]
    last = _members(client, club, "?page=3").content.decode()
    assert _member_names(last) == [*names[8:], "–", "–"]  # the official and the referee
    assert _members(client, club, "?page=4").status_code == 404
    assert _members(client, club, "?page=none").status_code == 400
    found = _members(client, club, "?q=an").content.decode()
    assert _member_names(found) == ["Ann", "anna"]
    assert 'rel="next"' not in found


def test_a_large_leagues_members_page_asks_for_names_as_one_types(
    client: Client, named: Club, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where the players without an account are too many to list, the link form takes a name
    (suggested as one types) instead of a choice among them all; it links as before."""
    monkeypatch.setattr(common, "NAMES_INLINE", 3)
    from tablerank.web.actions import members

    monkeypatch.setattr(members, "NAMES_INLINE", 3)
    body = _members(client, named).content.decode()
    attributes, options = _datalist(body, "member-names")
    assert "data-names" in attributes
    assert options == []
    assert '<input type="text" name="player" id="link-player"' in body
    assert '<select name="player" id="link-player">' not in body
    data = {"action": "link", "player": "bo", "username": "bo-new", "new_account": "on"}
    response = client.post(reverse("members", args=[named.league.slug]), data)
    assert response.status_code == 200  # with the new account's one-time link
    assert 'id="reset-link"' in response.content.decode()
    linked = Player.objects.get(league=named.league, key="bo").user
    assert linked is not None
    assert linked.username == "bo-new"


def test_a_nul_in_an_address_is_refused_never_a_database_error(client: Client, named: Club) -> None:
    """PostgreSQL refuses a NUL in any text: a page asked with one answers 400, on every
    database."""
    slug = named.league.slug
    client.force_login(named.organizer)
    for url in [
        reverse("player-names", args=[slug]) + "?q=a%00",
        reverse("members", args=[slug]) + "?q=a%00",
        reverse("games", args=[slug]) + "?player=Ann%00",
        reverse("games", args=[slug]) + "?city%00=Bonn",
        reverse("standings", args=[slug, "cow.elo"]) + "?city=%00",
        reverse("player", args=[slug, "Ann\x00"]),
    ]:
        response = client.get(url)
        assert response.status_code == 400, url
