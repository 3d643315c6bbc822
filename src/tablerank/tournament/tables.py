"""How many tables of which size a round needs, and how many players sit out."""

from __future__ import annotations

from collections.abc import Sequence

from tablerank.errors import TablerankError

__all__ = ["MAX_TABLE", "MIN_TABLE", "SeatingError", "split", "table_sizes"]

MIN_TABLE = 2
MAX_TABLE = 8


class SeatingError(TablerankError, ValueError):
    """A field that cannot be seated as asked; says which players, round or table."""


def table_sizes(sizes: Sequence[int]) -> tuple[int, ...]:
    """The allowed sizes, checked, largest first."""
    if not sizes:
        raise SeatingError("table sizes: expected at least one size, like 3,4")
    for size in sizes:
        if not MIN_TABLE <= size <= MAX_TABLE:
            raise SeatingError(
                f"table sizes: expected sizes from {MIN_TABLE} to {MAX_TABLE}, got {size}"
            )
    return tuple(sorted(set(sizes), reverse=True))


def split(players: int, sizes: Sequence[int]) -> tuple[tuple[int, ...], int]:
    """The tables for `players` (sizes largest first) and how many sit out.

    As many tables of the largest size as possible, then of the next (seed 002's 4-player tables
    with 3-player tables for the rest; TopDeck.gg's "lowest into 3-seat pods"). Byes only where
    no split exists, as few as possible (swissDouble: nobody plays a free round needlessly)."""
    allowed = table_sizes(sizes)
    for byes in range(players + 1):
        found = _tables(players - byes, allowed)
        if found is not None and found:
            return found, byes
    shown = " or ".join(str(size) for size in sorted(allowed))
    raise SeatingError(f"cannot seat {players} players at tables of {shown}")


def _tables(players: int, sizes: tuple[int, ...]) -> tuple[int, ...] | None:
    """The lexicographically largest split of `players` into `sizes` (largest first)."""
    if players == 0:
        return ()
    if not sizes:
        return None
    largest, rest = sizes[0], sizes[1:]
    for count in range(players // largest, -1, -1):
        found = _tables(players - count * largest, rest)
        if found is not None:
            return (largest,) * count + found
    return None
