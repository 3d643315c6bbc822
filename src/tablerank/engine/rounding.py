"""Rounding as the seeds mean it.

Seed notes, "Rounding": where a document says "round", it means to the nearest whole number with
halves away from zero (spreadsheet @ROUND), not Python's round-half-to-even.
"""

from __future__ import annotations

__all__ = ["round_half_away"]


def round_half_away(x: float) -> int:
    """Nearest whole number, halves away from zero: 2.5 -> 3, -2.5 -> -3, 0.49 -> 0."""
    return int(x + 0.5) if x >= 0 else -int(0.5 - x)
