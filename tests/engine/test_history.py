"""Choosing the records a list covers: by game title, game group and city."""

from __future__ import annotations

import pytest

from tablerank.engine.history import (
    close_spellings,
    known_values,
    select,
    unknown_players,
    unmatched,
    unmatched_facets,
)
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


def city_games() -> list[Game | Event]:
    return [
        vp_game(10, 5, id="b1", city="Bonn"),
        vp_game(10, 5, id="k1", city="Köln", group="seafarers", variant="seafarers"),
        placed_game(1, 2, id="d1", event="Spring Open"),
    ]


def test_a_filter_matching_nothing_names_the_closest_known_values() -> None:
    assert unmatched(city_games(), city="Bon") == ["no city 'Bon'; known: Bonn, Köln"]
    assert unmatched(city_games(), group="sea") == [
        "no group 'sea'; known: seafarers, base, Diplomacy"
    ]
    assert unmatched(city_games(), title="dip", event="spring") == [
        "no title 'dip'; known: Diplomacy, catan",
        "no event 'spring'; known: Spring Open",
    ]


def test_filters_that_match_say_nothing_whatever_their_case() -> None:
    assert unmatched(city_games(), city="KÖLN", group="Seafarers") == []
    assert unmatched(city_games()) == []


def test_filters_that_match_apart_but_not_together_are_named() -> None:
    assert unmatched(city_games(), city="Bonn", group="seafarers") == [
        "no game has group 'seafarers' and city 'Bonn' together"
    ]


def test_a_filter_on_records_without_such_a_value_says_so() -> None:
    assert unmatched([vp_game(10, 5)], city="Bonn") == ["no city 'Bonn'; the records have none"]


def test_known_values_name_at_most_five_the_closest_first() -> None:
    known = ["Ann", "Anna", "Ben", "Cleo", "Dee", "Emre", "Hanna"]
    assert known_values("Anne", known) == "known: Ann, Anna, Hanna, Ben, Dee, ..."
    assert known_values("an", known).startswith("known: Ann, Anna, Hanna, ")  # start, then hold
    assert known_values("EM", known).startswith("known: Emre, ")


def test_a_starting_sheets_unknown_players_are_named() -> None:
    records = city_games()
    assert unknown_players(records, ["a", "Ane", "Zed"]) == [
        "starting ratings: no player 'Ane' in the records; known: A, B",
        "starting ratings: no player 'Zed' in the records; known: A, B",
    ]


def test_facets_read_once_as_a_league_hands_them() -> None:
    rows = iter([("catan", "base", "Bonn", ""), ("catan", "base", "", "Cup")])
    assert unmatched_facets(rows, city="Bonn", event="cup") == [
        "no game has city 'Bonn' and event 'cup' together"
    ]
    assert unmatched_facets([], city="Bonn") == ["no city 'Bonn'; the records have none"]


@pytest.mark.parametrize(
    ("typed", "close"),
    [
        ("Kaj", ["Kai"]),
        ("Pual", ["Paul"]),
        ("kai", []),  # the name itself, in another case, is no other spelling
        ("Zoë", []),
        ("Bennn", ["Ben"]),
    ],
)
def test_close_spellings_name_the_players_a_typo_may_mean(typed: str, close: list[str]) -> None:
    assert close_spellings(typed, ["Ann", "Ben", "Kai", "Paul", "Olga"]) == close
