"""Seating rules (docs/tournaments.md): everyone seated once a round, legal tables, no repeated
opponent while a schedule without repeats exists, balanced turn order, deterministic seeds."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablerank.tournament.seating import SeatedRound, next_round, schedule
from tablerank.tournament.tables import SeatingError, split


def names(n: int) -> list[str]:
    return [f"Player {i}" for i in range(n)]


def meetings(rounds: Sequence[SeatedRound]) -> Counter[tuple[str, str]]:
    met: Counter[tuple[str, str]] = Counter()
    for seated in rounds:
        for table in seated.tables:
            met.update(combinations(sorted(table.seats), 2))
    return met


def repeats(rounds: Sequence[SeatedRound]) -> int:
    return sum(count - 1 for count in meetings(rounds).values())


@pytest.mark.parametrize(
    ("players", "expected"),
    [
        (3, ((3,), 0)),
        (4, ((4,), 0)),
        (5, ((4,), 1)),
        (6, ((3, 3), 0)),
        (9, ((3, 3, 3), 0)),
        (13, ((4, 3, 3, 3), 0)),
        (16, ((4, 4, 4, 4), 0)),
        (17, ((4, 4, 3, 3, 3), 0)),
    ],
)
def test_as_many_four_player_tables_as_possible(
    players: int, expected: tuple[tuple[int, ...], int]
) -> None:
    assert split(players, (3, 4)) == expected


def test_other_table_sizes_by_option() -> None:
    assert split(13, (4, 5)) == ((5, 4, 4), 0)
    assert split(7, (4,)) == ((4,), 3)


@pytest.mark.parametrize(
    ("players", "sizes", "message"),
    [
        (2, (3, 4), "cannot seat 2 players at tables of 3 or 4"),
        (0, (3, 4), "cannot seat 0 players"),
        (8, (), "expected at least one size"),
        (8, (1,), "expected sizes from 2 to 8, got 1"),
        (8, (9,), "expected sizes from 2 to 8, got 9"),
    ],
)
def test_a_field_that_cannot_be_split_is_refused(
    players: int, sizes: tuple[int, ...], message: str
) -> None:
    with pytest.raises(SeatingError, match=message):
        split(players, sizes)


@pytest.mark.parametrize(("players", "rounds"), [(16, 5), (24, 4), (40, 4), (9, 3), (9, 4)])
def test_no_repeated_opponent_where_a_schedule_without_repeats_exists(
    players: int, rounds: int
) -> None:
    assert repeats(schedule(names(players), rounds, seed=3)) == 0


def test_any_field_of_13_to_200_plays_three_rounds_without_a_repeat() -> None:
    spoiled = [n for n in range(13, 201) if repeats(schedule(names(n), 3, seed=n)) > 0]
    assert spoiled == []


def test_repeats_when_unavoidable_are_few_and_no_pair_meets_three_times() -> None:
    # 9 players at three tables of 3: 4 rounds use up all 36 pairs, so round 5 repeats 9.
    rounds = schedule(names(9), 5, seed=1)
    assert repeats(rounds) == 9
    assert max(meetings(rounds).values()) == 2


@settings(max_examples=40)
@given(
    players=st.integers(min_value=3, max_value=300),
    rounds=st.integers(min_value=1, max_value=4),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_every_player_sits_once_a_round_at_a_legal_table(
    players: int, rounds: int, seed: int
) -> None:
    field = names(players)
    seated = schedule(field, rounds, seed=seed)
    sizes, byes = split(players, (3, 4))
    had_bye: Counter[str] = Counter()
    for number, one in enumerate(seated, start=1):
        assert one.number == number
        everyone = [p for table in one.tables for p in table.seats] + list(one.byes)
        assert sorted(everyone) == sorted(field)
        assert sorted((len(t.seats) for t in one.tables), reverse=True) == list(sizes)
        assert [t.number for t in one.tables] == list(range(1, len(one.tables) + 1))
        assert len(one.byes) == byes
        had_bye.update(one.byes)
        assert max(had_bye.values(), default=0) - min(had_bye[p] for p in field) <= 1
    first_seats = sum(len(one.tables) for one in seated)
    bound = math.ceil(first_seats / players)
    first = Counter(t.seats[0] for one in seated for t in one.tables)
    last = Counter(t.seats[-1] for one in seated for t in one.tables)
    assert max(first.values()) <= bound
    assert max(last.values()) <= bound


def test_nobody_starts_more_often_than_the_first_seats_allow() -> None:
    for players, rounds in [(16, 5), (24, 4), (40, 4), (9, 3), (13, 3), (200, 5)]:
        seated = schedule(names(players), rounds, seed=7)
        tables = sum(len(one.tables) for one in seated)
        first = Counter(t.seats[0] for one in seated for t in one.tables)
        assert max(first.values()) <= math.ceil(tables / players), (players, rounds)


def test_a_seed_gives_the_same_schedule_and_another_seed_another() -> None:
    field = names(24)
    assert schedule(field, 4, seed=11) == schedule(field, 4, seed=11)
    assert schedule(field, 4, seed=11) != schedule(field, 4, seed=12)


@pytest.mark.parametrize("players", [16, 24, 13])
def test_seeding_by_rating_keeps_the_top_seeds_apart_in_round_one(players: int) -> None:
    field = names(players)
    ratings = {name: float(1000 - i) for i, name in enumerate(field)}
    first = schedule(field, 3, seed=5, ratings=ratings)[0]
    tables = len(first.tables)
    seeds = set(field[:tables])
    assert all(len(seeds & set(t.seats)) == 1 for t in first.tables)
    assert field[0] in first.tables[0].seats


@pytest.mark.parametrize(
    ("players", "rounds", "message"),
    [
        (["Ann", "Ben", "ann", "Dan"], 1, "'ann' is listed twice \\(also as 'Ann'\\)"),
        (["Ann", " ", "Cleo"], 1, "a player's name is empty"),
        (["Ann", "Ben", "Cleo"], 0, "rounds: expected 1 to 50, got 0"),
        (["Ann", "Ben"], 1, "cannot seat 2 players at tables of 3 or 4"),
    ],
)
def test_bad_fields_are_refused(players: list[str], rounds: int, message: str) -> None:
    with pytest.raises(SeatingError, match=message):
        schedule(players, rounds)


def test_a_swiss_round_seats_similar_standings_together() -> None:
    field = names(16)
    seated = next_round(field, 1, standings=field)
    assert [set(t.seats) for t in seated.tables] == [set(field[i : i + 4]) for i in (0, 4, 8, 12)]


def test_a_swiss_round_avoids_earlier_opponents_and_leaves_dropped_players_out() -> None:
    field = names(16)
    one = schedule(field, 1, seed=2)[0]
    earlier = [[t.seats for t in one.tables]]
    present = field[1:]  # Player 0 dropped: 15 players at tables of 4, 4, 4 and 3
    two = next_round(present, 2, standings=sorted(field), earlier=earlier, seed=2)
    seated = [p for t in two.tables for p in t.seats]
    assert sorted(seated) == sorted(present)
    assert repeats([one, two]) == 0
    assert two.number == 2


def test_a_swiss_bye_goes_to_the_lowest_standing_without_one() -> None:
    field = names(13)
    one = next_round(field, 1, standings=field, sizes=(4,))
    assert one.byes == (field[12],)
    two = next_round(
        field, 2, standings=field, sizes=(4,), byes_so_far={field[12]: 1},
        earlier=[[t.seats for t in one.tables]],
    )  # fmt: skip
    assert two.byes == (field[11],)


def test_swiss_turn_order_counts_the_earlier_rounds() -> None:
    field = names(8)
    one = next_round(field, 1, standings=field)
    starters = {t.seats[0] for t in one.tables}
    two = next_round(field, 2, standings=field, earlier=[[t.seats for t in one.tables]])
    assert not starters & {t.seats[0] for t in two.tables}


@pytest.mark.parametrize(
    ("players", "rounds"), [(13, 5), (16, 5), (17, 5), (24, 4), (30, 5), (40, 4), (50, 5)]
)
@pytest.mark.parametrize("seat", [0, -1])
def test_nobody_starts_or_sits_last_again_while_a_tablemate_has_fewer(
    players: int, rounds: int, seat: int
) -> None:
    """Checked in play order: a table's first (and last) seat goes to the tablemate who has
    had it least so far, wherever the bound on first seats still holds."""
    for seed in range(3):
        so_far: Counter[str] = Counter()
        for one in schedule(names(players), rounds, seed=seed):
            for table in one.tables:
                taken = so_far[table.seats[seat]]
                assert taken == min(so_far[p] for p in table.seats), (seed, one.number, table)
            so_far.update(table.seats[seat] for table in one.tables)
