"""Recording a game on the web, the verification inbox and the league settings (Django's test
client): every view, and every way each one refuses."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from tablerank.catan.validation import validate_game
from tablerank.catan.variants import VARIANTS
from tablerank.engine.records import new_game
from tablerank.engine.systems import SYSTEMS, get_system
from tablerank.league import queries, services
from tablerank.league.models import (
    Confirmation,
    GameRecord,
    League,
    Player,
    RatingState,
    RecordStatus,
    Verdict,
)
from tablerank.web.templatetags.tablerank_web import signed, system_label
from tests.web.action_helpers import (
    FOUR_AWARDS,
    FOUR_SEATS,
    Club,
    four_player_game,
    make_club,
    sheet,
    submitted,
)

HTMX = {"HX-Request": "true"}


def capfirst(words: str) -> str:
    return words[:1].upper() + words[1:]


def signed_in(client: Client, user: Any) -> Client:
    client.force_login(user)
    return client


def text(response: Any) -> str:
    return str(response.content.decode())


def record_url(club: Club) -> str:
    return reverse("record", args=[club.league.slug])


def check_url(club: Club) -> str:
    return reverse("record-check", args=[club.league.slug])


# -- the score sheet -----------------------------------------------------------------------------


@pytest.mark.parametrize("count", ["²", "①", "9" * 5000])
def test_a_count_that_is_not_plain_digits_is_refused_not_a_crash(
    client: Client, club: Club, count: str
) -> None:
    """A count "²" passes `str.isdigit` and `int` refuses it, as it refuses 5,000 digits:
    the page, the live check and the submitted sheet say the count is wrong."""
    data = sheet(FOUR_SEATS) | {"seat-0-settlements": count}
    signed_in(client, club.ann)
    before = GameRecord.objects.count()
    assert client.get(record_url(club), data).status_code == 200
    check = client.post(check_url(club), data, headers=HTMX)
    assert check.status_code == 200
    assert "Settlements" in text(check)
    submitted_sheet = client.post(record_url(club), data)
    assert submitted_sheet.status_code == 400
    assert GameRecord.objects.count() == before


@pytest.mark.parametrize("played_at", ["2150-05-01T10:00", "1899-12-31T20:00"])
def test_a_catan_sheet_played_outside_the_records_years_is_refused_on_the_sheet(
    client: Client, club: Club, played_at: str
) -> None:
    signed_in(client, club.ann)
    before = GameRecord.objects.count()
    data = sheet(FOUR_SEATS, played_at=played_at)
    check = client.post(check_url(club), data, headers=HTMX)
    assert check.status_code == 200
    assert f"{played_at[:10]} is outside 1900-01-01 to 2100-12-31" in text(check)
    refused = client.post(record_url(club), data)
    assert refused.status_code == 400
    assert GameRecord.objects.count() == before


def test_the_sheet_shows_the_variant_sources_per_seat_and_awards_across_the_table(
    client: Client, club: Club
) -> None:
    page = text(signed_in(client, club.ann).get(record_url(club)))
    base = VARIANTS["base"]
    for source in base.sources:
        assert source.label in page
    for i in range(4):
        assert f'name="seat-{i}-player"' in page
        assert f'name="seat-{i}-settlements"' in page
        assert f'name="seat-{i}-longest_road"' not in page  # an award: chosen once per table
    assert page.count('name="award-longest_road"') == 5  # nobody, or one of four seats
    assert f'hx-post="{check_url(club)}"' in page
    for name in ("Ann", "Ben", "Cleo", "Dora", "Olga"):
        assert f'<option value="{name}">' in page


def test_changing_the_variant_and_table_size_redraws_the_sheet_keeping_what_was_typed(
    client: Client, club: Club
) -> None:
    query = {"variant": "cities-knights", "players": "3", "seat-0-player": "Ann"}
    page = text(signed_in(client, club.ann).get(record_url(club), query))
    assert 'name="seat-2-player"' in page
    assert 'name="seat-3-player"' not in page
    assert 'name="award-politics_metropolis"' in page
    assert 'name="seat-0-progress_cards"' in page
    assert "Largest Army" not in page  # "'Largest Army' card is NOT used in Cities & Knights"
    assert 'value="Ann"' in page


def test_an_unknown_variant_or_table_size_falls_back_to_a_four_player_base_sheet(
    client: Client, club: Club
) -> None:
    query = {"variant": "cities-pirates", "players": "99"}
    response = signed_in(client, club.ann).get(record_url(club), query)
    page = text(response)
    assert response.status_code == 200
    assert 'name="seat-3-player"' in page
    assert 'name="seat-4-player"' not in page
    assert "Select a valid choice. cities-pirates is not one of the available choices." in page


def test_the_live_check_totals_each_seat_and_derives_the_winner(client: Client, club: Club) -> None:
    data = sheet(FOUR_SEATS, awards=FOUR_AWARDS)
    response = signed_in(client, club.ann).post(check_url(club), data, headers=HTMX)
    page = text(response)
    assert response.status_code == 200
    totals = dict(re.findall(r'id="total-(\d)">([^<]*)<', page))
    assert totals == {"0": "10", "1": "7", "2": "6", "3": "5"}
    assert "Highest VP reaching the target of 10: Ann." in page
    assert 'name="confirm_winner" value="0"' in page
    assert "The sheet checks out" in page
    # The awards' and the winner's choices take the typed names (out-of-band swaps).
    assert '<span id="name-longest_road-1" hx-swap-oob="true">Ben</span>' in page
    assert '<span id="name-winner-3" hx-swap-oob="true">Olga</span>' in page
    assert 'id="seat-total-0" hx-swap-oob="true">· 10 VP</span>' in page


def test_the_live_check_shows_skills_chances_for_the_seated_table(
    client: Client, club: Club
) -> None:
    data = sheet(FOUR_SEATS, awards=FOUR_AWARDS)
    page = text(signed_in(client, club.ann).post(check_url(club), data, headers=HTMX))
    odds = queries.predict(club.league, tuple(name for name, _ in FOUR_SEATS), "skill", "catan")
    shown = page.split('id="sheet-odds">', 1)[1].split("</p>", 1)[0]
    assert shown.startswith("Chances before the game (skill): ")
    for o in odds:
        assert f"{o.player} {100 * o.win_probability:.1f}\u202f%" in shown
    club.league.systems = ["cow.elo"]
    club.league.save()
    without = text(signed_in(client, club.ann).post(check_url(club), data, headers=HTMX))
    assert 'id="sheet-odds"' not in without


def test_the_live_check_shows_the_engines_validation_messages(client: Client, club: Club) -> None:
    seats = [*FOUR_SEATS[:3], ("Olga", {"settlements": 3, "cities": 12})]
    page = text(signed_in(client, club.ann).post(check_url(club), sheet(seats)))
    game = new_game(
        id="x",
        date="2026-05-02",
        seats=[{"player": n, "sources": s, "winner": n == "Olga"} for n, s in seats],
    )
    expected = validate_game(game)
    assert expected.errors  # over the maximum of 8 cities' VP
    for message in expected.errors + expected.warnings:
        assert message.replace("'", "&#x27;") in page
    assert "The sheet checks out" not in page


def test_without_anyone_reaching_the_target_there_is_no_winner_to_confirm(
    client: Client, club: Club
) -> None:
    seats = [("Ann", {"settlements": 3}), ("Ben", {"settlements": 2}), ("Cleo", {})]
    page = text(signed_in(client, club.ann).post(check_url(club), sheet(seats)))
    assert "No winner yet" in page
    assert "confirm_winner" not in page
    assert "no winner: a Catan game has exactly one" in page


def test_a_chosen_winner_overrides_the_derived_one(client: Client, club: Club) -> None:
    seats = [("Ann", {"settlements": 2, "cities": 8}), ("Ben", {"settlements": 2, "cities": 8})]
    client = signed_in(client, club.ann)
    tied = text(client.post(check_url(club), sheet(seats)))
    assert "No winner yet" in tied  # two players on 10 VP: the user says who reached it first
    chosen = text(client.post(check_url(club), sheet(seats, winner=1)))
    assert "Winner as chosen: Ben." in chosen
    assert 'name="confirm_winner" value="1"' in chosen


def test_seats_without_names_are_named_by_number_and_block_submission(
    client: Client, club: Club
) -> None:
    seats = [("Ann", {"settlements": 2, "cities": 8}), ("", {"settlements": 4})]
    page = text(signed_in(client, club.ann).post(check_url(club), sheet(seats)))
    assert "name every player: seat 2 has no name" in page
    assert 'id="total-1">4<' in page


def test_a_duplicate_player_is_the_engines_refusal_in_the_sheets_words(
    client: Client, club: Club
) -> None:
    seats = [("Ann", {"settlements": 2, "cities": 8}), ("ann", {"settlements": 4})]
    page = text(signed_in(client, club.ann).post(check_url(club), sheet(seats)))
    assert "seat 2: ann is already at this table (seat 1)" in page


def test_a_bad_number_is_a_form_message(client: Client, club: Club) -> None:
    data = sheet(FOUR_SEATS) | {"seat-1-cities": "lots", "played_at": "yesterday"}
    page = text(signed_in(client, club.ann).post(check_url(club), data))
    assert "Cities (2 VP each): Enter a whole number." in page
    assert "Played at: Enter a valid date/time." in page


# -- submitting ------------------------------------------------------------------------------


def test_submitting_records_a_pending_game_signed_by_the_submitter(
    client: Client, club: Club
) -> None:
    data = sheet(FOUR_SEATS, awards=FOUR_AWARDS, confirm=0, played_at="2026-06-01T00:30")
    response = signed_in(client, club.ann).post(record_url(club), data)
    stored = GameRecord.objects.get(league=club.league)
    assert response.status_code == 302
    assert response["Location"] == reverse("recorded", args=[club.league.slug, stored.pk])
    assert stored.status == RecordStatus.SUBMITTED
    # 00:30 in Berlin on 1 June is 22:30 UTC on 31 May; the game belongs to 1 June.
    assert stored.played_at == dt.datetime(2026, 5, 31, 22, 30, tzinfo=dt.UTC)
    assert stored.date == services.local_date(club.league, stored.played_at)
    assert stored.date == dt.date(2026, 6, 1)
    game = stored.to_record()
    assert [(s.player, s.vp, s.winner) for s in game.seats] == [
        ("Ann", 10, True), ("Ben", 7, False), ("Cleo", 6, False), ("Olga", 5, False),
    ]  # fmt: skip
    assert dict(game.seats[0].sources) == {"settlements": 2, "cities": 6, "longest_road": 2}
    assert dict(game.seats[2].sources) == {"settlements": 4, "largest_army": 2}
    signatures = Confirmation.objects.filter(game=stored)
    assert [(c.player, c.by, c.verdict) for c in signatures] == [
        (club.player("Ann"), club.ann, Verdict.CONFIRM)
    ]


def test_the_recorded_page_shows_verification_and_what_each_system_will_do(
    client: Client, club: Club
) -> None:
    stored = submitted(club, club.ann)
    page = text(signed_in(client, club.ann).get(reverse("recorded", args=["bonn", stored.pk])))
    assert capfirst(services.verification(stored).summary) in page
    preview = queries.preview(club.league, stored.to_record())
    assert preview  # the default systems rate a base game
    for system, changes in preview.items():
        how = reverse("system-page", args=[system])
        assert f'<caption><a href="{how}">{system_label(system)}</a></caption>' in page
        assert len(changes) == 4
    assert "pages.point<" not in page  # systems by their names, not their ids
    seats = page.split('id="recorded-seats"', 1)[1].split("</table>", 1)[0]
    places = [int(p) for p in re.findall(r"<tr><td>(\d+)</td>", seats)]
    assert places == sorted(places)
    assert reverse("game", args=["bonn", stored.external_id]) in page
    winner_change = preview["pages.point"]["Ann"]
    assert f">{signed(winner_change)}</td>" in page


def test_the_recorded_page_of_a_confirmed_result_has_no_preview(client: Client, club: Club) -> None:
    stored = submitted(club, club.ann)
    services.confirm(stored, club.player("Ben"), club.ben)
    services.confirm(stored, club.player("Cleo"), club.cleo)
    page = text(signed_in(client, club.ann).get(reverse("recorded", args=["bonn", stored.pk])))
    assert "Confirmed." in page
    assert "<caption>" not in page


def test_the_recorded_page_of_a_voided_result_says_so(client: Client, club: Club) -> None:
    stored = submitted(club, club.ann)
    services.void_game(stored, club.organizer, "wrong table")
    page = text(signed_in(client, club.ann).get(reverse("recorded", args=["bonn", stored.pk])))
    assert "Voided." in page
    assert "<caption>" not in page


def test_the_recorded_page_refuses_other_leagues_results_and_outsiders(
    client: Client, club: Club
) -> None:
    other = make_club("koeln", "Köln Catan")
    stored = submitted(other, other.ann)
    client = signed_in(client, club.ann)
    assert client.get(reverse("recorded", args=["bonn", stored.pk])).status_code == 404
    assert client.get(reverse("recorded", args=["koeln", stored.pk])).status_code == 403


def test_submitting_needs_the_winner_confirmed(client: Client, club: Club) -> None:
    client = signed_in(client, club.ann)
    unconfirmed = client.post(record_url(club), sheet(FOUR_SEATS, awards=FOUR_AWARDS))
    assert unconfirmed.status_code == 400
    assert "confirm that Ann won" in text(unconfirmed)
    # A confirmation of another seat does not count for the winner the sheet shows.
    stale = client.post(record_url(club), sheet(FOUR_SEATS, awards=FOUR_AWARDS, confirm=1))
    assert stale.status_code == 400
    assert not GameRecord.objects.exists()


def test_submitting_refuses_a_sheet_with_errors(client: Client, club: Club) -> None:
    seats = [("Ann", {"settlements": 2, "cities": 10}), *FOUR_SEATS[1:]]  # 5 cities
    data = sheet(seats, awards=FOUR_AWARDS, winner=0, confirm=0)
    response = signed_in(client, club.ann).post(record_url(club), data)
    assert response.status_code == 400
    assert "fix the errors below first" in text(response)
    assert "Ann: cities 10 VP is over the maximum of 8" in text(response)
    assert not GameRecord.objects.exists()


def test_a_player_cannot_bring_a_new_name_but_an_official_can(client: Client, club: Club) -> None:
    seats = [*FOUR_SEATS[:3], ("Zed", {"settlements": 5})]
    data = sheet(seats, awards=FOUR_AWARDS, confirm=0)
    refused = signed_in(client, club.ann).post(record_url(club), data)
    assert refused.status_code == 403
    assert "Zed: not a player of Bonn Catan; only its officials and admins add new" in text(refused)
    assert 'value="Zed"' in text(refused)  # the typed sheet stays on the page
    assert not GameRecord.objects.exists()
    accepted = signed_in(Client(), club.referee).post(record_url(club), data)
    assert accepted.status_code == 302
    assert club.player("Zed").user is None


def test_an_official_who_does_not_play_enters_the_result_as_official(
    client: Client, club: Club
) -> None:
    data = sheet(FOUR_SEATS, awards=FOUR_AWARDS, confirm=0)
    assert signed_in(client, club.referee).post(record_url(club), data).status_code == 302
    stored = GameRecord.objects.get()
    signature = Confirmation.objects.get(game=stored)
    assert (signature.player, signature.by) == (None, club.referee)
    assert services.verification(stored).official_may_confirm


def test_a_leagues_creator_records_as_its_official(client: Client, club: Club) -> None:
    """Issue 9: an admin may do everything an official may, recording included."""
    signed_in(client, club.outsider).post(
        reverse("league-new"), {"name": "Mine", "slug": "mine", "time_zone": "UTC"}
    )
    mine = League.objects.get(slug="mine")
    assert services.roles_of(mine, club.outsider) == {services.Role.ADMIN}
    data = sheet(FOUR_SEATS, awards=FOUR_AWARDS, confirm=0)
    response = client.post(reverse("record", args=["mine"]), data)
    assert response.status_code == 302
    stored = GameRecord.objects.get(league=mine)
    signature = Confirmation.objects.get(game=stored)
    assert (signature.player, signature.by) == (None, club.outsider)


def test_an_id_the_league_has_is_the_leagues_refusal(
    client: Client, club: Club, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("tablerank.web.actions.record.secrets.token_hex", lambda n: "abcdef")
    data = sheet(FOUR_SEATS, awards=FOUR_AWARDS, confirm=0)
    client = signed_in(client, club.ann)
    assert client.post(record_url(club), data).status_code == 302
    again = client.post(record_url(club), data)
    assert again.status_code == 409
    assert "already has a game with id &#x27;20260502-abcdef&#x27;" in text(again)
    assert GameRecord.objects.count() == 1


@pytest.mark.parametrize("method", ["get", "post"])
def test_outsiders_cannot_open_or_submit_the_sheet(client: Client, club: Club, method: str) -> None:
    data = sheet(FOUR_SEATS, awards=FOUR_AWARDS, confirm=0)
    response = getattr(signed_in(client, club.outsider), method)(record_url(club), data)
    assert response.status_code == 403
    assert "is not an admin or official or player of league" in text(response)
    assert client.post(check_url(club), data).status_code == 403
    assert not GameRecord.objects.exists()


def test_anonymous_users_are_sent_to_sign_in(client: Client, club: Club) -> None:
    record = submitted(club, club.ann)
    pages = [
        record_url(club),
        check_url(club),
        reverse("recorded", args=["bonn", record.pk]),
        reverse("inbox"),
        reverse("inbox-confirm", args=[record.pk]),
        reverse("inbox-dispute", args=[record.pk]),
        reverse("members", args=["bonn"]),
        reverse("league-settings", args=["bonn"]),
        reverse("league-new"),
        reverse("password_change"),
    ]
    for url in pages:
        for method in (client.get, client.post):
            response = method(url)
            if response.status_code == 405:  # a form that only takes the other method
                continue
            assert response.status_code == 302, url
            assert response["Location"] == f"{reverse('login')}?next={url}"
    assert Confirmation.objects.filter(game=record).count() == 1


def test_the_check_only_takes_posts(client: Client, club: Club) -> None:
    assert signed_in(client, club.ann).get(check_url(club)).status_code == 405


def test_an_unknown_league_is_not_found(client: Client, club: Club) -> None:
    assert signed_in(client, club.ann).get("/l/nowhere/record/").status_code == 404


# -- the inbox -------------------------------------------------------------------------------


def inbox_rows(page: str) -> list[str]:
    return re.findall(r'<article class="tr-row" id="result-(\d+)">', page)


def test_the_inbox_lists_what_waits_for_the_users_signature_with_seats_and_scores(
    client: Client, club: Club
) -> None:
    waiting = submitted(club, club.ann, "g1")
    signed = submitted(club, club.ben, "g2")  # Ben's own submission signs his seat
    page = text(signed_in(client, club.ben).get(reverse("inbox")))
    assert inbox_rows(page) == [str(waiting.pk)]
    assert [r.pk for r in queries.pending_for(club.ben)] == [waiting.pk]
    for seat in waiting.to_record().seats:
        assert f"<td>{seat.player}" in page
    assert '<td class="num">10</td>' in page
    assert capfirst(services.verification(waiting).summary) in page
    assert str(signed.pk) not in inbox_rows(page)
    row = page.split(f'id="result-{waiting.pk}"', 1)[1].split("</article>", 1)[0]
    assert ">Confirm</button>" in row
    assert ">Dispute</button>" in row  # a pending result may be disputed from the inbox


def test_a_game_by_places_shows_its_places_winner_and_scores_in_the_inbox(
    client: Client, club: Club
) -> None:
    kremlin = new_game(
        id="k1", date="2026-05-02", game="Kremlin",
        seats=[{"player": "Ann", "place": 1, "vp": 31}, {"player": "Ben", "place": 2, "vp": 20}],
    )  # fmt: skip
    services.submit_game(club.league, kremlin, club.ann)
    page = text(signed_in(client, club.ben).get(reverse("inbox")))
    head = page.split("<thead>", 1)[1].split("</thead>", 1)[0]
    assert '<th class="num">Place</th>' in head
    assert '<th class="num">Score</th>' in head
    assert "where the VP came from" not in head
    rows = page.split("<tbody>", 1)[1].split("</tbody>", 1)[0].split("<tr>")[1:]
    assert rows[0].startswith('<td class="num">1</td><td>Ann ★')
    assert rows[1].startswith('<td class="num">2</td><td>Ben</td>')
    submitted(club, club.ann, "g9")
    catan = text(client.get(reverse("inbox")))
    assert '<th class="num">VP</th>' in catan


def test_an_empty_inbox_says_so(client: Client, club: Club) -> None:
    page = text(signed_in(client, club.ann).get(reverse("inbox")))
    assert 'id="inbox-empty"' in page


def test_confirming_ones_seat_signs_it_and_comes_back_to_the_inbox(
    client: Client, club: Club
) -> None:
    record = submitted(club, club.ann)
    client = signed_in(client, club.ben)
    url = reverse("inbox-confirm", args=[record.pk])
    response = client.post(url, {"player": club.player("Ben").pk}, follow=True)
    assert response.redirect_chain == [(reverse("inbox"), 302)]
    assert "You confirmed g1 for Ben: waiting for 1 more of Cleo and Olga to confirm." in text(
        response
    )
    assert Confirmation.objects.filter(game=record, player=club.player("Ben")).exists()
    assert inbox_rows(text(response)) == []


def test_the_third_signature_confirms_the_result(client: Client, club: Club) -> None:
    record = submitted(club, club.ann)
    services.confirm(record, club.player("Ben"), club.ben)
    url = reverse("inbox-confirm", args=[record.pk])
    signed_in(client, club.cleo).post(url, {"player": club.player("Cleo").pk})
    record.refresh_from_db()
    assert record.status == RecordStatus.CONFIRMED


def test_with_htmx_the_row_is_swapped_for_the_result_of_the_action(
    client: Client, club: Club
) -> None:
    record = submitted(club, club.ann)
    url = reverse("inbox-confirm", args=[record.pk])
    response = signed_in(client, club.ben).post(
        url, {"player": club.player("Ben").pk}, headers=HTMX
    )
    page = text(response)
    assert response.status_code == 200
    assert page.startswith(f'<article class="tr-row" id="result-{record.pk}">')
    assert "You confirmed g1 for Ben" in page
    assert "inbox-confirm" not in page
    assert "<form" not in page


def test_a_player_cannot_confirm_another_players_seat(client: Client, club: Club) -> None:
    record = submitted(club, club.ann)
    url = reverse("inbox-confirm", args=[record.pk])
    response = signed_in(client, club.ben).post(url, {"player": club.player("Cleo").pk})
    assert response.status_code == 403
    assert "cannot sign for Cleo: a player confirms or disputes only their own seat" in text(
        response
    ).replace("&#x27;", "'")
    htmx = client.post(url, {"player": club.player("Cleo").pk}, headers=HTMX)
    assert htmx.status_code == 403
    assert 'class="tr-message failed"' in text(htmx)
    assert not Confirmation.objects.filter(game=record, player=club.player("Cleo")).exists()


def test_an_outsider_cannot_confirm(client: Client, club: Club) -> None:
    record = submitted(club, club.ann)
    url = reverse("inbox-confirm", args=[record.pk])
    response = signed_in(client, club.outsider).post(url, {"player": club.player("Ben").pk})
    assert response.status_code == 403
    official = client.post(url, {"as": "official"})
    assert official.status_code == 403
    assert "is not an official of league" in text(official)
    htmx = client.post(url, {"as": "official"}, headers=HTMX)
    assert htmx.status_code == 403
    assert "Olga" not in text(htmx)  # an outsider sees nothing of the result
    assert Confirmation.objects.filter(game=record).count() == 1


def test_signing_twice_is_refused_with_409(client: Client, club: Club) -> None:
    record = submitted(club, club.ann)
    url = reverse("inbox-confirm", args=[record.pk])
    response = signed_in(client, club.ann).post(url, {"player": club.player("Ann").pk})
    assert response.status_code == 409
    assert "Ann has signed g1 already" in text(response)


def test_disputing_needs_a_reason_and_makes_the_result_disputed(client: Client, club: Club) -> None:
    record = submitted(club, club.ann)
    url = reverse("inbox-dispute", args=[record.pk])
    client = signed_in(client, club.cleo)
    cleo = club.player("Cleo").pk
    without = client.post(url, {"player": cleo, "why": ""}, headers=HTMX)
    assert without.status_code == 400
    assert "say what is wrong with the result" in text(without)
    response = client.post(url, {"player": cleo, "why": "I had 8 VP"}, headers=HTMX)
    assert response.status_code == 200
    assert "You disputed g1: disputed by Cleo." in text(response)
    record.refresh_from_db()
    assert record.status == RecordStatus.DISPUTED
    assert Confirmation.objects.get(game=record, player=cleo).note == "I had 8 VP"


def test_a_disputed_result_takes_no_confirmation(client: Client, club: Club) -> None:
    record = submitted(club, club.ann)
    services.dispute(record, club.player("Cleo"), club.cleo, "wrong")
    url = reverse("inbox-confirm", args=[record.pk])
    response = signed_in(client, club.ben).post(url, {"player": club.player("Ben").pk})
    assert response.status_code == 409
    assert "disputed by Cleo; an official voids or corrects it" in text(response)


def test_disputing_someone_elses_seat_is_refused(client: Client, club: Club) -> None:
    record = submitted(club, club.ann)
    url = reverse("inbox-dispute", args=[record.pk])
    response = signed_in(client, club.ben).post(
        url, {"player": club.player("Cleo").pk, "why": "no"}
    )
    assert response.status_code == 403
    record.refresh_from_db()
    assert record.status == RecordStatus.SUBMITTED


def test_a_second_official_confirms_an_officials_entry_as_official(
    client: Client, club: Club
) -> None:
    second = Player.objects.get(league=club.league, key="dora")  # no account: not involved
    assert second.user is None
    club.league.officials.add(club.outsider)
    record = submitted(club, club.referee)
    page = text(signed_in(client, club.outsider).get(reverse("inbox")))
    assert inbox_rows(page) == [str(record.pk)]
    assert "Confirm as official" in page
    url = reverse("inbox-confirm", args=[record.pk])
    response = client.post(url, {"as": "official"}, headers=HTMX)
    assert "You confirmed g1 as official: confirmed." in text(response)
    record.refresh_from_db()
    assert record.status == RecordStatus.CONFIRMED


def test_an_official_cannot_sign_a_players_submission_as_official(
    client: Client, club: Club
) -> None:
    record = submitted(club, club.ann)
    url = reverse("inbox-confirm", args=[record.pk])
    response = signed_in(client, club.referee).post(url, {"as": "official"})
    assert response.status_code == 403
    assert "was not entered by an official; its players confirm it" in text(response)


def test_the_inbox_forms_refuse_a_missing_seat_unknown_results_and_gets(
    client: Client, club: Club
) -> None:
    record = submitted(club, club.ann)
    client = signed_in(client, club.ben)
    confirm = reverse("inbox-confirm", args=[record.pk])
    assert client.post(confirm, {"player": "x"}).status_code == 400
    assert client.post(reverse("inbox-dispute", args=[record.pk]), {"why": "x"}).status_code == 400
    assert client.post(reverse("inbox-confirm", args=[99999]), {"as": "official"}).status_code == (
        404
    )
    assert client.get(confirm).status_code == 405


# -- league settings ---------------------------------------------------------------------------


def settings_data(club: Club, **changes: Any) -> dict[str, Any]:
    league = club.league
    data: dict[str, Any] = {
        "name": league.name,
        "public": "on" if league.public else "",
        "systems": list(league.systems),
        "monthly_score": league.monthly_score,
        "one_official_is_enough": "",
        "time_zone": league.time_zone,
    }
    return data | changes


def test_an_admin_changes_the_settings_and_the_kept_ratings_follow(
    client: Client, club: Club
) -> None:
    record = submitted(club, club.ann)
    services.confirm(record, club.player("Ben"), club.ben)
    services.confirm(record, club.player("Cleo"), club.cleo)
    assert RatingState.objects.filter(league=club.league, system="pages.point").exists()
    url = reverse("league-settings", args=["bonn"])
    data = settings_data(
        club,
        name="Bonn Catan Club",
        systems=["cow.elo", "area"],
        monthly_score="total",
        one_official_is_enough="on",
        time_zone="America/New_York",
    )
    response = signed_in(client, club.organizer).post(url, data, follow=True)
    assert response.redirect_chain == [(url, 302)]
    assert "Bonn Catan Club: settings saved." in text(response)
    club.league.refresh_from_db()
    league = club.league
    assert (league.name, league.monthly_score, league.time_zone) == (
        "Bonn Catan Club", "total", "America/New_York",
    )  # fmt: skip
    assert league.systems == ["cow.elo", "area"]
    assert league.one_official_is_enough
    kept = set(RatingState.objects.filter(league=league).values_list("system", flat=True))
    assert kept == {"cow.elo", "area"}
    assert services.ratings(league, "cow.elo").standings
    assert league.unvalidated_titles == []


def test_an_admin_lets_the_league_store_unchecked_catan_sheets(client: Client, club: Club) -> None:
    url = reverse("league-settings", args=["bonn"])
    client = signed_in(client, club.organizer)
    assert client.post(url, settings_data(club, catan_unchecked="on")).status_code == 302
    club.league.refresh_from_db()
    assert club.league.unvalidated_titles == ["catan"]
    page = text(client.get(url))
    assert re.search(r'<input[^>]*name="catan_unchecked"[^>]*checked', page)
    assert client.post(url, settings_data(club)).status_code == 302
    club.league.refresh_from_db()
    assert club.league.unvalidated_titles == []


def test_settings_refuse_an_unknown_time_zone_and_no_systems(client: Client, club: Club) -> None:
    url = reverse("league-settings", args=["bonn"])
    data = settings_data(club, time_zone="Mars/Olympus", systems=[])
    response = signed_in(client, club.organizer).post(url, data)
    assert response.status_code == 400
    assert "unknown time zone &#x27;Mars/Olympus&#x27;" in text(response)
    assert "keep at least one rating system" in text(response)
    club.league.refresh_from_db()
    assert club.league.time_zone == "Europe/Berlin"


def test_the_settings_page_shows_every_engine_system(client: Client, club: Club) -> None:
    page = text(signed_in(client, club.organizer).get(reverse("league-settings", args=["bonn"])))
    for system in SYSTEMS:
        assert f'value="{system}"' in page
        assert escape(get_system(system).title) in page  # by its name, not only its id


@pytest.mark.parametrize("who", ["referee", "ann", "outsider"])
def test_only_admins_reach_the_settings(client: Client, club: Club, who: str) -> None:
    url = reverse("league-settings", args=["bonn"])
    client = signed_in(client, getattr(club, who))
    assert client.get(url).status_code == 403
    assert client.post(url, settings_data(club, name="Mine")).status_code == 403
    club.league.refresh_from_db()
    assert club.league.name == "Bonn Catan"


def test_an_organizer_voids_a_result_from_its_page(client: Client, club: Club) -> None:
    record = services.record_game(club.league, four_player_game(), club.organizer)
    page = reverse("game", args=[club.league.slug, record.external_id])
    void = reverse("void", args=[club.league.slug, record.pk])
    client.force_login(club.referee)
    assert void in client.get(page).content.decode()
    response = client.post(void, {"why": "wrong table"})
    assert response.status_code == 302
    assert response["Location"] == page
    record.refresh_from_db()
    assert record.status == RecordStatus.VOIDED
    assert record.void_reason == "wrong table"
    assert services.ratings(club.league, "pages.point").standings == ()
    assert client.post(void, {"why": "again"}).status_code == 409  # voided already


@pytest.mark.parametrize("who", ["ann", "outsider"])
def test_players_and_outsiders_cannot_void(client: Client, club: Club, who: str) -> None:
    record = services.record_game(club.league, four_player_game(), club.organizer)
    client.force_login(getattr(club, who))
    page = client.get(reverse("game", args=[club.league.slug, record.external_id]))
    void = reverse("void", args=[club.league.slug, record.pk])
    assert void not in page.content.decode()
    assert client.post(void, {"why": "mine"}).status_code == 403
    record.refresh_from_db()
    assert record.status == RecordStatus.CONFIRMED


def test_voiding_needs_a_reason_and_a_post(client: Client, club: Club) -> None:
    record = services.record_game(club.league, four_player_game(), club.organizer)
    void = reverse("void", args=[club.league.slug, record.pk])
    client.force_login(club.organizer)
    assert client.post(void, {"why": " "}).status_code == 400
    assert client.get(void).status_code == 405
    client.logout()
    assert client.post(void, {"why": "x"}).status_code == 302  # to sign in
    record.refresh_from_db()
    assert record.status == RecordStatus.CONFIRMED


def test_the_sheet_counts_pieces_and_stores_their_vp(client: Client, club: Club) -> None:
    """Issue 14: two cities typed are two cities (4 VP), not 2 VP taken for one city."""
    page = text(signed_in(client, club.ann).get(record_url(club)))
    assert "Cities (2 VP each)" in page
    assert "Settlements (1 VP each)" in page
    data = sheet(FOUR_SEATS, awards=FOUR_AWARDS, confirm=0) | {"seat-0-cities": "3"}
    assert client.post(record_url(club), data).status_code == 302
    assert GameRecord.objects.get().to_record().seats[0].sources["cities"] == 6


def test_a_game_recorded_with_its_city_event_and_round_reaches_that_citys_list(
    client: Client, club: Club
) -> None:
    """Issue 14: the phone's game counts in the city's monthly list, in its event's round."""
    club.league.one_official_is_enough = True  # the referee's entry is confirmed at once
    club.league.save()
    page = text(signed_in(client, club.referee).get(record_url(club)))
    assert 'data-remember="city"' in page
    where = {"city": "Bonn", "event": "Autumn Open", "round": "2"}
    data = sheet(FOUR_SEATS, awards=FOUR_AWARDS, confirm=0) | where
    assert client.post(record_url(club), data).status_code == 302
    stored = GameRecord.objects.get()
    assert (stored.city, stored.event, stored.round) == ("Bonn", "Autumn Open", 2)
    assert stored.status == RecordStatus.CONFIRMED
    month = stored.date.strftime("%Y-%m")
    bonn = queries.monthly_list(club.league, month, city="Bonn")
    assert {row.player for row in bonn.entries} | {n.player for n in bonn.not_listed} >= {
        "Ann",
        "Ben",
    }
    again = text(client.get(record_url(club)))
    assert '<option value="Bonn">' in again  # the league's cities, offered from now on
    assert '<option value="Autumn Open">' in again


@pytest.mark.parametrize(
    ("where", "message"),
    [({"round": "0"}, "Round: "), ({"city": "x" * 101}, "City: ")],
)
def test_a_bad_city_or_round_is_a_form_message(
    client: Client, club: Club, where: dict[str, str], message: str
) -> None:
    data = sheet(FOUR_SEATS, awards=FOUR_AWARDS, confirm=0) | where
    response = signed_in(client, club.referee).post(record_url(club), data)
    assert response.status_code == 400
    assert message in text(response)
    assert not GameRecord.objects.exists()


def test_the_inbox_shows_the_sheet_who_entered_it_and_the_way_back(
    client: Client, club: Club
) -> None:
    record = submitted(club, club.ann)
    page = text(signed_in(client, club.ben).get(reverse("inbox")))
    row = page.split(f'id="result-{record.pk}"', 1)[1].split("</article>", 1)[0]
    assert "entered by bonn-ann" in row
    assert "Cities <strong>6</strong>" in row
    assert f'href="{reverse("league-home", args=["bonn"])}"' in row
    assert f'href="{reverse("game", args=["bonn", record.external_id])}"' in row


def test_the_navigation_counts_what_waits_in_the_inbox(client: Client, club: Club) -> None:
    client = signed_in(client, club.ben)
    home = reverse("league-home", args=["bonn"])
    assert 'id="inbox-count"' not in text(client.get(home))
    submitted(club, club.ann)
    submitted(club, club.ann, "g2")
    page = text(client.get(home))
    assert 'aria-label="2 waiting">2</span>' in page
    assert 'id="topbar-inbox-count"' in page
    services.confirm(GameRecord.objects.get(external_id="g1"), club.player("Ben"), club.ben)
    assert 'aria-label="1 waiting">1</span>' in text(client.get(home))
    services.invite_account(club.player("Dora"), club.outsider, by=club.organizer)
    invited = text(signed_in(Client(), club.outsider).get(reverse("home")))
    assert 'title="1 waiting for you in your inbox">1</a>' in invited
