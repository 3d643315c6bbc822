"""Rating plain games in play order (`engine.systems.play_order`) gives `System.rate`'s standings.

For the pairwise systems (cow.elo, A.R.E.A.) a history kept as plain games in the files' order
(each game its table, id, day and players) must give, through the memoised replay and through
the compiled loops, exactly the standings and the seats not rated that rating the games
themselves gives, or no answer where the usual way must say (two lists).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablerank.engine.records import Game
from tablerank.engine.systems import get_system, play_order
from tablerank.engine.systems.area import Area, TeamDivisor
from tablerank.engine.systems.base import RatingTable
from tablerank.engine.systems.cow.elo import Elo
from tablerank.engine.systems.play_order import play_order_standings, rates_in_play_order
from tablerank.engine.table_groups import TablesInOrder
from tablerank.engine.values import day_order
from tablerank.errors import TablerankError
from tests.engine.builders import vp_game
from tests.engine.strategies import area_games, catan_games
from tests.engine.systems.test_by_table import NAMES, table_key

systems = st.builds(
    Elo, k=st.sampled_from([8, 16, 10.5, 0.1]), start=st.sampled_from([1000, 1500.5, 0])
) | st.builds(
    Area, start=st.sampled_from([5000, 1234.25, 0]), team_divisor=st.sampled_from(list(TeamDivisor))
)


def tables_in_order_of(games: Sequence[Game]) -> TablesInOrder:
    """The games as a reader of plain games keeps them in order."""
    index: dict[str, int] = {}
    templates: list[Game] = []
    numbers: dict[str, int] = {}
    players: list[int] = []
    for game in games:
        if index.setdefault(table_key(game), len(templates)) == len(templates):
            templates.append(game)
        players += [numbers.setdefault(s.player, len(numbers)) for s in game.seats]
    whens = sorted({day_order(g.date, g.time) for g in games})
    days = [whens.index(day_order(g.date, g.time)) for g in games]
    tables = [index[table_key(g)] for g in games]
    return TablesInOrder(templates, tables, [g.id for g in games], days, players, list(numbers))


@st.composite
def histories(draw: st.DrawFn) -> list[Game]:
    """Games of a few tables (Catan's or else other titles'), in one group or now and then two,
    with their own players, days and now and then times of day; now and then another title."""
    kind = draw(st.sampled_from([catan_games(), area_games()]))
    tables = [raw.build() for raw in draw(st.lists(kind, min_size=1, max_size=4))]
    if draw(st.integers(0, 9)) == 0:
        tables.append(draw(area_games()).build())
    if draw(st.integers(0, 9)) == 0:
        tables[0] = dataclasses.replace(tables[0], group="cities")
    games = []
    for number in range(draw(st.integers(1, 16))):
        game = draw(st.sampled_from(tables))
        names = draw(st.lists(st.sampled_from(NAMES), min_size=8, max_size=8, unique=True))
        seats = tuple(
            dataclasses.replace(s, player=p) for s, p in zip(game.seats, names, strict=False)
        )
        day = dt.date(2026, 1, 1) + dt.timedelta(days=draw(st.integers(0, 3)))
        time = draw(st.none() | st.sampled_from([dt.time(9), dt.time(18, 30)]))
        games.append(dataclasses.replace(game, id=f"g{number}", date=day, time=time, seats=seats))
    return games


def as_floats(table: RatingTable) -> str:
    """The table with every rating a float (the compiled loops keep floats), bit for bit."""
    standings = [dataclasses.replace(s, rating=float(s.rating)) for s in table.standings]
    return repr(dataclasses.replace(table, standings=tuple(standings)))


@settings(max_examples=300, deadline=None)
@given(
    system=systems,
    history=histories(),
    start=st.dictionaries(
        st.sampled_from([*NAMES, "Zed"]), st.integers(-50, 3000) | st.floats(-1e3, 1e4)
    ),
    with_start=st.booleans(),
    compiled=st.booleans(),
)
def test_rating_in_order_is_rating_game_by_game(
    system: Elo | Area,
    history: list[Game],
    start: dict[str, float],
    with_start: bool,
    compiled: bool,
) -> None:
    sheet = start if with_start else None
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(play_order, "worth_compiling", lambda games: compiled)
        fast = play_order_standings(system, tables_in_order_of(history), sheet)
    try:
        reference = system.rate(history, sheet)
    except TablerankError:
        assert fast is None
        return
    assert fast is not None
    if compiled:
        assert as_floats(fast) == as_floats(reference)
    else:
        assert repr(fast) == repr(reference)


def test_only_systems_with_a_memoised_replay_rate_in_order_here() -> None:
    plain = tables_in_order_of([vp_game(10, 8, 6)])
    assert rates_in_play_order(get_system("cow.elo"))
    assert rates_in_play_order(get_system("area"))
    assert not rates_in_play_order(get_system("pages.point"))
    assert not rates_in_play_order(get_system("pages.elo"))
    assert play_order_standings(get_system("pages.point"), plain) is None
    assert play_order_standings(get_system("cow.elo"), plain) is not None
    assert play_order_standings(get_system("area"), plain) is not None


def test_a_player_named_as_a_titles_participant_is_left_to_the_usual_rating() -> None:
    game = vp_game(10, 8, 6)
    named = dataclasses.replace(game.seats[0], player=f"{game.game} (game)")
    plain = tables_in_order_of([dataclasses.replace(game, seats=(named, *game.seats[1:]))])
    assert play_order_standings(get_system("area"), plain) is None
    assert play_order_standings(get_system("area"), tables_in_order_of([game])) is not None
