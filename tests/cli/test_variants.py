from __future__ import annotations

import json

from tablerank.catan.variants import VARIANTS
from tests.cli.conftest import Invoke


def test_variants_json_lists_the_catalog(invoke: Invoke) -> None:
    result = invoke("variants", "--format", "json")
    assert result.exit_code == 0, result.output
    listed = {v["name"]: v for v in json.loads(result.stdout)["variants"]}
    assert list(listed) == list(VARIANTS)
    ck = listed["cities-knights"]
    assert (ck["target"], ck["maximum"], ck["players"]) == (13, 31, {"min": 3, "max": 4})
    defender = next(s for s in ck["sources"] if s["key"] == "defender")
    assert defender == {
        "key": "defender",
        "label": "Defender of Catan",
        "points": 1,
        "max": 1,
        "single_holder": True,
        "replaces": "largest_army",
    }
    assert listed["seafarers"]["scenario_target"] is True


def test_variants_table_shows_sources_points_max_holders_and_replacements(invoke: Invoke) -> None:
    result = invoke("variants")
    assert result.exit_code == 0, result.output
    out = result.stdout
    for name in VARIANTS:
        assert name in out
    assert "target 13 VP; 3-4 players; documented maximum 31 VP" in out
    assert "target 10 VP (scenario sets it); 3-4 players; sum of source maximums 38 VP" in out
    trade_route = next(line for line in out.splitlines() if "longest_trade_route" in line)
    assert trade_route.split("│")[1:-1] == [
        " longest_trade_route ",
        "      2 ",
        "   2 ",
        " yes           ",
        " longest_road ",
    ]
