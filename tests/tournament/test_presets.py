"""The official CATAN formats as presets (CATAN Studio's tournament rules, revised April 2024;
the 2025-26 US qualifier rules): the format by attendance, the large-event drop, the ranking,
and the keep-apart list as typed."""

from __future__ import annotations

import pytest

from tablerank.tournament.presets import (
    PRESETS,
    PresetError,
    get_preset,
    keep_apart_groups,
    official_format,
)
from tablerank.tournament.scoring import CAPPED_VP, VP_PERCENT, WINS, get_scoring


@pytest.mark.parametrize(
    ("attendance", "cut", "official"),
    [(4, 4, False), (11, 4, False), (12, 4, True), (15, 4, True), (16, 4, True), (28, 4, True),
     (29, 16, True), (120, 16, True), (3, 0, False)],
)  # fmt: skip
def test_the_format_follows_the_attendance(attendance: int, cut: int, official: bool) -> None:
    found = official_format(attendance)
    assert (found.rounds, found.cut, found.official) == (3, cut, official)


def test_the_formats_in_words() -> None:
    assert (
        official_format(13).describe()
        == "13 players: 3 preliminary games, then the top 4 at the final"
    )
    assert official_format(30).describe() == (
        "30 players: 3 preliminary games, then the top 16 at semifinal tables, winners to the final"
    )
    small = official_format(9).describe()
    assert small.startswith("9 players: not an official CATAN format")
    assert "at least 12 players" in small


def test_the_presets() -> None:
    official = get_preset("catan-official")
    assert (official.rounds, official.cut, official.sizes, official.drop_winless_after) == (
        3, None, (3, 4), 0,
    )  # fmt: skip
    assert "when round 1 is seated" in official.describe()
    assert official.describe(30).endswith("top 16 at semifinal tables, winners to the final")
    large = get_preset("catan-us-qualifier")
    assert (large.rounds, large.rounds_allowed, large.cut, large.drop_winless_after) == (
        4, (4, 5, 6), 0, 3,
    )  # fmt: skip
    assert "without a win after game 3 drop" in large.describe()
    assert large.event_format(40, 5).rounds == 5
    for preset in PRESETS.values():
        assert "catanevents.com" in preset.source


def test_the_presets_rank_by_wins_total_vp_and_vp_share() -> None:
    """The official ranking is an existing scoring: wins, capped VP, VP% (3-player tables
    normalised by seed 002's dummy score); later criteria only part players still tied."""
    for preset in PRESETS.values():
        assert get_scoring(preset.scoring).criteria[:3] == (WINS, CAPPED_VP, VP_PERCENT)


def test_an_unknown_preset_names_the_known_ones() -> None:
    with pytest.raises(
        PresetError, match=r"unknown preset 'catan'.*catan-official, catan-us-qualifier"
    ):
        get_preset("catan")


def test_the_keep_apart_list() -> None:
    text = "Ann, Ben\n\n  Cleo;Dora , Eve \n"
    assert keep_apart_groups(text) == [(1, ("Ann", "Ben")), (3, ("Cleo", "Dora", "Eve"))]
    assert keep_apart_groups("") == []
    with pytest.raises(PresetError, match="line 2: 'Cleo' alone"):
        keep_apart_groups("Ann, Ben\nCleo")
    with pytest.raises(PresetError, match="line 1: 'Ann' is given twice"):
        keep_apart_groups("Ann, ann")
