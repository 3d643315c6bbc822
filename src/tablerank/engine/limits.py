"""The documented limits of a record's values (docs/records.md, "Limits"), one constant each.

The parsers (`tablerank.engine.fields`, which also names them), the records' declared form
(`record_schema`), the API schema and the league's services refer to them; they are no larger
than the league's database columns.
"""

from __future__ import annotations

import datetime as dt
import re

__all__ = [
    "EARLIEST_DATE",
    "ID",
    "ID_ALPHABET",
    "ID_PATTERN",
    "LATEST_DATE",
    "MAX_EVENT_PLAYERS",
    "MAX_ID_LENGTH",
    "MAX_KEY_LENGTH",
    "MAX_NAME_KEY_LENGTH",
    "MAX_NAME_LENGTH",
    "MAX_ROUNDS",
    "MAX_SEATS",
    "MAX_TEXT_LENGTH",
    "MAX_VP",
    "SLUG_CHARACTERS",
    "SLUG_PATTERN",
]

MAX_ID_LENGTH = 64
"""Longest game id."""
ID_PATTERN = r"^\w[\w.~-]{0,63}$"
"""A game id: a letter, digit or ``_`` first, then letters, digits, ``_ . ~ -`` (1-64 in all).

Letters and digits are Unicode ones (Python's ``\\w``, so ``kö-002`` is an id); an id is one URL
path segment once percent-encoded, so ``/``, spaces and ``..`` are never part of one.
"""
ID_ALPHABET = "letters, digits, '_', '.', '~' and '-', starting with a letter, digit or '_'"
"""`ID_PATTERN` in words, as messages say it."""
SLUG_CHARACTERS = "-A-Za-z0-9_"
"""What an address in the site's URLs (a league's or a tournament's slug) may hold: ASCII
letters, digits, '-' and '_' (Django's `<slug:...>` path converter and `SlugField`)."""
SLUG_PATTERN = rf"^[{SLUG_CHARACTERS}]{{1,100}}$"
"""A league's slug: `League.slug` is a `SlugField` of 100 characters."""
MAX_NAME_LENGTH = 100
"""Longest player name, team name and event id (the league's player name column)."""
MAX_NAME_KEY_LENGTH = 200
"""Longest player name once case-folded (the league's player key column; "ß" folds to "ss")."""
MAX_TEXT_LENGTH = 100
"""Longest game title, group and city."""
MAX_KEY_LENGTH = 64
"""Longest variant name and VP source key."""
MAX_VP = 1000
"""Most VP a seat, a source or a game's target may hold; far above any real game."""
MAX_SEATS = 100
"""Most seats at one table."""
MAX_EVENT_PLAYERS = 10_000
"""Most players in one event's standings."""
MAX_ROUNDS = 1000
"""Most rounds of an event (also the largest round number and match count)."""
EARLIEST_DATE = dt.date(1900, 1, 1)
"""Earliest date a record (or a league's `played_at`) may carry."""
LATEST_DATE = dt.date(2100, 12, 31)
"""Latest date a record (or a league's `played_at`) may carry."""

ID = re.compile(ID_PATTERN.removeprefix("^").removesuffix("$"))
"""`ID_PATTERN` compiled: `ID.fullmatch(text)` for a whole id."""
