"""Catan Online World ELO list: pairwise, round(8 x (S - E)) per pair, start 1000 (seed 001)."""

from __future__ import annotations

import itertools
import re

import pytest

from tablerank.engine.records import Game
from tablerank.engine.systems.base import NotRated
from tablerank.engine.systems.cow.elo import Elo, expected_score
from tablerank.errors import InvalidParameter, MixedLists, UnknownRecord

from ...builders import game, placed_game, seat, term_sums, vp_game

WORKED = {"A": 1200, "B": 1000, "C": 1400}


def worked_game() -> Game:
    """A beats B and C; B beats C (places 1, 2, 3)."""
    return vp_game(10, 8, 6)


def test_the_documents_worked_example_a_plus_8_b_plus_5_c_minus_13() -> None:
    assert Elo().changes(worked_game(), WORKED) == {"A": 8, "B": 5, "C": -13}


def test_the_worked_example_through_rate_with_start_ratings() -> None:
    table = Elo().rate([worked_game()], WORKED)
    assert [(s.player, s.rank, s.rating, s.games) for s in table.standings] == [
        ("C", 1, 1387, 1),
        ("A", 2, 1208, 1),
        ("B", 3, 1005, 1),
    ]


def test_the_worked_examples_pair_terms_are_explained_from_both_sides() -> None:
    e = Elo().explain([worked_game()], "g1", WORKED)
    assert {(t.player, t.opponent): t.amount for t in e.terms} == {
        ("A", "B"): 2,
        ("A", "C"): 6,
        ("B", "A"): -2,
        ("B", "C"): 7,
        ("C", "A"): -6,
        ("C", "B"): -7,
    }
    assert e.changes == {"A": 8, "B": 5, "C": -13}
    assert e.before == WORKED
    assert e.after == {"A": 1208, "B": 1005, "C": 1387}
    assert term_sums(e) == e.changes


def test_a_pair_term_shows_the_formula() -> None:
    e = Elo().explain([worked_game()], "g1", WORKED)
    term = next(t for t in e.terms if (t.player, t.opponent) == ("B", "C"))
    assert term.why == "vs C (won, 1000 vs 1400): round(8 x (1 - 0.091)) = +7"
    lost = next(t for t in e.terms if (t.player, t.opponent) == ("C", "A"))
    assert lost.why == "vs A (lost, 1400 vs 1200): round(8 x (0 - 0.760)) = -6"


def test_the_expected_score_is_the_classic_logistic_curve() -> None:
    assert expected_score(1000, 1000) == 0.5
    assert expected_score(1400, 1000) == pytest.approx(10 / 11)
    assert expected_score(1000, 1400) == pytest.approx(1 / 11)


def test_everyone_starts_at_1000() -> None:
    table = Elo().rate([vp_game(10, 6)])
    assert {s.player: s.rating for s in table.standings} == {"A": 1004, "B": 996}
    assert Elo().initial_rating() == 1000


def test_the_starting_value_is_configurable() -> None:
    table = Elo.configured({"start": "1500"}).rate([vp_game(10, 6)])
    assert {s.player: s.rating for s in table.standings} == {"A": 1504, "B": 1496}


def test_a_tie_between_equal_ratings_changes_nothing() -> None:
    g = game([seat("A", 10, place=1), seat("B", 10, place=1)])
    assert Elo().changes(g, {}) == {"A": 0, "B": 0}


def test_a_tie_moves_points_to_the_lower_rated_player() -> None:
    g = game([seat("A", 10, place=1), seat("B", 10, place=1)])
    assert Elo().changes(g, {"A": 1000, "B": 1400}) == {"A": 3, "B": -3}


def test_a_pair_moves_at_most_8_points() -> None:
    upset = Elo().changes(vp_game(10, 2), {"A": 100, "B": 3000})
    assert upset == {"A": 8, "B": -8}
    expected = Elo().changes(vp_game(10, 2), {"A": 3000, "B": 100})
    assert expected == {"A": 0, "B": 0}


def test_a_four_player_game_moves_at_most_24_points() -> None:
    underdog_wins = {"A": 100, "B": 3000, "C": 3000, "D": 3000}
    changes = Elo().changes(vp_game(10, 8, 6, 4), underdog_wins)
    # B, C, D each lose 8 to A; among equals, a win is +4 and a loss -4.
    assert changes == {"A": 24, "B": 0, "C": -8, "D": -16}
    favourite_last = {"A": 100, "B": 100, "C": 100, "D": 3000}
    assert Elo().changes(vp_game(10, 8, 6, 4), favourite_last)["D"] == -24


def test_k_scales_the_pair_result() -> None:
    assert Elo.configured({"k": "16"}).changes(vp_game(10, 6), {}) == {"A": 8, "B": -8}


def test_a_free_account_is_not_rated_and_is_reported() -> None:
    g = game([seat("A", 10, winner=True), seat("F", 8, account="free"), seat("B", 6)])
    assert Elo().changes(g, {}) == {"A": 4, "B": -4}
    reason = "free account: gets no ELO value (seed 001)"
    assert Elo().rate([g]).not_rated == (NotRated("g1", "F", reason),)
    assert Elo().explain([g], "g1").not_rated == (NotRated("g1", "F", reason),)


def test_an_abandoned_seat_and_its_substitute_are_both_excluded() -> None:
    g = game(
        [
            seat("A", 10, winner=True),
            seat("Q", 4, status="abandoned"),
            seat("S", 7, status="substitute"),
            seat("B", 5),
        ]
    )
    assert Elo().changes(g, {}) == {"A": 4, "B": -4}
    expected = (
        NotRated("g1", "Q", "abandoned the game: excluded from ELO (seed 001)"),
        NotRated("g1", "S", "substitute for a player who abandoned: excluded from ELO (seed 001)"),
    )
    assert Elo().rate([g]).not_rated == expected
    assert Elo().explain([g], "g1").not_rated == expected
    # B placed behind the substitute is still compared with A only.
    assert Elo().explain([g], "g1").changes == {"A": 4, "B": -4}


def test_a_single_eligible_player_means_no_elo_change() -> None:
    g = game(
        [
            seat("A", 10, winner=True),
            seat("F", 8, account="free"),
            seat("S", 7, status="substitute"),
        ]
    )
    assert Elo().changes(g, {}) == {}
    table = Elo().rate([g])
    assert table.standings == ()
    assert {n.player: n.reason for n in table.not_rated} == {
        "A": "the only eligible player at this table: no ELO calculation (seed 001)",
        "F": "free account: gets no ELO value (seed 001)",
        "S": "substitute for a player who abandoned: excluded from ELO (seed 001)",
    }
    e = Elo().explain([g], "g1")
    assert e.changes == {}
    assert e.terms == ()
    assert e.notes == ("fewer than two eligible players: no ELO change",)


def test_the_ratings_carry_from_game_to_game_in_date_order() -> None:
    later = vp_game(10, 6, id="g2", date="2026-03-20", winner=1)
    earlier = vp_game(10, 6, id="g1", date="2026-03-01")
    table = Elo().rate([later, earlier])
    # g1: A 1004, B 996. g2: B (996) beats A (1004): round(8 x (1 - E)) with E < 0.5 -> +4.
    assert {s.player: s.rating for s in table.standings} == {"A": 1000, "B": 1000}
    e = Elo().explain([later, earlier], "g2")
    assert e.before == {"A": 1004, "B": 996}


def test_each_game_group_is_a_separate_list() -> None:
    base = vp_game(10, 6, id="g1")
    ck = vp_game(13, 6, id="g2", variant="cities-knights")
    with pytest.raises(MixedLists, match=re.escape("cow.elo keeps a separate list per game group")):
        Elo().rate([base, ck])
    assert Elo().explain([base, ck], "g2").before == {"A": 1000, "B": 1000}


def test_games_other_than_catan_are_not_rated() -> None:
    table = Elo().rate([placed_game(1, 2)])
    assert table.standings == ()
    assert table.not_rated == (NotRated("g1", None, "cow.elo rates Catan games, not Diplomacy"),)


def test_explaining_an_unknown_record_is_an_error() -> None:
    with pytest.raises(UnknownRecord, match="no game or event has the id 'zz'"):
        Elo().explain([worked_game()], "zz")


def test_a_bad_k_is_an_invalid_parameter() -> None:
    with pytest.raises(InvalidParameter, match=re.escape("cow.elo parameter k")):
        Elo.configured({"k": "eight"})


def test_every_pair_term_is_the_negative_of_its_mirror() -> None:
    ratings = {"A": 1210, "B": 1030, "C": 1395, "D": 980}
    e = Elo().explain([vp_game(10, 9, 9, 4)], "g1", ratings)
    amounts = {(t.player, t.opponent): t.amount for t in e.terms}
    for p, o in itertools.permutations("ABCD", 2):
        assert amounts[(p, o)] == -amounts[(o, p)]


def test_the_explanation_agrees_with_the_change_at_a_rounding_boundary() -> None:
    g = game([seat("A", place=2), seat("B", place=1)])
    ratings = {"A": 1000.0, "B": 529.5634963777277}
    assert Elo().explain_record(g, ratings).changes == Elo().changes(g, ratings)


def test_seat_order_does_not_matter_at_a_rounding_boundary() -> None:
    ratings = {"A": 1000.0, "B": 529.5634963777277}
    forward = game([seat("A", place=2), seat("B", place=1)])
    backward = game([seat("B", place=1), seat("A", place=2)])
    assert Elo().changes(forward, ratings) == Elo().changes(backward, ratings)
