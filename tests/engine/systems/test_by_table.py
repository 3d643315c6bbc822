"""Rating plain games by table (`engine.systems.by_table`) gives `System.rate`'s standings.

The systems that say they rate a game by its table alone (`ReplaySystem.by_table`) must give a
game the amounts they give any other game of its table, seat by seat; and totalling a history
kept by table must give exactly the standings that rating it game by game gives.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Sequence

from hypothesis import given
from hypothesis import strategies as st

from tablerank.engine.records import Game
from tablerank.engine.systems import SYSTEMS, get_system
from tablerank.engine.systems.base import ReplaySystem
from tablerank.engine.systems.by_table import rates_by_table, table_standings
from tablerank.engine.table_groups import GamesByTable
from tablerank.errors import TablerankError
from tests.engine.builders import vp_game
from tests.engine.strategies import RawGame, area_games, catan_games

BY_TABLE = sorted(
    name for name, cls in SYSTEMS.items() if issubclass(cls, ReplaySystem) and cls.by_table
)
NAMES = [f"P{i}" for i in range(12)] + ["p0", "Ann"]


def table_key(game: Game) -> str:
    """What a game shares with every other game of its table: all but id, date and players."""
    seats = tuple(dataclasses.replace(s, player="") for s in game.seats)
    return repr(dataclasses.replace(game, id="", date=dt.date.min, time=None, seats=seats))


def games_by_table_of(games: Sequence[Game]) -> GamesByTable:
    """The games kept by table, as a reader of plain games keeps them."""
    numbers: dict[str, tuple[int, ...]] = {}
    templates: list[Game] = []
    seats: dict[str, list[int]] = {}
    for game in games:
        key = table_key(game)
        if key not in numbers:
            first = sum(len(t.seats) for t in templates)
            numbers[key] = tuple(range(first, first + len(game.seats)))
            templates.append(game)
        for seat, number in zip(game.seats, numbers[key], strict=True):
            seats.setdefault(seat.player, []).append(number)
    return GamesByTable(templates, seats, len(games))


def renamed(game: Game, players: Sequence[str], number: int) -> Game:
    named = zip(game.seats, players, strict=False)
    seats = tuple(dataclasses.replace(s, player=p) for s, p in named)
    day = dt.date(2026, 1, 1) + dt.timedelta(days=number % 40)
    return dataclasses.replace(game, id=f"g{number}", date=day, seats=seats)


def test_the_sums_rate_by_table() -> None:
    assert BY_TABLE == [
        "cow.points",
        "pages.accomplishment",
        "pages.elo",
        "pages.glory",
        "pages.point",
        "pages.share",
    ]


@given(raw=catan_games() | area_games(), data=st.data())
def test_a_game_gets_the_amounts_of_its_table(raw: RawGame, data: st.DataObject) -> None:
    game = raw.build()
    players = data.draw(st.lists(st.sampled_from(NAMES), min_size=8, max_size=8, unique=True))
    other = renamed(game, players, data.draw(st.integers(0, 99)))
    for name in BY_TABLE:
        system = get_system(name)
        assert isinstance(system, ReplaySystem)
        try:
            amounts = system.changes(game, {})
        except TablerankError:
            continue
        again = system.changes(other, {})
        assert [amounts.get(s.player) for s in game.seats] == [
            again.get(s.player) for s in other.seats
        ], name


@st.composite
def histories(draw: st.DrawFn) -> list[Game]:
    """Games of a few tables, each with its own players; now and then not a Catan game."""
    tables = draw(st.lists(catan_games(statuses=False), min_size=1, max_size=4))
    if draw(st.integers(0, 9)) == 0:
        tables.append(draw(area_games()))
    games = []
    for number in range(draw(st.integers(1, 12))):
        game = draw(st.sampled_from(tables)).build()
        players = draw(st.lists(st.sampled_from(NAMES), min_size=8, max_size=8, unique=True))
        games.append(renamed(game, players, number))
    return games


@given(
    history=histories(),
    start=st.dictionaries(st.sampled_from(NAMES), st.integers(-50, 50) | st.floats(-1e3, 1e3)),
    with_start=st.booleans(),
)
def test_rating_by_table_is_rating_game_by_game(
    history: list[Game], start: dict[str, float], with_start: bool
) -> None:
    sheet = start if with_start else None
    plain = games_by_table_of(history)
    for name in BY_TABLE:
        system = get_system(name)
        fast = table_standings(system, plain, sheet)
        try:
            reference = system.rate(history, sheet)
        except TablerankError:
            assert fast is None, name
            continue
        if fast is None:
            assert reference.not_rated, name
        else:
            assert repr(fast) == repr(reference), name


def test_a_system_that_rates_game_by_game_gives_no_standings_here() -> None:
    plain = games_by_table_of([vp_game(10, 8, 6)])
    assert not rates_by_table(get_system("cow.elo"))
    assert table_standings(get_system("cow.elo"), plain) is None
    assert rates_by_table(get_system("pages.point"))
    assert table_standings(get_system("pages.point"), plain) is not None
