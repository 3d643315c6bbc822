"""P.A.G.E.S. combined: players ordered by their average rank across systems, lower first."""

from __future__ import annotations

import pytest

from tablerank.engine.systems import get_system
from tablerank.engine.systems.base import Explanation
from tablerank.engine.systems.pages.combined import PAGES, Combined
from tablerank.errors import InvalidParameter, RatingError, UnknownRecord, UnknownSystem

from ...builders import event, game, seat, standing, term_sums, vp_game


def test_the_default_members_are_the_five_pages_systems() -> None:
    assert Combined().systems == (
        "pages.point",
        "pages.accomplishment",
        "pages.glory",
        "pages.elo",
        "pages.share",
    )
    assert Combined().systems == PAGES


def test_the_rating_is_the_average_rank_across_the_five_systems_lower_first() -> None:
    g1 = vp_game(10, 8, 6, id="g1", date="2026-03-01")
    g2 = game([seat("B", 10, winner=True), seat("A", 9), seat("C", 4)], id="g2", date="2026-03-02")
    # point A19 B18 C10 -> 1 2 3; accomplishment A1 B1 C0 -> 1 1 3; glory A60 B60 C0 -> 1 1 3;
    # elo A10 B7 C-17 -> 1 2 3; share A.81 B.77 C.42 -> 1 2 3.
    table = Combined().rate([g1, g2])
    assert [(s.player, s.rank, s.rating, s.games) for s in table.standings] == [
        ("A", 1, 1.0, 2),
        ("B", 2, pytest.approx(8 / 5), 2),
        ("C", 3, 3.0, 2),
    ]
    assert table.system == "pages.combined"
    assert Combined.lower_is_better


def test_the_average_matches_the_member_systems_ranks() -> None:
    g1 = vp_game(10, 8, 6, id="g1", date="2026-03-01")
    g2 = game([seat("B", 10, winner=True), seat("A", 9), seat("C", 4)], id="g2", date="2026-03-02")
    ranks = {
        name: {s.player: s.rank for s in get_system(name).rate([g1, g2]).standings}
        for name in PAGES
    }
    combined = {s.player: s.rating for s in Combined().rate([g1, g2]).standings}
    for player in "ABC":
        assert combined[player] == pytest.approx(sum(r[player] for r in ranks.values()) / 5)


def test_equal_averages_share_a_rank() -> None:
    table = Combined().rate([vp_game(10, 5, 5)])
    assert [(s.player, s.rank, s.rating) for s in table.standings] == [
        ("A", 1, 1.0),
        ("B", 2, 2.0),
        ("C", 2, 2.0),
    ]


def test_players_ahead_in_different_systems_can_tie_on_average() -> None:
    # The declared winner A has fewer VP than B: A leads Accomplishment, B leads Point.
    g = game([seat("A", 10, winner=True), seat("B", 11)])
    table = Combined.configured({"systems": "pages.point, pages.accomplishment"}).rate([g])
    assert [(s.player, s.rank, s.rating) for s in table.standings] == [
        ("A", 1, 1.5),
        ("B", 1, 1.5),
    ]


def test_a_player_a_member_system_does_not_rank_counts_as_below_everyone_in_it() -> None:
    # cow.elo does not rate the free account F: F counts as 3rd there, after A and B.
    g = game([seat("A", 10, winner=True), seat("F", 9, account="free"), seat("B", 5)])
    table = Combined.configured({"systems": "pages.point,cow.elo"}).rate([g])
    assert [(s.player, s.rank, s.rating) for s in table.standings] == [
        ("A", 1, 1.0),
        ("B", 2, 2.5),
        ("F", 2, 2.5),
    ]
    assert any(n.player == "F" and "free account" in n.reason for n in table.not_rated)


def test_the_explanation_reports_who_a_member_did_not_rate() -> None:
    g = game([seat("A", 10, winner=True), seat("F", 9, account="free"), seat("B", 5)])
    e = Combined.configured({"systems": "pages.point,cow.elo"}).explain([g], "g1")
    assert [(n.player, n.reason) for n in e.not_rated] == [
        ("F", "free account: gets no ELO value (seed 001)")
    ]
    assert e.changes == {"A": 0.0, "F": 1.5, "B": 1.5}


def test_a_member_that_cannot_rate_a_game_stops_the_combined_ranking() -> None:
    with pytest.raises(RatingError):
        Combined().rate([vp_game(10, 9, 8, 7, 6, 5, 4)])


def test_an_empty_history_ranks_nobody() -> None:
    assert Combined().rate([]).standings == ()


def test_records_the_members_do_not_rate_are_reported_once_per_member() -> None:
    e = event([standing("A", 1), standing("B", 2), standing("C", 3), standing("D", 4)])
    table = Combined().rate([vp_game(10, 5, 5), e])
    assert {n.record for n in table.not_rated} == {"e1"}
    assert len(table.not_rated) == 5


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("", "name at least one system"),
        (" , ", "name at least one system"),
    ],
)
def test_the_member_list_must_name_a_system(text: str, error: str) -> None:
    with pytest.raises(InvalidParameter) as info:
        Combined.configured({"systems": text})
    assert error in str(info.value)


def test_the_combination_cannot_include_itself() -> None:
    system = Combined.configured({"systems": "pages.point,pages.combined"})
    with pytest.raises(InvalidParameter, match="cannot include itself"):
        system.rate([vp_game(10, 5)])


def test_an_unknown_member_is_reported() -> None:
    system = Combined.configured({"systems": "pages.point,pages.nope"})
    with pytest.raises(UnknownSystem):
        system.rate([vp_game(10, 5)])


# -- explanation ------------------------------------------------------------------------------


def explain_g2() -> Explanation:
    g1 = vp_game(10, 8, 6, id="g1", date="2026-03-01")
    g2 = game([seat("B", 10, winner=True), seat("A", 9), seat("C", 4)], id="g2", date="2026-03-02")
    return Combined().explain([g2, g1], "g2")


def test_the_explanation_moves_each_player_from_the_old_average_to_the_new() -> None:
    e = explain_g2()
    # After g1 alone: point 1 2 3, accomplishment 1 2 2, glory 1 2 3, elo 1 2 3, share 1 2 3.
    assert e.before == {"B": pytest.approx(2.0), "A": 1.0, "C": pytest.approx(14 / 5)}
    assert e.changes == {
        "B": pytest.approx(8 / 5 - 2),
        "A": pytest.approx(0),
        "C": pytest.approx(3 - 14 / 5),
    }
    assert e.after == {"B": pytest.approx(8 / 5), "A": pytest.approx(1.0), "C": pytest.approx(3)}
    assert e.record == "g2"
    assert e.system == "pages.combined"


def test_the_explanation_lists_each_members_rank_change() -> None:
    e = explain_g2()
    why = {(t.player, t.why) for t in e.terms}
    assert ("B", "pages.accomplishment: rank 2 -> 1, / 5 systems") in why
    assert ("C", "pages.accomplishment: rank 2 -> 3, / 5 systems") in why
    assert ("B", "pages.glory: rank 2 -> 1, / 5 systems") in why
    assert ("A", "pages.point: rank 1 -> 1, / 5 systems") in why
    assert len(e.terms) == 15
    assert e.notes == (
        "rating is the average rank across pages.point, pages.accomplishment, pages.glory, "
        "pages.elo, pages.share",
    )


def test_a_first_game_starts_everyone_from_unranked() -> None:
    e = Combined().explain([vp_game(10, 8, 6)], "g1")
    assert e.before == {"A": 1.0, "B": 1.0, "C": 1.0}
    assert e.after == {"A": 1.0, "B": 2.0, "C": pytest.approx(14 / 5)}


def test_the_explanation_terms_of_each_player_add_up_to_their_change() -> None:
    e = explain_g2()
    sums = term_sums(e)
    for player, change in e.changes.items():
        assert sums[player] == pytest.approx(change)


def test_explaining_an_unknown_or_non_game_record_is_an_error() -> None:
    e = event([standing("A", 1), standing("B", 2), standing("C", 3), standing("D", 4)])
    with pytest.raises(UnknownRecord):
        Combined().explain([vp_game(10, 5)], "nope")
    with pytest.raises(UnknownRecord):
        Combined().explain([vp_game(10, 5), e], "e1")
