from __future__ import annotations

import datetime as dt

import pytest

from tablerank.engine.lists import (
    AnnualEntry,
    MonthlyEntry,
    annual_list,
    gold_for,
    monthly_list,
)
from tablerank.engine.records import Game, new_game
from tablerank.errors import InvalidParameter, MixedLists


def game(
    number: int,
    day: str,
    order: list[str],
    *,
    city: str = "Bonn",
    variant: str = "base",
    free: tuple[str, ...] = (),
) -> Game:
    """A game won by order[0], the others placed in the order given."""
    seats = [{"player": order[0], "vp": 10, "winner": True}] + [
        {"player": p, "vp": 9 - i} for i, p in enumerate(order[1:])
    ]
    for seat in seats:
        if seat["player"] in free:
            seat["account"] = "free"
    return new_game(id=f"g{number}", date=day, city=city, variant=variant, seats=seats)


def month_of_games(month: str, orders: list[list[str]], **kwargs: object) -> list[Game]:
    return [
        game(i, f"{month}-{1 + i % 28:02d}", order, **kwargs)  # type: ignore[arg-type]
        for i, order in enumerate(orders)
    ]


def monthly(entries: object) -> list[tuple[str, int, float, int, int]]:
    assert isinstance(entries, tuple)
    out = []
    for e in entries:
        assert isinstance(e, MonthlyEntry)
        out.append((e.player, e.place, e.score, e.games, e.gold))
    return out


def test_gold_is_2_for_first_and_1_for_places_2_to_5() -> None:
    assert [gold_for(p) for p in range(1, 8)] == [2, 1, 1, 1, 1, 0, 0]


def test_a_player_needs_7_games_in_the_month_to_be_listed() -> None:
    # A and B play 7 three-player games with C; D plays 6 of them instead of C... D plays once.
    orders = [["A", "B", "C"]] * 6 + [["B", "A", "D"]]
    result = monthly_list(month_of_games("2026-02", orders), month="2026-02", city="Bonn")
    assert [e[0] for e in monthly(result.entries)] == ["A", "B"]
    assert {(n.player, n.reason) for n in result.not_listed} == {
        ("C", "6 games in 2026-02; the list needs 7"),
        ("D", "1 games in 2026-02; the list needs 7"),
    }


def test_the_score_is_the_average_points_per_game_by_default() -> None:
    # 3-player points 4/2/1: A wins 6 of 7 (6 x 4 + 2 = 26), B 1 of 7 (6 x 2 + 4 = 16).
    orders = [["A", "B", "C"]] * 6 + [["B", "A", "C"]]
    result = monthly_list(month_of_games("2026-02", orders), month="2026-02", city="Bonn")
    rows = monthly(result.entries)
    assert [(r[0], r[1], r[3], r[4]) for r in rows] == [
        ("A", 1, 7, 2),
        ("B", 2, 7, 1),
        ("C", 3, 7, 1),
    ]
    assert [r[2] for r in rows] == pytest.approx([26 / 7, 16 / 7, 1.0])
    total = monthly_list(
        month_of_games("2026-02", orders), month="2026-02", city="Bonn", score="total"
    )
    assert [e[2] for e in monthly(total.entries)] == [26, 16, 7]


def test_equal_scores_share_a_place_and_its_gold() -> None:
    orders = [["A", "B", "C"], ["B", "A", "C"]] * 4
    result = monthly_list(month_of_games("2026-02", orders), month="2026-02", city="Bonn")
    assert [(e[0], e[1], e[4]) for e in monthly(result.entries)] == [
        ("A", 1, 2),
        ("B", 1, 2),
        ("C", 3, 1),
    ]


def test_only_games_of_that_month_city_and_group_count() -> None:
    orders = [["A", "B", "C"]] * 7
    games = (
        month_of_games("2026-02", orders)
        + month_of_games("2026-03", [["C", "B", "A"]] * 7)
        + month_of_games("2026-02", [["C", "B", "A"]] * 7, city="Köln")
    )
    result = monthly_list(games, month="2026-02", city="bonn", group="base")
    assert [(e[0], e[3]) for e in monthly(result.entries)] == [("A", 7), ("B", 7), ("C", 7)]
    assert result.kind == "monthly"


def test_the_open_list_spans_cities_without_gold() -> None:
    games = month_of_games("2026-02", [["A", "B", "C"]] * 4) + month_of_games(
        "2026-02", [["A", "B", "C"]] * 3, city="Köln"
    )
    result = monthly_list(games, month="2026-02")
    assert result.kind == "open"
    assert [(e[0], e[3], e[4]) for e in monthly(result.entries)] == [
        ("A", 7, 0),
        ("B", 7, 0),
        ("C", 7, 0),
    ]


def test_games_of_several_groups_need_a_group_chosen() -> None:
    games = [
        *month_of_games("2026-02", [["A", "B", "C"]]),
        game(99, "2026-02-10", ["A", "B", "C"], variant="cities-knights"),
    ]
    with pytest.raises(MixedLists, match="base, cities-knights; choose one with --group"):
        monthly_list(games, month="2026-02", city="Bonn")


@pytest.mark.parametrize("month", ["2026-13", "Feb", "2026-2-1"])
def test_a_bad_month_is_refused(month: str) -> None:
    with pytest.raises(InvalidParameter, match="expected a month like 2026-03"):
        monthly_list([], month=month)


def test_an_unknown_score_formula_is_refused() -> None:
    with pytest.raises(InvalidParameter, match="expected one of: average, total"):
        monthly_list([], month="2026-02", score="median")


def annual(entries: object) -> list[tuple[str, int, int, tuple[int, ...]]]:
    assert isinstance(entries, tuple)
    out = []
    for e in entries:
        assert isinstance(e, AnnualEntry)
        out.append((e.player, e.place, e.score, e.months))
    return out


def season(**kwargs: object) -> list[Game]:
    """Five months: A first in every one; B first once then second; C third; D once."""
    games: list[Game] = []
    for month in ("2026-01", "2026-02", "2026-03", "2026-04", "2026-05"):
        games += month_of_games(month, [["A", "B", "C"]] * 7, **kwargs)
    games += month_of_games("2026-06", [["B", "A", "D"]] * 7, **kwargs)
    return [
        new_game(id=f"{g.date}-{g.id}", date=g.date, city=g.city, variant=g.variant,
                 seats=[{"player": s.player, "vp": s.vp, "winner": s.winner,
                         "account": s.account} for s in g.seats])
        for g in games
    ]  # fmt: skip


def test_the_annual_score_sums_the_four_best_monthly_places() -> None:
    result = annual_list(season(), year=2026, city="Bonn")
    assert annual(result.entries) == [
        ("A", 1, 4, (1, 1, 1, 1, 1, 2)),
        ("B", 2, 1 + 2 + 2 + 2, (1, 2, 2, 2, 2, 2)),
        ("C", 3, 12, (3, 3, 3, 3, 3)),
        ("D", 4, 3 + 150 * 3, (3,)),
    ]
    assert result.kind == "annual"


def test_a_missing_month_counts_as_place_150() -> None:
    result = annual_list(season(), year=2026, city="Bonn")
    assert {e[0]: e[2] for e in annual(result.entries)}["D"] == 453


def test_free_accounts_are_left_out_of_the_annual_score_except_in_the_basic_game() -> None:
    games = season(free=("C",))
    basic = annual_list(games, year=2026, city="Bonn")
    assert "C" in [e[0] for e in annual(basic.entries)]
    not_basic = annual_list(games, year=2026, city="Bonn", basic_group="seafarers")
    assert "C" not in [e[0] for e in annual(not_basic.entries)]
    assert [(n.player, n.reason) for n in not_basic.not_listed] == [
        ("C", "no premium account at the time of the annual score")
    ]


def test_the_account_at_the_time_of_the_annual_score_is_the_latest_one() -> None:
    later = game(500, "2026-12-30", ["C", "A", "B"])  # C plays once more, on a premium account
    games = [*season(free=("C",)), later]
    result = annual_list(games, year=2026, city="Bonn", basic_group="other")
    assert "C" in [e[0] for e in annual(result.entries)]
    assert dt.date(2026, 12, 30) == games[-1].date


def test_the_annual_score_reads_each_months_own_list() -> None:
    """Each player's months in the annual score are their places in that month's list, over
    the shipped season (three cities, several months), per city and for the Open List."""
    from pathlib import Path

    from tablerank.formats.reading import read_records

    season = read_records([Path(__file__).parents[2] / "examples" / "club-season.jsonl"])
    for city in (None, "Bonn", "Köln"):
        annual = annual_list(season, year=2026, city=city, group="base", min_games=2)
        months: dict[str, list[int]] = {}
        for month in range(1, 13):
            monthly = monthly_list(
                season, month=f"2026-{month:02d}", city=city, group="base", min_games=2
            )
            for entry in monthly.entries:
                months.setdefault(entry.player, []).append(entry.place)
        assert annual.entries
        for entry in annual.entries:
            assert isinstance(entry, AnnualEntry)
            assert entry.months == tuple(sorted(months[entry.player]))
