"""A round's clock (`tournament.clock`): pausing and resuming never loses or adds time, an
extension adds exactly what it says, a table's clock is the round's plus its own extension."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablerank.tournament.clock import (
    Clock,
    ClockError,
    ClockState,
    extend,
    minutes,
    pause,
    resume,
    start,
    with_extension,
)

T0 = dt.datetime(2025, 5, 3, 10, 0, tzinfo=dt.UTC)
SECOND = dt.timedelta(seconds=1)

spans = st.timedeltas(min_value=dt.timedelta(0), max_value=dt.timedelta(hours=6))
lengths = st.integers(min_value=1, max_value=300).map(lambda m: dt.timedelta(minutes=m))


def test_a_started_clock_counts_down_and_says_when_it_is_over() -> None:
    clock = start(minutes(90), T0)
    assert clock.state(T0) is ClockState.RUNNING
    assert clock.remaining(T0 + dt.timedelta(minutes=30)) == dt.timedelta(minutes=60)
    assert clock.ends_at() == T0 + dt.timedelta(minutes=90)
    assert clock.state(T0 + dt.timedelta(minutes=90)) is ClockState.OVER
    assert clock.remaining(T0 + dt.timedelta(minutes=91)) == -dt.timedelta(minutes=1)


def test_a_paused_clock_stands_still_and_has_no_end() -> None:
    paused = pause(start(minutes(90), T0), T0 + dt.timedelta(minutes=10))
    later = T0 + dt.timedelta(hours=5)
    assert paused.state(later) is ClockState.PAUSED
    assert paused.remaining(later) == dt.timedelta(minutes=80)
    assert paused.ends_at() is None


@given(lengths, spans, spans, spans)
def test_pausing_and_resuming_never_loses_or_adds_time(
    length: dt.timedelta, before: dt.timedelta, stopped: dt.timedelta, after: dt.timedelta
) -> None:
    running = start(length, T0)
    paused = pause(running, T0 + before)
    resumed = resume(paused, T0 + before + stopped)
    assert paused.remaining(T0 + before + stopped) == running.remaining(T0 + before)
    assert resumed.remaining(T0 + before + stopped) == running.remaining(T0 + before)
    assert resumed.remaining(T0 + before + stopped + after) == running.remaining(
        T0 + before + after
    )


@given(lengths, spans, st.lists(st.tuples(spans, spans), max_size=5))
def test_many_pauses_take_off_exactly_the_time_the_clock_ran(
    length: dt.timedelta, start_after: dt.timedelta, stints: list[tuple[dt.timedelta, dt.timedelta]]
) -> None:
    clock, now, ran = start(length, T0 + start_after), T0 + start_after, dt.timedelta(0)
    for running, stopped in stints:
        now += running
        ran += running
        clock = pause(clock, now)
        now += stopped
        clock = resume(clock, now)
    assert clock.elapsed(now) == ran
    assert clock.remaining(now) == length - ran


@given(lengths, spans, st.integers(min_value=1, max_value=60), st.booleans())
def test_an_extension_adds_exactly_its_minutes(
    length: dt.timedelta, at: dt.timedelta, more: int, paused: bool
) -> None:
    clock = start(length, T0)
    if paused:
        clock = pause(clock, T0 + at)
    longer = extend(clock, minutes(more))
    assert longer.remaining(T0 + at) - clock.remaining(T0 + at) == dt.timedelta(minutes=more)
    assert longer.ends_at() == (None if paused else T0 + length + dt.timedelta(minutes=more))


def test_an_extension_brings_an_over_clock_back() -> None:
    over = start(minutes(1), T0)
    now = T0 + dt.timedelta(minutes=2)
    assert over.state(now) is ClockState.OVER
    assert extend(over, minutes(5)).remaining(now) == dt.timedelta(minutes=4)


def test_a_tables_clock_is_the_rounds_plus_its_own_extension() -> None:
    round_clock = extend(start(minutes(90), T0), minutes(5))
    table = with_extension(round_clock, dt.timedelta(minutes=10))
    assert table.remaining(T0) == dt.timedelta(minutes=105)
    assert with_extension(round_clock, dt.timedelta(0)) == round_clock
    paused = pause(round_clock, T0 + SECOND)
    assert with_extension(paused, dt.timedelta(minutes=10)).state(T0) is ClockState.PAUSED


def test_the_steps_its_state_does_not_allow_are_refused() -> None:
    clock = start(minutes(90), T0)
    with pytest.raises(ClockError, match="running: pause it first"):
        resume(clock, T0)
    with pytest.raises(ClockError, match="paused already"):
        pause(pause(clock, T0), T0)
    for wrong in (0, -5, 24 * 60 + 1):
        with pytest.raises(ClockError, match="expected 1 to 1440 minutes"):
            minutes(wrong)


def test_a_clock_read_before_its_start_has_run_no_time() -> None:
    """A server whose clock stepped back never shows more than the round's length."""
    clock = Clock(length=minutes(90), started_at=T0)
    assert clock.remaining(T0 - dt.timedelta(minutes=3)) == dt.timedelta(minutes=90)
