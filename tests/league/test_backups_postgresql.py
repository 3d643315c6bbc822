"""A backup taken from an SQLite file restores into PostgreSQL with every table equal, and the
ids go on after the restored ones: a club that outgrows its SQLite file moves with two
commands (issue 39, item 6). Runs in the PostgreSQL suite (scripts/with-postgres)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.db import connection, connections

from tablerank.engine.records import new_game
from tablerank.league.models import GameRecord, League
from tablerank.league.services import backups, record_game
from tablerank.league.services.backups import restore
from tablerank.league.services.verifying import verify
from tablerank.league.store.backup_file import Writer
from tablerank.league.store.backup_tables import Table, tables

from .every_table import every_row

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="restores into PostgreSQL"),
]

ROOT = Path(__file__).parents[2]


def test_an_sqlite_backup_restores_into_postgresql_equal_table_by_table(tmp_path: Path) -> None:
    backup, rows = tmp_path / "club.backup.gz", tmp_path / "rows.json"
    env = os.environ | {
        "DJANGO_SETTINGS_MODULE": "tests.league.settings",
        "TABLERANK_DATABASE_URL": f"sqlite:///{tmp_path / 'club.sqlite3'}",
    }
    done = subprocess.run(
        [sys.executable, "-m", "tests.league.backup_source", str(backup), str(rows)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    restored = restore(backup)
    assert every_row() == json.loads(rows.read_text(encoding="utf-8"))
    assert restored.total == sum(map(len, json.loads(rows.read_text(encoding="utf-8")).values()))
    assert verify(League.objects.get(slug="demo")) == []
    # every sequence goes on after the restored ids: new rows in many tables at once
    league = League.objects.get(slug="demo")
    most = max(GameRecord.objects.values_list("pk", flat=True))
    user = User.objects.create_user("newcomer")
    assert user.pk > max(User.objects.exclude(pk=user.pk).values_list("pk", flat=True))
    league.officials.add(user)
    seats = [{"player": "Newcomer", "vp": 10, "winner": True}, {"player": "Ann", "vp": 7},
             {"player": "Kai", "vp": 8}]  # fmt: skip
    game = new_game(id="after-the-move", date="2026-11-20", city="Bonn", seats=seats)
    assert record_game(league, game, user).pk > most


@pytest.mark.django_db(transaction=True)
def test_a_write_during_the_backup_is_not_in_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The backup reads one snapshot: a league another connection creates after the first
    table was read (and before the leagues are) is not in it."""
    held = [table.label for table in tables()]
    assert held.index("league.league") > 0
    write_table = backups._write_table

    def writing_meanwhile(writer: Writer, table: Table) -> int:
        count = write_table(writer, table)
        if table.label == held[0]:
            other = threading.Thread(target=add_league)
            other.start()
            other.join()
        return count

    def add_league() -> None:
        League.objects.create(name="Meanwhile", slug="meanwhile")
        connections.close_all()  # this thread's connection

    monkeypatch.setattr(backups, "_write_table", writing_meanwhile)
    taken = backups.take_backup(tmp_path / "moment.gz")
    assert League.objects.filter(slug="meanwhile").exists()
    assert taken.rows["league.league"] == 0
