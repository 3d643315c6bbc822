"""Small builders for engine tests: games and events through the public constructors."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from tablerank.engine.records import Event, Game, new_event, new_game
from tablerank.engine.systems.base import Explanation, Term
from tablerank.engine.systems.skill import Skill

DATE = "2026-03-14"
NAMES = ("A", "B", "C", "D", "E", "F", "G", "H")


def seat(player: str, vp: Any = None, **fields: Any) -> dict[str, Any]:
    """A raw seat, as a reader would hand it to `new_game`."""
    out: dict[str, Any] = {"player": player, **fields}
    if vp is not None:
        out["vp"] = vp
    return out


def game(
    seats: Sequence[Mapping[str, Any]], *, id: str = "g1", date: Any = DATE, **fields: Any
) -> Game:
    """A checked game from raw seats."""
    return new_game(id=id, date=date, seats=list(seats), **fields)


def vp_game(*vps: float, winner: int | None = 0, id: str = "g1", **fields: Any) -> Game:
    """A Catan table A, B, C, ... with these VP; seat `winner` is the declared winner."""
    return game(
        [seat(NAMES[i], vp, winner=(i == winner)) for i, vp in enumerate(vps)], id=id, **fields
    )


def placed_game(*places: int, game_title: str = "Diplomacy", id: str = "g1", **fields: Any) -> Game:
    """A table A, B, C, ... with these given places (no winner flags), by default not Catan."""
    return game(
        [seat(NAMES[i], place=p) for i, p in enumerate(places)],
        id=id,
        game=game_title,
        **fields,
    )


def standing(
    player: str,
    place: Any,
    wins: Any = 0,
    draws: Any = 0,
    losses: Any = 0,
    completed: Any = True,
) -> dict[str, Any]:
    out: dict[str, Any] = {
        "player": player,
        "place": place,
        "wins": wins,
        "draws": draws,
        "losses": losses,
    }
    if completed is not None:
        out["completed"] = completed
    return out


def event(
    standings: Sequence[Mapping[str, Any]], *, id: str = "e1", date: Any = DATE, **fields: Any
) -> Event:
    return new_event(id=id, date=date, standings=list(standings), **fields)


def field_of(size: int, *, id: str = "e1", wins: int = 1) -> Event:
    """An event of `size` players placed 1..size, each with `wins` wins, all completed."""
    return event(
        [standing(f"P{i:05d}", i, wins=wins) for i in range(1, size + 1)], id=id, rounds=None
    )


def terms_by_player(explanation: Explanation) -> dict[str, list[Term]]:
    out: dict[str, list[Term]] = {}
    for term in explanation.terms:
        out.setdefault(term.player, []).append(term)
    return out


def term_sums(explanation: Explanation) -> dict[str, float]:
    return {p: sum(t.amount for t in ts) for p, ts in terms_by_player(explanation).items()}


def table_scores(game: Game, settings: Skill) -> tuple[list[float], list[float] | None]:
    """One table's seat scores and capped VP (None at a table without VP), as the skill model
    reads them (`skill_observations.observe`)."""
    from tablerank.engine.skill_observations import observe

    obs = observe([game], settings)
    vps = obs.seat_vp.tolist()
    return obs.seat_score.tolist(), None if any(math.isnan(v) for v in vps) else vps
