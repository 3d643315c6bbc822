"""tablerank: ratings and standings for tabletop-game communities.

The engine is pure and framework-free; importing this package pulls in no web framework and no
terminal UI.
"""

from __future__ import annotations

from tablerank.catan.standings import tournament_standings
from tablerank.catan.validation import validate
from tablerank.engine.history import select
from tablerank.engine.records import (
    Event,
    EventStanding,
    Game,
    GameClass,
    Seat,
    new_event,
    new_game,
)
from tablerank.engine.systems import SYSTEMS, get_system
from tablerank.engine.systems.base import Explanation, RatingTable, Standing, System, Term
from tablerank.errors import TablerankError
from tablerank.formats.reading import read_records, read_start

__version__ = "0.1.0"

__all__ = [
    "SYSTEMS",
    "Event",
    "EventStanding",
    "Explanation",
    "Game",
    "GameClass",
    "RatingTable",
    "Seat",
    "Standing",
    "System",
    "TablerankError",
    "Term",
    "__version__",
    "get_system",
    "new_event",
    "new_game",
    "read_records",
    "read_start",
    "select",
    "tournament_standings",
    "validate",
]
