"""A league's players, the accounts that sign for them, and offers of its roles.

Adding a player is an organizer's act (seating an unknown name is adding a player). Linking an
account to a player (issue 9) and giving it the official's or admin's role (issue 39) are
invitations its owner accepts: until then the account gains nothing in the league, and one
account is at most one player of a league. Offers by username answer alike whether or not the
account exists, and an organizer makes at most `OFFERS_PER_HOUR` offers and accounts an hour.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.utils import timezone

from tablerank.engine.fields import name_key, normal_name, parse_name
from tablerank.league.errors import DuplicatePlayer, LeagueError, NotAllowed, TooMany
from tablerank.league.models import CreatedAccount, Invitation, League, Offer, Player
from tablerank.league.services.roles import ORGANIZERS, Actor, Console, Role, holders, require_role
from tablerank.league.store.revisions import bump

__all__ = [
    "OFFERS_PER_HOUR",
    "accept_invitation",
    "add_player",
    "check_new_names",
    "decline_invitation",
    "grant_role",
    "invitations_for",
    "invite_account",
    "invite_by_username",
    "link_by_username",
    "local_account",
    "new_names",
    "offer_role",
    "offered",
    "player_named",
]

OFFERS_PER_HOUR = 30
"""How many invitations and new accounts one organizer makes in an hour (the console: any)."""


def add_player(league: League, name: str, *, by: Actor, account: User | None = None) -> Player:
    """A new player (only organizers add players); refused when the league has the name
    already, in any case. With `account`, the account is invited to sign for the player."""
    require_role(league, by, *ORGANIZERS)
    name = name.strip()
    if not name:
        raise LeagueError("name", "give the player a name")
    name = parse_name(name, "name")  # the records' rule: valid text of a bounded length
    if Player.objects.filter(league=league, key=name_key(name)).exists():
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


def sorted_player_names(league: League) -> list[str]:
    """The names of the league's players, in the order of their keys."""
    return list(Player.objects.filter(league=league).order_by("key").values_list("name", flat=True))


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
    if pending is None:
        _check_pace(by)
    invitation = pending or Invitation.objects.create(
        league=player.league, player=player, account=account, invited_by=_who(by)
    )
    if isinstance(by, Console) or by == account:  # the console, or the owner themselves
        accept_invitation(invitation, by=account)
        player.refresh_from_db(fields=["user"])
    return invitation


def _who(by: Actor) -> User | None:
    return None if isinstance(by, Console) else by


def _check_pace(by: Actor) -> None:
    """Refuse (`TooMany`) an organizer's offer or new account past `OFFERS_PER_HOUR` in the
    last hour: invitations by username must not become a way to probe or flood accounts."""
    if isinstance(by, Console):
        return
    since = timezone.now() - dt.timedelta(hours=1)
    invited = Invitation.objects.filter(invited_by=by, created_at__gte=since)
    created = CreatedAccount.objects.filter(created_by=by, created_at__gte=since)
    made = invited.count() + created.exclude(account__in=invited.values("account")).count()
    if made >= OFFERS_PER_HOUR:
        raise TooMany(
            "username",
            f"you made {made} invitations and accounts in the last hour, the most there may "
            "be; try again later",
        )


def _new_account(username: str, league: League, by: Actor) -> User:
    """A new account without a password, remembered as made by `league` (so its organizers
    may hand its owner a link to set the first password: `roles.may_reset_password`)."""
    _check_pace(by)
    if User.objects.filter(username__iexact=username).exists():
        raise LeagueError(
            "username",
            f"the username {username!r} is taken; choose another, or invite that account",
        )
    account = User(username=username)
    account.set_unusable_password()
    try:
        account.full_clean(exclude=["password"])
    except ValidationError as exc:
        raise LeagueError("username", " ".join(exc.messages)) from None
    account.save()
    CreatedAccount.objects.create(account=account, league=league, created_by=_who(by))
    return account


def local_account(username: str, *, password: str = "") -> User:
    """The account of this username, made where missing with `password` (a hash; none by
    default) by whoever runs the site itself: the command line and the demo seeding."""
    account, _ = User.objects.get_or_create(username=username, defaults={"password": password})
    return account


def link_by_username(player: Player, username: str, *, by: Actor) -> tuple[User, bool]:
    """Give `player` a new account `username` (organizers only), made without a password and
    linked at once, since nobody has signed in to it yet: its owner sets a password through a
    reset link from the organizer. A taken username is refused; an existing account is invited
    with `invite_by_username`. The console links an existing account at once. Returns the
    account and whether it is linked now."""
    require_role(player.league, by, *ORGANIZERS)
    username = _typed(username)
    with transaction.atomic():
        existing = User.objects.filter(username=username).first()
        if existing is not None and isinstance(by, Console):
            invitation = invite_account(player, existing, by=by)
            return existing, invitation.accepted is True
        account = _new_account(username, player.league, by)
        _check_linkable(player, account)
        Invitation.objects.create(
            league=player.league,
            player=player,
            account=account,
            invited_by=_who(by),
            answered_at=timezone.now(),
            accepted=True,
        )
        player.user = account
        player.save(update_fields=["user"])
        bump(player.league)
        return account, True


def _typed(username: str) -> str:
    username = username.strip()
    if not username:
        raise LeagueError("username", "give an account name")
    return username


def _offered_to(username: str, by: Actor) -> User | None:
    """The account an offer by username goes to; where there is none, the offer is still held
    to the organizer's pace, so the two answer alike."""
    account = User.objects.filter(username=_typed(username)).first()
    if account is None:
        _check_pace(by)
    return account


def invite_by_username(player: Player, username: str, *, by: Actor) -> None:
    """Invite the account `username`, if there is one, to sign for `player` (organizers only).
    The answer is the same whether or not it exists: an offer never tells who has an account."""
    require_role(player.league, by, *ORGANIZERS)
    account = _offered_to(username, by)
    if account is not None:
        invite_account(player, account, by=by)


def grant_role(league: League, account: User, role: Role, *, by: Actor) -> Invitation | None:
    """Offer `account` the official's or admin's role (only admins offer); it holds the role
    once its owner accepts. The console's word, or an admin's about their own account, grants
    at once. None when the account holds the role already."""
    require_role(league, by, Role.ADMIN)
    holding = holders(league, role)
    if holding.filter(pk=account.pk).exists():
        return None
    pending = Invitation.objects.filter(
        league=league, offer=role.value, account=account, answered_at=None
    ).first()
    if pending is not None:
        return pending
    _check_pace(by)
    invitation = Invitation.objects.create(
        league=league, offer=role.value, account=account, invited_by=_who(by)
    )
    if isinstance(by, Console) or by == account:
        accept_invitation(invitation, by=account)
    return invitation


def offer_role(league: League, username: str, role: Role, *, by: Actor) -> None:
    """`grant_role` for the account `username`, if there is one; the same answer either way."""
    require_role(league, by, Role.ADMIN)
    account = _offered_to(username, by)
    if account is not None:
        grant_role(league, account, role, by=by)


def offered(invitation: Invitation) -> str:
    """What the invitation offers, in words: "to sign for Ann's seats in Bonn", "to be an
    official of Bonn"."""
    if invitation.player is not None:
        return f"to sign for {invitation.player.name}'s seats in {invitation.league.name}"
    article = "an" if invitation.offer[0] in "aeiou" else "a"
    return f"to be {article} {invitation.offer} of {invitation.league.name}"


def invitations_for(account: User) -> QuerySet[Invitation]:
    """The invitations waiting for `account`'s answer, oldest first."""
    return (
        Invitation.objects.filter(account=account, answered_at=None)
        .select_related("league", "player", "invited_by")
        .order_by("created_at", "pk")
    )


def _answer(invitation: Invitation, by: User, accepted: bool) -> Invitation:
    if invitation.account_id != by.pk:
        raise NotAllowed("invitation", "only the invited account answers an invitation")
    locked = (
        Invitation.objects.select_for_update(of=("self",))
        .select_related("league", "player")
        .get(pk=invitation.pk)
    )
    if locked.answered_at is not None:
        raise LeagueError("invitation", "the invitation was answered already")
    locked.answered_at = timezone.now()
    locked.accepted = accepted
    locked.save(update_fields=["answered_at", "accepted"])
    return locked


def accept_invitation(invitation: Invitation, *, by: User) -> Invitation:
    """The invited account's owner accepts: from now on the account signs for the player, or
    holds the role offered. Returns the answered invitation."""
    with transaction.atomic():
        locked = _answer(invitation, by, accepted=True)
        if locked.offer == Offer.PLAYER:
            _take_seats(locked, by)
        else:
            holders(locked.league, Role(locked.offer)).add(by)
            bump(locked.league)
    invitation.refresh_from_db()
    return invitation


def _take_seats(invitation: Invitation, by: User) -> None:
    assert invitation.player_id is not None  # a player's offer names its player (constraint)
    player = Player.objects.select_for_update().get(pk=invitation.player_id)
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
