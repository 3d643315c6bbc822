"""The verification rule (seed 003): who must sign before a submitted result counts."""

from __future__ import annotations

from random import Random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablerank.engine.records import GameClass
from tablerank.engine.verification import (
    Signature,
    Status,
    Verification,
    required_participants,
    verify,
)

NAMES = ("Ann", "Ben", "Cleo", "Dora", "Ed", "Flo")
MULTI = (GameClass.WTA, GameClass.TEAM, GameClass.RACE)


def yes(*names: str) -> list[Signature]:
    return [Signature(name) for name in names]


def official(name: str = "referee") -> Signature:
    return Signature(name, official=True)


def no(name: str) -> Signature:
    return Signature(name, disputes=True)


# -- the players' rule ------------------------------------------------------------------------


def test_a_two_player_result_needs_both_players() -> None:
    players = NAMES[:2]
    assert verify(GameClass.TWO, players, yes("Ann")).status is Status.PENDING
    assert verify(GameClass.TWO, players, yes("Ann", "Ben")).status is Status.CONFIRMED


def test_a_two_player_result_says_whose_signature_is_missing() -> None:
    result = verify(GameClass.TWO, NAMES[:2], yes("Ann"))
    assert result == Verification(Status.PENDING, needed=1, waiting_for=("Ben",))
    assert result.summary == "waiting for Ben to confirm"
    assert verify(GameClass.TWO, NAMES[:2], []).summary == "waiting for Ann and Ben to confirm"


@pytest.mark.parametrize("game_class", MULTI)
def test_multi_player_results_need_three_participants(game_class: GameClass) -> None:
    players = NAMES[:5]
    assert verify(game_class, players, yes("Ann", "Ben")).status is Status.PENDING
    assert verify(game_class, players, yes("Ann", "Ben", "Ed")).status is Status.CONFIRMED


@pytest.mark.parametrize("game_class", MULTI)
def test_multi_player_results_need_all_of_them_where_fewer_than_three_play(
    game_class: GameClass,
) -> None:
    assert verify(game_class, NAMES[:2], yes("Ann")).status is Status.PENDING
    assert verify(game_class, NAMES[:2], yes("Ann", "Ben")).status is Status.CONFIRMED
    assert verify(game_class, NAMES[:1], yes("Ann")).status is Status.CONFIRMED


def test_a_multi_player_result_says_how_many_more_of_whom() -> None:
    result = verify(GameClass.WTA, NAMES[:4], yes("Ann"))
    assert (result.needed, result.waiting_for) == (2, ("Ben", "Cleo", "Dora"))
    assert result.summary == "waiting for 2 more of Ben, Cleo and Dora to confirm"
    one_more = verify(GameClass.RACE, NAMES[:4], yes("Ann", "Dora"))
    assert one_more.summary == "waiting for 1 more of Ben and Cleo to confirm"


def test_solitaire_is_confirmed_on_the_submitters_word() -> None:
    assert verify(GameClass.SOL, ["Ann"], []).status is Status.PENDING
    assert verify(GameClass.SOL, ["Ann"], yes("Ann")).status is Status.CONFIRMED
    assert verify(GameClass.SOL, NAMES[:3], yes("Cleo")).status is Status.CONFIRMED


@pytest.mark.parametrize(
    ("game_class", "players", "needed"),
    [
        (GameClass.TWO, 2, 2),
        (GameClass.WTA, 1, 1),
        (GameClass.WTA, 2, 2),
        (GameClass.WTA, 3, 3),
        (GameClass.WTA, 8, 3),
        (GameClass.TEAM, 4, 3),
        (GameClass.RACE, 6, 3),
        (GameClass.SOL, 1, 1),
        (GameClass.SOL, 4, 1),
    ],
)
def test_required_participants(game_class: GameClass, players: int, needed: int) -> None:
    assert required_participants(game_class, players) == needed


def test_a_result_without_participants_is_refused() -> None:
    with pytest.raises(ValueError, match="participants"):
        required_participants(GameClass.WTA, 0)


# -- officials --------------------------------------------------------------------------------


def test_an_officials_entry_alone_is_pending_by_default() -> None:
    result = verify(GameClass.WTA, NAMES[:4], [official()], entered_by_official=True)
    assert result.status is Status.PENDING
    assert result.official_may_confirm
    assert result.summary == (
        "waiting for a second official or one of Ann, Ben, Cleo and Dora to confirm"
    )


def test_an_officials_entry_is_confirmed_by_a_second_official() -> None:
    signed = [official("referee"), official("assistant")]
    result = verify(GameClass.WTA, NAMES[:4], signed, entered_by_official=True)
    assert result.status is Status.CONFIRMED


def test_the_same_official_signing_twice_is_one_signature() -> None:
    signed = [official("referee"), official("REFEREE")]
    result = verify(GameClass.WTA, NAMES[:4], signed, entered_by_official=True)
    assert result.status is Status.PENDING


@pytest.mark.parametrize("game_class", list(GameClass))
def test_an_officials_entry_is_confirmed_by_any_one_participant(game_class: GameClass) -> None:
    players = NAMES[:2] if game_class is GameClass.TWO else NAMES[:5]
    signed = [official(), *yes("Ben")]
    result = verify(game_class, players, signed, entered_by_official=True)
    assert result.status is Status.CONFIRMED


@pytest.mark.parametrize("game_class", list(GameClass))
def test_one_official_is_enough_where_the_league_says_so(game_class: GameClass) -> None:
    result = verify(
        game_class,
        NAMES[:4] if game_class is not GameClass.TWO else NAMES[:2],
        [official()],
        entered_by_official=True,
        one_official_is_enough=True,
    )
    assert result.status is Status.CONFIRMED


def test_officials_signatures_do_not_count_on_a_players_submission() -> None:
    signed = [*yes("Ann"), official("referee"), official("assistant")]
    result = verify(GameClass.TWO, NAMES[:2], signed, one_official_is_enough=True)
    assert result.status is Status.PENDING
    assert not result.official_may_confirm
    assert result.summary == "waiting for Ben to confirm"


def test_an_official_does_not_dispute() -> None:
    with pytest.raises(ValueError, match="only a participant disputes"):
        Signature("referee", official=True, disputes=True)


# -- disputes ---------------------------------------------------------------------------------


def test_any_participants_dispute_makes_it_disputed() -> None:
    signed = [*yes("Ann", "Ben", "Cleo"), no("Dora")]
    result = verify(GameClass.WTA, NAMES[:4], signed)
    assert result == Verification(Status.DISPUTED, disputed_by=("Dora",))
    assert result.summary == "disputed by Dora"


def test_a_dispute_outweighs_even_an_officials_word() -> None:
    signed = [official(), official("assistant"), no("Ben"), no("Ann")]
    result = verify(
        GameClass.WTA, NAMES[:3], signed, entered_by_official=True, one_official_is_enough=True
    )
    assert result.status is Status.DISPUTED
    assert result.disputed_by == ("Ann", "Ben")  # in seat order
    assert result.summary == "disputed by Ann and Ben"


def test_a_confirmed_summary() -> None:
    assert verify(GameClass.SOL, ["Ann"], yes("Ann")).summary == "confirmed"


# -- what is refused --------------------------------------------------------------------------


def test_a_stranger_cannot_sign() -> None:
    with pytest.raises(ValueError, match="'Zed' is not a participant"):
        verify(GameClass.TWO, NAMES[:2], yes("Zed"))


def test_a_nameless_signature_is_refused() -> None:
    with pytest.raises(ValueError, match="needs a name"):
        Signature("  ")


def test_the_same_name_twice_at_a_table_is_refused() -> None:
    with pytest.raises(ValueError, match="sits twice"):
        verify(GameClass.WTA, ["Ann", "ANN"], [])


def test_names_are_compared_ignoring_case() -> None:
    result = verify(GameClass.TWO, NAMES[:2], yes("ann", "BEN"))
    assert result.status is Status.CONFIRMED


# -- properties -------------------------------------------------------------------------------

classes = st.sampled_from(list(GameClass))


@st.composite
def tables(draw: st.DrawFn) -> tuple[GameClass, tuple[str, ...]]:
    game_class = draw(classes)
    if game_class is GameClass.TWO:
        return game_class, NAMES[:2]
    return game_class, NAMES[: draw(st.integers(min_value=1, max_value=len(NAMES)))]


@st.composite
def signed_tables(
    draw: st.DrawFn,
) -> tuple[GameClass, tuple[str, ...], list[Signature], bool, bool]:
    game_class, players = draw(tables())
    participants = st.builds(Signature, st.sampled_from(players))
    disputes = st.builds(Signature, st.sampled_from(players), disputes=st.just(True))
    officials = st.builds(
        Signature, st.sampled_from(("referee", "assistant")), official=st.just(True)
    )
    kinds = st.one_of(participants, participants, officials, disputes)
    signatures = draw(st.lists(kinds, max_size=10))
    return game_class, players, signatures, draw(st.booleans()), draw(st.booleans())


@given(signed_tables(), st.randoms(use_true_random=False))
def test_the_order_and_repetition_of_signatures_do_not_matter(
    case: tuple[GameClass, tuple[str, ...], list[Signature], bool, bool], random: Random
) -> None:
    game_class, players, signed, entered, enough = case
    shuffled = [*signed, *signed]
    random.shuffle(shuffled)
    options = {"entered_by_official": entered, "one_official_is_enough": enough}
    assert verify(game_class, players, shuffled, **options) == verify(
        game_class, players, signed, **options
    )


@given(signed_tables())
def test_disputed_exactly_when_a_participant_disputes(
    case: tuple[GameClass, tuple[str, ...], list[Signature], bool, bool],
) -> None:
    game_class, players, signed, entered, enough = case
    result = verify(
        game_class, players, signed, entered_by_official=entered, one_official_is_enough=enough
    )
    assert (result.status is Status.DISPUTED) == any(s.disputes for s in signed)


@given(signed_tables())
def test_without_officials_confirmed_exactly_when_enough_participants_confirm(
    case: tuple[GameClass, tuple[str, ...], list[Signature], bool, bool],
) -> None:
    game_class, players, signed, _, enough = case
    signed = [s for s in signed if not s.official and not s.disputes]
    result = verify(game_class, players, signed, one_official_is_enough=enough)
    confirming = {s.signer for s in signed}
    confirmed = len(confirming) >= required_participants(game_class, len(players))
    assert (result.status is Status.CONFIRMED) == confirmed
    if not confirmed:
        assert result.waiting_for == tuple(p for p in players if p not in confirming)
        assert result.needed == required_participants(game_class, len(players)) - len(confirming)
        assert 0 < result.needed <= len(result.waiting_for)


@given(signed_tables(), st.sampled_from(NAMES), st.booleans())
def test_another_confirmation_never_takes_a_confirmation_back(
    case: tuple[GameClass, tuple[str, ...], list[Signature], bool, bool],
    name: str,
    as_official: bool,
) -> None:
    game_class, players, signed, entered, enough = case
    options = {"entered_by_official": entered, "one_official_is_enough": enough}
    before = verify(game_class, players, signed, **options)
    extra = Signature("another official", official=True) if as_official else None
    if extra is None and name in players:
        extra = Signature(name)
    if extra is None:
        return
    after = verify(game_class, players, [*signed, extra], **options)
    if before.status is Status.CONFIRMED:
        assert after.status is Status.CONFIRMED
    assert (after.status is Status.DISPUTED) == (before.status is Status.DISPUTED)


@given(tables())
def test_every_participant_confirming_always_confirms(
    table: tuple[GameClass, tuple[str, ...]],
) -> None:
    game_class, players = table
    assert verify(game_class, players, yes(*players)).status is Status.CONFIRMED
