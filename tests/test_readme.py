"""The README's Quickstart is what CI runs: the test command may not drift from .ci/run."""

from __future__ import annotations

from pathlib import Path

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
    assert main_job == "python3 -m pip install '.[league]' && tablerank serve --demo"
    serve_tests = (ROOT / "tests" / "cli" / "test_serve.py").read_text(encoding="utf-8")
    assert '"--demo"' in serve_tests


def test_ci_runs_the_readme_postgresql_command() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text.split("## PostgreSQL", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    commands = [line for line in block.splitlines() if line and not line.startswith("#")]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert commands
    assert all(command in ci for command in commands)
