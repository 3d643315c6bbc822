from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from tablerank.cli.main import app

EXAMPLES = Path(__file__).parents[2] / "examples"

Invoke = Callable[..., Result]


@pytest.fixture
def invoke() -> Invoke:
    runner = CliRunner()

    def run(*args: str | Path) -> Result:
        return runner.invoke(app, [str(a) for a in args])

    return run


@pytest.fixture
def night(tmp_path: Path) -> Path:
    """Three games at two clubs, one free account, one Kremlin game."""
    games = [
        {"id": "g1", "date": "2026-03-14", "city": "Bonn", "seats": [
            {"player": "Ann", "vp": 10, "winner": True}, {"player": "Ben", "vp": 6},
            {"player": "Cleo", "vp": 5}]},
        {"id": "g2", "date": "2026-03-15", "city": "Köln", "seats": [
            {"player": "Ben", "vp": 10, "winner": True}, {"player": "Ann", "vp": 9},
            {"player": "Dee", "vp": 9, "account": "free"}]},
        {"id": "g3", "date": "2026-03-16", "city": "Bonn", "group": "duel", "target": 13,
         "seats": [{"player": "Cleo", "vp": 13, "winner": True}, {"player": "Ann", "vp": 11}]},
        {"id": "k1", "date": "2026-03-17", "game": "Kremlin", "seats": [
            {"player": "Ann", "winner": True}, {"player": "Ben"}, {"player": "Cleo"},
            {"player": "Dee"}]},
    ]  # fmt: skip
    path = tmp_path / "night.jsonl"
    path.write_text("".join(json.dumps(g) + "\n" for g in games), encoding="utf-8")
    return path
