"""Results as plain JSON-ready dicts: the shapes `--format json` prints (and the API will serve)."""

from __future__ import annotations

from typing import Any, TypedDict

from tablerank.engine.systems import SYSTEMS
from tablerank.engine.systems.base import Explanation, NotRated, RatingTable

__all__ = ["explanation_json", "number", "rating_table_json", "systems_json"]


class StandingJSON(TypedDict):
    player: str
    rank: int
    rating: float
    games: int


class NotRatedJSON(TypedDict):
    record: str
    player: str | None
    reason: str


def number(x: float) -> float:
    """Whole numbers print as integers (1008, not 1008.0); others to 9 decimals, which hides
    float noise (1.7999999999999998) and nothing a rating system can tell apart."""
    x = round(x, 9)
    return int(x) if float(x).is_integer() else x


def _not_rated(items: tuple[NotRated, ...]) -> list[NotRatedJSON]:
    return [{"record": n.record, "player": n.player, "reason": n.reason} for n in items]


def rating_table_json(table: RatingTable) -> dict[str, Any]:
    standings: list[StandingJSON] = [
        {"player": s.player, "rank": s.rank, "rating": number(s.rating), "games": s.games}
        for s in table.standings
    ]
    return {
        "system": table.system,
        "standings": standings,
        "not_rated": _not_rated(table.not_rated),
    }


def explanation_json(e: Explanation) -> dict[str, Any]:
    breakdown: dict[str, list[dict[str, Any]]] = {p: [] for p in e.changes}
    for t in e.terms:
        breakdown.setdefault(t.player, []).append(
            {"amount": number(t.amount), "why": t.why, "opponent": t.opponent}
        )
    return {
        "game": e.record,
        "system": e.system,
        "changes": {p: number(d) for p, d in e.changes.items()},
        "before": {p: number(r) for p, r in e.before.items()},
        "after": {p: number(r) for p, r in e.after.items()},
        "breakdown": breakdown,
        "not_rated": _not_rated(e.not_rated),
        "notes": list(e.notes),
    }


def systems_json() -> list[dict[str, Any]]:
    return [
        {
            "name": name,
            "title": cls.title,
            "source": cls.source,
            "order": "lower first" if cls.lower_is_better else "higher first",
            "parameters": [
                {"name": p, "default": _plain(d), "help": h} for p, d, h in cls.parameters()
            ],
        }
        for name, cls in SYSTEMS.items()
    ]


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, float):
        return number(value)
    return value if isinstance(value, int | str | bool) or value is None else str(value)
