"""`league import` and `league export` at scale, in fresh processes: an import killed with
SIGKILL mid-way loses nothing it committed, a rerun completes it, and the stored rating state
equals a rebuild from the stored games."""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tablerank.engine.records import new_game
from tablerank.formats.records import game_json
from tests.cli.conftest import Invoke

GAMES = 600
PLAYERS = 60
CHUNK = 25
"""Records per transaction in the killed import (the real chunk is a million)."""
BATCH = 10
"""Records stored at a time within a chunk, which rates them all at its end."""

SMALL_CHUNKS = f"""
import os, sys
import django
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tablerank.server.settings")
django.setup()
import tablerank.league.services.importing as importing
importing.CHUNK = {CHUNK}
importing.BATCH = {BATCH}
from tablerank.cli.main import run
sys.argv[0] = "tablerank"
run()
"""

SET_ASIDE = f"""
import os, pathlib, sys, time
import django
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tablerank.server.settings")
django.setup()
import tablerank.league.services.importing as importing
import tablerank.league.services.import_by_table as plain_import
import tablerank.league.store.player_seat_index as player_seat_index
import tablerank.league.store.seat_rows as seat_rows
importing.BATCH = {BATCH}
player_seat_index.ASIDE_FROM = 1
insert_seat_rows = seat_rows.insert_seat_rows
done = []
def stored(rows, behind=None):  # each batch's seats, the usual way or the plain one
    insert_seat_rows(rows, behind)
    done.append(len(rows))
    if len(done) == 5:  # the seats' index is set aside in the one transaction: wait to be killed
        from django.db import connection
        with connection.cursor() as cursor:
            cursor.execute("SELECT count(*) FROM sqlite_master WHERE name LIKE %s",
                           ["league_seat_player_id%"])
            pathlib.Path("stored-five").write_text(str(cursor.fetchone()[0]))
        time.sleep(120)
seat_rows.insert_seat_rows = plain_import.insert_seat_rows = stored
from tablerank.cli.main import run as main
sys.argv[0] = "tablerank"
main()
"""
"""An import of one transaction with the seats' index by player set aside, that stops after
five batches until it is killed."""

CHECK = """
import json, os
import django
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tablerank.server.settings")
django.setup()
from tablerank.league.models import League
from tablerank.league.services import kept_systems, ratings, rebuild_ratings
league = League.objects.get(slug="bench")
before = {name: ratings(league, name) for name in kept_systems(league)}
rebuild_ratings(league)
after = {name: ratings(league, name) for name in kept_systems(league)}
rated = sum(len(table.standings) for table in before.values())
print(json.dumps({"systems": len(before), "rated": rated,
                  "differ": sorted(n for n in before if before[n] != after[n])}))
"""


def _lines() -> list[str]:
    """`GAMES` four-player games among `PLAYERS` players, as JSON lines."""
    out = []
    for n in range(GAMES):
        table = [f"Player {(n * 7 + k * 13) % PLAYERS:02d}" for k in range(4)]
        vps = [10, 8, 7, 5][n % 4 :] + [10, 8, 7, 5][: n % 4]
        rows = zip(table, vps, strict=True)
        seats = [{"player": p, "vp": vp, "winner": vp == 10} for p, vp in rows]
        day = dt.date(2025, 1, 1) + dt.timedelta(days=n * 300 // GAMES)
        out.append(json.dumps(game_json(new_game(id=f"g{n}", date=day, seats=seats))))
    return out


def _env(db: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TABLERANK_", "DJANGO_"))}
    return env | {"TABLERANK_DATABASE_URL": f"sqlite:///{db}", "TABLERANK_DEBUG": "1"}


def _player_index(db: Path) -> list[tuple[str]]:
    """The seats' index by player as the committed database holds it."""
    with contextlib.closing(sqlite3.connect(db, timeout=10)) as con:
        sql = "SELECT sql FROM sqlite_master WHERE name LIKE 'league_seat_player_id%'"
        return con.execute(sql).fetchall()


def _stored(db: Path) -> int:
    try:
        with sqlite3.connect(db, timeout=10) as con:
            return int(con.execute("SELECT count(*) FROM league_gamerecord").fetchone()[0])
    except sqlite3.OperationalError:  # the table is being created
        return 0


Run = Callable[..., subprocess.CompletedProcess[str]]


def _club(tmp_path: Path) -> tuple[Path, dict[str, str], Run]:
    """A new SQLite database with the league `bench`: its path, the environment to reach it,
    and a runner of `tablerank league` commands on it."""
    exe = shutil.which("tablerank") or pytest.fail("the tablerank console script is not installed")
    db = tmp_path / "club.db"
    env = _env(db)

    def run(*args: str | Path) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [exe, "league", *map(str, args)],
            capture_output=True, text=True, check=False, env=env, cwd=tmp_path,
        )  # fmt: skip

    assert run("init").returncode == 0
    assert run("create", "bench", "--name", "Bench").returncode == 0
    return db, env, run


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
def test_an_import_killed_mid_way_completes_on_a_rerun(tmp_path: Path) -> None:
    db, env, run = _club(tmp_path)
    lines, games = _lines(), tmp_path / "games.jsonl"
    games.write_text("\n".join(lines) + "\n", encoding="utf-8")

    args = ["league", "import", "bench", str(games), "--as", "admin"]
    killed = subprocess.Popen(
        [sys.executable, "-c", SMALL_CHUNKS, *args],
        env=env, cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    while _stored(db) < 3 * CHUNK and killed.poll() is None:
        time.sleep(0.05)
    killed.send_signal(signal.SIGKILL)
    assert killed.wait() == -signal.SIGKILL, "the import ended before it could be killed"
    committed = _stored(db)
    assert 3 * CHUNK <= committed < GAMES
    assert committed % CHUNK == 0  # whole chunks: each is one transaction

    rerun = run("import", "bench", games, "--as", "admin", "--format", "json")
    assert rerun.returncode == 0, rerun.stderr
    summary = json.loads(rerun.stdout)
    assert (summary["imported"], summary["already_present"]) == (GAMES - committed, committed)

    exported = run("export", "bench")
    assert exported.returncode == 0, exported.stderr
    assert [json.loads(line) for line in exported.stdout.splitlines()] == [
        json.loads(line) for line in lines
    ]

    check = subprocess.run(
        [sys.executable, "-c", CHECK],
        capture_output=True, text=True, check=False, env=env, cwd=tmp_path,
    )  # fmt: skip
    assert check.returncode == 0, check.stderr
    state = json.loads(check.stdout)
    assert state["systems"] > 0
    assert state["rated"] > 0
    assert state["differ"] == []


@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal")
def test_a_terminal_sees_the_records_done_and_their_speed(tmp_path: Path) -> None:
    exe = shutil.which("tablerank") or pytest.fail("the tablerank console script is not installed")
    env = _env(tmp_path / "club.db")
    for args in (["init"], ["create", "bench", "--name", "Bench"]):
        assert subprocess.run([exe, "league", *args], env=env, check=False).returncode == 0
    games = tmp_path / "games.jsonl"
    games.write_text("\n".join(_lines()[:400]) + "\n", encoding="utf-8")
    terminal, stderr = os.openpty()
    done = subprocess.run(
        [sys.executable, "-c", SMALL_CHUNKS, "league", "import", "bench", str(games)],
        stdout=subprocess.PIPE, stderr=stderr, text=True, check=False, env=env, cwd=tmp_path,
    )  # fmt: skip
    os.close(stderr)
    drawn = b""
    with contextlib.suppress(OSError):  # the terminal's other end is closed
        while chunk := os.read(terminal, 65536):
            drawn += chunk
    os.close(terminal)
    assert done.returncode == 0
    assert done.stdout == "league bench: imported 400, already present 0, rejected 0\n"
    assert b"400/400" in drawn
    assert b"records/s" in drawn


@pytest.mark.django_db
def test_export_errors_are_one_line(invoke: Invoke, tmp_path: Path) -> None:
    unknown = invoke("league", "export", "nowhere")
    assert (unknown.exit_code, unknown.stdout) == (2, "")
    assert unknown.stderr == (
        "tablerank: error: league: no league 'nowhere'; create it with `tablerank league create`\n"
    )
    assert invoke("league", "create", "bonn", "--name", "Bonn").exit_code == 0
    nowhere = tmp_path / "missing" / "bonn.jsonl"
    refused = invoke("league", "export", "bonn", "--output", nowhere)
    assert refused.exit_code == 2
    assert refused.stderr.startswith(f"tablerank: error: {nowhere}: cannot write: ")
    assert refused.stderr.count("\n") == 1


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
@pytest.mark.parametrize("plain", [True, False], ids=["plain", "usual"])
def test_an_import_killed_with_its_seats_index_set_aside_keeps_the_index(
    tmp_path: Path, plain: bool
) -> None:
    """Other connections read the index all along; the kill rolls its drop back; a rerun
    imports everything: plain games (`plain_import`), and games one of which gives a time of
    day (the usual way)."""
    db, env, run = _club(tmp_path)
    index = _player_index(db)
    assert len(index) == 1
    lines, games = _lines(), tmp_path / "games.jsonl"
    if not plain:
        timed = json.loads(lines[-1])
        lines[-1] = json.dumps({**timed, "date": f"{timed['date']}T20:00"})
    games.write_text("\n".join(lines) + "\n", encoding="utf-8")
    args = ["league", "import", "bench", str(games), "--as", "admin"]
    errors = tmp_path / "errors.txt"
    with errors.open("wb") as err:
        killed = subprocess.Popen(
            [sys.executable, "-c", SET_ASIDE, *args],
            env=env, cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=err,
        )  # fmt: skip
    marker, deadline = tmp_path / "stored-five", time.monotonic() + 120
    while not marker.exists() and killed.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert marker.exists(), errors.read_text()
    assert marker.read_text() == "0"  # set aside in the import's own transaction
    assert _player_index(db) == index  # others read the committed database, index and all
    killed.send_signal(signal.SIGKILL)
    assert killed.wait() == -signal.SIGKILL
    assert _stored(db) == 0
    assert _player_index(db) == index
    with contextlib.closing(sqlite3.connect(db)) as con:
        assert con.execute("PRAGMA integrity_check").fetchall() == [("ok",)]

    rerun = run("import", "bench", games, "--as", "admin", "--format", "json")
    assert rerun.returncode == 0, rerun.stderr
    assert json.loads(rerun.stdout)["imported"] == GAMES
    assert _player_index(db) == index
    with contextlib.closing(sqlite3.connect(db)) as con:
        assert con.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
