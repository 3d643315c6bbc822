"""`tablerank predict`, `rate -s skill` and `explain -s skill` (issue 12): the documented JSON,
the tables, warnings and refusals."""

from __future__ import annotations

import json

import pytest

from tests.cli.conftest import EXAMPLES, Invoke

SEASON = EXAMPLES / "club-season.jsonl"


def test_predict_gives_each_seat_a_probability_and_expected_vp(invoke: Invoke) -> None:
    result = invoke(
        "predict", SEASON, "--title", "catan", "--table", "Ines, Kai,Ben,Mia", "-f", "json"
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["system"] == "skill"
    assert [row["player"] for row in data["table"]] == ["Ines", "Kai", "Ben", "Mia"]
    assert set(data["table"][0]) == {
        "player", "win_probability", "expected_vp", "rating", "uncertainty", "games",
    }  # fmt: skip
    assert all(row["games"] > 40 for row in data["table"])
    assert sum(row["win_probability"] for row in data["table"]) == pytest.approx(1, abs=1e-5)
    assert all(3 < row["expected_vp"] < 10 for row in data["table"])
    assert data["newcomers"] == []
    assert result.stderr == ""


def test_predict_with_a_rating_system_uses_a_fitted_softmax(invoke: Invoke) -> None:
    result = invoke(
        "predict", SEASON, "-s", "cow.elo", "--group", "base", "--table", "Ines,Kai", "-f", "json"
    )
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)["table"]
    assert rows[0]["expected_vp"] is None
    assert rows[0]["uncertainty"] is None
    assert rows[0]["win_probability"] + rows[1]["win_probability"] == pytest.approx(1, abs=1e-5)
    higher = max(rows, key=lambda r: r["rating"])
    assert higher["win_probability"] >= 0.5


def test_a_newcomer_is_predicted_with_a_warning_and_the_table_prints(invoke: Invoke) -> None:
    result = invoke("predict", SEASON, "--title", "catan", "--table", "Ines,Zed,Kai")
    assert result.exit_code == 0, result.output
    assert "Zed has no rated game here; predicted as a newcomer" in result.stderr
    assert "who wins this table?" in result.stdout
    assert "Zed" in result.stdout
    assert "%" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--table", "Ines"), "a table needs at least two players"),
        (("--table", "Ines,Kai,Ines"), "Ines is seated twice at the table"),
        (("--table", "Ines,,Kai"), "seat 2 has no name"),
        (("--table", "Ines,Kai", "-s", "turnabout"), "turnabout does not rate games one by one"),
        (("--table", "Ines,Kai", "-s", "golf"), "unknown system 'golf'"),
        (("--table", "Ines,Kai", "-p", "drift_sd=-1"), "drift_sd: must be 0 or more"),
    ],
)
def test_predict_refusals(invoke: Invoke, args: tuple[str, ...], message: str) -> None:
    result = invoke("predict", SEASON, "--title", "catan", *args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert "Traceback" not in result.output


def test_predict_needs_one_title(invoke: Invoke) -> None:
    result = invoke("predict", SEASON, "--table", "Ines,Kai")
    assert result.exit_code == 2
    assert "skill keeps a separate list per game title" in result.stderr


def test_rate_with_skill_shows_uncertainty_and_provisional(invoke: Invoke, night: object) -> None:
    data = json.loads(
        invoke("rate", SEASON, "-s", "skill", "--title", "catan", "-f", "json").stdout
    )
    first = data["standings"][0]
    assert set(first) == {"player", "rank", "rating", "games", "uncertainty", "provisional"}
    assert first["uncertainty"] > 0
    table = invoke("rate", night, "-s", "skill", "--title", "catan")
    assert table.exit_code == 0, table.output
    assert "±" in table.stdout
    assert "provisional" in table.stdout
    plain = json.loads(
        invoke("rate", SEASON, "-s", "cow.elo", "--group", "base", "-f", "json").stdout
    )
    assert "uncertainty" not in plain["standings"][0]


def test_explain_with_skill_says_expected_and_actual(invoke: Invoke) -> None:
    result = invoke(
        "explain", SEASON, "-s", "skill", "--title", "catan", "-g", "bo-sub", "-f", "json"
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    why = [item["why"] for items in data["breakdown"].values() for item in items]
    assert why
    assert all("expected" in w and "scored" in w for w in why)
    assert data["not_rated"][0]["player"] == "Cleo"
    start = invoke("rate", SEASON, "-s", "skill", "--title", "catan", "--start",
                   EXAMPLES / "start-sheet.json")  # fmt: skip
    assert start.exit_code == 2
    assert "skill estimates from the games alone; it takes no --start" in start.stderr
