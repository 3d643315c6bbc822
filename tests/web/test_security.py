"""The site's defences (Django's test client): the content security policy and pages that
need nothing it forbids, CSRF on every form, sign-in throttling, escaping of what users type,
cookie flags, and who reaches the Django admin."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from typing import Any

import pytest
from axes.models import AccessAttempt
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tablerank.engine.records import new_game
from tablerank.league import services
from tablerank.league.models import GameRecord, League, RatingState
from tests.web.action_helpers import (
    FOUR_AWARDS,
    FOUR_SEATS,
    PASSWORD,
    Club,
    sheet,
    submitted,
)

XSS = "<script>alert(1)</script>"

ESCAPED = "&lt;script&gt;alert(1)&lt;/script&gt;"


def signed_in(client: Client, user: User) -> Client:
    client.force_login(user)
    return client


def text(response: Any) -> str:
    return str(response.content.decode())


def my_pages(club: Club) -> dict[str, tuple[User | None, str]]:
    """Every page of the forms, with who opens it."""
    record = submitted(club, club.ann)
    return {
        "record": (club.ann, reverse("record", args=["bonn"])),
        "recorded": (club.ann, reverse("recorded", args=["bonn", record.pk])),
        "inbox": (club.ben, reverse("inbox")),
        "members": (club.organizer, reverse("members", args=["bonn"])),
        "settings": (club.organizer, reverse("league-settings", args=["bonn"])),
        "new league": (club.outsider, reverse("league-new")),
        "sign in": (None, reverse("login")),
        "sign up": (None, reverse("signup")),
        "change password": (club.ann, reverse("password_change")),
    }


# -- content security policy -----------------------------------------------------------------


def policy(response: Any) -> dict[str, list[str]]:
    header = response["Content-Security-Policy"]
    directives = (part.strip().split() for part in header.split(";") if part.strip())
    return {name: values for name, *values in directives}


def test_every_page_sends_a_strict_content_security_policy(client: Client, club: Club) -> None:
    for name, (user, url) in my_pages(club).items():
        page = signed_in(Client(), user) if user else Client()
        response = page.get(url)
        assert response.status_code == 200, name
        csp = policy(response)
        assert csp["default-src"] == ["'self'"], name
        assert csp["script-src"] == ["'self'"], name
        assert csp["style-src"] == ["'self'"], name
        assert csp["frame-ancestors"] == ["'none'"], name
        assert response["X-Frame-Options"] == "DENY"


def test_the_pages_need_nothing_the_policy_forbids(client: Client, club: Club) -> None:
    """No inline script, no inline style, no event-handler attribute, no eval-based htmx."""
    for name, (user, url) in my_pages(club).items():
        page = text((signed_in(Client(), user) if user else Client()).get(url))
        for script in re.findall(r"<script\b[^>]*>", page):
            assert "src=" in script, (name, script)
        assert not re.search(r"<style\b", page), name
        assert not re.search(r"\sstyle=", page), name
        assert not re.search(r"\son[a-z]+=", page), name
        assert "hx-on" not in page, name
        assert "js:" not in page, name


# -- CSRF ----------------------------------------------------------------------------------------


def test_every_form_refuses_a_post_without_its_csrf_token(club: Club) -> None:
    record = submitted(club, club.ann)
    posts: list[tuple[User | None, str, dict[str, Any]]] = [
        (club.ann, reverse("record", args=["bonn"]), sheet(FOUR_SEATS, confirm=0)),
        (club.ann, reverse("record-check", args=["bonn"]), sheet(FOUR_SEATS)),
        (club.ben, reverse("inbox-confirm", args=[record.pk]), {"player": "1"}),
        (club.ben, reverse("inbox-dispute", args=[record.pk]), {"player": "1", "why": "x"}),
        (club.organizer, reverse("members", args=["bonn"]), {"action": "add", "name": "Eve"}),
        (club.organizer, reverse("league-settings", args=["bonn"]), {"name": "X"}),
        (club.outsider, reverse("league-new"), {"name": "X", "slug": "x", "time_zone": "UTC"}),
        (club.ann, reverse("logout"), {}),
        (None, reverse("login"), {"username": "bonn-ann", "password": PASSWORD}),
        (None, reverse("signup"), {"username": "x", "password1": "y", "password2": "y"}),
    ]
    for user, url, data in posts:
        client = Client(enforce_csrf_checks=True)
        if user:
            client.force_login(user)
        response = client.post(url, data)
        assert response.status_code == 403, url
        assert "CSRF" in text(response), url
    assert GameRecord.objects.count() == 1
    assert not League.objects.filter(slug="x").exists()


def test_forms_carry_their_csrf_token(club: Club) -> None:
    for name, (user, url) in my_pages(club).items():
        page = text((signed_in(Client(), user) if user else Client()).get(url))
        forms = re.findall(r"<form\b[^>]*method=\"post\"[^>]*>(.*?)</form>", page, re.S)
        for form in forms:
            assert 'name="csrfmiddlewaretoken"' in form, name


def test_a_form_with_its_token_goes_through(club: Club) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(club.organizer)
    page = text(client.get(reverse("members", args=["bonn"])))
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    assert token
    response = client.post(
        reverse("members", args=["bonn"]),
        {"action": "add", "name": "Eve", "csrfmiddlewaretoken": token.group(1)},
    )
    assert response.status_code == 302
    assert club.player("Eve")


# -- sign-in throttling --------------------------------------------------------------------------


def sign_in(username: str, password: str, address: str = "10.0.0.1") -> Any:
    return Client(REMOTE_ADDR=address).post(
        reverse("login"), {"username": username, "password": password}
    )


def test_repeated_failures_lock_the_username_from_that_address(club: Club, settings: Any) -> None:
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert sign_in("bonn-ann", "wrong").status_code == 200
    locked = sign_in("bonn-ann", "wrong")
    assert locked.status_code == 429
    assert "Too many sign-in attempts" in text(locked)
    # Locked: even the right password is refused from there, for that username.
    assert sign_in("bonn-ann", PASSWORD).status_code == 429
    # Another address, or another username from the same address, is not locked.
    assert sign_in("bonn-ann", PASSWORD, address="10.0.0.2").status_code == 302
    assert sign_in("bonn-ben", PASSWORD).status_code == 302


def test_the_lock_ends_after_the_cool_off_time(club: Club, settings: Any) -> None:
    for _ in range(settings.AXES_FAILURE_LIMIT):
        sign_in("bonn-ann", "wrong")
    assert sign_in("bonn-ann", PASSWORD).status_code == 429
    earlier = timezone.now() - settings.AXES_COOLOFF_TIME - dt.timedelta(seconds=1)
    AccessAttempt.objects.update(attempt_time=earlier)
    assert sign_in("bonn-ann", PASSWORD).status_code == 302


def test_failures_are_counted_in_the_database_for_every_worker(club: Club) -> None:
    sign_in("bonn-ann", "wrong")
    row = AccessAttempt.objects.get()
    assert (row.username, row.ip_address, row.failures_since_start) == ("bonn-ann", "10.0.0.1", 1)


def test_without_the_tls_proxy_setting_forwarded_addresses_are_ignored(
    club: Club, settings: Any
) -> None:
    """Anyone can send X-Forwarded-For; only a trusted proxy's (TABLERANK_TLS_PROXY) counts."""
    assert not settings.TLS_PROXY
    for n in range(settings.AXES_FAILURE_LIMIT):
        Client(REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR=f"81.2.69.{n}").post(
            reverse("login"), {"username": "bonn-ann", "password": "wrong"}
        )
    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {"10.0.0.1"}
    assert sign_in("bonn-ann", PASSWORD).status_code == 429


def test_behind_the_proxy_a_request_that_skipped_it_is_counted_apart(
    club: Club, settings: Any
) -> None:
    """With TABLERANK_TLS_PROXY's settings (tests/server/test_proxy_throttle.py runs them
    live), a sign-in without X-Forwarded-For, which did not come through the proxy, has no
    client address: it is counted under none, apart from every client, and answers as usual."""
    settings.AXES_IPWARE_META_PRECEDENCE_ORDER = ("HTTP_X_FORWARDED_FOR",)
    settings.AXES_IPWARE_PROXY_ORDER = "left-most"
    settings.AXES_IPWARE_PROXY_COUNT = 0
    settings.IPWARE_STRICT = False
    statuses = [
        sign_in("bonn-ann", "wrong").status_code for _ in range(settings.AXES_FAILURE_LIMIT)
    ]
    assert statuses == [200] * (settings.AXES_FAILURE_LIMIT - 1) + [429]
    assert list(AccessAttempt.objects.values_list("ip_address", flat=True)) == [None]
    through = Client(REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="1.2.3.4, 81.2.69.160")
    answer = through.post(reverse("login"), {"username": "bonn-ann", "password": PASSWORD})
    assert answer.status_code == 302


def test_a_success_resets_the_count(club: Club, settings: Any) -> None:
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        sign_in("bonn-ann", "wrong")
    assert sign_in("bonn-ann", PASSWORD).status_code == 302
    assert sign_in("bonn-ann", "wrong").status_code == 200  # counting starts again


# -- escaping --------------------------------------------------------------------------------


def test_a_player_named_like_a_script_is_shown_as_text(client: Client, club: Club) -> None:
    evil = User.objects.create_user("evil", password=PASSWORD)
    services.add_player(club.league, XSS, by=services.CONSOLE, account=evil)
    seats = [*FOUR_SEATS[:3], (XSS, {"settlements": 5})]
    game = new_game(
        id="xss",
        date="2026-05-02",
        seats=[
            {"player": name, "sources": sources, "winner": name == "Ann"}
            for name, sources in [("Ann", {"settlements": 2, "cities": 8}), *seats[1:]]
        ],
    )
    record = services.submit_game(club.league, game, club.ann)
    pages: list[tuple[User, Callable[[Client], Any]]] = [
        (club.ann, lambda c: c.get(reverse("record", args=["bonn"]))),
        (club.ann, lambda c: c.post(reverse("record-check", args=["bonn"]), sheet(seats))),
        (
            club.ann,
            lambda c: c.post(
                reverse("record", args=["bonn"]), sheet(seats, awards=FOUR_AWARDS, confirm=1)
            ),
        ),
        (club.ann, lambda c: c.get(reverse("recorded", args=["bonn", record.pk]))),
        (evil, lambda c: c.get(reverse("inbox"))),
        (
            evil,
            lambda c: c.post(
                reverse("inbox-confirm", args=[record.pk]),
                {"player": club.player(XSS).pk},
                headers={"HX-Request": "true"},
            ),
        ),
        (club.organizer, lambda c: c.get(reverse("members", args=["bonn"]))),
    ]
    for user, visit in pages:
        page = text(visit(signed_in(Client(), user)))
        assert XSS not in page
        assert ESCAPED in page


def test_a_league_named_like_a_script_is_shown_as_text(client: Client, club: Club) -> None:
    club.league.name = XSS
    club.league.save()
    for url in (reverse("record", args=["bonn"]), reverse("members", args=["bonn"])):
        page = text(signed_in(Client(), club.organizer).get(url))
        assert XSS not in page
        assert ESCAPED in page


# -- cookies ---------------------------------------------------------------------------------


def test_session_and_csrf_cookies_are_secure_http_only_and_same_site(club: Club) -> None:
    client = Client()
    client.get(reverse("login"))
    response = client.post(reverse("login"), {"username": "bonn-ann", "password": PASSWORD})
    session = response.cookies["sessionid"]
    assert session["secure"]
    assert session["httponly"]
    assert session["samesite"] == "Lax"
    csrf = client.cookies["csrftoken"]
    assert csrf["secure"]
    assert csrf["samesite"] == "Lax"


# -- the Django admin ------------------------------------------------------------------------


@pytest.mark.parametrize("who", ["ann", "organizer", "outsider"])
def test_league_members_without_staff_status_cannot_reach_the_django_admin(
    club: Club, who: str
) -> None:
    response = signed_in(Client(), getattr(club, who)).get("/admin/league/league/")
    assert response.status_code == 302
    assert response["Location"].startswith("/admin/login/")


def test_the_admin_shows_results_read_only(club: Club) -> None:
    record = submitted(club, club.ann)
    root = User.objects.create_superuser("root", password=PASSWORD)
    client = signed_in(Client(), root)
    listing = text(client.get("/admin/league/gamerecord/"))
    assert record.external_id in listing
    assert "/admin/league/gamerecord/add/" not in listing
    page = client.get(f"/admin/league/gamerecord/{record.pk}/change/")
    assert page.status_code == 200
    html = text(page)
    assert 'name="_save"' not in html  # view only
    assert "Ann" in html
    assert "Ben" in html
    assert client.get(f"/admin/league/gamerecord/{record.pk}/delete/").status_code == 403
    assert client.get("/admin/league/gamerecord/add/").status_code == 403
    posted = client.post(f"/admin/league/gamerecord/{record.pk}/change/", {"status": "voided"})
    assert posted.status_code == 403
    record.refresh_from_db()
    assert record.status == "submitted"


def test_the_admin_edits_leagues_with_their_admins_and_officials(club: Club) -> None:
    root = User.objects.create_superuser("root", password=PASSWORD)
    client = signed_in(Client(), root)
    html = text(client.get(f"/admin/league/league/{club.league.pk}/change/"))
    assert 'class="selectfilter"' in html  # filter_horizontal
    assert 'name="admins"' in html
    assert 'name="officials"' in html
    for page in ("player", "accountperiod", "eventrecord"):
        assert client.get(f"/admin/league/{page}/").status_code == 200


def test_changing_systems_in_the_admin_rebuilds_the_kept_ratings(club: Club) -> None:
    record = submitted(club, club.ann)
    services.confirm(record, club.player("Ben"), club.ben)
    services.confirm(record, club.player("Cleo"), club.cleo)
    root = User.objects.create_superuser("root", password=PASSWORD)
    league = club.league
    form = {
        "name": league.name,
        "slug": league.slug,
        "time_zone": league.time_zone,
        "public": "on",
        "admins": [club.organizer.pk],
        "officials": [club.referee.pk],
        "monthly_score": "average",
        "systems": '["cow.elo"]',
        "created_at_0": "2026-01-01",
        "created_at_1": "10:00:00",
    }
    response = signed_in(Client(), root).post(f"/admin/league/league/{league.pk}/change/", form)
    assert response.status_code == 302
    league.refresh_from_db()
    assert league.systems == ["cow.elo"]
    kept = set(RatingState.objects.filter(league=league).values_list("system", flat=True))
    assert kept == {"cow.elo"}


@pytest.mark.parametrize(
    ("who", "members", "settings_link"),
    [("organizer", True, True), ("referee", True, False), ("ann", False, False),
     ("outsider", False, False)],
)  # fmt: skip
def test_the_navigation_offers_members_and_settings_by_role(
    client: Client, club: Club, who: str, members: bool, settings_link: bool
) -> None:
    client.force_login(getattr(club, who))
    page = client.get(reverse("league-home", args=[club.league.slug])).content.decode()
    assert (reverse("members", args=[club.league.slug]) in page) is members
    assert (reverse("league-settings", args=[club.league.slug]) in page) is settings_link
