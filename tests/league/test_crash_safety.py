"""kill -9 in the middle of a void leaves a rating state equal to a replay (issue 10)."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
WORKER = [sys.executable, "-m", "tests.league.crash_worker"]


def _env(tmp_path: Path) -> dict[str, str]:
    return os.environ | {
        "DJANGO_SETTINGS_MODULE": "tablerank.server.settings",
        "TABLERANK_DATABASE_URL": f"sqlite:///{tmp_path / 'crash.sqlite3'}",
        "TABLERANK_SECRET_KEY": "crash-test-only",
    }


def _run(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*WORKER, *args], cwd=ROOT, env=_env(tmp_path), capture_output=True, text=True,
        timeout=600, check=False,
    )  # fmt: skip


@pytest.fixture(scope="module")
def league_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file holding a league of 1,200 confirmed games, built once."""
    where = tmp_path_factory.mktemp("crash")
    setup = _run(where, "setup", "1200")
    assert setup.returncode == 0, setup.stderr
    return where / "crash.sqlite3"


@pytest.mark.parametrize("delay", [0.0, 0.05, 0.3])
def test_a_void_killed_mid_way_leaves_the_state_a_replay(
    tmp_path: Path, league_file: Path, delay: float
) -> None:
    shutil.copy(league_file, tmp_path / "crash.sqlite3")
    void = subprocess.Popen(
        [*WORKER, "void"], cwd=ROOT, env=_env(tmp_path), stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert void.stdout is not None
    assert void.stdout.readline() == "voiding\n"
    time.sleep(delay)
    void.send_signal(signal.SIGKILL)
    void.communicate(timeout=60)
    check = _run(tmp_path, "check")
    assert check.returncode == 0, check.stdout + check.stderr
    # Whether or not the void committed before the kill, a rerun completes it (g600 is the
    # middle game).
    again = _run(tmp_path, "void")
    assert again.returncode == 0, again.stderr
    check = _run(tmp_path, "check")
    assert check.returncode == 0, check.stdout + check.stderr
    assert check.stdout.startswith("1199 confirmed games"), check.stdout
