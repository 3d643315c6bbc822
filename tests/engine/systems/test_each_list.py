"""Every list at once (issue 41): a history of many titles or groups rated with one table per
list the system keeps, each table the one the list's records alone give."""

from __future__ import annotations

import pytest

from tablerank.engine.records import Game
from tablerank.engine.systems import get_system
from tablerank.engine.systems.base import Record
from tablerank.engine.systems.each_list import lists_of, rate_each_list

from ..builders import field_of, placed_game, vp_game

HISTORY: list[Record] = [
    vp_game(10, 7, 5, id="c1", date="2026-01-02"),
    placed_game(1, 2, 3, id="d1", date="2026-01-03"),
    vp_game(6, 13, 9, winner=1, id="k1", date="2026-01-04", variant="cities-knights"),
    placed_game(2, 1, id="z1", game_title="Azul", date="2026-01-05"),
    vp_game(8, 10, 4, winner=1, id="c2", date="2026-01-06"),
    placed_game(3, 1, 2, id="d2", date="2026-01-07"),
    field_of(4),
]


def _alone(name: str, key: str) -> list[Record]:
    system = get_system(name)
    return [r for r in HISTORY if system.refusal(r) is None and system.list_key(r) == key]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("name", "lists"),
    [
        ("area", ["catan", "Diplomacy", "Azul"]),
        ("skill", ["catan", "Diplomacy", "Azul"]),
        ("cow.elo", ["base", "cities-knights"]),
    ],
)
def test_each_list_is_rated_as_its_records_alone(name: str, lists: list[str]) -> None:
    system = get_system(name)
    assert lists_of(system, HISTORY) == lists
    tables = rate_each_list(system, HISTORY)
    assert [key for key, _ in tables] == lists
    for key, table in tables:
        assert table.standings == system.rate(_alone(name, key)).standings, key
    refused = [n.record for _, table in tables for n in table.not_rated if n.player is None]
    assert "e1" in refused  # an event: the first table says it is not rated


@pytest.mark.parametrize("name", ["pages.point", "turnabout"])
def test_a_system_with_one_list_gives_one_table(name: str) -> None:
    system = get_system(name)
    [(key, table)] = rate_each_list(system, HISTORY)
    assert key == ""
    assert table == system.rate(HISTORY)


def test_records_of_one_list_give_the_table_the_system_gives() -> None:
    system = get_system("area")
    catan = [r for r in HISTORY if isinstance(r, Game) and r.game == "catan"]
    assert rate_each_list(system, catan) == [("catan", system.rate(catan))]
