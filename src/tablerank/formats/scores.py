"""A play log's scores as VP or as places, for the readers of BG Stats and BoardGameGeek.

A logged score is text (`"10"`, `""`, `"-3"`). In a game where the highest score wins, the
scores are the seats' VP when every one is a number from 0 up; for Catan they are always passed
on as VP, so a bad one is the record's error. Otherwise (lowest wins, negative scores) the
scores give the places, and no VP is recorded.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from tablerank.engine.fields import MAX_VP

__all__ = ["places_by_score", "score_number", "score_vp"]


def score_number(value: Any) -> float | None:
    """A logged score as a number; None for a blank, text or an infinite one."""
    if isinstance(value, bool) or value is None:
        return None
    try:
        number = float(str(value).strip())
    except ValueError:
        return None
    return number if math.isfinite(number) else None


def score_vp(scores: Sequence[Any], *, catan: bool) -> list[Any] | None:
    """The scores as VP: every one for Catan (blank ones left out), else only when each is a
    number from 0 to the VP limit; None when they cannot be VP."""
    if catan:
        return [None if s in (None, "") else s for s in scores]
    numbers = [score_number(s) for s in scores]
    if any(n is None or not 0 <= n <= MAX_VP for n in numbers):
        return None
    return list(scores)


def places_by_score(scores: Sequence[Any], *, highest_wins: bool) -> list[int] | None:
    """Competition places by score (1, 1, 3), the best first; None unless every score is a
    number."""
    numbers = [score_number(s) for s in scores]
    if any(n is None for n in numbers):
        return None
    sign = -1 if highest_wins else 1
    keyed = [sign * n for n in numbers if n is not None]
    return [1 + sum(other < mine for other in keyed) for mine in keyed]
