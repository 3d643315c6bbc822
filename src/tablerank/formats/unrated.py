"""What the rating commands say of the plays they do not rate (issue 41): each once, naming
file, play and field; a reason many plays share said once for all of them, with the first
few places, so a club's export of 800 plays does not print 200 lines of the same words."""

from __future__ import annotations

from collections.abc import Iterable

from tablerank.errors import InputError

__all__ = ["GROUPED_FROM", "said_once"]

GROUPED_FROM = 4
"""Plays sharing one reason in one file from which on the reason is said once for all."""
_NAMED = 3
"""The places a grouped warning names."""


def said_once(errors: Iterable[InputError], prefix: str = "") -> list[str]:
    """The warnings for `errors` (`prefix` before each, e.g. "not rated: "), in the order met:
    one per error, or one per reason shared by `GROUPED_FROM` or more plays of one file."""
    groups: dict[tuple[str, str, str], list[InputError]] = {}
    for error in errors:
        groups.setdefault((error.source, error.field, error.message), []).append(error)
    out: list[str] = []
    for (source, field, message), found in groups.items():
        if len(found) < GROUPED_FROM:
            out += [f"{prefix}{error}" for error in found]
            continue
        places = ", ".join(error.location for error in found[:_NAMED])
        detail = f"{field}: {message}" if field else message
        out.append(f"{prefix}{source}: {len(found)} plays ({places}, ...): {detail}")
    return out
