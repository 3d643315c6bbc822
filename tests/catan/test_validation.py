"""Every validation rule of seed 002, each error and warning with its exact message."""

from __future__ import annotations

import dataclasses
import datetime as dt
from typing import Any

import pytest

from tablerank.catan.validation import Finding, findings_json, validate, validate_game
from tablerank.catan.variants import VARIANTS
from tablerank.engine.records import Game, Seat, SeatStatus, game_from_dict
from tablerank.errors import RecordError
from tests.engine.builders import game


def sheet(
    player: str,
    *,
    winner: bool = False,
    vp: float | None = None,
    status: str | None = None,
    sources: dict[str, int] | None = None,
    **more: int,
) -> dict[str, Any]:
    """A raw seat; `sources` and any other keyword arguments are its VP per source."""
    out: dict[str, Any] = {"player": player, "winner": winner}
    if status is not None:
        out["status"] = status
    if sources or more:
        out["sources"] = {**(sources or {}), **more}
    if vp is not None:
        out["vp"] = vp
    return out


def ann_wins(**ann: int) -> dict[str, Any]:
    """Ann, the winner, with 10 VP from these sources (or a default clean 10)."""
    return sheet(
        "Ann", winner=True, sources=ann or {"settlements": 2, "cities": 6, "longest_road": 2}
    )


BEN = sheet("Ben", settlements=3, cities=4)
CLEO = sheet("Cleo", settlements=4, cities=2)


def check(*seats: dict[str, Any], **fields: Any) -> Finding:
    findings = validate([game(list(seats), **fields)])
    assert len(findings) == 1
    return findings[0]


def errors(*seats: dict[str, Any], **fields: Any) -> list[str]:
    return check(*seats, **fields).errors


def warnings(*seats: dict[str, Any], **fields: Any) -> list[str]:
    return check(*seats, **fields).warnings


# -- clean games and what is checked ----------------------------------------------------------


def test_a_clean_game_has_no_findings() -> None:
    finding = check(ann_wins(), BEN, CLEO)
    assert finding == Finding("g1", [], [])
    assert finding.ok


def test_every_catan_game_is_listed_in_order_and_other_titles_are_skipped() -> None:
    games = [
        game([ann_wins(), BEN, CLEO], id="a"),
        game([{"player": "Ann", "winner": True}, {"player": "Ben"}], id="k", game="Kremlin"),
        game([ann_wins(), sheet("Ben", settlements=2, cities=10), CLEO], id="b"),
    ]
    assert [f.id for f in validate(games)] == ["a", "b"]
    assert [f.ok for f in validate(games)] == [True, False]


def test_findings_json_shape() -> None:
    findings = [Finding("a", [], ["w"]), Finding("b", ["e"], [])]
    assert findings_json(findings) == {
        "games": [
            {"id": "a", "errors": [], "warnings": ["w"]},
            {"id": "b", "errors": ["e"], "warnings": []},
        ]
    }


def test_seats_without_sources_are_checked_on_their_vp_only() -> None:
    g = game([sheet("Ann", winner=True, vp=10), sheet("Ben", vp=7), sheet("Cleo", vp=4)])
    assert validate_game(g) == Finding("g1", [], [])


def test_sources_that_disagree_with_vp_are_refused_when_the_record_is_built() -> None:
    with pytest.raises(RecordError, match=r"sources add up to 8 VP but vp says 10 \(Ann\)"):
        game([sheet("Ann", winner=True, vp=10, settlements=2, cities=6), BEN])


# -- sources ----------------------------------------------------------------------------------


def test_a_source_over_its_maximum() -> None:
    assert errors(ann_wins(), sheet("Ben", settlements=2, cities=12), CLEO) == [
        "Ben: cities 12 VP is over the maximum of 8 (4 cities x 2 VP)"
    ]


def test_an_award_over_its_maximum() -> None:
    assert errors(ann_wins(settlements=2, cities=4, longest_road=4), BEN, CLEO) == [
        "Ann: longest_road 4 VP is over the maximum of 2 (Longest Road is one award of 2 VP)"
    ]


def test_a_scenario_bonus_over_its_maximum() -> None:
    assert errors(
        ann_wins(settlements=2, cities=2, scenario=12), BEN, CLEO, variant="seafarers", target=16
    ) == [
        "Ann: scenario 12 VP is over the maximum of 10 "
        "(Scenario-Specific Bonuses vary, up to 10 VP)"
    ]


@pytest.mark.parametrize("name", list(VARIANTS))
def test_every_source_of_every_variant_is_allowed_up_to_its_maximum_and_no_further(
    name: str,
) -> None:
    variant = VARIANTS[name]
    players = [ann_wins(settlements=5, cities=8), BEN, CLEO]
    if name == "base-5-6":
        players += [sheet("Dee", settlements=2), sheet("Eve", settlements=2)]
    for source in variant.sources:
        at_max = [sheet("Max", sources={source.key: source.maximum}), *players]
        assert errors(*at_max, variant=name, target=13) == [], source.key
        over = source.maximum + source.points
        too_many = [sheet("Max", sources={source.key: over}), *players]
        assert errors(*too_many, variant=name, target=13) == [
            f"Max: {source.key} {over} VP is over the maximum of {source.maximum} "
            f"({source.allowed()})"
        ]


def test_an_amount_that_is_not_whole_units() -> None:
    assert errors(ann_wins(), sheet("Ben", settlements=3, cities=7), CLEO) == [
        "Ben: cities 7 VP is not a whole number of cities at 2 VP each"
    ]


def test_an_island_bonus_that_is_not_whole_units() -> None:
    ben = sheet("Ben", settlements=3, island_settlements=3)
    ann = ann_wins(settlements=2, cities=6, longest_trade_route=2)
    assert errors(ann, ben, CLEO, variant="seafarers") == [
        "Ben: island_settlements 3 VP is not a whole number of island settlement bonuses "
        "at 2 VP each"
    ]


def test_half_an_award() -> None:
    ben = sheet("Ben", settlements=3, largest_army=1)
    assert errors(ann_wins(), ben, CLEO) == [
        "Ben: largest_army 1 VP is not Largest Army's award of 2 VP (0 or 2)"
    ]


def test_longest_road_in_seafarers_points_to_the_trade_route() -> None:
    assert errors(ann_wins(), BEN, CLEO, variant="seafarers") == [
        "Ann: longest_road is not a VP source in seafarers: Longest Trade Route replaces "
        "Longest Road there (record it as longest_trade_route)"
    ]


def test_largest_army_in_cities_knights_points_to_the_defender() -> None:
    ann = ann_wins(settlements=3, cities=8, largest_army=2)
    assert errors(ann, BEN, CLEO, variant="cities-knights", target=13) == [
        "Ann: largest_army is not a VP source in cities-knights: Defender of Catan replaces "
        "Largest Army there (record it as defender)"
    ]


def test_a_source_the_variant_does_not_use() -> None:
    ann = ann_wins(settlements=3, cities=8, vp_cards=2)
    assert errors(ann, BEN, CLEO, variant="cities-knights") == [
        "Ann: vp_cards is not a VP source in cities-knights; its sources are: settlements, "
        "cities, trade_metropolis, politics_metropolis, science_metropolis, longest_road, "
        "defender, merchant, progress_cards"
    ]


def test_a_misspelt_source() -> None:
    assert errors(ann_wins(), sheet("Ben", settlements=3, citties=4), CLEO) == [
        "Ben: citties is not a VP source in base; its sources are: settlements, cities, "
        "longest_road, largest_army, vp_cards"
    ]


def test_zero_amounts_are_fine_anywhere_in_the_variant() -> None:
    assert errors(ann_wins(), sheet("Ben", settlements=3, largest_army=0), CLEO) == []


# -- single-holder awards ---------------------------------------------------------------------


def test_longest_road_held_by_two_players() -> None:
    ben = sheet("Ben", settlements=3, longest_road=2)
    assert errors(ann_wins(), ben, CLEO) == [
        "longest_road: held by Ann, Ben; only one player can hold Longest Road at a time"
    ]


@pytest.mark.parametrize(
    ("variant", "key", "label", "points"),
    [
        ("cities-knights", "trade_metropolis", "Trade Metropolis", 2),
        ("cities-knights", "politics_metropolis", "Politics Metropolis", 2),
        ("cities-knights", "science_metropolis", "Science Metropolis", 2),
        ("cities-knights", "merchant", "Merchant Token", 1),
        ("cities-knights", "defender", "Defender of Catan", 1),
        ("seafarers", "longest_trade_route", "Longest Trade Route", 2),
        ("base", "largest_army", "Largest Army", 2),
    ],
)
def test_each_single_holder_award_held_by_two(
    variant: str, key: str, label: str, points: int
) -> None:
    ann = sheet("Ann", winner=True, settlements=5, cities=8, sources={key: points})
    ben = sheet("Ben", settlements=2, sources={key: points})
    cleo = sheet("Cleo", settlements=2, sources={key: points})
    assert errors(ann, ben, cleo, variant=variant) == [
        f"{key}: held by Ann, Ben, Cleo; only one player can hold {label} at a time"
    ]


def test_an_award_passed_from_a_seat_that_left_to_its_substitute_is_one_holder() -> None:
    # Cleo left holding Longest Road; Dee took over her seat and still holds it at the end.
    cleo = sheet("Cleo", settlements=2, longest_road=2, status="abandoned")
    dee = sheet("Dee", settlements=3, cities=2, longest_road=2, status="substitute")
    ann = ann_wins(settlements=2, cities=6, largest_army=2)
    assert check(ann, BEN, cleo, dee) == Finding("g1", [], [])


def test_a_seat_that_left_still_has_its_sources_checked() -> None:
    cleo = sheet("Cleo", settlements=2, cities=10, status="abandoned")
    dee = sheet("Dee", settlements=3, status="substitute")
    assert errors(ann_wins(), BEN, cleo, dee) == [
        "Cleo (abandoned): cities 10 VP is over the maximum of 8 (4 cities x 2 VP)"
    ]


# -- the winner -------------------------------------------------------------------------------


def test_no_winner() -> None:
    assert errors(sheet("Ann", vp=10), sheet("Ben", vp=7), sheet("Cleo", vp=4)) == [
        "no winner: a Catan game has exactly one, the first to reach the base target of "
        "10 VP on their turn; mark that seat winner"
    ]


def test_more_than_one_winner_in_a_game_built_without_new_game() -> None:
    # new_game refuses this already; a library user may build Game values directly.
    seats = (
        Seat("Ann", 1, 10, winner=True),
        Seat("Ben", 1, 10, winner=True),
        Seat("Cleo", 3, 4),
    )
    g = Game("twice", dt.date(2026, 3, 14), seats)
    assert validate_game(g).errors == ["2 winners (Ann, Ben): a Catan game has exactly one winner"]


def test_the_winner_below_the_target() -> None:
    assert errors(sheet("Ann", winner=True, vp=9), sheet("Ben", vp=7), sheet("Cleo", vp=4)) == [
        "Ann: won with 9 VP, below the base target of 10 VP"
    ]


def test_the_winner_below_the_cities_knights_target() -> None:
    seats = [sheet("Ann", winner=True, vp=12), sheet("Ben", vp=7), sheet("Cleo", vp=4)]
    assert errors(*seats, variant="cities-knights") == [
        "Ann: won with 12 VP, below the cities-knights target of 13 VP"
    ]


def test_a_scenario_target_overrides_the_variant() -> None:
    seats = [sheet("Ann", winner=True, vp=12), sheet("Ben", vp=11), sheet("Cleo", vp=4)]
    assert check(*seats, variant="seafarers", target=12) == Finding("g1", [], [])
    assert errors(*seats, variant="seafarers", target=14) == [
        "Ann: won with 12 VP, below this game's target of 14 VP"
    ]


def test_a_winner_without_vp_is_a_warning_not_an_error() -> None:
    finding = check(sheet("Ann", winner=True), sheet("Ben"), sheet("Cleo"))
    assert finding.errors == []
    assert finding.warnings == [
        "Ann: the winner has no VP recorded, so reaching the base target of 10 VP cannot be checked"
    ]


def test_the_substitute_can_be_the_winner() -> None:
    cleo = sheet("Cleo", vp=4, status="abandoned")
    dee = sheet("Dee", winner=True, vp=10, status="substitute")
    assert check(sheet("Ann", vp=8), sheet("Ben", vp=7), cleo, dee) == Finding("g1", [], [])


def test_a_winner_who_left_is_not_counted_in_a_game_built_without_new_game() -> None:
    seats = (
        Seat("Ann", None, 10, winner=True, status=SeatStatus.ABANDONED),
        Seat("Ben", 1, 7),
        Seat("Cleo", 2, 5),
    )
    g = Game("left", dt.date(2026, 3, 14), seats)
    assert [e[:10] for e in validate_game(g).errors] == ["no winner:"]


# -- table size -------------------------------------------------------------------------------


def test_five_players_in_base() -> None:
    seats = [sheet("Ann", winner=True, vp=10), *(sheet(p, vp=5) for p in "BCDE")]
    assert errors(*seats) == [
        "table: 5 players at the end, but base is for 2-4; record 5-6 player tables as base-5-6"
    ]


def test_four_players_in_base_5_6() -> None:
    seats = [sheet("Ann", winner=True, vp=10), *(sheet(p, vp=5) for p in "BCD")]
    assert errors(*seats, variant="base-5-6") == [
        "table: 4 players at the end, but base-5-6 is for 5-6; record 2-4 player tables as base"
    ]


def test_two_players_in_an_expansion() -> None:
    seats = [sheet("Ann", winner=True, vp=13), sheet("Ben", vp=5)]
    assert errors(*seats, variant="cities-knights") == [
        "table: 2 players at the end, but cities-knights is for 3-4"
    ]


def test_two_players_is_the_official_two_player_base_game() -> None:
    assert check(sheet("Ann", winner=True, vp=10), sheet("Ben", vp=5)).ok


def test_a_seat_that_left_without_substitute_is_not_counted() -> None:
    seats = [sheet("Ann", winner=True, vp=10), sheet("Ben", vp=5)]
    left = sheet("Cleo", vp=3, status="abandoned")
    assert check(*seats, left, variant="traders-barbarians").errors == [
        "table: 2 players at the end, but traders-barbarians is for 3-4 "
        "(seats left mid-game are not counted: 1)"
    ]
    five = [*seats, *(sheet(p, vp=4) for p in "CDE")]
    assert check(*five, sheet("Fay", vp=2, status="abandoned"), variant="base-5-6").ok
    alone = [sheet("Ann", winner=True, vp=10), sheet("Ben", vp=6, status="abandoned")]
    assert errors(*alone) == [
        "table: 1 player at the end, but base is for 2-4 (seats left mid-game are not counted: 1)"
    ]


def test_a_seat_and_its_substitute_count_once() -> None:
    seats = [sheet("Ann", winner=True, vp=10), sheet("Ben", vp=5), sheet("Cleo", vp=4)]
    left = sheet("Dee", vp=3, status="abandoned")
    sub = sheet("Eve", vp=6, status="substitute")
    assert check(*seats, left, sub).ok  # five seats, four at the end: base


# -- warnings ---------------------------------------------------------------------------------


def test_a_non_winner_at_the_target() -> None:
    seats = [sheet("Ann", winner=True, vp=10), sheet("Ben", vp=10), sheet("Cleo", vp=4)]
    finding = check(*seats)
    assert finding.errors == []
    assert finding.warnings == [
        "Ben: 10 VP without winning, at or above the base target of 10 VP; possible only on "
        "another player's turn"
    ]


def test_a_non_winner_above_a_scenario_target() -> None:
    seats = [sheet("Ann", winner=True, vp=12), sheet("Ben", vp=13), sheet("Cleo", vp=4)]
    assert warnings(*seats, variant="seafarers", target=12) == [
        "Ben: 13 VP without winning, at or above this game's target of 12 VP; possible only "
        "on another player's turn"
    ]


def test_a_seat_that_left_at_the_target() -> None:
    cleo = sheet("Cleo", vp=10, status="abandoned")
    dee = sheet("Dee", vp=10, status="substitute")
    assert warnings(sheet("Ann", winner=True, vp=10), sheet("Ben", vp=4), cleo, dee) == [
        "Cleo (abandoned): 10 VP without winning, at or above the base target of 10 VP; "
        "possible only on another player's turn",
        "Dee: 10 VP without winning, at or above the base target of 10 VP; possible only on "
        "another player's turn",
    ]


def test_a_total_above_the_documented_maximum() -> None:
    seats = [sheet("Ann", winner=True, vp=23), sheet("Ben", vp=7), sheet("Cleo", vp=4)]
    finding = check(*seats)
    assert finding.errors == []
    assert finding.warnings == ["Ann: 23 VP is above the base documented maximum of 22 VP"]
    seats[0]["vp"] = 22
    assert check(*seats).warnings == []


def test_a_total_far_over_the_maximum_is_an_error_not_a_warning() -> None:
    seats = [sheet("Ann", winner=True, vp=45), sheet("Ben", vp=7), sheet("Cleo", vp=1000)]
    finding = check(*seats)
    assert finding.errors == [
        "Ann: 45 VP is far over the base documented maximum of 22 VP (more than 2 times it); "
        "no base game reaches that",
        "Cleo: 1000 VP is far over the base documented maximum of 22 VP (more than 2 times it); "
        "no base game reaches that",
    ]
    assert "Ann: 45 VP is above the base documented maximum of 22 VP" not in finding.warnings
    seats[0]["vp"], seats[2]["vp"] = 44, 4
    assert check(*seats).errors == []
    assert check(*seats).warnings == ["Ann: 44 VP is above the base documented maximum of 22 VP"]


def test_a_seat_that_left_far_over_the_maximum_is_an_error_too() -> None:
    seats = [
        sheet("Ann", winner=True, vp=10),
        sheet("Ben", vp=7),
        sheet("Cleo", vp=4),
        {"player": "Dee", "vp": 77, "status": "abandoned"},
    ]
    assert check(*seats).errors == [
        "Dee (abandoned): 77 VP is far over the base documented maximum of 22 VP "
        "(more than 2 times it); no base game reaches that"
    ]


def test_a_total_above_cities_knights_31() -> None:
    seats = [sheet("Ann", winner=True, vp=32), sheet("Ben", vp=7), sheet("Cleo", vp=4)]
    assert warnings(*seats, variant="cities-knights") == [
        "Ann: 32 VP is above the cities-knights documented maximum of 31 VP"
    ]


def test_a_total_above_the_sum_of_the_maximums_where_the_seed_gives_no_total() -> None:
    seats = [sheet("Ann", winner=True, vp=38.5), sheet("Ben", vp=7), sheet("Cleo", vp=4)]
    assert warnings(*seats, variant="seafarers") == [
        "Ann: 38.5 VP is above the seafarers sum of the maximums of 38 VP"
    ]


# -- several findings and odd records ---------------------------------------------------------


def test_several_errors_and_warnings_are_all_reported_in_rule_order() -> None:
    seats = [
        sheet("Ann", winner=True, settlements=2, cities=6),  # 8: below the target
        sheet("Ben", settlements=3, cities=12, longest_road=2),  # 17: over cities, at target
        sheet("Cleo", settlements=2, longest_road=2, vp_cards=6),
        *(sheet(p, vp=1) for p in "DE"),
    ]
    finding = check(*seats)
    assert finding.errors == [
        "table: 5 players at the end, but base is for 2-4; record 5-6 player tables as base-5-6",
        "Ann: won with 8 VP, below the base target of 10 VP",
        "Ben: cities 12 VP is over the maximum of 8 (4 cities x 2 VP)",
        "Cleo: vp_cards 6 VP is over the maximum of 5 (5 VP cards x 1 VP)",
        "longest_road: held by Ben, Cleo; only one player can hold Longest Road at a time",
    ]
    assert finding.warnings == [
        "Ben: 17 VP without winning, at or above the base target of 10 VP; possible only on "
        "another player's turn",
        "Cleo: 10 VP without winning, at or above the base target of 10 VP; possible only on "
        "another player's turn",
    ]


def test_names_are_reported_as_written() -> None:
    ben = sheet("[bold]Ben[/bold]", settlements=3, cities=12)
    assert errors(ann_wins(), ben, CLEO) == [
        "[bold]Ben[/bold]: cities 12 VP is over the maximum of 8 (4 cities x 2 VP)"
    ]


def test_an_unknown_variant_on_a_game_built_without_new_game() -> None:
    g = dataclasses.replace(game([ann_wins(), BEN, CLEO]), variant="cities-pirates")
    assert validate_game(g).errors == [
        "variant: unknown variant 'cities-pirates'; expected: " + ", ".join(VARIANTS)
    ]


def test_a_catan_game_without_a_variant_is_judged_as_base() -> None:
    g = dataclasses.replace(game([ann_wins(), BEN, CLEO]), variant=None, target=None)
    assert validate_game(g) == Finding("g1", [], [])


def test_records_read_from_json_validate_the_same() -> None:
    raw = {"id": "n1", "date": "2026-05-02", "variant": "base", "seats": [ann_wins(), BEN, CLEO]}
    assert validate([game_from_dict(raw)]) == [Finding("n1", [], [])]
