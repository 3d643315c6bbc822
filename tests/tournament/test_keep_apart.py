"""Friends and family apart (CATAN Studio's rule 1.1.5, after new opponents): a keep-apart
group's players sit at different tables wherever a schedule without repeats allows it, and a
repeat stays the heavier rule (docs/tournaments.md, "The rules, heaviest first")."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablerank.tournament.search import APART, KeepApart
from tablerank.tournament.seating import SeatedRound, next_round, schedule
from tests.tournament.test_seating import names, repeats


def together(rounds: Sequence[SeatedRound], groups: Sequence[Sequence[str]]) -> int:
    """Pairs of one group seated at one table, over every round."""
    return sum(
        len(set(group) & set(table.seats)) * (len(set(group) & set(table.seats)) - 1) // 2
        for seated in rounds
        for table in seated.tables
        for group in groups
    )


@st.composite
def fields(draw: st.DrawFn) -> tuple[int, list[list[str]]]:
    players = draw(st.integers(13, 24))
    sizes = draw(st.lists(st.integers(2, 3), min_size=2, max_size=3))
    chosen = draw(st.permutations(names(players)))
    groups, at = [], 0
    for size in sizes:
        groups.append(list(chosen[at : at + size]))
        at += size
    return players, groups


@settings(max_examples=25, deadline=None)
@given(fields(), st.integers(0, 1000))
def test_a_schedule_keeps_groups_apart_with_no_repeated_opponent(
    field: tuple[int, list[list[str]]], seed: int
) -> None:
    players, groups = field
    rounds = schedule(names(players), 3, seed=seed, apart=groups)
    assert repeats(rounds) == 0
    assert together(rounds, groups) == 0


@pytest.mark.parametrize("seed", range(4))
def test_thirteen_players_three_swiss_rounds_keep_groups_apart(seed: int) -> None:
    groups = [["Player 0", "Player 5", "Player 9"], ["Player 2", "Player 11"]]
    earlier: list[SeatedRound] = []
    for number in (1, 2, 3):
        standings = names(13)[seed:] + names(13)[:seed]  # any order of standings will do
        earlier.append(
            next_round(
                names(13), number, standings=standings if number > 1 else (), seed=seed,
                earlier=[[list(t.seats) for t in r.tables] for r in earlier], apart=groups,
            )
        )  # fmt: skip
    assert repeats(earlier) == 0
    assert together(earlier, groups) == 0


def test_a_repeat_costs_more_than_friends_together() -> None:
    """Where parting friends needs a repeated opponent, the friends sit together: 16 players over
    5 rounds meet everyone once, so each pair of a group meets exactly once."""
    groups = [["Player 0", "Player 1"], ["Player 2", "Player 3", "Player 4"]]
    rounds = schedule(names(16), 5, apart=groups)
    assert repeats(rounds) == 0
    assert together(rounds, groups) == 1 + 3
    assert KeepApart(3, [[0, 1, 2]])(0, [0, 1, 2]) == 3 * APART < 1000


def test_groups_change_nothing_for_players_not_listed() -> None:
    plain = schedule(names(13), 3, seed=4)
    assert schedule(names(13), 3, seed=4, apart=[["Somebody", "Else"]]) == plain
