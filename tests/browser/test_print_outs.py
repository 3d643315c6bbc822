"""The print-outs in Debian's chromium, in its print mode (issue 42, item 7): the pairings by
name, the table labels, the result slips and the event page's standings print black on white
without the site's navigation or buttons, and make PDFs of a sensible number of A4 pages (the
labels two to a page, a slip a page). Screenshots (pairings-print.png, slip-print.png) go to a
temporary directory, or to the one TABLERANK_SCREENSHOTS names (scripts/update-screenshots)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tablerank.league import services
from tablerank.league.models import League
from tablerank.league.services.tournament_rounds import round_of
from tests.browser.test_story import open_window, sign_in

pytestmark = pytest.mark.browser

PASSWORD = "the organizer's own passphrase"
NAMES = ["Ann", "Ben", "Cleo", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kai", "Lu", "Ärne"]
A4: ViewportSize = {"width": 794, "height": 1123}  # CSS pixels of an A4 page
BLACK, WHITE = "rgb(0, 0, 0)", "rgb(255, 255, 255)"


def qualifier_after_round_one() -> list[list[str]]:
    """13 players seated at one table of 4 and three of 3; round 1's results entered by the
    organizer (so the event page has standings); round 2 seated."""
    organizer = User.objects.create_user("olga", password=PASSWORD)
    league = League.objects.create(name="Club", slug="club")
    league.admins.add(organizer)
    event = services.create_tournament(league, organizer, name="Spring Qualifier", rounds=3)
    services.register_players(event, NAMES, organizer, checked_in=True)
    services.seat_next_round(event, organizer)
    for table in round_of(event, 1).tables:
        sheet = [{"player": p, "vp": 10 if i == 0 else 4 + i, "winner": i == 0}
                 for i, p in enumerate(table.seats)]  # fmt: skip
        services.enter_result(event, 1, table.number, sheet, organizer)
    return [list(t.seats) for t in services.seat_next_round(event, organizer).tables]


def pdf_pages(page: Page) -> int:
    """How many pages the browser's PDF of the page has (its A4 size from print.css)."""
    return len(re.findall(rb"/Type\s*/Page[^s]", page.pdf(prefer_css_page_size=True)))


def on_paper(page: Page) -> None:
    """The page in print mode, in the dark theme (which paper must not keep): no navigation,
    no buttons, black on white."""
    page.evaluate("document.documentElement.setAttribute('data-theme', 'dark')")
    page.emulate_media(media="print")
    for hidden in (".topbar", ".league-nav", ".footer", "button", ".button"):
        for element in page.locator(hidden).all():
            expect(element).to_be_hidden()
    colours = page.evaluate(
        "[getComputedStyle(document.body).backgroundColor,"
        " getComputedStyle(document.querySelector('main')).color]"
    )
    assert colours == [WHITE, BLACK]


def test_the_print_outs_print_cleanly(chromium: Browser, site: str, screenshots: Path) -> None:
    tables = qualifier_after_round_one()
    window = open_window(chromium)
    page = window.page
    page.set_viewport_size(A4)
    sign_in(page, site, "olga", PASSWORD)
    base = f"{site}/l/club/tournaments/spring-qualifier"

    page.goto(f"{base}/")
    page.click("#print-outs a:has-text('pairings by name')")
    expect(page.locator(".league-nav")).to_be_visible()  # on a screen, the site as ever
    expect(page.locator("[data-print]")).to_be_visible()  # shown by print.js
    on_paper(page)
    expect(page.locator("#pairings h1")).to_have_text("Spring Qualifier: round 2")
    names = page.locator(".pairing-name").all_inner_texts()
    assert names == sorted(NAMES, key=lambda n: n.replace("Ä", "A"))  # Ärne with the A's
    assert pdf_pages(page) == 1
    page.locator("#pairings").screenshot(path=str(screenshots / "pairings-print.png"))

    page.emulate_media(media="screen")
    page.goto(f"{base}/labels/")
    on_paper(page)
    expect(page.locator(".table-label")).to_have_count(len(tables))
    expect(page.locator("#label-1 .label-number")).to_contain_text("1")
    assert pdf_pages(page) == (len(tables) + 1) // 2  # two labels to an A4 page

    page.emulate_media(media="screen")
    page.goto(f"{base}/slips/?round=1")
    on_paper(page)
    expect(page.locator(".slip")).to_have_count(len(tables))
    expect(page.locator("#slip-1 .slip-source")).to_have_count(5)  # base Catan's VP sources
    assert pdf_pages(page) == len(tables)  # a slip a page
    page.locator("#slip-1").screenshot(path=str(screenshots / "slip-print.png"))

    page.emulate_media(media="screen")
    page.goto(f"{site}/l/club/events/Spring Qualifier")
    expect(page.locator("a.button:has-text('Projector mode')")).to_be_visible()
    on_paper(page)
    table = page.locator(".event-table")
    expect(table).to_be_visible()
    expect(page.locator(".inline-filter")).to_be_hidden()
    width = page.evaluate("document.querySelector('main').getBoundingClientRect().width")
    assert (table.bounding_box() or {"width": 0})["width"] >= 0.95 * width  # full width
    assert pdf_pages(page) <= 3
    window.close()  # nothing refused: no CSP violation from the Print button's script
