"""Correcting a result that is not Catan from the web (issue 14): the sheet that records other
titles (places, scores, teams, the A.R.E.A. class) opens with the stored game on it, and
submitting it with a reason goes through `services.correct_game`, as for Catan."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tablerank.engine.records import GameClass, new_game
from tablerank.league import queries, services
from tablerank.league.models import GameRecord, RecordStatus
from tests.league.test_rating_state import assert_state_is_replay
from tests.web.action_helpers import Club

pytestmark = pytest.mark.django_db

KREMLIN_SEATS = [
    {"player": "Ann", "place": 1, "vp": 31},
    {"player": "Ben", "place": 2, "vp": 24.5},
    {"player": "Cleo", "place": 3},
]


def _url(club: Club, record: GameRecord) -> str:
    return reverse("correct", args=[club.league.slug, record.pk])


@pytest.fixture
def kremlin(club: Club) -> GameRecord:
    """A confirmed Kremlin race in Bonn, Ann first, stored without a time of day (as the API
    and imports store them)."""
    game = new_game(
        id="k1", date="2026-05-02", game="Kremlin", game_class="race", city="Bonn",
        seats=KREMLIN_SEATS,
    )  # fmt: skip
    return services.record_game(club.league, game, club.organizer)


def _sheet(**change: str) -> dict[str, Any]:
    """What the correction page of `kremlin` posts back untouched."""
    data = {"title": "Kremlin", "game_class": "race", "players": "3"}
    data |= {"played_at": "2026-05-02T12:00", "city": "Bonn", "event": "", "round": ""}
    for i, seat in enumerate(KREMLIN_SEATS):
        data |= {f"seat-{i}-player": str(seat["player"]), f"seat-{i}-place": str(seat["place"])}
        data |= {f"seat-{i}-score": str(seat.get("vp", "")), f"seat-{i}-team": ""}
    return data | change


def _leader(club: Club) -> str:
    return (
        queries.standings(club.league, "area", queries.StandingsFilters(list_key="Kremlin"))
        .standings[0]
        .player
    )


def test_the_game_page_of_another_title_offers_the_correction(
    client: Client, club: Club, kremlin: GameRecord
) -> None:
    client.force_login(club.referee)
    page = client.get(reverse("game", args=[club.league.slug, "k1"])).content.decode()
    assert 'id="correct-result"' in page
    assert _url(club, kremlin) in page


def test_the_sheet_opens_with_the_stored_game(
    client: Client, club: Club, kremlin: GameRecord
) -> None:
    client.force_login(club.organizer)
    response = client.get(_url(club, kremlin))
    assert response.status_code == 200
    page = response.content.decode()
    assert 'id="other-form"' in page
    assert 'name="title" value="Kremlin"' in page
    assert '<option value="race" selected>' in page
    assert 'name="played_at" value="2026-05-02T12:00"' in page  # its own day, not today
    assert 'name="city" value="Bonn"' in page
    for i, (name, place) in enumerate((("Ann", 1), ("Ben", 2), ("Cleo", 3))):
        assert f'name="seat-{i}-player" value="{name}"' in page
        assert f'name="seat-{i}-place" value="{place}"' in page
    assert 'name="seat-0-score" value="31"' in page
    assert 'name="seat-1-score" value="24.5"' in page
    assert 'name="why"' in page
    assert "Correct the result" in page
    assert "confirm the winner" not in page  # places decide; there is no winner to confirm


def test_an_organizer_corrects_the_places_and_the_area_list_follows(
    client: Client, club: Club, kremlin: GameRecord
) -> None:
    assert _leader(club) == "Ann"
    client.force_login(club.organizer)
    swapped = {"seat-0-place": "2", "seat-1-place": "1", "seat-2-team": ""}
    data = _sheet(**swapped, why="Ben won, the places were swapped")
    response = client.post(_url(club, kremlin), data)
    assert response.status_code == 302
    kremlin.refresh_from_db()
    assert kremlin.status == RecordStatus.VOIDED
    assert kremlin.void_reason == "Ben won, the places were swapped"
    replacement = GameRecord.objects.get(replaces=kremlin)
    assert (replacement.external_id, replacement.sequence) == ("k1", kremlin.sequence)
    assert replacement.status == RecordStatus.CONFIRMED
    game = replacement.to_record()
    assert (game.game, game.game_class, game.city) == ("Kremlin", GameClass.RACE, "Bonn")
    assert game.date.isoformat() == "2026-05-02"
    assert [(s.player, s.place, s.vp) for s in game.seats] == [
        ("Ann", 2, 31.0), ("Ben", 1, 24.5), ("Cleo", 3, None)
    ]  # fmt: skip
    assert _leader(club) == "Ben"
    assert response["Location"] == reverse("recorded", args=[club.league.slug, replacement.pk])
    assert_state_is_replay(club.league)


def test_the_sheet_redraws_for_another_table_size_keeping_the_reason(
    client: Client, club: Club, kremlin: GameRecord
) -> None:
    client.force_login(club.referee)
    page = client.get(_url(club, kremlin), _sheet(players="4", why="Dora played")).content
    assert 'name="seat-3-player"' in page.decode()
    assert 'value="Dora played"' in page.decode()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"why": ""}, "say why it is corrected"),
        ({"seat-0-place": "0"}, "Place: "),
        ({"seat-2-player": ""}, "name every player: seat 3 has no name"),
        ({"seat-1-player": "ann"}, "seat 2"),
        ({"title": "Catan"}, "Catan games have their own score sheet"),
        ({"game_class": "team", "seat-0-team": "red", "seat-1-team": "red", "seat-2-team": "blue"},
         "team red has both winners and losers"),
    ],
)  # fmt: skip
def test_a_bad_sheet_is_shown_again_with_the_reason(
    client: Client, club: Club, kremlin: GameRecord, change: dict[str, str], message: str
) -> None:
    client.force_login(club.referee)
    data = _sheet(why="typo") | change
    response = client.post(_url(club, kremlin), data)
    assert response.status_code == 400
    page = response.content.decode()
    assert message in page
    assert 'id="other-form"' in page
    assert f'value="{data["seat-1-player"]}"' in page  # the sheet as typed
    kremlin.refresh_from_db()
    assert kremlin.status == RecordStatus.CONFIRMED
    assert not GameRecord.objects.filter(replaces=kremlin).exists()


def test_players_may_not_correct_and_outsiders_of_a_private_league_see_nothing(
    client: Client, club: Club, kremlin: GameRecord
) -> None:
    data = _sheet(**{"seat-0-place": "3", "seat-2-place": "1"}, why="mine")
    client.force_login(club.ann)  # she played it, but did not submit it
    assert client.get(_url(club, kremlin)).status_code == 403
    assert client.post(_url(club, kremlin), data).status_code == 403
    game_page = client.get(reverse("game", args=[club.league.slug, "k1"])).content.decode()
    assert 'id="correct-result"' not in game_page
    client.force_login(club.outsider)
    assert client.post(_url(club, kremlin), data).status_code == 403
    club.league.public = False
    club.league.save()
    assert client.get(_url(club, kremlin)).status_code == 404
    assert client.post(_url(club, kremlin), data).status_code == 404
    kremlin.refresh_from_db()
    assert kremlin.status == RecordStatus.CONFIRMED
    assert not GameRecord.objects.filter(replaces=kremlin).exists()


def test_the_submitter_edits_a_pending_result_until_it_is_confirmed(
    client: Client, club: Club
) -> None:
    """Issue 14: a Carcassonne typo is fixed before the table signs, by whoever submitted it."""
    carcassonne = new_game(
        id="c1", date="2026-05-02", game="Carcassonne",
        seats=[{"player": "Ann", "place": 1, "vp": 80}, {"player": "Ben", "place": 2, "vp": 90}],
    )  # fmt: skip
    pending = services.submit_game(club.league, carcassonne, club.ann)
    client.force_login(club.ann)
    recorded = client.get(reverse("recorded", args=[club.league.slug, pending.pk])).content
    assert 'id="edit-result"' in recorded.decode()
    page = client.get(_url(club, pending)).content.decode()
    assert 'name="seat-1-score" value="90"' in page
    assert "its players sign it afresh" in page
    data = {"title": "Carcassonne", "game_class": "", "players": "2", "why": "Ben had 70"}
    data |= {"played_at": "2026-05-02T12:00", "seat-0-player": "Ann", "seat-0-place": "1"}
    data |= {"seat-0-score": "80", "seat-1-player": "Ben", "seat-1-place": "2"}
    response = client.post(_url(club, pending), data | {"seat-1-score": "70"})
    assert response.status_code == 302
    replacement = GameRecord.objects.get(replaces=pending)
    assert replacement.status == RecordStatus.SUBMITTED
    assert [seat.vp for seat in replacement.to_record().seats] == [80.0, 70.0]
    client.force_login(club.ben)  # a player of the table, but not its submitter
    assert client.get(_url(club, replacement)).status_code == 403
    assert client.post(_url(club, replacement), data | {"why": "no"}).status_code == 403
    client.force_login(club.ann)
    services.confirm(replacement, club.player("Ann"), club.ann)  # both sign it afresh
    services.confirm(replacement, club.player("Ben"), club.ben)
    replacement.refresh_from_db()
    assert replacement.status == RecordStatus.CONFIRMED
    assert client.get(_url(club, replacement)).status_code == 403


def test_a_game_the_sheet_cannot_hold_is_refused_with_a_way_forward(
    client: Client, club: Club
) -> None:
    left = new_game(
        id="k2", date="2026-05-02", game="Kremlin",
        seats=[{"player": "Ann", "place": 1}, {"player": "Ben", "place": 2},
               {"player": "Cleo", "status": "abandoned"}],
    )  # fmt: skip
    stored = services.record_game(club.league, left, club.organizer)
    client.force_login(club.referee)
    response = client.get(_url(club, stored))
    assert response.status_code == 409
    page = response.content.decode()
    assert "Cleo did not finish it as recorded" in page
    assert "correct it with the API" in page
    assert client.post(_url(club, stored), _sheet(why="x")).status_code == 409
    stored.refresh_from_db()
    assert stored.status == RecordStatus.CONFIRMED
