"""`tablerank league backup|restore|verify|rebuild` on pytest-django's test database: what an
operator types and reads, and every refusal as one line with exit status 2."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from django.contrib.auth.models import User

from tablerank.league.models import League, RatingState
from tests.cli.conftest import Invoke

pytestmark = pytest.mark.django_db


def ok(invoke: Invoke, *args: str | Path) -> str:
    result = invoke("league", *args)
    assert result.exit_code == 0, result.output
    return result.stdout


def refused(invoke: Invoke, *args: str | Path) -> str:
    """The one line of a refusal (exit status 2)."""
    result = invoke("league", *args)
    assert (result.exit_code, result.stdout) == (2, ""), result.output
    assert result.stderr.count("\n") == 1
    assert "Traceback" not in result.stderr
    return result.stderr


@pytest.fixture
def club(invoke: Invoke, night: Path) -> str:
    ok(invoke, "create", "club", "--name", "Club", "--admin", "olga")
    ok(invoke, "import", "club", night, "--as", "olga")
    return "club"


def test_backup_then_restore_replacing_the_database(
    invoke: Invoke, club: str, tmp_path: Path
) -> None:
    path = tmp_path / "club.backup.gz"
    out = ok(invoke, "backup", path)
    assert out.startswith(f"backup written to {path}: ")
    assert "rows of" in out
    assert "taken at" in out
    standings = ok(invoke, "standings", club, "--system", "cow.elo", "--list", "base")
    League.objects.filter(slug=club).update(name="Renamed since")
    stderr = refused(invoke, "restore", path)
    assert stderr.startswith("tablerank: error: database: it is not empty (table ")
    assert "pass --replace" in stderr
    assert League.objects.get(slug=club).name == "Renamed since"
    assert ok(invoke, "restore", path, "--replace").startswith("restored ")
    assert League.objects.get(slug=club).name == "Club"
    assert ok(invoke, "standings", club, "--system", "cow.elo", "--list", "base") == standings


def test_each_bad_file_is_one_line_and_nothing_is_written(
    invoke: Invoke, club: str, tmp_path: Path
) -> None:
    path = tmp_path / "club.backup.gz"
    ok(invoke, "backup", path)
    users = User.objects.count()
    with gzip.open(path, "rb") as backup:
        found = backup.readlines()
    truncated = tmp_path / "truncated.gz"
    truncated.write_bytes(path.read_bytes()[: path.stat().st_size // 2])
    no_trailer = tmp_path / "no-trailer.gz"
    no_trailer.write_bytes(gzip.compress(b"".join(found[:-1])))
    newer = tmp_path / "newer.gz"
    header = json.loads(found[0]) | {"version": 7}
    newer.write_bytes(gzip.compress(json.dumps(header).encode() + b"\n" + b"".join(found[1:])))
    records = tmp_path / "records.jsonl"
    records.write_text('{"id": "g1"}\n')
    other = tmp_path / "other.gz"
    other.write_bytes(gzip.compress(b'{"id": "g1"}\n'))
    for file, message in (
        (truncated, "truncated: the file ends before its end"),
        (no_trailer, "truncated: the file has no trailer (rows and checksum)"),
        (newer, "made by a newer tablerank (backup format version 7; this one reads up to 1)"),
        (records, "not a tablerank backup (not a gzip file)"),
        (other, "not a tablerank backup (no tablerank-backup header)"),
        (tmp_path / "missing.gz", "no such file"),
    ):
        for replace in ((), ("--replace",)):
            stderr = refused(invoke, "restore", file, *replace)
            assert stderr.startswith(f"tablerank: error: {file}: {message}"), stderr
            assert User.objects.count() == users
            assert League.objects.filter(slug=club).exists()


def test_a_backup_that_cannot_be_written_is_one_line(invoke: Invoke, tmp_path: Path) -> None:
    stderr = refused(invoke, "backup", tmp_path / "no-such-folder" / "club.gz")
    assert stderr.startswith("tablerank: error: ")
    assert not (tmp_path / "no-such-folder").exists()


def test_verify_names_what_differs_and_rebuild_mends_it(invoke: Invoke, club: str) -> None:
    clean = "league club: every kept table equals a replay of its confirmed history\n"
    assert ok(invoke, "verify", club) == clean
    row = RatingState.objects.filter(system="cow.elo", list_key="base").order_by("player")[0]
    RatingState.objects.filter(pk=row.pk).update(rating=1.5, games=9)
    result = invoke("league", "verify", club)
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        f"differs: rating rows of cow.elo [base]: {row.player}: stored 1.5 after 9 games, a replay"
        f" gives {row.rating!r} after {row.games} games",
        "league club: 1 kept lists or months differ; `rebuild` mends them",
    ]
    mended = ok(invoke, "rebuild", club).splitlines()
    assert mended[0].startswith("mended: rating rows of cow.elo [base]: ")
    assert mended[1] == "league club: rebuilt from its confirmed history (1 differed)"
    assert ok(invoke, "verify", club) == clean
    assert "no league 'nowhere'" in refused(invoke, "verify", "nowhere")
    assert "no league 'nowhere'" in refused(invoke, "rebuild", "nowhere")
