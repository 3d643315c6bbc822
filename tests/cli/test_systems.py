from __future__ import annotations

import json

from tablerank.engine.systems import SYSTEMS
from tests.cli.conftest import Invoke


def test_systems_lists_every_system_with_parameters_and_defaults(invoke: Invoke) -> None:
    result = invoke("systems", "--format", "json")
    assert result.exit_code == 0
    listed = {s["name"]: s for s in json.loads(result.stdout)["systems"]}
    assert list(listed) == list(SYSTEMS)
    assert {p["name"]: p["default"] for p in listed["cow.elo"]["parameters"]} == {
        "k": 8,
        "start": 1000,
    }
    area = {p["name"]: p["default"] for p in listed["area"]["parameters"]}
    assert area == {"start": 5000, "team_divisor": "larger"}
    glory = listed["pages.glory"]["parameters"][0]
    assert glory["default"]["5"] == [60, 30, 20, 10, 0]
    assert listed["pages.combined"]["order"] == "lower first"


def test_systems_table_shows_how_to_set_each_parameter(invoke: Invoke) -> None:
    result = invoke("systems")
    assert result.exit_code == 0
    assert "-p tables.5=60,30,20,10,0" in result.stdout
    assert "-p team_divisor=larger" in result.stdout
    assert "-p allow_small_events=false" in result.stdout


def test_version_is_said(invoke: Invoke) -> None:
    from importlib.metadata import version

    result = invoke("--version")
    assert result.exit_code == 0
    assert result.stdout.strip() == f"tablerank {version('tablerank')}"
