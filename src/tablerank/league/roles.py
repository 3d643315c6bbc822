"""Who may do what in a league: roles, reading a private league, running it, resetting passwords.

Every door (web, API, CLI) asks these functions; none decides on its own. A league's admin
may do everything its officials may (issue 9), so `require_role(..., Role.OFFICIAL)` lets an
admin through.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db import IntegrityError, transaction
from django.db.models import Q, QuerySet

from tablerank.league.errors import DuplicateLeague, LeagueError, NotAllowed
from tablerank.league.models import League, Player
from tablerank.league.revisions import bump

__all__ = [
    "CONSOLE",
    "MEMBERS",
    "ORGANIZERS",
    "Role",
    "can_read",
    "create_league",
    "grant_role",
    "may_reset_password",
    "readable_leagues",
    "require_role",
    "revoke_role",
    "roles_of",
]


class Console:
    """Whoever runs `tablerank league` on the league's own machine: they hold the database,
    so they count as holding every role (the CLI passes `CONSOLE` as `by` where no account
    acts). Never reachable from the web or the API."""

    is_authenticated = True
    is_superuser = True
    pk = None

    def get_username(self) -> str:
        return "the console"

    def __repr__(self) -> str:
        return "CONSOLE"


CONSOLE = Console()
"""The command line's operator (see `Console`)."""

Viewer = User | AnonymousUser | Console
Actor = User | Console
"""Who changes something: a signed-in account, or the console."""


class Role(StrEnum):
    """What a user is in a league (issue 4: league admin, official, player)."""

    ADMIN = "admin"
    """Runs the league: settings, members, officials; everything an official may do."""
    OFFICIAL = "official"
    """Enters any result, signs results another official entered, voids and corrects."""
    PLAYER = "player"
    """Signs for their own seats: submits, confirms or disputes results they played in."""


MEMBERS = (Role.ADMIN, Role.OFFICIAL, Role.PLAYER)
"""Everyone with a role in the league."""
ORGANIZERS = (Role.ADMIN, Role.OFFICIAL)
"""Who runs the league's evenings: its admins and officials."""


def roles_of(league: League, user: User | AnonymousUser) -> set[Role]:
    """The user's roles in the league as granted; empty for an outsider (or anonymous user).
    A player's role comes with an accepted link between the account and a player."""
    if not user.is_authenticated:
        return set()
    roles: set[Role] = set()
    if league.admins.filter(pk=user.pk).exists():
        roles.add(Role.ADMIN)
    if league.officials.filter(pk=user.pk).exists():
        roles.add(Role.OFFICIAL)
    if Player.objects.filter(league=league, user=user).exists():
        roles.add(Role.PLAYER)
    return roles


def _effective(league: League, user: Viewer) -> set[Role]:
    """The roles a check counts: an admin is an official too; a superuser is everything."""
    if user.is_authenticated and user.is_superuser:
        return set(Role)
    assert not isinstance(user, Console)
    roles = roles_of(league, user)
    if Role.ADMIN in roles:
        roles.add(Role.OFFICIAL)
    return roles


def require_role(league: League, user: Viewer, *allowed: Role) -> set[Role]:
    """The roles the user counts as holding, after checking one of them is in `allowed`;
    `NotAllowed` names the roles that would do."""
    roles = _effective(league, user)
    if roles & set(allowed):
        return roles
    wanted = " or ".join(role.value for role in allowed)
    who = repr(user.get_username()) if user.is_authenticated else "an anonymous user"
    article = "an" if wanted[0] in "aeiou" else "a"
    raise NotAllowed("by", f"{who} is not {article} {wanted} of league {league.slug!r}")


def is_organizer(league: League, user: Viewer) -> bool:
    """Whether the user enters and signs results as an official (admins included)."""
    return bool(_effective(league, user) & set(ORGANIZERS))


def can_read(league: League, user: Viewer) -> bool:
    """Whether `user` may read the league: anyone a public one; a private one only its members
    (any role) and superusers. To anyone else a private league does not exist."""
    if league.public:
        return True
    return bool(_effective(league, user))


def readable_leagues(user: Viewer) -> QuerySet[League]:
    """The leagues `user` may read (`can_read`), by slug."""
    leagues = League.objects.order_by("slug")
    if user.is_authenticated and user.is_superuser:
        return leagues
    if not isinstance(user, User):
        return leagues.filter(public=True)
    member = Q(admins=user) | Q(officials=user) | Q(players__user=user)
    return leagues.filter(Q(public=True) | member).distinct()


def create_league(by: Actor, *, admins: Sequence[User] = (), **fields: Any) -> League:
    """A new league (its fields checked by the model, `ValidationError`); its creator becomes
    its admin, as do `admins` (the console creates leagues for others)."""
    league = League(**fields)
    league.full_clean()
    try:
        with transaction.atomic():
            league.save()
            league.admins.add(*admins, *([by] if isinstance(by, User) else []))
    except IntegrityError:  # another request took the slug since full_clean looked
        raise DuplicateLeague("slug", f"a league {league.slug!r} exists already") from None
    return league


def _holders(league: League, role: Role) -> Any:
    if role == Role.PLAYER:
        raise LeagueError("role", "a player's role comes with the player: invite the account")
    return league.admins if role == Role.ADMIN else league.officials


def grant_role(league: League, user: User, role: Role, *, by: Actor) -> bool:
    """Make `user` an admin or official of the league (only its admins grant); False if they
    were already."""
    require_role(league, by, Role.ADMIN)
    holders = _holders(league, role)
    if holders.filter(pk=user.pk).exists():
        return False
    holders.add(user)
    bump(league)
    return True


def revoke_role(league: League, user: User, role: Role, *, by: Actor) -> None:
    """Take the admin or official role from `user` (only admins revoke); a league keeps at
    least one admin."""
    require_role(league, by, Role.ADMIN)
    holders = _holders(league, role)
    who = repr(user.get_username())
    if not holders.filter(pk=user.pk).exists():
        raise LeagueError("role", f"{who} is not an {role.value} of league {league.slug!r}")
    if role == Role.ADMIN and league.admins.count() == 1:
        raise LeagueError("role", f"{who} is the league's only admin")
    holders.remove(user)
    bump(league)


def may_reset_password(requester: User, account: User, league: League | None = None) -> None:
    """Refuse a password-reset link for an account the requester does not answer for: one
    that is not a member of `league` when given (`LeagueError`), or (`NotAllowed`) one of
    a league the requester does not run. A reset link hands the account over, so the requester
    must run every league the account belongs to (by a role granted, or a player link it
    accepted): as an admin where the account is an admin or official, as an admin or official
    where it only plays. Site staff, and accounts of no league, only a superuser resets."""
    if league is not None and not roles_of(league, account):
        raise LeagueError("username", f"{account.username!r} is not a member of {league.name}")
    if requester.is_superuser:
        return
    if account.is_staff or account.is_superuser:
        raise NotAllowed(
            "username", f"{account.username!r} is site staff; ask a site administrator"
        )
    leagues = League.objects.filter(
        Q(players__user=account) | Q(admins=account) | Q(officials=account)
    ).distinct()
    if not leagues:
        raise NotAllowed("username", f"{account.username!r} is not a member of your leagues")
    for other in leagues:
        organizes = roles_of(other, account) & set(ORGANIZERS)
        try:
            require_role(other, requester, *((Role.ADMIN,) if organizes else ORGANIZERS))
        except NotAllowed:
            raise NotAllowed(
                "username",
                f"{account.username!r} also belongs to league {other.slug!r}, which you do not "
                "run; ask its admins for a reset link",
            ) from None
