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


def test_the_main_job_reads_a_file_shipped_in_the_repo() -> None:
    main_job = quickstart_commands()[0]
    shipped = [word for word in main_job.split() if word.startswith("examples/")]
    assert shipped
    assert all((ROOT / path).is_file() for path in shipped)


def test_ci_runs_the_readme_postgresql_command() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text.split("## PostgreSQL", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    commands = [line for line in block.splitlines() if line and not line.startswith("#")]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert commands
    assert all(command in ci for command in commands)
