"""Full games played by catanatron's bots, recorded source by source, must validate clean.

catanatron (a dev dependency) plays base Catan to 10 VP with 2-4 players. Its player state
counts settlements and cities on the board, Longest Road and Largest Army flags, and Victory
Point development cards in hand; `ACTUAL_VICTORY_POINTS` is their sum, which we check before
trusting our per-source record of the game.

A seed alone does not make a catanatron game repeatable: its bots pick from the playable actions
in the order catanatron built them, partly from sets, whose order changes with Python's hash
seed from process to process (so the same seed ran 166 turns in one run and 778 in another).
`SortedPlayer` sorts them first; every game below then plays the same in every process, and
each one ends well inside catanatron's turn limit, which fails the test if it is hit.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from catanatron import Color, Game  # type: ignore[import-untyped]
from catanatron.game import TURNS_LIMIT  # type: ignore[import-untyped]
from catanatron.models.actions import Action  # type: ignore[import-untyped]
from catanatron.models.enums import CITY, SETTLEMENT  # type: ignore[import-untyped]
from catanatron.players.weighted_random import (  # type: ignore[import-untyped]
    WeightedRandomPlayer,
)
from catanatron.state_functions import player_key  # type: ignore[import-untyped]

from tablerank.catan.validation import validate, validate_game
from tablerank.engine.records import Game as Record
from tablerank.engine.records import game_from_dict

COLORS = (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)
# (seed, players): seeded games of every table size catanatron plays.
GAMES = [(seed, players) for players in (2, 3, 4) for seed in (1, 2, 3, 4, 5)]


@pytest.fixture(autouse=True)
def _keep_the_global_random_state() -> Iterator[None]:
    """catanatron seeds the `random` module itself; give other tests their state back."""
    state = random.getstate()
    yield
    random.setstate(state)


class SortedPlayer(WeightedRandomPlayer):  # type: ignore[misc]
    """catanatron's weighted random bot, choosing from the actions in a fixed order."""

    def decide(self, game: Any, playable_actions: list[Action]) -> Action:
        return super().decide(game, sorted(playable_actions, key=repr))


def sources(game: Any, color: Any) -> dict[str, int]:
    """The VP one player holds at the end of a catanatron game, per seed 002 source."""
    state = game.state
    key = player_key(state, color)
    held = state.player_state
    return {
        "settlements": len(state.buildings_by_color[color][SETTLEMENT]),
        "cities": 2 * len(state.buildings_by_color[color][CITY]),
        "longest_road": 2 if held[f"{key}_HAS_ROAD"] else 0,
        "largest_army": 2 if held[f"{key}_HAS_ARMY"] else 0,
        "vp_cards": held[f"{key}_VICTORY_POINT_IN_HAND"],
    }


def play(seed: int, players: int) -> Record:
    """Play one full game and record it as a tablerank game with per-source VP."""
    game = Game([SortedPlayer(c) for c in COLORS[:players]], seed=seed)
    winner = game.play()
    assert winner is not None, f"seed {seed}, {players} players: {TURNS_LIMIT} turns, no winner"
    seats = []
    for color in game.state.colors:
        vp = sources(game, color)
        actual = game.state.player_state[f"{player_key(game.state, color)}_ACTUAL_VICTORY_POINTS"]
        assert sum(vp.values()) == actual, f"seed {seed}: {color} sources {vp} != {actual} VP"
        seats.append({"player": color.value, "sources": vp, "winner": color == winner})
    return game_from_dict(
        {"id": f"catanatron-{players}p-{seed}", "date": "2026-01-01", "seats": seats}
    )


def test_the_bots_choice_does_not_depend_on_the_order_of_the_actions() -> None:
    game = Game([SortedPlayer(c) for c in COLORS[:3]], seed=7)
    actions = list(game.state.playable_actions)
    bot = game.state.current_player()
    assert len(set(actions)) > 1
    choices = set()
    for order in (actions, actions[::-1], random.Random(1).sample(actions, len(actions))):
        random.seed(11)
        choices.add(bot.decide(game, order))
    assert len(choices) == 1


@pytest.mark.parametrize(("seed", "players"), GAMES)
def test_a_full_catanatron_game_validates_clean(seed: int, players: int) -> None:
    record = play(seed, players)
    assert len(record.placed) == players
    winner = next(s for s in record.seats if s.winner)
    assert winner.vp is not None
    assert winner.vp >= 10
    assert validate([record]) == [validate_game(record)]
    finding = validate_game(record)
    assert (finding.errors, finding.warnings) == ([], []), record


def test_the_games_use_every_source_of_the_base_game() -> None:
    """The seeded games are not trivial: together they exercise every base source."""
    used = {
        key for seed, players in GAMES for seat in play(seed, players).seats
        for key, vp in seat.sources.items() if vp
    }  # fmt: skip
    assert used == {"settlements", "cities", "longest_road", "largest_army", "vp_cards"}


def test_a_corrupted_real_game_is_caught() -> None:
    """The same record with Longest Road copied to a second player and a typo in cities."""
    record = play(1, 4)
    raw_seats = []
    for i, seat in enumerate(record.seats):
        vp = dict(seat.sources)
        if i < 2:
            vp["longest_road"] = 2
        if i == 3:
            vp["cities"] = 12
        raw_seats.append({"player": seat.player, "sources": vp, "winner": seat.winner})
    bad = game_from_dict({"id": "bad", "date": "2026-01-01", "seats": raw_seats})
    errors = validate_game(bad).errors
    names = [s.player for s in record.seats]
    assert f"{names[3]}: cities 12 VP is over the maximum of 8 (4 cities x 2 VP)" in errors
    assert any(e.startswith("longest_road: held by ") for e in errors)
