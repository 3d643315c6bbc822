"""A batch's columns built at once (`game_columns`) are `columns_of`'s, built table by table:
every column and every name's number, in the same order."""

from __future__ import annotations

import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st

from tablerank.engine.records import Game
from tablerank.engine.systems.compiled.columns import columns_of
from tablerank.engine.systems.compiled.game_columns import game_columns
from tablerank.engine.systems.tables import table_of
from tests.engine.systems.test_compiled_replay import histories
from tests.engine.systems.test_memoised_replay import TITLES

titles = st.sampled_from([*TITLES, "catan"])
"""Titles whose participants are in the players' pool (`NAMES`), and one that is not."""


@settings(max_examples=300, deadline=None)
@given(games=histories(), data=st.data())
def test_the_columns_built_at_once_are_those_built_table_by_table(
    games: list[Game], data: st.DataObject
) -> None:
    """Titles drawn too: a title's participant may come first, or be a player's name."""
    games = [dataclasses.replace(g, game=data.draw(titles)) for g in games]
    ids: dict[str, int] = {}
    expected = columns_of(map(table_of, games), ids)
    columns, numbers = game_columns(games)
    assert list(numbers.items()) == list(ids.items())
    for field in dataclasses.fields(expected):
        got, want = getattr(columns, field.name), getattr(expected, field.name)
        assert got.dtype == want.dtype, field.name
        assert got.tolist() == want.tolist(), field.name


def test_no_games_give_empty_columns() -> None:
    columns, numbers = game_columns([])
    assert numbers == {}
    assert columns.seat_start.tolist() == [0]
    assert columns.player.tolist() == columns.participant.tolist() == []
