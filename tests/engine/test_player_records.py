"""A player's records per title and head to head (issue 14)."""

from __future__ import annotations

import datetime as dt

from tablerank.engine.player_records import Rival, TitleRecord, rivals, title_records
from tablerank.engine.records import new_game
from tablerank.engine.values import Game

DAY = dt.date(2026, 3, 1)


def catan(gid: str, *seats: tuple[str, int], variant: str = "base") -> Game:
    """Seats (player, VP); the first seat with 10 wins, the others place by VP."""
    return new_game(
        id=gid, date=DAY, variant=variant,
        seats=[{"player": p, "vp": vp, "winner": vp >= 10} for p, vp in seats],
    )  # fmt: skip


def kremlin(gid: str, *order: str) -> Game:
    return new_game(
        id=gid, date=DAY, game="Kremlin",
        seats=[{"player": p, "place": n} for n, p in enumerate(order, 1)],
    )  # fmt: skip


GAMES = [
    catan("g1", ("Ann", 10), ("Ben", 8), ("Cleo", 6)),
    catan("g2", ("Ann", 7), ("Ben", 10), ("Cleo", 9)),
    catan("g3", ("Ann", 10), ("Cleo", 5), ("Dan", 6), variant="seafarers"),
    kremlin("k1", "Ben", "Ann"),
    catan("g4", ("Ben", 10), ("Cleo", 4), ("Dan", 3)),  # Ann did not play
]


def test_records_per_title_and_variant_most_played_first() -> None:
    assert title_records(GAMES, "Ann") == [
        TitleRecord("catan", "base", games=2, wins=1, mean_vp=8.5),
        TitleRecord("catan", "seafarers", games=1, wins=1, mean_vp=10.0),
        TitleRecord("Kremlin", None, games=1, wins=0, mean_vp=None),
    ]
    assert title_records(GAMES, "Zed") == []


def test_head_to_head_counts_places_and_wins_over_the_games_both_played() -> None:
    assert rivals(GAMES, "Ann") == [
        Rival("Ben", games=3, wins=1, their_wins=2, ahead=1, behind=2),
        Rival("Cleo", games=3, wins=2, their_wins=0, ahead=2, behind=1),
        Rival("Dan", games=1, wins=1, their_wins=0, ahead=1, behind=0),
    ]
