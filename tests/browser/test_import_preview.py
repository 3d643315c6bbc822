"""The web import on a phone (issue 41): a BG Stats export with every quirk previews with the
right counts, the games to import, the plays left out and the notes, without scrolling sideways;
a club's own sheet previews through a column mapping."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser

from tablerank.league.models import League
from tablerank.web import demo
from tests.browser.test_every_page import LEAGUE, SIZES, Visitor

pytestmark = pytest.mark.browser

ROOT = Path(__file__).parents[2]
QUIRKS = ROOT / "tests" / "formats" / "fixtures" / "bgstats-quirks.json"
SHEET = ROOT / "examples" / "imports" / "club-sheet-tr.csv"
COLUMNS = 'id="Oyun No",date=Tarih,player="Asıl oyuncu",vp=Puan,winner=Kazanan'


@pytest.fixture
def league(site: str) -> League:
    return demo.load().league


def test_an_app_export_and_a_club_sheet_preview_on_a_phone(
    chromium: Browser, site: str, league: League, screenshots: Path
) -> None:
    visitor = Visitor(chromium, site, "phone", "admin")
    page = visitor.page
    page.goto(f"{site}{LEAGUE}/import/")
    page.set_input_files("#id_file", str(QUIRKS))
    page.click("#import-upload button[type=submit]")
    page.wait_for_selector("#import-preview")
    summary = page.locator("#import-preview p").first.inner_text()
    skipped = page.locator("#preview-skipped tbody tr").count()
    assert f"{skipped} rows that are not a result" in summary
    assert page.locator("#preview-notes tbody tr").count() >= 3
    assert page.locator("#preview-games tbody tr").count() >= 4
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= SIZES["phone"]["width"], f"{wide} px wide: the preview scrolls sideways"
    page.screenshot(path=str(screenshots / "web-import-preview-phone.png"), full_page=True)
    page.click("#import-cancel")
    page.goto(f"{site}{LEAGUE}/import/")
    page.set_input_files("#id_file", str(SHEET))
    page.fill("#id_columns", COLUMNS)
    page.click("#import-upload button[type=submit]")
    page.wait_for_selector("#import-preview")
    assert "3 records to import" in page.locator("#import-preview p").first.inner_text()
    assert page.locator("#preview-games tbody tr").first.inner_text().startswith("2022-02-22")
    assert not visitor.errors
    visitor.context.close()
