"""Some games in play order (`engine.table_groups.TablesInOrder`), taken from their tables
alone, are what the same games built as `Game`s give: the compiled loop's columns
(`order_columns` and `game_columns`) and the sums' totals (`table_sums` and `batch_sums`)."""

from __future__ import annotations

import dataclasses
import datetime as dt
from fractions import Fraction

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from tablerank.engine.records import Game
from tablerank.engine.systems.compiled.game_columns import game_columns
from tablerank.engine.systems.compiled.order_columns import order_columns
from tablerank.engine.systems.seat_amounts import batch_sums, placed_seats, table_sums
from tablerank.engine.table_groups import TablesInOrder
from tests.engine.systems.test_compiled_replay import histories
from tests.engine.systems.test_memoised_replay import NAMES
from tests.engine.systems.test_seat_amounts import SYSTEMS_TO_CHECK, tables


@st.composite
def orders_of_tables(draw: st.DrawFn, templates: st.SearchStrategy[list[Game]]) -> TablesInOrder:
    """Games of a few tables, each with its own players, and some chosen in some order."""
    found = draw(templates)
    picked = draw(st.lists(st.integers(0, len(found) - 1), min_size=1, max_size=30))
    names = list(NAMES)
    players: list[int] = []
    for table in picked:
        seats = len(found[table].seats)
        players += draw(st.permutations(range(len(names))))[:seats]
    days = list(range(len(picked)))
    return TablesInOrder(found, picked, [f"g{n}" for n in days], days, players, names,
                      tuple(dt.date(2026, 1, 1) + dt.timedelta(days=d) for d in days))  # fmt: skip


def _built(games: TablesInOrder, chosen: list[int]) -> list[Game]:
    """The games `chosen`, as `Game`s."""
    start = np.cumsum([0, *(len(games.templates[t].seats) for t in games.tables)]).tolist()
    out = []
    for game in chosen:
        template = games.templates[games.tables[game]]
        players = games.players[start[game] : start[game + 1]]
        seats = tuple(
            dataclasses.replace(seat, player=games.names[player])
            for seat, player in zip(template.seats, players, strict=True)
        )
        out.append(dataclasses.replace(template, id=games.ids[game], seats=seats))
    return out


@settings(max_examples=200, deadline=None)
@given(games=orders_of_tables(histories()), data=st.data())
def test_the_chosen_games_columns_are_those_of_their_games(
    games: TablesInOrder, data: st.DataObject
) -> None:
    chosen = data.draw(st.lists(st.integers(0, len(games.ids) - 1), unique=True))
    columns, ids = order_columns(games, np.array(chosen, np.int64))
    expected, numbers = game_columns(_built(games, chosen))
    names, want = list(ids), list(numbers)
    for field in ("seat_start", "place", "flags", "game_class"):
        assert getattr(columns, field).tolist() == getattr(expected, field).tolist(), field
    assert [names[n] for n in columns.player.tolist()] == [want[n] for n in expected.player]
    found = [names[n] for n in columns.participant.tolist()]
    assert found == [want[n] for n in expected.participant.tolist()]


@settings(max_examples=100, deadline=None)
@given(games=orders_of_tables(st.lists(tables(), min_size=1, max_size=4)), data=st.data())
def test_the_chosen_games_sums_are_those_of_their_games(
    games: TablesInOrder, data: st.DataObject
) -> None:
    chosen = data.draw(st.lists(st.integers(0, len(games.ids) - 1), unique=True))
    built = _built(games, chosen)
    seats = placed_seats(built)
    for system in SYSTEMS_TO_CHECK:
        got = table_sums(system, games, np.array(chosen, np.int64))
        want = batch_sums(system, seats, [1] * len(built))
        assert sorted(got.names) == sorted(want.names), system.name
        for player in want.names:
            mine, theirs = got.names.index(player), want.names.index(player)
            exact = [sum(map(Fraction, sums.terms(i))) for sums, i in ((got, mine), (want, theirs))]
            assert exact[0] == exact[1], (system.name, player)
            assert int(got.games[mine]) == int(want.games[theirs]), (system.name, player)
