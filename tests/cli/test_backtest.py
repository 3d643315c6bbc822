"""`tablerank backtest`: the documented JSON, the table, and refusals."""

from __future__ import annotations

import json

from tests.cli.conftest import EXAMPLES, Invoke

SEASON = EXAMPLES / "club-season.jsonl"


def test_the_json_has_the_documented_shape(invoke: Invoke) -> None:
    result = invoke("backtest", SEASON, "-s", "cow.elo", "-s", "pages.point", "-f", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert set(data) == {"baseline", "systems"}
    assert set(data["baseline"]) == {"games", "log_loss", "brier"}
    assert [s["system"] for s in data["systems"]] == ["cow.elo", "pages.point"]
    row = data["systems"][0]
    assert set(row) == {
        "system", "games", "log_loss", "accuracy", "brier", "temperature", "baseline_log_loss",
        "calibration",
    }  # fmt: skip
    assert 0 <= row["accuracy"] <= 1
    assert sum(b["seats"] for b in row["calibration"]) > row["games"]


def test_every_game_system_by_default_and_a_table(invoke: Invoke) -> None:
    result = invoke("backtest", SEASON)
    assert result.exit_code == 0, result.output
    assert "uniform guess" in result.stdout
    assert "cow.elo" in result.stdout
    assert "skill" in result.stdout
    assert "turnabout" not in result.stdout


def test_skill_is_scored_by_its_own_probabilities(invoke: Invoke) -> None:
    result = invoke("backtest", SEASON, "-s", "skill", "-s", "cow.elo", "-f", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    skill, elo = data["systems"]
    assert skill["system"] == "skill"
    assert skill["temperature"] is None
    assert elo["temperature"] > 0
    assert skill["games"] == data["baseline"]["games"]
    assert sum(b["seats"] for b in skill["calibration"]) > skill["games"]


def test_refusals(invoke: Invoke) -> None:
    unknown = invoke("backtest", SEASON, "-s", "golf")
    assert unknown.exit_code == 2
    assert "golf" in unknown.stderr
    events = invoke("backtest", SEASON, "-s", "turnabout")
    assert events.exit_code == 2
    assert "turnabout does not rate games one by one" in events.stderr
    nothing = invoke("backtest", SEASON, "--city", "Atlantis")
    assert nothing.exit_code == 2
    assert "no system could predict two games" in nothing.stderr
