"""Everything tablerank raises on bad input, as one tree.

* TablerankError            -- base of every error below
  + RecordError (ValueError) -- one game or event record breaks a rule; names the field
  + InputError (ValueError)  -- a file could not be read into records; names file, line, field
  + UnknownSystem (ValueError) -- no rating system has that name
  + InvalidParameter (ValueError) -- a system parameter has a bad name or value
  + RatingError (ValueError) -- a valid record that a given system cannot rate
  + UnknownRecord (ValueError) -- no record has the id asked for
  + MixedLists (ValueError) -- records span several lists a system keeps apart
  + InvalidGames (ValueError) -- Catan games that fail validation, refused for rating
  + StandingsError (ValueError) -- tournament standings cannot be drawn up; its leaves live
    beside the rules in tablerank.tournament.standings (UnknownEvent, UnknownScoring, ...)

The command line turns each of these into a one-line message and exit status 2.
"""

from __future__ import annotations

__all__ = [
    "InputError",
    "InvalidGames",
    "InvalidParameter",
    "InvalidTable",
    "MixedLists",
    "NothingToPredict",
    "NothingToReport",
    "RatingError",
    "RecordError",
    "TablerankError",
    "UnknownRecord",
    "UnknownSystem",
]


class TablerankError(Exception):
    """Base class of every error tablerank raises on purpose."""


class RecordError(TablerankError, ValueError):
    """A record breaks a rule; `field` names where (for example ``seats[2].vp``)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}" if field else message)
        self.field = field
        self.message = message


class InputError(TablerankError, ValueError):
    """A file could not be read: says which file, where in it, which field and what was expected."""

    def __init__(self, source: str, location: str, message: str, field: str = "") -> None:
        where = ", ".join(part for part in (source, location) if part)
        detail = f"{field}: {message}" if field else message
        super().__init__(f"{where}: {detail}" if where else detail)
        self.source = source
        self.location = location
        self.field = field
        self.message = message


class UnknownSystem(TablerankError, ValueError):
    """No rating system is registered under that name."""

    def __init__(self, name: str, known: list[str]) -> None:
        super().__init__(f"unknown system {name!r}; expected one of: {', '.join(known)}")
        self.name = name


class InvalidParameter(TablerankError, ValueError):
    """A system parameter was misspelt or given a value of the wrong kind."""


class RatingError(TablerankError, ValueError):
    """A valid record that this system cannot rate (for example, no VP for a VP-based system)."""

    def __init__(self, system: str, record_id: str, message: str, kind: str = "game") -> None:
        super().__init__(f"{system}: {kind} {record_id}: {message}")
        self.system = system
        self.record_id = record_id


class InvalidTable(TablerankError, ValueError):
    """A table to predict that cannot be seated: fewer than two players, or one seated twice."""


class NothingToPredict(TablerankError, ValueError):
    """No chosen system could predict two games of the history (a backtest needs two)."""


class NothingToReport(TablerankError, ValueError):
    """The records chosen hold no game a report can count."""


class UnknownRecord(TablerankError, ValueError):
    """No record in the input has the id that was asked for."""


class MixedLists(TablerankError, ValueError):
    """The records span several lists (game groups, game titles) that a system keeps apart."""


class NothingSelected(TablerankError, ValueError):
    """The filters (a city, a group, a month) leave no game: nothing is wrong with the input,
    but there is nothing to show (the command line exits 1)."""


class InvalidGames(TablerankError, ValueError):
    """Catan games with validation errors, which rating refuses unless the user allows them."""
