"""`refusals` asks a system's refusal once per title where the rule allows, and says what
`refusal` says of every game."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablerank.engine.records import Game, new_game
from tablerank.engine.systems import SYSTEMS, get_system
from tablerank.engine.systems.base import ReplaySystem
from tablerank.engine.systems.refusals import refusals

TITLES = ["catan", "Kremlin", "Carcassonne", "Catan", "catan-junior"]


def _game(n: int, title: str) -> Game:
    seats = [
        {"player": "Ann", "place": 1, "vp": 10, "winner": True},
        {"player": "Ben", "place": 2, "vp": 6},
    ]
    if title.casefold() != "catan":
        seats = [{"player": "Ann", "place": 1}, {"player": "Ben", "place": 2}]
    return new_game(id=f"g{n}", date="2026-03-01", game=title, seats=seats)


GAME_SYSTEMS = [name for name in SYSTEMS if isinstance(get_system(name), ReplaySystem)]


@pytest.mark.parametrize("name", GAME_SYSTEMS)
@given(titles=st.lists(st.sampled_from(TITLES), max_size=12))
def test_refusals_are_each_games_refusal(name: str, titles: list[str]) -> None:
    system = get_system(name)
    assert isinstance(system, ReplaySystem)
    games = [_game(n, title) for n, title in enumerate(titles)]
    assert refusals(system, games) == [system.refusal(game) for game in games]


def test_the_base_rule_is_asked_once_per_title(monkeypatch: pytest.MonkeyPatch) -> None:
    system = get_system("cow.points")
    assert isinstance(system, ReplaySystem)
    asked: list[str] = []
    base = ReplaySystem.refusal

    def counted(self: ReplaySystem[Game], record: Game) -> str | None:
        asked.append(record.game)
        return base(self, record)

    monkeypatch.setattr(ReplaySystem, "refusal", counted)
    games = [_game(n, TITLES[n % 3]) for n in range(30)]
    found = refusals(system, games)
    assert sorted(asked) == sorted(TITLES[:3])
    assert found.count(None) == 10
