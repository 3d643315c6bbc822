"""A league keeps a pairwise system no module of the project knows (`Duel`, a test's own) as
its engine rates it, through the compiled loops, the memoised replay and the engine alike:
nothing registers a system's replay by its class."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from tablerank.engine.records import Game
from tablerank.engine.systems import SYSTEMS
from tablerank.league.models import League, RatingState
from tablerank.league.ratings import checkpoints, compiled_pools, pool_updates
from tablerank.league.services import rebuild_ratings, record_games
from tests.engine.systems.test_pairwise import Duel

pytestmark = pytest.mark.django_db


def _rows(league: League) -> list[tuple[str, str, float, int]]:
    rows = RatingState.objects.filter(league=league, system=Duel.name)
    return sorted(rows.values_list("list_key", "player", "rating", "games"))


@pytest.mark.parametrize("way", ["compiled", "memoised", "engine"])
def test_a_league_rates_a_new_pairwise_system_as_the_engine_does(
    league: League, official: User, season: list[Game], monkeypatch: pytest.MonkeyPatch,
    way: str,
) -> None:  # fmt: skip
    monkeypatch.setitem(SYSTEMS, Duel.name, Duel)
    monkeypatch.setattr(checkpoints, "EVERY", 3)
    league.systems = ["cow.elo", Duel.name]
    league.save()
    record_games(league, season, official)
    through_tables, calls = pool_updates._replay_tables, []

    def counted(*args: Any) -> None:
        calls.append(args)
        through_tables(*args)

    monkeypatch.setattr(pool_updates, "_replay_tables", counted)
    through_arrays, compiled = compiled_pools.replay, []

    def replayed(*args: Any) -> bool:
        compiled.append(through_arrays(*args))
        return compiled[-1]

    monkeypatch.setattr(compiled_pools, "replay", replayed)
    if way != "compiled":
        monkeypatch.setattr(compiled_pools, "compiled_replay", lambda system: None)
    if way == "engine":
        monkeypatch.setattr(pool_updates, "table_replay", lambda system: None)
    rebuild_ratings(league)
    assert bool(calls) == (way == "memoised")
    assert any(compiled) == (way == "compiled")
    totals = Duel().totals(season)
    expected = sorted(("", p, float(r), totals.games[p]) for p, r in totals.ratings.items())
    assert [(k, p, float(r), g) for k, p, r, g in _rows(league)] == expected
