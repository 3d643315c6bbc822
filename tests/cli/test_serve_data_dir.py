"""`tablerank serve` and `tablerank league` share one default data directory, ./tablerank-data,
so the CLI finds the site's database; both create it private (issue 9, item 6)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

from typer.testing import CliRunner

from tablerank.cli.main import app

from .serve_load import served
from .test_serve import environment


def league(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    exe = shutil.which("tablerank")
    assert exe, "the tablerank console script is not installed"
    return subprocess.run(
        [exe, "league", *args],
        cwd=cwd,
        env=environment(),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def mode(path: Path) -> int:
    return path.stat().st_mode & 0o777


def test_the_league_command_finds_the_database_serve_created(tmp_path: Path) -> None:
    before = league(tmp_path, "export", "demo")
    assert before.returncode == 2
    assert before.stdout == ""
    with served(Path("tablerank-data"), cwd=tmp_path, demo=True):
        pass
    exported = league(tmp_path, "export", "demo")
    assert exported.returncode == 0, exported.stderr
    records = [json.loads(line) for line in exported.stdout.splitlines()]
    assert any(r.get("seats") for r in records)  # the demo's games
    assert mode(tmp_path / "tablerank-data" / "tablerank.sqlite3") == 0o600
    assert not (tmp_path / "tablerank.sqlite3").exists()


def test_the_league_command_creates_the_default_data_dir_private(tmp_path: Path) -> None:
    created = league(tmp_path, "init")
    assert created.returncode == 0, created.stderr
    folder = tmp_path / "tablerank-data"
    assert mode(folder) == 0o700
    assert mode(folder / "tablerank.sqlite3") == 0o600
    assert mode(folder / "secret_key") == 0o600
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tablerank-data"]


def test_serve_creates_the_data_dir_it_is_given_private(tmp_path: Path) -> None:
    """Created before the port is checked: a refused port leaves the folder, 0700."""
    folder = tmp_path / "srv" / "club"
    result = CliRunner().invoke(app, ["serve", "--data-dir", str(folder), "--port", "0"])
    assert result.exit_code == 2
    assert "--port" in result.stderr
    assert mode(folder) == 0o700
