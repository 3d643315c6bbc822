"""Migration 0016 rebuilds the lists of a league whose rows split a player by spelling (what
imports left before they rated under the league's spelling), and leaves the others alone."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest
from django.apps import apps
from django.contrib.auth.models import User

from tablerank.formats.reading import read_records
from tablerank.league.models import League, RatingState
from tablerank.league.services import importing

from .test_import_batches import _snapshot

pytestmark = pytest.mark.django_db

_MIGRATION = importlib.import_module(
    "tablerank.league.migrations.0016_ratings_under_the_league_s_spelling"
)


def _league(slug: str, official: User, tmp_path: Path) -> League:
    league = League.objects.create(name=slug, slug=slug)
    league.admins.add(official)
    path = tmp_path / f"{slug}.jsonl"
    seats = '[{"player": "Ann", "vp": 10, "winner": true}, {"player": "Ben", "vp": 7}]'
    path.write_text(f'{{"id": "g1", "date": "2026-01-01", "seats": {seats}}}\n')
    importing.import_records(league, read_records([path]), official)
    return league


def test_a_split_league_is_rebuilt_and_the_others_are_left(official: User, tmp_path: Path) -> None:
    split, whole = _league("split", official, tmp_path), _league("whole", official, tmp_path)
    expected = _snapshot(split)
    for league in (split, whole):
        RatingState.objects.filter(league=league, system="pages.point", player="Ann").update(
            player="ann"
        )
        RatingState.objects.create(league=league, system="pages.point", player="ANN", rating=3)
    # no row spelled otherwise, but one a rebuild would bring back: a rebuild would show
    RatingState.objects.filter(league=whole, player__in=["ann", "ANN"]).delete()
    untouched = _snapshot(whole)
    _MIGRATION.rebuild_split_leagues(apps, None)
    assert _snapshot(split) == expected
    assert _snapshot(whole) == untouched
