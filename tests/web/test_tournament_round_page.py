"""The round page at the venue: an organizer's result counts at once, a player's waits for
the table and the page says for whom, "confirm all" for organizers only; a refused sheet comes
back as typed with the field marked; a step that cannot be done is not offered, and after
Finish every step is refused."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tablerank.league.models import GameRecord, League, RecordStatus
from tablerank.league.services.tournament_rounds import round_of, seat_next_round
from tablerank.league.services.tournaments import create_tournament, register_players
from tests.web.action_helpers import Club

pytestmark = pytest.mark.django_db

NAMES = ["Ann", "Ben", "Cleo", "Dora", "Eve", "Fay"]


def seated(club: Club, *, rounds: int = 2) -> list[list[str]]:
    event = create_tournament(club.league, club.organizer, name="Cup", rounds=rounds)
    register_players(event, NAMES, club.organizer, checked_in=True)
    return [list(t.seats) for t in seat_next_round(event, club.organizer).tables]


def sheet(number: int, seats: list[str], winner: int = 0, vp: int = 10) -> dict[str, str]:
    form = {f"t{number}-vp-{i}": str(vp if i == winner else 5) for i in range(len(seats))}
    return form | {f"t{number}-winner": str(winner)}


def url(club: Club, *args: object) -> str:
    name = "tournament" if not args else "table-result" if len(args) == 2 else "tournament-step"
    return reverse(name, args=[club.league.slug, "cup", *args])


def status_of(table: int) -> str:
    return GameRecord.objects.get(external_id=f"cup-r1-t{table}").status


def test_the_organizers_word_counts_and_a_players_waits(client: Client, club: Club) -> None:
    tables = seated(club)
    mine = next(i for i, t in enumerate(tables, start=1) if "Ann" in t)
    other = next(i for i in range(1, len(tables) + 1) if i != mine)
    client.force_login(club.referee)  # an official who does not play
    assert client.post(url(club, 1, other), sheet(other, tables[other - 1])).status_code == 302
    assert status_of(other) == RecordStatus.CONFIRMED
    client.force_login(club.ann)
    assert client.post(url(club, 1, mine), sheet(mine, tables[mine - 1])).status_code == 302
    assert status_of(mine) == RecordStatus.SUBMITTED
    page = client.get(url(club)).content.decode()
    waiting = page.split('id="waiting"', 1)[1].split("</section>", 1)[0]
    tablemates = [p for p in tables[mine - 1] if p != "Ann"]
    assert f"Table {mine}</a>:" in waiting
    assert all(name in waiting for name in tablemates)  # who must confirm
    assert "Confirm all" not in waiting
    assert "Seat the next round" not in page
    for user in (club.ann, club.outsider):
        client.force_login(user)
        assert client.post(url(club, "confirm")).status_code == 403
    assert status_of(mine) == RecordStatus.SUBMITTED
    client.force_login(club.referee)
    page = client.get(url(club)).content.decode()
    assert "Confirm all" in page
    assert client.post(url(club, "confirm")).status_code == 302
    assert status_of(mine) == RecordStatus.CONFIRMED
    page = client.get(url(club)).content.decode()
    assert 'id="waiting"' not in page
    assert "Seat the next round" in page


def test_a_private_leagues_outsider_cannot_confirm(client: Client, club: Club) -> None:
    seated(club)
    League.objects.filter(pk=club.league.pk).update(public=False)
    client.force_login(club.outsider)
    assert client.post(url(club, "confirm")).status_code == 404
    assert client.get(url(club)).status_code == 404


def test_a_refused_sheet_comes_back_as_typed(client: Client, club: Club) -> None:
    tables = seated(club)
    client.force_login(club.referee)
    seats = tables[0]
    answer = client.post(url(club, 1, 1), sheet(1, seats, winner=1, vp=8))
    assert answer.status_code == 409
    body = answer.content.decode()
    assert "Not possible" not in body
    assert f"{seats[1]}: won with 8 VP" in body
    field = (
        body.split('id="id_t1-vp-1"', 1)[0].rsplit("<input", 1)[1]
        + body.split('id="id_t1-vp-1"', 1)[1].split(">", 1)[0]
    )
    assert 'value="8"' in field
    assert 'aria-invalid="true"' in field  # the field at fault is marked
    marked = body.split('id="id_t1-vp-1"', 1)[1].split("</div>", 1)[0]
    assert "won with 8 VP" in marked
    assert GameRecord.objects.filter(external_id="cup-r1-t1").count() == 0  # nothing stored
    half = {k: v for k, v in sheet(1, seats).items() if not k.endswith("-vp-0")}
    missing = client.post(url(club, 1, 1), half)
    assert missing.status_code == 400
    assert 'name="t1-vp-1" value="5"' in missing.content.decode()


def test_no_step_is_offered_that_cannot_be_done(client: Client, club: Club) -> None:
    create_tournament(club.league, club.organizer, name="Cup", rounds=1)
    client.force_login(club.organizer)
    page = client.get(url(club)).content.decode()
    assert "Seat the next round" not in page
    assert "Record the event as finished" not in page
    empty = client.post(url(club, "seat"))
    assert empty.status_code == 409
    assert "Not possible" not in empty.content.decode()
    assert 'id="refusal"' in empty.content.decode()


def test_after_finish_nothing_more_is_offered_or_done(client: Client, club: Club) -> None:
    tables = seated(club, rounds=1)
    client.force_login(club.referee)
    for number, seats in enumerate(tables, start=1):
        assert client.post(url(club, 1, number), sheet(number, seats)).status_code == 302
    page = client.get(url(club)).content.decode()
    assert "Seat the next round" not in page  # one round, no cut: nothing more to seat
    assert "Record the event as finished" in page
    assert client.post(url(club, "finish")).status_code == 302
    page = client.get(url(club)).content.decode()
    assert 'id="finished"' in page
    for offered in ("Seat the next round", "Record the event as finished", ">Drop<",
                    ">Check in<", ">Register<", "Correct this result"):  # fmt: skip
        assert offered not in page, offered
    for step in ("seat", "drop", "check-in", "register", "confirm", "finish"):
        answer = client.post(url(club, step), {"player": "Ann", "names": "Zoe"})
        assert answer.status_code == 409, (step, answer.status_code)
        body = answer.content.decode()
        assert "Not possible" not in body
        assert "Cup is finished" in body or "cup" in body.split('id="refusal"', 1)[1], step
    assert len(round_of(club.league.tournaments.get(slug="cup"), 1).tables) == len(tables)
