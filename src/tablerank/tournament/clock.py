"""A round's clock, as venues run it (issue 42, item 6; field notes, "What venues add": a round
timer the organizer pauses and extends, per table too): how much time is left, whether it runs,
is paused or is over, and what starting, pausing, resuming and extending do to it.

Pure arithmetic on datetimes: the league stores a clock and passes `now`. Seed 002 sets no time
limit on a Catan game ("Games continue until someone reaches required VP"), so the clock
decides nothing about a result: at zero it only says "Time", and what follows is the event's
own rule, announced by its organizer.
"""

from __future__ import annotations

import datetime as dt
import math
from dataclasses import dataclass, replace
from enum import StrEnum

from tablerank.errors import TablerankError

__all__ = [
    "DEFAULT_MINUTES",
    "EXTENSION_MINUTES",
    "MAX_MINUTES",
    "Clock",
    "ClockError",
    "ClockState",
    "extend",
    "minutes",
    "pause",
    "resume",
    "shown",
    "start",
    "with_extension",
]

DEFAULT_MINUTES = 90
"""A round's length when the organizer gives none: about one Catan game."""
EXTENSION_MINUTES = 5
"""What one tap on "+5 min" adds, to the round or to one table."""
MAX_MINUTES = 24 * 60
"""The longest a round's clock or one extension may be set to: a day."""

ZERO = dt.timedelta(0)


class ClockError(TablerankError, ValueError):
    """A step the clock's state does not allow (pausing a paused clock, a length out of range)."""


class ClockState(StrEnum):
    RUNNING = "running"
    PAUSED = "paused"
    OVER = "over"


@dataclass(frozen=True)
class Clock:
    """A round's clock: `length` from `started_at`, less the time spent in pauses that ended
    (`paused_for`), plus the extensions (`extra`); `paused_at` while it is paused."""

    length: dt.timedelta
    started_at: dt.datetime
    paused_at: dt.datetime | None = None
    paused_for: dt.timedelta = ZERO
    extra: dt.timedelta = ZERO

    def elapsed(self, now: dt.datetime) -> dt.timedelta:
        """The time the clock has run (a pause stops it; never below zero)."""
        stopped = self.paused_at if self.paused_at is not None else now
        return max(ZERO, stopped - self.started_at - self.paused_for)

    def remaining(self, now: dt.datetime) -> dt.timedelta:
        """The time left at `now`: negative once it is over."""
        return self.length + self.extra - self.elapsed(now)

    def state(self, now: dt.datetime) -> ClockState:
        if self.paused_at is not None:
            return ClockState.PAUSED
        return ClockState.OVER if self.remaining(now) <= ZERO else ClockState.RUNNING

    def ends_at(self) -> dt.datetime | None:
        """When it reaches zero if nobody pauses it; None while paused."""
        if self.paused_at is not None:
            return None
        return self.started_at + self.paused_for + self.length + self.extra


def minutes(count: int, what: str = "a round") -> dt.timedelta:
    """`count` minutes as a clock's length or an extension (1 to `MAX_MINUTES`)."""
    if not 1 <= count <= MAX_MINUTES:
        raise ClockError(f"expected 1 to {MAX_MINUTES} minutes for {what}, got {count}")
    return dt.timedelta(minutes=count)


def start(length: dt.timedelta, now: dt.datetime) -> Clock:
    """A clock of `length` running from `now`."""
    return Clock(length=length, started_at=now)


def pause(clock: Clock, now: dt.datetime) -> Clock:
    """The clock stopped at `now`: its time left stays as it is until it is resumed."""
    if clock.paused_at is not None:
        raise ClockError("the clock is paused already")
    return replace(clock, paused_at=max(now, clock.started_at))


def resume(clock: Clock, now: dt.datetime) -> Clock:
    """The paused clock running again from `now`, with the time left it had when paused."""
    if clock.paused_at is None:
        raise ClockError("the clock is running: pause it first")
    pause_length = max(ZERO, now - clock.paused_at)
    return replace(clock, paused_at=None, paused_for=clock.paused_for + pause_length)


def extend(clock: Clock, more: dt.timedelta) -> Clock:
    """The clock with `more` time: added to the time left, running or paused."""
    return replace(clock, extra=clock.extra + more)


def with_extension(clock: Clock, table_extra: dt.timedelta) -> Clock:
    """A table's clock: the round's, plus the extension that table was given."""
    return extend(clock, table_extra) if table_extra else clock


TIME = "Time"
"""What the clock shows at zero: the round's time is up."""


def shown(seconds_left: float) -> str:
    """The time left as the projector shows it: minutes and seconds (`89:59`, a started second
    counting as whole), `Time` at zero. The browser's countdown (web/static/web/clock.js)
    writes it the same way."""
    if seconds_left <= 0:
        return TIME
    whole = math.ceil(seconds_left)
    return f"{whole // 60}:{whole % 60:02d}"
