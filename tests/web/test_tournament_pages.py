"""A tournament's tables on its event page and projector: seats in turn order, readable on a
phone and a projector; a private league's tournament stays invisible to outsiders; names are
escaped."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tablerank.engine.records import new_game
from tablerank.league import services
from tablerank.league.models import League
from tablerank.league.services.tournament_rounds import seat_next_round
from tablerank.league.services.tournaments import create_tournament, register_players
from tests.web.action_helpers import Club

pytestmark = pytest.mark.django_db

NAMES = ["Ann", "Ben", "Cleo", "Olga", "Dora", "<b>Eve</b>", "Fay"]


def seated_event(club: Club) -> list[list[str]]:
    event = create_tournament(club.league, club.organizer, name="Spring Open", rounds=2)
    register_players(event, NAMES, club.organizer, checked_in=True)
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
        shown = body.split(f'/rounds/1/tables/{number}/">Table {number}</a></h3>', 1)[1].split(
            "</ol>", 1
        )[0]
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


def test_an_organizer_runs_a_tournament_from_the_web(client: Client, club: Club) -> None:
    slug = club.league.slug
    client.force_login(club.organizer)
    home = client.get(reverse("league-home", args=[slug])).content.decode()
    assert reverse("tournament-new", args=[slug]) in home
    bad_form = {"name": "Cup", "rounds": 2, "table_sizes": "3,x", "scoring": "wins"}
    bad = client.post(reverse("tournament-new", args=[slug]), bad_form)
    assert bad.status_code == 400
    assert "expected sizes like 3,4" in bad.content.decode()
    made = client.post(reverse("tournament-new", args=[slug]),
                       {"name": "Cup", "rounds": 1, "cut": 0, "table_sizes": "3,4",
                        "scoring": "wins"})  # fmt: skip
    page = reverse("tournament", args=[slug, "cup"])
    assert made.status_code == 302
    assert made["Location"] == page
    step = reverse("tournament-step", args=[slug, "cup", "register"])
    client.post(step, {"names": "Ann\nBen\nCleo\nOlga\nDora\nEve", "checked_in": "on"})
    client.post(reverse("tournament-step", args=[slug, "cup", "drop"]), {"player": "Eve"})
    seated = client.post(reverse("tournament-step", args=[slug, "cup", "seat"]))
    assert seated.status_code == 302
    body = client.get(page).content.decode()
    assert "Round 1 is seated." in body
    assert "dropped after round 0" in body
    tables = seat_next_round_tables(club)
    first = tables[0]
    form = {f"t1-vp-{i}": (10 if i == 0 else 5) for i in range(len(first))} | {"t1-winner": "0"}
    entered = client.post(reverse("table-result", args=[slug, "cup", 1, 1]), form)
    assert entered.status_code == 302, entered.content.decode()
    again = client.post(reverse("table-result", args=[slug, "cup", 1, 1]), form)
    assert again.status_code == 409
    assert "has a result already" in again.content.decode()
    assert client.post(reverse("table-result", args=[slug, "cup", 1, 9]), form).status_code == 404
    early = client.post(reverse("tournament-step", args=[slug, "cup", "seat"]))
    assert early.status_code == 409
    assert "has no confirmed result yet" in early.content.decode()


def seat_next_round_tables(club: Club) -> list[list[str]]:
    from tablerank.league.services.tournament_rounds import round_of
    from tablerank.league.services.tournaments import tournament_of

    found = tournament_of(club.league, "cup", club.organizer)
    return [list(t.seats) for t in round_of(found, 1).tables]


def test_players_enter_their_table_but_do_not_run_the_event(client: Client, club: Club) -> None:
    seated_event(club)
    slug = club.league.slug
    client.force_login(club.ann)
    page = client.get(reverse("tournament", args=[slug, "spring-open"]))
    assert page.status_code == 200
    assert 'id="steps"' not in page.content.decode()
    for step in ("seat", "finish", "register", "check-in", "drop"):
        answer = client.post(reverse("tournament-step", args=[slug, "spring-open", step]),
                             {"player": "Ben", "names": "Zoe"})  # fmt: skip
        assert answer.status_code == 403, step
    client.force_login(club.outsider)
    assert client.get(reverse("tournament", args=[slug, "spring-open"])).status_code == 403
    client.logout()
    assert client.get(reverse("tournament", args=[slug, "spring-open"])).status_code == 302


def play_round(club: Club, number: int, *, winner_seat: int = 0) -> None:
    from tablerank.league.services.tournament_rounds import enter_result, round_of
    from tablerank.league.services.tournaments import tournament_of

    found = tournament_of(club.league, "spring-open", club.organizer)
    for table in round_of(found, number).tables:
        sheet = [{"player": p, "vp": 10 if i == winner_seat else 5, "winner": i == winner_seat}
                 for i, p in enumerate(table.seats)]  # fmt: skip
        enter_result(found, number, table.number, sheet, club.referee)  # confirms at once


def test_an_organizer_corrects_a_table_and_downloads_the_standings(
    client: Client, club: Club
) -> None:
    League.objects.filter(pk=club.league.pk).update(one_official_is_enough=True)
    club.league.refresh_from_db()
    tables = seated_event(club)
    play_round(club, 1)
    slug = club.league.slug
    seats = tables[0]
    form: dict[str, int | str] = {f"c1-vp-{i}": 10 if i == 1 else 5 for i in range(len(seats))}
    form |= {"c1-winner": "1", "c1-why": "the second seat won"}
    url = reverse("table-correct", args=[slug, "spring-open", 1, 1])
    client.force_login(club.ann)
    assert client.post(url, form).status_code == 403
    client.force_login(club.organizer)
    assert client.post(url, {"c1-why": "x"}).status_code == 400
    assert client.post(url, form).status_code == 302
    client.logout()
    csv_url = reverse("event-standings-csv", args=[slug, "Spring Open"])
    event_page = client.get(reverse("event", args=[slug, "Spring Open"])).content.decode()
    assert csv_url in event_page
    response = client.get(csv_url)
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert 'filename="Spring-Open-standings.csv"' in response["Content-Disposition"]
    lines = response.content.decode().splitlines()
    assert lines[0].startswith("player,rank,games,abandoned,wins,vp")
    assert len(lines) == 1 + len(NAMES)
    winners = {t[0] for t in tables[1:]} | {seats[1]}
    assert {line.split(",")[0] for line in lines[1 : 1 + len(winners)]} == winners
    assert client.get(reverse("event-standings-csv", args=[slug, "No Cup"])).status_code == 404


def test_a_game_of_the_event_that_is_no_tables_result_leaves_the_page_working(
    client: Client, club: Club
) -> None:
    """A game recorded some other way with the event and round, whose id starts like a
    table's, is no table's result (the event page was a 500 for everyone)."""
    seated_event(club)
    seats = [{"player": "Ann", "vp": 10, "winner": True}, {"player": "Ben", "vp": 5},
             {"player": "Cleo", "vp": 4}]  # fmt: skip
    stray = new_game(id="spring-open-r1-tx", date="2026-05-02", event="Spring Open", round=1,
                     seats=seats)  # fmt: skip
    services.record_game(club.league, stray, club.organizer)
    page = client.get(reverse("event", args=[club.league.slug, "Spring Open"]))
    assert page.status_code == 200
    assert "Round 1: who sits where" in page.content.decode()
