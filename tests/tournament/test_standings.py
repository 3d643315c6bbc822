"""Tournament standings (seed 002, "Tournament Ranking (Preliminary Rounds)"): one test per rule."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import pytest

from tablerank.engine.records import Game, new_event, new_game
from tablerank.errors import TablerankError
from tablerank.tournament.scoring import (
    SCORINGS,
    MissingVP,
    NoCatanGames,
    UnknownEvent,
    UnknownScoring,
    UnsupportedTable,
)
from tablerank.tournament.standings import (
    StandingRow,
    TournamentStandings,
    derived_seed,
    draw_lots,
    game_vp_shares,
    shared_points,
    tournament_standings,
)

DATE = "2026-03-14"


def table(id: str, *seats: tuple[str, float], winner: int | None = 0, **fields: Any) -> Game:
    """A Catan game; `seats` are (player, VP) pairs, seat `winner` declared the winner."""
    raw = [{"player": p, "vp": vp, "winner": i == winner} for i, (p, vp) in enumerate(seats)]
    return new_game(id=id, date=DATE, seats=raw, **fields)


def row(result: TournamentStandings, player: str) -> StandingRow:
    return next(r for r in result.rows if r.player == player)


def order(result: TournamentStandings) -> list[str]:
    return [r.player for r in result.rows]


def above(result: TournamentStandings, player: str) -> str:
    index = order(result).index(player)
    assert index > 0, f"{player} is first"
    return result.rows[index - 1].player


# -- 1. wins ---------------------------------------------------------------------------------------


def test_wins_rank_first_even_against_more_vp() -> None:
    # Ann wins once with 10 VP; Ben never wins but scores 9 + 9 = 18.
    games = [
        table("g1", ("Ann", 10), ("Ben", 9), ("Cy", 2), ("Di", 2)),
        table("g2", ("Cy", 10), ("Ben", 9), ("Ann", 2), ("Di", 2)),
    ]
    result = tournament_standings(games)
    assert row(result, "Ann").wins == 1
    assert row(result, "Ben").wins == 0
    assert order(result).index("Ann") < order(result).index("Ben")
    assert row(result, "Ben").separated_by == "wins"


def test_a_game_won_by_places_alone_counts_for_the_sole_first() -> None:
    g = new_game(
        id="g1",
        date=DATE,
        seats=[
            {"player": "Ann", "vp": 10, "place": 1},
            {"player": "Ben", "vp": 7, "place": 2},
            {"player": "Cy", "vp": 5, "place": 3},
        ],
    )
    assert row(tournament_standings([g]), "Ann").wins == 1


def test_a_shared_first_place_without_a_declared_winner_is_nobodys_win() -> None:
    g = new_game(
        id="g1",
        date=DATE,
        seats=[
            {"player": "Ann", "vp": 9, "place": 1},
            {"player": "Ben", "vp": 9, "place": 1},
            {"player": "Cy", "vp": 5, "place": 3},
        ],
    )
    result = tournament_standings([g])
    assert [r.wins for r in result.rows] == [0, 0, 0]


# -- 2. capped VP ----------------------------------------------------------------------------------


def test_vp_per_game_is_capped_at_ten_in_the_base_game() -> None:
    # "Maximum 10 VP per game counted (even if player scored more)": 12 counts as 10.
    result = tournament_standings([table("g1", ("Ann", 12), ("Ben", 9), ("Cy", 8), ("Di", 7))])
    assert row(result, "Ann").vp == 10
    assert row(result, "Ben").vp == 9


def test_the_cap_is_the_variants_target_elsewhere() -> None:
    # Cities & Knights is won at 13: a 14 VP win counts 13, not 10.
    ck = table("g1", ("Ann", 14), ("Ben", 12), ("Cy", 8), variant="cities-knights")
    assert row(tournament_standings([ck]), "Ann").vp == 13
    assert row(tournament_standings([ck]), "Ben").vp == 12


def test_the_cap_is_the_scenarios_target_when_the_game_gives_one() -> None:
    scenario = table("g1", ("Ann", 13), ("Ben", 11), ("Cy", 8), variant="seafarers", target=12)
    assert row(tournament_standings([scenario]), "Ann").vp == 12
    assert row(tournament_standings([scenario]), "Ben").vp == 11


def test_capped_vp_is_summed_over_games() -> None:
    games = [
        table("g1", ("Ann", 11), ("Ben", 9), ("Cy", 8), ("Di", 7)),
        table("g2", ("Ben", 10), ("Ann", 6), ("Cy", 5), ("Di", 4)),
    ]
    assert row(tournament_standings(games), "Ann").vp == 10 + 6


def test_capped_vp_separates_equal_wins() -> None:
    games = [
        table("g1", ("Ann", 10), ("Ben", 5), ("Cy", 5), ("Di", 5)),
        table("g2", ("Eve", 10), ("Fay", 3), ("Gus", 3), ("Hal", 3)),
        table("g3", ("Ben", 10), ("Ann", 8), ("Fay", 1), ("Gus", 1)),
        table("g4", ("Fay", 10), ("Eve", 6), ("Hal", 1), ("Cy", 1)),
    ]
    result = tournament_standings(games)
    # Ann: 1 win, 18 VP; Ben: 1 win, 15; Eve: 1 win, 16; Fay: 1 win, 14.
    assert order(result)[:4] == ["Ann", "Eve", "Ben", "Fay"]
    assert [r.separated_by for r in result.rows[:4]] == [
        None,
        "capped VP",
        "capped VP",
        "capped VP",
    ]


# -- 3. VP% ----------------------------------------------------------------------------------------


def test_vp_percent_is_vp_over_the_table_total_at_four_players() -> None:
    # 10 / (10 + 8 + 6 + 4) = 10 / 28, no dummy at a 4-player table.
    assert game_vp_shares([Fraction(v) for v in (10, 8, 6, 4)]) == [
        Fraction(10, 28),
        Fraction(8, 28),
        Fraction(6, 28),
        Fraction(4, 28),
    ]


def test_a_three_player_table_adds_a_dummy_score_equal_to_its_average() -> None:
    # By hand: 10 + 9 + 5 = 24 VP at the table; the average is 24 / 3 = 8, so the dummy fourth
    # score is 8 and the total divided by is 24 + 8 = 32.
    # Ann 10 / 32 = 31.25 %, Ben 9 / 32 = 28.125 %, Cy 5 / 32 = 15.625 %.
    result = tournament_standings([table("g1", ("Ann", 10), ("Ben", 9), ("Cy", 5))])
    assert row(result, "Ann").vp_percent == Fraction(3125, 100)
    assert row(result, "Ben").vp_percent == Fraction(28125, 1000)
    assert row(result, "Cy").vp_percent == Fraction(15625, 1000)
    # Without the dummy Ann's share would have been 10 / 24 = 41.67 %.
    assert row(result, "Ann").vp_percent != Fraction(1000, 24)


def test_two_and_five_player_tables_get_no_dummy() -> None:
    assert game_vp_shares([Fraction(10), Fraction(6)]) == [Fraction(10, 16), Fraction(6, 16)]
    five = [Fraction(v) for v in (10, 6, 4, 3, 2)]
    assert game_vp_shares(five)[0] == Fraction(10, 25)


def test_vp_percent_uses_the_vp_actually_scored_not_the_capped_vp() -> None:
    # Ann scored 12 in a base game: capped VP counts 10, VP% counts 12 / (12 + 8 + 6 + 4) = 40 %.
    result = tournament_standings([table("g1", ("Ann", 12), ("Ben", 8), ("Cy", 6), ("Di", 4))])
    assert row(result, "Ann").vp == 10
    assert row(result, "Ann").vp_percent == 40


def test_vp_percent_is_summed_over_games() -> None:
    # g1: Ann 10 / 28; g2 (3 players, 9 + 6 + 3 = 18, dummy 6, total 24): Ann 6 / 24.
    # 10/28 + 6/24 = 5/14 + 1/4 = 17/28 -> 60.714... %
    games = [
        table("g1", ("Ann", 10), ("Ben", 8), ("Cy", 6), ("Di", 4)),
        table("g2", ("Ben", 9), ("Ann", 6), ("Cy", 3)),
    ]
    assert row(tournament_standings(games), "Ann").vp_percent == Fraction(17, 28) * 100


def test_a_table_with_no_vp_hands_out_no_share() -> None:
    assert game_vp_shares([Fraction(0)] * 3) == [Fraction(0)] * 3


def test_vp_percent_separates_equal_wins_and_capped_vp() -> None:
    # Pat and Quin each win once with 10 VP; Pat's table scored 10 + 9 + 9 + 9 = 37, Quin's
    # 10 + 2 + 2 + 2 = 16, so Quin's 10/16 beats Pat's 10/37.
    games = [
        table("g1", ("Pat", 10), ("X1", 9), ("X2", 9), ("X3", 9)),
        table("g2", ("Quin", 10), ("Y1", 2), ("Y2", 2), ("Y3", 2)),
    ]
    result = tournament_standings(games)
    assert order(result)[:2] == ["Quin", "Pat"]
    assert row(result, "Pat").separated_by == "VP%"


# -- 4. 2nd and 3rd places -------------------------------------------------------------------------


def test_second_and_third_places_are_counted() -> None:
    games = [
        table("g1", ("Ann", 10), ("Ben", 8), ("Cy", 6), ("Di", 4)),
        table("g2", ("Cy", 10), ("Ben", 8), ("Ann", 6), ("Di", 4)),
    ]
    result = tournament_standings(games)
    assert (row(result, "Ben").seconds, row(result, "Ben").thirds) == (2, 0)
    assert (row(result, "Ann").seconds, row(result, "Ann").thirds) == (0, 1)
    assert (row(result, "Cy").seconds, row(result, "Cy").thirds) == (0, 1)
    assert (row(result, "Di").seconds, row(result, "Di").thirds) == (0, 0)


def test_a_shared_second_place_is_a_second_place_for_each_and_nobody_is_third() -> None:
    # Places 1, 2, 2, 4 (standard competition places).
    result = tournament_standings([table("g1", ("Ann", 10), ("Ben", 7), ("Cy", 7), ("Di", 4))])
    assert {(r.player, r.seconds, r.thirds) for r in result.rows} == {
        ("Ann", 0, 0),
        ("Ben", 1, 0),
        ("Cy", 1, 0),
        ("Di", 0, 0),
    }


def test_second_places_separate_equal_wins_vp_and_vp_percent() -> None:
    # Pat is 2nd with 6 of 24 VP; Quin is 3rd with 6 of 24 VP: same VP, same VP%.
    games = [
        table("g1", ("W1", 10), ("Pat", 6), ("Z1", 4), ("Z2", 4)),
        table("g2", ("W2", 10), ("R", 7), ("Quin", 6), ("Z3", 1)),
    ]
    result = tournament_standings(games)
    assert row(result, "Pat").vp_percent == row(result, "Quin").vp_percent == 25
    assert above(result, "Quin") == "Pat"
    assert row(result, "Quin").separated_by == "2nd places"


def test_third_places_separate_when_everything_before_is_equal() -> None:
    # Pat and Z1 share 3rd with 3 of 24 VP (places 1, 2, 3, 3); Quin is 4th with 3 of 24 VP.
    # Same wins (0), capped VP (3), VP% (12.5) and 2nd places (0): the 3rd place decides.
    games = [
        table("g1", ("W1", 10), ("A1", 8), ("Pat", 3), ("Z1", 3)),
        table("g2", ("W2", 10), ("A2", 7), ("B2", 4), ("Quin", 3)),
    ]
    result = tournament_standings(games)
    assert (row(result, "Pat").thirds, row(result, "Quin").thirds) == (1, 0)
    assert row(result, "Pat").vp_percent == row(result, "Quin").vp_percent == Fraction(25, 2)
    assert sorted(order(result)[-3:-1]) == ["Pat", "Z1"]
    assert order(result)[-1] == "Quin"
    assert row(result, "Quin").separated_by == "3rd places"
    # Pat and Z1 are exact twins: only the draw put one above the other.
    assert result.rows[-2].separated_by == "lots"


# -- 5. drawing lots -------------------------------------------------------------------------------

TWINS = [
    table("g1", ("W1", 10), ("P1", 5), ("P2", 5), ("P3", 5)),
    table("g2", ("W2", 10), ("P4", 5), ("P5", 5), ("P6", 5)),
]
"""Six players with exactly the same results: only the draw orders them."""


def twins_order(seed: int | None) -> list[str]:
    return [p for p in order(tournament_standings(TWINS, seed=seed)) if p.startswith("P")]


def test_lots_decide_between_players_tied_on_everything_else() -> None:
    result = tournament_standings(TWINS, seed=7)
    players = [r for r in result.rows if r.player.startswith("P")]
    assert [r.separated_by for r in players[1:]] == ["lots"] * 5
    assert [r.lot for r in players] == sorted(r.lot for r in players)


def test_the_same_seed_draws_the_same_standings_every_time() -> None:
    assert twins_order(7) == twins_order(7)
    assert tournament_standings(TWINS, seed=7).seed == 7


def test_another_seed_draws_differently() -> None:
    assert twins_order(1) != twins_order(2)


def test_the_draw_is_a_seeded_shuffle_of_the_players_sorted_by_name() -> None:
    assert draw_lots(["b", "a", "c"], 3) == draw_lots(["c", "b", "a"], 3)
    assert sorted(draw_lots(["b", "a", "c"], 3).values()) == [1, 2, 3]


def test_without_a_seed_one_is_derived_from_the_game_ids_and_returned() -> None:
    first = tournament_standings(TWINS)
    again = tournament_standings(list(reversed(TWINS)))
    assert first.seed == again.seed == derived_seed(["g1", "g2"])
    assert first.seed_derived
    assert order(first) == order(again)
    assert not tournament_standings(TWINS, seed=first.seed).seed_derived
    assert order(tournament_standings(TWINS, seed=first.seed)) == order(first)


def test_the_derived_seed_depends_on_the_games_not_on_their_order() -> None:
    assert derived_seed(["g2", "g1"]) == derived_seed(["g1", "g2"])
    assert derived_seed(["g1", "g2"]) != derived_seed(["g1", "g3"])
    assert 0 <= derived_seed(["g1"]) < 2**32


def test_the_draw_never_overturns_a_real_difference() -> None:
    for seed in range(20):
        result = tournament_standings(TWINS, seed=seed)
        assert sorted(order(result)[:2]) == ["W1", "W2"]
        assert [r.separated_by for r in result.rows[1:3]] == ["lots", "wins"]


def test_ranks_run_one_to_n_because_the_draw_leaves_nobody_tied() -> None:
    result = tournament_standings(TWINS, seed=5)
    assert [r.rank for r in result.rows] == list(range(1, len(result.rows) + 1))
    assert result.rows[0].separated_by is None


# -- abandoned seats and substitutes ---------------------------------------------------------------


def abandoned_game() -> Game:
    return new_game(
        id="g1",
        date=DATE,
        seats=[
            {"player": "Ann", "vp": 4, "status": "abandoned"},
            {"player": "Sub", "vp": 10, "winner": True, "status": "substitute"},
            {"player": "Ben", "vp": 8},
            {"player": "Cy", "vp": 6},
            {"player": "Di", "vp": 4},
        ],
    )


def test_a_player_who_abandoned_played_the_game_but_holds_no_result() -> None:
    ann = row(tournament_standings([abandoned_game()]), "Ann")
    assert (ann.games, ann.abandoned, ann.wins, ann.seconds, ann.thirds) == (1, 1, 0, 0, 0)
    assert ann.vp == ann.vp_percent == 0


def test_the_substitute_holds_the_seats_final_result() -> None:
    # Four seats present at the end: 10 + 8 + 6 + 4 = 28, no dummy; Ann's 4 VP do not count.
    sub = row(tournament_standings([abandoned_game()]), "Sub")
    assert (sub.games, sub.abandoned, sub.wins, sub.seconds) == (1, 0, 1, 0)
    assert sub.vp == 10
    assert sub.vp_percent == Fraction(1000, 28)


def test_a_table_left_with_three_players_gets_the_dummy_score() -> None:
    # Ann left and nobody took her seat: 10 + 8 + 6 = 24 present, dummy 8, total 32.
    g = new_game(
        id="g1",
        date=DATE,
        seats=[
            {"player": "Ann", "vp": 4, "status": "abandoned"},
            {"player": "Ben", "vp": 10, "winner": True},
            {"player": "Cy", "vp": 8},
            {"player": "Di", "vp": 6},
        ],
    )
    assert row(tournament_standings([g]), "Ben").vp_percent == Fraction(1000, 32)


# -- points presets --------------------------------------------------------------------------------


def test_shared_points_split_the_positions_points_equally() -> None:
    assert shared_points([1, 2, 3, 4], (5, 3, 2, 1)) == [5, 3, 2, 1]
    assert shared_points([1, 2, 2, 4], (5, 3, 2, 1)) == [5, Fraction(5, 2), Fraction(5, 2), 1]
    assert shared_points([1, 2, 2], (5, 3, 1)) == [5, 2, 2]
    assert (
        shared_points([1, 2, 2, 2], (100, 50, 20, 10))
        == [100, Fraction(80, 3)] + [Fraction(80, 3)] * 2
    )


def test_the_5_3_2_1_preset_gives_points_by_place_with_ties_shared() -> None:
    games = [
        table("g1", ("Ann", 10), ("Ben", 7), ("Cy", 7), ("Di", 4)),
        table("g2", ("Ben", 10), ("Di", 8), ("Ann", 6), ("Cy", 5)),
    ]
    result = tournament_standings(games, scoring="5-3-2-1")
    points = {r.player: r.points for r in result.rows}
    assert points == {
        "Ann": 5 + 2,
        "Ben": Fraction(5, 2) + 5,
        "Cy": Fraction(5, 2) + 1,
        "Di": 1 + 3,
    }
    assert order(result) == ["Ben", "Ann", "Di", "Cy"]
    assert [r.separated_by for r in result.rows] == [None, "points", "points", "points"]


def test_the_5_3_2_1_preset_refuses_a_three_player_table() -> None:
    with pytest.raises(UnsupportedTable, match="game g1: scoring '5-3-2-1' gives points only"):
        tournament_standings([table("g1", ("A", 10), ("B", 8), ("C", 6))], scoring="5-3-2-1")


def test_the_5_3_1_preset_scores_three_player_tables() -> None:
    games = [table("g1", ("Ann", 10), ("Ben", 7), ("Cy", 7))]
    result = tournament_standings(games, scoring="5-3-2-1+5-3-1")
    assert {r.player: r.points for r in result.rows} == {"Ann": 5, "Ben": 2, "Cy": 2}


def test_the_wbc_cities_and_knights_preset() -> None:
    games = [
        table("g1", ("A", 13), ("B", 11), ("C", 9), ("D", 5), variant="cities-knights"),
        table("g2", ("E", 13), ("F", 12), ("G", 12), variant="cities-knights"),
    ]
    result = tournament_standings(games, scoring="wbc-ck-2017")
    assert {r.player: r.points for r in result.rows} == {
        "A": 100,
        "B": 50,
        "C": 20,
        "D": 10,
        "E": 100,
        "F": 25,  # F and G share 2nd and 3rd of 100/40/10: (40 + 10) / 2
        "G": 25,
    }


def test_presets_break_equal_points_by_capped_vp_then_vp_percent() -> None:
    games = [
        table("g1", ("Ann", 10), ("Ben", 9), ("Cy", 2), ("Di", 1)),
        table("g2", ("Eve", 10), ("Fay", 8), ("Gus", 2), ("Hal", 1)),
        table("g3", ("Ivy", 10), ("Jo", 8), ("Kim", 8), ("Lu", 2), winner=0),
    ]
    result = tournament_standings(games, scoring="5-3-2-1")
    # Ben and Fay both have 3 points; Ben's 9 VP beat Fay's 8.
    assert above(result, "Fay") == "Ben"
    assert row(result, "Fay").separated_by == "capped VP"
    # Ann, Eve and Ivy: 5 points and 10 VP each; their tables scored 22, 21 and 28 VP, so
    # Eve's 10/21 beats Ann's 10/22, which beats Ivy's 10/28.
    assert order(result)[:3] == ["Eve", "Ann", "Ivy"]
    assert [row(result, p).separated_by for p in ("Ann", "Ivy")] == ["VP%", "VP%"]
    assert row(result, "Ann").points == 5
    assert row(result, "Ann").wins == 1


def test_the_seed_order_has_no_points() -> None:
    result = tournament_standings([table("g1", ("A", 10), ("B", 8), ("C", 6))])
    assert result.rows[0].points is None
    assert result.scoring.criteria == (
        "wins",
        "capped VP",
        "VP%",
        "2nd places",
        "3rd places",
        "lots",
    )


def test_every_preset_names_a_source() -> None:
    for scoring in SCORINGS.values():
        assert scoring.source
        assert scoring.criteria[-1] == "lots"
    for name in ("5-3-2-1", "wbc-ck-2017"):
        assert "http" in SCORINGS[name].source
    assert "no published source" in SCORINGS["5-3-2-1+5-3-1"].source


# -- selection and errors --------------------------------------------------------------------------


def test_only_the_events_games_count_matched_case_insensitively() -> None:
    games = [
        table("g1", ("Ann", 10), ("Ben", 8), ("Cy", 6), event="Spring Open"),
        table("g2", ("Ben", 10), ("Ann", 8), ("Cy", 6), event="Club night"),
    ]
    result = tournament_standings(games, event="spring open")
    assert result.games == ("g1",)
    assert row(result, "Ann").wins == 1
    assert row(result, "Ben").wins == 0


def test_an_unknown_event_is_an_error_naming_the_events_there_are() -> None:
    games = [table("g1", ("Ann", 10), ("Ben", 8), event="Spring Open")]
    with pytest.raises(UnknownEvent, match="no game belongs to event 'Fall'; the records have: "):
        tournament_standings(games, event="Fall")


def test_an_unknown_scoring_is_an_error_listing_the_presets() -> None:
    with pytest.raises(UnknownScoring, match="unknown scoring 'elo'; expected one of: wins, "):
        tournament_standings([table("g1", ("A", 10), ("B", 8))], scoring="elo")


def test_other_titles_and_event_records_are_left_out_and_said_so() -> None:
    kremlin = new_game(
        id="k1", date=DATE, game="Kremlin", seats=[{"player": "A", "winner": True}, {"player": "B"}]
    )
    event = new_event(
        id="e1", date=DATE, rounds=3, standings=[{"player": "A", "place": 1, "wins": 3}]
    )
    result = tournament_standings([table("g1", ("A", 10), ("B", 8)), kremlin, event])
    assert [(x.record, x.reason) for x in result.left_out] == [
        ("k1", "not a Catan game (Kremlin)"),
        ("e1", "an event record (final standings), not a game"),
    ]
    assert result.games == ("g1",)


def test_no_catan_games_is_an_error() -> None:
    kremlin = new_game(
        id="k1", date=DATE, game="Kremlin", seats=[{"player": "A", "winner": True}, {"player": "B"}]
    )
    with pytest.raises(NoCatanGames, match="no Catan games to rank"):
        tournament_standings([kremlin])
    with pytest.raises(NoCatanGames):
        tournament_standings([])


def test_a_seat_without_vp_is_an_error_naming_game_and_player() -> None:
    g = new_game(
        id="g9",
        date=DATE,
        seats=[{"player": "Ann", "place": 1}, {"player": "Ben", "place": 2}],
    )
    with pytest.raises(MissingVP, match="game g9: Ann has no VP"):
        tournament_standings([g])


@pytest.mark.parametrize(
    "error", [UnknownEvent, UnknownScoring, NoCatanGames, MissingVP, UnsupportedTable]
)
def test_every_standings_error_is_a_tablerank_error(error: type[Exception]) -> None:
    assert issubclass(error, TablerankError)


def test_standings_are_the_same_whatever_order_the_games_come_in() -> None:
    games: Sequence[Game] = [
        table("g1", ("Ann", 10), ("Ben", 8), ("Cy", 6), ("Di", 4)),
        table("g2", ("Cy", 10), ("Ben", 9), ("Ann", 7)),
        table("g3", ("Di", 10), ("Ann", 9), ("Ben", 5), ("Cy", 5)),
    ]
    forward = tournament_standings(games)
    backward = tournament_standings(list(reversed(games)))
    assert forward.rows == backward.rows
