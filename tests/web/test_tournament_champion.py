"""The right champion on every page: a 13-player event, a cut of 4 straight to a final won by
the 4th seed (and a semifinal format), on the event page, the projector, its CSV and the
recorded event after Finish from the web."""

from __future__ import annotations

import html

import pytest
from django.test import Client
from django.urls import reverse

from tablerank.league import queries
from tablerank.league.models import League, Tournament
from tablerank.league.services.tournament_rounds import enter_result, seat_next_round
from tablerank.league.services.tournaments import create_tournament, register_players
from tests.web.action_helpers import Club

pytestmark = pytest.mark.django_db

THIRTEEN = [f"<i>{name}</i>" for name in
            ("Ann", "Ben", "Cleo", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivo", "Jo", "Kai",
             "Lu", "Mo")]  # fmt: skip


def play(club: Club, event: Tournament, *, winner: int = 0) -> list[list[str]]:
    """Seat the next round and enter every table: seat `winner` wins with 10, the others
    follow by their seat with 8, 7, 6."""
    seated = seat_next_round(event, club.organizer)
    for table in seated.tables:
        order = [table.seats[winner], *(p for i, p in enumerate(table.seats) if i != winner)]
        sheet = [{"player": p, "vp": 10 if i == 0 else 9 - i, "winner": i == 0}
                 for i, p in enumerate(order)]  # fmt: skip
        enter_result(event, seated.number, table.number, sheet, club.referee)
    return [list(t.seats) for t in seated.tables]


def run_event(club: Club, players: list[str], *, cut: int, final_winner: int) -> list[str]:
    """Three Swiss rounds, the cut, and its final won by seat `final_winner` (the seats are
    in seed order); the final's seats."""
    League.objects.filter(pk=club.league.pk).update(one_official_is_enough=True)
    club.league.refresh_from_db()
    event = create_tournament(club.league, club.organizer, name="Qualifier", rounds=3, cut=cut)
    register_players(event, players, club.organizer, checked_in=True)
    for _ in range(3):
        play(club, event)
    if cut > 4:
        play(club, event, winner=3)  # 16 at four tables of 4: the lowest seeds win
    return play(club, event, winner=final_winner)[0]


def first_row(body: str) -> str:
    """The player of the first row of the event's standings table."""
    table = body.split('class="standings event-table"', 1)[1]
    row = table.split('<tr class="rank-1">', 1)[1].split("</tr>", 1)[0]
    return row.split('class="col-player">', 1)[1].split("</td>", 1)[0]


def test_the_fourth_seed_who_wins_the_final_is_first_everywhere(client: Client, club: Club) -> None:
    seats = run_event(club, THIRTEEN, cut=4, final_winner=3)
    fourth = seats[3]
    shown = html.escape(fourth)
    slug = club.league.slug
    for url in (reverse("event", args=[slug, "Qualifier"]),
                reverse("event-projector", args=[slug, "Qualifier"])):  # fmt: skip
        body = client.get(url).content.decode()
        assert shown in first_row(body), url  # not the best Swiss record: seats[0]
        banner = body.split('id="champion"', 1)[1].split("</section>", 1)[0]
        assert f'<strong class="champion-name">{shown}</strong>' in banner
        assert fourth not in body  # escaped everywhere
        assert "The final's table first, then the final's order" in body
    partial = client.get(reverse("event-projector", args=[slug, "Qualifier"]),
                         headers={"HX-Request": "true"}).content.decode()  # fmt: skip
    assert shown in first_row(partial)
    csv = client.get(reverse("event-standings-csv", args=[slug, "Qualifier"])).content.decode()
    assert csv.splitlines()[1].startswith(fourth)

    client.force_login(club.organizer)
    done = client.post(reverse("tournament-step", args=[slug, "qualifier", "finish"]))
    assert done.status_code == 302
    record = queries.recorded_event(club.league, ["qualifier"])
    assert record is not None
    order = queries.final_order(record)
    assert order[0] == fourth
    assert order[:4] == [fourth, *seats[:3]]  # the final's places: 8, 7, 6 VP
    client.logout()
    body = client.get(reverse("event", args=[slug, "Qualifier"])).content.decode()
    final = body.split('id="final-heading"', 1)[1]
    assert final.index(shown) < min(final.index(html.escape(p)) for p in seats[:3])


def test_no_champion_before_the_final_is_confirmed(client: Client, club: Club) -> None:
    League.objects.filter(pk=club.league.pk).update(one_official_is_enough=True)
    club.league.refresh_from_db()
    event = create_tournament(club.league, club.organizer, name="Qualifier", rounds=1, cut=4)
    register_players(event, THIRTEEN[:8], club.organizer, checked_in=True)
    play(club, event)
    seat_next_round(event, club.organizer)
    body = client.get(reverse("event", args=[club.league.slug, "Qualifier"])).content.decode()
    assert 'id="champion"' not in body
    assert "Final: who sits where" in body


def test_a_semifinal_format_puts_the_finals_winner_first(client: Client, club: Club) -> None:
    players = [f"Player {i:02d}" for i in range(1, 17)]
    seats = run_event(club, players, cut=16, final_winner=2)
    slug = club.league.slug
    body = client.get(reverse("event-projector", args=[slug, "Qualifier"])).content.decode()
    assert seats[2] in first_row(body)
    assert f'<strong class="champion-name">{seats[2]}</strong>' in body
    api = client.get(f"/api/leagues/{slug}/tournaments/qualifier/standings").json()
    assert [row["player"] for row in api["standings"][:4]] == [seats[2], seats[0], seats[1],
                                                               seats[3]]  # fmt: skip
    assert [row["separated_by"] for row in api["standings"][3:6]] == ["final", "final",
                                                                      "semifinal"]  # fmt: skip
