"""What the API's OpenAPI document allows: the bounds of names, ids, numbers, dates and text.

The schema describes these so a client (or a fuzzer) knows what is accepted; the rules
themselves stay with the engine and the league, which refuse the same values with the same
field names.
"""

from __future__ import annotations

import datetime as dt
from typing import Annotated

from pydantic import AfterValidator, Field, StringConstraints

__all__ = [
    "DATE_MAX",
    "DATE_MIN",
    "ID_PATTERN",
    "NAME_MAX",
    "SLUG_PATTERN",
    "TEXT_MAX",
    "VP_MAX",
    "GameId",
    "PlayerName",
    "Slug",
    "Text",
    "text_ok",
]

# mirrors tablerank.engine.records limits
ID_PATTERN = r"^[A-Za-z0-9._~-]{1,64}$"
"""A game's id: URL-safe characters (RFC 3986's unreserved ones), so every id has a URL."""
NAME_MAX = 100
"""A player's name, in characters."""
VP_MAX = 1000
"""A seat's victory points."""
DATE_MIN = dt.date(1900, 1, 1)
DATE_MAX = dt.date(2100, 12, 31)
"""The dates a game may have."""
# end of the mirrored limits

SLUG_PATTERN = r"^[-A-Za-z0-9_]{1,100}$"
"""A league's slug: `League.slug` is a Django SlugField of 100 characters."""
TEXT_MAX = 2000
"""Any other text: a reason, a note, a setting, a filter."""

NUL = "\x00"


def text_ok(value: str) -> str:
    """Text a database column can hold: no NUL (PostgreSQL refuses it), valid Unicode."""
    if NUL in value:
        raise ValueError("text cannot contain a NUL character")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError("text must be valid Unicode (it has a lone surrogate)") from None
    return value


Text = Annotated[str, AfterValidator(text_ok), Field(max_length=TEXT_MAX)]
"""Any text the database can hold, of a bounded length."""

Slug = Annotated[str, StringConstraints(pattern=SLUG_PATTERN)]
GameId = Annotated[str, StringConstraints(pattern=ID_PATTERN)]
PlayerName = Annotated[
    str, AfterValidator(text_ok), StringConstraints(min_length=1, max_length=NAME_MAX)
]
