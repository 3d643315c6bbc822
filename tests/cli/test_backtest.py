"""`tablerank backtest`: the documented JSON, the table, and refusals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

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
        "calibration", "calibration_judged", "calibration_off", "calibration_chi_square",
        "calibration_chance",
    }  # fmt: skip
    assert 0 <= row["accuracy"] <= 1
    deciles = row["calibration"]
    assert [d["decile"] for d in deciles] == list(range(1, 11))
    assert set(deciles[0]) == {
        "decile", "low", "high", "seats", "predicted", "observed", "distance", "judged",
        "within_2se",
    }  # fmt: skip
    assert sum(d["seats"] for d in deciles) > row["games"]
    assert [d["predicted"] for d in deciles] == sorted(d["predicted"] for d in deciles)
    judged = [d for d in deciles if d["judged"]]
    assert row["calibration_judged"] == len(judged) == 10  # 119 games: 40-odd seats a decile
    assert row["calibration_off"] == sum(not d["within_2se"] for d in judged)
    assert row["calibration_chi_square"] == pytest.approx(
        sum(d["distance"] ** 2 for d in judged), abs=0.01
    )
    assert 0 < row["calibration_chance"] <= 1


def test_every_game_system_by_default_and_a_table(invoke: Invoke) -> None:
    result = invoke("backtest", SEASON)
    assert result.exit_code == 0, result.output
    assert "uniform guess" in result.stdout
    assert "cow.elo" in result.stdout
    assert "skill" in result.stdout
    assert "turnabout" not in result.stdout
    assert "deciles off" in result.stdout
    assert " of 10 (" in result.stdout
    assert "2 standard errors" in result.stdout


def test_a_backtest_too_short_to_judge_its_deciles_says_so(invoke: Invoke, tmp_path: Path) -> None:
    short = tmp_path / "short.jsonl"
    short.write_text("\n".join(SEASON.read_text().splitlines()[:30]) + "\n")
    result = invoke("backtest", short, "-s", "cow.elo", "-f", "json")
    assert result.exit_code == 0, result.output
    row = json.loads(result.stdout)["systems"][0]
    assert row["calibration_judged"] == 0
    assert row["calibration_chance"] is None
    table = invoke("backtest", short, "-s", "cow.elo")
    assert table.exit_code == 0, table.output
    assert "too few seats" in table.stdout


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
