"""A replay after a change in the past writes back only the stored rows that differ
(`compiled_pools`: the stored rows compared with the replayed arrays by name number), including
the rows of names that play no game after the checkpoint it restores."""

from __future__ import annotations

import datetime as dt
import itertools
from typing import Any

import numpy as np
import pytest
from django.contrib.auth.models import User
from hypothesis import given, settings
from hypothesis import strategies as st

from tablerank.engine import loading
from tablerank.engine.records import Game, new_game
from tablerank.engine.systems import get_system
from tablerank.engine.systems.compiled.replay import CompiledState
from tablerank.league.models import GameRecord, League, RatingState
from tablerank.league.ratings import checkpoints, compiled_pools
from tablerank.league.ratings.checkpoints import Replay
from tablerank.league.services import confirmed_history, correct_game, record_game, void_game
from tablerank.league.store.pool_rows import write_pool
from tablerank.league.store.state_rows import upsert_states

pytestmark = pytest.mark.django_db

DAY = dt.date(2024, 3, 1)
_ids = itertools.count()


@pytest.fixture(autouse=True)
def compiled(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """A checkpoint every 2 games of a list, and every replay through the compiled replays
    (counted: the list of their calls)."""
    monkeypatch.setattr(checkpoints, "EVERY", 2)
    monkeypatch.setattr(loading, "COMPILED_REPLAY", 0)
    through_arrays, calls = compiled_pools.replay, []

    def counted(*args: Any) -> bool:
        done = through_arrays(*args)
        calls.append(done)
        return done

    monkeypatch.setattr(compiled_pools, "replay", counted)
    return calls


@pytest.fixture
def league(league: League) -> League:
    """These tests' sheets are not checked as Catan results (no winner is marked)."""
    league.unvalidated_titles = ["catan"]
    league.save()
    return league


def game(players: list[str], day: int) -> Game:
    seats = [{"player": p, "vp": 10 - 3 * i} for i, p in enumerate(players)]
    return new_game(id=f"r{next(_ids)}", date=DAY + dt.timedelta(days=day), seats=seats)


def rows(league: League) -> dict[str, tuple[float, int, Any]]:
    """cow.elo's stored rows: rating, games and when each was written."""
    found = RatingState.objects.filter(league=league, system="cow.elo")
    return {
        p: (r, g, at)
        for p, r, g, at in found.values_list("player", "rating", "games", "updated_at")
    }


def assert_replay(league: League) -> None:
    """cow.elo's and area's stored rows equal the engine's replay of the confirmed history."""
    history = confirmed_history(league)
    for name in ("cow.elo", "area"):
        expected = get_system(name).rate(history)
        stored = RatingState.objects.filter(league=league, system=name)
        got = {p: (r, g) for p, r, g in stored.values_list("player", "rating", "games")}
        assert got == {s.player: (s.rating, s.games) for s in expected.standings}, name


def played(league: League, official: User) -> list[GameRecord]:
    """Six games; the checkpoints fall after the 2nd, 4th and 6th. Ed plays the 3rd game
    only, Ann the 1st and 3rd, Dora the 2nd: none of them after the 3rd."""
    tables = [["Ann", "Ben"], ["Cleo", "Dora"], ["Ann", "Ed"], ["Ben", "Cleo"]]
    tables += [["Cleo", "Ben"], ["Ben", "Cleo"]]
    return [record_game(league, game(t, day), official) for day, t in enumerate(tables)]


def test_a_void_writes_back_the_rows_of_its_players_who_play_no_later_game(
    league: League, official: User, compiled: list[Any]
) -> None:
    """Voiding the 3rd game replays from the checkpoint after the 2nd, whose later games never
    seat Ann or Ed: Ann's row still goes back to her rating after the 1st game and Ed's row
    goes, while Dora's row (no game after the checkpoint, none voided) is not written."""
    records = played(league, official)
    before = rows(league)
    void_game(records[2], official, "wrong table")
    assert compiled == [True]
    after = rows(league)
    assert "Ed" not in after
    assert after["Ann"][:2] != before["Ann"][:2]
    assert after["Ann"][1] == 1
    assert after["Dora"] == before["Dora"]  # the same time of writing: not rewritten
    assert_replay(league)


def test_a_correction_that_seats_someone_else_moves_the_row(
    league: League, official: User, compiled: list[Any]
) -> None:
    """Correcting the 3rd game to seat Fay instead of Ed: Ed's row goes, Fay's is new."""
    records = played(league, official)
    correct_game(records[2], game(["Ann", "Fay"], 2), official, "wrong name")
    assert compiled == [True]
    after = rows(league)
    assert "Ed" not in after
    assert after["Fay"][1] == 1
    assert_replay(league)


def test_a_stored_row_of_a_name_the_league_does_not_know_goes(
    league: League, official: User, compiled: list[Any]
) -> None:
    """A stored row whose name is no player of the league (nor a title area rates) is not in
    the replay's numbering: it is dropped, as a name the replay does not rate."""
    records = played(league, official)
    ghost = RatingState.objects.get(league=league, system="cow.elo", player="Ed")
    ghost.pk, ghost.player = None, "Ghost"
    ghost.save()
    void_game(records[3], official, "wrong table")
    assert compiled == [True]
    assert "Ghost" not in rows(league)
    assert_replay(league)


def test_a_name_numbered_beyond_the_lists_arrays_is_not_rated(league: League) -> None:
    """The lists of one replay share their name numbers, and a later list's checkpoint may
    number names after an earlier list's arrays were sized: such a stored name is dropped."""
    upsert_states(league, "cow.elo", "base", {"Ann": (1010.0, 2, ""), "Zoe": (990.0, 1, "")})
    ids = {"Ann": 0, "Ben": 1, "Zoe": 2}  # Zoe numbered by another list, after these arrays
    state = CompiledState(
        np.array([1010.0, 1005.0]), np.array([2, 1]), np.array([1, 1], dtype=np.uint8)
    )
    write_pool(
        league, "cow.elo", "base", compiled_pools.PoolArrays(state, ids, ["Ann", "Ben", "Zoe"])
    )
    stored = RatingState.objects.filter(league=league, system="cow.elo", list_key="base")
    assert sorted(stored.values_list("player", "rating", "games")) == [
        ("Ann", 1010.0, 2),
        ("Ben", 1005.0, 1),
    ]


def test_a_state_held_as_dicts_is_written_the_same_way(league: League) -> None:
    """The engine's and the memoised replays hand their state as dicts: the same rule writes
    it (rows that differ written, names no longer rated dropped, fractions kept exactly)."""
    upsert_states(
        league,
        "cow.elo",
        "base",
        {"Ann": (1010.0, 2, ""), "Ben": (990.0, 1, ""), "Ed": (7.0, 1, "")},
    )
    state = Replay({"Ann": 1010.0, "Ben": 991.25, "Zoe": 1000.5}, {"Ann": 2, "Ben": 2, "Zoe": 1})
    write_pool(league, "cow.elo", "base", state)
    stored = RatingState.objects.filter(league=league, system="cow.elo", list_key="base")
    assert sorted(stored.values_list("player", "rating", "games")) == [
        ("Ann", 1010.0, 2),
        ("Ben", 991.25, 2),
        ("Zoe", 1000.5, 1),
    ]


_NAMES = st.sampled_from(["Ann", "Ben", "Cleo", "Dan", "Eve", "Zoë"])
_ROW = st.tuples(st.sampled_from([990.0, 1000.0, 1000.5, 1012.0]), st.integers(1, 3))


@settings(max_examples=200, deadline=None)
@given(
    rated=st.dictionaries(_NAMES, _ROW),
    stored=st.dictionaries(_NAMES, _ROW),
    numbered_first=st.lists(_NAMES, unique=True),
)
def test_a_state_as_dicts_or_as_arrays_finds_the_same_differences(
    rated: dict[str, tuple[float, int]],
    stored: dict[str, tuple[float, int]],
    numbered_first: list[str],
) -> None:
    """The engine's and the memoised replays leave dicts, the compiled ones arrays: each finds
    its differences from the stored rows in its own form, and they agree (`pool_rows`)."""
    as_dicts = Replay({n: r for n, (r, _) in rated.items()}, {n: g for n, (_, g) in rated.items()})
    ids = {name: number for number, name in enumerate(numbered_first)}
    state = CompiledState.of(as_dicts.ratings, as_dicts.games, ids, len(ids), 1000.0)
    as_arrays = compiled_pools.PoolArrays(state, ids, list(ids))
    rows = [(name, rating, games) for name, (rating, games) in stored.items()]
    changed, gone = as_dicts.differing(rows)
    assert changed == {n: (r, g, "") for n, (r, g) in rated.items() if stored.get(n) != (r, g)}
    assert sorted(gone) == sorted(set(stored) - set(rated))
    found, dropped = as_arrays.differing(rows)
    assert (found, sorted(dropped)) == (changed, sorted(gone))
