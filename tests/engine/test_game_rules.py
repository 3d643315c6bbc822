"""The one builder (`game_rules.checked_game`) agrees with the checks as they were.

`reference_records` is the checking code as it was before any fast path. For random raw games,
mostly valid and often broken in one field, `game_from_dict` must build the same game (every
field, the derived ones and the number types included) or raise the same `RecordError`; so
must `SharedTables`, which builds the games of a reading a table at a time.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tablerank.engine.records import Game, game_from_dict, new_game, stored_game, stored_seat
from tablerank.errors import RecordError

from . import reference_records as reference

PLAYERS = ["Ann", "Bo", "Cy", "Dee", "Ed", "Flo", "Gus"]
ODD_NAMES = ["", " ", "  Ann ", "a\x00b", "x" * 101, "\u2028", "Ann\u200d", "ÄÖ", "ǅ" * 67,
             "ß" * 70, "ann", 7, 1.5, None]  # fmt: skip
ODD_PLACES = [None, 0, 101, 7, "2", 2.0, True, "", -1, 3]
ODD_VPS = [None, 7.5, 10.0, -0.0, 0, 1000, 1001, -1, "9", float("nan"), float("inf"), True, ""]
ODD_WINNERS = [None, True, False, "yes", 1, 0, "", "maybe"]
STATUSES = ["finished", "substitute", None]
ODD_STATUSES = ["abandoned", "FINISHED", "", "left", 3]
ACCOUNTS = ["premium", "free", None]
ODD_ACCOUNTS = ["Free", "", "gold", 1]
TEAMS = ["red", "blue", None]
ODD_TEAMS = [" red ", "", 5, "t" * 101, "\x07"]
SOURCES = [{}, None, {"settlements": 2, "cities": 4}]
ODD_SOURCES = [{" roads ": 2}, {"x": "3"}, {"x": -1}, {"": 1}, {"y": None}, [1], "abc", {3: 1}]
ODD_SEATS = ["Ann", None, 3, ["Ann"]]
GAME_FIELDS: dict[str, tuple[list[Any], list[Any]]] = {
    "id": (["g1", "kö-002", "a.b~c", "_x"], ["", " g1", "-g", "a/b", 12, None, "x" * 65, True]),
    "date": (
        [
            "2026-03-14",
            "2100-12-31",
            "1900-01-01",
            dt.date(2026, 3, 14),
            "2026-03-14T19:30",
            "2026-03-14 09:15:30+02:00",
        ],
        [
            "2026-3-14",
            "2026-03-14T25:00",
            "2026-03-14T9:00",
            "1899-12-31T23:00",
            "20260314",
            " 2026-03-14",
            "1899-12-31",
            "",
            None,
            2026,
            "soon",
            dt.datetime(2026, 3, 14, 9),
            dt.date(1800, 1, 1),
        ],
    ),
    "game": (["catan", None], ["Catan", " CATAN ", "Carcassonne", "", 3, "g" * 101]),
    "variant": (["base", "seafarers", None], ["Base", "cities-and-knights", "nope", "", 5]),
    "target": ([None, 10, 13], [0, 1001, "12", 12.0, True]),
    "group": ([None, "league"], [" league ", "", "x" * 101, 4]),
    "city": ([None, "Graz"], ["", " Wien ", "\x07", 9]),
    "class": ([None, "wta", "race"], ["two", "team", "sol", "WTA", "", "duel", 2]),
    "event": ([None, "cup"], ["", "e" * 101, " cup "]),
    "round": ([None, 0, 1, 1000], [1001, -1, "3", 2.0, False]),
}


RARELY = st.sampled_from([False] * 19 + [True])


def usually(common: list[Any], odd: list[Any]) -> st.SearchStrategy[Any]:
    """A common value most of the time, an odd (often invalid) one now and then."""
    return RARELY.flatmap(lambda odd_one: st.sampled_from(odd if odd_one else common))


@st.composite
def raw_seats(draw: st.DrawFn) -> list[Any]:
    players = draw(st.lists(st.sampled_from(PLAYERS), min_size=1, max_size=6, unique=True))
    vps = [draw(st.integers(2, 9)) for _ in players]
    winner = draw(st.integers(0, len(players) - 1))
    vps[winner] = 10
    places = [1 + sum(other > vp for other in vps) for vp in vps]
    mode = draw(st.sampled_from(["places", "vp", "both"]))
    seats: list[Any] = []
    for i, player in enumerate(players):
        seat: dict[str, Any] = {"player": draw(usually([player], ODD_NAMES))}
        if mode != "vp":
            seat["place"] = draw(usually([places[i]], ODD_PLACES))
        if mode != "places":
            seat["vp"] = draw(usually([vps[i]], ODD_VPS))
            seat["winner"] = draw(usually([i == winner], ODD_WINNERS))
        for key, common, odd in (("status", STATUSES, ODD_STATUSES),
                                 ("account", ACCOUNTS, ODD_ACCOUNTS), ("team", TEAMS, ODD_TEAMS),
                                 ("sources", SOURCES, ODD_SOURCES)):  # fmt: skip
            if draw(st.booleans()):
                seat[key] = draw(usually(common, odd))
        if draw(RARELY):
            seat["colour"] = "red"
        seats.append(draw(st.sampled_from(ODD_SEATS)) if draw(RARELY) else seat)
    return seats


@st.composite
def raw_games(draw: st.DrawFn) -> dict[str, Any]:
    seats: Any = draw(raw_seats())
    if draw(RARELY):
        seats = draw(st.sampled_from([None, "Ann", {}, [], tuple(seats)]))
    game: dict[str, Any] = {"seats": seats}
    for key, (common, odd) in GAME_FIELDS.items():
        if key in ("id", "date") or draw(st.booleans()):
            game[key] = draw(usually(common, odd))
    if draw(RARELY):
        game["colour"] = "red"
    return game


def outcome(build: Any, raw: dict[str, Any]) -> tuple[Any, ...]:
    try:
        game = build(raw)
    except RecordError as exc:
        return ("refused", exc.field, exc.message)
    return ("built", *shape(game))


def shape(game: Game) -> tuple[Any, ...]:
    """Every field with its type, the derived ones included (equality alone ignores them)."""
    values = [getattr(game, f.name) for f in dataclasses.fields(game)]
    seats = [[(type(getattr(s, f.name)), getattr(s, f.name)) for f in dataclasses.fields(s)]
             for s in game.seats]  # fmt: skip
    return (repr(values), seats, [(type(v), v) for v in game.placed_vps])


@settings(max_examples=3000)
@given(raw_games())
def test_the_builder_builds_or_refuses_exactly_as_the_checks_as_they_were(
    raw: dict[str, Any],
) -> None:
    assert outcome(game_from_dict, raw) == outcome(reference.game_from_dict, raw)


@settings(max_examples=500)
@given(raw_games())
def test_new_game_agrees_with_the_checks_as_they_were_too(raw: dict[str, Any]) -> None:
    fields = {("game_class" if k == "class" else k): v for k, v in raw.items()}
    if not set(fields) <= {"id", "date", "seats", "game", "variant", "target", "group", "city",
                           "game_class", "event", "round"}:  # fmt: skip
        return
    assert outcome(lambda _: new_game(**fields), raw) == outcome(
        lambda _: reference.new_game(**fields), raw
    )


def test_usual_and_unusual_forms_of_one_game_build_the_same_game() -> None:
    seats = [{"player": "Ann", "vp": 10, "winner": True}, {"player": "Bo", "vp": 7}]
    plain = game_from_dict({"id": "g1", "date": "2026-03-14", "seats": seats})
    odd = game_from_dict({"id": "g1", "date": " 2026-03-14 ", "seats": seats, "target": "10"})
    assert plain == odd
    assert [s.place for s in plain.seats] == [1, 2]


@settings(max_examples=300)
@given(raw_games())
def test_a_stored_game_rebuilds_the_checked_one(raw: dict[str, Any]) -> None:
    try:
        game = game_from_dict(raw)
    except RecordError:
        return
    seats = [
        stored_seat(player=s.player, place=s.place, vp=s.vp, winner=s.winner, team=s.team,
                    status=s.status.value, account=s.account.value, sources=dict(s.sources))
        for s in game.seats
    ]  # fmt: skip
    again = stored_game(
        id=game.id, date=game.date, seats=seats, game=game.game, variant=game.variant,
        target=game.target, group=game.group, city=game.city,
        game_class=game.game_class.value, event=game.event, round=game.round, time=game.time,
    )  # fmt: skip
    assert shape(again) == shape(game)


def test_a_stored_seat_keeps_whole_vp_as_new_game_does() -> None:
    assert type(stored_seat(player="Ann", place=1, vp=10.0).vp) is int
    assert stored_seat(player="Ann", place=1, vp=7.5).vp == 7.5
    assert stored_seat(player="Ann", place=None, vp=None, status="abandoned").vp is None
