"""A tournament round's clock (docs/tournaments.md, "The projector"): the league's organizers
start, pause, resume, extend (the round, or one table) and reset the latest round's clock;
anyone who may read the event reads it. A finished tournament's clock takes no more steps.

The arithmetic is `tablerank.tournament.clock`'s; each step reads the clock's row locked
(`select_for_update`, in one transaction) and writes it back, so two organizers tapping at once
apply both steps, one after the other.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from django.db import IntegrityError, transaction
from django.utils import timezone

from tablerank.league.errors import LeagueError
from tablerank.league.models import RoundClock, Tournament
from tablerank.league.services.roles import ORGANIZERS, Actor, require_role
from tablerank.league.services.tournament_rounds import round_of
from tablerank.league.services.tournaments import current_round, require_open
from tablerank.tournament import clock as clocks
from tablerank.tournament.clock import Clock, ClockError

__all__ = [
    "RoundTime",
    "extend_clock",
    "pause_clock",
    "reset_clock",
    "resume_clock",
    "round_time",
    "start_clock",
]

NOT_STARTED = "not started"


@dataclass(frozen=True)
class RoundTime:
    """What a page or an answer shows of the latest round's clock at `now`: its state, the
    time left, and each table's extension (only tables given one are listed)."""

    round: int
    clock: Clock | None
    now: dt.datetime
    extensions: Mapping[int, dt.timedelta] = field(default_factory=dict)

    @property
    def state(self) -> str:
        """ "not started", "running", "paused" or "over"."""
        return NOT_STARTED if self.clock is None else self.clock.state(self.now).value

    @property
    def seconds_left(self) -> float | None:
        """The round's time left in seconds (negative once over; None before the start)."""
        return None if self.clock is None else self.clock.remaining(self.now).total_seconds()

    @property
    def text(self) -> str:
        """The time left as shown ("89:59", "Time"), or "" before the start."""
        left = self.seconds_left
        return "" if left is None else clocks.shown(left)

    def tables(self) -> list[TableTime]:
        """The tables given an extension, each with its own time left, by table number."""
        if self.clock is None:
            return []
        found = []
        for table, extra in sorted(self.extensions.items()):
            own = clocks.with_extension(self.clock, extra)
            found.append(TableTime(table, extra, own.remaining(self.now).total_seconds()))
        return found


@dataclass(frozen=True)
class TableTime:
    table: int
    extra: dt.timedelta
    seconds_left: float

    @property
    def text(self) -> str:
        return clocks.shown(self.seconds_left)

    @property
    def extra_minutes(self) -> int:
        return round(self.extra.total_seconds() / 60)


def round_time(tournament: Tournament, *, now: dt.datetime | None = None) -> RoundTime:
    """The latest round's clock (callers check that the viewer may read the tournament)."""
    number = current_round(tournament)
    rows = list(RoundClock.objects.filter(tournament=tournament, round=number))
    return _time(number, rows, now or timezone.now())


def _time(number: int, rows: list[RoundClock], now: dt.datetime) -> RoundTime:
    main = next((row for row in rows if row.table == 0), None)
    extensions = {row.table: row.extra for row in rows if row.table and row.extra}
    return RoundTime(number, _clock(main) if main else None, now, extensions)


def _clock(row: RoundClock) -> Clock:
    assert row.started_at is not None  # a round's row is made started (`start_clock`)
    return Clock(row.length, row.started_at, row.paused_at, row.paused_for, row.extra)


def _round(tournament: Tournament, by: Actor) -> int:
    """The round an organizer's step is for: the latest seated, while the event is open."""
    require_role(tournament.league, by, *ORGANIZERS)
    require_open(tournament)
    number = current_round(tournament)
    if not number:
        raise LeagueError("round", f"{tournament.name}: round 1 is not seated yet; seat it first")
    return number


def start_clock(
    tournament: Tournament,
    by: Actor,
    *,
    minutes: int = clocks.DEFAULT_MINUTES,
    now: dt.datetime | None = None,
) -> RoundTime:
    """Start the latest round's clock at `minutes`; a round's clock starts once (reset it to
    start again)."""
    number = _round(tournament, by)
    length = _minutes(minutes, f"round {number}")
    when = now or timezone.now()
    try:
        with transaction.atomic():
            RoundClock.objects.create(
                tournament=tournament, round=number, table=0, length=length, started_at=when
            )
    except IntegrityError:
        raise LeagueError(
            "clock", f"{tournament.name}: round {number}'s clock is started already; reset it "
            "to start it again",
        ) from None  # fmt: skip
    return round_time(tournament, now=when)


def pause_clock(tournament: Tournament, by: Actor, *, now: dt.datetime | None = None) -> RoundTime:
    """Stop the latest round's clock: its time left stands until it is resumed."""
    return _step(tournament, by, clocks.pause, now)


def resume_clock(tournament: Tournament, by: Actor, *, now: dt.datetime | None = None) -> RoundTime:
    """Run the paused clock again, with the time left it had."""
    return _step(tournament, by, clocks.resume, now)


def extend_clock(
    tournament: Tournament,
    by: Actor,
    *,
    minutes: int = clocks.EXTENSION_MINUTES,
    table: int = 0,
    now: dt.datetime | None = None,
) -> RoundTime:
    """Give the round (`table` 0) or one of its tables `minutes` more; a table's extension
    comes on top of the round's."""
    more = _minutes(minutes, "an extension")
    if not table:
        return _step(tournament, by, lambda clock, _: clocks.extend(clock, more), now)
    number = _round(tournament, by)
    seated = [t.number for t in round_of(tournament, number).tables]
    if table not in seated:
        shown = ", ".join(str(t) for t in seated)
        raise LeagueError("table", f"{tournament.name}, round {number} has no table {table} "
                          f"(tables {shown})")  # fmt: skip
    with transaction.atomic():
        _locked(tournament, number)  # the round's row first: table steps queue behind it
        row, _ = RoundClock.objects.select_for_update().get_or_create(
            tournament=tournament, round=number, table=table
        )
        row.extra += more
        row.save(update_fields=["extra"])
    return round_time(tournament, now=now)


def reset_clock(tournament: Tournament, by: Actor) -> RoundTime:
    """Take the latest round's clock and its tables' extensions away (to start it again)."""
    number = _round(tournament, by)
    RoundClock.objects.filter(tournament=tournament, round=number).delete()
    return round_time(tournament)


def _step(
    tournament: Tournament,
    by: Actor,
    change: Callable[[Clock, dt.datetime], Clock],
    now: dt.datetime | None,
) -> RoundTime:
    number = _round(tournament, by)
    with transaction.atomic():
        row = _locked(tournament, number)
        when = now or timezone.now()
        try:
            changed = change(_clock(row), when)
        except ClockError as exc:
            raise LeagueError("clock", f"{tournament.name}, round {number}: {exc}") from None
        row.paused_at, row.paused_for, row.extra = (
            changed.paused_at,
            changed.paused_for,
            changed.extra,
        )
        row.save(update_fields=["paused_at", "paused_for", "extra"])
    return round_time(tournament, now=when)


def _locked(tournament: Tournament, number: int) -> RoundClock:
    row = (
        RoundClock.objects.select_for_update()
        .filter(tournament=tournament, round=number, table=0)
        .first()
    )
    if row is None:
        raise LeagueError("clock", f"{tournament.name}: round {number}'s clock is not started")
    return row


def _minutes(count: int, what: str) -> dt.timedelta:
    try:
        return clocks.minutes(count, what)
    except ClockError as exc:
        raise LeagueError("minutes", str(exc)) from None
