"""A league's players and the accounts that sign for them.

Adding a player is an organizer's act (seating an unknown name is adding a player). Linking an
account to a player is an invitation its owner accepts (issue 9): until then the account gains
nothing in the league, and one account is at most one player of a league.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.utils import timezone

from tablerank.engine.fields import name_key, normal_name, parse_name
from tablerank.league.errors import DuplicatePlayer, LeagueError, NotAllowed
from tablerank.league.models import Invitation, League, Player
from tablerank.league.revisions import bump
from tablerank.league.roles import ORGANIZERS, Actor, Console, require_role

__all__ = [
    "accept_invitation",
    "add_player",
    "check_new_names",
    "decline_invitation",
    "invitations_for",
    "invite_account",
    "link_by_username",
    "new_names",
    "player_named",
]


def add_player(league: League, name: str, *, by: Actor, account: User | None = None) -> Player:
    """A new player (only organizers add players); refused when the league has the name
    already, in any case. With `account`, the account is invited to sign for the player."""
    require_role(league, by, *ORGANIZERS)
    name = name.strip()
    if not name:
        raise LeagueError("name", "give the player a name")
    name = parse_name(name, "name")  # the records' rule: valid text of a bounded length
    if Player.objects.filter(league=league, key=name.casefold()).exists():
        raise DuplicatePlayer("name", f"league {league.slug!r} already has a player {name!r}")
    with transaction.atomic():
        player = Player.objects.create(league=league, name=name)
        bump(league)
        if account is not None:
            invite_account(player, account, by=by)
    return player


def player_named(league: League, name: str) -> Player:
    """The league's player of this name (case-insensitive), created on first sight (callers
    check with `check_new_names` first that the user may add players)."""
    player, _ = Player.objects.get_or_create(
        league=league, key=name_key(name), defaults={"name": normal_name(name.strip())}
    )
    return player


def new_names(league: League, names: Iterable[str]) -> list[str]:
    """The names (first spelling of each) the league has no player of yet."""
    keys: dict[str, str] = {}
    for name in names:
        keys.setdefault(name_key(name), name)
    known = set(Player.objects.filter(league=league, key__in=keys).values_list("key", flat=True))
    return [name for key, name in keys.items() if key not in known]


def check_new_names(league: League, names: Iterable[str], by: Actor) -> None:
    """Seating a name the league does not have adds a player: only its organizers may."""
    new = new_names(league, names)
    if not new:
        return
    try:
        require_role(league, by, *ORGANIZERS)
    except NotAllowed:
        raise NotAllowed(
            "seats",
            f"{', '.join(new)}: not a player of {league.name}; only its officials and admins "
            "add new players",
        ) from None


def _check_linkable(player: Player, account: User) -> None:
    league = player.league
    if player.user_id is not None:
        if player.user_id == account.pk:
            raise LeagueError("player", f"{account.username!r} signs for {player.name} already")
        assert player.user is not None
        raise LeagueError(
            "player",
            f"{player.name} has an account already ({player.user.username!r}); unlink it first",
        )
    if Player.objects.filter(league=league, user=account).exists():
        raise LeagueError("username", f"{account.username!r} is a player of {league.name} already")


def invite_account(player: Player, account: User, *, by: Actor) -> Invitation:
    """Invite `account` to sign for `player`'s seats (organizers only). An organizer who links
    their own account consents by doing it, and the console's invitation is accepted at once
    (whoever holds the database speaks for its accounts): both link at once."""
    require_role(player.league, by, *ORGANIZERS)
    _check_linkable(player, account)
    pending = Invitation.objects.filter(player=player, account=account, answered_at=None).first()
    invitation = pending or Invitation.objects.create(
        player=player, account=account, invited_by=None if isinstance(by, Console) else by
    )
    if isinstance(by, Console) or by == account:  # the console, or the owner themselves
        accept_invitation(invitation, by=account)
        player.refresh_from_db(fields=["user"])
    return invitation


def _new_account(username: str) -> User:
    account = User(username=username)
    account.set_unusable_password()
    try:
        account.full_clean(exclude=["password"])
    except ValidationError as exc:
        raise LeagueError("username", " ".join(exc.messages)) from None
    account.save()
    return account


def link_by_username(player: Player, username: str, *, by: Actor) -> tuple[User, bool]:
    """Give `player` the account `username` (organizers only): an existing account is invited
    and decides itself; a new one is created without a password and linked at once, since
    nobody has signed in to it yet (its owner sets a password through a reset link from the
    organizer). Returns the account and whether it is linked now."""
    require_role(player.league, by, *ORGANIZERS)
    username = username.strip()
    if not username:
        raise LeagueError("username", "give an account name")
    with transaction.atomic():
        existing = User.objects.filter(username=username).first()
        if existing is not None:
            invitation = invite_account(player, existing, by=by)
            return existing, invitation.accepted is True
        account = _new_account(username)
        _check_linkable(player, account)
        Invitation.objects.create(
            player=player,
            account=account,
            invited_by=None if isinstance(by, Console) else by,
            answered_at=timezone.now(),
            accepted=True,
        )
        player.user = account
        player.save(update_fields=["user"])
        bump(player.league)
        return account, True


def invitations_for(account: User) -> QuerySet[Invitation]:
    """The invitations waiting for `account`'s answer, oldest first."""
    return (
        Invitation.objects.filter(account=account, answered_at=None)
        .select_related("player__league", "invited_by")
        .order_by("created_at", "pk")
    )


def _answer(invitation: Invitation, by: User, accepted: bool) -> Invitation:
    if invitation.account_id != by.pk:
        raise NotAllowed("invitation", "only the invited account answers an invitation")
    locked = Invitation.objects.select_for_update().select_related("player").get(pk=invitation.pk)
    if locked.answered_at is not None:
        raise LeagueError("invitation", "the invitation was answered already")
    locked.answered_at = timezone.now()
    locked.accepted = accepted
    locked.save(update_fields=["answered_at", "accepted"])
    return locked


def accept_invitation(invitation: Invitation, *, by: User) -> Player:
    """The invited account's owner accepts: from now on the account signs for the player."""
    with transaction.atomic():
        locked = _answer(invitation, by, accepted=True)
        player = Player.objects.select_for_update().get(pk=locked.player_id)
        _check_linkable(player, by)
        player.user = by
        try:
            with transaction.atomic():
                player.save(update_fields=["user"])
                bump(player.league)
        except IntegrityError:  # a concurrent acceptance linked the account first
            raise LeagueError(
                "username", f"{by.username!r} is a player of {player.league.name} already"
            ) from None
    invitation.refresh_from_db()
    return player


def decline_invitation(invitation: Invitation, *, by: User) -> None:
    """The invited account's owner declines; the player stays without an account."""
    with transaction.atomic():
        _answer(invitation, by, accepted=False)
    invitation.refresh_from_db()


def unlink_account(player: Player, *, by: Actor) -> None:
    """The player's seats are signed by no account from now on (organizers only)."""
    require_role(player.league, by, *ORGANIZERS)
    if player.user_id is None:
        raise LeagueError("player", f"{player.name} has no account")
    player.user = None
    player.save(update_fields=["user"])
    bump(player.league)
