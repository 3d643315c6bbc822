"""Every rating system, by its stable name."""

from __future__ import annotations

from collections.abc import Mapping

from tablerank.engine.systems.area import Area
from tablerank.engine.systems.base import System
from tablerank.engine.systems.cow.elo import Elo as CowElo
from tablerank.engine.systems.cow.points import Points as CowPoints
from tablerank.engine.systems.pages.accomplishment import Accomplishment
from tablerank.engine.systems.pages.combined import Combined
from tablerank.engine.systems.pages.elo import Elo as PagesElo
from tablerank.engine.systems.pages.glory import Glory
from tablerank.engine.systems.pages.point import Point
from tablerank.engine.systems.pages.share import Share
from tablerank.engine.systems.skill import Skill
from tablerank.engine.systems.turnabout import Turnabout
from tablerank.errors import UnknownSystem

__all__ = ["SYSTEMS", "get_system"]

SYSTEMS: dict[str, type[System]] = {
    cls.name: cls
    for cls in (
        Point,
        Accomplishment,
        Glory,
        PagesElo,
        Share,
        Combined,
        CowPoints,
        CowElo,
        Area,
        Turnabout,
        Skill,
    )
}


def get_system(name: str, parameters: Mapping[str, str] | None = None) -> System:
    """The system registered as `name`, with any parameters given as text."""
    try:
        cls = SYSTEMS[name]
    except KeyError:
        raise UnknownSystem(name, list(SYSTEMS)) from None
    return cls.configured(parameters or {})
