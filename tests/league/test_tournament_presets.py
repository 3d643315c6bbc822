"""The official CATAN formats run in a league (docs/tournaments.md, "The official CATAN formats"):
a 30-player event by the official preset (3 Swiss rounds, the top 16 at semifinal tables, the
table winners at the final), keep-apart groups honoured, and the large-event drop."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from django.contrib.auth.models import User

from tablerank.league import services
from tablerank.league.errors import LeagueError, NotAllowed
from tablerank.league.models import League, Tournament
from tablerank.league.services.tournament_formats import winless_drop
from tablerank.tournament.seating import SeatedRound

pytestmark = pytest.mark.django_db

FRIENDS = [["P01", "P02", "P03"], ["P10", "P11"], ["P20", "P21", "P22"]]


def names(n: int) -> list[str]:
    return [f"P{i:02d}" for i in range(1, n + 1)]


def play(event: Tournament, seated: SeatedRound, by: User, *, winner: int | None = None) -> None:
    """Every table's result, confirmed on the organizer's word: the table's first name in
    alphabetical order wins (so the same players keep winning), or the seat `winner`."""
    for table in seated.tables:
        won = table.seats[winner] if winner is not None else min(table.seats)
        sheet = [
            {"player": p, "vp": 10 if p == won else 6, "winner": p == won} for p in table.seats
        ]
        services.enter_result(event, seated.number, table.number, sheet, by)


def together(seated: SeatedRound, groups: list[list[str]]) -> int:
    return sum(len(set(g) & set(t.seats)) > 1 for t in seated.tables for g in groups)


def test_a_30_player_event_by_the_official_preset(league: League, official: User) -> None:
    for name in names(30):
        services.player_named(league, name)
    keep_apart = "\n".join(", ".join(group) for group in FRIENDS)
    event = services.create_tournament(
        league, official, name="Spring Qualifier", preset="catan-official", keep_apart=keep_apart
    )
    assert (event.rounds, event.cut, event.table_sizes, event.scoring) == (3, 0, "3,4", "wins")
    services.register_players(event, names(30), official, checked_in=True)
    assert "30 players" in services.format_words(event)
    met: Counter[tuple[str, str]] = Counter()
    for _number in (1, 2, 3):
        seated = services.seat_next_round(event, official)
        assert together(seated, FRIENDS) == 0
        met.update(pair for t in seated.tables for pair in combinations(sorted(t.seats), 2))
        play(event, seated, official)
    event.refresh_from_db()
    assert event.cut == 16  # settled from the 30 checked in when round 1 was seated
    assert max(met.values()) == 1
    semis = services.seat_next_round(event, official)
    assert [len(t.seats) for t in semis.tables] == [4, 4, 4, 4]
    play(event, semis, official, winner=3)  # the lowest seed of each table wins
    final = services.seat_next_round(event, official)
    assert len(final.tables) == 1
    play(event, final, official, winner=3)
    assert services.champion_of(event) == final.tables[0].seats[3]
    assert services.format_words(event).endswith("winners to the final")


def test_the_large_event_drop(league: League, official: User) -> None:
    event = services.create_tournament(
        league, official, name="US Qualifier", preset="catan-us-qualifier"
    )
    assert (event.rounds, event.cut, event.drop_winless_after) == (4, 0, 3)
    services.register_players(event, names(20), official, checked_in=True)
    for _ in range(3):
        play(event, services.seat_next_round(event, official), official)
    wins = {row.player: row.wins for row in services.preliminary_standings(event).rows}
    winless = sorted(name for name, won in wins.items() if won == 0)
    assert winless
    fourth = services.seat_next_round(event, official)
    seated = {n for t in fourth.tables for n in t.seats}
    assert seated == set(names(20)) - set(winless)
    dropped = {e.player.name: e.dropped_after for e in event.entrants.select_related("player")}
    assert {n for n, after in dropped.items() if after is not None} == set(winless)
    assert {dropped[n] for n in winless} == {3}
    words = services.drop_words(event)
    assert words is not None
    assert words.startswith("Players without a win after round 3 drop")
    assert ", ".join(winless) in words


@pytest.mark.parametrize(("with_a_win", "drops"), [(2, False), (5, False), (3, True), (4, True)])
def test_the_drop_never_leaves_too_few_to_seat(
    league: League, official: User, with_a_win: int, drops: bool
) -> None:
    """Seven players at tables of 4 and 3 need no bye: where those with a win need one (5) or
    make no table (2), nobody drops."""
    event = services.create_tournament(
        league, official, name="Small", rounds=4, drop_winless_after=3
    )
    services.register_players(event, names(7), official, checked_in=True)
    wins = {name.casefold(): int(i < with_a_win) for i, name in enumerate(names(7))}
    dropped = winless_drop(event, 4, names(7), wins)
    assert dropped == (names(7)[with_a_win:] if drops else [])
    left = event.entrants.filter(dropped_after=3).count()
    assert left == len(dropped)
    assert winless_drop(event, 3, names(7), wins) == []  # only before the round after the 3rd


def test_what_a_preset_sets_is_refused_from_the_fields(league: League, official: User) -> None:
    def make(**fields: object) -> str:
        with pytest.raises(LeagueError) as refused:
            services.create_tournament(league, official, name="X", **fields)  # type: ignore[arg-type]
        return str(refused.value)

    assert "unknown preset 'official'" in make(preset="official")
    assert "plays 3 preliminary games, not 5" in make(preset="catan-official", rounds=5)
    assert "sets the cut by attendance" in make(preset="catan-official", cut=16)
    assert "plays 4 or 5 or 6" in make(preset="catan-us-qualifier", rounds=3)
    assert "give the number of preliminary rounds" in make()
    assert "from 1 to 2" in make(rounds=3, drop_winless_after=3)
    services.player_named(league, "Ann")
    message = make(rounds=3, keep_apart="Ann, Ben")
    assert "keep_apart: line 1: 'Ben' is neither an entrant nor a player" in message
    assert "line 2: 'Ann' alone" in make(rounds=3, keep_apart="\nAnn")


def test_only_organizers_create(league: League) -> None:
    outsider = User.objects.create_user("someone")
    with pytest.raises(NotAllowed):
        services.create_tournament(league, outsider, name="X", preset="catan-official")
