"""An order-dependent list of many names keeps its checkpoints further apart (`falls_due`), and
a change in the past restores and rewrites them as a rebuild writes them."""

from __future__ import annotations

import datetime as dt
import itertools
import random

import pytest
from django.contrib.auth.models import User

from tablerank.engine.records import Game, Seat
from tablerank.engine.systems import get_system
from tablerank.league.models import GameRecord, League, RatingCheckpoint, RecordStatus
from tablerank.league.ratings import checkpoints, pool_updates
from tablerank.league.services import rebuild_ratings, record_games, void_game
from tests.league.test_replay_ways import _state


@pytest.mark.parametrize(
    ("count", "names", "due"),
    [
        (10_000, 1, True),
        (10_000, 39_999, True),  # fewer than four steps' worth of names: every 10,000 games
        (10_000, 40_000, False),  # from 40,000 names on: every 20,000
        (20_000, 40_000, True),
        (30_000, 79_999, False),
        (40_000, 100_000, True),  # a million games among 100,000 players: every 40,000
        (20_000, 100_000, False),
        (60_000, 100_000, False),
        (80_000, 159_999, True),
        (80_000, 160_000, True),
        (120_000, 160_000, False),
        (5_000, 1, False),
        (0, 1, True),
    ],
)
def test_a_checkpoint_falls_due_every_step_that_a_quarter_of_the_names_exceeds(
    count: int, names: int, due: bool
) -> None:
    assert checkpoints.falls_due(count, names) is due


def test_a_million_games_among_100000_players_keep_25_checkpoints() -> None:
    kept = [c for c in range(1, 1_000_001) if checkpoints.falls_due(c, 100_000)]
    assert len(kept) == 25
    assert all(later - earlier == 40_000 for earlier, later in itertools.pairwise(kept))


def _games(players: int, count: int) -> list[Game]:
    rng = random.Random(7)
    start = dt.date(2026, 1, 1)
    out = []
    for number in range(count):
        seated = rng.sample(range(players), 4)
        seats = tuple(
            Seat(f"p{p}", place, vp=12 - 2 * place, winner=place == 1)
            for place, p in enumerate(seated, start=1)
        )
        out.append(Game(f"g{number}", start + dt.timedelta(days=number // 5), seats))
    return out


@pytest.mark.django_db
def test_a_void_in_a_list_of_many_names_writes_the_checkpoints_a_rebuild_writes(
    official: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    """40 players, a checkpoint due every 2 games where fewer than 8 names are rated, every
    16 once all 40 are: the void of an early game restores the checkpoint before it, and
    leaves the same rows, watermark and checkpoints as a rebuild of the whole list."""
    monkeypatch.setattr(checkpoints, "EVERY", 2)
    monkeypatch.setattr(pool_updates, "COMPILED_APPEND", 10**9)
    league = League.objects.create(name="Many", slug="many")
    league.admins.add(official)
    record_games(league, _games(40, 120), official)
    stored = RatingCheckpoint.objects.filter(league=league, system="cow.elo")
    counts = sorted(stored.values_list("games", flat=True))
    assert counts[0] == 4  # 8 names after 2 games: a step of 4
    assert counts[-3:] == [80, 96, 112]  # 40 names: every 16 games
    voided = GameRecord.objects.filter(league=league, status=RecordStatus.CONFIRMED)
    void_game(voided.order_by("date", "sequence")[30], official, "entered twice")
    after_void = _state(league)
    rebuild_ratings(league)
    assert _state(league) == after_void
    elo = get_system("cow.elo")
    kept = [r.to_record() for r in GameRecord.objects.filter(status=RecordStatus.CONFIRMED)]
    ordered = sorted(kept, key=lambda game: game.date)
    for system, _, _, _, games, ratings in after_void["checkpoints"]:
        if system == "cow.elo":
            assert ratings == elo.totals(ordered[:games]).ratings
