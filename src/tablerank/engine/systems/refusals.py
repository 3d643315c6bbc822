"""Which of many games a system refuses, asked as few times as the rule allows."""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter

from tablerank.engine.records import Game
from tablerank.engine.systems.base import ReplaySystem

__all__ = ["refusals"]

_TITLE = attrgetter("game")


def refusals(system: ReplaySystem[Game], games: Sequence[Game]) -> list[str | None]:
    """`system.refusal` of each game. Where the system's refusal is `ReplaySystem`'s, whose
    verdict on a game depends on its title alone, it is asked once per title."""
    if type(system).refusal is not ReplaySystem.refusal:
        return list(map(system.refusal, games))
    titles = dict(zip(map(_TITLE, games), games, strict=True))
    verdicts = {title: system.refusal(game) for title, game in titles.items()}
    return list(map(verdicts.__getitem__, map(_TITLE, games)))
