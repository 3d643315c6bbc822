"""The installed `tablerank` command, end to end, as a user runs it."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.conftest import EXAMPLES


def run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    exe = shutil.which("tablerank") or pytest.fail("the tablerank console script is not installed")
    return subprocess.run([exe, *map(str, args)], capture_output=True, text=True, check=False)


def test_the_readme_main_job_runs() -> None:
    result = run("rate", EXAMPLES / "club-season.jsonl", "--system", "pages.glory")
    assert result.returncode == 0, result.stderr
    assert "pages.glory" in result.stdout


def test_bad_input_exits_2_with_one_line_and_no_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "night.jsonl"
    bad.write_text('{"id": "g1", "date": "2026-13-01", "seats": [{"player": "A"}]}\n')
    result = run("rate", bad, "-s", "pages.point")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr == (
        f"tablerank: error: {bad}, line 1 (id g1): date: "
        "expected a date like 2026-03-14 or a date and time like 2026-03-14T19:30, "
        "got '2026-13-01'\n"
    )
    assert result.stdout == ""


def test_importing_the_cli_keeps_web_frameworks_out() -> None:
    code = "import sys, tablerank.cli.main; print(json.dumps(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", "import json;" + code], capture_output=True, text=True, check=True
    )
    modules = set(json.loads(out.stdout))
    assert not modules & {
        "django", "ninja", "rest_framework", "openskill", "numpy", "numba", "openpyxl"
    }  # fmt: skip


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux)")
def test_output_to_a_full_disk_is_one_line_and_status_1() -> None:
    exe = shutil.which("tablerank") or pytest.fail("the tablerank console script is not installed")
    command = [exe, "rate", str(EXAMPLES / "club-season.jsonl"), "-s", "pages.point"]
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            command, stdout=full, stderr=subprocess.PIPE, text=True, check=False
        )
    assert (result.returncode, result.stderr) == (
        1,
        "tablerank: error: [Errno 28] No space left on device\n",
    )
