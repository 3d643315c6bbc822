"""The league's members: players, invitations to link accounts, settings, reset links (issue 9).

The doors (web, API, CLI) are tested in tests/web/test_permission_matrix.py; these are the
services' own refusals, including those no door reaches today.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError

from tablerank.league.errors import DuplicateLeague, LeagueError, NotAllowed, TooMany
from tablerank.league.models import League, Player
from tablerank.league.services import (
    CONSOLE,
    Role,
    accept_invitation,
    account_to_reset,
    add_player,
    change_settings,
    create_league,
    decline_invitation,
    grant_role,
    invitations_for,
    invite_account,
    invite_by_username,
    link_by_username,
    may_reset_password,
    members,
    offer_role,
    roles_of,
    unlink_account,
)

pytestmark = pytest.mark.django_db


def test_only_the_invited_account_answers_and_only_once(league: League, official: User) -> None:
    eve, mallory = User.objects.create_user("eve"), User.objects.create_user("mallory")
    player = add_player(league, "Eve", by=official)
    invitation = invite_account(player, eve, by=official)
    assert list(invitations_for(eve)) == [invitation]
    with pytest.raises(NotAllowed, match="only the invited account answers"):
        accept_invitation(invitation, by=mallory)
    with pytest.raises(NotAllowed, match="only the invited account answers"):
        decline_invitation(invitation, by=mallory)
    assert accept_invitation(invitation, by=eve).accepted is True
    player.refresh_from_db()
    assert player.user == eve
    with pytest.raises(LeagueError, match="answered already"):
        decline_invitation(invitation, by=eve)
    assert roles_of(league, eve) == {Role.PLAYER}


def test_an_acceptance_is_refused_once_the_account_plays_in_the_league(
    league: League, official: User
) -> None:
    eve = User.objects.create_user("eve")
    first = invite_account(add_player(league, "Eve", by=official), eve, by=official)
    second = invite_account(add_player(league, "Eve2", by=official), eve, by=official)
    accept_invitation(first, by=eve)
    with pytest.raises(LeagueError, match=r"'eve' is a player of .* already"):
        accept_invitation(second, by=eve)
    assert Player.objects.get(league=league, name="Eve2").user is None


def test_inviting_twice_keeps_one_pending_invitation(league: League, official: User) -> None:
    eve = User.objects.create_user("eve")
    player = add_player(league, "Eve", by=official)
    assert invite_account(player, eve, by=official) == invite_account(player, eve, by=official)


def test_only_organizers_add_invite_and_unlink(league: League, official: User) -> None:
    eve = User.objects.create_user("eve")
    player = add_player(league, "Eve", by=CONSOLE, account=eve)
    for act in (
        lambda: add_player(league, "Zed", by=eve),
        lambda: invite_account(player, User.objects.create_user("zed"), by=eve),
        lambda: unlink_account(player, by=eve),
        lambda: link_by_username(player, "zed", by=eve),
    ):
        with pytest.raises(NotAllowed, match="'eve' is not an admin or official"):
            act()
    unlink_account(player, by=official)
    with pytest.raises(LeagueError, match="Eve has no account"):
        unlink_account(player, by=official)


def test_linking_by_username_checks_the_name(league: League, official: User) -> None:
    player = add_player(league, "Eve", by=official)
    with pytest.raises(LeagueError, match="give an account name"):
        link_by_username(player, "  ", by=official)
    with pytest.raises(LeagueError, match="Enter a valid username"):
        link_by_username(player, "e v e", by=official)
    assert not User.objects.filter(username="e v e").exists()
    account, linked = link_by_username(player, "eve", by=official)
    assert (account.username, linked, account.has_usable_password()) == ("eve", True, False)


def test_settings_are_an_admins_and_only_known_ones(league: League, official: User) -> None:
    referee = User.objects.create_user("ref")
    league.officials.add(referee)
    with pytest.raises(NotAllowed, match="'ref' is not an admin"):
        change_settings(league, {"name": "Mine"}, by=referee)
    with pytest.raises(LeagueError, match="slug: not a league setting"):
        change_settings(league, {"slug": "elsewhere"}, by=official)
    with pytest.raises(ValidationError):
        change_settings(league, {"unvalidated_titles": "catan"}, by=official)
    change_settings(league, {"unvalidated_titles": ["catan"]}, by=official)
    league.refresh_from_db()
    assert (league.slug, league.unvalidated_titles) == ("bonn-koeln", ["catan"])


def test_a_league_has_one_address_and_its_creator_runs_it(
    official: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = create_league(official, name="Mine", slug="mine")
    assert roles_of(made, official) == {Role.ADMIN}
    with pytest.raises(ValidationError):
        create_league(official, name="Again", slug="mine")
    assert roles_of(create_league(CONSOLE, name="Nobody's", slug="nobodys"), official) == set()
    # A concurrent request can take the slug after the model's check: the database refuses.
    monkeypatch.setattr(League, "validate_unique", lambda self, exclude=None: None)
    with pytest.raises(DuplicateLeague, match="a league 'mine' exists already"):
        create_league(official, name="Race", slug="mine")


def test_roles_are_granted_only_by_admins(league: League, official: User) -> None:
    ref = User.objects.create_user("ref")
    with pytest.raises(NotAllowed):
        grant_role(league, ref, Role.ADMIN, by=ref)
    assert grant_role(league, ref, Role.OFFICIAL, by=CONSOLE)


def test_a_reset_link_only_for_an_account_this_league_made_that_has_no_password_yet(
    league: League, official: User
) -> None:
    stranger = User.objects.create_user("stranger", password="its own password")
    add_player(league, "Stranger", by=CONSOLE, account=stranger)
    with pytest.raises(NotAllowed, match=r"'stranger' is not an account .* made"):
        may_reset_password(official, stranger, league)  # a member, but its owner's own
    made, _ = link_by_username(add_player(league, "Made", by=official), "made", by=official)
    may_reset_password(official, made, league)
    assert account_to_reset(official, " made ", league) == made
    with pytest.raises(NotAllowed, match="'made' is not an account"):
        may_reset_password(official, made)  # no league named: no organizer answers for it
    other = create_league(official, name="Other", slug="other")
    with pytest.raises(NotAllowed, match="'made' is not an account Other made"):
        may_reset_password(official, made, other)
    made.set_password("now the owner's")
    made.save()
    with pytest.raises(NotAllowed, match="its owner resets their own password"):
        may_reset_password(official, made, league)
    may_reset_password(CONSOLE, made, league)  # the console and superusers still may


def test_an_unknown_username_is_refused_in_the_same_words_as_a_refused_account(
    league: League, official: User
) -> None:
    User.objects.create_user("someone")
    messages = []
    for name in ("someone", "nobody"):
        with pytest.raises(NotAllowed) as refused:
            account_to_reset(official, name, league)
        messages.append(refused.value.message.replace(name, "NAME"))
    assert messages[0] == messages[1]


def test_a_player_of_the_league_cannot_reset_anyone(league: League) -> None:
    ann = User.objects.create_user("ann-player")
    add_player(league, "Ann P", by=CONSOLE, account=ann)
    made, _ = link_by_username(add_player(league, "Made", by=CONSOLE), "made", by=CONSOLE)
    with pytest.raises(NotAllowed, match="is not an admin or official"):
        may_reset_password(ann, made, league)


def test_a_role_is_an_offer_the_owner_accepts_or_declines(league: League) -> None:
    """The takeover of issue 39 began with a role granted without consent."""
    admin = User.objects.create_user("admin-of-it")
    league.admins.add(admin)
    victim = User.objects.create_user("victim", password="the victim's own")
    offer = grant_role(league, victim, Role.ADMIN, by=admin)
    assert offer is not None
    assert offer.accepted is None
    assert roles_of(league, victim) == set()
    assert list(invitations_for(victim)) == [offer]
    assert grant_role(league, victim, Role.ADMIN, by=admin) == offer  # one offer at a time
    with pytest.raises(NotAllowed):
        may_reset_password(admin, victim, league)
    with pytest.raises(NotAllowed, match="only the invited account answers"):
        accept_invitation(offer, by=admin)
    accept_invitation(offer, by=victim)
    assert roles_of(league, victim) == {Role.ADMIN}
    assert grant_role(league, victim, Role.ADMIN, by=admin) is None  # holds it already
    with pytest.raises(NotAllowed):
        may_reset_password(admin, victim, league)  # an admin now, still the owner's account
    official_offer = grant_role(league, victim, Role.OFFICIAL, by=admin)
    assert official_offer is not None
    decline_invitation(official_offer, by=victim)
    assert roles_of(league, victim) == {Role.ADMIN}


def test_the_console_and_an_admin_about_themselves_grant_at_once(league: League) -> None:
    admin = User.objects.create_user("self-admin")
    league.admins.add(admin)
    assert grant_role(league, admin, Role.OFFICIAL, by=admin) is not None
    ref = User.objects.create_user("ref-now")
    assert grant_role(league, ref, Role.OFFICIAL, by=CONSOLE) is not None
    assert roles_of(league, admin) == {Role.ADMIN, Role.OFFICIAL}
    assert roles_of(league, ref) == {Role.OFFICIAL}
    assert not invitations_for(admin).exists()
    assert not invitations_for(ref).exists()


def test_only_admins_offer_roles(league: League) -> None:
    referee = User.objects.create_user("referee-only")
    league.officials.add(referee)
    with pytest.raises(NotAllowed, match="is not an admin"):
        grant_role(league, User.objects.create_user("x"), Role.OFFICIAL, by=referee)
    with pytest.raises(NotAllowed, match="is not an admin"):
        offer_role(league, "x", Role.OFFICIAL, by=referee)


def test_offers_by_username_tell_nothing_and_an_organizer_makes_a_limited_number(
    league: League, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(members, "OFFERS_PER_HOUR", 4)
    admin = User.objects.create_user("busy-admin")
    league.admins.add(admin)
    User.objects.create_user("exists")
    offer_role(league, "exists", Role.OFFICIAL, by=admin)
    offer_role(league, "does-not-exist", Role.OFFICIAL, by=admin)  # stores nothing
    invite_by_username(add_player(league, "P1", by=admin), "exists", by=admin)
    link_by_username(add_player(league, "P2", by=admin), "newcomer", by=admin)
    invite_by_username(add_player(league, "P3", by=admin), "exists", by=admin)
    with pytest.raises(TooMany, match="try again later"):
        offer_role(league, "exists", Role.ADMIN, by=admin)
    with pytest.raises(TooMany):
        link_by_username(add_player(league, "P4", by=admin), "another", by=admin)
    assert not User.objects.filter(username="another").exists()
    grant_role(league, User.objects.create_user("by-console"), Role.ADMIN, by=CONSOLE)
