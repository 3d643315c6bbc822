"""How a name becomes an address: a record id made from an event's name (in the id alphabet,
`limits.ID_PATTERN`), and the characters a league's or a tournament's slug may hold."""

from __future__ import annotations

import re

from tablerank.engine.limits import MAX_ID_LENGTH, SLUG_CHARACTERS, SLUG_PATTERN

__all__ = ["SLUG_CHARACTERS", "SLUG_PATTERN", "id_from"]


def id_from(name: str) -> str:
    """A record id made from a name: `Spring Qualifier` -> `spring-qualifier`."""
    made = re.sub(r"[^\w.~-]+", "-", name.strip().casefold()).strip("-.~")
    return made[:MAX_ID_LENGTH] or "event"
