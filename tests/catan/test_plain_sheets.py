"""The quick proof that a plain sheet is clean agrees with every rule, on any Catan game.

`validate_game` first tries to prove cheaply that a game has nothing to report (one winner at
or above the target, no sources, a table the variant allows) and runs every rule otherwise.
For random games, clean ones and games just over each limit, the finding must be the one the
rules alone give, errors and warnings alike.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablerank.catan import validation
from tablerank.catan.validation import Finding, failing, validate, validate_game
from tablerank.catan.variants import VARIANTS
from tablerank.engine.records import Game, new_game
from tablerank.errors import RecordError

PLAYERS = ["Ann", "Bo", "Cy", "Dee", "Ed", "Flo", "Gus"]


@st.composite
def catan_games(draw: st.DrawFn) -> Game:
    variant = draw(st.sampled_from([None, *VARIANTS]))
    target = draw(st.sampled_from([None, None, 8, 10, 13, 25]))
    players = draw(st.lists(st.sampled_from(PLAYERS), min_size=1, max_size=7, unique=True))
    seats: list[dict[str, Any]] = []
    for player in players:
        seat: dict[str, Any] = {
            "player": player,
            "vp": draw(st.sampled_from([None, 0, 4, 7, 9, 10, 12, 13, 22, 23, 31, 45, 7.5])),
            "winner": draw(st.sampled_from([False, False, True])),
        }
        if draw(st.sampled_from([False] * 9 + [True])):
            seat["status"] = draw(st.sampled_from(["abandoned", "substitute"]))
        if draw(st.sampled_from([False] * 9 + [True])):
            seat["sources"] = {"settlements": 2, draw(st.sampled_from(["cities", "x"])): 2}
            seat.pop("vp")
        seats.append(seat)
    try:
        return new_game(id="g1", date="2026-03-14", seats=seats, variant=variant, target=target)
    except RecordError:
        return new_game(id="g1", date="2026-03-14", seats=[{"player": "Ann", "winner": True}])


def every_rule(game: Game) -> Finding:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(validation, "_plainly_valid", lambda *_: False)
        return validate_game(game)


@settings(max_examples=500)
@given(game=catan_games())
def test_the_quick_proof_gives_the_finding_of_every_rule(game: Game) -> None:
    assert validate_game(game) == every_rule(game)


def test_a_plain_four_player_sheet_is_proved_clean_without_the_rules() -> None:
    vps = {"Ann": 10, "Bo": 8, "Cy": 6, "Dee": 4}
    seats = [{"player": p, "vp": vp, "winner": vp == 10} for p, vp in vps.items()]
    game = new_game(id="g1", date="2026-03-14", seats=seats)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(validation, "_table_size", None)  # would fail if the rules ran
        assert validate_game(game) == Finding("g1")


@settings(max_examples=200)
@given(games=st.lists(catan_games(), max_size=6))
def test_failing_lists_the_findings_with_errors_in_order(games: list[Game]) -> None:
    other = new_game(id="c1", date="2026-03-14", game="Carcassonne", seats=[{"player": "Ann"}])
    everything = [*games, other]
    assert failing(everything) == [f for f in validate(everything) if f.errors]
