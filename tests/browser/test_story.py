"""The whole story in a real browser: an organizer signs up and creates a league, adds four
players with accounts, records a four-player game on a phone with the live totals and checks,
the players set their passwords from the handed-over links and sign the result in their inbox,
and the standings and a player's chart show the game; the organizer renames a mistyped player,
records a Kremlin game by places from a phone and corrects it from its page, and imports a
spreadsheet. Screenshots (story-*.png) go to a
temporary directory, or to the one TABLERANK_SCREENSHOTS names (scripts/update-screenshots).

Seed 003: a four-player (wta) result needs three participants' confirmations. The organizer
plays and submits it (submitting signs their seat), so two more players confirming it
confirm it; the third finds nothing left to sign."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, ViewportSize, expect

from tablerank.league.models import GameRecord, RecordStatus

pytestmark = pytest.mark.browser

PHONE: ViewportSize = {"width": 390, "height": 844}
DESK: ViewportSize = {"width": 1100, "height": 900}
ORGANIZER_PASSWORD = "the organizer's own passphrase"
PASSWORDS = {"ann": "ann's long passphrase 1", "ben": "ben's long passphrase 2",
             "cleo": "cleo's long passphrase 3"}  # fmt: skip
SHEET = {
    0: ("Olga", {"settlements": "3", "cities": "1"}),
    1: ("Ann", {"settlements": "2", "cities": "7", "vp_cards": "1"}),  # 7: a typo, fixed below
    2: ("Ben", {"settlements": "4", "cities": "1"}),
    3: ("Cleo", {"settlements": "3"}),
}
"""Seat, player and pieces by source (1 city is 2 VP); Ann (seat 2) also holds Longest Road,
Ben Largest Army."""


@dataclass
class Window:
    """One person's browser: its own cookies, its page, and what went wrong in it."""

    context: BrowserContext
    page: Page
    errors: list[str] = field(default_factory=list)

    def console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(message.text)

    def close(self) -> None:
        """Close it, after checking that nothing the page did was refused: a CSP violation
        and a failed htmx request are console errors."""
        assert self.errors == [], "\n".join(self.errors)
        self.context.close()


def open_window(chromium: Browser, *, phone: bool = False) -> Window:
    if phone:
        context = chromium.new_context(
            viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True
        )
    else:
        context = chromium.new_context(viewport=DESK)
    window = Window(context, context.new_page())
    window.page.on("console", window.console)
    window.page.on("pageerror", lambda error: window.errors.append(str(error)))
    return window


def shot(page: Page, screenshots: Path, name: str, at: str = "") -> None:
    """The whole page, or the screen scrolled to the element `at` (a phone's view)."""
    if at:
        page.locator(at).first.scroll_into_view_if_needed()
    page.screenshot(path=str(screenshots / f"story-{name}.png"), full_page=not at)


def sign_in(page: Page, site: str, username: str, password: str) -> None:
    page.goto(f"{site}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("button:has-text('Sign in')")
    expect(page.locator(".who")).to_have_text(username)


def sign_up_and_create_the_league(page: Page, site: str, screenshots: Path) -> None:
    page.goto(f"{site}/accounts/signup/")
    page.fill("#id_username", "olga")
    page.fill("#id_password1", ORGANIZER_PASSWORD)
    page.fill("#id_password2", ORGANIZER_PASSWORD)
    page.click("button:has-text('Create the account')")
    expect(page).to_have_url(f"{site}/leagues/new/")
    page.fill("#id_name", "Bonn Catan")
    expect(page.locator("#id_slug")).to_have_value("bonn-catan")  # suggested from the name
    page.fill("#id_slug", "bonn")
    page.fill("#id_time_zone", "Europe/Berlin")
    shot(page, screenshots, "1-new-league")
    page.click("button:has-text('Create the league')")
    expect(page).to_have_url(f"{site}/l/bonn/members/")


def add_player(page: Page, name: str, username: str) -> str:
    """Add a player with an account: the reset link handed over for a new account, or ''
    for an account that exists (the organizer's own)."""
    form = page.locator("#add-player")
    form.locator("input[name=name]").fill(name)
    form.locator("input[name=username]").fill(username)
    if username != "olga":
        form.locator("input[name=new_account]").check()
    form.locator("button").click()
    expect(page.locator("#members")).to_contain_text(name)
    link = page.locator("#reset-link .tr-link")
    if username == "olga":
        expect(link).to_have_count(0)
        return ""
    expect(page.locator("#reset-link")).to_contain_text(username)
    return link.inner_text().strip()


def set_password(chromium: Browser, link: str, password: str) -> None:
    window = open_window(chromium, phone=True)
    page = window.page
    page.goto(link)
    page.fill("#id_new_password1", password)
    page.fill("#id_new_password2", password)
    page.click("button:has-text('Set the password')")
    expect(page.locator("h1")).to_have_text("Password set")
    window.close()


def record_on_a_phone(chromium: Browser, site: str, screenshots: Path) -> None:
    window = open_window(chromium, phone=True)
    page = window.page
    sign_in(page, site, "olga", ORGANIZER_PASSWORD)
    page.goto(f"{site}/l/bonn/record/")
    page.fill("[name=played_at]", "2026-05-02T20:30")
    page.fill("[name=city]", "Bonn")
    page.fill("[name=event]", "Spring Night")
    page.fill("[name=round]", "1")
    for seat, (name, sources) in SHEET.items():
        page.fill(f"[name=seat-{seat}-player]", name)
        for source, vp in sources.items():
            page.fill(f"[name=seat-{seat}-{source}]", vp)
    page.check("input[name=award-longest_road][value='1']")
    page.check("input[name=award-largest_army][value='2']")
    # The live check: Ann's 7 cities (14 VP) cannot be right, says the engine.
    expect(page.locator("#sheet-errors")).to_contain_text(
        "Ann: cities 14 VP is over the maximum of 8"
    )
    expect(page.locator("#name-longest_road-1")).to_have_text("Ann")
    shot(page, screenshots, "2-record-phone-error", at="#sheet")
    expect(page.locator("#vp-seat-1-cities")).to_have_text("= 14 VP")  # beside the count
    page.fill("[name=seat-1-cities]", "3")
    expect(page.locator("#vp-seat-1-cities")).to_have_text("= 6 VP")
    expect(page.locator("#total-1")).to_have_text("11")
    expect(page.locator("#seat-total-1")).to_have_text("· 11 VP")
    expect(page.locator("#sheet-ok")).to_be_visible()
    expect(page.locator("#sheet")).to_contain_text("Highest VP reaching the target of 10: Ann.")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.wait_for_load_state("networkidle")
    page.check("input[name=confirm_winner]")
    shot(page, screenshots, "3-record-phone-seats", at="fieldset.tr-seat")
    shot(page, screenshots, "4-record-phone-check", at="#submit")
    page.click("#submit")
    expect(page.locator("#verification")).to_have_text(
        "Waiting for 2 more of Ann, Ben and Cleo to confirm."
    )
    expect(page.locator("caption").first).to_be_visible()
    shot(page, screenshots, "5-recorded-phone")
    page.goto(f"{site}/l/bonn/record/")  # the city is remembered on this phone
    expect(page.locator("[name=city]")).to_have_value("Bonn")
    window.close()


def confirm_in_the_inbox(
    chromium: Browser, site: str, username: str, screenshots: Path, summary: str
) -> None:
    window = open_window(chromium, phone=True)
    page = window.page
    sign_in(page, site, username, PASSWORDS[username])
    page.goto(f"{site}/inbox/")
    row = page.locator("article.tr-row")
    expect(row).to_have_count(1)
    expect(row).to_contain_text("Olga")
    if username == "ann":
        shot(page, screenshots, "6-inbox-phone")
    row.locator("button:has-text('Confirm')").click()
    expect(page.locator("article.tr-row .tr-message")).to_contain_text(summary)
    expect(page.locator("article.tr-row form")).to_have_count(0)
    if username == "ben":
        shot(page, screenshots, "7-inbox-confirmed-phone")
    window.close()


def record_kremlin_on_a_phone(chromium: Browser, site: str) -> None:
    """A game that is not Catan, by places, from the Catan sheet's link."""
    window = open_window(chromium, phone=True)
    page = window.page
    sign_in(page, site, "olga", ORGANIZER_PASSWORD)
    page.goto(f"{site}/l/bonn/record/")
    page.click("#record-other")
    page.fill("#id_title", "Kremlin")
    page.select_option("#id_players", "3")
    expect(page.locator("[name=seat-2-player]")).to_be_visible()  # the sheet redrew for three
    for seat, (name, place) in enumerate((("Olga", "1"), ("Ben", "2"), ("Ann", "3"))):
        page.fill(f"[name=seat-{seat}-player]", name)
        page.fill(f"[name=seat-{seat}-place]", place)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.click("#submit")
    expect(page.locator("#verification")).to_contain_text("to confirm")
    expect(page.locator("#recorded-seats")).to_contain_text("Olga")
    page.goto(f"{site}/l/bonn/standings/")
    every_link_on_screen(page, ".league-nav a, nav.tabs a.tab")
    expect(page.locator(".league-nav a:has-text('Settings')")).to_be_visible()
    window.close()


def correct_the_kremlin_result(page: Page, site: str, kremlin: GameRecord) -> None:
    """From the game's page: Ben and Ann swap places, with why; the original stays, voided."""
    page.goto(f"{site}/l/bonn/games/{kremlin.external_id}")
    page.click("#correct-result a.button")
    expect(page.locator("[name=seat-1-player]")).to_have_value("Ben")  # the stored sheet
    page.fill("[name=seat-1-place]", "3")
    page.fill("[name=seat-2-place]", "2")
    page.fill("#id_why", "Ann finished second, not Ben")
    page.click("#submit")
    expect(page.locator(".messages, main").first).to_contain_text("corrected")
    kremlin.refresh_from_db()
    assert (kremlin.status, kremlin.void_reason) == (
        RecordStatus.VOIDED,
        "Ann finished second, not Ben",
    )
    corrected = GameRecord.objects.get(replaces=kremlin)
    assert [(s.player, s.place) for s in corrected.to_record().seats] == [
        ("Olga", 1),
        ("Ben", 3),
        ("Ann", 2),
    ]


def every_link_on_screen(page: Page, links: str) -> None:
    """On a phone, every link of the league's navigation and every standings tab is within
    the screen's width: none is reached only by scrolling sideways."""
    boxes = page.locator(links).evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect(); "
        "return [e.textContent.trim(), r.left, r.right]; })"
    )
    assert len(boxes) > 10
    outside = [name for name, left, right in boxes if left < 0 or right > PHONE["width"]]
    assert not outside, outside


def import_a_spreadsheet(page: Page, site: str) -> None:
    """A club's night from a German spreadsheet (semicolons), previewed, then imported."""
    page.goto(f"{site}/l/bonn/members/")
    page.click("#import-link")
    sheet = Path(__file__).parents[2] / "examples" / "imports" / "club-night-semicolon.csv"
    page.set_input_files("#id_file", str(sheet))
    page.click("#import-upload button")
    expect(page.locator("#import-preview")).to_contain_text("to import")
    assert GameRecord.objects.filter(league__slug="bonn").count() == 2  # nothing stored yet
    page.click("#import-button")
    expect(page.locator("#import-done")).to_contain_text("imported")
    assert GameRecord.objects.filter(league__slug="bonn").count() > 2


def rename_a_player(page: Page, site: str) -> None:
    """Cleo's name was typed wrong when she joined: the members page fixes it, audited."""
    page.goto(f"{site}/l/bonn/members/")
    page.fill("#id_rename-player", "Cleo")
    page.fill("#id_rename-name", "Clea")
    page.fill("#id_rename-why", "her name is Clea")
    page.click("#rename-player button")
    expect(page.locator(".messages")).to_contain_text("Cleo is called Clea now")
    expect(page.locator("#player-changes")).to_contain_text("Cleo renamed to Clea")
    page.goto(f"{site}/l/bonn/standings/")
    expect(page.locator("main")).to_contain_text("Clea")


def test_the_league_story(chromium: Browser, site: str, screenshots: Path) -> None:
    window = open_window(chromium)
    organizer = window.page
    sign_up_and_create_the_league(organizer, site, screenshots)
    links = {"olga": add_player(organizer, "Olga", "olga")}
    for name in ("Ann", "Ben", "Cleo"):
        links[name.lower()] = add_player(organizer, name, name.lower())
    shot(organizer, screenshots, "8-members")
    for username, password in PASSWORDS.items():
        set_password(chromium, links[username], password)

    organizer.goto(f"{site}/l/bonn/players/Ann")
    expect(organizer.locator(".empty")).to_contain_text("Ann has no rated game")

    record_on_a_phone(chromium, site, screenshots)
    record = GameRecord.objects.get()
    assert record.status == RecordStatus.SUBMITTED
    assert (record.city, record.event, record.round) == ("Bonn", "Spring Night", 1)

    confirm_in_the_inbox(chromium, site, "ann", screenshots, "waiting for 1 more of Ben and Cleo")
    confirm_in_the_inbox(chromium, site, "ben", screenshots, ": confirmed.")
    record.refresh_from_db()
    assert record.status == RecordStatus.CONFIRMED

    cleo = open_window(chromium, phone=True)
    sign_in(cleo.page, site, "cleo", PASSWORDS["cleo"])
    cleo.page.goto(f"{site}/inbox/")
    expect(cleo.page.locator("#inbox-empty")).to_be_visible()
    cleo.close()

    organizer.goto(f"{site}/l/bonn/standings/")
    for name in ("Ann", "Ben", "Cleo", "Olga"):
        expect(organizer.locator("main")).to_contain_text(name)
    shot(organizer, screenshots, "9-standings")
    organizer.click("#how-computed")  # the tab's "How is this computed?"
    expect(organizer.locator("#system-doc h2").first).to_have_text("What it rewards")
    organizer.goto(f"{site}/l/bonn/record/")  # a laptop's sheet: seats side by side
    first, second = (organizer.locator("fieldset.tr-seat").nth(i).bounding_box() for i in (0, 1))
    assert first is not None
    assert second is not None
    assert first["y"] == second["y"]
    assert first["x"] < second["x"]
    organizer.goto(f"{site}/l/bonn/standings/monthly/?city=Bonn&month=2026-05")
    expect(organizer.locator("main")).to_contain_text("Ann")
    rename_a_player(organizer, site)
    organizer.goto(f"{site}/l/bonn/players/Ann")
    expect(organizer.locator(".empty")).to_have_count(0)
    expect(organizer.locator("[data-chart=rating-history] canvas").first).to_be_visible()
    shot(organizer, screenshots, "10-player-chart")
    record_kremlin_on_a_phone(chromium, site)
    import_a_spreadsheet(organizer, site)
    kremlin = GameRecord.objects.get(title="Kremlin")
    assert [s.place for s in kremlin.to_record().seats] == [1, 2, 3]
    correct_the_kremlin_result(organizer, site, kremlin)
    window.close()
    taken = [p for p in screenshots.glob("story-*.png") if p.read_bytes()[:4] == b"\x89PNG"]
    assert len(taken) == 10
