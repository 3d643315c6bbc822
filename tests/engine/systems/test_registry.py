"""Every rating system by its stable name, with parameters given as text."""

from __future__ import annotations

import dataclasses

import pytest

from tablerank.engine.systems import SYSTEMS, get_system
from tablerank.engine.systems.area import Area, TeamDivisor
from tablerank.engine.systems.base import ReplaySystem, System
from tablerank.engine.systems.cow.elo import Elo as CowElo
from tablerank.engine.systems.cow.points import Points
from tablerank.engine.systems.pages.accomplishment import Accomplishment
from tablerank.engine.systems.pages.combined import Combined
from tablerank.engine.systems.pages.elo import Elo as PagesElo
from tablerank.engine.systems.pages.glory import Glory
from tablerank.engine.systems.pages.point import Point
from tablerank.engine.systems.pages.share import Share
from tablerank.engine.systems.skill import Skill
from tablerank.engine.systems.turnabout import Turnabout
from tablerank.errors import InvalidParameter, TablerankError, UnknownSystem

EXPECTED: dict[str, type[System]] = {
    "pages.point": Point,
    "pages.accomplishment": Accomplishment,
    "pages.glory": Glory,
    "pages.elo": PagesElo,
    "pages.share": Share,
    "pages.combined": Combined,
    "cow.points": Points,
    "cow.elo": CowElo,
    "area": Area,
    "turnabout": Turnabout,
    "skill": Skill,
}


def test_the_eleven_systems_are_registered_under_their_stable_names() -> None:
    assert SYSTEMS == EXPECTED
    assert list(SYSTEMS) == list(EXPECTED)


@pytest.mark.parametrize("name", list(EXPECTED))
def test_each_system_is_found_by_name_with_its_defaults(name: str) -> None:
    system = get_system(name)
    assert type(system) is EXPECTED[name]
    assert system == EXPECTED[name]()
    assert system.name == name
    assert system.title
    if name == "skill":  # not a seed system: the model tablerank adds (issue 12)
        assert "docs/systems/skill.md" in system.source
    else:
        assert system.source.startswith("seed 00")


def test_an_unknown_name_lists_the_known_ones() -> None:
    with pytest.raises(UnknownSystem) as info:
        get_system("glory")
    assert info.value.name == "glory"
    assert str(info.value).startswith("unknown system 'glory'; expected one of: pages.point, ")
    assert "turnabout" in str(info.value)
    assert isinstance(info.value, TablerankError)


def test_parameters_are_given_as_text_and_converted() -> None:
    elo = get_system("cow.elo", {"k": "16", "start": "1200"})
    assert isinstance(elo, CowElo)
    assert (elo.k, elo.start) == (16.0, 1200.0)
    area = get_system("area", {"team_divisor": "all", "start": "1500"})
    assert isinstance(area, Area)
    assert area.team_divisor is TeamDivisor.ALL
    small = get_system("turnabout", {"allow_small_events": "yes"})
    assert isinstance(small, Turnabout)
    assert small.allow_small_events
    glory = get_system("pages.glory", {"tables.7": "80,50,40,30,20,10,0"})
    assert isinstance(glory, Glory)
    assert glory.tables[7] == (80, 50, 40, 30, 20, 10, 0)


def test_no_parameters_and_an_empty_mapping_give_the_defaults() -> None:
    assert get_system("cow.elo", {}) == get_system("cow.elo") == CowElo()


@pytest.mark.parametrize(
    ("name", "params", "message"),
    [
        ("pages.point", {"k": "1"}, "pages.point has no parameter 'k'; its parameters: none"),
        ("cow.elo", {"K": "16"}, "cow.elo has no parameter 'K'; its parameters: k, start"),
        ("cow.elo", {"k": "lots"}, "cow.elo parameter k: expected a number, got 'lots'"),
        ("area", {"start": ""}, "area parameter start: expected a number, got ''"),
        ("area", {"team_divisor": "Larger"}, "expected one of larger, smaller, all, got 'Larger'"),
        ("turnabout", {"allow_small_events": "2"}, "expected true or false, got '2'"),
        ("pages.glory", {"tables.2": "1"}, "a 2-player table needs 2 values, got 1"),
        ("pages.combined", {"systems": ""}, "name at least one system"),
    ],
)
def test_bad_parameters_are_reported(name: str, params: dict[str, str], message: str) -> None:
    with pytest.raises(InvalidParameter) as info:
        get_system(name, params)
    assert message in str(info.value)
    assert isinstance(info.value, ValueError)


def test_a_dotted_key_for_a_plain_parameter_is_refused() -> None:
    with pytest.raises(InvalidParameter):
        get_system("cow.elo", {"k.extra": "16"})


@pytest.mark.parametrize("name", list(EXPECTED))
def test_every_parameter_has_a_default_and_help(name: str) -> None:
    cls = SYSTEMS[name]
    fields = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    listed = cls.parameters()
    assert {p for p, _, _ in listed} == fields
    for _, _, help_text in listed:
        assert help_text


def test_the_listed_defaults_are_the_systems_defaults() -> None:
    assert {p: d for p, d, _ in CowElo.parameters()} == {"k": 8, "start": 1000}
    assert {p: d for p, d, _ in Area.parameters()} == {
        "start": 5000,
        "team_divisor": TeamDivisor.LARGER,
    }
    assert {p: d for p, d, _ in Turnabout.parameters()} == {"allow_small_events": False}
    glory = {p: d for p, d, _ in Glory.parameters()}
    assert glory["tables"][5] == (60, 30, 20, 10, 0)


def test_replay_systems_and_the_combined_ranking_share_one_interface() -> None:
    for name, cls in SYSTEMS.items():
        assert issubclass(cls, System)
        assert issubclass(cls, ReplaySystem) == (name not in ("pages.combined", "skill"))
