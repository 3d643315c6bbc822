"""One number format, in the visitor's language (issue 14): the browser's Accept-Language picks
Django's format for the numbers the site writes; texts stay English; changes always carry a
sign."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.http import HttpRequest, HttpResponse
from django.test import Client, RequestFactory
from django.urls import reverse

from tablerank.engine.records import new_game
from tablerank.league import queries, services
from tablerank.web.number_formats import MINUS, NumberFormatMiddleware, language
from tablerank.web.templatetags.tablerank_web import chance, fixed, num, percent, signed
from tests.web.action_helpers import Club


def written(accept: str, write: Callable[[], str], cookie: str = "") -> tuple[str, HttpResponse]:
    """What `write()` returns inside a request with that Accept-Language, and the response."""
    request = RequestFactory().get("/", headers={"accept-language": accept})
    if cookie:
        request.COOKIES["django_language"] = cookie
    seen: list[str] = []

    def view(request: HttpRequest) -> HttpResponse:
        seen.append(write())
        return HttpResponse()

    response = NumberFormatMiddleware(view)(request)
    return seen[0], response


@pytest.mark.parametrize(
    ("accept", "expected"),
    [
        ("en", "1,032.5"),
        ("en-GB,en;q=0.9", "1,032.5"),
        ("de-DE,de;q=0.9,en;q=0.8", "1.032,5"),
        ("fr", "1\xa0032,5"),
        ("nl", "1.032,5"),
        ("sv", "1\xa0032,5"),
        ("ja", "1,032.5"),  # not offered: the site's default
        ("", "1,032.5"),
    ],
)
def test_a_number_is_written_as_the_browsers_language_writes_it(accept: str, expected: str) -> None:
    text, response = written(accept, lambda: num(1032.5))
    assert text == expected
    assert "Accept-Language" in response["Vary"]


def test_the_language_cookie_wins_and_the_language_ends_with_the_request() -> None:
    assert written("en", lambda: num(1032.5), cookie="de")[0] == "1.032,5"
    assert language() == "en"  # outside a request: the site's default
    assert num(1032.5) == "1,032.5"


@pytest.mark.parametrize(
    ("write", "en", "de"),
    [
        (lambda: num(1060), "1,060", "1.060"),
        (lambda: num(1_234_567.125), "1,234,567.125", "1.234.567,125"),
        (lambda: num(0.3336), "0.334", "0,334"),
        (lambda: num(-3.5), f"{MINUS}3.5", f"{MINUS}3,5"),
        (lambda: num(-0.0001), "0", "0"),
        (lambda: num(None), "–", "–"),
        (lambda: fixed(0.69315, 3), "0.693", "0,693"),
        (lambda: fixed(7, 1), "7.0", "7,0"),
        (lambda: fixed(None, 2), "–", "–"),
        (lambda: signed(10), "+10", "+10"),
        (lambda: signed(1032.5), "+1,032.5", "+1.032,5"),
        (lambda: signed(-3.5), f"{MINUS}3.5", f"{MINUS}3,5"),
        (lambda: signed(0.0001), "±0", "±0"),
        (lambda: signed(0), "±0", "±0"),
        (lambda: signed(None), "", ""),
        (lambda: percent(12.25), "12.2\u202f%", "12,2\u202f%"),
        (lambda: chance(0.3336), "33.4\u202f%", "33,4\u202f%"),
        (lambda: chance(None), "–", "–"),
    ],
)
def test_every_filter_writes_the_same_format(write: Callable[[], str], en: str, de: str) -> None:
    assert written("en", write)[0] == en
    assert written("de", write)[0] == de


@pytest.mark.django_db
def test_the_same_page_in_german_and_english(club: Club) -> None:
    """cow.elo ratings above 1000 and pages.share's fractions, on the standings and a game."""
    games = [
        new_game(id=f"g{i}", date=f"2026-05-0{i}", seats=[
            {"player": "Ann", "vp": 10, "winner": True}, {"player": "Ben", "vp": 7},
            {"player": "Cleo", "vp": 5},
        ])
        for i in range(1, 4)
    ]  # fmt: skip
    services.record_games(club.league, games, club.organizer)
    ann = queries.standings(club.league, "cow.elo").standings[0]
    assert ann.player == "Ann"
    assert ann.rating > 1000
    client = Client()
    url = reverse("standings", args=[club.league.slug, "cow.elo"])
    english = client.get(url, headers={"accept-language": "en-US,en;q=0.9"}).content.decode()
    german = client.get(url, headers={"accept-language": "de-DE,de;q=0.9"}).content.decode()
    whole = int(ann.rating)
    assert f"{whole // 1000},{whole % 1000:03d}" in english
    assert f"{whole // 1000}.{whole % 1000:03d}" in german
    assert "Standings" in german  # the texts stay English
    share = reverse("standings", args=[club.league.slug, "pages.share"])
    assert "1.364" in client.get(share, headers={"accept-language": "en"}).content.decode()
    assert "1,364" in client.get(share, headers={"accept-language": "de"}).content.decode()
    game = client.get(reverse("game", args=[club.league.slug, "g3"]),
                      headers={"accept-language": "de"}).content.decode()  # fmt: skip
    deltas = game.split('id="effects-heading"', 1)[1]
    assert '<span class="delta delta-up">+' in deltas
    assert f'<span class="delta delta-down">{MINUS}' in deltas


@pytest.mark.django_db
def test_a_page_cached_in_one_language_is_not_reused_in_another(club: Club) -> None:
    client = Client()
    url = reverse("standings", args=[club.league.slug, "cow.elo"])
    english = client.get(url, headers={"accept-language": "en"})
    again = client.get(url, headers={"accept-language": "en", "if-none-match": english["ETag"]})
    assert again.status_code == 304
    german = client.get(url, headers={"accept-language": "de", "if-none-match": english["ETag"]})
    assert german.status_code == 200
    assert german["ETag"] != english["ETag"]
