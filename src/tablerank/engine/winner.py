"""Who won a game: the one rule every door and report uses (the web's result cards, the Catan
standings, the cut, the seat report, the backtest)."""

from __future__ import annotations

from collections.abc import Sequence

from tablerank.engine.values import Game

__all__ = ["winner_at", "winner_of"]


def winner_of(game: Game) -> str | None:
    """The game's winner: the seat marked winner, else the one seat alone in 1st place.

    A first place shared with no declared winner is nobody's win: a Catan game has one winner
    (seed 002: "First player to reach the required VP on their turn wins").
    """
    placed = game.placed
    at = winner_at([seat.winner for seat in placed], game.placed_places)
    return None if at is None else placed[at].player


def winner_at(winners: Sequence[bool], places: Sequence[int | None]) -> int | None:
    """`winner_of` over seats given as columns, their winner marks and places (None: the seat
    left mid-game and holds none): the position of the first placed seat marked winner, else
    of the one seat alone in 1st place; None when there is no single winner."""
    for at, (won, place) in enumerate(zip(winners, places, strict=True)):
        if won and place is not None:
            return at
    firsts = [at for at, place in enumerate(places) if place == 1]
    return firsts[0] if len(firsts) == 1 else None
