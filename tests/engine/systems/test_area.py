"""A.R.E.A. ratings (seed 003): the two-player formula and the WTA, TEAM, RACE and SOL classes."""

from __future__ import annotations

import pytest

from tablerank.engine.records import Game, GameClass
from tablerank.engine.systems.area import (
    Area,
    TeamDivisor,
    decisive_points,
    draw_points,
    game_participant,
)
from tablerank.engine.systems.base import NotRated
from tablerank.errors import InvalidParameter, MixedLists

from ..builders import game, placed_game, seat, term_sums

# -- the two-player formulas -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("winner", "loser", "points"),
    [
        (5000, 5000, 100),
        (5100, 5200, 105),
        (5100, 4800, 85),
        (5100, 4600, 75),
        (5000, 5010, 101),  # 0.5 rounds away from zero
        (5000, 4990, 99),  # -0.5 rounds away from zero
        (5000, 5009, 100),
        (4000, 5989, 199),
        (4000, 5990, 200),
        (3000, 7000, 200),  # at most 200
        (6980, 5000, 1),
        (7000, 5000, 1),  # at least 1
        (9000, 1000, 1),
    ],
)
def test_the_two_player_formula(winner: float, loser: float, points: int) -> None:
    assert decisive_points(winner, loser) == points


@pytest.mark.parametrize(
    ("a", "b", "points"),
    [
        (5000, 5000, 0),
        (5000, 5009, 0),  # no minimum: a tie may change nothing
        (5000, 5010, 1),
        (5300, 5000, 15),
        (5000, 5300, 15),
        (1000, 5000, 200),
        (1000, 6000, 200),  # at most 200
    ],
)
def test_the_draw_formula(a: float, b: float, points: int) -> None:
    assert draw_points(a, b) == points


def chess(*places: int) -> Game:
    return placed_game(*places, game_title="Chess")


def test_a_two_player_win_moves_the_formula_result_from_loser_to_winner() -> None:
    assert Area().changes(chess(1, 2), {"A": 5100, "B": 5200}) == {"A": 105, "B": -105}
    assert Area().changes(chess(2, 1), {"A": 5100, "B": 5200}) == {"A": -95, "B": 95}


def test_a_two_player_win_moves_at_least_1_and_at_most_200() -> None:
    assert Area().changes(chess(1, 2), {"A": 7500, "B": 5000}) == {"A": 1, "B": -1}
    assert Area().changes(chess(2, 1), {"A": 7500, "B": 5000}) == {"A": -200, "B": 200}


def test_in_a_two_player_draw_the_lower_rated_player_gains() -> None:
    assert Area().changes(chess(1, 1), {"A": 5000, "B": 5300}) == {"A": 15, "B": -15}
    assert Area().changes(chess(1, 1), {"A": 5300, "B": 5000}) == {"A": -15, "B": 15}


def test_a_draw_between_close_ratings_can_change_nothing() -> None:
    assert Area().changes(chess(1, 1), {"A": 5000, "B": 5009}) == {"A": 0, "B": 0}


def test_a_draw_moves_at_most_200() -> None:
    assert Area().changes(chess(1, 1), {"A": 1000, "B": 6000}) == {"A": 200, "B": -200}


def test_new_players_start_at_5000() -> None:
    table = Area().rate([chess(1, 2)])
    assert {s.player: s.rating for s in table.standings} == {"A": 5100, "B": 4900}
    assert Area().initial_rating() == 5000


def test_the_start_rating_is_configurable() -> None:
    table = Area.configured({"start": "1500"}).rate([chess(1, 2)])
    assert {s.player: s.rating for s in table.standings} == {"A": 1600, "B": 1400}


def test_a_catan_two_player_game_is_rated_by_its_declared_winner() -> None:
    g = game([seat("A", 8), seat("B", 10, winner=True)])
    assert g.game_class is GameClass.TWO
    assert Area().changes(g, {}) == {"A": -100, "B": 100}


# -- WTA -------------------------------------------------------------------------------------

KREMLIN = {"A": 5100, "B": 5200, "C": 4800, "D": 4600}


def kremlin() -> Game:
    return game([seat("A", winner=True), seat("B"), seat("C"), seat("D")], id="k1", game="Kremlin")


def test_the_kremlin_example_b_minus_35_c_minus_28_d_minus_25_a_plus_88() -> None:
    assert kremlin().game_class is GameClass.WTA
    assert Area().changes(kremlin(), KREMLIN) == {"A": 88, "B": -35, "C": -28, "D": -25}


def test_the_kremlin_example_through_rate_and_explain_with_start_ratings() -> None:
    table = Area().rate([kremlin()], KREMLIN)
    assert {s.player: s.rating for s in table.standings} == {
        "A": 5188,
        "B": 5165,
        "C": 4772,
        "D": 4575,
    }
    e = Area().explain([kremlin()], "k1", KREMLIN)
    assert e.changes == {"A": 88, "B": -35, "C": -28, "D": -25}
    assert {(t.player, t.opponent): t.amount for t in e.terms} == {
        ("A", "B"): 35,
        ("B", "A"): -35,
        ("A", "C"): 28,
        ("C", "A"): -28,
        ("A", "D"): 25,
        ("D", "A"): -25,
    }
    assert e.terms[0].why == (
        "vs B: A (5100) beat B (5200): round((5200 - 5100) x 0.05) + 100 = 105, / 3 = 35"
    )
    assert e.notes == ("class wta; each pair divided by 3",)
    assert e.before == KREMLIN


def test_a_wta_loser_is_debited_at_least_one_point() -> None:
    ratings = {"A": 9000, "B": 5000, "C": 5000, "D": 5000}
    assert Area().changes(kremlin(), ratings) == {"A": 3, "B": -1, "C": -1, "D": -1}


def test_wta_losers_are_not_rated_against_each_other() -> None:
    g = placed_game(1, 2, 3, 4, game_title="Kremlin")
    e = Area().explain([g], "g1")
    assert {t.opponent for t in e.terms if t.player == "D"} == {"A"}
    assert e.changes == {"A": 99, "B": -33, "C": -33, "D": -33}


def test_wta_winners_draw_with_each_other_and_every_pair_is_divided_by_n_minus_1() -> None:
    g = placed_game(1, 1, 3, 4)
    ratings = {"A": 5000, "B": 5300, "C": 5000, "D": 5000}
    e = Area().explain([g], "g1", ratings)
    # A: 100/3 -> 33 twice, plus the draw 15/3 = 5 from B; B: 85/3 -> 28 twice, minus 5.
    assert e.changes == {"A": 71, "B": 51, "C": -61, "D": -61}
    draw = next(t for t in e.terms if (t.player, t.opponent) == ("A", "B"))
    assert draw.amount == 5
    assert draw.why == (
        "vs B: draw, 5000 vs 5300: round(|5000 - 5300| x 0.05) = 15, / 3 = 5 from B to A"
    )


def test_a_draw_between_winners_may_round_to_zero() -> None:
    g = placed_game(1, 1, 3, 4)
    ratings = {"A": 5000, "B": 5020, "C": 5000, "D": 5000}
    e = Area().explain([g], "g1", ratings)
    draw = next(t for t in e.terms if (t.player, t.opponent) == ("A", "B"))
    assert draw.amount == 0


# -- TEAM ------------------------------------------------------------------------------------


def team_game() -> Game:
    return game(
        [
            seat("A", place=1, team="allies"),
            seat("B", place=1, team="allies"),
            seat("C", place=3, team="axis"),
            seat("D", place=3, team="axis"),
            seat("E", place=3, team="axis"),
        ],
        game="Axis & Allies",
        game_class="team",
    )


@pytest.mark.parametrize(
    ("divisor", "winner_gain", "loser_loss"),
    [
        ("larger", 99, 66),  # 100 / 3 -> 33, three losers / two winners
        ("smaller", 150, 100),  # 100 / 2 = 50
        ("all", 75, 50),  # 100 / 4 = 25
    ],
)
def test_team_pairs_are_divided_by_the_chosen_side(
    divisor: str, winner_gain: int, loser_loss: int
) -> None:
    system = Area.configured({"team_divisor": divisor})
    assert system.changes(team_game(), {}) == {
        "A": winner_gain,
        "B": winner_gain,
        "C": -loser_loss,
        "D": -loser_loss,
        "E": -loser_loss,
    }


def test_the_default_team_divisor_is_the_larger_side() -> None:
    assert Area().team_divisor is TeamDivisor.LARGER


def test_team_winners_do_not_credit_or_debit_each_other() -> None:
    ratings = {"A": 5000, "B": 5600}
    e = Area().explain([team_game()], "g1", ratings)
    assert {t.opponent for t in e.terms if t.player == "A"} == {"C", "D", "E"}
    assert {t.opponent for t in e.terms if t.player == "B"} == {"C", "D", "E"}
    assert {t.opponent for t in e.terms if t.player == "C"} == {"A", "B"}


def test_a_bad_team_divisor_is_an_invalid_parameter() -> None:
    with pytest.raises(InvalidParameter, match="expected one of larger, smaller, all"):
        Area.configured({"team_divisor": "median"})


# -- RACE ------------------------------------------------------------------------------------


def test_race_rates_every_player_against_every_player_below() -> None:
    g = placed_game(1, 2, 3, 4, game_title="Formula De", game_class="race")
    e = Area().explain([g], "g1")
    assert e.changes == {"A": 99, "B": 33, "C": -33, "D": -99}
    assert {t.opponent for t in e.terms if t.player == "B"} == {"A", "C", "D"}


def test_race_equal_places_are_draws() -> None:
    g = placed_game(1, 2, 2, 4, game_title="Formula De", game_class="race")
    ratings = {"A": 5000, "B": 5000, "C": 5200, "D": 5000}
    e = Area().explain([g], "g1", ratings)
    draw = next(t for t in e.terms if (t.player, t.opponent) == ("B", "C"))
    assert draw.amount == 3  # round(200 x 0.05) = 10, / 3 -> 3, to the lower-rated B
    assert e.changes == {"A": 103, "B": 3, "C": -10, "D": -96}


def test_race_gives_the_minimum_one_point_per_pair() -> None:
    g = placed_game(1, 2, 3, game_title="Formula De", game_class="race")
    ratings = {"A": 9000, "B": 7000, "C": 5000}
    assert Area().changes(g, ratings) == {"A": 2, "B": 0, "C": -2}


# -- SOL -------------------------------------------------------------------------------------


def test_the_game_title_is_rated_as_a_participant() -> None:
    assert game_participant("B-17") == "B-17 (game)"


def test_a_solitaire_win_against_the_game_is_a_two_player_win() -> None:
    g = game([seat("Ann", winner=True)], game="B-17")
    assert g.game_class is GameClass.SOL
    assert Area().changes(g, {}) == {"Ann": 100, "B-17 (game)": -100}
    table = Area().rate([g])
    assert [(s.player, s.rating) for s in table.standings] == [
        ("Ann", 5100),
        ("B-17 (game)", 4900),
    ]


def test_a_solitaire_loss_is_a_win_for_the_game() -> None:
    g = game([seat("Ann")], game="B-17")
    assert Area().changes(g, {}) == {"Ann": -100, "B-17 (game)": 100}


@pytest.mark.parametrize("ann_won", [True, False])
@pytest.mark.parametrize(("ann", "title"), [(5000, 5000), (4800, 5300), (6100, 3900)])
def test_alone_against_the_game_equals_a_two_game_against_the_title(
    ann_won: bool, ann: float, title: float
) -> None:
    name = game_participant("B-17")
    ratings = {"Ann": ann, name: title}
    sol = game([seat("Ann", winner=ann_won)], game="B-17")
    two = game([seat("Ann", place=1 if ann_won else 2), seat(name, place=2 if ann_won else 1)])
    assert two.game_class is GameClass.TWO
    assert Area().changes(sol, ratings) == Area().changes(two, ratings)


def test_with_several_players_the_game_is_one_more_wta_player() -> None:
    both_win_sol = game(
        [seat("Ann", winner=True), seat("Bo", winner=True)], game="Arkham", game_class="sol"
    )
    assert Area().changes(both_win_sol, {}) == {"Ann": 50, "Bo": 50, "Arkham (game)": -100}
    game_wins = game([seat("Ann", place=1), seat("Bo", place=1)], game="Arkham", game_class="sol")
    assert Area().changes(game_wins, {}) == {"Ann": -50, "Bo": -50, "Arkham (game)": 100}
    one_wins = game([seat("Ann", winner=True), seat("Bo")], game="Arkham", game_class="sol")
    assert Area().changes(one_wins, {}) == {"Ann": 100, "Bo": -50, "Arkham (game)": -50}


# -- who is not rated --------------------------------------------------------------------------


def test_abandoned_seats_and_substitutes_are_not_rated() -> None:
    g = game(
        [
            seat("A", winner=True),
            seat("Q", status="abandoned"),
            seat("S", status="substitute"),
            seat("C"),
        ],
        game="Kremlin",
    )
    assert Area().changes(g, {}) == {"A": 100, "C": -100}
    expected = (
        NotRated("g1", "Q", "abandoned the game: not rated"),
        NotRated("g1", "S", "substitute who did not play the whole game: not rated"),
    )
    assert Area().rate([g]).not_rated == expected
    assert Area().explain([g], "g1").not_rated == expected


def test_a_player_with_no_opponent_left_is_not_rated() -> None:
    g = game([seat("A", winner=True), seat("S", status="substitute")], game="Kremlin")
    assert Area().changes(g, {}) == {}
    assert Area().rate([g]).not_rated == (
        NotRated("g1", "A", "no opponent left to be rated against"),
        NotRated("g1", "S", "substitute who did not play the whole game: not rated"),
    )


def test_rate_reports_an_abandoned_seat_in_a_solitaire_game() -> None:
    g = game([seat("Ann", winner=True), seat("Bo", status="abandoned")], game="B-17")
    expected = (NotRated("g1", "Bo", "abandoned the game: not rated"),)
    assert Area().explain([g], "g1").not_rated == expected
    assert Area().rate([g]).not_rated == expected


# -- lists ------------------------------------------------------------------------------------


def test_each_game_title_is_a_separate_list() -> None:
    k = kremlin()
    c = game([seat("A", place=1), seat("B", place=2)], id="c1", game="Chess")
    with pytest.raises(MixedLists, match=r"^area keeps a separate list per game title"):
        Area().rate([k, c])
    # Explaining a Chess game ignores the Kremlin game played before it.
    later = game([seat("A", place=1), seat("B", place=2)], id="c2", game="Chess", date="2026-04-01")
    assert Area().explain([k, later], "c2").before == {"A": 5000, "B": 5000}


def test_every_pair_term_is_mirrored_and_terms_add_up() -> None:
    g = placed_game(1, 2, 2, 4, 5, game_title="Formula De", game_class="race")
    ratings = {"A": 4700, "B": 5150, "C": 5010, "D": 5600, "E": 3900}
    e = Area().explain([g], "g1", ratings)
    amounts = {(t.player, t.opponent): t.amount for t in e.terms}
    for (p, o), amount in amounts.items():
        assert o is not None
        assert amounts[(o, p)] == -amount
    assert term_sums(e) == e.changes
    assert e.changes == Area().changes(g, ratings)
