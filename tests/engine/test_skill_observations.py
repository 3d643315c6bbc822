"""What the skill model reads of the games (`engine.skill_observations`): the score rule, computed
in whole arrays, against the rule written out table by table (docs/systems/skill.md)."""

from __future__ import annotations

import dataclasses
import datetime as dt
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablerank.engine.records import Game, game_from_dict
from tablerank.engine.skill_observations import observe
from tablerank.engine.systems.skill import Skill
from tablerank.engine.variants import is_catan
from tests.engine.builders import table_scores
from tests.engine.strategies import RawGame, area_games, catan_games

SKILL = Skill(place_weight=0.75, place_vp=1.25)


def written_out(game: Game) -> tuple[list[float], list[float] | None]:
    """A table's scores as docs/systems/skill.md states the rule, one seat at a time."""
    places, vps = game.placed_places, game.placed_vps
    n = len(places)
    raw = [(n + 1) / 2 - p for p in places]
    centred = [r - math.fsum(raw) / n for r in raw]
    if not is_catan(game.game) or any(v is None for v in vps):
        return [SKILL.place_vp * c for c in centred], None
    capped = [min(float(v), game.target) if game.target else float(v) for v in vps if v is not None]
    mean = math.fsum(capped) / n
    return [v - mean + SKILL.place_weight * c for v, c in zip(capped, centred, strict=True)], capped


def numbered(games: list[Game]) -> tuple[list[str], list[int], list[tuple[int, int]]]:
    """Players and (table size, turn) positions numbered in order of their first rated seat."""
    players: dict[str, int] = {}
    positions: dict[tuple[int, int], int] = {}
    seat_positions = []
    for game in games:
        n = len(game.placed_players)
        for turn, player in enumerate(game.placed_players, 1):
            players.setdefault(player, len(players))
            seat_positions.append(positions.setdefault((n, turn), len(positions)))
    return list(players), seat_positions, list(positions)


tables = st.one_of(
    catan_games(min_present=1),
    area_games(),
    catan_games().map(lambda raw: RawGame(raw.seats, {**raw.fields, "target": 8})),
    catan_games().map(lambda raw: RawGame(tuple({**s, "vp": None} for s in raw.seats))),
)


@settings(max_examples=150)
@given(st.lists(tables, max_size=8))
def test_the_arrays_hold_the_rule_written_out(raws: list[RawGame]) -> None:
    games = [
        dataclasses.replace(raw.build(), id=f"g{k}", date=dt.date(2026, 1, 1 + k))
        for k, raw in enumerate(raws)
    ]
    rated = [g for g in games if len(g.placed_players) >= 2]
    obs = observe(games, SKILL)
    assert obs.game_ids == tuple(g.id for g in rated)
    assert obs.game_day.tolist() == [g.date.toordinal() for g in rated]
    scores: list[float] = []
    vps: list[float] = []
    starts = [0]
    for game in rated:
        table, capped = written_out(game)
        scores += table
        vps += capped if capped is not None else [math.nan] * len(table)
        starts.append(len(scores))
    assert obs.game_start.tolist() == starts
    np.testing.assert_allclose(obs.seat_score, scores, rtol=0, atol=1e-12)
    np.testing.assert_array_equal(obs.seat_vp, vps)
    players, positions, columns = numbered(rated)
    assert list(obs.players) == players
    assert [obs.players[i] for i in obs.seat_player] == [p for g in rated for p in g.placed_players]
    assert obs.seat_position.tolist() == positions
    assert list(obs.positions) == columns


def test_one_table_reads_as_the_docs_say() -> None:
    game = game_from_dict({
        "id": "g1", "date": "2026-03-14",
        "seats": [
            {"player": "Ann", "vp": 12, "winner": True, "place": 1},
            {"player": "Ben", "vp": 8, "place": 2},
            {"player": "Cy", "vp": 8, "place": 2},
            {"player": "Dee", "status": "abandoned"},
        ],
    })  # fmt: skip
    scores, vps = table_scores(game, SKILL)
    # VP capped at 10, mean 26 / 3; places 1, 2, 2 score 1, 0, 0 before centring (mean 1 / 3).
    assert vps == [10.0, 8.0, 8.0]
    expected = [10 - 26 / 3 + 0.75 * (2 / 3), 8 - 26 / 3 - 0.75 / 3, 8 - 26 / 3 - 0.75 / 3]
    assert scores == pytest.approx(expected, abs=1e-12)


def test_tables_of_fewer_than_two_placed_seats_are_left_out() -> None:
    alone = game_from_dict({
        "id": "solo", "date": "2026-03-14",
        "seats": [{"player": "Ann", "vp": 10, "winner": True},
                  {"player": "Ben", "status": "abandoned"}],
    })  # fmt: skip
    pair = game_from_dict({
        "id": "pair", "date": "2026-03-15",
        "seats": [{"player": "Ben", "vp": 10, "winner": True}, {"player": "Cy", "vp": 4}],
    })  # fmt: skip
    obs = observe([alone, pair], SKILL)
    assert obs.game_ids == ("pair",)
    assert obs.players == ("Ben", "Cy")
    assert obs.seat_score.tolist() == [3.0 + 0.75 * 0.5, -3.0 - 0.75 * 0.5]
