"""The compiled replay of the pairwise systems (cow.elo, A.R.E.A.) over columns (`compiled.replay`)
equals the engine, bit for bit, after every game."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from tablerank.engine.records import Game
from tablerank.engine.systems.area import Area, TeamDivisor
from tablerank.engine.systems.base import ReplaySystem
from tablerank.engine.systems.compiled.columns import columns_of
from tablerank.engine.systems.compiled.replay import CompiledState, compiled_replay, whole
from tablerank.engine.systems.cow.elo import Elo
from tablerank.engine.systems.pages.elo import Elo as PagesElo
from tablerank.engine.systems.tables import table_of
from tablerank.errors import RatingError
from tests.engine.strategies import RawGame, area_games, catan_games
from tests.engine.systems.test_memoised_replay import NAMES, drawn_key, exactly

systems = st.one_of(
    st.builds(Elo, k=st.sampled_from([8, 16, 10.5, 0.1, 400]), start=st.sampled_from([1000, 0])),
    st.builds(
        Area, start=st.sampled_from([5000, 0, -7]), team_divisor=st.sampled_from(list(TeamDivisor))
    ),
)
whole_ratings = st.integers(-3000, 9000).map(float)


@st.composite
def histories(draw: st.DrawFn) -> list[Game]:
    """Games of every seat count, class and seat status, in two groups, their players renamed
    from a pool that holds titles' participants (a name sorting anywhere)."""
    raws: list[RawGame] = draw(
        st.lists(st.one_of(catan_games(), area_games()), min_size=1, max_size=25)
    )
    games = []
    for i, raw in enumerate(raws):
        names = draw(st.permutations(NAMES))
        game = raw.build()
        rename = dict(zip(sorted({s.player for s in game.seats}), names, strict=False))
        seats = tuple(dataclasses.replace(s, player=rename[s.player]) for s in game.seats)
        group = draw(st.sampled_from(["base", "cities"]))
        games.append(dataclasses.replace(game, id=f"g{i}", group=group, seats=seats))
    return games


def _state(values: dict[str, float], counts: dict[str, int]) -> tuple[dict[str, str], Any]:
    """Bit for bit as floats (the arrays hold floats; the engine keeps a whole start as int,
    as the stored state does not)."""
    return exactly({p: float(v) for p, v in values.items()}), dict(counts)


@settings(max_examples=300, deadline=None)
@given(system=systems, games=histories(), data=st.data())
def test_the_compiled_replay_equals_the_engine_after_every_game(
    system: ReplaySystem[Game], games: list[Game], data: Any
) -> None:
    start = data.draw(st.dictionaries(st.sampled_from(NAMES), whole_ratings, max_size=6))
    key = drawn_key(system, games, data)
    listed = [g for g in games if system.refusal(g) is None and system.list_key(g) == key]
    replay = compiled_replay(system)
    assert replay is not None
    ids: dict[str, int] = {}
    columns = columns_of([table_of(g) for g in listed], ids)
    counts = dict.fromkeys(start, 7)
    state = CompiledState.of(start, counts, ids, len(ids), system.initial_rating())
    assert whole(state)
    names = sorted(ids, key=ids.__getitem__)
    rank = np.argsort(np.argsort(np.array(names, dtype=object))).astype(np.int64)
    ratings, initial = dict(start), system.initial_rating()
    for i, game in enumerate(listed):
        try:
            delta = system.changes(game, ratings)
        except RatingError:
            delta = {}
        for player, amount in delta.items():
            ratings[player] = ratings.get(player, initial) + amount
            counts[player] = counts.get(player, 0) + 1
        replay.run(columns, np.array([i], dtype=np.int64), state, rank)
        assert _state(*state.as_dicts(names)) == _state(ratings, counts)


def test_only_whole_starts_of_systems_with_a_memoised_replay_have_a_compiled_replay() -> None:
    @dataclasses.dataclass(frozen=True)
    class Kinder(Elo):
        def changes(self, game: Game, ratings: Any) -> dict[str, float]:
            return {p: 2 * d for p, d in super().changes(game, ratings).items()}

    assert compiled_replay(Kinder()) is None
    assert compiled_replay(PagesElo()) is None
    assert compiled_replay(Elo(start=1500.5)) is None
    assert compiled_replay(Area(start=0.25)) is None
    assert compiled_replay(Elo()) is compiled_replay(Elo())
    assert compiled_replay(Area()) is not None


def test_a_state_with_a_fraction_is_not_whole() -> None:
    state = CompiledState.of({"Ann": 1000.5}, {"Ann": 1}, {}, 0, 1000)
    assert not whole(state)


def test_loading_the_loops_leaves_unused_modules_unloaded_and_importable() -> None:
    """numba would import scipy.linalg (a tenth of a second or more) to look for BLAS, cffi and
    yaml, and register every implementation it has; a new process loads the loops without
    them, and they import as usual afterwards (cffi and yaml where installed: a clean
    environment of the project's own dependencies has neither)."""
    code = (
        "import sys; from tablerank.engine.systems.compiled.replay import available; "
        "assert available(); "
        "print(sorted(m for m in ('scipy', 'cffi', 'yaml', 'numba.np.arraymath') "
        "if m in sys.modules)); "
        "import importlib, importlib.util; import scipy.linalg; "
        "[importlib.import_module(m) for m in ('cffi', 'yaml') if importlib.util.find_spec(m)]; "
        "print('ok')"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert (out.returncode, out.stdout, out.stderr) == (0, "[]\nok\n", "")


def test_numba_compiles_in_full_after_the_light_load(tmp_path: Path) -> None:
    """The light load leaves numba's target to refresh in full when it compiles: with an empty
    cache the loops compile, and later a loop using numpy's functions compiles and runs."""
    code = (
        "from tablerank.engine.systems.compiled.replay import available; assert available(); "
        "import numpy as np; from numba import njit; "
        "f = njit(lambda a: np.dot(a, a) + np.sum(np.sort(a))); print(f(np.arange(4.0)))"
    )
    env = os.environ | {"NUMBA_CACHE_DIR": str(tmp_path)}
    for _ in range(2):  # compiled into the empty cache, then loaded from it
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=False, env=env
        )
        assert (out.returncode, out.stdout, out.stderr) == (0, "20.0\n", "")
