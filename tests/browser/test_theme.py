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
