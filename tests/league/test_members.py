"""The league's members: players, invitations to link accounts, settings, reset links (issue 9).

The doors (web, API, CLI) are tested in tests/web/test_permission_matrix.py; these are the
services' own refusals, including those no door reaches today.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError

from tablerank.league.errors import DuplicateLeague, LeagueError, NotAllowed
from tablerank.league.models import League, Player
from tablerank.league.services import (
    CONSOLE,
    Role,
    accept_invitation,
    add_player,
    change_settings,
    create_league,
    decline_invitation,
    grant_role,
    invitations_for,
    invite_account,
    link_by_username,
    may_reset_password,
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
    assert accept_invitation(invitation, by=eve).user == eve
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


def test_a_reset_link_is_for_a_member_of_the_league(league: League, official: User) -> None:
    stranger = User.objects.create_user("stranger")
    with pytest.raises(LeagueError, match="'stranger' is not a member of"):
        may_reset_password(official, stranger, league)
    with pytest.raises(NotAllowed, match="not a member of your leagues"):
        may_reset_password(official, stranger)
    add_player(league, "Stranger", by=CONSOLE, account=stranger)
    may_reset_password(official, stranger, league)
