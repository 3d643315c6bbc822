"""The one order after a cut (`tournament.placings`): the final's table decides first place,
then the final's order, then the semifinals' places, then the preliminary standings."""

from __future__ import annotations

import datetime as dt

import pytest

from tablerank.engine.records import new_game
from tablerank.engine.values import Game
from tablerank.tournament.cut import seat_cut
from tablerank.tournament.finish import seed_order, split_rounds
from tablerank.tournament.placings import (
    FINAL,
    SEMIFINAL,
    champion,
    event_standings,
    final_order,
)
from tablerank.tournament.seating import schedule
from tablerank.tournament.standings import tournament_standings

THIRTEEN = [f"P{i:02d}" for i in range(1, 14)]
SIXTEEN = [f"S{i:02d}" for i in range(1, 17)]


def game(id: str, round: int, order: list[str]) -> Game:
    """`order[0]` wins with 10; the others follow with 8, 7, 6 (their places)."""
    seats = [{"player": p, "vp": 10 if i == 0 else 9 - i, "winner": i == 0}
             for i, p in enumerate(order)]  # fmt: skip
    return new_game(id=id, date=dt.date(2026, 5, 2), seats=seats, event="Qualifier", round=round)


def prelims(players: list[str]) -> list[Game]:
    """Three rounds; the first player by name of each table wins, the rest by name."""
    return [
        game(f"r{seated.number}t{table.number}", seated.number, sorted(table.seats))
        for seated in schedule(players, 3, seed=1)
        for table in seated.tables
    ]


def test_a_final_won_by_the_fourth_seed_makes_the_fourth_seed_first() -> None:
    games = prelims(THIRTEEN)
    seeds = seed_order(split_rounds(games, "Qualifier", 4))
    final = seat_cut(games, "Qualifier", 4, top=4)  # the cut fits one table: the final
    assert list(final.tables[0].seats) == seeds[:4]
    fourth = seeds[3]
    at_final = [fourth, seeds[2], seeds[0], seeds[1]]  # the 4th seed wins, the 1st comes 3rd
    stages = split_rounds([*games, game("final", 4, at_final)], "Qualifier", 4)

    order = final_order(stages)
    assert order[:4] == at_final
    assert order[4:] == seeds[4:]
    assert champion(stages) == fourth

    table = event_standings(stages)
    assert [row.player for row in table.rows] == order
    assert [row.rank for row in table.rows] == list(range(1, 14))
    assert [row.separated_by for row in table.rows[:5]] == [None, FINAL, FINAL, FINAL, FINAL]
    prelim = tournament_standings(stages.prelims).rows
    assert [row.separated_by for row in table.rows[5:]] == [r.separated_by for r in prelim[5:]]
    best = table.rows[2]  # the best preliminary record, 3rd at the final
    assert best.player == seeds[0]
    assert best.games == 4  # the tally counts every round


def test_the_semifinals_rank_by_their_tables_places() -> None:
    games = prelims(SIXTEEN)
    semis = seat_cut(games, "Qualifier", 4)
    semifinals = [  # the lowest seed of each table wins; the rest keep seed order
        game(f"semi{t.number}", 4, [t.seats[-1], *t.seats[:-1]]) for t in semis.tables
    ]
    finalists = [t.seats[-1] for t in semis.tables]
    at_final = [finalists[1], finalists[3], finalists[0], finalists[2]]
    stages = split_rounds([*games, *semifinals, game("final", 5, at_final)], "Qualifier", 4)
    order = final_order(stages)
    assert order[:4] == at_final
    seconds = {t.seats[0] for t in semis.tables}
    thirds = {t.seats[1] for t in semis.tables}
    fourths = {t.seats[2] for t in semis.tables}
    assert set(order[4:8]) == seconds  # every table's second before any third
    assert set(order[8:12]) == thirds
    assert set(order[12:16]) == fourths
    assert champion(stages) == finalists[1]
    table = event_standings(stages)
    assert [row.separated_by for row in table.rows[3:6]] == [FINAL, FINAL, SEMIFINAL]
    assert [row.player for row in table.rows] == order


def test_before_the_final_the_cut_stands_with_the_stage_before() -> None:
    games = prelims(THIRTEEN)
    stages = split_rounds(games, "Qualifier", 4)
    assert champion(stages) is None
    assert event_standings(stages) == tournament_standings(games)


def test_a_player_the_cut_passed_over_keeps_a_true_tiebreak() -> None:
    """The preliminary rows below the cut say what separates each from the row shown above,
    not from a player the cut took out between them."""
    games = prelims(THIRTEEN)
    seeds = seed_order(split_rounds(games, "Qualifier", 4))
    at_final = [seeds[1], seeds[2], seeds[3], seeds[4]]  # seed 1 is not in the final
    stages = split_rounds([*games, game("final", 4, at_final)], "Qualifier", 4)
    table = event_standings(stages)
    assert table.rows[4].player == seeds[0]
    assert table.rows[4].separated_by == FINAL
    prelim = tournament_standings(stages.prelims).rows
    shown = table.rows[5]
    assert shown.player == seeds[5]
    between = [r.separated_by for r in prelim[1:6] if r.separated_by is not None]
    order = list(tournament_standings(stages.prelims).scoring.criteria)
    assert shown.separated_by == min(between, key=order.index)


def test_a_stranger_at_the_final_is_refused_everywhere() -> None:
    from tablerank.tournament.tables import SeatingError

    games = prelims(SIXTEEN)
    semis = seat_cut(games, "Qualifier", 4)
    semifinals = [game(f"semi{t.number}", 4, list(t.seats)) for t in semis.tables]
    stranger = [*(t.seats[0] for t in semis.tables[:3]), semis.tables[3].seats[1]]
    stages = split_rounds([*games, *semifinals, game("final", 5, stranger)], "Qualifier", 4)
    for rule in (final_order, event_standings):
        with pytest.raises(SeatingError, match="won no semifinal table"):
            rule(stages)
