"""`tablerank seats-report`: the documented JSON, filters, and refusals."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.conftest import EXAMPLES, Invoke


def test_the_json_and_the_warning_for_files_in_result_order(invoke: Invoke) -> None:
    result = invoke("seats-report", EXAMPLES / "club-season.jsonl", "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert set(data) == {"tables", "left_out", "listed_by_result"}
    assert data["listed_by_result"] is True
    four = next(t for t in data["tables"] if t["players"] == 4)
    assert [p["position"] for p in four["positions"]] == [1, 2, 3, 4]
    assert four["p_value"] < 1e-6  # the winner listed first: "position 1" always wins
    assert four["chi_square"] > 100
    assert set(four["positions"][0]) == {
        "position", "games", "wins", "win_rate", "win_rate_low", "win_rate_high", "expected",
        "vp_games", "mean_vp", "mean_vp_low", "mean_vp_high",
    }  # fmt: skip
    table = invoke("seats-report", EXAMPLES / "club-season.jsonl")
    assert "4-player tables" in table.stdout
    assert "chi-square" in table.stdout
    assert "the seat order in these records" in table.stderr


def test_filters_and_an_empty_selection(invoke: Invoke, tmp_path: Path) -> None:
    one = invoke("seats-report", EXAMPLES / "qualifier-round1.jsonl", "--event", "spring qualifier",
                 "-f", "json")  # fmt: skip
    assert one.exit_code == 0, one.output
    assert [t["games"] for t in json.loads(one.stdout)["tables"]] == [3, 1]
    none = invoke("seats-report", EXAMPLES / "club-season.jsonl", "--event", "Nope")
    assert none.exit_code == 2
    assert "no game to report on" in none.stderr
    assert "Traceback" not in none.output
