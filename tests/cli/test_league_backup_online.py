"""`tablerank league backup` while writers write, on an SQLite file, as an operator runs it
(processes, no test database): the backup is one consistent moment, and a backup restored
into a new database gives back every table row by row."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
WRITERS = 3


def tablerank(env: dict[str, str], *args: str | Path, status: int = 0) -> str:
    done = subprocess.run(
        [sys.executable, "-c", "from tablerank.cli.main import run; run()", *map(str, args)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == status, done.stderr
    return done.stdout


def environment(path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    src = str(ROOT / "src")
    return env | {
        "TABLERANK_DATABASE_URL": f"sqlite:///{path}",
        "TABLERANK_DATA_DIR": str(path.parent / "data"),
        "TABLERANK_SECRET_KEY": "tests-only-not-a-secret",
        "PYTHONPATH": os.pathsep.join([src, str(ROOT), env.get("PYTHONPATH", "")]),
    }


def rows(path: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every table of an SQLite file but Django's migration log, in rowid order."""
    with sqlite3.connect(path) as db:
        names = [name for (name,) in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
            "AND name != 'django_migrations' ORDER BY name")]  # fmt: skip
        read = 'SELECT * FROM "{}" ORDER BY rowid'
        return {name: db.execute(read.format(name)).fetchall() for name in names}


def games(path: Path) -> int:
    with sqlite3.connect(path) as db:
        return int(db.execute("SELECT count(*) FROM league_gamerecord").fetchone()[0])


@pytest.mark.skipif(sys.platform == "win32", reason="SQLite file locking as on a server")
def test_a_backup_while_writers_write_restores_to_a_consistent_equal_database(
    tmp_path: Path,
) -> None:
    source, env = tmp_path / "club.sqlite3", environment(tmp_path / "club.sqlite3")
    tablerank(env, "league", "init")
    empty = tmp_path / "empty.sqlite3"  # as `league init` leaves a new database
    shutil.copy(source, empty)
    tablerank(env, "league", "create", "club", "--name", "Club", "--admin", "olga")
    stop = tmp_path / "stop"
    writer_env = env | {"DJANGO_SETTINGS_MODULE": "tests.league.settings"}
    writers = [
        subprocess.Popen(
            [sys.executable, "-m", "tests.cli.backup_writer", "club", str(n), str(stop)],
            cwd=ROOT,
            env=writer_env,
            stderr=subprocess.PIPE,
            text=True,
        )
        for n in range(WRITERS)
    ]
    try:
        deadline = time.monotonic() + 60
        while games(source) < 12 and time.monotonic() < deadline:
            time.sleep(0.05)
        during = tmp_path / "during.gz"
        tablerank(env, "league", "backup", during)  # while they write
        written_meanwhile = games(source)
        deadline = time.monotonic() + 60  # the writers go on after it, however loaded the machine
        while games(source) <= written_meanwhile and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        stop.touch()
        for writer in writers:
            _, err = writer.communicate(timeout=120)
            assert writer.returncode == 0, err
    assert games(source) > written_meanwhile >= 12

    # the backup taken during the writes is one moment: its ratings equal its history's replay
    moment, moment_env = tmp_path / "moment.sqlite3", environment(tmp_path / "moment.sqlite3")
    shutil.copy(empty, moment)
    tablerank(moment_env, "league", "restore", during)
    with sqlite3.connect(moment, isolation_level=None) as holder:  # verify waits for no writer
        holder.execute("BEGIN IMMEDIATE")
        holder.execute("UPDATE league_league SET name = name")
        verified = tablerank(
            moment_env | {"TABLERANK_SQLITE_TIMEOUT": "0.5"}, "league", "verify", "club"
        )
        holder.execute("ROLLBACK")
    assert "every kept table equals" in verified
    assert sorted(p.name for p in tmp_path.iterdir() if "verify" in p.name) == []
    with sqlite3.connect(moment) as db:
        assert db.execute("PRAGMA foreign_key_check").fetchall() == []
    assert 12 <= games(moment) <= written_meanwhile
    then, now = rows(moment), rows(source)
    for table in ("league_seat", "league_confirmation", "league_player"):  # rows never changed
        assert then[table]
        assert set(then[table]) <= set(now[table]), table

    # taken at rest, restored into a new database: every table equal, row by row
    after = tmp_path / "after.gz"
    tablerank(env, "league", "backup", after)
    copy, copy_env = tmp_path / "copy.sqlite3", environment(tmp_path / "copy.sqlite3")
    shutil.copy(empty, copy)
    tablerank(copy_env, "league", "restore", after)
    assert rows(copy) == rows(source)
    assert rows(source)["league_confirmation"]
    assert rows(source)["auth_user"]
