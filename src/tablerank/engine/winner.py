"""Who won a game: the one rule every door and report uses (the web's result cards, the Catan
standings, the cut, the seat report, the backtest)."""

from __future__ import annotations

from tablerank.engine.values import Game

__all__ = ["winner_of"]


def winner_of(game: Game) -> str | None:
    """The game's winner: the seat marked winner, else the one seat alone in 1st place.

    A first place shared with no declared winner is nobody's win: a Catan game has one winner
    (seed 002: "First player to reach the required VP on their turn wins").
    """
    for seat in game.placed:
        if seat.winner:
            return seat.player
    firsts = [s.player for s in game.placed if s.place == 1]
    return firsts[0] if len(firsts) == 1 else None
