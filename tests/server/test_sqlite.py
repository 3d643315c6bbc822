"""The site's SQLite file: created private, in WAL mode, and writers wait for the write lock
(issue 9, items 4 and 6). Each test runs the real settings in a fresh process on a real file."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

PROGRAM = """
import os, sqlite3, sys, threading
import django
django.setup()
from django.db import connection, transaction
from django.db.utils import OperationalError

path = connection.settings_dict["NAME"]
with connection.cursor() as cursor:
    cursor.execute("PRAGMA journal_mode")
    print("journal", cursor.fetchone()[0])
    cursor.execute("PRAGMA cache_size")
    print("cache", cursor.fetchone()[0])
    cursor.execute("CREATE TABLE IF NOT EXISTS t (n INTEGER)")
other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
other.execute("BEGIN IMMEDIATE")  # another worker is writing
other.execute("INSERT INTO t VALUES (0)")
if sys.argv[1] == "release":
    threading.Timer(0.5, other.execute, ["COMMIT"]).start()
try:
    with transaction.atomic():
        list(connection.cursor().execute("SELECT count(*) FROM t"))
        print("read")
        connection.cursor().execute("INSERT INTO t VALUES (1)")
    print("written")
    for suffix in ["-wal", "-shm"]:  # removed when the last connection closes
        print(suffix, oct(os.stat(path + suffix).st_mode & 0o777))
except OperationalError as exc:
    print("refused", exc)
"""


def run(tmp_path: Path, mode: str, **env: str) -> list[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("TABLERANK_")}
    result = subprocess.run(
        [sys.executable, "-c", PROGRAM, mode],
        env=clean
        | {
            "DJANGO_SETTINGS_MODULE": "tablerank.server.settings",
            "TABLERANK_DATA_DIR": str(tmp_path),
            "TABLERANK_SECRET_KEY": "tests-only-not-a-secret",
        }
        | env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()


def test_the_database_file_is_created_private_and_in_wal_mode(tmp_path: Path) -> None:
    lines = run(tmp_path, "release")
    assert lines[0] == "journal wal"
    assert lines[4:] == ["-wal 0o600", "-shm 0o600"]
    assert (tmp_path / "tablerank.sqlite3").stat().st_mode & 0o777 == 0o600


def test_each_connection_may_cache_64_mib_of_pages(tmp_path: Path) -> None:
    assert run(tmp_path, "release")[1] == "cache -65536"  # KiB, as SQLite counts a negative size


def test_an_existing_database_file_keeps_its_mode(tmp_path: Path) -> None:
    (tmp_path / "tablerank.sqlite3").touch(mode=0o640)
    os.chmod(tmp_path / "tablerank.sqlite3", 0o640)
    run(tmp_path, "release")
    assert (tmp_path / "tablerank.sqlite3").stat().st_mode & 0o777 == 0o640


def test_a_writer_waits_for_the_write_lock_instead_of_failing(tmp_path: Path) -> None:
    # Had it read first and waited only to write, the other's commit would have made its
    # snapshot stale and SQLite would refuse it at once ("database is locked").
    assert run(tmp_path, "release")[2:4] == ["read", "written"]


def test_a_write_transaction_takes_the_lock_when_it_begins_and_gives_up_after_the_timeout(
    tmp_path: Path,
) -> None:
    # Its first statement, a read, never runs: the lock is taken up front, so no transaction
    # fails half-way after reading.
    lines = run(tmp_path, "hold", TABLERANK_SQLITE_TIMEOUT="0.2")
    assert lines[2:] == ["refused database is locked"]
