"""Browser tests: Debian's chromium driven by Playwright's sync API against pytest-django's live
server. Never a downloaded browser. Without /usr/bin/chromium they are skipped, except in CI
(the CI variable set), where that is a failure: CI cannot go green without running them."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Playwright, expect, sync_playwright

CHROMIUM = Path("/usr/bin/chromium")
SCREENSHOTS_AT = "TABLERANK_SCREENSHOTS"
"""The environment variable naming a directory for the screenshots (scripts/update-screenshots
sets it); without it they go to a temporary directory. The tests never write into docs/."""
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

# Playwright's sync API keeps an asyncio loop in this thread; the test's own ORM calls are
# synchronous all the same.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
# A page's checks wait up to this long (Playwright's default is 5 s, too short for a live server
# on a busy machine); a page that never gets there still fails.
expect.set_options(timeout=30_000)


def require_chromium(chromium: Path = CHROMIUM) -> None:
    """Skip without Debian's chromium; fail instead where the CI variable is set."""
    if chromium.exists():
        return
    message = f"{chromium} is missing: install it with scripts/install-browser"
    if os.environ.get("CI"):
        pytest.fail(f"browser tests cannot run in CI: {message}")
    pytest.skip(message)


@pytest.fixture(scope="session")
def driver() -> Iterator[Playwright]:
    require_chromium()
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def chromium(driver: Playwright) -> Iterator[Browser]:
    browser = driver.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
    yield browser
    browser.close()


@pytest.fixture(scope="session")
def static_root(tmp_path_factory: pytest.TempPathFactory) -> None:
    """A static root that exists before the live server loads whitenoise (which warns about a
    missing one); the pages' files are served from the apps by the live server."""
    from django.conf import settings

    settings.STATIC_ROOT = str(tmp_path_factory.mktemp("static"))


@pytest.fixture
def site(static_root: None, live_server: Any, transactional_db: None) -> str:
    """The live site's address."""
    return str(live_server.url)


def screenshot_directory(temporary: Path) -> Path:
    """Where the browser tests' screenshots go: the directory TABLERANK_SCREENSHOTS names, or
    `temporary`. Choosing which of them the docs show is scripts/update-screenshots' job."""
    chosen = os.environ.get(SCREENSHOTS_AT, "").strip()
    return Path(chosen) if chosen else temporary


@pytest.fixture(scope="session")
def screenshots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    directory = screenshot_directory(tmp_path_factory.mktemp("screenshots"))
    directory.mkdir(parents=True, exist_ok=True)
    return directory
