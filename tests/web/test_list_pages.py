"""The standings pages: ETags and 304s per visitor and revision, pages of 100 rows with links,
and private leagues that stay hidden whatever the browser sends."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib import messages
from django.contrib.auth.models import AnonymousUser, User
from django.contrib.messages.storage.fallback import FallbackStorage
from django.contrib.sessions.backends.db import SessionStore
from django.test import Client

from tablerank.engine.records import Game, new_game
from tablerank.league import services
from tablerank.league.models import AccountPeriod, GameRecord, League
from tablerank.league.store.revisions import revision_of
from tablerank.web.pages.standings import standings
from tests.web.action_helpers import Club, four_player_game

pytestmark = pytest.mark.django_db

URL = "/l/bonn/standings/pages.point/"
TABS = ["pages.point", "cow.elo", "monthly", "open", "annual"]


@pytest.fixture
def played(club: Club) -> Club:
    services.record_game(club.league, four_player_game("g1"), club.organizer)
    return club


def _table(game_id: str, *players: str) -> Game:
    seats = [{"player": name, "vp": 10 - i, "winner": i == 0} for i, name in enumerate(players)]
    return new_game(id=game_id, date="2026-05-02", city="Bonn", seats=seats)


@pytest.mark.parametrize("tab", TABS)
def test_a_standings_page_is_answered_304_while_nothing_changed(
    client: Client, played: Club, tab: str
) -> None:
    url = f"/l/bonn/standings/{tab}/"
    first = client.get(url)
    assert first.status_code == 200
    assert set(first["Cache-Control"].split(", ")) == {"no-cache", "private"}
    again = client.get(url, headers={"If-None-Match": first["ETag"]})
    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == first["ETag"]


def test_a_304_reads_the_league_and_nothing_else(
    client: Client, played: Club, django_assert_num_queries: Any
) -> None:
    etag = client.get(URL)["ETag"]
    with django_assert_num_queries(1):
        assert client.get(URL, headers={"If-None-Match": etag}).status_code == 304


def test_the_etag_names_the_visitor_the_question_and_the_part(client: Client, played: Club) -> None:
    etags = {
        client.get(URL)["ETag"],
        client.get(URL, {"city": "Bonn"})["ETag"],
        client.get(URL, headers={"HX-Request": "true"})["ETag"],
    }
    client.force_login(played.ann)
    etags.add(client.get(URL)["ETag"])
    client.force_login(played.ben)
    etags.add(client.get(URL)["ETag"])
    assert len(etags) == 5


def test_a_write_changes_the_etag_and_the_page(client: Client, played: Club) -> None:
    before = client.get(URL)
    record = GameRecord.objects.get(league=played.league, external_id="g1")
    services.void_game(record, played.organizer, "wrong table")
    after = client.get(URL, headers={"If-None-Match": before["ETag"]})
    assert after.status_code == 200
    assert after["ETag"] != before["ETag"]
    assert "Nobody is rated here yet." in after.content.decode()


def test_a_role_changes_the_etag(client: Client, played: Club) -> None:
    client.force_login(played.outsider)
    before = client.get(URL)["ETag"]
    services.grant_role(played.league, played.outsider, services.Role.OFFICIAL, by=played.organizer)
    assert client.get(URL, headers={"If-None-Match": before}).status_code == 200


# -- pages ---------------------------------------------------------------------------------


@pytest.fixture
def crowded(club: Club) -> Club:
    """bonn with 105 players rated in pages.point (35 tables of three new players)."""
    games = [_table(f"t{i}", f"P{i:02d}a", f"P{i:02d}b", f"P{i:02d}c") for i in range(35)]
    services.record_games(club.league, games, club.organizer)
    return club


def _rows(html: str) -> list[str]:
    """The players of the table's rows, in order."""
    return re.findall(r'<td class="col-player"><a href="[^"]*">([^<]+)</a>', html)


def test_a_long_table_shows_100_rows_a_page_with_links(client: Client, crowded: Club) -> None:
    first = client.get(URL).content.decode()
    assert len(_rows(first)) == 100
    assert "105 rated" in first
    assert "Page 1 of 2 · rows 1–100 of 105" in first
    assert 'rel="next" href="/l/bonn/standings/pages.point/?page=2"' in first
    assert 'rel="prev"' not in first
    second = client.get(URL, {"page": "2"}).content.decode()
    assert len(_rows(second)) == 5
    assert not set(_rows(first)) & set(_rows(second))
    assert 'rel="prev" href="/l/bonn/standings/pages.point/?page=1"' in second
    assert 'rel="next"' not in second


def test_page_links_keep_the_filters(client: Client, crowded: Club) -> None:
    html = client.get(URL, {"city": "Bonn"}).content.decode()
    assert 'href="/l/bonn/standings/pages.point/?city=Bonn&amp;page=2"' in html


def test_a_short_table_has_no_page_links(client: Client, played: Club) -> None:
    html = client.get(URL).content.decode()
    assert len(_rows(html)) == 4
    assert "Page 1 of" not in html


@pytest.mark.parametrize(("page", "status"), [("3", 404), ("0", 400), ("two", 400), ("-1", 400)])
def test_a_page_past_the_last_or_not_a_number_is_refused(
    client: Client, crowded: Club, page: str, status: int
) -> None:
    assert client.get(URL, {"page": page}).status_code == status


# -- private leagues ---------------------------------------------------------------------------


def test_a_private_league_stays_hidden_whatever_the_etag(client: Client, played: Club) -> None:
    League.objects.filter(pk=played.league.pk).update(public=False)
    client.force_login(played.ann)
    client.get(URL)  # sets the form token's cookie, which the ETag names
    member = client.get(URL)
    assert member.status_code == 200
    etag = member["ETag"]
    assert client.get(URL, headers={"If-None-Match": etag}).status_code == 304
    for outsider in (None, played.outsider):
        visitor = Client()
        if isinstance(outsider, User):
            visitor.force_login(outsider)
        for headers in ({}, {"If-None-Match": etag}, {"If-None-Match": "*"}):
            answer = visitor.get(URL, headers=headers)
            assert answer.status_code == 404, (outsider, headers)
            assert not answer.has_header("ETag")


# -- what the admin edits ----------------------------------------------------------------------


def test_an_account_period_edited_in_the_admin_changes_the_revision(played: Club) -> None:
    root = Client()
    root.force_login(User.objects.create_superuser("root"))
    before = revision_of(played.league.pk)
    added = root.post(
        "/admin/league/accountperiod/add/",
        {"player": played.player("Ann").pk, "account": "premium", "valid_from": "2026-01-01"},
    )
    assert added.status_code == 302
    added_at = revision_of(played.league.pk)
    assert added_at > before
    period = AccountPeriod.objects.get(player=played.player("Ann"))
    deleted = root.post(f"/admin/league/accountperiod/{period.pk}/delete/", {"post": "yes"})
    assert deleted.status_code == 302
    assert revision_of(played.league.pk) > added_at


def test_players_deleted_in_the_admin_change_the_revision(played: Club) -> None:
    root = Client()
    root.force_login(User.objects.create_superuser("root"))
    before = revision_of(played.league.pk)
    chosen = {"action": "delete_selected", "_selected_action": [played.player("Dora").pk]}
    removed = root.post("/admin/league/player/", chosen | {"post": "yes"})
    assert removed.status_code == 302
    assert revision_of(played.league.pk) > before


def test_a_page_showing_a_message_has_no_etag(client: Client, played: Club, rf: Any) -> None:
    """Revalidated from the browser's cache, the message would show again."""
    etag = client.get(URL)["ETag"]
    request = rf.get(URL, headers={"If-None-Match": etag})
    request.user = AnonymousUser()
    request.session = SessionStore()
    request._messages = FallbackStorage(request)
    messages.success(request, "Ann joined Bonn Catan.")
    response = standings(request, "bonn", "pages.point")
    assert response.status_code == 200
    assert not response.has_header("ETag")
    assert "Ann joined Bonn Catan." in response.content.decode()
