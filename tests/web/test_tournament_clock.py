"""The round's clock on the web (docs/tournaments.md, "The projector"): an organizer starts,
pauses, resumes, extends and resets it on the round page; players and outsiders may not; a
private league's outsider gets 404; after Finish it is refused. The projector and the round
page show it with the QR code to the event's page."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tablerank.league.models import League, RoundClock
from tablerank.league.services.tournament_rounds import seat_next_round
from tablerank.league.services.tournaments import create_tournament, register_players
from tablerank.web.qr import qr_svg
from tests.web.action_helpers import Club

pytestmark = pytest.mark.django_db

NAMES = ["Ann", "Ben", "Cleo", "Dora", "Eve", "Fay", "Gus"]


@pytest.fixture
def cup(club: Club) -> list[list[str]]:
    event = create_tournament(club.league, club.organizer, name="Spring Cup", rounds=1)
    register_players(event, NAMES, club.organizer, checked_in=True)
    return [list(t.seats) for t in seat_next_round(event, club.organizer).tables]


def step(club: Club, name: str) -> str:
    return reverse("clock-step", args=[club.league.slug, "spring-cup", name])


def round_page(client: Client, club: Club) -> str:
    answer = client.get(reverse("tournament", args=[club.league.slug, "spring-cup"]))
    assert answer.status_code == 200
    return answer.content.decode()


def projector(client: Client, club: Club, **headers: str) -> str:
    answer = client.get(reverse("event-projector", args=[club.league.slug, "Spring Cup"]),
                        headers=headers)  # fmt: skip
    assert answer.status_code == 200
    return answer.content.decode()


def shown_seconds(page: str) -> float:
    found = re.search(r'id="clock-time" role="timer" data-clock-seconds="(-?[\d.]+)"', page)
    assert found, page
    return float(found.group(1))


def test_an_organizer_runs_the_clock_from_the_round_page(
    client: Client, club: Club, cup: list[list[str]]
) -> None:
    client.force_login(club.referee)
    page = round_page(client, club)
    assert "Start the clock" in page
    assert "not started" in page
    started = client.post(step(club, "start"), {"minutes": "45"})
    assert started.status_code == 302
    assert started["Location"].endswith("/tournaments/spring-cup/#clock")
    page = round_page(client, club)
    assert 44 * 60 < shown_seconds(page) <= 45 * 60
    assert 'data-clock-paused="false"' in page
    assert ">Pause<" in page
    assert "Start the clock" not in page
    assert client.post(step(club, "pause")).status_code == 302
    page = round_page(client, club)
    assert 'data-clock-paused="true"' in page
    assert ">Resume<" in page
    paused = shown_seconds(page)
    assert client.post(step(club, "extend")).status_code == 302
    assert shown_seconds(round_page(client, club)) == pytest.approx(paused + 300)
    assert client.post(step(club, "resume")).status_code == 302
    assert client.post(step(club, "extend"), {"table": "2"}).status_code == 302
    page = round_page(client, club)
    assert 'id="clock-table-2"' in page
    assert "+5 min" in page
    assert client.post(step(club, "reset")).status_code == 302
    assert not RoundClock.objects.exists()


def test_the_projector_shows_the_clock_and_the_qr_code(
    client: Client, club: Club, cup: list[list[str]]
) -> None:
    page = projector(client, club)
    assert "not started" in page
    assert 'class="qr"' in page
    assert "http://testserver/l/bonn/events/Spring%20Cup" in page
    assert "web/clock.js" in page
    client.force_login(club.organizer)
    client.post(step(club, "start"), {"minutes": "90"})
    client.post(step(club, "extend"), {"table": "1"})
    client.logout()
    board = projector(client, club, HX_Request="true")  # the board's own refresh
    assert 89 * 60 < shown_seconds(board) <= 95 * 60
    assert 'id="clock-table-1"' in board
    assert 'class="qr"' in board
    alone = client.get(reverse("tournament-clock", args=["bonn", "spring-cup"]))
    assert alone.status_code == 200
    assert "no-cache" in alone["Cache-Control"]
    assert 'hx-trigger="every 5s"' in alone.content.decode()


def test_the_round_page_shows_the_qr_code_to_organizers_only(
    client: Client, club: Club, cup: list[list[str]]
) -> None:
    client.force_login(club.ann)
    page = round_page(client, club)
    assert 'id="round-clock"' in page
    assert 'class="qr"' not in page
    assert "Start the clock" not in page
    client.force_login(club.organizer)
    assert 'class="qr"' in round_page(client, club)


def test_players_and_outsiders_may_not_run_the_clock(
    client: Client, club: Club, cup: list[list[str]]
) -> None:
    for user in (club.ann, club.outsider):
        client.force_login(user)
        assert client.post(step(club, "start")).status_code == 403
    assert not RoundClock.objects.exists()
    League.objects.filter(pk=club.league.pk).update(public=False)
    client.force_login(club.outsider)
    assert client.post(step(club, "start")).status_code == 404
    for name in ("tournament-clock", "tournament-qr"):
        assert client.get(reverse(name, args=["bonn", "spring-cup"])).status_code == 404
    client.force_login(club.ann)
    assert client.get(reverse("tournament-qr", args=["bonn", "spring-cup"])).status_code == 200


def test_a_refused_step_says_why(client: Client, club: Club, cup: list[list[str]]) -> None:
    client.force_login(club.organizer)
    refused = client.post(step(club, "pause"))
    assert refused.status_code == 409
    assert "clock is not started" in refused.content.decode()
    assert client.post(step(club, "start"), {"minutes": "0"}).status_code == 409
    assert client.post(step(club, "start"), {"minutes": "ninety"}).status_code == 409
    assert client.post(step(club, "start")).status_code == 302  # 90 minutes
    again = client.post(step(club, "start"))
    assert again.status_code == 409
    assert "started already" in again.content.decode()
    assert client.post(step(club, "extend"), {"table": "9"}).status_code == 409
    assert client.post(step(club, "wind")).status_code == 404


def test_after_finish_the_clock_takes_no_more_steps(
    client: Client, club: Club, cup: list[list[str]]
) -> None:
    client.force_login(club.referee)
    client.post(step(club, "start"))
    for number, seats in enumerate(cup, start=1):
        sheet = {f"t{number}-vp-{i}": "10" if i == 0 else "5" for i in range(len(seats))}
        url = reverse("table-result", args=["bonn", "spring-cup", 1, number])
        assert client.post(url, sheet | {f"t{number}-winner": "0"}).status_code == 302
    finish = reverse("tournament-step", args=["bonn", "spring-cup", "finish"])
    assert client.post(finish).status_code == 302
    assert ">Pause<" not in round_page(client, club)
    for name in ("pause", "extend", "reset", "start"):
        answer = client.post(step(club, name))
        assert answer.status_code == 409, name
        assert "Spring Cup is finished" in answer.content.decode()


def test_the_qr_code_is_an_svg_of_the_event_page(
    client: Client, club: Club, cup: list[list[str]]
) -> None:
    answer = client.get(reverse("tournament-qr", args=["bonn", "spring-cup"]))
    assert answer.status_code == 200
    assert answer["Content-Type"] == "image/svg+xml"
    body = answer.content.decode()
    assert body.startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox=')
    address = "http://testserver/l/bonn/events/Spring%20Cup"  # absolute: a phone opens it
    assert body == qr_svg(address, title="Spring Cup: the event's page")
    assert body != qr_svg("/l/bonn/events/Spring%20Cup", title="Spring Cup: the event's page")


def test_the_event_page_the_qr_code_opens_shows_the_clock(
    client: Client, club: Club, cup: list[list[str]]
) -> None:
    event_page = reverse("event", args=[club.league.slug, "Spring Cup"])
    page = client.get(event_page).content.decode()
    assert 'id="round-clock"' in page
    assert "not started" in page
    client.force_login(club.organizer)
    client.post(step(club, "start"), {"minutes": "60"})
    client.logout()
    page = client.get(event_page).content.decode()  # a visitor's phone, signed out
    assert 59 * 60 < shown_seconds(page) <= 60 * 60
    assert "web/clock.js" in page
