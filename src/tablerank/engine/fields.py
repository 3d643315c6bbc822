"""One raw value of a record, checked against the documented limits (docs/records.md).

Every record the readers, the league, the API and library users build passes through these
parsers (via `tablerank.engine.records`), so every door refuses the same input with the same
`RecordError(field, message)`. The limits are public constants (`tablerank.engine.limits`,
named here too): the API schema and the league services refer to them.
"""

from __future__ import annotations

import datetime as dt
import math
import re
import unicodedata
from collections.abc import Mapping
from enum import StrEnum
from functools import lru_cache
from typing import Any, TypeVar

from tablerank.engine.limits import (
    EARLIEST_DATE,
    ID,
    ID_ALPHABET,
    ID_PATTERN,
    LATEST_DATE,
    MAX_EVENT_PLAYERS,
    MAX_ID_LENGTH,
    MAX_KEY_LENGTH,
    MAX_NAME_KEY_LENGTH,
    MAX_NAME_LENGTH,
    MAX_ROUNDS,
    MAX_SEATS,
    MAX_TEXT_LENGTH,
    MAX_VP,
)
from tablerank.errors import RecordError

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
    "check_date",
    "check_text",
    "digits",
    "name_key",
    "normal_name",
    "parse_bool",
    "parse_choice",
    "parse_date",
    "parse_id",
    "parse_int",
    "parse_name",
    "parse_sources",
    "parse_text",
    "parse_vp",
    "parse_when",
    "shown",
    "time_text",
]

# Control characters (Cc), lone surrogates (Cs) and line/paragraph separators break a one-line
# value or cannot be encoded; format characters (Cf: joiners, direction marks) are kept.
_REFUSED_CATEGORIES = frozenset({"Cc", "Cs", "Zl", "Zp"})

_E = TypeVar("_E", bound=StrEnum)


def shown(value: Any) -> str:
    """`value` as messages quote it: its repr, cut short when long."""
    if isinstance(value, int) and value.bit_length() > 128:
        return "a number of more than 38 digits"
    try:
        text = repr(value)
    except ValueError:  # a container holding a number too long to print
        return f"a {type(value).__name__}"
    return text if len(text) <= 60 else f"{text[:57]}..."


def _number(value: float) -> str:
    return f"{value:g}" if isinstance(value, float) else shown(value)


def check_text(text: str, name: str, *, limit: int) -> str:
    """`text` if it is valid Unicode without control characters and at most `limit` long."""
    if not text.isprintable():
        _check_characters(text, name)
    if len(text) > limit:
        raise RecordError(name, f"is {len(text)} characters long; at most {limit} are allowed")
    return text


def _check_characters(text: str, name: str) -> None:
    for position, char in enumerate(text, 1):
        category = unicodedata.category(char)
        if category in _REFUSED_CATEGORIES:
            what = "a lone surrogate" if category == "Cs" else "a control character"
            raise RecordError(
                name, f"is not valid text: {what} (U+{ord(char):04X}) at character {position}"
            )


# Each parser below first takes the usual value at a glance (plain text, a whole number in
# range) and returns what its full checks, the private function after it, would return;
# anything else goes to those checks, which give every message. tests/engine/test_fields.py
# holds each pair to the same answer.


def parse_text(value: Any, name: str, *, limit: int, required: bool = False) -> str | None:
    """Stripped text (a number is taken as its text), None when empty and not required."""
    if type(value) is str:
        text = value.strip()
        if text and len(text) <= limit and text.isprintable():
            return text
    elif value is None and not required:
        return None
    return _parse_text(value, name, limit=limit, required=required)


def _parse_text(value: Any, name: str, *, limit: int, required: bool = False) -> str | None:
    if (
        isinstance(value, bool)
        or (value is not None and not isinstance(value, str | int))
        or (isinstance(value, int) and value.bit_length() > 128)
    ):
        raise RecordError(name, f"expected text, got {shown(value)}")
    text = "" if value is None else str(value).strip()
    if not text:
        if required:
            raise RecordError(name, "is required")
        return None
    return check_text(text, name, limit=limit)


def normal_name(text: str) -> str:
    """A name in Unicode's composed form (NFC): `Zoë` typed as `e` and a combining diaeresis
    (as macOS file names and some copies keep it) and as `ë` are one name, spelled the same."""
    if text.isascii() or unicodedata.is_normalized("NFC", text):
        return text
    return unicodedata.normalize("NFC", text)


def name_key(text: str) -> str:
    """What tells two names apart where case does not (a league's players, one table's
    seats): the name stripped, composed (`normal_name`) and case-folded."""
    return normal_name(text.strip()).casefold()


def parse_name(value: Any, name: str) -> str:
    """A required player name: text of at most `MAX_NAME_LENGTH`, also once case-folded, in
    its composed form (`normal_name`)."""
    if type(value) is str and value.isascii() and value.isprintable():
        text = value.strip()  # ASCII: composed already, and as long once case-folded
        if 0 < len(text) <= MAX_NAME_LENGTH:
            return text
    return _parse_name(value, name)


def _parse_name(value: Any, name: str) -> str:
    text = parse_text(value, name, limit=MAX_NAME_LENGTH, required=True)
    assert text is not None
    if not text.isascii():
        text = check_text(normal_name(text), name, limit=MAX_NAME_LENGTH)  # it may grow
    if len(text.casefold()) > MAX_NAME_KEY_LENGTH:
        raise RecordError(
            name,
            f"is {len(text.casefold())} characters long once case is folded; "
            f"at most {MAX_NAME_KEY_LENGTH} are allowed",
        )
    return text


def parse_id(value: Any, name: str) -> str:
    """A required id in the documented alphabet (`ID_PATTERN`)."""
    if type(value) is str and ID.fullmatch(value):
        return value
    return _parse_id(value, name)


def _parse_id(value: Any, name: str) -> str:
    text = parse_text(value, name, limit=MAX_ID_LENGTH, required=True)
    assert text is not None
    if not ID.fullmatch(text):
        raise RecordError(name, f"expected 1-{MAX_ID_LENGTH} {ID_ALPHABET}; got {shown(text)}")
    return text


def check_date(day: dt.date, name: str) -> dt.date:
    """`day` if it lies between `EARLIEST_DATE` and `LATEST_DATE`."""
    if not EARLIEST_DATE <= day <= LATEST_DATE:
        span = f"{EARLIEST_DATE.isoformat()} to {LATEST_DATE.isoformat()}"
        raise RecordError(name, f"{day.isoformat()} is outside {span}")
    return day


def parse_date(value: Any, name: str) -> dt.date:
    """A required date in the documented range, from a date, a datetime or ISO text."""
    if value is None or value == "":
        raise RecordError(name, "is required (a date like 2026-03-14)")
    if isinstance(value, dt.datetime):
        return check_date(value.date(), name)
    if isinstance(value, dt.date):
        return check_date(value, name)
    if not isinstance(value, str):
        raise RecordError(name, f"expected {_DATE_EXAMPLE}, got {shown(value)}")
    try:
        day = dt.date.fromisoformat(value.strip())
    except ValueError:
        raise RecordError(name, f"expected {_DATE_EXAMPLE}, got {shown(value)}") from None
    return check_date(day, name)


# A date, then optionally a time (hours and minutes, seconds, fractions) after a `T` or a space,
# then optionally an offset (`Z`, `+02:00`, `+0200`): the ISO forms docs/records.md lists.
_DATE_TIME = re.compile(
    r"(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2})?)"
)
_DATE_EXAMPLE = "a date like 2026-03-14 or a date and time like 2026-03-14T19:30"


def parse_when(value: Any, name: str) -> tuple[dt.date, dt.time | None]:
    """A required date and, when one is given, the time of day (with its offset if given).

    The date is the day as written; the time, as written, orders games within that day.
    """
    if type(value) is str:
        when = _text_when(value)
        if when is not None:
            return when
    return _parse_when(value, name)


@lru_cache(maxsize=4096)
def _text_when(text: str) -> tuple[dt.date, dt.time | None] | None:
    """`_parse_when` of text, remembered (a history has few distinct dates); None when it is
    refused."""
    try:
        return _parse_when(text, "date")
    except RecordError:
        return None


def _parse_when(value: Any, name: str) -> tuple[dt.date, dt.time | None]:
    if isinstance(value, dt.datetime):
        return check_date(value.date(), name), value.timetz()
    if isinstance(value, str):
        match = _DATE_TIME.fullmatch(value.strip())
        if match is not None:
            return _date_and_time(match, value, name)
    return parse_date(value, name), None


def _date_and_time(match: re.Match[str], value: str, name: str) -> tuple[dt.date, dt.time]:
    try:
        when = dt.datetime.fromisoformat(f"{match.group(1)}T{match.group(2)}")
    except ValueError:
        raise RecordError(name, f"expected {_DATE_EXAMPLE}, got {shown(value)}") from None
    return check_date(when.date(), name), when.timetz()


def time_text(time: dt.time) -> str:
    """A time of day as records write it: hours and minutes, seconds when not zero, the offset
    when one was given (``19:30``, ``19:30:15``, ``19:30+02:00``)."""
    whole = time.second == 0 and time.microsecond == 0
    return time.isoformat(timespec="minutes" if whole else "auto")


def digits(text: str, *, limit: int = 38) -> int | None:
    """The whole number `text` spells in ASCII digits alone (no sign, no blanks, at most
    `limit` of them), or None. `str.isdigit` also takes "²" and "①", which `int` refuses, and
    `int` refuses more than 4,300 digits."""
    if text.isascii() and text.isdigit() and len(text) <= limit:
        return int(text)
    return None


def parse_int(value: Any, name: str, *, minimum: int, maximum: int) -> int | None:
    """A whole number from `minimum` to `maximum`, None when empty."""
    if (type(value) is int and minimum <= value <= maximum) or value is None:
        return value
    return _parse_int(value, name, minimum=minimum, maximum=maximum)


def _parse_int(value: Any, name: str, *, minimum: int, maximum: int) -> int | None:
    if value is None or value == "":
        return None
    if isinstance(value, str):
        if len(value.strip()) > 38:
            raise RecordError(name, f"expected a whole number, got {shown(value)}")
        try:
            value = int(value.strip())
        except ValueError:
            raise RecordError(name, f"expected a whole number, got {shown(value)}") from None
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(name, f"expected a whole number, got {shown(value)}")
    if not minimum <= value <= maximum:
        raise RecordError(name, f"expected a whole number from {minimum} to {maximum}, got {value}")
    return value


def parse_vp(value: Any, name: str) -> float | None:
    """VP from 0 to `MAX_VP` (whole numbers as int), None when empty."""
    if (type(value) is int and 0 <= value <= MAX_VP) or value is None:
        return value
    return _parse_vp(value, name)


def _parse_vp(value: Any, name: str) -> float | None:
    if value is None or value == "":
        return None
    if isinstance(value, str):
        try:
            value = float(value.strip())
        except ValueError:
            raise RecordError(name, f"expected a number of VP, got {shown(value)}") from None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise RecordError(name, f"expected a number of VP, got {shown(value)}")
    if isinstance(value, float) and not math.isfinite(value):
        raise RecordError(name, f"expected a finite number of VP, got {shown(value)}")
    if value < 0:
        raise RecordError(name, f"VP cannot be negative, got {_number(value)}")
    if value > MAX_VP:
        raise RecordError(name, f"{_number(value)} VP is over the limit of {MAX_VP} VP")
    return int(value) if float(value).is_integer() else float(value)


def parse_bool(value: Any, name: str) -> bool | None:
    """True or false from a bool, 0/1 or yes/no/true/false text; None when empty."""
    if type(value) is bool or value is None:
        return value
    return _parse_bool(value, name)


def _parse_bool(value: Any, name: str) -> bool | None:
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in {"true", "yes", "1", "false", "no", "0"}:
        return value.strip().lower() in {"true", "yes", "1"}
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    raise RecordError(name, f"expected true or false, got {shown(value)}")


_MEMBERS: dict[type[StrEnum], dict[Any, StrEnum]] = {}
"""Each choice's members by value (an enum class's own map is slow to reach)."""


def parse_choice(value: Any, name: str, kind: type[_E], default: _E) -> _E:
    """One member of `kind`, read case-insensitively; `default` when empty."""
    if value is None:
        return default
    if type(value) is str or type(value) is kind:
        members = _MEMBERS.get(kind) or _MEMBERS.setdefault(kind, dict(kind._value2member_map_))
        member = members.get(value)
        if member is not None:
            return member  # type: ignore[return-value]
    return _parse_choice(value, name, kind, default)


def _parse_choice(value: Any, name: str, kind: type[_E], default: _E) -> _E:
    if value is None or value == "":
        return default
    try:
        return kind(str(value).strip().lower())
    except ValueError:
        allowed = ", ".join(m.value for m in kind)
        shown = repr(value) if not isinstance(value, str) else repr(value[:MAX_KEY_LENGTH])
        raise RecordError(name, f"unknown value {shown}; expected one of: {allowed}") from None


def parse_sources(value: Any, name: str) -> dict[str, int]:
    """A seat's VP per source: keys are short text, amounts whole VP from 0 to `MAX_VP`."""
    if value is None or value == {}:
        return {}
    if not isinstance(value, Mapping):
        raise RecordError(name, f"expected an object of VP per source, got {shown(value)}")
    out: dict[str, int] = {}
    for index, (key, amount) in enumerate(value.items()):
        key_text = parse_text(key, f"{name}[{index}]", limit=MAX_KEY_LENGTH, required=True)
        vp = parse_int(amount, f"{name}.{key_text}", minimum=0, maximum=MAX_VP)
        if vp is not None:
            out[str(key_text)] = vp
    return out
