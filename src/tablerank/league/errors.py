"""What the league refuses, as one tree under tablerank's own base.

* TablerankError
  + LeagueError (ValueError)  -- the league refuses a change to its history; names the field
    + DuplicateRecord         -- a live record of the league already has that id
    + DuplicatePlayer         -- a player of that name (case-insensitive) is already in the league
    + DuplicateLeague         -- a league of that address (slug) exists already
    + InvalidResult           -- the score sheet fails its title's check (Catan, seed 002)
    + AlreadyVoided           -- the record was voided before; void or correct its replacement
    + AppendOnly              -- a recorded result cannot be edited in place or deleted
    + NotAllowed              -- the user may not sign (or submit) this way (verification)
      + NotYourSeat           -- a player confirms or disputes only their own seat
    + NotPending              -- the result is not waiting for signatures (disputed, voided ...)
    + AlreadySigned           -- this seat or official has signed the result already
    + NotFound                -- the league has no such tournament (or round)
    + InUse                   -- a player's stored results, account or invitations stand in the way
    + TooMany                 -- too many offers or new accounts in a short time (a throttle)

Records themselves are checked by the engine (`tablerank.engine.records.new_game`), whose
`RecordError` the league passes on unchanged.
"""

from __future__ import annotations

from tablerank.errors import TablerankError

__all__ = [
    "AlreadySigned",
    "AlreadyVoided",
    "AppendOnly",
    "DuplicateLeague",
    "DuplicatePlayer",
    "DuplicateRecord",
    "InUse",
    "InvalidResult",
    "LeagueError",
    "NotAllowed",
    "NotFound",
    "NotPending",
    "NotYourSeat",
    "TooMany",
]


class LeagueError(TablerankError, ValueError):
    """The league refuses a change to its history; `field` names what is at fault."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}" if field else message)
        self.field = field
        self.message = message


class DuplicateRecord(LeagueError):
    """A live (not voided) record of the league already has this id."""

    def __init__(self, league: str, record_id: str, kind: str = "game") -> None:
        super().__init__(
            "id",
            f"league {league!r} already has a {kind} with id {record_id!r}; "
            "to change it, correct that record",
        )
        self.league = league
        self.record_id = record_id


class DuplicatePlayer(LeagueError):
    """The league already has a player of this name, compared case-insensitively."""


class DuplicateLeague(LeagueError):
    """A league of this slug exists already."""


class InvalidResult(LeagueError):
    """The result's score sheet fails its title's check (the Catan rules of seed 002), and the
    league does not take that title's unvalidated results. `problems` lists every error."""

    def __init__(self, field: str, message: str, problems: list[str] | None = None) -> None:
        super().__init__(field, message)
        self.problems = problems or [message]


class AlreadyVoided(LeagueError):
    """The record was voided already; only live records can be voided or corrected."""


class AppendOnly(LeagueError):
    """A recorded result is never edited in place nor deleted: void or correct it instead."""


class NotAllowed(LeagueError):
    """The user may not submit or sign this result in this role: not a participant nor an
    official of the league, or an official signing a result no official entered."""


class NotYourSeat(NotAllowed):
    """A player confirms or disputes only their own seat: the seat is not theirs, or the
    player did not play in the result."""


class NotPending(LeagueError):
    """The result takes no more signatures of this kind: it is disputed or voided (or, for a
    dispute, confirmed already)."""


class AlreadySigned(LeagueError):
    """This seat (or this official) has confirmed or disputed the result already."""


class NotFound(LeagueError):
    """The league has nothing of that name or number: a tournament, a round not seated."""


class TooMany(LeagueError):
    """Too many of one kind of act in a short time (invitations, new accounts); try later."""


class InUse(LeagueError):
    """What is stored stands in the way: a player merged or removed has results, an account,
    an invitation or a tournament seat that would clash (a conflict, like a duplicate)."""
