"""How a checkpoint stores a list's whole state (`RatingCheckpoint.state`), zlib-compressed.

Two forms, told apart by their first bytes, both read by `decode`:

* JSON, `{"r": {name: rating}, "g": {name: games}}`, written from a state held as dicts;
* columns, written straight from the compiled replays' arrays without a dict per name: a
  header with the count of names, every rating as a 64-bit float, every count as a 64-bit
  integer, then the names joined by NUL (names are printable, so never hold one).
"""

from __future__ import annotations

import struct
import zlib

import msgspec
import numpy as np
import numpy.typing as npt

__all__ = ["decode", "encode_columns", "encode_json"]

_COLUMNS = b"TRC1"
_HEADER = struct.Struct("<4sQ")


class _Json(msgspec.Struct):
    r: dict[str, float | int]
    g: dict[str, int]


def encode_json(ratings: dict[str, float], games: dict[str, int]) -> bytes:
    """msgspec's encoder: floats in shortest round-trip form, as the json module writes them."""
    return zlib.compress(msgspec.json.encode({"r": ratings, "g": games}), 1)


def encode_columns(
    names: list[str], ratings: npt.NDArray[np.float64], games: npt.NDArray[np.int64]
) -> bytes | None:
    """The columns form of the names' ratings and games (same order); None where a name holds
    a NUL (then write the JSON form)."""
    joined = "\0".join(names)
    if joined.count("\0") != max(len(names) - 1, 0):
        return None
    header = _HEADER.pack(_COLUMNS, len(names))
    body = ratings.astype("<f8").tobytes() + games.astype("<i8").tobytes()
    return zlib.compress(header + body + joined.encode("utf-8"), 1)


def decode(blob: bytes) -> tuple[dict[str, float | int], dict[str, int]]:
    """(ratings, games) by name, from either form."""
    data = zlib.decompress(blob)
    if not data.startswith(_COLUMNS):
        found = msgspec.json.decode(data, type=_Json)
        return found.r, found.g
    _, count = _HEADER.unpack_from(data)
    start = _HEADER.size
    ratings = np.frombuffer(data, "<f8", count, start).tolist()
    games = np.frombuffer(data, "<i8", count, start + 8 * count).tolist()
    names = data[start + 16 * count :].decode("utf-8").split("\0") if count else []
    return dict(zip(names, ratings, strict=True)), dict(zip(names, games, strict=True))
