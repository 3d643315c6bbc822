"""The memoised replay of the pairwise systems (`memoised_replay`: cow.elo, A.R.E.A.) equals the
engine, bit for bit."""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tablerank.engine.records import Game, new_game
from tablerank.engine.systems.area import Area, TeamDivisor
from tablerank.engine.systems.base import ReplaySystem, chronological
from tablerank.engine.systems.cow.elo import Elo
from tablerank.engine.systems.pages.elo import Elo as PagesElo
from tablerank.engine.systems.tables import table_of
from tablerank.errors import RatingError
from tests.engine.builders import vp_game
from tests.engine.strategies import PLAYERS, RawGame, area_games, catan_games

TITLES = ("Kremlin", "B-17", "Axis & Allies")
NAMES = (*PLAYERS, "Twin", "Quit", *(f"{title} (game)" for title in TITLES))

systems = st.one_of(
    st.builds(
        Elo,
        k=st.sampled_from([8, 16, 10.5, 0.1]),
        start=st.sampled_from([1000, 1500.5, 0]),
    ),
    st.builds(
        Area,
        start=st.sampled_from([5000, 1234.25, 0]),
        team_divisor=st.sampled_from(list(TeamDivisor)),
    ),
)
ratings = st.one_of(
    st.integers(-3000, 9000).map(float),
    st.integers(-3000, 9000),
    st.floats(-1e4, 1e4, allow_nan=False),
)


@st.composite
def histories(draw: st.DrawFn) -> list[Game]:
    """Catan and other titles' games, of every seat count, class and seat status, in groups."""
    raws: list[RawGame] = draw(
        st.lists(st.one_of(catan_games(), area_games()), min_size=1, max_size=25)
    )
    games = []
    for i, raw in enumerate(raws):
        group = draw(st.sampled_from(["base", "cities"]))
        game = dataclasses.replace(raw.build(), id=f"g{i}", group=group)
        games.append(game)
    return games


def engine_replay(
    system: ReplaySystem[Game], key: str, games: list[Game], start: dict[str, float]
) -> tuple[list[dict[str, float]], dict[str, float]]:
    """Each game's changes and the final ratings, through the engine's `changes`."""
    ratings, deltas = dict(start), []
    initial = system.initial_rating()
    for game in games:
        if system.refusal(game) is not None or system.list_key(game) != key:
            continue
        try:
            delta = system.changes(game, ratings)
        except RatingError:
            delta = {}
        deltas.append(delta)
        for player, amount in delta.items():
            ratings[player] = ratings.get(player, initial) + amount
    return deltas, ratings


def memoised_replay_of(
    system: ReplaySystem[Game], key: str, games: list[Game], start: dict[str, float]
) -> tuple[list[dict[str, float]], dict[str, float]]:
    replay = system.table_replay()
    assert replay is not None
    ratings, deltas = dict(start), []
    initial = system.initial_rating()
    for game in games:
        table = table_of(game)
        if replay.list_key(table[0], table[1]) != key:
            continue
        delta = replay.changes(table, ratings)
        deltas.append(delta)
        for player, amount in delta.items():
            ratings[player] = ratings.get(player, initial) + amount
    return deltas, ratings


def exactly(values: dict[str, float]) -> dict[str, str]:
    """Values to compare bit for bit: a float's repr round-trips exactly, and tells -0.0
    from 0.0 and 1 from 1.0."""
    return {p: repr(v) for p, v in values.items()}


def drawn_key(system: ReplaySystem[Game], games: list[Game], data: Any) -> str:
    """One of the lists the games fall in, or a list none of them does."""
    keys = sorted({system.list_key(g) for g in games if system.refusal(g) is None} | {"none"})
    return str(data.draw(st.sampled_from(keys)))


@settings(max_examples=300, deadline=None)
@given(
    system=systems,
    games=histories(),
    start=st.dictionaries(st.sampled_from(NAMES), ratings, max_size=6),
    data=st.data(),
)
def test_the_memoised_replay_equals_the_engine(
    system: ReplaySystem[Game], games: list[Game], start: dict[str, float], data: Any
) -> None:
    key = drawn_key(system, games, data)
    engine_deltas, engine_ratings = engine_replay(system, key, games, start)
    memo_deltas, memo_ratings = memoised_replay_of(system, key, games, start)
    assert [exactly(d) for d in memo_deltas] == [exactly(d) for d in engine_deltas]
    assert exactly(memo_ratings) == exactly(engine_ratings)


@settings(max_examples=200, deadline=None)
@given(
    system=systems,
    games=histories(),
    start=st.dictionaries(st.sampled_from(NAMES), ratings, max_size=6),
    data=st.data(),
)
def test_rating_a_history_through_the_memoised_replay_equals_the_engine(
    system: ReplaySystem[Game], games: list[Game], start: dict[str, float], data: Any
) -> None:
    """`totals` (what `tablerank rate` calls) replays through `replaying`, the memoised
    replay's changes for these systems: the same ratings and games as the engine's `changes`."""
    key = drawn_key(system, games, data)
    mine = [g for g in chronological(games) if isinstance(g, Game) and system.list_key(g) == key]
    deltas, engine_ratings = engine_replay(system, key, mine, start)
    totals = system.totals(mine, start)
    assert exactly(totals.ratings) == exactly(engine_ratings)
    played = Counter(player for delta in deltas for player in delta)
    assert dict(totals.games) == {**dict.fromkeys(start, 0), **played}


def test_a_subclass_is_replayed_by_its_own_arithmetic_or_not_at_all() -> None:
    """The replay is built from the system's own `pairs` and `pair_amount`: a subclass with
    other amounts is replayed by them, one with a `changes` of its own is not replayed; systems
    that are not pairwise have no replay."""

    @dataclasses.dataclass(frozen=True)
    class Kinder(Elo):
        def changes(self, game: Game, ratings: Any) -> dict[str, float]:
            return {p: 2 * d for p, d in super().changes(game, ratings).items()}

    @dataclasses.dataclass(frozen=True)
    class Double(Elo):
        def pair_amount(self, kind: str, difference: float) -> int:
            return 2 * super().pair_amount(kind, difference)

    assert Kinder().table_replay() is None
    assert PagesElo().table_replay() is None
    assert Elo().table_replay() is not None
    assert Area().table_replay() is not None
    game = vp_game(10, 8, 6)
    double, elo = Double().table_replay(), Elo().table_replay()
    assert double is not None
    assert elo is not None
    assert double is not elo
    start = {"A": 1200, "B": 1000, "C": 1400}
    assert double.changes(table_of(game), start) == Double().changes(game, start)
    assert double.changes(table_of(game), start) == {
        p: 2 * d for p, d in elo.changes(table_of(game), start).items()
    }


def test_cow_elo_refuses_other_titles_and_keys_lists_by_group() -> None:
    elo, area = Elo().table_replay(), Area().table_replay()
    assert elo is not None
    assert area is not None
    assert elo.list_key("Catan", "cities") == "cities"
    assert elo.list_key("Kremlin", "base") is None
    assert area.list_key("Kremlin", "base") == "Kremlin"


@given(start=st.dictionaries(st.sampled_from(NAMES), ratings, max_size=6))
def test_a_player_named_as_a_titles_participant_is_paired_as_the_engine_pairs(
    start: dict[str, float],
) -> None:
    seats = [
        [{"player": "Kremlin (game)", "place": place, "winner": place == 1},
         {"player": "Ann", "place": 1, "winner": True}]
        for place in (1, 2)
    ]  # fmt: skip
    games = [
        new_game(id=f"s{i}", date="2026-03-14", game="Kremlin", game_class="sol", seats=sitting)
        for i, sitting in enumerate(seats)
    ]
    for system in (Area(), Area(start=10.5)):
        assert memoised_replay_of(system, "Kremlin", games, start) == engine_replay(
            system, "Kremlin", games, start
        )
