"""A `tablerank league` command loads the league and nothing heavier (issue 10): not the API
(django-ninja, pydantic), the admin, the web pages, markdown, numpy or numba, where the command
does not need them. Each is a fresh process, as a user runs it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.cli.conftest import EXAMPLES

SEASON = EXAMPLES / "club-season.jsonl"

HEAVY = (
    "ninja", "pydantic", "django.contrib.admin", "django.contrib.sessions", "tablerank.api",
    "tablerank.web", "markdown_it", "axes", "csp", "whitenoise", "numpy", "numba", "scipy",
)  # fmt: skip

RUN_AND_LIST_MODULES = """
import json, sys
from tablerank.cli.main import app
for args in json.loads(sys.argv[1]):
    app(args, standalone_mode=False)
print(json.dumps(sorted(sys.modules)))
"""
"""Run `tablerank` once per argument list in one process, then print the modules it loaded."""


def heavy(modules: list[str]) -> list[str]:
    return [m for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY)]


def test_league_commands_load_no_heavy_module(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TABLERANK_", "DJANGO_"))}
    env |= {"TABLERANK_DATABASE_URL": f"sqlite:///{tmp_path / 'club.db'}"}

    def tablerank(*commands: list[str]) -> list[str]:
        out = subprocess.run(
            [sys.executable, "-c", RUN_AND_LIST_MODULES, json.dumps(commands)],
            capture_output=True, text=True, check=True, env=env, cwd=tmp_path,
        )  # fmt: skip
        return list(json.loads(out.stdout.splitlines()[-1]))

    tablerank(["league", "init"])
    middle = json.loads(SEASON.read_text(encoding="utf-8").splitlines()[120])["id"]
    loaded = tablerank(
        ["league", "create", "club", "--name", "Club", "--admin", "ref"],
        ["league", "import", "club", str(SEASON), "--as", "ref"],
        ["league", "void", "club", middle, "--why", "entered twice", "--by", "ref"],
        ["league", "history", "club"],
        ["league", "standings", "club", "-s", "area", "--list", "catan"],
    )
    assert "tablerank.league.services" in loaded
    assert heavy(loaded) == []
