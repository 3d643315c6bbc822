"""Browser tests skip where Debian's chromium is missing, but never in CI; they write their
screenshots into the docs only when asked to."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.conftest import (
    SCREENSHOTS,
    UPDATE_SCREENSHOTS,
    require_chromium,
    screenshot_directory,
)


def test_without_chromium_browser_tests_are_skipped_locally(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="install it with scripts/install-browser"):
        require_chromium(tmp_path / "chromium")


def test_without_chromium_browser_tests_fail_in_ci(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="browser tests cannot run in CI"):
        require_chromium(tmp_path / "chromium")


@pytest.mark.parametrize("value", [None, "", "0", "yes"])
def test_screenshots_go_to_a_temporary_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, value: str | None
) -> None:
    if value is None:
        monkeypatch.delenv(UPDATE_SCREENSHOTS, raising=False)
    else:
        monkeypatch.setenv(UPDATE_SCREENSHOTS, value)
    assert screenshot_directory(tmp_path) == tmp_path


def test_screenshots_regenerate_the_docs_images_on_request(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(UPDATE_SCREENSHOTS, "1")
    assert screenshot_directory(tmp_path) == SCREENSHOTS
    assert SCREENSHOTS.parts[-2:] == ("docs", "img")
