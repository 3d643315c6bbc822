"""Correcting a result from its game page (issue 14): the score sheet opens with the stored
game on it; submitting it with a reason voids the original and records the sheet's game in its
place (`services.correct_game`), through the same rules as the API and the CLI."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tablerank.league import services
from tablerank.league.models import GameRecord, RecordStatus
from tests.league.test_rating_state import assert_state_is_replay
from tests.web.action_helpers import Club, four_player_game, submitted

pytestmark = pytest.mark.django_db


def _url(club: Club, record: GameRecord) -> str:
    return reverse("correct", args=[club.league.slug, record.pk])


@pytest.fixture
def confirmed(club: Club) -> GameRecord:
    game = four_player_game("g1")
    stored = services.record_game(club.league, game, club.organizer)
    services.record_game(club.league, four_player_game("g2", day="2026-05-09"), club.organizer)
    return stored


def _sheet() -> dict[str, Any]:
    """What the correction page posts back untouched: the stored game (pieces: 3 cities are
    6 VP), its winner confirmed."""
    data: dict[str, Any] = {"variant": "base", "players": "4", "winner": "0", "confirm_winner": "0"}
    data |= {"played_at": "2026-05-02T20:30", "award-longest_road": "0", "award-largest_army": "2"}
    for i, (name, sources) in enumerate(
        (("Ann", {"settlements": 2, "cities": 3}), ("Ben", {"settlements": 3, "cities": 2}),
         ("Cleo", {"settlements": 4}), ("Olga", {"settlements": 5}))
    ):  # fmt: skip
        data[f"seat-{i}-player"] = name
        for key, vp in sources.items():
            data[f"seat-{i}-{key}"] = str(vp)
    return data


def test_the_game_page_offers_organizers_the_correction(
    client: Client, club: Club, confirmed: GameRecord
) -> None:
    game_page = reverse("game", args=[club.league.slug, "g1"])
    client.force_login(club.referee)
    assert _url(club, confirmed) in client.get(game_page).content.decode()
    client.force_login(club.ann)
    assert _url(club, confirmed) not in client.get(game_page).content.decode()


def test_the_sheet_opens_with_the_stored_game(
    client: Client, club: Club, confirmed: GameRecord
) -> None:
    client.force_login(club.referee)
    page = client.get(_url(club, confirmed)).content.decode()
    for name in ("Ann", "Ben", "Cleo", "Olga"):
        assert f'value="{name}"' in page
    assert 'name="seat-0-cities" value="3"' in page  # 6 VP of cities: three cities
    assert 'name="award-longest_road" value="0" checked' in page
    assert "Correct the result" in page
    assert 'name="why"' in page


def test_a_corrected_sheet_takes_the_originals_place(
    client: Client, club: Club, confirmed: GameRecord
) -> None:
    client.force_login(club.referee)
    data = _sheet() | {"seat-1-cities": "3", "why": "Ben had three cities"}
    response = client.post(_url(club, confirmed), data)
    assert response.status_code == 302
    confirmed.refresh_from_db()
    assert confirmed.status == RecordStatus.VOIDED
    assert confirmed.void_reason == "Ben had three cities"
    replacement = GameRecord.objects.get(replaces=confirmed)
    assert replacement.external_id == "g1"
    assert replacement.status == RecordStatus.CONFIRMED
    assert replacement.sequence == confirmed.sequence
    assert replacement.to_record().seats[1].vp == 9
    assert response["Location"] == reverse("recorded", args=[club.league.slug, replacement.pk])
    assert_state_is_replay(club.league)


def test_a_pending_result_is_corrected_and_signed_afresh(client: Client, club: Club) -> None:
    pending = submitted(club, club.ann)
    client.force_login(club.referee)
    data = _sheet() | {"seat-3-settlements": "4", "why": "Olga: 2 settlements"}
    assert client.post(_url(club, pending), data).status_code == 302
    replacement = GameRecord.objects.get(replaces=pending)
    assert replacement.status == RecordStatus.SUBMITTED
    assert not replacement.confirmations.filter(player__name="Ann").exists()


@pytest.mark.parametrize(
    ("change", "message"),
    [({"why": ""}, "say why it is corrected"), ({"confirm_winner": ""}, "confirm that Ann won")],
)
def test_a_correction_needs_a_reason_and_the_winner_confirmed(
    client: Client, club: Club, confirmed: GameRecord, change: dict[str, str], message: str
) -> None:
    client.force_login(club.referee)
    data = _sheet() | {"why": "typo"} | change
    response = client.post(_url(club, confirmed), data)
    assert response.status_code == 400
    assert message in response.content.decode()
    confirmed.refresh_from_db()
    assert confirmed.status == RecordStatus.CONFIRMED


def test_players_may_not_correct_and_outsiders_of_a_private_league_see_nothing(
    client: Client, club: Club, confirmed: GameRecord
) -> None:
    client.force_login(club.ann)
    assert client.get(_url(club, confirmed)).status_code == 403
    data = _sheet() | {"why": "mine"}
    assert client.post(_url(club, confirmed), data).status_code == 403
    club.league.public = False
    club.league.save()
    client.force_login(club.outsider)
    assert client.get(_url(club, confirmed)).status_code == 404
    confirmed.refresh_from_db()
    assert confirmed.status == RecordStatus.CONFIRMED


def test_a_void_result_is_refused_with_a_way_forward(
    client: Client, club: Club, confirmed: GameRecord
) -> None:
    client.force_login(club.referee)
    services.void_game(confirmed, club.referee, "wrong table")
    response = client.get(_url(club, confirmed))
    assert response.status_code == 409
    assert "g1 is void already" in response.content.decode()


def test_a_result_stored_without_a_time_keeps_its_day(
    client: Client, club: Club, confirmed: GameRecord
) -> None:
    """The API and imports store no time of day: the sheet shows the game's own day (at noon),
    not today, so a correction of its VP does not move it to today's lists."""
    assert confirmed.played_at is None
    client.force_login(club.referee)
    page = client.get(_url(club, confirmed)).content.decode()
    assert 'name="played_at" value="2026-05-02T12:00"' in page


def test_the_submitter_corrects_a_result_until_it_is_confirmed(client: Client, club: Club) -> None:
    """Issue 14: a typo is fixed before the table signs, by whoever submitted the result."""
    pending = submitted(club, club.ann)
    client.force_login(club.ann)
    game_page = client.get(reverse("game", args=[club.league.slug, "g1"])).content.decode()
    assert "Correct this result before it is signed" in game_page
    assert client.get(_url(club, pending)).status_code == 200
    data = _sheet() | {"seat-3-settlements": "4", "why": "Olga had two settlements"}
    response = client.post(_url(club, pending), data)
    assert response.status_code == 302
    replacement = GameRecord.objects.get(replaces=pending)
    assert replacement.status == RecordStatus.SUBMITTED
    recorded = client.get(response["Location"]).content.decode()
    assert 'id="edit-result"' in recorded
    client.force_login(club.ben)  # a player of the table, but not its submitter
    assert client.get(_url(club, replacement)).status_code == 403
    assert (
        "Correct this result"
        not in client.get(reverse("game", args=[club.league.slug, "g1"])).content.decode()
    )


def test_the_submitter_may_not_correct_once_confirmed_nor_bring_new_names(
    client: Client, club: Club
) -> None:
    pending = submitted(club, club.ann)
    client.force_login(club.ann)
    stranger = _sheet() | {"seat-3-player": "Zed", "why": "it was Zed"}
    response = client.post(_url(club, pending), stranger)
    assert response.status_code == 403
    assert "Zed: not a player of Bonn Catan" in response.content.decode()
    services.confirm(pending, club.player("Ben"), club.ben)
    services.confirm(pending, club.player("Cleo"), club.cleo)
    pending.refresh_from_db()
    assert pending.status == RecordStatus.CONFIRMED
    assert client.get(_url(club, pending)).status_code == 403
    assert not GameRecord.objects.filter(replaces=pending).exists()
