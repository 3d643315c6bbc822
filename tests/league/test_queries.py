"""The league's read side (`tablerank.league.queries`) gives the engine's own numbers.

Each expected value is computed by the engine straight from the sample files, never from the
database, so the stored path (records, state, change log) is checked against a plain replay.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tablerank.engine import lists as engine_lists
from tablerank.engine.history import select
from tablerank.engine.records import Event, Game, game_from_dict, new_game
from tablerank.engine.systems import get_system
from tablerank.engine.systems.base import ReplaySystem
from tablerank.engine.systems.skill import Skill
from tablerank.errors import RatingError
from tablerank.formats.reading import read_records
from tablerank.league import queries
from tablerank.league.errors import LeagueError, NotFound
from tablerank.league.models import GameRecord, League, Player, RatingState, RecordStatus
from tablerank.league.ratings.tables import first_lines
from tablerank.league.services import (
    CONSOLE,
    OFFICIAL,
    add_player,
    confirm,
    local_date,
    ratings,
    record_event,
    record_game,
    record_games,
    submit_game,
    void_game,
)
from tablerank.league.store.played import played_games
from tablerank.tournament.standings import tournament_standings

pytestmark = pytest.mark.django_db

EVENTS = Path(__file__).parents[2] / "examples" / "events.jsonl"


def catan(game_id: str, day: str, seats: list[tuple[str, int]], **fields: Any) -> Game:
    """A Catan game whose first seat wins."""
    rows = [{"player": p, "vp": vp, "winner": i == 0} for i, (p, vp) in enumerate(seats)]
    return new_game(id=game_id, date=dt.date.fromisoformat(day), seats=rows, **fields)


# Two events' tables and a game of another group, added to the sample season.
EXTRA = [
    catan("cup-1", "2026-06-06", [("Ann", 10), ("Ben", 8), ("Cleo", 7), ("Dora", 5)],
          event="Spring Cup", round=1, city="Bonn"),
    catan("cup-2", "2026-06-06", [("Ben", 10), ("Cleo", 9), ("Ann", 8), ("Dora", 6)],
          event="Spring Cup", round=2, city="Bonn"),
    catan("duel-1", "2026-06-07", [("Ann", 13), ("Ben", 11)], group="duel", target=13),
]  # fmt: skip


@pytest.fixture
def history(season: list[Game]) -> list[Game]:
    """Everything the `played` league has confirmed, as the engine reads it from files."""
    return [*season, *EXTRA]


@pytest.fixture
def events() -> list[Event]:
    return [r for r in read_records([EVENTS]) if isinstance(r, Event)]


@pytest.fixture
def played(league: League, official: User, history: list[Game], events: list[Event]) -> League:
    """The league with the sample season, two tables of an event, a duel and the sample
    events, all confirmed."""
    record_games(league, history, official)
    for event in events:
        record_event(league, event, official)
    return league


def rated(history: list[Any], system: str, **filters: Any) -> list[tuple[str, int, float, int]]:
    table = get_system(system).rate(history if not filters else select(history, **filters))
    return [(s.player, s.rank, s.rating, s.games) for s in table.standings]


def lines(table: Any) -> list[tuple[str, int, float, int]]:
    return [(s.player, s.rank, s.rating, s.games) for s in table.standings]


# -- standings ---------------------------------------------------------------------------------


def test_standings_without_filters_are_the_stored_state(played: League) -> None:
    for system in ("pages.glory", "area", "turnabout"):
        stored = ratings(played, system, "catan" if system == "area" else None)
        chosen = queries.standings(
            played, system, queries.StandingsFilters(list_key="catan" if system == "area" else None)
        )
        assert chosen == stored


def test_filtered_standings_are_the_engine_over_the_selected_games(
    played: League, history: list[Game]
) -> None:
    bonn = queries.standings(played, "pages.glory", queries.StandingsFilters(city="bonn"))
    assert lines(bonn) == rated(history, "pages.glory", city="Bonn")
    assert bonn.not_rated == get_system("pages.glory").rate(select(history, city="Bonn")).not_rated
    assert bonn.not_rated  # the Kremlin game played in Bonn, said why

    spring = queries.standings(
        played,
        "cow.elo",
        queries.StandingsFilters(group="base", since="2026-03-01", until=dt.date(2026, 4, 30)),
    )
    in_spring = [g for g in history if dt.date(2026, 3, 1) <= g.date <= dt.date(2026, 4, 30)]
    assert lines(spring) == rated(in_spring, "cow.elo", group="base")

    cup = queries.standings(played, "pages.point", queries.StandingsFilters(event="spring cup"))
    assert lines(cup) == rated(EXTRA[:2], "pages.point")

    duel = queries.standings(played, "cow.elo", queries.StandingsFilters(group="DUEL"))
    assert lines(duel) == rated(history, "cow.elo", group="duel")


def test_a_list_keeping_system_filtered_over_several_lists_needs_one(
    played: League, history: list[Game]
) -> None:
    with pytest.raises(LeagueError) as mixed:
        queries.standings(played, "cow.elo", queries.StandingsFilters(since="2026-05-01"))
    assert mixed.value.field == "list_key"
    assert "base, cities-knights, duel, seafarers" in mixed.value.message
    may = queries.standings(
        played, "cow.elo", queries.StandingsFilters(list_key="duel", since="2026-05-01")
    )
    assert lines(may) == rated(history, "cow.elo", group="duel")


def test_turnabout_standings_filter_events_by_date_and_id(
    played: League, events: list[Event]
) -> None:
    summer = queries.standings(played, "turnabout", queries.StandingsFilters(since="2026-06-01"))
    assert lines(summer) == rated([e for e in events if e.date >= dt.date(2026, 6, 1)], "turnabout")
    one = queries.standings(played, "turnabout", queries.StandingsFilters(event="SPRING-OPEN"))
    assert lines(one) == rated([events[0]], "turnabout")


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"system": "glicko"}, "system"),
        ({"system": "pages.glory", "since": "yesterday"}, "since"),
        ({"system": "pages.glory", "until": "2026-02-30"}, "until"),
    ],
)
def test_standings_refuse_what_the_league_cannot_answer(
    played: League, options: dict[str, Any], field: str
) -> None:
    system = options.pop("system")
    asked = queries.StandingsFilters(**options)
    with pytest.raises(LeagueError) as refused:
        queries.standings(played, system, asked)
    assert refused.value.field == field


def test_a_system_the_league_does_not_keep_is_refused(played: League) -> None:
    played.systems = ["cow.elo"]
    played.save()
    for read in (
        lambda: queries.standings(played, "pages.glory"),
        lambda: queries.standings(played, "pages.glory", queries.StandingsFilters(city="Bonn")),
        lambda: queries.player_history(played, "Ann", "pages.glory"),
    ):
        with pytest.raises(LeagueError) as refused:
            read()
        assert refused.value.field == "system"
        assert "does not keep pages.glory; it keeps cow.elo" in refused.value.message


def test_the_elo_list_of_a_group(played: League, history: list[Game]) -> None:
    assert lines(queries.elo_list(played, "Duel")) == rated(history, "cow.elo", group="duel")
    assert lines(queries.elo_list(played, "base")) == rated(history, "cow.elo", group="base")
    with pytest.raises(LeagueError) as unknown:
        queries.elo_list(played, "junior")
    assert unknown.value.field == "group"
    assert "it has: base, cities-knights, duel, seafarers" in unknown.value.message
    with pytest.raises(LeagueError) as several:
        queries.elo_list(played)
    assert several.value.field == "list_key"


def test_a_league_without_games_has_empty_lists(league: League) -> None:
    assert queries.elo_list(league, "base").standings == ()
    assert queries.monthly_list(league, "2026-05", city="Bonn").entries == ()
    assert queries.annual_list(league, 2026).entries == ()
    assert all(standings == () for standings in queries.leaders(league).values())
    assert queries.latest_results(league) == []


def test_leaders_are_each_systems_first_lines(played: League) -> None:
    top = queries.leaders(played, top=3)
    several = {"cow.elo", "area", "skill"}  # lists per game group, per title: read one by one
    assert list(top) == [name for name in played.systems if name not in several]
    for name, standings in top.items():
        assert standings == ratings(played, name).standings[:3]


@pytest.mark.parametrize("top", [1, 2, 3, 4, 5, 6, 7])
def test_the_first_lines_read_alone_are_the_lists_own_with_ties_at_the_edge(
    league: League, top: int
) -> None:
    """The leaders read only a stored list's best rows and those that tie with the last of them
    (equal to nine decimals), and rank them as the whole list ranks them."""
    scores = {"Ann": 10.0, "ben": 9.0, "Cleo": 8.0000000002, "Bea": 8.0, "eve": 8.0, "Finn": 7.5}
    RatingState.objects.bulk_create(
        RatingState(league=league, system="pages.point", player=p, rating=r, games=i + 1)
        for i, (p, r) in enumerate(scores.items())
    )
    whole = ratings(league, "pages.point").standings
    assert [s.rank for s in whole] == [1, 2, 3, 3, 3, 6]
    assert first_lines(league, "pages.point", top) == whole[:top]


# -- ranking lists -----------------------------------------------------------------------------


def test_monthly_open_and_annual_lists_are_the_engines(played: League, history: list[Game]) -> None:
    cases = [
        (queries.monthly_list(played, "2026-02", city="Bonn", group="base"),
         engine_lists.monthly_list(history, month="2026-02", city="Bonn", group="base")),
        (queries.open_list(played, "2026-03", group="base"),
         engine_lists.monthly_list(history, month="2026-03", group="base")),
        (queries.monthly_list(played, "2026-01", city="Köln", group="base", score="total"),
         engine_lists.monthly_list(history, month="2026-01", city="Köln", group="base",
                                   score="total")),
        (queries.annual_list(played, 2026, city="Bonn", group="base"),
         engine_lists.annual_list(history, year=2026, city="Bonn", group="base")),
        (queries.annual_list(played, "2026", group="base"),
         engine_lists.annual_list(history, year=2026, group="base")),
    ]  # fmt: skip
    for got, expected in cases:
        assert got == expected
        assert got.entries


def test_the_monthly_list_uses_the_leagues_score_setting(
    played: League, history: list[Game]
) -> None:
    played.monthly_score = "total"
    played.save()
    got = queries.monthly_list(played, "2026-02", city="Bonn", group="base")
    assert got == engine_lists.monthly_list(
        history, month="2026-02", city="Bonn", group="base", score="total"
    )


def test_a_late_evening_game_counts_in_the_month_of_the_leagues_day(
    league: League, official: User
) -> None:
    """In Berlin (UTC+2 in summer), 21:30 UTC on 31 May is still May; 22:30 UTC is 1 June."""
    players = ["Ann", "Ben", "Cleo"]
    for hour, month in ((21, "may"), (22, "june")):
        played_at = dt.datetime(2026, 5, 31, hour, 30, tzinfo=dt.UTC)
        day = local_date(league, played_at)
        for n in range(7):
            seats = [(p, 10 - i) for i, p in enumerate(players)]
            record_game(league, catan(f"{month}{n}", day.isoformat(), seats), official,
                        played_at=played_at)  # fmt: skip
    for month, first in (("2026-05", "may0"), ("2026-06", "june0")):
        listed = queries.monthly_list(league, month, group="base")
        assert [(e.player, e.place) for e in listed.entries] == [
            ("Ann", 1),
            ("Ben", 2),
            ("Cleo", 3),
        ]
        assert all(
            isinstance(e, engine_lists.MonthlyEntry) and e.games == 7 for e in listed.entries
        )
        stored = GameRecord.objects.get(external_id=first)
        assert stored.date.isoformat()[:7] == month


@pytest.mark.parametrize(
    ("read", "field"),
    [
        (lambda lg: queries.monthly_list(lg, "2026-13", group="base"), "month"),
        (lambda lg: queries.monthly_list(lg, "March", group="base"), "month"),
        (lambda lg: queries.monthly_list(lg, "2026-05"), "group"),
        (lambda lg: queries.monthly_list(lg, "2026-05", group="base", score="median"), "score"),
        (lambda lg: queries.annual_list(lg, "twenty", group="base"), "year"),
        (lambda lg: queries.annual_list(lg, 0, group="base"), "year"),
        (lambda lg: queries.annual_list(lg, 2026), "group"),
    ],
)
def test_bad_list_requests_name_the_field(played: League, read: Any, field: str) -> None:
    with pytest.raises(LeagueError) as refused:
        read(played)
    assert refused.value.field == field


# -- a player's history and a game's explanation ------------------------------------------------


@pytest.mark.parametrize("system", ["cow.elo", "pages.elo", "area", "pages.glory"])
def test_a_players_history_is_the_replay_game_by_game(
    played: League, history: list[Game], system: str
) -> None:
    engine = get_system(system)
    assert isinstance(engine, ReplaySystem)
    entries = queries.player_history(played, "ann", system)
    assert entries, "Ann plays in the sample season"
    mine = [g for g in history if engine.refusal(g) is None and "Ann" in _seated(g)]
    rated_in = [g.id for g in mine if "Ann" in engine.explain(history, g.id).changes]
    assert [e.game for e in entries] == rated_in
    counts: dict[str, int] = {}
    for entry in entries:
        expected = engine.explain(history, entry.game)
        assert entry.explanation == expected
        assert (entry.before, entry.after) == (expected.before["Ann"], expected.after["Ann"])
        assert entry.change == pytest.approx(expected.changes["Ann"])
        assert entry.player == "Ann"
        assert sum(t.amount for t in entry.terms) == pytest.approx(entry.change)
        counts[entry.list_key] = counts.get(entry.list_key, 0) + 1
        assert entry.games == counts[entry.list_key]


def _seated(game: Game) -> set[str]:
    return {seat.player for seat in game.seats}


def test_the_elo_history_itemises_each_opponent(played: League) -> None:
    entry = queries.player_history(played, "Ann", "cow.elo", list_key="duel")[0]
    assert (entry.game, entry.list_key) == ("duel-1", "duel")
    assert [t.opponent for t in entry.terms] == ["Ben"]


def test_turnabout_history_explains_each_event(played: League, events: list[Event]) -> None:
    turnabout = get_system("turnabout")
    entries = queries.player_history(played, "Ann", "turnabout")
    assert [e.game for e in entries] == ["spring-open", "summer-cup"]
    for entry in entries:
        assert entry.explanation == turnabout.explain(events, entry.game)


def test_history_refusals(played: League) -> None:
    with pytest.raises(LeagueError) as nobody:
        queries.player_history(played, "Zed", "cow.elo")
    assert (nobody.value.field, nobody.value.message) == (
        "player", "league 'bonn-koeln' has no player 'Zed'"
    )  # fmt: skip
    with pytest.raises(LeagueError) as combined:
        queries.player_history(played, "Ann", "pages.combined")
    assert combined.value.field == "system"
    assert queries.player_history(played, "Ann", "cow.elo", list_key="junior") == []


def test_game_explanations_are_the_replays_for_each_system_that_rates_it(
    played: League, history: list[Game]
) -> None:
    for game_id in ("bo-sub", "kremlin-1", "b17-1", "cup-2", "duel-1"):
        record = GameRecord.objects.get(league=played, external_id=game_id)
        explained = queries.game_explanations(record)
        expected = {}
        for name in played.systems:
            engine = get_system(name)
            if isinstance(engine, ReplaySystem) and engine.record_type is Game:
                game = record.to_record()
                if engine.refusal(game) is None:
                    expected[name] = engine.explain(history, game_id)
        assert explained == expected
        assert explained


def test_an_unconfirmed_game_has_no_explanations(league: League, official: User) -> None:
    add_player(league, "Ann", by=CONSOLE, account=User.objects.create_user("ann"))
    add_player(league, "Ben", by=CONSOLE)
    game = catan("p1", "2026-03-01", [("Ann", 10), ("Ben", 7)])
    pending = submit_game(league, game, User.objects.get(username="ann"))
    assert queries.game_explanations(pending) == {}


# -- preview -----------------------------------------------------------------------------------


def test_preview_is_what_recording_the_game_then_does(played: League, official: User) -> None:
    game = catan("next", "2026-07-01", [("ANN", 10), ("Ben", 9), ("Newcomer", 4)], city="Bonn")
    stored = RatingState.objects.count()
    shown = queries.preview(played, game)
    assert RatingState.objects.count() == stored  # a preview writes nothing
    batch = ("pages.combined", "turnabout", "skill")  # they move no number game by game
    assert set(shown) == {n for n in played.systems if n not in batch}
    assert set(shown["cow.elo"]) == {"Ann", "Ben", "Newcomer"}  # as the league spells them
    before = {name: _by_player(played, name) for name in shown}
    record_game(played, game, official)
    for name, changes in shown.items():
        engine = get_system(name)
        assert isinstance(engine, ReplaySystem)
        after = _by_player(played, name)
        for player, change in changes.items():
            start = before[name].get(player, engine.initial_rating())
            assert after[player] == pytest.approx(start + change)


def _by_player(league: League, system: str) -> dict[str, float]:
    key = "base" if system == "cow.elo" else "catan" if system == "area" else None
    return {s.player: s.rating for s in ratings(league, system, key).standings}


def test_preview_leaves_out_the_systems_that_do_not_rate_the_game(played: League) -> None:
    kremlin = new_game(
        id="k9", date=dt.date(2026, 6, 1), game="Kremlin",
        seats=[{"player": "Ann", "winner": True}, {"player": "Ben"}, {"player": "Cleo"}],
    )  # fmt: skip
    assert set(queries.preview(played, kremlin)) == {"area"}
    no_vp = new_game(
        id="n1", date=dt.date(2026, 6, 1),
        seats=[{"player": "Ann", "winner": True}, {"player": "Ben"}, {"player": "Cleo"}],
    )  # fmt: skip
    shown = queries.preview(played, no_vp)
    cannot = set()
    for name in played.systems:
        engine = get_system(name)
        if isinstance(engine, ReplaySystem) and engine.record_type is Game:
            try:
                engine.changes(no_vp, {})
            except RatingError:
                cannot.add(name)
    assert cannot, "some system needs VP"
    assert shown
    assert not cannot & set(shown)


# -- results -----------------------------------------------------------------------------------


def test_latest_results_are_confirmed_newest_first_in_bounded_queries(
    played: League, official: User, season: list[Game]
) -> None:
    void_game(GameRecord.objects.get(league=played, external_id="duel-1"), official, "wrong")
    with CaptureQueriesContext(connection) as counted:
        latest = queries.latest_results(played, limit=5)
        seats = [[(s.player.name, {v.source: v.vp for v in s.sources.all()}) for s in r.seats.all()]
                 for r in latest]  # fmt: skip
    in_order = sorted(enumerate(season), key=lambda item: (item[1].date, item[0]), reverse=True)
    newest = [game.id for _, game in in_order]
    assert [row.external_id for row in latest] == ["cup-2", "cup-1", *newest[:3]]
    assert seats[0] == [("Ben", {}), ("Cleo", {}), ("Ann", {}), ("Dora", {})]
    assert len(counted) <= 3  # games, seats with players, VP sources: not one query per row


def test_pending_for_a_player_and_for_officials(league: League, official: User) -> None:
    ann, ben = User.objects.create_user("ann"), User.objects.create_user("ben")
    second = User.objects.create_user("second")
    league.officials.add(official, second)
    add_player(league, "Ann", by=CONSOLE, account=ann)
    add_player(league, "Ben", by=CONSOLE, account=ben)
    by_ann = submit_game(league, catan("p1", "2026-03-01", [("Ann", 10), ("Ben", 7)]), ann)
    entered = submit_game(league, catan("p2", "2026-03-02", [("Ann", 10), ("Cleo", 7)]), official)
    record_game(league, catan("done", "2026-03-03", [("Ben", 10), ("Ann", 7)]), official)

    assert [r.external_id for r in queries.pending_for(ben)] == ["p1"]
    assert [r.external_id for r in queries.pending_for(ann)] == ["p2"]  # p1 signed by submitting
    assert [r.external_id for r in queries.pending_for(second)] == ["p2"]
    assert queries.pending_for(official) == []  # entered it: another official signs

    confirm(by_ann, Player.objects.get(name="Ben"), ben)
    confirm(entered, OFFICIAL, second)
    for user in (ann, ben, second, official):
        assert queries.pending_for(user) == []


def test_pending_for_one_league_only(league: League, official: User) -> None:
    ann = User.objects.create_user("ann")
    other = League.objects.create(name="Other", slug="other")
    for where, game_id in ((league, "a1"), (other, "b1")):
        add_player(where, "Ann", by=CONSOLE, account=ann)
        record_game(where, catan(game_id, "2026-03-01", [("Ben", 10), ("Ann", 7)]), official,
                    status=RecordStatus.SUBMITTED)  # fmt: skip
    with CaptureQueriesContext(connection) as counted:
        every = queries.pending_for(ann)
        seats = [[s.player.name for s in r.seats.all()] for r in every]
    assert [r.external_id for r in every] == ["a1", "b1"]
    assert seats == [["Ben", "Ann"], ["Ben", "Ann"]]
    assert len(counted) <= 4
    assert [r.external_id for r in queries.pending_for(ann, other)] == ["b1"]


def test_event_standings_are_the_tournament_standings_of_its_games(
    played: League, history: list[Game]
) -> None:
    got = queries.event_standings(played, "SPRING CUP", seed=7)
    expected = tournament_standings(history, event="SPRING CUP", seed=7)
    assert got == expected
    assert got.rows[0].separated_by is None
    assert all(row.separated_by for row in got.rows[1:])
    assert got.scoring.name == "wins"  # the one default, as `tablerank standings` has it
    chosen = queries.event_standings(played, "Spring Cup", scoring="5-3-2-1")
    assert chosen.scoring.name == "5-3-2-1"


@pytest.mark.parametrize(
    ("event", "scoring", "field"),
    [("Winter Cup", "5-3-2-1", "event"), ("Spring Cup", "9-9-9", "scoring")],
)
def test_event_standings_refusals(played: League, event: str, scoring: str, field: str) -> None:
    with pytest.raises(LeagueError) as refused:
        queries.event_standings(played, event, scoring=scoring)
    assert refused.value.field == field


def test_the_games_of_some_players_are_found_ignoring_case(
    played: League, history: list[Game]
) -> None:
    """The games where one of the names holds a seat, in play order; none for names the
    league does not have."""
    ann = [g.id for g in history if any(s.player.casefold() == "ann" for s in g.seats)]
    assert ann
    assert [g.id for _, _, g in played_games(played.pk, players={"ANN"})] == ann
    assert list(played_games(played.pk, players={"nobody", "no one"})) == []


def test_skills_explanation_of_every_game_is_the_engines_over_its_title(
    played: League, history: list[Game]
) -> None:
    """Read from the game and the games before it only, it is what the engine says over the
    whole history of the game's title; None for a game skill does not rate or the league
    does not have."""
    skill = Skill()
    for game in history:
        same_title = [g for g in history if g.game == game.game]
        expected = None if skill.refusal(game) else skill.explain(same_title, game.id)
        assert queries.skill_explanation(played, game.id) == expected, game.id
    assert queries.skill_explanation(played, "no such game") is None


def test_every_games_explanation_is_the_replays(played: League, history: list[Game]) -> None:
    """Abandoned seats, substitutes, free accounts, solitaire and other titles included."""
    records = GameRecord.objects.filter(league=played).select_related("league")
    for record in records:
        explained = queries.game_explanations(record)
        for name, explanation in explained.items():
            assert explanation == get_system(name).explain(history, record.external_id), name


@pytest.mark.django_db
def test_the_api_and_the_web_list_games_by_one_query(league: League, official: User) -> None:
    """`games_recorded` is the games list of every door: the web's (`games_played`, the
    confirmed ones) and the API's (any status, dates); a name typed in decomposed Unicode or
    another case finds its player's games."""
    for game_id, day, second in (("g1", "2026-03-01", "Zoë"), ("g2", "2026-03-02", "Ben")):
        sent = {
            "id": game_id, "date": day, "game": "catan",
            "seats": [{"player": "Ann", "vp": 10, "winner": True}, {"player": second, "vp": 6}],
        }  # fmt: skip
        record_game(league, game_from_dict(sent), official)
    typed = "ZOE\u0308"
    assert [g.external_id for g in queries.games_recorded(league, player=typed)] == ["g1"]
    assert [g.external_id for g in queries.games_played(league, player=typed)] == ["g1"]
    assert [g.external_id for g in queries.games_recorded(league)] == ["g2", "g1"]
    march_2 = dt.date(2026, 3, 2)
    assert [g.external_id for g in queries.games_recorded(league, since=march_2)] == ["g2"]
    assert [g.external_id for g in queries.games_recorded(league, until=march_2)] == ["g2", "g1"]
    assert list(queries.games_recorded(league, status="voided")) == []


@pytest.mark.django_db
def test_a_game_id_finds_the_live_game_else_the_latest_voided_one(
    league: League, official: User
) -> None:
    """`find_game` is how every door reads a game by its id (the web's page, the API, the
    command line): the live record, else the latest voided one; `require_game` refuses an id
    the league has not with `NotFound` (404 on the API and the web, exit 2 on the CLI)."""
    sent = {
        "id": "g1", "date": "2026-03-01", "game": "catan",
        "seats": [{"player": "Ann", "vp": 10, "winner": True}, {"player": "Ben", "vp": 6}],
    }  # fmt: skip
    first = record_game(league, game_from_dict(sent), official)
    assert queries.find_game(league, "g1") == first
    void_game(first, official, "typo")
    assert queries.find_game(league, "g1") == first
    again = record_game(league, game_from_dict(sent), official)
    assert queries.require_game(league, "g1") == again
    assert queries.find_game(league, "g2") is None
    with pytest.raises(NotFound, match="has no game 'g2'"):
        queries.require_game(league, "g2")
