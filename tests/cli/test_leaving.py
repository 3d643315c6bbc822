"""The console script leaves without the interpreter's teardown (`cli.leaving`), yet exits
with the status `sys.exit` would, with all its output written and its databases closed."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tablerank.cli.leaving import BROKEN_PIPE

BUFFERED = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
"""The environment with Python's output buffered, as it is unless told otherwise: what the
process wrote is still in its buffers when it leaves."""


def leaving(code: str) -> subprocess.CompletedProcess[str]:
    script = f"from tablerank.cli.leaving import leave\nprint('written')\nleave({code})"
    return subprocess.run([sys.executable, "-c", script], env=BUFFERED, capture_output=True,
                          text=True, check=False)  # fmt: skip


EXITS = [("None", 0, ""), ("0", 0, ""), ("3", 3, ""), ("'bye'", 1, "bye\n")]


@pytest.mark.parametrize(("code", "status", "stderr"), EXITS)
def test_leave_exits_as_sys_exit_would_with_its_output_written(
    code: str, status: int, stderr: str
) -> None:
    done = leaving(code)
    assert (done.returncode, done.stdout, done.stderr) == (status, "written\n", stderr)


def test_output_nobody_reads_any_more_ends_quietly_with_pythons_status() -> None:
    script = ("import sys\nfrom tablerank.cli.leaving import leave\n"
              "sys.stdout.write('x' * 100)\nleave(None)")  # fmt: skip
    read, write = os.pipe()
    os.close(read)  # the reader has left: what stdout holds fails to go at the end
    done = subprocess.run([sys.executable, "-c", script], stdout=write, stderr=subprocess.PIPE,
                          env=BUFFERED, text=True, check=False)  # fmt: skip
    os.close(write)
    assert (done.returncode, done.stderr) == (BROKEN_PIPE, "")


def test_a_league_command_writes_all_its_output_and_closes_its_database(tmp_path: Path) -> None:
    exe = shutil.which("tablerank") or pytest.fail("the tablerank console script is not installed")
    db = tmp_path / "club.sqlite3"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TABLERANK_", "DJANGO_"))}
    env |= {"TABLERANK_DATABASE_URL": f"sqlite:///{db}", "TABLERANK_SECRET_KEY": "test-only"}
    games = [{"id": f"g{n}", "date": "2026-03-14", "seats": [
        {"player": "Ann", "place": 1, "vp": 10, "winner": True, "status": "finished",
         "account": "premium"},
        {"player": f"P{n}", "place": 2, "vp": 7, "status": "finished", "account": "premium"}]}
        for n in range(300)]  # fmt: skip
    file = tmp_path / "games.jsonl"
    file.write_text("".join(json.dumps(g) + "\n" for g in games), encoding="utf-8")

    def run(*args: str | Path) -> subprocess.CompletedProcess[str]:
        done = subprocess.run([exe, *map(str, args)], env=env, capture_output=True, text=True,
                              check=False)  # fmt: skip
        assert done.returncode == 0, done.stderr
        assert not db.with_name(db.name + "-wal").exists(), f"{args}: the database was not closed"
        return done

    run("league", "init")
    run("league", "create", "club", "--name", "Club")
    run("league", "import", "club", file, "--as", "ann")
    exported = run("league", "export", "club").stdout.splitlines()
    assert [json.loads(line)["id"] for line in exported] == [g["id"] for g in games]
