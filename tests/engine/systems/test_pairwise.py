"""A pairwise system no module of the project knows (`Duel`, defined here) is replayed, through
the memoised replay, the compiled loops and `rate`'s reading in play order, exactly as its
own `changes` rates it: nothing registers a system by its class."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablerank.engine.records import Game, GameClass
from tablerank.engine.rounding import round_half_away
from tablerank.engine.systems import play_order
from tablerank.engine.systems.base import Explanation, Term
from tablerank.engine.systems.compiled import replay as compiled
from tablerank.engine.systems.compiled.columns import columns_of
from tablerank.engine.systems.pairwise import Pair, PairwiseSystem
from tablerank.engine.systems.play_order import play_order_standings, rates_in_play_order
from tablerank.engine.systems.tables import SeatView, table_of
from tests.engine.builders import vp_game
from tests.engine.systems.test_memoised_replay import NAMES, exactly, histories
from tests.engine.systems.test_play_order import as_floats, tables_in_order_of


@dataclass(frozen=True)
class Duel(PairwiseSystem[int]):
    """Every two finished, placed players: the better placed takes 4 points a place between
    them, plus an eighth of how much higher the other is rated."""

    name: ClassVar[str] = "test.duel"
    title: ClassVar[str] = "Duels (a test's own system)"
    source: ClassVar[str] = "tests/engine/systems/test_pairwise.py"

    start: float = 100

    def initial_rating(self) -> float:
        return self.start

    def pairs(
        self, seats: Sequence[SeatView], game_class: GameClass, participant: str
    ) -> list[Pair[int]]:
        placed = [(p, q) for p, q, _, finished, _ in seats if finished and q is not None]
        return [
            (a, b, qb - qa) if qa < qb else (b, a, qa - qb)
            for i, (a, qa) in enumerate(placed)
            for b, qb in placed[i + 1 :]
            if qa != qb
        ]

    def pair_amount(self, kind: int, difference: float) -> int:
        return round_half_away(4 * kind + difference / 8)

    def explain_record(self, game: Game, ratings: Mapping[str, float]) -> Explanation:
        terms = [
            Term(p, sign * self.moved((a, b, kind), ratings), "duel", opponent=o)
            for a, b, kind in self.game_pairs(game)
            for p, o, sign in ((a, b, 1), (b, a, -1))
        ]
        changes = self.changes(game, ratings)
        before = self.before(list(changes), ratings)
        return Explanation(game.id, self.name, before, changes, tuple(terms))


def engine_replay(system: Duel, games: list[Game], start: dict[str, float]) -> Any:
    ratings, deltas, initial = dict(start), [], system.initial_rating()
    for game in games:
        delta = system.changes(game, ratings)
        deltas.append(exactly(delta))
        for player, amount in delta.items():
            ratings[player] = ratings.get(player, initial) + amount
    return deltas, exactly(ratings)


duels = st.builds(Duel, start=st.sampled_from([100, 0, 1234.5]))
ratings = st.dictionaries(st.sampled_from(NAMES), st.integers(-500, 900).map(float), max_size=6)


@settings(max_examples=150, deadline=None)
@given(system=duels, games=histories(), start=ratings)
def test_the_memoised_replay_of_a_new_system_is_its_changes(
    system: Duel, games: list[Game], start: dict[str, float]
) -> None:
    replay = system.table_replay()
    assert replay is not None
    memo, deltas, initial = dict(start), [], system.initial_rating()
    for game in games:
        delta = replay.changes(table_of(game), memo)
        assert replay.game_changes(game, memo) == delta
        deltas.append(exactly(delta))
        for player, amount in delta.items():
            memo[player] = memo.get(player, initial) + amount
    assert (deltas, exactly(memo)) == engine_replay(system, games, start)
    assert exactly(system.totals(games, start).ratings) == exactly(memo)


@settings(max_examples=100, deadline=None)
@given(system=st.builds(Duel, start=st.sampled_from([100, 0])), games=histories(), start=ratings)
def test_the_compiled_replay_of_a_new_system_is_its_changes(
    system: Duel, games: list[Game], start: dict[str, float]
) -> None:
    replay = compiled.compiled_replay(system)
    assert replay is not None
    ids: dict[str, int] = {}
    columns = columns_of([table_of(g) for g in games], ids)
    state = compiled.CompiledState.of(start, dict.fromkeys(start, 0), ids, len(ids), system.start)
    names = sorted(ids, key=ids.__getitem__)
    rank = np.argsort(np.argsort(np.array(names, dtype=object))).astype(np.int64)
    replay.run(columns, np.arange(len(games), dtype=np.int64), state, rank)
    totals = system.totals(games, start)
    got, played = state.as_dicts(names)
    assert exactly(got) == exactly({p: float(v) for p, v in totals.ratings.items()})
    assert played == dict(totals.games)


@settings(max_examples=100, deadline=None)
@given(system=duels, games=histories(), start=ratings, compiled=st.booleans())
def test_rate_in_play_order_rates_a_new_system_as_its_changes(
    system: Duel, games: list[Game], start: dict[str, float], compiled: bool
) -> None:
    """`tablerank rate`'s reading in play order (`play_order_standings`) takes any system with a
    memoised replay."""
    games = [dataclasses.replace(g, id=f"g{i}") for i, g in enumerate(games)]
    assert rates_in_play_order(system)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(play_order, "worth_compiling", lambda games: compiled)
        table = play_order_standings(system, tables_in_order_of(games), start)
    assert table is not None
    reference = system.rate(games, start)
    assert as_floats(table) == as_floats(reference)


def test_amounts_that_are_not_whole_end_a_compiled_replay() -> None:
    """The compiled loops add whole numbers only: a system whose amounts are not whole is
    given up (and `rate` in play order leaves it to the usual reading)."""

    @dataclass(frozen=True)
    class Halves(Duel):
        def pair_amount(self, kind: int, difference: float) -> int:
            return kind / 2  # type: ignore[return-value]

    game = vp_game(10, 8, 6)
    replay = compiled.compiled_replay(Halves())
    assert replay is not None
    ids: dict[str, int] = {}
    columns = columns_of([table_of(game)], ids)
    state = compiled.CompiledState.of({}, {}, ids, len(ids), 100)
    rank = np.arange(len(ids), dtype=np.int64)
    with pytest.raises(ArithmeticError):
        replay.run(columns, np.zeros(1, np.int64), state, rank)
    for loops in (True, False):
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(play_order, "worth_compiling", {1: loops}.get)
            table = play_order_standings(Halves(), tables_in_order_of([game]))
        assert table == (None if loops else Halves().rate([game]))
