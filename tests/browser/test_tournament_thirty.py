"""A 30-player official CATAN qualifier in Debian's chromium (issue 42): the organizer creates
it by the official preset on a phone, checks everyone in at once, seats round 1 (eight tables
on the projector beside the phone, with the clock and the QR code), prints the pairings by
name; the preliminary results come in (entered here through the league's services, as the
13-player story enters each table by hand), the top 16 are seated at semifinal tables by the
round page's button, the semifinals and the final are entered from the phone, and the final's
lowest seed is the champion on the event page and the projector. Screenshots:
tournament-thirty-*.png."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, Page, expect

from tablerank.league.models import League, Tournament
from tablerank.league.services.tournament_rounds import enter_result, round_of
from tests.browser.test_story import open_window, sign_in

pytestmark = pytest.mark.browser

PASSWORD = "the organizer's own passphrase"
NAMES = [f"Player {n:02}" for n in range(1, 31)]
ROUND_PAGE = "/l/club/tournaments/spring-qualifier/"


def tables_of(number: int) -> list[list[str]]:
    return [list(t.seats) for t in round_of(Tournament.objects.get(), number).tables]


def seat(page: Page, site: str, number: int) -> None:
    page.goto(site + ROUND_PAGE)
    page.click("button:has-text('Seat the next round')")
    expect(page.locator("ul.messages")).to_contain_text(f"Round {number} is seated.")


def enter_on_phone(page: Page, site: str, number: int, winner: int) -> None:
    """Each table's sheet on the round page: seat `winner` wins with 10 VP."""
    page.goto(site + ROUND_PAGE)
    for t, seats in enumerate(tables_of(number), start=1):
        section = page.locator(f"#table-{t}")
        for i in range(len(seats)):
            section.locator(f"#id_t{t}-vp-{i}").fill("10" if i == winner else str(4 + i))
        section.locator(f"#id_t{t}-winner_{winner}").check()
        section.locator("button:has-text('Enter the result')").click()
        expect(page.locator("ul.messages")).to_contain_text(f"table {t}: the result is in")


def preliminaries(organizer: User, number: int) -> None:
    """Round `number`'s results as the organizer's sheets (the first seat wins)."""
    event = Tournament.objects.get()
    for t, seats in enumerate(tables_of(number), start=1):
        sheet = [{"player": p, "vp": 10 if i == 0 else 4 + i, "winner": i == 0}
                 for i, p in enumerate(seats)]  # fmt: skip
        enter_result(event, number, t, sheet, organizer)


def test_a_thirty_player_official_qualifier(
    chromium: Browser, site: str, screenshots: Path
) -> None:
    organizer = User.objects.create_user("olga", password=PASSWORD)
    League.objects.create(name="Club", slug="club").admins.add(organizer)
    phone = open_window(chromium, phone=True)
    page = phone.page
    sign_in(page, site, "olga", PASSWORD)
    page.goto(f"{site}/l/club/tournaments/new/")
    page.fill("#id_name", "Spring Qualifier")
    page.select_option("#id_preset", "catan-official")
    page.click("button:has-text('Create the tournament')")
    page.fill("#id_names", "\n".join(NAMES))
    page.uncheck("#id_checked_in")
    page.click("button:has-text('Register')")
    page.click("button:has-text('Check in everyone registered (30)')")
    expect(page.locator("#format")).to_contain_text("30 players")
    seat(page, site, 1)
    assert sorted(len(t) for t in tables_of(1)) == [3, 3, 4, 4, 4, 4, 4, 4]

    wall = open_window(chromium)
    wall.page.set_viewport_size({"width": 1366, "height": 900})
    wall.page.goto(f"{site}/l/club/projector/Spring Qualifier")
    expect(wall.page.locator(".seating-table")).to_have_count(8)
    expect(wall.page.locator("#event-qr svg")).to_be_visible()
    wall.page.screenshot(path=str(screenshots / "tournament-thirty-projector.png"))
    wall.page.goto("about:blank")  # parked: see test_tournament_story.run_the_clock

    page.goto(site + ROUND_PAGE + "pairings/")
    expect(page.locator("main")).to_contain_text("Player 30")
    page.emulate_media(media="print")
    page.screenshot(path=str(screenshots / "tournament-thirty-pairings.png"), full_page=True)
    page.emulate_media(media="screen")

    preliminaries(organizer, 1)
    for number in (2, 3):
        seat(page, site, number)
        preliminaries(organizer, number)
    assert Tournament.objects.get().cut == 16  # settled from the 30 checked in
    seat(page, site, 4)
    assert [len(t) for t in tables_of(4)] == [4, 4, 4, 4]
    enter_on_phone(page, site, 4, winner=3)  # each semifinal's lowest seed wins
    seat(page, site, 5)
    assert [len(t) for t in tables_of(5)] == [4]
    enter_on_phone(page, site, 5, winner=3)
    champion = tables_of(5)[0][3]

    page.goto(f"{site}/l/club/events/Spring Qualifier")
    expect(page.locator("#champion")).to_contain_text(champion)
    expect(page.locator(".event-table tbody tr").first).to_contain_text(champion)
    wall.page.goto(f"{site}/l/club/projector/Spring Qualifier")
    expect(wall.page.locator("#champion")).to_contain_text(champion)
    expect(wall.page.locator(".event-table tbody tr").first).to_contain_text(champion)
    wall.page.screenshot(path=str(screenshots / "tournament-thirty-champion.png"))
    phone.close()
    wall.close()
