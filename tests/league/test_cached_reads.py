"""Cached reads (`store.cache`, `queries`): a second read is served from the cache, and
every write that changes what pages show bumps the league's revision, so the next read is the
new state, never a stale one. Pages (`league.queries.paging`) cut long lists.

These tests run outside a transaction (`transactional_db`): inside one nothing is cached."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from tablerank.engine.records import Game, new_game
from tablerank.league import queries, services
from tablerank.league.errors import LeagueError
from tablerank.league.models import GameRecord, League
from tablerank.league.queries import lists, tables
from tablerank.league.queries.paging import MAX_LIMIT, PastTheEnd, page_of
from tablerank.league.services.roles import Role
from tablerank.league.store.bulk import table
from tablerank.league.store.revisions import revision_of
from tablerank.league.store.snapshot import in_snapshot, snapshot
from tests.engine.builders import field_of

pytestmark = pytest.mark.usefixtures("transactional_db", "empty_read_cache")


@pytest.fixture
def played(league: League, official: User, season: list[Game]) -> League:
    """The league with the season's first 20 games confirmed."""
    services.record_games(league, season[:20], official)
    return league


def _fresh(league: League) -> League:
    return League.objects.get(pk=league.pk)


def test_a_second_read_comes_from_the_cache(played: League, django_assert_num_queries: Any) -> None:
    first = queries.standings(played, "pages.point")
    with django_assert_num_queries(1):  # the league's revision, nothing else
        again = queries.standings(played, "pages.point")
    assert again == first == tables.standings(played, "pages.point")


def test_reads_are_cached_per_question(played: League) -> None:
    month = "2026-01"
    bonn = queries.monthly_list(played, month, city="Bonn", group="base")
    koeln = queries.monthly_list(played, month, city="Köln", group="base")
    assert bonn == lists.monthly_list(played, month, city="Bonn", group="base")
    assert koeln == lists.monthly_list(played, month, city="Köln", group="base")
    assert bonn != koeln


def test_errors_are_not_cached(played: League) -> None:
    for _ in range(2):
        with pytest.raises(LeagueError, match="expected a month like 2026-03"):
            queries.monthly_list(played, "March")


def test_a_read_snapshot_is_cached(played: League) -> None:
    """A snapshot (`league.store.snapshot`, every page's and API read's) reads only what was
    committed: what it computes is cached like a read outside any transaction."""
    with snapshot():
        assert in_snapshot()
        SKILL(played)
    with snapshot(), CaptureQueriesContext(connection) as again:
        SKILL(played)
    assert not _read_the_games(again)
    assert not in_snapshot()


def test_nothing_is_cached_inside_a_transaction(played: League) -> None:
    """A transaction may be rolled back, and a later write take its revision again. (Skill's
    table: fitted from the games on every read it is not cached; the lists' months are kept
    in the database, within the transaction: tests/league/test_list_months.py.)"""
    with transaction.atomic():
        SKILL(played)
        with CaptureQueriesContext(connection) as again:
            SKILL(played)
    assert _read_the_games(again)
    with CaptureQueriesContext(connection) as outside:
        SKILL(played)
    assert _read_the_games(outside)  # the transaction left nothing in the cache
    with CaptureQueriesContext(connection) as cached:
        SKILL(played)
    assert not _read_the_games(cached)


def _read_the_games(run: CaptureQueriesContext) -> bool:
    """Whether the read ran a query of the games' table (a cached read asks the revision only)."""
    return any(table(GameRecord) in query["sql"] for query in run.captured_queries)


def _record(league: League, by: User) -> None:
    services.record_game(league, _game("new-1", "Greta", "Zora"), by)


def _void(league: League, by: User) -> None:
    record = GameRecord.objects.get(league=league, external_id="bo-001")
    services.void_game(record, by, "entered twice")


def _correct(league: League, by: User) -> None:
    record = GameRecord.objects.get(league=league, external_id="bo-001")
    services.correct_game(record, _game("bo-001", "Zora", "Greta"), by, "wrong winner")


def _confirm(league: League, by: User) -> None:
    """The last signature of a submitted result (see `_submitted`)."""
    record = GameRecord.objects.get(league=league, external_id="new-2")
    services.confirm(record, services.player_named(league, "Cleo"), _account(league, "Cleo"))


def _submitted(league: League, by: User) -> None:
    """Greta submits a result of Greta, Emre and Cleo; Emre confirms, Cleo has not yet."""
    for name in ("Greta", "Emre", "Cleo"):
        services.link_by_username(services.player_named(league, name), name.lower(), by=by)
    record = services.submit_game(
        league, _game("new-2", "Greta", "Emre"), _account(league, "Greta")
    )
    services.confirm(record, services.player_named(league, "Emre"), _account(league, "Emre"))


def _account(league: League, name: str) -> User:
    user = services.player_named(league, name).user
    assert user is not None
    return user


def _event(league: League, by: User) -> None:
    services.record_event(league, field_of(4, id="cup"), by)


def _settings(league: League, by: User) -> None:
    systems = [name for name in league.systems if name != "pages.point"]
    services.change_settings(league, {"systems": systems}, by=by)


def _game(game_id: str, winner: str, loser: str) -> Game:
    return new_game(
        id=game_id,
        date="2026-01-31",
        city="Bonn",
        seats=[
            {"player": winner, "vp": 10, "winner": True},
            {"player": loser, "vp": 4},
            {"player": "Cleo", "vp": 5},
        ],
    )


Read = Callable[[League], object]
STANDINGS: Read = lambda league: queries.standings(league, "pages.point")  # noqa: E731
CATAN = queries.StandingsFilters(list_key="catan")
SKILL: Read = lambda league: queries.standings(league, "skill", CATAN)  # noqa: E731
LEADERS: Read = queries.leaders
TURNABOUT: Read = lambda league: queries.standings(league, "turnabout")  # noqa: E731
Uncached = Callable[[League], object]
UNCACHED: dict[int, Uncached] = {
    id(STANDINGS): lambda league: tables.standings(league, "pages.point"),
    id(LEADERS): tables.leaders,
    id(TURNABOUT): lambda league: tables.standings(league, "turnabout"),
}


@pytest.mark.parametrize(
    ("write", "read"),
    [
        (_record, STANDINGS),
        (_void, STANDINGS),
        (_correct, STANDINGS),
        (_confirm, STANDINGS),
        (_event, TURNABOUT),
        (_settings, LEADERS),
    ],
    ids=["record", "void", "correct", "confirm", "event", "settings"],
)
def test_a_write_changes_the_revision_and_what_is_read(
    played: League, official: User, write: Callable[[League, User], None], read: Read
) -> None:
    if write is _confirm:
        _submitted(played, official)
    before, was = revision_of(played.pk), read(_fresh(played))
    assert read(_fresh(played)) == was  # now cached
    write(_fresh(played), official)
    assert revision_of(played.pk) > before
    now = read(_fresh(played))
    assert now != was
    assert now == UNCACHED[id(read)](_fresh(played))


def test_a_league_object_read_before_a_write_reads_what_it_wrote(
    played: League, official: User
) -> None:
    """The revision comes from the database, not from the object."""
    was = STANDINGS(played)
    _record(played, official)
    assert STANDINGS(played) != was
    assert STANDINGS(played) == tables.standings(_fresh(played), "pages.point")


def _link(league: League, by: User) -> None:
    services.link_by_username(services.player_named(league, "Greta"), "greta", by=by)


def _grant(league: League, by: User) -> None:
    referee = _user("ref")
    offer = services.grant_role(league, referee, Role.OFFICIAL, by=by)
    assert offer is not None
    services.accept_invitation(offer, by=referee)


def _unlink(league: League, by: User) -> None:
    services.unlink_account(services.player_named(league, "Greta"), by=by)


@pytest.mark.parametrize(
    "writes",
    [
        [lambda league, by: services.add_player(league, "Zora", by=by)],
        [_grant],
        [lambda league, by: services.revoke_role(league, by, Role.ADMIN, by=by)],
        [_link],
        [_link, _unlink],
    ],
    ids=["player", "grant", "revoke", "link", "unlink"],
)
def test_members_and_roles_change_the_revision(
    played: League, official: User, writes: list[Callable[[League, User], Any]]
) -> None:
    if writes[0] is not _link:
        played.admins.add(_user("second-admin"))
    for write in writes:
        before = revision_of(played.pk)
        write(_fresh(played), official)
        assert revision_of(played.pk) > before


def _user(name: str) -> User:
    return User.objects.create_user(name)


def test_settings_saved_from_a_stale_league_object_do_not_put_the_revision_back(
    played: League, official: User
) -> None:
    stale = _fresh(played)
    _record(played, official)
    recorded = revision_of(played.pk)
    services.change_settings(stale, {"monthly_score": "total"}, by=official)
    assert revision_of(played.pk) > recorded


# -- pages ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("count", "number", "limit", "rows", "pages"),
    [
        (0, 1, 100, [], 1),
        (5, 1, 2, [0, 1], 3),
        (5, 3, 2, [4], 3),
        (4, 2, 2, [2, 3], 2),
        (250, 3, 100, list(range(200, 250)), 3),
    ],
)
def test_page_of(count: int, number: int, limit: int, rows: list[int], pages: int) -> None:
    page = page_of(list(range(count)), number, limit)
    assert list(page.rows) == rows
    assert (page.pages, page.count, page.first, page.last) == (
        pages,
        count,
        (number - 1) * limit,
        (number - 1) * limit + len(rows),
    )
    assert page.has_next == (number < pages)
    assert page.has_previous == (number > 1)


@pytest.mark.parametrize(("count", "number"), [(0, 2), (4, 3), (5, 4)])
def test_a_page_past_the_last_is_refused(count: int, number: int) -> None:
    with pytest.raises(PastTheEnd, match=f"page {number} is past the last page"):
        page_of(list(range(count)), number, 2)


@pytest.mark.parametrize(
    ("number", "limit", "field"), [(0, 10, "page"), (-1, 10, "page"), (1, 0, "limit"),
                                   (1, MAX_LIMIT + 1, "limit")]
)  # fmt: skip
def test_bad_page_numbers_and_sizes_are_refused(number: int, limit: int, field: str) -> None:
    with pytest.raises(LeagueError) as caught:
        page_of([1, 2, 3], number, limit)
    assert caught.value.field == field
    assert not isinstance(caught.value, PastTheEnd)


def test_a_page_keeps_its_rows_type() -> None:
    page = page_of(("a", "b", "c"), 2, 2)
    assert dataclasses.astuple(page) == (("c",), 2, 2, 3)


def test_a_backtest_is_ready_once_kept_at_the_leagues_revision(
    played: League, official: User, season: list[Game]
) -> None:
    """The forecasts page shows a kept backtest at once and fetches any other after loading."""
    assert not queries.backtest_ready(played, title="catan")
    queries.backtest(played, title="catan")
    assert queries.backtest_ready(played, title="catan")
    assert not queries.backtest_ready(played, title="kremlin")
    services.record_games(played, season[20:21], official)
    assert not queries.backtest_ready(played, title="catan")


def test_skills_leaders_are_ready_once_read_at_the_revision(played: League, official: User) -> None:
    """The league home shows the leaders of systems fitted on reading at once only when kept
    (`queries.leaders_ready`); a write makes them stale."""
    fitted = ("skill",)
    assert not queries.leaders_ready(played, 3, fitted)
    queries.leaders(played, 3, fitted)
    assert queries.leaders_ready(played, 3, fitted)
    assert queries.leaders_ready(played, 3, ("pages.point",))  # read from stored state
    _record(_fresh(played), official)
    assert not queries.leaders_ready(_fresh(played), 3, fitted)


def test_skills_standings_are_ready_once_read_at_the_revision_as_asked(
    played: League, official: User
) -> None:
    """The standings page shows a table fitted on reading at once only when that very table
    (system and filters) is kept (`queries.standings_ready`); a write makes it stale. Tables
    read from stored state are always ready."""
    assert not queries.standings_ready(played, "skill", queries.StandingsFilters(list_key="catan"))
    queries.standings(played, "skill", queries.StandingsFilters(list_key="catan"))
    assert queries.standings_ready(played, "skill", queries.StandingsFilters(list_key="catan"))
    assert not queries.standings_ready(
        played, "skill", queries.StandingsFilters(list_key="catan", city="Bonn")
    )
    assert not queries.standings_ready(
        played, "skill", queries.StandingsFilters(list_key="catan", since="2026-03-01")
    )
    assert queries.standings_ready(played, "pages.point")
    assert queries.standings_ready(
        played, "cow.elo", queries.StandingsFilters(list_key="base", city="Bonn")
    )
    _record(_fresh(played), official)
    assert not queries.standings_ready(
        _fresh(played), "skill", queries.StandingsFilters(list_key="catan")
    )


def test_skills_leaders_are_ready_once_its_fit_is_kept(
    played: League, official: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The skill standings read at this revision keep the fit the leaders are read from: the
    home page then shows them at once, read from that fit (no second fit)."""
    from tablerank.engine.systems.skill import Skill

    fitted = ("skill",)
    queries.standings(played, "skill", queries.StandingsFilters(list_key="catan"))
    assert queries.leaders_ready(played, 3, fitted)
    monkeypatch.setattr(Skill, "fitted", lambda *args, **kwargs: pytest.fail("fitted again"))
    boards = queries.leaders(played, 3, fitted)
    monkeypatch.undo()
    assert len(boards["skill"]) == 3
    _record(_fresh(played), official)
    assert not queries.leaders_ready(_fresh(played), 3, fitted)


def test_skills_leaders_are_ready_where_the_league_has_several_titles(
    played: League, official: User
) -> None:
    """With games of two titles, the leaders leave skill out: nothing to fit, nothing to wait
    for."""
    seats = [{"player": "Ann", "place": 1}, {"player": "Ben", "place": 2}]
    kremlin = new_game(id="k1", date="2026-03-01", game="Kremlin", seats=seats)
    services.record_game(played, kremlin, official)
    assert queries.leaders_ready(_fresh(played), 3, ("skill",))
    assert "skill" not in queries.leaders(_fresh(played), 3, ("skill",))


def test_skills_standings_and_every_table_asked_share_one_fit_per_revision(
    played: League, official: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The record page asks skill's odds of each table as it is seated: each of them, the
    standings and the home page's leaders read the one fit kept for the revision."""
    from tablerank.engine.systems.skill import Skill

    fits: list[int] = []
    fitted = Skill.fitted

    def counted(self: Skill, *args: Any, **kwargs: Any) -> Any:
        fits.append(1)
        return fitted(self, *args, **kwargs)

    monkeypatch.setattr(Skill, "fitted", counted)
    table = queries.standings(played, "skill", queries.StandingsFilters(list_key="catan"))
    first = queries.predict(played, ("Ann", "Ben"), "skill", "catan")
    queries.predict(played, ("Ben", "Cleo", "Ann"), "skill", "catan")
    assert len(fits) == 1
    assert first[0].strength == next(s.rating for s in table.standings if s.player == "Ann")
    _record(_fresh(played), official)
    queries.predict(_fresh(played), ("Ann", "Ben"), "skill", "catan")
    assert len(fits) == 2


@pytest.mark.parametrize("em", [True, False])
def test_a_refit_after_a_write_starts_from_the_last_fits_spreads(
    played: League, official: User, monkeypatch: pytest.MonkeyPatch, em: bool
) -> None:
    """Where skill's spreads are estimated by EM (more players than `DENSE_LIMIT`), the fit
    after a write starts from the last fit's spreads, and lands where a fit from scratch does
    (strengths within 10⁻⁵ VP); a club's exact fit starts from scratch each time."""
    from tablerank.engine import skill_model
    from tablerank.engine.skill_spread import Spread
    from tablerank.engine.systems.skill import Skill
    from tablerank.league.ratings.skill_columns import skill_fit, skill_observations

    if em:
        monkeypatch.setattr(skill_model, "DENSE_LIMIT", 3)
    starts: list[object] = []
    fitted = Skill.fitted

    def spied(self: Skill, obs: Any, games: int | None = None, near: Any = None) -> Any:
        starts.append(near)
        return fitted(self, obs, games, near)

    monkeypatch.setattr(Skill, "fitted", spied)
    queries.standings(played, "skill", queries.StandingsFilters(list_key="catan"))
    first = skill_fit(played, "catan", Skill())  # the one kept
    _record(_fresh(played), official)
    second = queries.standings(_fresh(played), "skill", queries.StandingsFilters(list_key="catan"))
    assert len(starts) == 2
    assert starts[0] is None
    assert starts[1] == (Spread(first.prior_sd, first.noise_sd) if em else None)
    monkeypatch.setattr(Skill, "fitted", fitted)
    scratch = Skill().fitted(skill_observations(played, "catan", Skill()))
    by_name = {s.player: s.rating for s in second.standings}
    expected = dict(zip(scratch.players, scratch.strength.tolist(), strict=True))
    assert by_name == pytest.approx(expected, abs=1e-5)
