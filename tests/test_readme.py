"""The README's Quickstart is what CI runs: the test command may not drift from .ci/run."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]


def quickstart_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text.split("## Quickstart", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    return [line for line in block.splitlines() if line and not line.startswith("#")]


def test_the_quickstart_has_two_commands() -> None:
    assert len(quickstart_commands()) == 2


def test_ci_runs_exactly_the_readme_test_command() -> None:
    test_command = quickstart_commands()[1]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert test_command in ci


def test_the_main_job_starts_the_demo_site() -> None:
    """tests/cli/test_serve.py runs this command's `tablerank serve --demo` end to end."""
    main_job = quickstart_commands()[0]
    assert main_job == "scripts/quickstart demo"
    script = (ROOT / "scripts" / "quickstart").read_text(encoding="utf-8")
    assert 'tablerank" serve --demo' in script
    serve_tests = (ROOT / "tests" / "cli" / "test_serve.py").read_text(encoding="utf-8")
    assert '"--demo"' in serve_tests


@pytest.mark.parametrize("arguments", [[], ["install"]])
def test_the_quickstart_says_how_to_call_it(arguments: list[str]) -> None:
    ran = subprocess.run(
        [ROOT / "scripts" / "quickstart", *arguments], capture_output=True, text=True, check=False
    )
    assert ran.returncode == 2
    assert "usage: scripts/quickstart demo|test" in ran.stderr


def test_the_quickstart_refuses_an_old_python(tmp_path: Path) -> None:
    old = tmp_path / "python3"
    old.write_text("#!/bin/sh\n[ \"$1\" = -V ] && echo 'Python 3.9.2'; exit 1\n")
    old.chmod(0o755)
    ran = subprocess.run(
        [ROOT / "scripts" / "quickstart", "demo"],
        capture_output=True, text=True, check=False,
        env=os.environ | {"PYTHON": str(old), "TABLERANK_VENV": str(tmp_path / "venv")},
    )  # fmt: skip
    assert ran.returncode == 2
    assert "needs Python 3.11 or newer" in ran.stderr
    assert "Python 3.9.2" in ran.stderr
    assert not (tmp_path / "venv").exists()


def test_ci_runs_the_readme_postgresql_command() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text.split("## PostgreSQL", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    commands = [line for line in block.splitlines() if line and not line.startswith("#")]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert commands
    assert all(command in ci for command in commands)
