"""The league's seat report tallied straight from its rows (`league.queries.seat_tallies`) is the
engine's report over its confirmed games (`selected_report`), filters and all."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from django.contrib.auth.models import User
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablerank.engine.records import Game, game_from_dict
from tablerank.errors import NothingToReport
from tablerank.league import queries
from tablerank.league.models import GameRecord, League, RecordStatus
from tablerank.league.queries.seat_tallies import seats_report
from tablerank.league.services import confirmed_history, record_game, void_game
from tablerank.tournament.seat_report import SeatReport, selected_report

pytestmark = pytest.mark.django_db

_numbers = itertools.count()

FILTERS: list[dict[str, str]] = [
    {},
    {"title": "CATAN"},
    {"title": "kremlin"},
    {"group": "Cities"},
    {"city": "köln"},
    {"event": "spring cup"},
    {"title": "catan", "city": "KÖLN", "event": "Spring Cup"},
    {"city": "Atlantis"},
]


def _report(read: Any) -> SeatReport | str:
    try:
        return read()  # type: ignore[no-any-return]
    except NothingToReport as exc:
        return f"refused: {exc}"


def _same_reports(league: League, games: list[Game]) -> None:
    for asked in FILTERS:
        expected = _report(lambda: selected_report(games, **asked))  # noqa: B023
        assert _report(lambda: seats_report(league, **asked)) == expected, asked  # noqa: B023


def _record_and_compare(league: League, official: User, rows: list[dict[str, Any]]) -> None:
    """Record the rows as games a day apart, then compare the reports under every filter."""
    for k, row in enumerate(rows):
        game = game_from_dict({"id": f"g{k}", "date": f"2026-03-{1 + k % 28:02d}", **row})
        record_game(league, game, official)
    games = _confirmed(league)
    assert len(games) == len(rows)
    _same_reports(league, games)


def _confirmed(league: League) -> list[Game]:
    return [g for g in confirmed_history(league) if isinstance(g, Game)]


def test_the_rows_give_the_engines_report(league: League, official: User) -> None:
    """Tables with a declared winner, a shared first place (no winner), an abandoned seat and
    its substitute, a seat without VP, a lone seat; other titles, groups, cities and events."""
    rows: list[dict[str, Any]] = [
        {"seats": [{"player": "Ann", "vp": 10, "winner": True}, {"player": "Ben", "vp": 7},
                   {"player": "Cleo", "vp": 4}], "city": "Köln", "event": "Spring Cup"},
        {"seats": [{"player": "Ben", "vp": 10, "winner": True}, {"player": "Ann", "vp": 8},
                   {"player": "Cleo", "vp": 5}], "city": "Bonn"},
        {"game": "Kremlin", "seats": [{"player": "Cleo", "place": 1}, {"player": "Ann",
                                                                      "place": 1},
                                      {"player": "Ben", "place": 3}]},
        {"seats": [{"player": "Ann", "vp": 12, "winner": True}, {"player": "Ben", "vp": 7},
                   {"player": "Cleo", "vp": 4, "status": "abandoned"},
                   {"player": "Dan", "vp": 6, "status": "substitute"}]},
        {"seats": [{"player": "Dan", "place": 1, "winner": True}, {"player": "Ann", "place": 2},
                   {"player": "Finn", "vp": 3, "place": 3}], "city": "köln"},
        {"variant": "cities-knights", "group": "cities", "target": 13,
         "seats": [{"player": "Eve", "vp": 13, "winner": True}, {"player": "Ann", "vp": 11},
                   {"player": "Gus", "vp": 9}]},
        {"game": "Kremlin", "class": "sol", "seats": [{"player": "Finn", "place": 1,
                                                       "winner": True}]},
        {"game": "Kremlin", "seats": [{"player": "Ann", "place": 2}, {"player": "Gus",
                                                                     "place": 1}]},
    ]  # fmt: skip
    _record_and_compare(league, official, rows)
    report = seats_report(league)
    assert report.left_out == 3  # the shared first place, the abandoned seat, the lone seat
    assert [size.players for size in report.sizes] == [2, 3]


def test_voided_and_pending_games_are_not_counted(league: League, official: User) -> None:
    seats = [{"player": "Ann", "vp": 10, "winner": True}, {"player": "Ben", "vp": 6}]
    for k, status in enumerate(["confirmed", "confirmed", "voided", "submitted"]):
        game = game_from_dict({"id": f"g{k}", "date": "2026-03-01", "seats": seats})
        pending = RecordStatus.SUBMITTED if status == "submitted" else RecordStatus.CONFIRMED
        record = record_game(league, game, official, status=pending)
        if status == "voided":
            void_game(GameRecord.objects.get(pk=record.pk), official, "entered twice")
    report = seats_report(league)
    assert report.sizes[0].games == 2
    assert report == selected_report(_confirmed(league))


def test_a_league_without_games_to_report_on_is_refused(league: League) -> None:
    with pytest.raises(NothingToReport, match="no game to report on"):
        seats_report(league)


def test_the_cached_read_is_the_report(league: League, official: User) -> None:
    seats = [{"player": "Ann", "vp": 10, "winner": True}, {"player": "Ben", "vp": 6}]
    record_game(league, game_from_dict({"id": "g1", "date": "2026-03-01", "seats": seats}),
                official)  # fmt: skip
    assert queries.seats_report(league, title="catan") == seats_report(league, title="catan")


@st.composite
def tables(draw: st.DrawFn) -> dict[str, Any]:
    """A table the league takes: Catan with one winner at 10 VP, or Kremlin with any places
    (a shared first place: no winner) and VP with fractions; sometimes a seat that left and
    one that took over; a city and an event spelled either way."""
    n = draw(st.integers(1, 5))
    names = draw(st.permutations(["Ann", "Bo", "Cy", "Dee", "Ed", "Flo", "Gus"]))[:n]
    catan = 2 <= n <= 4 and draw(st.booleans())
    seats: list[dict[str, Any]] = []
    for at, name in enumerate(names):
        seat: dict[str, Any] = {"player": name}
        if catan:
            seat["vp"] = 10 if at == 0 else draw(st.integers(2, 9))
            seat["winner"] = at == 0
        else:
            seat["place"] = draw(st.integers(1, n))
            if draw(st.booleans()):
                seat["vp"] = draw(st.sampled_from([0, 1.5, 3, 7.25]))
        seats.append(seat)
    if n >= 3 and draw(st.integers(0, 3)) == 0:
        seats[-1]["status"] = "substitute"
        seats.append({"player": "Hal", "status": "abandoned", **({"vp": 2} if catan else {})})
    order = draw(st.permutations(range(len(seats))))
    table: dict[str, Any] = {"seats": [seats[i] for i in order]}
    if not catan:
        table["game"] = "Kremlin"
    for name, values in (
        ("city", ["Köln", "KÖLN", "Bonn"]),
        ("event", ["Spring Cup", "spring cup"]),
    ):
        if draw(st.booleans()):
            table[name] = draw(st.sampled_from(values))
    return table


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(st.lists(tables(), max_size=12))
def test_any_league_gives_the_engines_report(official: User, rows: list[dict[str, Any]]) -> None:
    number = next(_numbers)
    league = League.objects.create(name=f"Seats {number}", slug=f"seats-{number}")
    league.admins.add(official)
    _record_and_compare(league, official, rows)
