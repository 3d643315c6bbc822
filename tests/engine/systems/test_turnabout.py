"""Turnabout event awards: match wins x (first-place multiplier + position modifier) (seed 004)."""

from __future__ import annotations

import pytest

from tablerank.engine.records import EventStanding
from tablerank.engine.systems.base import NotRated
from tablerank.engine.systems.turnabout import (
    Turnabout,
    first_place_multiplier,
    match_wins,
    position_modifier,
    shared_modifiers,
)
from tablerank.errors import InvalidParameter, RatingError

from ..builders import event, field_of, standing, vp_game


def test_fifth_of_sixteen_earns_3_per_match_win() -> None:
    assert first_place_multiplier(16) == 6
    assert position_modifier(5) == -3
    award = Turnabout().changes(field_of(16, wins=2), {})["P00005"]
    assert award == 3 * 3  # (2 wins + 1 for completing) x 3


def test_sixty_fourth_of_a_hundred_earns_3_per_match_win() -> None:
    assert first_place_multiplier(100) == 9
    assert position_modifier(64) == -6
    award = Turnabout().changes(field_of(100, wins=1), {})["P00064"]
    assert award == 2 * 3


@pytest.mark.parametrize(
    ("low", "high", "multiplier"),
    [
        (4, 5, 4),
        (6, 11, 5),
        (12, 23, 6),
        (24, 47, 7),
        (48, 95, 8),
        (96, 191, 9),
        (192, 383, 10),
        (384, 767, 11),
    ],
)
def test_the_first_place_multiplier_bands(low: int, high: int, multiplier: int) -> None:
    for players in range(low, high + 1):
        assert first_place_multiplier(players) == multiplier, players


@pytest.mark.parametrize(
    ("low", "high", "modifier"),
    [
        (1, 1, 0),
        (2, 2, -1),
        (3, 4, -2),
        (5, 8, -3),
        (9, 16, -4),
        (17, 32, -5),
        (33, 64, -6),
        (65, 128, -7),
    ],
)
def test_the_position_modifier_bands(low: int, high: int, modifier: int) -> None:
    for place in range(low, high + 1):
        assert position_modifier(place) == modifier, place


def es(wins: int = 0, draws: int = 0, losses: int = 0, completed: bool = True) -> EventStanding:
    return EventStanding("P", 1, wins, draws, losses, completed)


def test_match_wins_count_wins_half_the_draws_and_one_for_completing() -> None:
    assert match_wins(es(wins=3, draws=1, losses=1)) == 4.5
    assert match_wins(es(wins=3, draws=1, losses=1, completed=False)) == 3.5
    assert match_wins(es()) == 1
    assert match_wins(es(draws=3, completed=False)) == 1.5


def test_going_1_3_in_a_four_round_event_counts_as_two_match_wins() -> None:
    e = event([standing("A", 1, wins=1, losses=3, completed=None)], rounds=4)
    assert e.standings[0].completed
    assert match_wins(e.standings[0]) == 2


def test_dropping_before_the_fifth_of_five_rounds_records_one_match_win() -> None:
    e = event([standing("A", 1, wins=1, losses=3, completed=None)], rounds=5)
    assert not e.standings[0].completed
    assert match_wins(e.standings[0]) == 1


def test_in_elimination_the_eliminated_get_the_bonus_and_those_who_drop_do_not() -> None:
    e = event(
        [
            standing("Eliminated", 1, wins=1, losses=1, completed=True),
            standing("Dropped", 2, wins=1, losses=0, completed=False),
        ],
        format="elimination",
        rounds=3,
    )
    assert [match_wins(s) for s in e.standings] == [2, 1]


def test_the_award_is_match_wins_times_the_multiplier() -> None:
    e = event(
        [
            standing("A", 1, wins=3),
            standing("B", 2, wins=2, draws=1),
            standing("C", 3, wins=1, draws=1, completed=False),
            standing("D", 4, wins=0),
            standing("E", 5, wins=1, losses=1, completed=False),
        ]
    )
    # 5 players: 1st 4, 2nd 3, 3rd-4th 2, 5th 1.
    assert Turnabout().changes(e, {}) == {"A": 16, "B": 10.5, "C": 3, "D": 2, "E": 1}


def test_tied_players_share_the_modifiers_of_the_positions_they_occupy() -> None:
    e = event(
        [standing("A", 1, wins=2), standing("B", 1, wins=2)]
        + [standing(p, 3, wins=0) for p in "CD"]
    )
    # 4 players: 1st-2nd shared (0 + -1) / 2 = -0.5; 3rd-4th shared (-2 + -2) / 2 = -2.
    assert shared_modifiers([1, 1, 3, 3]) == [-0.5, -0.5, -2, -2]
    assert Turnabout().changes(e, {}) == {"A": 3 * 3.5, "B": 3 * 3.5, "C": 2, "D": 2}


def test_two_players_tied_fourth_share_the_fourth_and_fifth_modifiers() -> None:
    assert shared_modifiers([1, 2, 3, 4, 4]) == [0, -1, -2, -2.5, -2.5]
    assert shared_modifiers([1, 2, 3, 4]) == [0, -1, -2, -2]


def test_the_explanation_shows_a_shared_modifier() -> None:
    e = event(
        [standing("A", 1, wins=2), standing("B", 1, wins=2)]
        + [standing(p, i, wins=0) for i, p in ((3, "C"), (4, "D"))]
    )
    term = Turnabout().explain([e], "e1").terms[0]
    assert term.why.endswith("x (4 for 4 players -0.5 for 1st) = 10.5")


def test_the_award_follows_the_place_not_the_order_of_the_standings() -> None:
    forward = event([standing(p, i, wins=1) for i, p in enumerate("ABCD", 1)])
    backward = event([standing(p, i, wins=1) for i, p in reversed(list(enumerate("ABCD", 1)))])
    assert Turnabout().changes(forward, {}) == Turnabout().changes(backward, {})


def test_awards_add_up_over_events() -> None:
    table = Turnabout().rate([field_of(4, id="e1"), field_of(4, id="e2")])
    assert [(s.player, s.rating, s.games) for s in table.standings] == [
        ("P00001", 16, 2),
        ("P00002", 12, 2),
        ("P00003", 8, 2),
        ("P00004", 8, 2),
    ]
    assert [s.rank for s in table.standings] == [1, 2, 3, 3]


@pytest.mark.parametrize("size", [1, 2, 3])
def test_an_event_of_fewer_than_four_players_is_refused(size: int) -> None:
    with pytest.raises(RatingError) as info:
        Turnabout().changes(field_of(size), {})
    assert info.value.system == "turnabout"
    assert f"an event needs at least 4 players, this one has {size}" in str(info.value)
    assert "allow_small_events=true" in str(info.value)
    with pytest.raises(RatingError):
        Turnabout().explain([field_of(size)], "e1")


def test_a_small_event_is_rated_when_the_user_opts_in() -> None:
    system = Turnabout.configured({"allow_small_events": "true"})
    assert system.allow_small_events
    assert system.changes(field_of(3), {}) == {"P00001": 6, "P00002": 4, "P00003": 2}
    assert first_place_multiplier(3) == 3


def test_allow_small_events_takes_only_true_or_false() -> None:
    with pytest.raises(InvalidParameter, match="expected true or false"):
        Turnabout.configured({"allow_small_events": "sometimes"})


def test_games_are_not_turnabout_records() -> None:
    table = Turnabout().rate([vp_game(10, 5)])
    assert table.standings == ()
    assert table.not_rated == (NotRated("g1", None, "turnabout rates event standings only"),)


def test_the_explanation_shows_the_match_wins_and_multiplier() -> None:
    e = Turnabout().explain([field_of(16, wins=2)], "e1")
    term = next(t for t in e.terms if t.player == "P00005")
    assert term.amount == 9
    assert term.why == (
        "3 match wins (2 wins + 0 draws / 2 + 1 for playing every round) x "
        "(6 for 16 players -3 for 5th) = 9"
    )
    assert e.notes == ("16 players: first-place multiplier 6",)
    dropped = event([standing(p, i, wins=1, completed=i != 4) for i, p in enumerate("ABCD", 1)])
    last = Turnabout().explain([dropped], "e1").terms[-1]
    assert last.why.startswith("1 match wins (1 wins + 0 draws / 2 (dropped: no bonus)) x ")
