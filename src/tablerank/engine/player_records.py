"""A player's records over a history (issue 14): per game title and variant (games, wins, mean
VP), and against each opponent met (games together, wins, who finished ahead), as BG Stats
users know them. Pure: games in, records out."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tablerank.engine.values import Game
from tablerank.engine.winner import winner_of

__all__ = ["Rival", "TitleRecord", "rivals", "title_records"]


@dataclass(frozen=True)
class TitleRecord:
    """The player's games of one title (and Catan variant)."""

    title: str
    variant: str | None
    games: int
    wins: int
    mean_vp: float | None
    """Over the games with VP."""


@dataclass(frozen=True)
class Rival:
    """The player against one opponent, over the games both played to a place."""

    opponent: str
    games: int
    wins: int
    """Games of these the player won."""
    their_wins: int
    ahead: int
    """Games the player finished ahead of the opponent (a better place)."""
    behind: int


def _seated(game: Game, player: str) -> bool:
    return any(seat.player == player for seat in game.seats)


def title_records(games: Iterable[Game], player: str) -> list[TitleRecord]:
    """Per title and variant, most played first (then by name)."""
    tally: dict[tuple[str, str | None], list[int]] = {}
    vps: dict[tuple[str, str | None], list[float]] = {}
    for game in games:
        seat = next((s for s in game.seats if s.player == player), None)
        if seat is None:
            continue
        key = (game.game, game.variant)
        counts = tally.setdefault(key, [0, 0])
        counts[0] += 1
        counts[1] += winner_of(game) == player
        if seat.vp is not None:
            vps.setdefault(key, []).append(seat.vp)
    records = [
        TitleRecord(title, variant, games_of, wins, _mean(vps.get((title, variant))))
        for (title, variant), (games_of, wins) in tally.items()
    ]
    return sorted(records, key=lambda r: (-r.games, r.title.casefold(), r.variant or ""))


def _mean(values: list[float] | None) -> float | None:
    return sum(values) / len(values) if values else None


def rivals(games: Iterable[Game], player: str) -> list[Rival]:
    """Each opponent the player met at a table where both finished with a place, most met
    first (then by name)."""
    met: dict[str, list[int]] = {}
    for game in games:
        if not _seated(game, player):
            continue
        places = {seat.player: seat.place for seat in game.placed}
        mine = places.get(player)
        if mine is None:
            continue
        winner = winner_of(game)
        for opponent, theirs in places.items():
            if opponent == player or theirs is None:
                continue
            row = met.setdefault(opponent, [0, 0, 0, 0, 0])
            row[0] += 1
            row[1] += winner == player
            row[2] += winner == opponent
            row[3] += mine < theirs
            row[4] += mine > theirs
    return sorted(
        (Rival(name, *row) for name, row in met.items()),
        key=lambda r: (-r.games, r.opponent.casefold()),
    )
