"""Backup and restore of the whole database (issue 39, item 6), on the test database: every
table comes back equal, and a restore that is refused writes nothing."""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection

from tablerank.league.errors import LeagueError
from tablerank.league.models import GameRecord, Invitation, League, RatingState, RecordStatus
from tablerank.league.services.backups import restore, take_backup
from tablerank.league.store.backup_file import BadBackup, check
from tablerank.league.store.backup_tables import LEFT_OUT, MIGRATE_FILLS, every_table, tables

from .every_table import every_row, fill

pytestmark = pytest.mark.django_db


def test_every_table_of_every_app_is_held_but_sessions_and_sign_in_attempts() -> None:
    held = [table.label for table in tables()]
    assert {table.label for table in every_table()} - set(held) == LEFT_OUT
    assert {"league.gamerecord", "league.confirmation", "league.tournament", "league.tableseat",
            "league.playerchange", "league.invitation", "league.league_admins", "auth.user",
            "api.apitoken", "admin.logentry", "league.ratingstate", "league.listmonth",
            } | MIGRATE_FILLS <= set(held)  # fmt: skip
    # each table after the tables it points at
    assert held.index("league.league") < held.index("league.gamerecord") < held.index("league.seat")
    assert held.index("auth.user") < held.index("league.league_admins")


def test_a_restore_gives_back_every_table_row_by_row(tmp_path: Path) -> None:
    fill()
    states = set(GameRecord.objects.values_list("status", flat=True))
    assert states >= {RecordStatus.CONFIRMED, RecordStatus.SUBMITTED, RecordStatus.DISPUTED,
                      RecordStatus.VOIDED}  # fmt: skip
    before = every_row()
    assert all(before[label] for label in ("league.confirmation", "league.tableseat",
               "league.playerchange", "league.invitation", "api.apitoken", "auth.group_permissions",
               "league.ratingstate", "league.ratingwatermark",
               "league.createdaccount"))  # fmt: skip
    assert set(Invitation.objects.values_list("offer", flat=True)) == {"player", "official"}
    path = tmp_path / "club.backup"
    taken = take_backup(path)
    assert taken.rows == {label: len(rows) for label, rows in before.items()}
    assert path.stat().st_mode & 0o777 == 0o600  # it holds password hashes
    restored = restore(path, replace=True)
    assert restored.rows == taken.rows
    assert every_row() == before
    # ids go on after the restored ones
    user = User.objects.create_user("newcomer")
    assert user.pk > max(row[0] for row in before["auth.user"])


def test_a_restore_refuses_a_database_that_holds_data_and_writes_nothing(tmp_path: Path) -> None:
    fill()
    path = tmp_path / "club.backup"
    take_backup(path)
    League.objects.filter(slug="demo").update(name="Changed since")
    before = every_row()
    with pytest.raises(LeagueError, match=r"^database: it is not empty \(table auth_user has"):
        restore(path)
    assert every_row() == before


def lines(path: Path) -> list[bytes]:
    with gzip.open(path, "rb") as file:
        return list(file)


def rewritten(path: Path, change: Any, *, sign: bool = False) -> Path:
    """The backup at `path` with its lines changed by `change`; `sign`: with the trailer's
    checksum made anew, as a backup taken so would have it."""
    out = path.with_name(f"changed-{path.name}")
    found = change(lines(path))
    if sign:
        trailer = json.loads(found[-1])
        trailer["trailer"]["sha256"] = hashlib.sha256(b"".join(found[:-1])).hexdigest()
        found[-1] = json.dumps(trailer).encode() + b"\n"
    with gzip.open(out, "wb") as file:
        file.writelines(found)
    return out


def header_with(path: Path, **fields: Any) -> Path:
    def change(found: list[bytes]) -> list[bytes]:
        header = json.loads(found[0]) | fields
        return [json.dumps(header).encode() + b"\n", *found[1:]]

    return rewritten(path, change, sign=True)


@pytest.fixture
def backup(tmp_path: Path) -> Path:
    User.objects.create_user("ann", password="secret")
    path = tmp_path / "small.backup"
    take_backup(path)
    User.objects.all().delete()
    return path


def test_a_whole_backup_checks(backup: Path) -> None:
    header, trailer = check(backup)
    assert (header["format"], header["version"]) == ("tablerank-backup", 1)
    assert "league" in header["migrations"]
    assert trailer["rows"]["auth.user"] == 1


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda p: p.write_bytes(p.read_bytes()[:-30]), "truncated"),
        (lambda p: rewritten(p, lambda found: found[:-1]).replace(p), "truncated: the file has no"),
        (lambda p: rewritten(p, lambda f: [*f[:2], *f[3:]]).replace(p), "damaged: its checksum"),
        (lambda p: header_with(p, version=2).replace(p), "made by a newer tablerank"),
        (lambda p: header_with(p, format="other").replace(p), "not a tablerank backup"),
        (lambda p: p.write_text("id,date\n"), "not a tablerank backup (not a gzip file)"),
    ],
)
def test_a_bad_file_is_refused_and_nothing_is_written(
    backup: Path, damage: Any, message: str
) -> None:
    damage(backup)
    with pytest.raises(BadBackup) as refused:
        restore(backup)
    assert message in str(refused.value)
    assert str(refused.value).startswith(f"{backup}: ")
    assert not User.objects.exists()


def test_a_backup_of_a_newer_migration_state_is_refused(backup: Path) -> None:
    taken = json.loads(lines(backup)[0])["migrations"]
    newer = header_with(backup, migrations=taken | {"league": [*taken["league"], "9999_later"]})
    with pytest.raises(BadBackup, match=r"newer migration state .*league\.9999_later.* init"):
        restore(newer)
    older = header_with(backup, migrations=taken | {"league": taken["league"][:-1]})
    with pytest.raises(BadBackup, match="older migration state"):
        restore(older)
    assert not User.objects.exists()


def test_the_format_is_portable_text(backup: Path) -> None:
    """Dates and times in ISO 8601 with their offset: the same file loads anywhere."""
    found = lines(backup)
    start = found.index(next(line for line in found if line.startswith(b'{"table":"auth.user"')))
    columns = json.loads(found[start])["columns"]
    row = dict(zip(columns, json.loads(found[start + 1]), strict=True))
    assert row["username"] == "ann"
    assert row["password"].startswith(("md5$", "pbkdf2_sha256$"))
    assert row["date_joined"].endswith("+00:00")
    assert connection.vendor in json.loads(found[0])["database"]


def test_infinite_ratings_and_text_beyond_ascii_come_back(tmp_path: Path) -> None:
    league = League.objects.create(name="Köln ♔", slug="koeln")
    for n, rating in enumerate((float("inf"), float("-inf"), 0.1, -0.0, 1e300)):
        RatingState.objects.create(league=league, system="x", player=f"Zoë {n}", rating=rating)
    before = every_row()
    take_backup(tmp_path / "odd.backup")
    restore(tmp_path / "odd.backup", replace=True)
    assert every_row() == before


@pytest.mark.skipif(connection.vendor != "sqlite", reason="an SQLite file's read snapshot")
def test_a_backup_of_an_sqlite_file_is_one_moment_that_no_writer_waits_for(
    tmp_path: Path,
) -> None:
    """Another connection adds a group, with a 0.5 s busy timeout, after the backup read its
    first table: it does not wait, and the backup does not hold the group."""
    env = os.environ | {
        "DJANGO_SETTINGS_MODULE": "tests.league.settings",
        "TABLERANK_DATABASE_URL": f"sqlite:///{tmp_path / 'club.sqlite3'}",
    }
    done = subprocess.run(
        [sys.executable, "-m", "tests.league.snapshot_worker", str(tmp_path / "moment.gz")],
        cwd=Path(__file__).parents[2], env=env, capture_output=True, text=True, timeout=120,
        check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"database": ["meanwhile"], "backup": 0}
