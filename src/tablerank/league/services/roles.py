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
from django.utils import timezone

from tablerank.league.errors import DuplicateLeague, LeagueError, NotAllowed
from tablerank.league.models import CreatedAccount, Invitation, League, Player
from tablerank.league.store.revisions import bump

__all__ = [
    "CONSOLE",
    "MEMBERS",
    "ORGANIZERS",
    "Role",
    "account_to_reset",
    "can_read",
    "create_league",
    "holders",
    "may_reset_password",
    "readable_leagues",
    "require_importer",
    "require_role",
    "resettable_accounts",
    "revoke_role",
    "roles_of",
    "withdraw_offer",
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


def holders(league: League, role: Role) -> Any:
    """The accounts holding the admin or official role (a related manager of the league)."""
    if role == Role.PLAYER:
        raise LeagueError("role", "a player's role comes with the player: invite the account")
    return league.admins if role == Role.ADMIN else league.officials


def revoke_role(league: League, user: User | str, role: Role, *, by: Actor) -> None:
    """Take the admin or official role from `user` (an account or its username; only admins
    revoke); a league keeps at least one admin. An offer of the role still waiting for its
    answer is withdrawn."""
    require_role(league, by, Role.ADMIN)
    holding = holders(league, role)
    who = repr(user if isinstance(user, str) else user.get_username())
    if isinstance(user, str):
        found = User.objects.filter(username=user.strip()).first()
        if found is None:
            raise LeagueError("role", f"{who} is not an {role.value} of league {league.slug!r}")
        user = found
    if not holding.filter(pk=user.pk).exists():
        if withdraw_offer(league, user, role):
            return
        raise LeagueError("role", f"{who} is not an {role.value} of league {league.slug!r}")
    if role == Role.ADMIN and league.admins.count() == 1:
        raise LeagueError("role", f"{who} is the league's only admin")
    holding.remove(user)
    bump(league)


def withdraw_offer(league: League, user: User, role: Role) -> bool:
    """End an offer of `role` to `user` that waits for its answer; False if there was none."""
    return bool(
        Invitation.objects.filter(
            league=league, offer=role.value, account=user, answered_at=None
        ).update(answered_at=timezone.now(), accepted=False)
    )


def resettable_accounts(league: League) -> set[int]:
    """The keys of the accounts the league made that still wait for their first password: the
    ones its organizers may hand a reset link (`may_reset_password`)."""
    made = CreatedAccount.objects.filter(league=league, account__password__startswith="!")
    return set(made.values_list("account_id", flat=True))


def account_to_reset(requester: Actor, username: str, league: League) -> User:
    """The account `username`, after `may_reset_password` allowed a reset link for it; an
    unknown username is refused in the same words as a refused account."""
    account = User.objects.filter(username=username.strip()).first()
    if account is None:
        raise _not_yours(username.strip(), league)
    may_reset_password(requester, account, league)
    return account


def _not_yours(username: str, league: League | None) -> NotAllowed:
    return NotAllowed(
        "username",
        f"{username!r} is not an account {league.name if league else 'your league'} made that "
        "still waits for its first password; its owner resets their own password (by e-mail, "
        "from the sign-in page)",
    )


def may_reset_password(requester: Actor, account: User, league: League | None = None) -> None:
    """Refuse (`NotAllowed`) a password-reset link that would hand over an account its owner
    did not leave to the requester (issue 39): an organizer of `league` hands one only for an
    account that league made for a player (`link_by_username` with a new username) and that has
    no password of its owner's yet; never for an account its owner signed up for or has since
    claimed, whatever roles or links other leagues gave it. Only the console and a site
    superuser reset any other account."""
    if requester is CONSOLE or (isinstance(requester, User) and requester.is_superuser):
        return
    refusal = _not_yours(account.username, league)
    if league is None or account.is_staff or account.is_superuser:
        raise refusal
    require_role(league, requester, *ORGANIZERS)
    made = CreatedAccount.objects.filter(account=account, league=league).exists()
    if not made or account.has_usable_password():
        raise refusal


def require_importer(league: League, by: User, acting: Actor | None = None) -> None:
    """Only a league's admins and officials import results (`acting`, who asks, defaults to
    `by`; the console passes `CONSOLE`): every door asks this before it reads a record."""
    require_role(league, by if acting is None else acting, *ORGANIZERS)
