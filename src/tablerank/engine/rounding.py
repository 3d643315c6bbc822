"""Rounding as the seeds mean it.

Seed notes, "Rounding": where a document says "round", it means to the nearest whole number with
halves away from zero (spreadsheet @ROUND), not Python's round-half-to-even.
"""

from __future__ import annotations

import math

__all__ = ["round_half_away"]


def round_half_away(x: float) -> int:
    """Nearest whole number, halves away from zero: 2.5 -> 3, -2.5 -> -3, 0.49 -> 0."""
    magnitude = abs(x)
    whole = math.floor(magnitude)
    # `magnitude - whole` is exact, unlike `magnitude + 0.5` (0.49999999999999994 + 0.5 == 1.0).
    rounded = whole + (magnitude - whole >= 0.5)
    return rounded if x >= 0 else -rounded
