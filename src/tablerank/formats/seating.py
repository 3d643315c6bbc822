"""The JSON of a seating (`tablerank seat --format json`, docs/tournaments.md):
`{"rounds": [{"round": 1, "tables": [{"table": 1, "seats": [...]}], "byes": [...]}]}`, the seats
in turn order (the first seat starts)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tablerank.tournament.seat_report import SeatReport
from tablerank.tournament.seating import SeatedRound

__all__ = ["seat_report_json", "seating_json"]


def seating_json(rounds: Sequence[SeatedRound]) -> dict[str, Any]:
    return {
        "rounds": [
            {
                "round": seated.number,
                "tables": [
                    {"table": table.number, "seats": list(table.seats)} for table in seated.tables
                ],
                "byes": list(seated.byes),
            }
            for seated in rounds
        ]
    }


def _rate(value: float | None) -> float | None:
    return None if value is None else round(value, 4)


def seat_report_json(report: SeatReport) -> dict[str, Any]:
    """`tablerank seats-report --format json`: per table size, each turn position's games,
    wins, win rate with its 95% interval, the rate if position made no difference, and the
    mean VP with its 95% interval (null where the records have no VP)."""
    return {
        "tables": [
            {
                "players": size.players,
                "games": size.games,
                "chi_square": _rate(size.chi_square),
                "p_value": _rate(size.p_value),
                "positions": [
                    {
                        "position": row.position,
                        "games": row.games,
                        "wins": row.wins,
                        "win_rate": _rate(row.win_rate),
                        "win_rate_low": _rate(row.win_low),
                        "win_rate_high": _rate(row.win_high),
                        "expected": _rate(row.expected),
                        "vp_games": row.vp_games,
                        "mean_vp": _rate(row.mean_vp),
                        "mean_vp_low": _rate(row.vp_low),
                        "mean_vp_high": _rate(row.vp_high),
                    }
                    for row in size.positions
                ],
            }
            for size in report.sizes
        ],
        "left_out": report.left_out,
        "listed_by_result": report.listed_by_result,
    }
