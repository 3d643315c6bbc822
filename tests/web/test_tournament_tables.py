"""A tournament's table from a phone (issue 42, items 4 and 8): a player opens their table,
enters its result, and each tablemate signs it off from their own phone; an organizer's entry
takes them on to the round's next open table; the organizer confirms on their word or corrects
a disputed table, which the round page flags; players are checked in by a tap (htmx) or all at
once; late entries are seated from the next round; drops are marked in the standings."""

from __future__ import annotations

import html

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tablerank.league.models import Entrant, GameRecord, League, Player, RecordStatus
from tablerank.league.services.tournament_rounds import seat_next_round
from tablerank.league.services.tournaments import (
    create_tournament,
    drop_player,
    register_players,
)
from tests.web.action_helpers import Club, account

pytestmark = pytest.mark.django_db

NAMES = ["Ann", "Ben", "Cleo", "Dora", "Eve", "Fay"]
HTMX = {"HX-Request": "true"}


def seated(club: Club) -> list[list[str]]:
    """Round 1 of "Cup" seated, every player with an account (`users`)."""
    event = create_tournament(club.league, club.organizer, name="Cup", rounds=2)
    register_players(event, NAMES, club.organizer, checked_in=True)
    for name in ("Dora", "Eve", "Fay"):
        Player.objects.filter(league=club.league, key=name.casefold()).update(
            user=account(f"bonn-{name.casefold()}")
        )
    return [list(t.seats) for t in seat_next_round(event, club.organizer).tables]


def user(name: str) -> User:
    return User.objects.get(username=f"bonn-{name.casefold()}")


def sheet(table: int, seats: list[str], winner: int = 0, vp: int = 10) -> dict[str, str]:
    form = {f"t{table}-vp-{i}": str(vp if i == winner else 5) for i in range(len(seats))}
    return form | {f"t{table}-winner": str(winner)}


def table_url(club: Club, table: int, name: str = "table-result", number: int = 1) -> str:
    return reverse(name, args=[club.league.slug, "cup", number, table])


def step_url(club: Club, step: str = "") -> str:
    if not step:
        return reverse("tournament", args=[club.league.slug, "cup"])
    return reverse("tournament-step", args=[club.league.slug, "cup", step])


def record(table: int) -> GameRecord:
    return GameRecord.objects.exclude(status=RecordStatus.VOIDED).get(
        external_id=f"cup-r1-t{table}"
    )


def test_a_player_reports_and_each_tablemate_signs_off(client: Client, club: Club) -> None:
    tables = seated(club)
    first, *mates = tables[0]
    client.force_login(user(first))
    page = client.get(table_url(club, 1))
    assert page.status_code == 200
    body = page.content.decode()
    assert "Enter the table's result" in body
    assert body.index(first) < body.index(mates[0]) < body.index(mates[1])  # turn order
    answer = client.post(table_url(club, 1), sheet(1, tables[0]) | {"back": "table"})
    assert answer.status_code == 302
    assert answer["Location"] == table_url(club, 1)  # a player sees their table again
    body = client.get(answer["Location"]).content.decode()
    assert "the result is in" in body
    assert all(name in body.split('id="table-result"', 1)[1] for name in mates)  # who signs
    assert record(1).status == RecordStatus.SUBMITTED
    for mate in mates:
        client.force_login(user(mate))
        body = client.get(table_url(club, 1)).content.decode()
        assert ">Confirm</button>" in body  # their own sign-off, on their phone
        pk = record(1).pk
        mine = Player.objects.get(league=club.league, key=mate.casefold()).pk
        signed = client.post(reverse("inbox-confirm", args=[pk]), {"player": mine}, headers=HTMX)
        assert signed.status_code == 200
    assert record(1).status == RecordStatus.CONFIRMED
    round_page = client.get(step_url(club)).content.decode()
    assert "Table 1</a>:" not in round_page.split('id="waiting"', 1)[-1]


def test_an_organizer_goes_on_to_the_next_open_table(client: Client, club: Club) -> None:
    tables = seated(club)
    client.force_login(club.referee)
    answer = client.post(table_url(club, 1), sheet(1, tables[0]))
    assert answer.status_code == 302
    assert answer["Location"] == step_url(club) + "#table-2"
    assert record(1).status == RecordStatus.CONFIRMED  # the organizer's word
    page = client.get(answer["Location"]).content.decode()
    assert "Round 1, table 1: the result is in" in page
    answer = client.post(table_url(club, 2), sheet(2, tables[1]))
    assert answer["Location"] == step_url(club) + "#tournament-steps"
    assert "Seat the next round" in client.get(step_url(club)).content.decode()


def test_who_may_not_enter_a_tables_result_is_refused(client: Client, club: Club) -> None:
    tables = seated(club)
    stranger = next(name for name in tables[1] if name not in tables[0])
    client.force_login(user(stranger))
    body = client.get(table_url(club, 1)).content.decode()
    assert "Enter the table's result" not in body
    assert "a player at this table or an organizer enters it" in body
    refused = client.post(table_url(club, 1), sheet(1, tables[0]) | {"back": "table"})
    assert refused.status_code == 403
    assert "neither plays in" in refused.content.decode()  # says why, on the table's page
    assert not GameRecord.objects.filter(external_id="cup-r1-t1").exists()
    client.force_login(club.outsider)  # no role in the league
    assert client.get(table_url(club, 1)).status_code == 403
    League.objects.filter(pk=club.league.pk).update(public=False)
    assert client.get(table_url(club, 1)).status_code == 404  # a private league's outsider
    client.force_login(club.referee)
    assert client.get(table_url(club, 9)).status_code == 404  # no such table
    assert client.get(table_url(club, 1, number=2)).status_code == 404  # round not seated


def test_the_organizer_confirms_on_their_word_or_corrects_a_dispute(
    client: Client, club: Club
) -> None:
    tables = seated(club)
    client.force_login(user(tables[0][0]))
    client.post(table_url(club, 1), sheet(1, tables[0]))
    confirm = table_url(club, 1, "table-confirm")
    assert client.post(confirm).status_code == 403  # a player's word is not the organizer's
    client.force_login(club.referee)
    assert client.post(table_url(club, 2, "table-confirm")).status_code == 409  # no result yet
    assert "Confirm on my word" in client.get(table_url(club, 1)).content.decode()
    assert client.post(confirm).status_code == 302
    assert record(1).status == RecordStatus.CONFIRMED
    again = client.post(confirm)
    assert again.status_code == 409
    assert "confirmed already" in again.content.decode()
    client.force_login(user(tables[1][0]))
    client.post(table_url(club, 2), sheet(2, tables[1]))
    mate = tables[1][1]
    client.force_login(user(mate))
    pk, mine = record(2).pk, Player.objects.get(league=club.league, key=mate.casefold()).pk
    client.post(reverse("inbox-dispute", args=[pk]), {"player": mine, "why": "I had 9"})
    assert record(2).status == RecordStatus.DISPUTED
    client.force_login(club.referee)
    page = client.get(step_url(club)).content.decode()
    assert "flag-disputed" in page.split('id="waiting"', 1)[1].split("</section>", 1)[0]
    refused = client.post(table_url(club, 2, "table-confirm"))
    assert refused.status_code == 409
    assert "correct it" in refused.content.decode()
    assert '<details class="correction" open>' in refused.content.decode()
    bad = client.post(table_url(club, 2, "table-correct"), {"c2-why": "sheet"})
    assert bad.status_code == 400
    fixed = {k.replace("t2-", "c2-"): v for k, v in sheet(2, tables[1], winner=1).items()}
    done = client.post(table_url(club, 2, "table-correct"), fixed | {"c2-why": "9 VP for her"})
    assert done.status_code == 302
    assert done["Location"] == table_url(club, 2)
    assert record(2).status == RecordStatus.CONFIRMED


def test_check_in_by_tap_and_everyone_at_once(client: Client, club: Club) -> None:
    event = create_tournament(club.league, club.organizer, name="Cup", rounds=1)
    register_players(event, NAMES, club.organizer)
    client.force_login(club.organizer)
    page = client.get(step_url(club)).content.decode()
    assert "Check in everyone registered (6)" in page
    assert "Nothing to seat yet" in page
    tapped = client.post(step_url(club, "check-in"), {"player": "Ann"}, headers=HTMX)
    assert tapped.status_code == 200
    part = tapped.content.decode()
    assert part.lstrip().startswith('<section class="tr-card" id="entrants">')  # no page
    assert "Check in everyone registered (5)" in part
    assert 'id="tournament-steps" hx-swap-oob="true"' in part
    assert Entrant.objects.get(tournament=event, player__key="ann").checked_in
    drop_player(event, "Ben", club.organizer)
    again = client.post(step_url(club, "check-in"), {"player": "Ben"}, headers=HTMX)
    assert again.status_code == 409
    assert "Ben dropped after round 0" in again.content.decode()
    client.force_login(club.ann)
    assert client.post(step_url(club, "check-in-everyone")).status_code == 403
    tap = client.post(step_url(club, "check-in"), {"player": "Cleo"}, headers=HTMX)
    assert tap.status_code == 403
    client.force_login(club.organizer)
    answer = client.post(step_url(club, "check-in-everyone"))
    assert answer.status_code == 302
    present = Entrant.objects.filter(tournament=event, checked_in=True, dropped_after=None)
    assert present.count() == 5  # Ben stays dropped
    page = client.get(step_url(club)).content.decode()
    assert "4 players checked in." in page
    assert "Check in everyone registered" not in page
    assert "Seat the next round" in page


def test_a_late_entry_is_seated_from_the_next_round(client: Client, club: Club) -> None:
    tables = seated(club)
    client.force_login(club.referee)
    for number, seats in enumerate(tables, start=1):
        client.post(table_url(club, number), sheet(number, seats))
    page = client.get(step_url(club)).content.decode()
    assert "seated from round 2 on" in page
    answer = client.post(step_url(club, "register"), {"names": "Gus", "checked_in": "on"})
    assert answer.status_code == 302
    assert client.post(step_url(club, "seat")).status_code == 302
    page = client.get(step_url(club)).content.decode()
    assert "Round 2: who sits where" in page
    assert "<li>Gus</li>" in page.split('class="seating"', 1)[1].split("</section>", 1)[0]


def test_a_dropped_player_is_marked_in_the_standings(client: Client, club: Club) -> None:
    tables = seated(club)
    client.force_login(club.referee)
    for number, seats in enumerate(tables, start=1):
        client.post(table_url(club, number), sheet(number, seats))
    client.post(step_url(club, "drop"), {"player": "Fay"})
    for name in ("event", "event-projector"):
        body = client.get(reverse(name, args=[club.league.slug, "Cup"])).content.decode()
        standings = body.split('class="standings event-table"', 1)[1].split("</table>", 1)[0]
        rows = {r.split('class="col-player">', 1)[1][:40]: r for r in standings.split("<tr")[2:]}
        fay = next(row for start, row in rows.items() if "Fay" in start)
        ann = next(row for start, row in rows.items() if "Ann" in start)
        assert "dropped after round 1" in fay
        assert "dropped" not in ann


def test_friends_are_kept_apart_once_registered(client: Client, club: Club) -> None:
    event = create_tournament(club.league, club.organizer, name="Cup", rounds=2)
    register_players(event, NAMES, club.organizer, checked_in=True)
    client.force_login(club.ann)
    assert client.post(step_url(club, "keep-apart"), {"keep_apart": "Ann, Ben"}).status_code == 403
    client.force_login(club.organizer)
    bad = client.post(step_url(club, "keep-apart"), {"keep_apart": "Ann, Ben\nCleo, Zoe"})
    assert bad.status_code == 409
    body = html.unescape(bad.content.decode())
    assert "line 2: 'Zoe' is neither an entrant nor a player" in body
    assert ">Ann, Ben\nCleo, Zoe</textarea>" in body  # what was typed is kept
    done = client.post(step_url(club, "keep-apart"), {"keep_apart": "ann, BEN\nCleo, Dora"})
    assert done.status_code == 302
    event.refresh_from_db()
    assert event.keep_apart == "Ann, Ben\nCleo, Dora"  # as the league spells them
    seated = seat_next_round(event, club.organizer)
    for group in ({"Ann", "Ben"}, {"Cleo", "Dora"}):
        assert all(len(group & set(t.seats)) <= 1 for t in seated.tables)
    page = client.get(step_url(club)).content.decode()
    assert ">Ann, Ben\nCleo, Dora</textarea>" in page
