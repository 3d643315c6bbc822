"""A database with rows in every table a backup holds, written through the services, and
every table read back for comparing two databases row by row."""

from __future__ import annotations

import dataclasses
import datetime as dt
from typing import Any

from django.contrib.admin.models import ADDITION, LogEntry
from django.contrib.auth.models import Group, Permission, User
from django.contrib.contenttypes.models import ContentType

from tablerank.api.models import ApiToken
from tablerank.league import services
from tablerank.league.models import GameRecord, RecordStatus
from tablerank.league.services import tournament_rounds, tournaments
from tablerank.league.store.backup_tables import Table, encoders, tables
from tablerank.web import demo

TODAY = dt.date(2026, 11, 21)


def fill() -> None:
    """The demo league (games confirmed, submitted, disputed; signatures; events; roles;
    accounts with passwords), then a void, a correction, a rename, a pending invitation, a
    settings change, a tournament with a seated round and a result, tokens, a group with a
    permission and an admin log entry."""
    league = demo.load(TODAY).league
    admin = User.objects.get(username=demo.ADMIN)
    confirmed = GameRecord.objects.filter(league=league, status=RecordStatus.CONFIRMED)
    first, second = confirmed.order_by("date", "sequence")[:2]
    services.void_game(first, admin, "entered twice")
    record = second.to_record()
    services.correct_game(
        second, dataclasses.replace(record, id=f"{record.id}-fixed"), admin, "typo"
    )
    ben = services.player_named(league, "Ben")
    services.rename_player(ben, "Benedikt", by=admin, why="full name")
    stranger = User.objects.create_user("stranger", password="not-the-demo")
    services.invite_account(services.add_player(league, "Stra", by=admin), stranger, by=admin)
    services.change_settings(league, {"one_official_is_enough": True}, by=admin)
    event = tournaments.create_tournament(league, admin, name="Winter Open", rounds=2)
    tournaments.register_players(
        event, ["Ann", "Cleo", "Kai", "Mia", "Ola", "Pia"], admin, checked_in=True
    )
    seated = tournament_rounds.seat_next_round(event, admin)
    table = seated.tables[0]
    sheet = [
        {"player": p, "vp": 5 + 5 * (n == 0), "winner": n == 0} for n, p in enumerate(table.seats)
    ]
    tournament_rounds.enter_result(event, 1, table.number, sheet, admin)
    services.issue_token(admin, "laptop")
    revoked, _ = services.issue_token(stranger)
    ApiToken.objects.filter(pk=revoked.pk).update(revoked=True)
    services.grant_role(league, stranger, services.Role.OFFICIAL, by=admin)  # an offer, pending
    made = services.add_player(league, "Newt", by=admin)
    services.link_by_username(made, "newt", by=admin)  # an account the league made
    group = Group.objects.create(name="helpers")
    group.permissions.add(Permission.objects.get(codename="view_user"))
    stranger.groups.add(group)
    stranger.user_permissions.add(Permission.objects.get(codename="change_user"))
    LogEntry.objects.create(
        user=admin,
        content_type=ContentType.objects.get_for_model(User),
        object_id=str(stranger.pk),
        object_repr="stranger",
        action_flag=ADDITION,
        change_message="[]",
    )


def every_row() -> dict[str, list[Any]]:
    """Every table a backup holds, row by row in pk order, as the backup writes values."""
    return {table.label: _rows(table) for table in tables()}


def _rows(table: Table) -> list[Any]:
    convert = encoders(table)
    rows = table.model._base_manager.order_by("pk").values_list(*table.attnames)
    return [
        [value if f is None else f(value) for f, value in zip(convert, row, strict=True)]
        for row in rows
    ]
