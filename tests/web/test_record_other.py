"""Recording a game that is not Catan from the web (issue 14): places, scores and teams, the
engine's checks in the sheet's words, and the same rules on who may submit as for Catan."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tablerank.engine.records import GameClass
from tablerank.league import queries
from tablerank.league.models import GameRecord, RecordStatus
from tests.web.action_helpers import Club

pytestmark = pytest.mark.django_db


def _url(club: Club) -> str:
    return reverse("record-other", args=[club.league.slug])


def _sheet(title: str, seats: list[dict[str, str]], **extra: str) -> dict[str, Any]:
    data: dict[str, Any] = {"title": title, "players": str(len(seats))}
    data |= {"played_at": "2026-05-02T21:00", "game_class": ""} | extra
    for i, seat in enumerate(seats):
        for part, value in seat.items():
            data[f"seat-{i}-{part}"] = value
    return data


KREMLIN = [
    {"player": "Ann", "place": "1", "score": "31"},
    {"player": "Ben", "place": "2", "score": "24"},
    {"player": "Cleo", "place": "3"},
]


def test_the_catan_sheet_links_to_the_other_games_sheet(client: Client, club: Club) -> None:
    client.force_login(club.ann)
    page = client.get(reverse("record", args=["bonn"])).content.decode()
    assert f'href="{_url(club)}"' in page
    other = client.get(_url(club)).content.decode()
    assert 'name="seat-1-place"' in other
    assert "race: every place counts" in other


def test_a_kremlin_game_by_places_is_submitted_and_rated_by_area(
    client: Client, club: Club
) -> None:
    club.league.one_official_is_enough = True
    club.league.save()
    client.force_login(club.referee)
    data = _sheet("Kremlin", KREMLIN, city="Bonn", game_class="race")
    response = client.post(_url(club), data)
    assert response.status_code == 302
    stored = GameRecord.objects.get()
    game = stored.to_record()
    assert (game.game, game.game_class, game.city) == ("Kremlin", GameClass.RACE, "Bonn")
    assert [(s.player, s.place, s.vp) for s in game.seats] == [
        ("Ann", 1, 31.0), ("Ben", 2, 24.0), ("Cleo", 3, None)
    ]  # fmt: skip
    assert stored.status == RecordStatus.CONFIRMED
    area = queries.standings(club.league, "area", queries.StandingsFilters(list_key="Kremlin"))
    assert [row.player for row in area.standings][:1] == ["Ann"]
    assert response["Location"] == reverse("recorded", args=["bonn", stored.pk])


def test_a_player_submits_their_own_game_for_signatures(client: Client, club: Club) -> None:
    client.force_login(club.ann)
    assert client.post(_url(club), _sheet("Carcassonne", KREMLIN[:2])).status_code == 302
    stored = GameRecord.objects.get()
    assert stored.status == RecordStatus.SUBMITTED
    assert stored.confirmations.filter(player__name="Ann").exists()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (_sheet("", KREMLIN), "Game: This field is required."),
        (_sheet("Kremlin", [{"player": "Ann", "place": "1"}, {"player": "", "place": "2"}]),
         "name every player: seat 2 has no name"),
        (_sheet("Kremlin", [{"player": "Ann", "place": "1"}, {"player": "ann", "place": "2"}]),
         "seat 2"),
        (_sheet("Kremlin", [{"player": "Ann", "place": "0"}, {"player": "Ben", "place": "1"}]),
         "Place: "),
        (_sheet("Catan", KREMLIN), "Catan games have their own score sheet"),
    ],
)  # fmt: skip
def test_a_bad_sheet_is_refused_with_the_reason(
    client: Client, club: Club, data: dict[str, Any], message: str
) -> None:
    client.force_login(club.referee)
    response = client.post(_url(club), data)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not GameRecord.objects.exists()


def test_a_player_cannot_bring_a_new_name_and_outsiders_cannot_record(
    client: Client, club: Club
) -> None:
    client.force_login(club.ann)
    seats = [{"player": "Ann", "place": "1"}, {"player": "Zed", "place": "2"}]
    response = client.post(_url(club), _sheet("Kremlin", seats))
    assert response.status_code == 403
    assert "Zed: not a player of Bonn Catan" in response.content.decode()
    client.force_login(club.outsider)
    assert client.get(_url(club)).status_code == 403
    assert not GameRecord.objects.exists()
