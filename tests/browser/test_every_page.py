"""Every page of the site in a real browser, at a phone's size (390x844) and a laptop's
(1100x900), on the demo league (`tablerank serve --demo`) with a tournament seated through the
league's services: each page answers as it should, logs no console error (a CSP violation, a
failed htmx request, a script error), and on the phone fits the screen's width (nothing
scrolls sideways). Each page's screenshot, web-<page>-<size>.png, goes to a temporary
directory or the one TABLERANK_SCREENSHOTS names; scripts/update-screenshots copies the ones
the docs show into the docs."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, ViewportSize

from tablerank.league.models import GameRecord, League, RecordStatus
from tablerank.league.services import issue_token
from tablerank.league.services.tournament_rounds import seat_next_round
from tablerank.league.services.tournaments import create_tournament, register_players
from tablerank.web import demo
from tests.browser.test_story import sign_in

pytestmark = pytest.mark.browser

SIZES: dict[str, ViewportSize] = {
    "phone": {"width": 390, "height": 844},
    "desktop": {"width": 1100, "height": 900},
}
LEAGUE = f"/l/{demo.SLUG}"
TOURNAMENT = ["Ann", "Ben", "Cleo", "Kai", "Mia", "Dario", "Emre"]
"""The Winter Cup's players: seven, so round 1 seats a table of four and one of three."""


@dataclass(frozen=True)
class Shot:
    """One page: its screenshot's name, its path, who looks at it, what it must show, and the
    HTTP status it answers with."""

    name: str
    path: str
    who: str
    shows: str
    status: int = 200
    at: str = ""
    """An element to scroll to before the screenshot (the page's point is below its top)."""


def _game(external_id: str) -> GameRecord:
    return GameRecord.objects.exclude(status=RecordStatus.VOIDED).get(external_id=external_id)


def every_page() -> list[Shot]:
    """The pages, as the demo league and its Winter Cup fill them."""
    catan = GameRecord.objects.filter(status=RecordStatus.CONFIRMED, variant="base").last()
    assert catan is not None
    kremlin, pending = _game("kremlin-01"), _game("bon-201")
    admin, ann = "admin", demo.SIGN_IN_AS
    return [
        Shot("leagues", "/", ann, "Rhineland Catan League"),
        Shot("league-home", f"{LEAGUE}/", ann, "results wait for your confirmation"),
        Shot("standings", f"{LEAGUE}/standings/", ann, "Download CSV"),
        Shot("forecasts", f"{LEAGUE}/forecasts/", ann, "Who will win?"),
        Shot("games", f"{LEAGUE}/games/", ann, "Games"),
        Shot("player", f"{LEAGUE}/players/Ann", ann, "Ann"),
        Shot("game", f"{LEAGUE}/games/{catan.external_id}", ann, catan.external_id),
        Shot("game-other", f"{LEAGUE}/games/kremlin-01", admin, "Kremlin", at="#correct-result"),
        Shot("event", f"{LEAGUE}/events/{quote('Autumn Open')}", ann, "Autumn Open"),
        Shot("projector", f"{LEAGUE}/projector/{quote('Autumn Open')}", ann, "Autumn Open"),
        Shot("inbox", "/inbox/", ann, "bon-201"),
        Shot("tokens", "/accounts/tokens/", ann, "phone script"),
        Shot("account", "/accounts/email/", ann, "E-mail address"),
        Shot("forgot-password", "/accounts/password/forgot/", ann, "Forgot your password?"),
        Shot("record", f"{LEAGUE}/record/", ann, "Record a game"),
        Shot("record-other", f"{LEAGUE}/record/other/", ann, "Record another game"),
        Shot("recorded", f"{LEAGUE}/record/{pending.pk}/", ann, "Recorded: bon-201"),
        Shot("members", f"{LEAGUE}/members/", admin, "Fix a player's name"),
        Shot("settings", f"{LEAGUE}/settings/", admin, demo.NAME),
        Shot("import", f"{LEAGUE}/import/", admin, "import results"),
        Shot("correct", f"{LEAGUE}/correct/{catan.pk}/", admin, "Correct", at="#id_why"),
        Shot(
            "correct-other",
            f"{LEAGUE}/correct/{kremlin.pk}/",
            admin,
            "Correct kremlin-01",
            at=".tr-seat",
        ),
        Shot("tournament-new", f"{LEAGUE}/tournaments/new/", admin, "tournament"),
        Shot("tournament", f"{LEAGUE}/tournaments/winter-cup/", admin, "Winter Cup"),
        Shot("pairings", f"{LEAGUE}/tournaments/winter-cup/pairings/", ann, "Find your name"),
        Shot("labels", f"{LEAGUE}/tournaments/winter-cup/labels/", admin, "Winter Cup · round 1"),
        Shot("slips", f"{LEAGUE}/tournaments/winter-cup/slips/", admin, "Longest Road"),
        Shot("not-found", "/l/no-such-league/", ann, "Not found", status=404),
    ]


@pytest.fixture
def league(site: str) -> League:
    """The demo league, with the Winter Cup's first round seated."""
    loaded = demo.load()
    admin = User.objects.get(username="admin")
    cup = create_tournament(loaded.league, admin, name="Winter Cup", rounds=3)
    register_players(cup, TOURNAMENT, admin, checked_in=True)
    seat_next_round(cup, admin)
    issue_token(User.objects.get(username=demo.SIGN_IN_AS), "phone script")
    return loaded.league


IDS_AND_LABELS = """(() => {
  const seen = new Map();
  for (const e of document.querySelectorAll("[id]")) seen.set(e.id, (seen.get(e.id) || 0) + 1);
  const twice = [...seen].filter(([, n]) => n > 1).map(([id]) => `id ${id} is used twice`);
  const dangling = [...document.querySelectorAll("label[for]")]
    .filter((l) => !document.getElementById(l.htmlFor))
    .map((l) => `label for ${l.htmlFor} names no field`);
  return [...twice, ...dangling];
})()"""
"""Every id once on a page, and every label's `for` naming a field there (issue 43)."""


class Visitor:
    """One signed-in browser at one size, collecting what went wrong on its pages."""

    def __init__(self, chromium: Browser, site: str, size: str, username: str) -> None:
        phone = size == "phone"
        self.context: BrowserContext = chromium.new_context(
            viewport=SIZES[size], is_mobile=phone, has_touch=phone
        )
        self.page: Page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        sign_in(self.page, site, username, demo.PASSWORD)

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(message.text)


def visit(visitor: Visitor, site: str, shot: Shot, size: str, screenshots: Path) -> list[str]:
    """Open the page, check it, take its screenshot; what is wrong with it, in words."""
    page = visitor.page
    visitor.errors.clear()
    response = page.goto(site + shot.path)
    assert response is not None
    page.wait_for_load_state("networkidle", timeout=120_000)  # htmx parts, charts
    problems = []
    if shot.shows not in page.locator("main").inner_text():
        problems.append(f"does not show {shot.shows!r}")
    if response.status != shot.status:
        problems.append(f"answered {response.status}, not {shot.status}")
    expected = f"status of {shot.status}" if shot.status >= 400 else None
    errors = [e for e in visitor.errors if expected is None or expected not in e]
    problems += [f"console: {error}" for error in errors]
    problems += page.evaluate(IDS_AND_LABELS)
    # Against the screen's width, not window.innerWidth: a phone's browser widens its layout
    # viewport (and innerWidth) to content that does not fit, so that would always pass.
    wide, screen = page.evaluate("document.documentElement.scrollWidth"), SIZES[size]["width"]
    if size == "phone" and wide > screen:
        problems.append(f"{wide} px wide on a {screen} px screen: it scrolls sideways")
    if shot.at:  # to the middle of the screen, clear of the header
        page.locator(shot.at).first.evaluate("e => e.scrollIntoView({block: 'center'})")
    page.screenshot(path=str(screenshots / f"web-{shot.name}-{size}.png"))
    return [f"{shot.name} ({shot.path}): {problem}" for problem in problems]


@pytest.mark.parametrize("size", list(SIZES))
def test_every_page_at_every_size(
    chromium: Browser, site: str, screenshots: Path, league: League, size: str
) -> None:
    visitors: dict[str, Visitor] = {}
    problems: list[str] = []
    for shot in every_page():
        if shot.who not in visitors:
            visitors[shot.who] = Visitor(chromium, site, size, shot.who)
        problems += visit(visitors[shot.who], site, shot, size, screenshots)
    tabs = visitors[demo.SIGN_IN_AS].page
    tabs.goto(f"{site}{LEAGUE}/standings/")
    hrefs = tabs.locator("nav.tabs a.tab").evaluate_all("links => links.map(a => a.pathname)")
    assert len(hrefs) > 10, hrefs
    for href in hrefs:
        tab = href.rstrip("/").rsplit("/", 1)[-1]
        shows = "rated · Download CSV" if tab == "skill" else "Download CSV"  # skill: fetched
        shot = Shot(f"standings-{tab}", href, demo.SIGN_IN_AS, shows)
        problems += visit(visitors[demo.SIGN_IN_AS], site, shot, size, screenshots)
    for visitor in visitors.values():
        visitor.context.close()
    assert not problems, "\n".join(problems)
    taken = list(screenshots.glob(f"web-*-{size}.png"))
    assert len(taken) >= len(every_page()) + len(hrefs)
    assert all(path.read_bytes()[:4] == b"\x89PNG" for path in taken)
