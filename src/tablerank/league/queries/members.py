"""Who is in a league: its players' names, the players an account signs for, the accounts
holding its roles, and the players no account signs for (the members page)."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db.models import Q, QuerySet

from tablerank.league.models import Invitation, League, Player
from tablerank.league.queries.lookups import players_starting
from tablerank.league.services.members import invitations_for
from tablerank.league.store.cache import cached


def player_names(league: League) -> set[str]:
    """The league's players' names (cached per revision)."""
    return cached(
        league,
        "player names",
        (),
        lambda: set(Player.objects.filter(league=league).values_list("name", flat=True)),
    )


def players_count(league: League) -> int:
    return Player.objects.filter(league=league).count()


def has_players(league: League) -> bool:
    return Player.objects.filter(league=league).exists()


def player_by_id(league: League, pk: int) -> Player | None:
    """The league's player with this primary key (a form's choice), or None."""
    return Player.objects.filter(pk=pk, league=league).first()


def players_signed_by(league: League, account: User) -> list[Player]:
    """The league's players `account` signs for, by name."""
    return list(Player.objects.filter(league=league, user=account).order_by("name"))


def members_starting(league: League, text: str = "") -> QuerySet[Player]:
    """`players_starting`, each with its account: the members page's list, paged by the
    caller."""
    return players_starting(league, text).select_related("user")


def players_without_account(league: League) -> QuerySet[Player]:
    """The league's players no account signs for, by name key: a query, counted or listed by
    the caller."""
    return Player.objects.filter(league=league, user=None).order_by("key")


@dataclass(frozen=True)
class RoleHolders:
    """The accounts (primary keys) holding the league's roles."""

    admins: frozenset[int]
    officials: frozenset[int]


def role_holders(league: League) -> RoleHolders:
    return RoleHolders(
        frozenset(league.admins.values_list("pk", flat=True)),
        frozenset(league.officials.values_list("pk", flat=True)),
    )


def staff_without_player(league: League) -> list[User]:
    """The accounts holding the admin's or official's role that sign for none of the league's
    players, oldest first."""
    roles = Q(pk__in=league.admins.values("pk")) | Q(pk__in=league.officials.values("pk"))
    playing = Player.objects.filter(league=league, user__isnull=False).values("user_id")
    return list(User.objects.filter(roles).exclude(pk__in=playing).order_by("pk"))


def invitation_waiting(account: User, pk: int) -> Invitation | None:
    """The invitation `pk` where it waits for `account`'s answer (`invitations_for`): anyone
    else's, or an answered one, is None."""
    return invitations_for(account).filter(pk=pk).first()
