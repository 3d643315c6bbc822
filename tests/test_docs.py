"""Every concrete `tablerank` command shown in the README and docs/ runs and exits 0."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
FENCE = re.compile(r"```[a-z]*\n(.*?)```", re.DOTALL)
PLACEHOLDERS = ("...", "FILE", "NAME", "[")


def documented_commands() -> list[tuple[str, str]]:
    found = []
    for page in PAGES:
        for block in FENCE.findall(page.read_text(encoding="utf-8")):
            for line in block.splitlines():
                command = line.split("  #", 1)[0].strip()
                if command.startswith("tablerank ") and not any(p in command for p in PLACEHOLDERS):
                    found.append((page.relative_to(ROOT).as_posix(), command))
    return found


def test_the_docs_show_commands() -> None:
    assert len(documented_commands()) >= 20


@pytest.mark.parametrize(("page", "command"), documented_commands())
def test_documented_command_runs(page: str, command: str, tmp_path: Path) -> None:
    """Run where the docs' paths resolve, in a temporary directory, so that whatever a command
    writes (a database, a data directory) stays out of the repository."""
    exe = shutil.which("tablerank") or pytest.fail("the tablerank console script is not installed")
    args = shlex.split(command)[1:]
    for folder in ("examples", "docs"):
        (tmp_path / folder).symlink_to(ROOT / folder)
    result = subprocess.run(
        [exe, *args], cwd=tmp_path, capture_output=True, text=True, check=False, timeout=60
    )
    assert result.returncode == 0, f"{page}: {command}\n{result.stderr}"
