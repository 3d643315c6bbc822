"""Choosing which records a list or a standing covers."""

from __future__ import annotations

from collections.abc import Iterable

from tablerank.engine.records import Event, Game

__all__ = ["select"]


def select(
    records: Iterable[Game | Event],
    *,
    title: str | None = None,
    group: str | None = None,
    city: str | None = None,
) -> list[Game | Event]:
    """Records of the game title, game group and city asked for (case-insensitive); events
    have none of these, so any filter leaves them out."""
    wanted = {
        "game": title.casefold() if title else None,
        "group": group.casefold() if group else None,
        "city": city.casefold() if city else None,
    }
    if not any(wanted.values()):
        return list(records)
    return [rec for rec in records if isinstance(rec, Game) and _matches(rec, wanted)]


def _matches(game: Game, wanted: dict[str, str | None]) -> bool:
    have = {"game": game.game, "group": game.group, "city": game.city or ""}
    return all(want is None or have[key].casefold() == want for key, want in wanted.items())
