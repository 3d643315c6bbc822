"""What the API's OpenAPI document allows: the bounds of names, ids, numbers, dates and text.

The schema describes these so a client (or a fuzzer) knows what is accepted; the rules
themselves stay with the engine and the league, which refuse the same values with the same
field names.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator, Field, StringConstraints

from tablerank.engine import addresses, fields
from tablerank.errors import RecordError

__all__ = [
    "DATE_MAX",
    "DATE_MIN",
    "ID_PATTERN",
    "NAME_MAX",
    "SLUG_PATTERN",
    "TEXT_MAX",
    "VP_MAX",
    "GameId",
    "NamePrefix",
    "PlayerName",
    "Slug",
    "Text",
    "at_most",
    "text_ok",
]

# The records' own limits (tablerank.engine.fields), so the document promises what the engine
# accepts and the engine refuses what the document refuses.
ID_PATTERN = fields.ID_PATTERN
"""A game's id: letters, digits and `_ . ~ -`, so every id has a URL."""
NAME_MAX = fields.MAX_NAME_LENGTH
"""A player's name, in characters."""
VP_MAX = fields.MAX_VP
"""A seat's victory points."""
DATE_MIN = fields.EARLIEST_DATE
DATE_MAX = fields.LATEST_DATE
"""The dates a game may have."""

SLUG_PATTERN = addresses.SLUG_PATTERN
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


def name_ok(value: str) -> str:
    """A name as the records take it: no control character nor line separator
    (`fields.check_text`, whose words the answer keeps)."""
    try:
        return fields.check_text(value, "name", limit=NAME_MAX)
    except RecordError as exc:
        raise ValueError(exc.message) from None


def at_most(limit: int) -> AfterValidator:
    """A length check worded as the records word it, before the schema's own bound (which
    pydantic would word as a value's "at most 100 items after validation")."""

    def check(value: str) -> str:
        if len(value) > limit:
            raise ValueError(f"is {len(value)} characters long; at most {limit} are allowed")
        return value

    return AfterValidator(check)


NO_NUL_PATTERN = "^[^\\u0000]*$"
"""What the schema says of every text (`text_ok` refuses the rest with its own words)."""
NAME_PATTERN = "^[^\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029]*$"
"""What the schema says of a name: no control character nor line or paragraph separator
(`name_ok` refuses them in the engine's words)."""

Text = Annotated[
    str,
    AfterValidator(text_ok),
    at_most(TEXT_MAX),
    Field(max_length=TEXT_MAX, json_schema_extra={"pattern": NO_NUL_PATTERN}),
]
"""Any text the database can hold, of a bounded length."""

Slug = Annotated[str, StringConstraints(pattern=SLUG_PATTERN)]
GameId = Annotated[str, StringConstraints(pattern=ID_PATTERN)]
PlayerName = Annotated[
    str,
    AfterValidator(text_ok),
    AfterValidator(name_ok),
    at_most(NAME_MAX),
    StringConstraints(min_length=1, max_length=NAME_MAX),
    Field(json_schema_extra={"pattern": NAME_PATTERN}),
]
NamePrefix = Annotated[
    str,
    AfterValidator(text_ok),
    at_most(NAME_MAX),
    StringConstraints(max_length=NAME_MAX),
    Field(json_schema_extra={"pattern": NO_NUL_PATTERN}),
]
"""What a player's name starts with (empty: any name)."""
