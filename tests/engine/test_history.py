"""Choosing the records a list covers: by game title, game group and city."""

from __future__ import annotations

from tablerank.engine.history import select
from tablerank.engine.records import Event, Game

from .builders import field_of, placed_game, vp_game


def test_without_filters_every_record_is_kept_in_order() -> None:
    recs: list[Game | Event] = [
        vp_game(10, 5, id="a"),
        field_of(4, id="e"),
        placed_game(1, 2, id="k"),
    ]
    assert select(recs) == recs


def test_filters_match_case_insensitively_and_leave_events_out() -> None:
    base = vp_game(10, 5, id="a", city="Vienna")
    ck = vp_game(13, 5, id="b", variant="cities-knights", city="Graz")
    kremlin = placed_game(1, 2, id="k", game_title="Kremlin")
    ev = field_of(4, id="e")
    recs: list[Game | Event] = [base, ck, kremlin, ev]
    assert select(recs, title="KREMLIN") == [kremlin]
    assert select(recs, title="catan") == [base, ck]
    assert select(recs, group="Cities-Knights") == [ck]
    assert select(recs, city="vienna") == [base]
    assert select(recs, title="catan", city="graz") == [ck]
    assert select(recs, group="base", city="Graz") == []


def test_a_game_without_a_city_matches_no_city_filter() -> None:
    assert select([vp_game(10, 5)], city="Vienna") == []
