"""Browser tests skip where Debian's chromium is missing, but never in CI; their screenshots go
to a temporary directory or the one TABLERANK_SCREENSHOTS names, never into the docs."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.conftest import SCREENSHOTS_AT, require_chromium, screenshot_directory


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


@pytest.mark.parametrize("value", [None, "", "  "])
def test_screenshots_go_to_a_temporary_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, value: str | None
) -> None:
    if value is None:
        monkeypatch.delenv(SCREENSHOTS_AT, raising=False)
    else:
        monkeypatch.setenv(SCREENSHOTS_AT, value)
    assert screenshot_directory(tmp_path) == tmp_path


def test_screenshots_go_where_the_variable_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(SCREENSHOTS_AT, str(tmp_path / "shots"))
    assert screenshot_directory(tmp_path / "temporary") == tmp_path / "shots"


def test_the_tests_no_longer_write_into_the_docs() -> None:
    """The docs' images are chosen and copied by scripts/update-screenshots, not the tests:
    no browser test names docs/img or the old TABLERANK_UPDATE_SCREENSHOTS switch."""
    here = Path(__file__).parent
    for test in here.glob("*.py"):
        text = test.read_text(encoding="utf-8")
        if test.name != Path(__file__).name:
            assert '"docs"' not in text, test.name
            assert "docs/img" not in text, test.name
            assert "UPDATE_SCREENSHOTS" not in text, test.name
