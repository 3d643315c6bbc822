"""Schedules where no pair ever meets twice, built from finite affine planes.

The "Social Golfer" problem (CSPLib 010): q*q players at tables of q can play q + 1 rounds
without a repeated pair exactly when an affine plane of order q exists. The points are the
players; each parallel class of lines is a round; each line a table. Built here for the orders a
Catan event meets (3: 9 players; 4: 16 players; 5 and 7 for larger tables)."""

from __future__ import annotations

__all__ = ["plane_rounds"]

_GF4_MUL = ((0, 0, 0, 0), (0, 1, 2, 3), (0, 2, 3, 1), (0, 3, 1, 2))
"""GF(4) = {0, 1, a, a+1} as 0..3: addition is XOR, and a*a = a+1."""


def _field(q: int) -> tuple[list[list[int]], list[list[int]]] | None:
    """Addition and multiplication tables of the field of order q, where built here."""
    if q in (2, 3, 5, 7):
        return (
            [[(x + y) % q for y in range(q)] for x in range(q)],
            [[(x * y) % q for y in range(q)] for x in range(q)],
        )
    if q == 4:
        return [[x ^ y for y in range(4)] for x in range(4)], [list(row) for row in _GF4_MUL]
    return None


def plane_rounds(q: int) -> list[list[list[int]]] | None:
    """The q + 1 rounds of the affine plane of order q (players 0 .. q*q - 1), or None."""
    field = _field(q)
    if field is None:
        return None
    add, mul = field
    rounds = [[[x * q + y for y in range(q)] for x in range(q)]]  # the lines x = c
    for slope in range(q):
        lines: list[list[int]] = [[] for _ in range(q)]
        for x in range(q):
            for c in range(q):
                lines[c].append(x * q + add[mul[slope][x]][c])  # y = slope * x + c
        rounds.append(lines)
    return rounds
