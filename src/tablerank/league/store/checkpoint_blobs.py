"""How a checkpoint stores a list's whole state (`RatingCheckpoint.state`).

Two forms, told apart by their first bytes, both read by `decode`:

* JSON, `{"r": {name: rating}, "g": {name: games}}`, zlib-compressed, written from a state
  held as dicts;
* columns, written straight from the compiled replays' arrays without a dict per name
  (`checkpoint_columns`): a header (the count of names, the width of the numbers), every
  rating and every count as little-endian numbers (32-bit integers where every rating is a
  whole number that fits, else 64-bit floats and integers), then the names joined by NUL
  (names are printable, so never hold one), zlib-compressed.

Reading either form needs no numpy: a replay that does not go through the compiled replays
never loads it.
"""

from __future__ import annotations

import struct
import zlib

import msgspec

__all__ = ["COLUMNS", "HEADER", "SMALL", "WIDE", "decode", "encode_json"]

COLUMNS = b"TRC2"
HEADER = struct.Struct("<4sQB")
SMALL, WIDE = ("i", "i"), ("d", "q")
"""How the numbers are stored (struct's codes, little-endian): whole ratings and counts that
fit 32 bits, or floats and 64-bit counts."""


class _Json(msgspec.Struct):
    r: dict[str, float | int]
    g: dict[str, int]


def encode_json(ratings: dict[str, float], games: dict[str, int]) -> bytes:
    """msgspec's encoder: floats in shortest round-trip form, as the json module writes them."""
    return zlib.compress(msgspec.json.encode({"r": ratings, "g": games}), 1)


def decode(blob: bytes) -> tuple[dict[str, float | int], dict[str, int]]:
    """(ratings, games) by name, from either form."""
    if not blob.startswith(COLUMNS):
        found = msgspec.json.decode(zlib.decompress(blob), type=_Json)
        return found.r, found.g
    _, count, small = HEADER.unpack_from(blob)
    rating_type, games_type = SMALL if small else WIDE
    start = HEADER.size
    stored = struct.unpack_from(f"<{count}{rating_type}", blob, start)
    ratings = [float(rating) for rating in stored] if small else list(stored)
    start += count * struct.calcsize(f"<{rating_type}")
    games = struct.unpack_from(f"<{count}{games_type}", blob, start)
    start += count * struct.calcsize(f"<{games_type}")
    names = zlib.decompress(blob[start:]).decode("utf-8").split("\0") if count else []
    return dict(zip(names, ratings, strict=True)), dict(zip(names, games, strict=True))
