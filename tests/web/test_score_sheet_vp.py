"""The score sheet shows the VP beside each count of pieces (issue 14): "Cities (2 VP each)" 3
reads "= 6 VP", drawn by the server (a fresh sheet, a sheet shown again after an error, a
stored game being corrected) and kept up to date by record.js as the count is typed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from tablerank.league import services
from tests.web.action_helpers import FOUR_AWARDS, FOUR_SEATS, Club, four_player_game, sheet

pytestmark = pytest.mark.django_db
RECORD_JS = Path(__file__).parents[2] / "src/tablerank/web/static/web/record.js"


def beside(page: str, field: str) -> str | None:
    """What the sheet shows beside the count `field` (None: no place for VP there)."""
    found = re.search(
        rf'<output class="tr-vp" id="vp-{field}" for="id_{field}">([^<]*)</output>', page
    )
    return found[1] if found else None


def signed_in(club: Club) -> Client:
    client = Client()
    client.force_login(club.ann)
    return client


def test_a_fresh_sheet_has_an_empty_place_for_the_vp_of_each_count(club: Club) -> None:
    page = signed_in(club).get(reverse("record", args=[club.league.slug])).content.decode()
    for i in range(4):
        for key in ("settlements", "cities", "vp_cards"):
            assert beside(page, f"seat-{i}-{key}") == "", (i, key)
    assert re.search(
        r'data-points="2"[^>]*name="seat-0-cities"|name="seat-0-cities"[^>]*data-points="2"', page
    )
    assert 'class="tr-seats"' in page  # the seats' grid (side by side from 900 px wide)


def test_a_sheet_shown_again_after_an_error_shows_the_vp_of_what_was_typed(club: Club) -> None:
    data = sheet(FOUR_SEATS, awards=FOUR_AWARDS)  # Ann: 2 settlements, 3 cities; no confirmation
    data |= {"seat-1-vp_cards": "2", "seat-2-cities": "2.5", "seat-3-cities": "100"}
    response = signed_in(club).post(reverse("record", args=[club.league.slug]), data)
    assert response.status_code == 400
    page = response.content.decode()
    assert 'id="problem"' in page
    assert beside(page, "seat-0-settlements") == "= 2 VP"
    assert beside(page, "seat-0-cities") == "= 6 VP"
    assert beside(page, "seat-1-cities") == "= 4 VP"
    assert beside(page, "seat-1-vp_cards") == "= 2 VP"
    assert beside(page, "seat-2-cities") == ""  # not a whole number of cities
    assert beside(page, "seat-3-cities") == ""  # more than a seat can count
    assert beside(page, "seat-2-vp_cards") == ""  # nothing typed


def test_a_count_of_vp_has_no_vp_beside_it(club: Club) -> None:
    query = {"variant": "seafarers", "players": "3", "seat-0-scenario": "3"}
    page = signed_in(club).get(reverse("record", args=[club.league.slug]), query).content.decode()
    assert 'name="seat-0-scenario"' in page
    assert beside(page, "seat-0-scenario") is None
    assert not re.search(
        r'name="seat-0-scenario"[^>]*data-points|data-points[^>]*name="seat-0-scenario"', page
    )
    assert beside(page, "seat-0-cities") == ""


def test_correcting_a_stored_game_shows_the_vp_of_its_pieces(club: Club) -> None:
    stored = services.record_game(club.league, four_player_game("g1"), club.organizer)
    client = Client()
    client.force_login(club.organizer)
    page = client.get(reverse("correct", args=[club.league.slug, stored.pk])).content.decode()
    assert beside(page, "seat-0-cities") == "= 6 VP"  # Ann's 6 VP of cities: 3 cities
    assert beside(page, "seat-3-settlements") == "= 5 VP"


def test_the_sheet_script_writes_the_same_words_as_the_server() -> None:
    script = RECORD_JS.read_text(encoding="utf-8")
    assert '"= " + Number(count) * Number(field.dataset.points) + " VP"' in script
    assert 'document.getElementById("vp-" + field.name)' in script
