"""A tournament's print-outs (docs/tournaments.md, "Print-outs"): the pairings A-Z by name
(accents and case set aside) with each table and seat and the byes, one label per table, one
result slip per table with the players in turn order and a line per VP source; a round that is
not seated or not a number is a 404; a private league's outsiders get 404; a finished event
still prints."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tablerank.engine.records import new_game
from tablerank.league import queries, services
from tablerank.league.models import League, Tournament
from tablerank.league.services.tournament_rounds import round_of, seat_next_round
from tablerank.league.services.tournaments import create_tournament, register_players
from tablerank.web.qr import qr_svg
from tests.web.action_helpers import Club

pytestmark = pytest.mark.django_db

NAMES = ["zoë", "Carl", "Ärne", "Bea", "adam", "dana", "Eve", "Fay", "Gus"]
A_TO_Z = ["adam", "Ärne", "Bea", "Carl", "dana", "Eve", "Fay", "Gus", "zoë"]
BASE_SOURCES = ["Settlements", "Cities", "Longest Road", "Largest Army", "Victory Point Cards"]
PAGES = ("print-pairings", "print-labels", "print-slips")


def seated(club: Club) -> Tournament:
    """Nine players at tables of 4: two tables and a bye."""
    event = create_tournament(club.league, club.organizer, name="Cup", rounds=2, sizes="4")
    register_players(event, NAMES, club.organizer, checked_in=True)
    seat_next_round(event, club.organizer)
    return event


def url(club: Club, page: str, query: str = "") -> str:
    return reverse(page, args=[club.league.slug, "cup"]) + query


def body(client: Client, address: str) -> str:
    got = client.get(address)
    assert got.status_code == 200, address
    return got.content.decode()


def test_names_sort_a_to_z_with_accents_and_case_set_aside() -> None:
    assert sorted(NAMES, key=queries.alphabetical) == A_TO_Z
    assert queries.alphabetical("Ärne") < queries.alphabetical("Arnold")
    assert queries.alphabetical("Zoë") == ("zoe", "zoë")


def test_the_pairings_list_every_entrant_a_to_z_with_table_seat_or_bye(
    client: Client, club: Club
) -> None:
    event = seated(club)
    page = body(client, url(club, "print-pairings"))  # a public league: anyone reads it
    rows = re.findall(
        r'<span class="pairing-name">(.*?)</span> <span class="pairing-where">(.*?)</span>', page
    )
    assert [name for name, _ in rows] == A_TO_Z
    where = dict(rows)
    seating = round_of(event, 1)
    assert [where[name] for name in seating.byes] == ["Bye"]
    assert page.count("pairing-bye") == 1
    for table in seating.tables:
        for seat, name in enumerate(table.seats, start=1):
            assert where[name] == f"Table {table.number} · seat {seat}"
    assert "data-print" in page
    assert "web/print.js" in page
    assert "web/print.css" in page


def test_each_table_has_a_label_and_a_slip_with_its_players_in_turn_order(
    client: Client, club: Club
) -> None:
    seating = round_of(seated(club), 1)
    labels = body(client, url(club, "print-labels"))
    slips = body(client, url(club, "print-slips"))
    assert labels.count('class="table-label"') == slips.count('class="slip"') == 2
    for table in seating.tables:
        label = labels.split(f'id="label-{table.number}"', 1)[1].split("</article>", 1)[0]
        assert f"</span> {table.number}</h2>" in label
        page = reverse("table-result", args=[club.league.slug, "cup", 1, table.number])
        assert (
            qr_svg(f"http://testserver{page}", title=f"Cup, round 1, table {table.number}") in label
        )
        assert "Cup · round 1" in label
        slip = slips.split(f'id="slip-{table.number}"', 1)[1].split("</article>", 1)[0]
        assert f"<strong>Table {table.number}</strong>" in slip
        heads = re.findall(r'<span class="slip-seat">Seat (\d)</span> (.*?)</th>', slip)
        assert heads == [(str(i), name) for i, name in enumerate(table.seats, start=1)]
        lines = re.findall(r'<tr class="slip-source"><th scope="row">(.*?)</th>', slip)
        assert lines == BASE_SOURCES
        for row in ("Total VP", "Winner", "Signature"):
            cells = slip.split(f'<th scope="row">{row}</th>', 1)[1].split("</tr>", 1)[0]
            assert cells.count("<td") == len(table.seats)
        assert "Official:" in slip
    assert seating.byes[0] not in slips


def test_a_slip_has_the_sources_of_the_variant_the_event_names(club: Club) -> None:
    event = seated(club)
    assert [s.label for s in queries.slip_sources(event)] == BASE_SOURCES
    game = new_game(
        id="cup-friendly", date="2026-05-02", game="catan", variant="cities-knights",
        event="Cup", seats=[{"player": "Ann", "vp": 13, "winner": True},
                            {"player": "Ben", "vp": 9}, {"player": "Cleo", "vp": 7}],
    )  # fmt: skip
    services.record_game(club.league, game, club.organizer)
    labels = [s.label for s in queries.slip_sources(event)]
    assert "Defender of Catan" in labels
    assert "Largest Army" not in labels


@pytest.mark.parametrize("query", ["?round=2", "?round=0", "?round=abc", "?round=-1",
                                   "?round=99999999999999999999", "?round=%C2%B2"])  # fmt: skip
def test_a_round_not_seated_or_not_a_number_is_not_found(
    client: Client, club: Club, query: str
) -> None:
    seated(club)
    for page in PAGES:
        assert client.get(url(club, page, "?round=1")).status_code == 200
        assert client.get(url(club, page, query)).status_code == 404, (page, query)


def test_before_round_one_the_pages_say_nothing_is_seated(client: Client, club: Club) -> None:
    create_tournament(club.league, club.organizer, name="Cup", rounds=1)
    for page in PAGES:
        assert "round 1 is not seated yet" in body(client, url(club, page))
    assert client.get(reverse("print-pairings", args=[club.league.slug, "nope"])).status_code == 404


def test_a_private_leagues_print_outs_are_not_found_by_outsiders(
    client: Client, club: Club
) -> None:
    seated(club)
    League.objects.filter(pk=club.league.pk).update(public=False)
    for page in PAGES:
        assert client.get(url(club, page)).status_code == 404
        client.force_login(club.outsider)
        assert client.get(url(club, page)).status_code == 404
        client.force_login(club.ann)
        assert client.get(url(club, page)).status_code == 200
        client.logout()


def test_a_finished_event_still_prints(client: Client, club: Club) -> None:
    event = Tournament.objects.get(pk=seated(club).pk)
    event.rounds = 1
    event.save(update_fields=["rounds"])
    for table in round_of(event, 1).tables:
        sheet = [{"player": p, "vp": 10 if i == 0 else 5, "winner": i == 0}
                 for i, p in enumerate(table.seats)]  # fmt: skip
        services.enter_result(event, 1, table.number, sheet, club.referee)
    services.finish_tournament(event, club.organizer)
    shown = {"print-pairings": "Table 1 · seat 1", "print-labels": 'id="label-1"',
             "print-slips": 'id="slip-1"'}  # fmt: skip
    for page, what in shown.items():
        assert what in body(client, url(club, page, "?round=1"))


def test_the_round_page_links_its_print_outs(client: Client, club: Club) -> None:
    seated(club)
    page = reverse("tournament", args=[club.league.slug, "cup"])
    client.force_login(club.organizer)
    links = body(client, page).split('id="print-outs"', 1)[1].split("</p>", 1)[0]
    assert all(url(club, name) in links for name in PAGES)
    client.force_login(club.ann)
    links = body(client, page).split('id="print-outs"', 1)[1].split("</p>", 1)[0]
    assert url(club, "print-pairings") in links
    assert url(club, "print-slips") not in links
    assert url(club, "print-labels") not in links
