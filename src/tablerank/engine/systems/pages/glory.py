"""P.A.G.E.S. Glory system (seed 000, system 3).

"The score distribution will be 40/20/0 ... For 4-player games, it will mainly be 50/20/10/0,
sometimes 50/15/15/0, 50/20/5/5, or 50/10/10/10." Ties share (seed notes). The document defines
only 3- and 4-player tables; the others are documented defaults a user can override.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from tablerank.engine.fields import digits
from tablerank.engine.records import Game
from tablerank.engine.systems.positions import PositionSystem
from tablerank.errors import RatingError

__all__ = ["DEFAULT_TABLES", "Glory"]

DEFAULT_TABLES: Mapping[int, tuple[float, ...]] = {
    2: (30, 0),
    3: (40, 20, 0),
    4: (50, 20, 10, 0),
    5: (60, 30, 20, 10, 0),
    6: (70, 40, 30, 20, 10, 0),
}


@dataclass(frozen=True)
class Glory(PositionSystem):
    name: ClassVar[str] = "pages.glory"
    title: ClassVar[str] = "P.A.G.E.S. Glory: position points, last place 0"
    source: ClassVar[str] = "seed 000, P.A.G.E.S. system 3"
    structured_parameters: ClassVar[tuple[str, ...]] = ("tables",)

    tables: Mapping[int, tuple[float, ...]] = field(
        default_factory=lambda: dict(DEFAULT_TABLES),
        metadata={
            "help": "points per position by table size; 3 and 4 are the document's, "
            "2, 5, 6 our defaults; set one with tables.5=60,30,20,10,0"
        },
    )

    def table(self, game: Game, size: int) -> Sequence[float]:
        try:
            return self.tables[size]
        except KeyError:
            raise RatingError(
                self.name,
                game.id,
                f"no Glory table for {size} players; give one with -p tables.{size}=...",
            ) from None

    @classmethod
    def parse_parameter(cls, key: str, text: str, hint: Any, current: Any) -> Any:
        _, _, size_text = key.partition(".")
        size = digits(size_text)
        if size is None or size < 1:
            raise ValueError("name the table size, as in tables.5=60,30,20,10,0")
        try:
            points = tuple(float(x) for x in text.split(","))
        except ValueError:
            raise ValueError(f"expected numbers separated by commas, got {text!r}") from None
        if len(points) != size:
            raise ValueError(f"a {size}-player table needs {size} values, got {len(points)}")
        tables = dict(current if current is not None else DEFAULT_TABLES)
        tables[size] = points
        return tables
