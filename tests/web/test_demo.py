"""The demo league `tablerank serve --demo` fills: believable, recent, loaded once."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tablerank.catan.validation import validate
from tablerank.engine.records import GameClass
from tablerank.league import queries, services
from tablerank.league.models import EventRecord, GameRecord, League, Player, RecordStatus
from tablerank.web import demo

TODAY = dt.date(2026, 11, 21)


@pytest.fixture
def loaded(db: None) -> demo.Loaded:
    return demo.load(TODAY)


def test_loading_twice_keeps_one_league_and_changes_nothing(loaded: demo.Loaded) -> None:
    counts = (GameRecord.objects.count(), EventRecord.objects.count(), User.objects.count())
    again = demo.load(TODAY)
    assert loaded.created
    assert not again.created
    assert again.league.pk == loaded.league.pk
    assert (GameRecord.objects.count(), EventRecord.objects.count(), User.objects.count()) == counts
    assert League.objects.filter(slug=demo.SLUG).count() == 1


def test_the_season_ends_in_the_week_before_today(loaded: demo.Loaded) -> None:
    last = GameRecord.objects.filter(league=loaded.league).latest("date").date
    assert TODAY - dt.timedelta(days=7) <= last < TODAY
    assert last.weekday() == dt.date(2026, 8, 23).weekday()  # moved by whole weeks


def test_the_season_is_believable(loaded: demo.Loaded) -> None:
    league = loaded.league
    confirmed = GameRecord.objects.filter(league=league, status=RecordStatus.CONFIRMED)
    assert loaded.games == confirmed.count() >= 300
    assert set(confirmed.values_list("city", flat=True)) >= {"Bonn", "Köln", "Düsseldorf"}
    assert len(confirmed.dates("date", "month")) >= 4
    assert set(confirmed.values_list("variant", flat=True)) >= {
        "base",
        "cities-knights",
        "seafarers",
    }
    assert set(confirmed.values_list("title", flat=True)) >= {"catan", "Kremlin", "Carcassonne"}
    assert confirmed.exclude(event="").values("event").distinct().count() == 1
    assert EventRecord.objects.filter(league=league).count() == 2
    assert Player.objects.filter(league=league).count() >= 20
    assert confirmed.filter(seats__sources__isnull=False).distinct().count() > 100


def test_every_catan_score_sheet_passes_validation(loaded: demo.Loaded) -> None:
    games = services.confirmed_history(loaded.league)
    assert all(finding.ok for finding in validate(games))


def test_some_results_wait_for_signatures_and_one_is_disputed(loaded: demo.Loaded) -> None:
    league = loaded.league
    pending = GameRecord.objects.filter(league=league, status=RecordStatus.SUBMITTED)
    assert loaded.pending == 4
    assert pending.count() == 3
    disputed = GameRecord.objects.get(league=league, status=RecordStatus.DISPUTED)
    assert services.verification(disputed).summary == "disputed by Ben"
    ann = User.objects.get(username=demo.SIGN_IN_AS)
    waiting = queries.pending_for(ann, league)
    assert len(waiting) == 3  # her seat at each pending table
    assert {r.game_class for r in waiting} == {GameClass.WTA.value, GameClass.TWO.value}


def test_the_demo_roles_and_accounts(loaded: demo.Loaded, client: Client) -> None:
    league = loaded.league
    roles = {name: services.roles_of(league, User.objects.get(username=name)) for name in
             [*demo.PLAYERS, demo.ADMIN, demo.OFFICIAL]}  # fmt: skip
    assert roles[demo.ADMIN] == {services.Role.ADMIN}
    assert roles[demo.OFFICIAL] == {services.Role.OFFICIAL}
    assert all(roles[name] == {services.Role.PLAYER} for name in demo.PLAYERS)
    for name in [*demo.PLAYERS, demo.ADMIN, demo.OFFICIAL]:
        assert client.login(username=name, password=demo.PASSWORD), name
    assert not client.login(username=demo.SIGN_IN_AS, password="wrong")


def test_the_demo_league_home_greets_ann_with_her_results_to_confirm(
    loaded: demo.Loaded, client: Client
) -> None:
    client.force_login(User.objects.get(username=demo.SIGN_IN_AS))
    body = client.get(reverse("league-home", args=[demo.SLUG])).content.decode()
    assert demo.NAME in body
    assert 'callout-count">3<' in body


def test_existing_accounts_keep_their_passwords(db: None) -> None:
    User.objects.create_user("ann", password="her-own")
    demo.load(TODAY)
    assert User.objects.get(username="ann").check_password("her-own")
