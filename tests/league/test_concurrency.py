"""Several app processes on one PostgreSQL database give the ratings one process gives
recording the same results in order (issue 4, item 7)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from urllib.parse import quote

import pytest
from django.contrib.auth.models import User
from django.db import connection

from tablerank.engine.records import Game
from tablerank.formats.records import game_json
from tablerank.league.models import GameRecord, League, RecordStatus
from tablerank.league.queries.tables import lists_of
from tablerank.league.services import confirmed_history, ratings, record_game

from .test_rating_state import assert_state_is_replay

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="several processes share a server database; SQLite runs them one at a time",
    ),
]

WORKERS = 4
ROOT = Path(__file__).parents[2]
WORKER = [sys.executable, "-m", "tests.league.concurrent_worker"]


def database_url() -> str:
    db = connection.settings_dict
    user = quote(db["USER"] or "")
    password = f":{quote(db['PASSWORD'])}" if db["PASSWORD"] else ""
    return f"postgres://{user}{password}@{db['HOST']}:{db['PORT']}/{db['NAME']}"


def run_workers(slug: str, games: list[Game], phase: str, tmp_path: Path) -> None:
    """Start WORKERS processes on their shares of `games`, release them at once, wait."""
    path = tmp_path / f"{phase}.jsonl"
    path.write_text("".join(json.dumps(game_json(g)) + "\n" for g in games))
    env = os.environ | {
        "DJANGO_SETTINGS_MODULE": "tests.league.settings",
        "TABLERANK_DATABASE_URL": database_url(),
    }
    procs = [
        subprocess.Popen(
            [*WORKER, slug, str(path), str(worker), str(WORKERS), phase],
            cwd=ROOT,
            env=env,
            stderr=subprocess.PIPE,
            text=True,
        )
        for worker in range(WORKERS)
    ]
    Path(f"{path}.go").touch()
    for proc in procs:
        _, err = proc.communicate(timeout=600)
        assert proc.returncode == 0, err


def recorded_in_order(league: League) -> list[Game]:
    """The confirmed games in the order the concurrent run recorded them."""
    rows = GameRecord.objects.filter(league=league, status=RecordStatus.CONFIRMED)
    by_id = {g.id: g for g in confirmed_history(league)}
    return [by_id[i] for i in rows.order_by("sequence").values_list("external_id", flat=True)]


def assert_same_ratings(concurrent: League, sequential: League) -> None:
    for name in concurrent.systems:
        keys: list[str | None] = [*lists_of(concurrent, name)] or [None]
        for key in keys:
            assert ratings(concurrent, name, key) == ratings(sequential, name, key), (name, key)


def test_concurrent_workers_rate_like_one_process_in_order(
    tmp_path: Path, season: list[Game]
) -> None:
    official = User.objects.create_user("official")
    shared = League.objects.create(name="Shared", slug="shared")
    shared.admins.add(official)
    run_workers("shared", season[:160], "record", tmp_path)
    assert GameRecord.objects.filter(league=shared).count() == 160
    assert_state_is_replay(shared)

    run_workers("shared", season[40:72], "change", tmp_path)
    assert GameRecord.objects.filter(league=shared, status=RecordStatus.VOIDED).count() == 32
    assert_state_is_replay(shared)

    alone = League.objects.create(name="Alone", slug="alone")
    for game in recorded_in_order(shared):
        record_game(alone, game, official)
    assert_same_ratings(shared, alone)
