"""The site's theme follows the system's light or dark preference until the visitor chooses one
with the header's toggle (issue 43): the choice then stays, whatever the system prefers."""

from __future__ import annotations

from typing import Literal

import pytest
from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_the_theme_follows_the_system_until_one_is_chosen(
    chromium: Browser, site: str, scheme: Literal["dark", "light"]
) -> None:
    context = chromium.new_context(color_scheme=scheme)
    page = context.new_page()
    page.goto(f"{site}/")
    root = page.locator("html")
    expect(root).to_have_attribute("data-theme", scheme)
    page.click("[data-theme-toggle]")
    other: Literal["dark", "light"] = "light" if scheme == "dark" else "dark"
    expect(root).to_have_attribute("data-theme", other)
    page.emulate_media(color_scheme=scheme)  # the system says it again: the choice stays
    page.reload()
    expect(root).to_have_attribute("data-theme", other)
    context.close()


def test_the_inbox_badge_is_readable_in_the_dark_theme(chromium: Browser, site: str) -> None:
    context = chromium.new_context(color_scheme="dark")
    page = context.new_page()
    page.goto(f"{site}/")  # the site's own stylesheet, in the dark theme
    page.evaluate(
        "document.querySelector('main').insertAdjacentHTML('beforeend',"
        ' \'<a class="count-badge" id="probe" href="/inbox/">3</a>\')'
    )
    colours = page.evaluate(
        "(() => { const s = getComputedStyle(document.getElementById('probe'));"
        " return [s.color, s.backgroundColor]; })()"
    )
    assert colours[0] == "rgb(255, 255, 255)"
    assert colours[0] != colours[1]
    context.close()
