"""A tournament's tables on its event page and projector: seats in turn order, readable on a
phone and a projector; a private league's tournament stays invisible to outsiders; names are
escaped."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tablerank.league.models import League
from tablerank.league.tournament_rounds import seat_next_round
from tablerank.league.tournaments import create_tournament, register
from tests.web.action_helpers import Club

pytestmark = pytest.mark.django_db

NAMES = ["Ann", "Ben", "Cleo", "Olga", "Dora", "<b>Eve</b>", "Fay"]


def seated_event(club: Club) -> list[list[str]]:
    event = create_tournament(club.league, club.organizer, name="Spring Open", rounds=2)
    register(event, NAMES, club.organizer, checked_in=True)
    return [list(t.seats) for t in seat_next_round(event, club.organizer).tables]


def test_the_event_page_shows_who_sits_where(client: Client, club: Club) -> None:
    before = create_tournament(club.league, club.organizer, name="Autumn Cup", rounds=1)
    page = client.get(reverse("event", args=[club.league.slug, before.name]))
    assert page.status_code == 200
    assert "round 1 is not seated yet" in page.content.decode()
    tables = seated_event(club)
    body = client.get(reverse("event", args=[club.league.slug, "Spring Open"])).content.decode()
    assert "Round 1: who sits where" in body
    assert "seat 1 starts" in body
    for number, seats in enumerate(tables, start=1):
        shown = body.split(f"<h3>Table {number}</h3>", 1)[1].split("</ol>", 1)[0]
        names = [name.replace("<b>", "&lt;b&gt;").replace("</b>", "&lt;/b&gt;") for name in seats]
        assert shown.count("<li>") == len(seats)
        positions = [shown.index(f"<li>{name}</li>") for name in names]
        assert positions == sorted(positions)  # in turn order
    assert "<b>Eve</b>" not in body
    projector = client.get(reverse("event-projector", args=[club.league.slug, "Spring Open"]))
    assert projector.status_code == 200
    assert "<h3>Table 1</h3>" in projector.content.decode()


def test_a_private_leagues_tournament_is_not_found_by_outsiders(client: Client, club: Club) -> None:
    seated_event(club)
    League.objects.filter(pk=club.league.pk).update(public=False)
    for name in ("event", "event-projector"):
        url = reverse(name, args=[club.league.slug, "Spring Open"])
        assert client.get(url).status_code == 404
        client.force_login(club.outsider)
        assert client.get(url).status_code == 404
        client.force_login(club.ann)
        assert client.get(url).status_code == 200
        client.logout()
