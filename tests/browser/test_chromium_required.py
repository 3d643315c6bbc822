"""Browser tests skip where Debian's chromium is missing, but never in CI."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.conftest import require_chromium


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
