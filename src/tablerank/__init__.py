"""tablerank: ratings and standings for tabletop-game communities.

The public names below load on first use, so that importing any part of tablerank (the command
line, say) does not pay for all of it; none of them pulls in a web framework or terminal UI.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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
    from tablerank.engine.systems.base import (
        Explanation,
        RatingTable,
        Standing,
        System,
        Term,
    )
    from tablerank.errors import TablerankError
    from tablerank.formats.reading import read_records, read_start
    from tablerank.tournament.standings import tournament_standings

__version__ = "0.1.0"

_EXPORTS: dict[str, str] = {
    "SYSTEMS": "tablerank.engine.systems",
    "get_system": "tablerank.engine.systems",
    "Event": "tablerank.engine.records",
    "EventStanding": "tablerank.engine.records",
    "Game": "tablerank.engine.records",
    "GameClass": "tablerank.engine.records",
    "Seat": "tablerank.engine.records",
    "new_event": "tablerank.engine.records",
    "new_game": "tablerank.engine.records",
    "Explanation": "tablerank.engine.systems.base",
    "RatingTable": "tablerank.engine.systems.base",
    "Standing": "tablerank.engine.systems.base",
    "System": "tablerank.engine.systems.base",
    "Term": "tablerank.engine.systems.base",
    "TablerankError": "tablerank.errors",
    "read_records": "tablerank.formats.reading",
    "read_start": "tablerank.formats.reading",
    "select": "tablerank.engine.history",
    "tournament_standings": "tablerank.tournament.standings",
    "validate": "tablerank.catan.validation",
}

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


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'tablerank' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_EXPORTS})
