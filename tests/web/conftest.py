"""Fixtures every web test shares."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.web.action_helpers import Club, make_club


@pytest.fixture(autouse=True)
def static_root(settings: Any, tmp_path: Path) -> None:
    """A static root that exists: whitenoise warns about a missing one (warnings fail tests)."""
    settings.STATIC_ROOT = str(tmp_path)


@pytest.fixture
def club(db: None) -> Club:
    """A league with an admin who plays, an official, three players and an outsider."""
    return make_club()
