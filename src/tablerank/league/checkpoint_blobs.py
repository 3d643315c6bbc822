"""How a checkpoint stores a list's whole state (`RatingCheckpoint.state`).

Two forms, told apart by their first bytes, both read by `decode`:

* JSON, `{"r": {name: rating}, "g": {name: games}}`, zlib-compressed, written from a state
  held as dicts;
* columns, written straight from the compiled replays' arrays without a dict per name: a
  header (the count of names, the width of the numbers), every rating and every count as
  little-endian numbers (32-bit integers where every rating is a whole number that fits, else
  64-bit floats and integers), then the names joined by NUL (names are printable, so never
  hold one), zlib-compressed. Only the names are compressed: numbers compress slowly and
  little, and a replay after a change early in a long history writes many checkpoints.
"""

from __future__ import annotations

import struct
import zlib

import msgspec
import numpy as np
import numpy.typing as npt

__all__ = ["decode", "encode_columns", "encode_json"]

_COLUMNS = b"TRC2"
_HEADER = struct.Struct("<4sQB")
_SMALL, _WIDE = ("<i4", "<i4"), ("<f8", "<i8")
"""How the numbers are stored: whole ratings and counts that fit 32 bits, or floats."""


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
    small = _fits(ratings, games)
    rating_type, games_type = _SMALL if small else _WIDE
    header = _HEADER.pack(_COLUMNS, len(names), small)
    numbers = ratings.astype(rating_type).tobytes() + games.astype(games_type).tobytes()
    return header + numbers + zlib.compress(joined.encode("utf-8"), 1)


def _fits(ratings: npt.NDArray[np.float64], games: npt.NDArray[np.int64]) -> bool:
    """Whether every rating is whole and both fit 32-bit integers exactly."""
    limit = 2**31 - 1
    whole = np.all(np.floor(ratings) == ratings) and np.all(np.abs(ratings) <= limit)
    return bool(whole and np.all(games <= limit))


def decode(blob: bytes) -> tuple[dict[str, float | int], dict[str, int]]:
    """(ratings, games) by name, from either form."""
    if not blob.startswith(_COLUMNS):
        found = msgspec.json.decode(zlib.decompress(blob), type=_Json)
        return found.r, found.g
    _, count, small = _HEADER.unpack_from(blob)
    rating_type, games_type = _SMALL if small else _WIDE
    start = _HEADER.size
    ratings = np.frombuffer(blob, rating_type, count, start).astype(np.float64).tolist()
    start += count * np.dtype(rating_type).itemsize
    games = np.frombuffer(blob, games_type, count, start).tolist()
    start += count * np.dtype(games_type).itemsize
    names = zlib.decompress(blob[start:]).decode("utf-8").split("\0") if count else []
    return dict(zip(names, ratings, strict=True)), dict(zip(names, games, strict=True))
