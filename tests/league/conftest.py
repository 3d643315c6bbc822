from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth.models import User

from tablerank.engine.records import Game
from tablerank.formats.reading import read_records
from tablerank.league.models import League

SEASON = Path(__file__).parents[2] / "examples" / "club-season.jsonl"


@pytest.fixture
def official(db: None) -> User:
    return User.objects.create_user("official")


@pytest.fixture
def league(db: None, official: User) -> League:
    """A league whose admin is the `official` user (who may void and correct)."""
    league = League.objects.create(
        name="Bonn & Köln Catan", slug="bonn-koeln", time_zone="Europe/Berlin"
    )
    league.admins.add(official)
    return league


@pytest.fixture(scope="session")
def season() -> list[Game]:
    """The shipped sample season's games (its events are left out)."""
    return [r for r in read_records([SEASON]) if isinstance(r, Game)]
