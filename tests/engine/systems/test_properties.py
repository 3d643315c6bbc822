"""Properties every system keeps, for random valid games and events."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablerank.engine.records import Event, Game, new_event
from tablerank.engine.systems import SYSTEMS, get_system
from tablerank.engine.systems.area import Area
from tablerank.engine.systems.base import ReplaySystem
from tablerank.engine.systems.cow.elo import Elo as CowElo
from tablerank.engine.systems.pages.combined import Combined
from tablerank.engine.systems.turnabout import (
    Turnabout,
    first_place_multiplier,
    match_wins,
    position_modifier,
)

from ..builders import term_sums
from ..strategies import RawGame, area_games, catan_games, events

# Systems that rate game by game (skill fits a batch: tests/engine/systems/test_skill.py).
GAME_SYSTEMS = [name for name in SYSTEMS if name not in ("pages.combined", "turnabout", "skill")]
CATAN_SYSTEMS = [n for n in GAME_SYSTEMS if n != "area"]


def replay(name: str) -> ReplaySystem[Game]:
    system = get_system(name)
    assert isinstance(system, ReplaySystem)
    return system


def assert_same_changes(a: Mapping[str, float], b: Mapping[str, float]) -> None:
    assert a.keys() == b.keys()
    for player, amount in a.items():
        assert b[player] == pytest.approx(amount, rel=1e-12, abs=1e-12)


# -- seat order --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAME_SYSTEMS)
@given(raw=catan_games(), data=st.data())
def test_seat_order_never_changes_a_catan_games_changes(
    name: str, raw: RawGame, data: st.DataObject
) -> None:
    order = data.draw(st.permutations(range(len(raw.seats))))
    system = replay(name)
    assert_same_changes(
        system.changes(raw.build(), raw.ratings), system.changes(raw.build(order), raw.ratings)
    )


@given(raw=area_games(), data=st.data())
def test_seat_order_never_changes_an_area_games_changes(raw: RawGame, data: st.DataObject) -> None:
    order = data.draw(st.permutations(range(len(raw.seats))))
    assert Area().changes(raw.build(), raw.ratings) == Area().changes(raw.build(order), raw.ratings)


@settings(deadline=None, max_examples=40)
@given(raw=catan_games(statuses=False), data=st.data())
def test_seat_order_never_changes_the_combined_standings(raw: RawGame, data: st.DataObject) -> None:
    order = data.draw(st.permutations(range(len(raw.seats))))
    assert Combined().rate([raw.build()]) == Combined().rate([raw.build(order)])


@given(event=events(), data=st.data())
def test_the_order_of_the_standings_never_changes_turnabout_awards(
    event: Event, data: st.DataObject
) -> None:
    order = data.draw(st.permutations(event.standings))
    shuffled = Event(event.id, event.date, tuple(order), event.rounds, event.format)
    assert Turnabout().changes(event, {}) == Turnabout().changes(shuffled, {})


# -- conservation ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["pages.elo", "cow.elo", "area"])
@given(raw=catan_games())
def test_zero_sum_systems_conserve_points_on_catan_games(name: str, raw: RawGame) -> None:
    assert sum(replay(name).changes(raw.build(), raw.ratings).values()) == 0


@given(raw=area_games())
def test_area_conserves_points_in_every_class(raw: RawGame) -> None:
    assert sum(Area().changes(raw.build(), raw.ratings).values()) == 0


# -- ties --------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAME_SYSTEMS)
@given(raw=catan_games(places_only=True, max_present=5), data=st.data())
def test_tied_players_get_the_same_change_in_a_catan_game(
    name: str, raw: RawGame, data: st.DataObject
) -> None:
    of = data.draw(st.integers(0, len(raw.seats) - 1))
    at = data.draw(st.integers(0, len(raw.seats)))
    twin = raw.with_twin(of, at)
    changes = replay(name).changes(twin.build(), twin.ratings)
    original = raw.seats[of]["player"]
    assert changes.get("Twin") == pytest.approx(changes.get(original))


@given(raw=area_games(allow_two=False), data=st.data())
def test_tied_players_get_the_same_change_in_every_area_class(
    raw: RawGame, data: st.DataObject
) -> None:
    of = data.draw(st.integers(0, len(raw.seats) - 1))
    at = data.draw(st.integers(0, len(raw.seats)))
    twin = raw.with_twin(of, at)
    changes = Area().changes(twin.build(), twin.ratings)
    assert changes.get("Twin") == changes.get(raw.seats[of]["player"])


@given(event=events(max_size=30), data=st.data())
def test_tied_players_get_the_same_turnabout_award(event: Event, data: st.DataObject) -> None:
    original = data.draw(st.sampled_from(event.standings))
    rows = [dataclasses.asdict(s) for s in event.standings]
    rows.insert(
        data.draw(st.integers(0, len(rows))), {**dataclasses.asdict(original), "player": "Twin"}
    )
    bigger = new_event(
        id="ev", date=event.date, standings=rows, rounds=event.rounds, format=event.format
    )
    changes = Turnabout().changes(bigger, {})
    assert changes["Twin"] == changes[original.player]


# -- explanations agree with the fast path -----------------------------------------------------


@pytest.mark.parametrize("name", GAME_SYSTEMS)
@given(raw=catan_games())
def test_the_explanation_agrees_with_the_change_on_catan_games(name: str, raw: RawGame) -> None:
    system = replay(name)
    g = raw.build()
    e = system.explain_record(g, raw.ratings)
    assert e.changes == system.changes(g, raw.ratings)
    sums = term_sums(e)
    assert sums.keys() <= e.changes.keys()
    for player, change in e.changes.items():
        assert sums.get(player, 0) == pytest.approx(change, rel=1e-12, abs=1e-12)


@given(raw=area_games())
def test_the_area_explanation_agrees_with_the_change_in_every_class(raw: RawGame) -> None:
    g = raw.build()
    e = Area().explain_record(g, raw.ratings)
    assert e.changes == Area().changes(g, raw.ratings)
    assert term_sums(e) == e.changes


@given(event=events())
def test_the_turnabout_explanation_agrees_with_the_award(event: Event) -> None:
    e = Turnabout().explain_record(event, {})
    assert e.changes == Turnabout().changes(event, {})
    assert term_sums(e) == e.changes


@pytest.mark.parametrize("name", GAME_SYSTEMS)
@given(raw=catan_games())
def test_rate_and_explain_agree_with_the_change(name: str, raw: RawGame) -> None:
    system = replay(name)
    g = raw.build()
    start = dict(raw.ratings)
    table = system.rate([g], start)
    e = system.explain([g], g.id, start)
    after = {s.player: s.rating for s in table.standings}
    for player, change in e.changes.items():
        assert after[player] == pytest.approx(e.before[player] + change)
    rated = set(e.changes)
    reported = {n.player for n in table.not_rated}
    assert reported == {s.player for s in g.seats} - rated
    assert {n.player for n in e.not_rated} == reported


# -- bounds ------------------------------------------------------------------------------------


@given(raw=catan_games())
def test_a_cow_elo_pair_moves_at_most_8_points(raw: RawGame) -> None:
    e = CowElo().explain_record(raw.build(), raw.ratings)
    assert all(abs(t.amount) <= 8 for t in e.terms)
    opponents = max(len(e.changes) - 1, 0)
    assert all(abs(c) <= 8 * opponents for c in e.changes.values())


@given(raw=area_games())
def test_an_area_pair_moves_at_most_200_and_a_decisive_pair_at_least_1(raw: RawGame) -> None:
    e = Area().explain_record(raw.build(), raw.ratings)
    for t in e.terms:
        assert abs(t.amount) <= 200
        if "beat" in t.why:
            assert abs(t.amount) >= 1


# -- Turnabout: every match win is worth at least one point ---------------------------------


def test_the_last_place_multiplier_is_at_least_1_for_every_field_of_4_to_10000() -> None:
    for players in range(4, 10_001):
        assert first_place_multiplier(players) + position_modifier(players) >= 1, players


def test_the_multiplier_never_rises_as_the_place_falls() -> None:
    for place in range(1, 10_000):
        assert position_modifier(place + 1) <= position_modifier(place)


@given(event=events(max_size=300))
def test_every_player_earns_at_least_one_point_per_match_win(event: Event) -> None:
    awards = Turnabout().changes(event, {})
    for s in event.standings:
        assert awards[s.player] >= match_wins(s)
