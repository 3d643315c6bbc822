"""The round's clock at the venue, in Debian's chromium (issue 42, item 6): the organizer starts
it on the round page from a phone; the projector (1366x900, then 1920x1080) counts it down
every second without a reload, shows the QR code to the event's page, and stops when the
organizer pauses. Screenshots (projector-*.png) go to a temporary directory, or to the one
TABLERANK_SCREENSHOTS names (scripts/update-screenshots)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, Page, expect

from tablerank.league.models import League
from tablerank.league.services.tournament_rounds import seat_next_round
from tablerank.league.services.tournaments import create_tournament, register_players
from tests.browser.test_story import open_window, sign_in

pytestmark = pytest.mark.browser

PASSWORD = "the organizer's own passphrase"
NAMES = ["Ann", "Ben", "Cleo", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kai", "Lu", "Mo"]
COUNTING = re.compile(r"^\d+:\d\d$")


def seated_qualifier() -> None:
    organizer = User.objects.create_user("olga", password=PASSWORD)
    league = League.objects.create(name="Club", slug="club")
    league.admins.add(organizer)
    event = create_tournament(league, organizer, name="Spring Qualifier", rounds=3)
    register_players(event, NAMES, organizer, checked_in=True)
    seat_next_round(event, organizer)


def shown(page: Page) -> str:
    return page.locator("#clock-time").inner_text()


def test_the_projector_counts_the_round_down_and_stops_on_pause(
    chromium: Browser, site: str, screenshots: Path
) -> None:
    seated_qualifier()
    phone = open_window(chromium, phone=True)
    sign_in(phone.page, site, "olga", PASSWORD)
    wall = open_window(chromium)
    projector = wall.page
    projector.set_viewport_size({"width": 1366, "height": 900})
    projector.goto(f"{site}/l/club/projector/Spring Qualifier")
    expect(projector.locator("#clock-time")).to_have_text("not started")
    expect(projector.locator("#event-qr svg")).to_be_visible()
    projector.evaluate("window.stillTheSamePage = true")

    round_page = phone.page
    round_page.goto(f"{site}/l/club/tournaments/spring-qualifier/")
    round_page.fill("#clock-minutes", "30")
    round_page.click("button:has-text('Start the clock')")
    expect(round_page.locator("#clock-time")).to_have_text(re.compile(r"^(30:00|29:5\d)$"))

    expect(projector.locator("#clock-time")).to_have_text(COUNTING)  # the next refresh
    first = shown(projector)
    expect(projector.locator("#clock-time")).not_to_have_text(first)  # each second
    assert projector.evaluate("window.stillTheSamePage") is True  # no reload
    projector.screenshot(path=str(screenshots / "projector-clock-1366.png"))

    round_page.click("button:has-text('Pause')")
    expect(round_page.locator("#round-clock")).to_contain_text("paused")
    expect(projector.locator("#round-clock")).to_contain_text("paused")
    stopped = shown(projector)
    projector.wait_for_timeout(2500)
    assert shown(projector) == stopped
    assert projector.evaluate("window.stillTheSamePage") is True

    round_page.click("button:has-text('Resume')")
    round_page.click("button:has-text('+5 min for the table')")
    expect(projector.locator("#clock-table-1")).to_contain_text("+5 min")
    projector.set_viewport_size({"width": 1920, "height": 1080})
    projector.screenshot(path=str(screenshots / "projector-clock-1920.png"))
    phone.page.locator("#clock").scroll_into_view_if_needed()
    phone.page.screenshot(path=str(screenshots / "projector-round-page-phone.png"))
    phone.close()
    wall.close()
