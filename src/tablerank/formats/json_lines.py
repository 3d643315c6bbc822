"""The lines of a JSON Lines file as bytes, split as `str.splitlines` splits its text, and each
decoded into a typed struct: the start of the reading by table shape (`table_shapes`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

import msgspec

__all__ = ["decoded", "json_lines"]

T = TypeVar("T")

_BOM = "\ufeff".encode()
# Line breaks that `str.splitlines` knows and JSON allows inside strings: where one occurs the
# usual reading splits the line, so this reading (split at \n and \r) leaves the file to it.
_UNICODE_LINE_BREAKS = tuple(c.encode() for c in "\x85\u2028\u2029")


def json_lines(data: bytes) -> list[bytes] | None:
    """The lines of a JSON Lines file (a byte order mark dropped), or None where the usual
    reading would split them otherwise."""
    if data.startswith(_BOM):
        data = data[len(_BOM) :]
    if not data.isascii() and any(mark in data for mark in _UNICODE_LINE_BREAKS):
        return None
    return data.splitlines()


def decoded(lines: Iterable[bytes], decode: Callable[[bytes], T]) -> Iterator[T | None]:
    """Each line decoded, blank lines skipped; None for a line that does not decode."""
    for line in lines:
        try:
            yield decode(line)
        except (msgspec.DecodeError, ValueError, RecursionError):
            if line.strip():
                yield None
