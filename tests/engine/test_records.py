"""Records: documented defaults, placement, and every RecordError with its field and message."""

from __future__ import annotations

import dataclasses
import datetime as dt
from typing import Any

import pytest

from tablerank.engine.records import (
    Account,
    EventFormat,
    GameClass,
    SeatStatus,
    event_from_dict,
    game_from_dict,
    new_event,
    new_game,
)
from tablerank.errors import RecordError, TablerankError

from .builders import DATE, event, game, seat, standing, vp_game

# -- defaults --------------------------------------------------------------------------------


def test_a_bare_catan_table_gets_the_documented_defaults() -> None:
    g = vp_game(10, 8, 6)
    assert g.game == "catan"
    assert g.variant == "base"
    assert g.target == 10
    assert g.group == "base"
    assert g.city is None
    assert g.game_class is GameClass.WTA
    assert g.event is None
    assert g.round is None
    assert g.date == dt.date(2026, 3, 14)
    assert all(s.status is SeatStatus.FINISHED for s in g.seats)
    assert all(s.account is Account.PREMIUM for s in g.seats)
    assert all(s.team is None for s in g.seats)


def test_two_seats_default_to_class_two_and_one_seat_to_sol() -> None:
    assert vp_game(10, 4).game_class is GameClass.TWO
    assert game([seat("A", winner=True)], game="B-17").game_class is GameClass.SOL
    assert vp_game(10, 4, 3, 2, 1, 0).game_class is GameClass.WTA


def test_the_group_defaults_to_the_variant_and_the_target_comes_from_the_variant() -> None:
    g = vp_game(13, 9, 8, variant="cities-knights")
    assert (g.variant, g.group, g.target) == ("cities-knights", "cities-knights", 13)
    combined = vp_game(15, 9, variant="seafarers-cities-knights")
    assert combined.target == 15


def test_a_given_target_and_group_override_the_variant_defaults() -> None:
    g = vp_game(14, 9, 8, variant="seafarers", target=14, group="league", city="Vienna")
    assert (g.target, g.group, g.city) == (14, "league", "Vienna")


def test_variant_and_game_names_are_normalised() -> None:
    g = vp_game(10, 8, 6, game="Catan", variant=" Base-5-6 ")
    assert (g.game, g.variant, g.group) == ("catan", "base-5-6", "base-5-6")


def test_a_game_other_than_catan_has_no_variant_and_is_grouped_by_title() -> None:
    g = game([seat("A", winner=True), seat("B", 3)], game="Kremlin")
    assert (g.game, g.variant, g.target, g.group) == ("Kremlin", None, None, "Kremlin")


def test_enumerated_fields_are_read_case_insensitively() -> None:
    g = game(
        [
            seat("A", 10, winner="yes", account="FREE"),
            seat("B", 8, status="Substitute"),
            seat("C", 5, status="abandoned"),
        ],
        game_class="RACE",
    )
    assert g.game_class is GameClass.RACE
    assert g.seats[0].winner is True
    assert g.seats[0].account is Account.FREE
    assert g.seats[1].status is SeatStatus.SUBSTITUTE
    assert g.seats[2].status is SeatStatus.ABANDONED


def test_text_values_are_stripped_and_whole_number_vp_become_ints() -> None:
    g = game([seat(" Ann ", "10", winner=True), seat("Bob", 7.0), seat("Cy", "6.5")], id=" x ")
    assert g.id == "x"
    assert [s.player for s in g.seats] == ["Ann", "Bob", "Cy"]
    assert [s.vp for s in g.seats] == [10, 7, 6.5]
    assert isinstance(g.seats[0].vp, int)
    assert isinstance(g.seats[1].vp, int)


def test_a_numeric_id_is_taken_as_text_and_a_date_string_is_parsed() -> None:
    g = new_game(id=17, date=" 2026-02-01 ", seats=[seat("A", 10, winner=True), seat("B", 2)])
    assert g.id == "17"
    assert g.date == dt.date(2026, 2, 1)


def test_a_date_object_is_taken_as_is() -> None:
    assert vp_game(10, 5, date=dt.date(2025, 12, 31)).date == dt.date(2025, 12, 31)


def test_a_datetime_is_recorded_as_its_calendar_date_and_its_time() -> None:
    g = vp_game(10, 5, date=dt.datetime(2026, 3, 14, 18, 30))
    assert type(g.date) is dt.date
    assert g.date == dt.date(2026, 3, 14)
    assert g.time == dt.time(18, 30)


DATE_EXPECTED = "expected a date like 2026-03-14 or a date and time like 2026-03-14T19:30"
UTC_PLUS_2 = dt.timezone(dt.timedelta(hours=2))


@pytest.mark.parametrize(
    ("text", "time"),
    [
        ("2026-03-14T19:30", dt.time(19, 30)),
        ("2026-03-14 19:30", dt.time(19, 30)),
        ("2026-03-14T19:30:15", dt.time(19, 30, 15)),
        ("2026-03-14 19:30:15.250", dt.time(19, 30, 15, 250_000)),
        ("2026-03-14T19:30+02:00", dt.time(19, 30, tzinfo=UTC_PLUS_2)),
        ("2026-03-14T19:30:15+0200", dt.time(19, 30, 15, tzinfo=UTC_PLUS_2)),
        ("2026-03-14T19:30Z", dt.time(19, 30, tzinfo=dt.UTC)),
        (" 2026-03-14T19:30 ", dt.time(19, 30)),
    ],
)
def test_a_date_with_a_time_keeps_the_day_as_written_and_the_time(text: str, time: dt.time) -> None:
    g = vp_game(10, 5, date=text)
    assert g.date == dt.date(2026, 3, 14)
    assert g.time == time
    assert g.time.utcoffset() == time.utcoffset()


def test_a_plain_date_has_no_time() -> None:
    assert vp_game(10, 5, date="2026-03-14").time is None


@pytest.mark.parametrize(
    "text",
    ["2026-03-14T25:00", "2026-03-14T19", "2026-03-14T19:30+2", "2026-03-14X19:30",
     "2026-03-14T19:30:60", "2026-02-30T10:00", "1899-12-31T23:59"],
)  # fmt: skip
def test_a_malformed_date_and_time_names_the_field(text: str) -> None:
    with pytest.raises(RecordError) as caught:
        vp_game(10, 5, date=text)
    assert caught.value.field == "date"
    expected = f"{DATE_EXPECTED}, got {text!r}"
    if text.startswith("1899"):
        expected = "1899-12-31 is outside 1900-01-01 to 2100-12-31"
    assert caught.value.message == expected


def test_an_event_keeps_its_time() -> None:
    raw = {"id": "e1", "date": "2026-03-14 09:00", "rounds": 1, "standings": [standing("A", 1)]}
    assert event_from_dict(raw).time == dt.time(9, 0)


def test_event_round_and_sources_are_kept() -> None:
    g = game(
        [
            seat("A", winner=True, sources={"settlements": 2, "cities": 6, "longest_road": 2}),
            seat("B", 7, sources={"settlements": 3, "cities": 4}),
        ],
        event="spring-open",
        round="2",
    )
    assert (g.event, g.round) == ("spring-open", 2)
    assert g.seats[0].vp == 10
    assert dict(g.seats[0].sources) == {"settlements": 2, "cities": 6, "longest_road": 2}
    assert g.seats[1].vp == 7


def test_a_zero_source_counts_and_an_empty_source_is_skipped() -> None:
    g = game([seat("A", 10, winner=True, sources={"cities": 10, "army": 0, "road": None})])
    assert dict(g.seats[0].sources) == {"cities": 10, "army": 0}


def test_game_records_are_immutable() -> None:
    g = vp_game(10, 8)
    with pytest.raises(dataclasses.FrozenInstanceError):
        g.id = "other"  # type: ignore[misc]


# -- placement through new_game ----------------------------------------------------------------


def test_the_winner_is_first_and_the_others_follow_by_vp_higher_first() -> None:
    g = game([seat("A", 6), seat("B", 9), seat("C", 10, winner=True), seat("D", 7)])
    assert [s.place for s in g.seats] == [4, 2, 1, 3]


def test_the_declared_winner_is_first_even_with_fewer_vp() -> None:
    g = game([seat("A", 11), seat("B", 10, winner=True)])
    assert [s.place for s in g.seats] == [2, 1]


def test_equal_vp_among_non_winners_is_a_tie() -> None:
    g = vp_game(10, 6, 6, 3)
    assert [s.place for s in g.seats] == [1, 2, 2, 4]


def test_given_places_win_over_vp() -> None:
    g = game([seat("A", 4, place=1), seat("B", 9, place=2), seat("C", 10, place=3)])
    assert [s.place for s in g.seats] == [1, 2, 3]


def test_given_places_are_normalised_to_competition_form() -> None:
    tied = game([seat(n, place=p) for n, p in zip("ABC", (1, 1, 2), strict=True)])
    assert [s.place for s in tied.seats] == [1, 1, 3]
    spaced = game([seat(n, place=p) for n, p in zip("ABC", (2, 3, 3), strict=True)])
    assert [s.place for s in spaced.seats] == [1, 2, 2]


def test_an_abandoned_seat_holds_no_place_and_the_substitute_holds_the_result() -> None:
    g = game(
        [
            seat("A", 10, winner=True),
            seat("B", 4, status="abandoned"),
            seat("C", 7, status="substitute"),
            seat("D", 5),
        ]
    )
    assert [s.place for s in g.seats] == [1, None, 2, 3]
    assert [s.player for s in g.placed] == ["A", "C", "D"]


def test_table_size_and_class_are_judged_on_the_seats_present_at_the_end() -> None:
    g = game([seat("A", 10, winner=True), seat("B", 4, status="abandoned"), seat("C", 7)])
    assert g.game_class is GameClass.TWO


def test_a_catan_game_may_share_first_place_when_nobody_is_flagged_winner() -> None:
    g = game([seat("A", 10, place=1), seat("B", 10, place=1), seat("C", 6, place=3)])
    assert [s.place for s in g.seats] == [1, 1, 3]


def test_a_game_other_than_catan_may_have_two_winners() -> None:
    g = game(
        [seat("A", winner=True), seat("B", winner=True), seat("C", 3), seat("D", 1)],
        game="Diplomacy",
    )
    assert [s.place for s in g.seats] == [1, 1, 3, 4]


# -- RecordError: every path names its field ---------------------------------------------------


def record_error(**raw: Any) -> RecordError:
    raw.setdefault("id", "g1")
    raw.setdefault("date", DATE)
    with pytest.raises(RecordError) as info:
        new_game(**raw)
    return info.value


def three(**extra: Any) -> list[dict[str, Any]]:
    seats = [seat("A", 10, winner=True), seat("B", 8), seat("C", 6)]
    seats[1].update(extra)
    return seats


def test_record_errors_are_value_errors_of_the_tablerank_tree() -> None:
    err = record_error(seats=[])
    assert isinstance(err, ValueError)
    assert isinstance(err, TablerankError)
    assert str(err) == f"{err.field}: {err.message}"


@pytest.mark.parametrize(
    ("raw", "field", "message"),
    [
        ({"id": None}, "id", "is required"),
        ({"id": "  "}, "id", "is required"),
        ({"id": True}, "id", "expected text, got True"),
        ({"id": 1.5}, "id", "expected text, got 1.5"),
        ({"date": None}, "date", "is required (a date like 2026-03-14)"),
        ({"date": ""}, "date", "is required (a date like 2026-03-14)"),
        ({"date": "14/03/2026"}, "date", f"{DATE_EXPECTED}, got '14/03/2026'"),
        ({"date": 20260314}, "date", f"{DATE_EXPECTED}, got 20260314"),
        ({"date": "2026-02-30"}, "date", f"{DATE_EXPECTED}, got '2026-02-30'"),
        ({"game": ["catan"]}, "game", "expected text, got ['catan']"),
        ({"variant": "seafarer"}, "variant", "unknown variant 'seafarer'; expected one of: "),
        (
            {"game": "Kremlin", "variant": "base"},
            "variant",
            "variants belong to Catan games, not to 'Kremlin'",
        ),
        ({"target": "ten"}, "target", "expected a whole number, got 'ten'"),
        ({"target": 0}, "target", "expected a whole number from 1 to 1000, got 0"),
        ({"target": 10.5}, "target", "expected a whole number, got 10.5"),
        ({"target": True}, "target", "expected a whole number, got True"),
        ({"round": -1}, "round", "expected a whole number from 0 to 1000, got -1"),
        ({"city": 3.5}, "city", "expected text, got 3.5"),
        ({"group": False}, "group", "expected text, got False"),
        ({"event": {}}, "event", "expected text, got {}"),
        ({"game_class": "duel"}, "class", "unknown value 'duel'; expected one of: two, wta, "),
    ],
)
def test_a_bad_game_field_is_named_in_the_error(
    raw: dict[str, Any], field: str, message: str
) -> None:
    raw.setdefault("seats", three())
    err = record_error(**raw)
    assert err.field == field
    assert err.message.startswith(message)


def test_an_unknown_variant_lists_the_known_ones() -> None:
    err = record_error(seats=three(), variant="seafarer")
    assert "cities-knights" in err.message
    assert "explorers-pirates" in err.message


@pytest.mark.parametrize("seats", [None, [], "A,B,C", {"player": "A"}])
def test_seats_must_be_a_non_empty_list(seats: Any) -> None:
    err = record_error(seats=seats)
    assert (err.field, err.message) == ("seats", "expected a list of at least one seat")


@pytest.mark.parametrize(
    ("extra", "field", "message"),
    [
        ({"player": None}, "seats[1].player", "is required"),
        ({"player": ""}, "seats[1].player", "is required"),
        ({"vp": -1}, "seats[1].vp", "VP cannot be negative, got -1"),
        ({"vp": "-0.5"}, "seats[1].vp", "VP cannot be negative, got -0.5"),
        ({"vp": "eight"}, "seats[1].vp", "expected a number of VP, got 'eight'"),
        ({"vp": True}, "seats[1].vp", "expected a number of VP, got True"),
        ({"vp": [8]}, "seats[1].vp", "expected a number of VP, got [8]"),
        ({"vp": float("nan")}, "seats[1].vp", "expected a finite number of VP, got nan"),
        ({"vp": float("inf")}, "seats[1].vp", "expected a finite number of VP, got inf"),
        ({"winner": "maybe"}, "seats[1].winner", "expected true or false, got 'maybe'"),
        ({"winner": 2}, "seats[1].winner", "expected true or false, got 2"),
        ({"place": 0}, "seats[1].place", "expected a whole number from 1 to 100, got 0"),
        ({"place": "second"}, "seats[1].place", "expected a whole number, got 'second'"),
        ({"team": 2.5}, "seats[1].team", "expected text, got 2.5"),
        (
            {"status": "left"},
            "seats[1].status",
            "unknown value 'left'; expected one of: finished, abandoned, substitute",
        ),
        (
            {"account": "gold"},
            "seats[1].account",
            "unknown value 'gold'; expected one of: premium, free",
        ),
        ({"sources": [6]}, "seats[1].sources", "expected an object of VP per source, got [6]"),
        (
            {"sources": {"cities": -2}},
            "seats[1].sources.cities",
            "expected a whole number from 0 to 1000, got -2",
        ),
        (
            {"sources": {"cities": "lots"}},
            "seats[1].sources.cities",
            "expected a whole number, got 'lots'",
        ),
        (
            {"vp": 9, "sources": {"settlements": 2, "cities": 6}},
            "seats[1].sources",
            "sources add up to 8 VP but vp says 9 (B)",
        ),
    ],
)
def test_a_bad_seat_field_is_named_in_the_error(
    extra: dict[str, Any], field: str, message: str
) -> None:
    err = record_error(seats=three(**extra))
    assert err.field == field
    assert err.message == message


def test_an_unknown_seat_field_is_refused() -> None:
    err = record_error(seats=three(points=8))
    assert err.field == "seats[1].points"
    assert err.message == (
        "unknown field; expected one of: player, vp, winner, place, team, status, account, sources"
    )


def test_a_seat_that_is_not_an_object_is_refused() -> None:
    err = record_error(seats=[seat("A", 10, winner=True), "B"])
    assert err.field == "seats[1]"
    assert err.message == "expected an object with at least a player, got 'B'"


def test_a_player_may_sit_at_a_table_only_once_whatever_the_case() -> None:
    err = record_error(seats=[seat("Ann", 10, winner=True), seat("Bob", 5), seat("ann", 3)])
    assert err.field == "seats[2].player"
    assert err.message == "ann is already at this table (seats[0])"


def test_an_abandoned_seat_cannot_win() -> None:
    err = record_error(seats=[seat("A", 10, winner=True, status="abandoned"), seat("B", 8)])
    assert (err.field, err.message) == ("seats[0].winner", "a seat abandoned mid-game cannot win")


def test_an_abandoned_seat_has_no_place() -> None:
    err = record_error(
        seats=[seat("A", place=1), seat("B", place=2), seat("C", place=3, status="abandoned")]
    )
    assert (err.field, err.message) == ("seats[2].place", "a seat abandoned mid-game has no place")


def test_a_game_that_everyone_abandoned_is_refused() -> None:
    err = record_error(seats=[seat("A", 3, status="abandoned"), seat("B", 2, status="abandoned")])
    assert err.field == "seats"
    assert err.message == "every seat was abandoned; nobody finished the game"


def test_places_must_be_given_for_every_seat_or_none() -> None:
    err = record_error(seats=[seat("A", place=1), seat("B", 8), seat("C", place=2)])
    assert err.field == "seats[1].place"
    assert err.message == (
        "places are given for some seats but not this one; give every seat a place or none"
    )


def test_a_seat_without_vp_among_seats_with_vp_cannot_be_placed() -> None:
    err = record_error(seats=[seat("A", winner=True), seat("B", 8), seat("C")])
    assert err.field == "seats[2].vp"
    assert err.message == (
        "cannot place this seat: other seats that did not win have VP; give every one VP, "
        "or give places"
    )


def test_with_a_winner_and_no_vp_at_all_the_others_share_second_place() -> None:
    g = game([seat("A"), seat("B", winner=True), seat("C")])
    assert [s.place for s in g.seats] == [2, 1, 2]


def test_seats_with_no_winner_no_vp_and_no_places_cannot_be_placed() -> None:
    err = record_error(seats=[seat("A"), seat("B"), seat("C")])
    assert err.field == "seats[0]"
    assert err.message == "cannot place the seats: give places, a winner, or VP"


def test_a_lone_seat_needs_nothing_to_be_placed() -> None:
    g = game([seat("A")], game="B-17")
    assert g.seats[0].place == 1


def test_a_winner_must_be_placed_first() -> None:
    err = record_error(
        seats=[seat("A", place=2, winner=True), seat("B", place=1), seat("C", place=3)]
    )
    assert err.field == "seats[0].place"
    assert err.message == "this seat is marked winner but is not placed first"


def test_a_seat_placed_first_must_be_the_winner_when_a_winner_is_marked() -> None:
    err = record_error(
        seats=[seat("A", place=1, winner=True), seat("B", place=1), seat("C", place=3)]
    )
    assert err.field == "seats[1].place"
    assert err.message == "this seat is placed first but another seat is marked winner"


def test_a_catan_game_has_only_one_winner() -> None:
    err = record_error(seats=[seat("A", 10, winner=True), seat("B", 10, winner=True), seat("C", 3)])
    assert err.field == "seats[1].winner"
    assert err.message == (
        "a Catan game has one winner, but A, B are all marked winner "
        "(a draw is recorded as equal places)"
    )


def test_a_two_player_game_has_only_one_winner() -> None:
    err = record_error(seats=[seat("A", winner=True), seat("B", winner=True)], game="Chess")
    assert err.field == "seats[1].winner"
    assert err.message.startswith("a two-player game has one winner, but A, B are all marked")


def test_a_two_player_draw_is_two_equal_first_places() -> None:
    """How the app readers record a draw (issue 41): places 1 and 1, nobody marked winner."""
    g = new_game(id="d", date=DATE, game="Chess", seats=[seat("A", place=1), seat("B", place=1)])
    assert [(s.place, s.winner) for s in g.seats] == [(1, False), (1, False)]
    assert str(g.game_class) == "two"


def test_a_two_game_needs_exactly_two_seats_at_the_end() -> None:
    err = record_error(seats=three(), game_class="two")
    assert err.field == "class"
    assert err.message == "a 'two' game needs exactly 2 seats at the end, this one has 3"


def test_a_two_game_counts_only_the_seats_present_at_the_end() -> None:
    err = record_error(
        seats=[seat("A", 10, winner=True), seat("B", 2, status="abandoned")], game_class="two"
    )
    assert (err.field, err.message) == (
        "class",
        "a 'two' game needs exactly 2 seats at the end, this one has 1",
    )


@pytest.mark.parametrize("cls", ["wta", "race", "team"])
def test_a_multi_player_class_needs_two_seats_at_the_end(cls: str) -> None:
    err = record_error(seats=[seat("A", winner=True, team="x")], game="Kremlin", game_class=cls)
    assert (err.field, err.message) == (
        "class",
        f"a '{cls}' game needs at least 2 seats at the end",
    )


def test_a_team_game_needs_a_team_for_every_seat() -> None:
    err = record_error(
        seats=[seat("A", place=1, team="x"), seat("B", place=2)], game="Axis", game_class="team"
    )
    assert (err.field, err.message) == (
        "seats[1].team",
        "a 'team' game needs a team for every seat",
    )


def test_a_team_wins_as_one() -> None:
    err = record_error(
        seats=[
            seat("A", place=1, team="x"),
            seat("B", place=2, team="x"),
            seat("C", place=3, team="y"),
        ],
        game="Axis",
        game_class="team",
    )
    assert err.field == "seats[1].place"
    assert err.message == "team x has both winners and losers; a team wins as one"


def test_a_team_game_needs_two_teams() -> None:
    err = record_error(
        seats=[seat("A", place=1, team="x"), seat("B", place=1, team="x")],
        game="Axis",
        game_class="team",
    )
    assert (err.field, err.message) == ("seats", "a 'team' game needs at least two teams")


def test_a_team_game_needs_a_losing_team() -> None:
    err = record_error(
        seats=[seat("A", place=1, team="x"), seat("B", place=1, team="y")],
        game="Axis",
        game_class="team",
    )
    assert (err.field, err.message) == ("seats", "a 'team' game needs a losing team")


def test_a_valid_team_game_keeps_its_teams() -> None:
    g = game(
        [
            seat("A", place=1, team="x"),
            seat("B", place=1, team="x"),
            seat("C", place=3, team="y"),
            seat("D", place=3, team="y"),
        ],
        game="Axis",
        game_class="team",
    )
    assert [s.team for s in g.seats] == ["x", "x", "y", "y"]
    assert g.game_class is GameClass.TEAM


# -- events -----------------------------------------------------------------------------------


def test_an_event_defaults_to_swiss_and_derives_completion_from_the_rounds() -> None:
    e = event(
        [
            standing("A", 1, wins=3, losses=1, completed=None),
            standing("B", 2, wins=1, losses=2, completed=None),
        ],
        rounds=4,
    )
    assert e.format is EventFormat.SWISS
    assert e.rounds == 4
    assert [s.completed for s in e.standings] == [True, False]


def test_an_explicit_completion_flag_is_kept() -> None:
    e = event([standing("A", 1, wins=1, completed=True)], rounds=3, format="Elimination")
    assert e.format is EventFormat.ELIMINATION
    assert e.standings[0].completed is True


def test_missing_match_counts_are_zero() -> None:
    e = new_event(id="e", date=DATE, standings=[{"player": "A", "place": 1, "completed": "no"}])
    s = e.standings[0]
    assert (s.wins, s.draws, s.losses, s.completed) == (0, 0, 0, False)


def event_error(**raw: Any) -> RecordError:
    raw.setdefault("id", "e1")
    raw.setdefault("date", DATE)
    raw.setdefault("standings", [standing("A", 1), standing("B", 2)])
    with pytest.raises(RecordError) as info:
        new_event(**raw)
    return info.value


@pytest.mark.parametrize(
    ("raw", "field", "message"),
    [
        ({"id": ""}, "id", "is required"),
        ({"date": "March 14"}, "date", f"{DATE_EXPECTED}, got 'March 14'"),
        ({"rounds": 0}, "rounds", "expected a whole number from 1 to 1000, got 0"),
        ({"rounds": "four"}, "rounds", "expected a whole number, got 'four'"),
        ({"format": "gauntlet"}, "format", "unknown value 'gauntlet'; expected one of: swiss"),
        ({"standings": []}, "standings", "expected a list of at least one player's standing"),
        ({"standings": "A"}, "standings", "expected a list of at least one player's standing"),
        ({"standings": ["A"]}, "standings[0]", "expected an object with player and place"),
        ({"standings": [{"place": 1}]}, "standings[0].player", "is required"),
        ({"standings": [{"player": "A"}]}, "standings[0].place", "is required"),
        (
            {"standings": [standing("A", 0)]},
            "standings[0].place",
            "expected a whole number from 1 to 10000, got 0",
        ),
        (
            {"standings": [standing("A", 1, wins=-1)]},
            "standings[0].wins",
            "expected a whole number from 0 to 1000, got -1",
        ),
        (
            {"standings": [standing("A", 1, draws="x")]},
            "standings[0].draws",
            "expected a whole number, got 'x'",
        ),
        (
            {"standings": [standing("A", 1, losses=1.5)]},
            "standings[0].losses",
            "expected a whole number, got 1.5",
        ),
        (
            {"standings": [standing("A", 1, completed=None)]},
            "standings[0].completed",
            "is required: did the player play every scheduled round (or until eliminated)?",
        ),
        (
            {"standings": [standing("A", 1, completed=None)], "rounds": 3, "format": "elimination"},
            "standings[0].completed",
            "is required: did the player play every scheduled round",
        ),
        (
            {"standings": [standing("A", 1, completed="perhaps")]},
            "standings[0].completed",
            "expected true or false, got 'perhaps'",
        ),
        (
            {
                "standings": [standing("A", 1), standing("B", 2, wins=3, draws=1, losses=1)],
                "rounds": 4,
            },
            "standings[1]",
            "B has 5 matches in a 4-round event",
        ),
        (
            {"standings": [standing("Ann", 1), standing("ANN", 2)]},
            "standings[1].player",
            "ANN is already in these standings (standings[0])",
        ),
    ],
)
def test_a_bad_event_field_is_named_in_the_error(
    raw: dict[str, Any], field: str, message: str
) -> None:
    err = event_error(**raw)
    assert err.field == field
    assert err.message.startswith(message)


def test_an_unknown_standing_field_is_refused() -> None:
    err = event_error(standings=[{**standing("A", 1), "score": 30}])
    assert err.field == "standings[0].score"
    assert err.message.startswith("unknown field; expected one of: player, place, wins")


# -- the JSON forms ---------------------------------------------------------------------------


def test_a_game_dict_is_read_with_class_under_its_json_name() -> None:
    g = game_from_dict(
        {
            "id": "k1",
            "date": DATE,
            "game": "Kremlin",
            "class": "race",
            "description": "club night",
            "seats": [seat("A", place=1), seat("B", place=2)],
        }
    )
    assert (g.id, g.game, g.game_class) == ("k1", "Kremlin", GameClass.RACE)


def test_an_unknown_game_field_is_refused() -> None:
    with pytest.raises(RecordError) as info:
        game_from_dict({"id": "k1", "date": DATE, "seats": three(), "colour": "red"})
    assert info.value.field == "colour"
    assert info.value.message.startswith("unknown field; expected one of: id, date, game")


def test_an_event_dict_is_read_and_unknown_fields_are_refused() -> None:
    e = event_from_dict(
        {"id": "e1", "date": DATE, "rounds": 4, "format": "swiss", "standings": [standing("A", 1)]}
    )
    assert (e.id, e.rounds, e.format) == ("e1", 4, EventFormat.SWISS)
    with pytest.raises(RecordError) as info:
        event_from_dict({"id": "e1", "date": DATE, "standings": [], "venue": "hall"})
    assert info.value.field == "venue"


def test_event_places_are_normalised_to_competition_form() -> None:
    e = event([standing("A", 1), standing("B", 1), standing("C", 2), standing("D", 4)])
    assert [s.place for s in e.standings] == [1, 1, 3, 4]


def test_a_place_beyond_the_field_size_is_refused() -> None:
    err = event_error(standings=[standing("A", 1), standing("B", 3)])
    assert err.field == "standings[1].place"
    assert err.message == "place 3 in a field of 2 players"
