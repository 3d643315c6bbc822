"""The JSON of a seating (`tablerank seat --format json`, docs/tournaments.md):
`{"rounds": [{"round": 1, "tables": [{"table": 1, "seats": [...]}], "byes": [...]}]}`, the seats
in turn order (the first seat starts)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tablerank.tournament.seating import SeatedRound

__all__ = ["seating_json"]


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
