"""The cut (snake-seeded semifinals, winners to the final) and the finished event's order and
Turnabout record."""

from __future__ import annotations

import datetime as dt

import pytest

from tablerank.engine.records import new_game
from tablerank.engine.values import Game
from tablerank.tournament.cut import seat_cut, semifinal_tables, snake
from tablerank.tournament.finish import seed_order, split_rounds, turnabout_event
from tablerank.tournament.placings import final_order
from tablerank.tournament.seating import schedule
from tablerank.tournament.tables import SeatingError

SEEDS = [f"S{i:02d}" for i in range(1, 17)]


def test_the_snake_of_16_is_the_wbc_seeding() -> None:
    tables = snake(SEEDS, (4, 4, 4, 4))
    assert [[int(s[1:]) for s in t] for t in tables] == [
        [1, 8, 9, 16], [2, 7, 10, 15], [3, 6, 11, 14], [4, 5, 12, 13],
    ]  # fmt: skip


def test_higher_seeds_take_the_three_player_tables() -> None:
    tables = snake(SEEDS[:13], (4, 3, 3, 3))
    assert [len(t) for t in tables] == [3, 3, 3, 4]
    assert tables[0] == ["S01", "S08", "S09"]
    assert tables[3] == ["S04", "S05", "S12", "S13"]


@pytest.mark.parametrize(
    ("standings", "top", "message"),
    [
        (SEEDS[:12], 16, "the standings have 12 players, fewer than the cut's 16"),
        (SEEDS, 1, "expected at least 2 players in the cut, got 1"),
        (SEEDS, 5, "5 players cannot sit at tables of 3 or 4 without a bye"),
    ],
)
def test_a_cut_that_cannot_be_made_is_refused(standings: list[str], top: int, message: str) -> None:
    with pytest.raises(SeatingError, match=message):
        semifinal_tables(standings, 4, top=top)


def game(id: str, round: int, winner: str, *players: str) -> Game:
    seats = [
        {"player": p, "vp": 10 if p == winner else 5 + i, "winner": p == winner}
        for i, p in enumerate(players)
    ]
    return new_game(id=id, date=dt.date(2026, 5, 2), seats=seats, event="Qualifier", round=round)


def prelims() -> list[Game]:
    """Three rounds of 16; the first player (by name) of each table wins."""
    games = []
    for seated in schedule(SEEDS, 3, seed=1):
        for table in seated.tables:
            players = sorted(table.seats)
            games.append(
                game(f"r{seated.number}t{table.number}", seated.number, players[0], *players)
            )
    return games


def test_semifinals_then_the_final_then_the_event() -> None:
    games = prelims()
    semis = seat_cut(games, "qualifier", 4)
    assert semis.number == 4
    assert [len(t.seats) for t in semis.tables] == [4, 4, 4, 4]
    with pytest.raises(SeatingError, match="final: no semifinal games"):
        seat_cut(games, "qualifier", 4, final=True)
    semifinals = [
        game(f"semi{t.number}", 4, t.seats[-1], *t.seats) for t in semis.tables
    ]  # the lowest seed of each table wins
    with pytest.raises(SeatingError, match="round 4 has results already"):
        seat_cut(games + semifinals, "qualifier", 4)
    final = seat_cut(games + semifinals, "qualifier", 4, final=True)
    lowest = [t.seats[-1] for t in semis.tables]
    seeds = seed_order(split_rounds(games, "qualifier", 4))
    assert final.number == 5
    assert list(final.tables[0].seats) == sorted(lowest, key=seeds.index)  # in seed order
    final_game = game("final", 5, lowest[2], *lowest)
    with pytest.raises(SeatingError, match="the final, round 5, has results already"):
        seat_cut([*games, *semifinals, final_game], "qualifier", 4, final=True)

    stages = split_rounds([*games, *semifinals, final_game], "Qualifier", 4)
    order = final_order(stages)
    assert order[0] == lowest[2]
    assert set(order[:4]) == set(lowest)
    assert sorted(order) == sorted(SEEDS)
    event = turnabout_event(stages, order, event="Spring Qualifier")
    assert event.id == "spring-qualifier"
    assert event.rounds == 5
    assert [s.player for s in event.standings] == order
    champion = event.standings[0]
    assert (champion.place, champion.completed) == (1, True)
    assert champion.wins + champion.losses == 5


def test_a_dropped_player_has_not_completed_the_event() -> None:
    games = prelims()
    dropped = games[-1].seats[-1].player
    last = games[-1]
    kept = [s.player for s in last.seats if s.player != dropped]
    games[-1] = game(last.id, 3, kept[0], *kept)
    stages = split_rounds(games, "qualifier", None)
    event = turnabout_event(stages, final_order(stages), event="Qualifier")
    completed = {s.player: s.completed for s in event.standings}
    assert completed[dropped] is False
    assert sum(completed.values()) == 15


def test_a_final_player_who_won_no_semifinal_is_refused() -> None:
    games = prelims()
    semis = seat_cut(games, "qualifier", 4)
    semifinals = [game(f"semi{t.number}", 4, t.seats[0], *t.seats) for t in semis.tables]
    winners = [t.seats[0] for t in semis.tables]
    stranger = semis.tables[0].seats[1]
    wrong = game("final", 5, winners[0], *winners[:3], stranger)
    with pytest.raises(SeatingError, match=f"final 'final': {stranger} won no semifinal table"):
        final_order(split_rounds([*games, *semifinals, wrong], "qualifier", 4))


def test_rounds_that_do_not_fit_the_cut_are_refused() -> None:
    games = prelims()
    with pytest.raises(
        SeatingError, match=r"game 'r3t1': round 3 comes after the final \(round 2\)"
    ):
        split_rounds(games, "qualifier", 1)
    with pytest.raises(SeatingError, match="no preliminary games before round 1"):
        split_rounds([g for g in games if g.round == 1], "qualifier", 1)


def test_an_unknown_event_is_refused() -> None:
    with pytest.raises(SeatingError, match="no game belongs to event 'Cup'"):
        split_rounds(prelims(), "Cup", 4)


def test_the_standings_csv_quotes_what_a_spreadsheet_would_run() -> None:
    from tablerank.formats.report import TOURNAMENT_ROWS, tournament_json
    from tablerank.formats.sheets import csv_text
    from tablerank.tournament.standings import tournament_standings

    games = [game("g1", 1, "=cmd()", "=cmd()", "Ben", "@Cleo")]
    table = tournament_json(tournament_standings(games))
    lines = csv_text(TOURNAMENT_ROWS.sheet(table)).splitlines()
    assert lines[0].split(",")[:3] == ["player", "rank", "games"]
    assert [line.split(",")[0] for line in lines[1:]] == ["'=cmd()", "'@Cleo", "Ben"]
