"""Accounts on the web: sign-up, signing in and out, reset links handed over by organizers,
creating a league, and its members page (Django's test client)."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tablerank.league import services
from tablerank.league.models import League, Player
from tests.web.action_helpers import PASSWORD, Club, make_club

NEW_PASSWORD = "a much longer passphrase 42"


def signed_in(client: Client, user: User) -> Client:
    client.force_login(user)
    return client


def text(response: Any) -> str:
    return str(response.content.decode()).replace("&#x27;", "'")


def members_url(slug: str = "bonn") -> str:
    return reverse("members", args=[slug])


def without_tokens(page: str) -> str:
    """The page less what differs on every answer: CSRF tokens and script nonces."""
    page = re.sub(r'value="[A-Za-z0-9]{64}"', 'value="CSRF"', page)
    return re.sub(r'nonce="[^"]*"', 'nonce="N"', page)


def handed_over_link(page: str) -> str:
    """The reset link the members page shows, as a path."""
    found = re.search(r'<p class="tr-link">([^<]+)</p>', page)
    assert found, "no reset link on the page"
    return urlsplit(found.group(1)).path


def set_password_with(client: Client, link: str, password: str) -> Any:
    """Follow a handed-over link and set the password (Django moves the token to the session
    and redirects to .../set-password/)."""
    form = client.get(link, follow=True)
    assert "Set your password" in text(form)
    target = form.redirect_chain[-1][0]
    return client.post(target, {"new_password1": password, "new_password2": password})


# -- signing in and out, signing up ----------------------------------------------------------


def test_signing_in_and_out(client: Client, club: Club) -> None:
    assert "Sign in" in text(client.get(reverse("login")))
    wrong = client.post(reverse("login"), {"username": "bonn-ann", "password": "nope"})
    assert wrong.status_code == 200
    assert "Please enter a correct username and password" in text(wrong)
    response = client.post(
        reverse("login"), {"username": "bonn-ann", "password": PASSWORD, "next": "/inbox/"}
    )
    assert response.status_code == 302
    assert response["Location"] == "/inbox/"
    assert client.get(reverse("inbox")).status_code == 200
    assert client.get(reverse("logout")).status_code == 405  # signing out takes a POST
    assert client.post(reverse("logout")).status_code == 302
    assert client.get(reverse("inbox")).status_code == 302


def test_sign_up_creates_an_account_and_goes_on_to_a_new_league(client: Client, db: None) -> None:
    assert "Create one" in text(client.get(reverse("login")))
    data = {"username": "organizer", "password1": NEW_PASSWORD, "password2": NEW_PASSWORD}
    response = client.post(reverse("signup"), data)
    assert response.status_code == 302
    assert response["Location"] == reverse("league-new")
    assert User.objects.get(username="organizer").check_password(NEW_PASSWORD)
    assert client.get(reverse("league-new")).status_code == 200


def test_sign_up_refuses_weak_passwords_and_taken_names(client: Client, club: Club) -> None:
    weak = client.post(
        reverse("signup"), {"username": "newbie", "password1": "1234", "password2": "1234"}
    )
    assert weak.status_code == 400
    assert "This password is too short" in text(weak)
    taken = client.post(
        reverse("signup"),
        {"username": "bonn-ann", "password1": NEW_PASSWORD, "password2": NEW_PASSWORD},
    )
    assert taken.status_code == 400
    assert "A user with that username already exists." in text(taken)
    assert not User.objects.filter(username="newbie").exists()


def test_sign_up_can_be_closed(client: Client, db: None, settings: Any) -> None:
    settings.OPEN_SIGNUP = False
    assert client.get(reverse("signup")).status_code == 404
    assert "Create one" not in text(client.get(reverse("login")))


def test_changing_ones_password(client: Client, club: Club) -> None:
    client = signed_in(client, club.ann)
    response = client.post(
        reverse("password_change"),
        {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
        follow=True,
    )
    assert "Password changed" in text(response)
    club.ann.refresh_from_db()
    assert club.ann.check_password(NEW_PASSWORD)


# -- creating a league -----------------------------------------------------------------------


def test_any_signed_in_user_creates_a_league_and_becomes_its_admin(
    client: Client, club: Club
) -> None:
    data = {"name": "Köln Catan", "slug": "koeln", "time_zone": "Europe/Berlin", "public": "on"}
    response = signed_in(client, club.outsider).post(reverse("league-new"), data)
    assert response.status_code == 302
    assert response["Location"] == members_url("koeln")
    league = League.objects.get(slug="koeln")
    assert list(league.admins.all()) == [club.outsider]
    assert services.roles_of(league, club.outsider) == {services.Role.ADMIN}
    assert league.public


def test_a_new_league_without_an_address_gets_one_made_from_its_name(
    client: Client, club: Club
) -> None:
    client = signed_in(client, club.outsider)
    form = text(client.get(reverse("league-new")))
    assert 'data-slug-from="id_name"' in form  # the page suggests it as the name is typed
    data = {"name": "Rhein & Köln Catan", "slug": "", "time_zone": "UTC"}
    response = client.post(reverse("league-new"), data)
    assert response["Location"] == members_url("rhein-koln-catan")
    again = client.post(reverse("league-new"), data)
    assert again.status_code == 400
    assert "League with this Slug already exists." in text(again)
    nameless = client.post(reverse("league-new"), {"name": "!!!", "slug": "", "time_zone": "UTC"})
    assert nameless.status_code == 400
    assert "give the league an address" in text(nameless)


def test_a_new_league_needs_a_free_address_and_a_real_time_zone(client: Client, club: Club) -> None:
    data = {"name": "Again", "slug": "bonn", "time_zone": "Europe/Bonn"}
    response = signed_in(client, club.outsider).post(reverse("league-new"), data)
    assert response.status_code == 400
    page = text(response)
    assert "League with this Slug already exists." in page
    assert "unknown time zone 'Europe/Bonn'" in page
    assert League.objects.count() == 1


def test_creating_a_league_needs_an_account(client: Client, db: None) -> None:
    response = client.post(reverse("league-new"), {"name": "X", "slug": "x", "time_zone": "UTC"})
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))
    assert not League.objects.exists()


# -- the members page ------------------------------------------------------------------------


def test_the_members_page_lists_players_accounts_and_roles(client: Client, club: Club) -> None:
    page = text(signed_in(client, club.organizer).get(members_url()))
    rows = re.findall(r"<tr>\s*<td>([^<]*)</td>\s*<td>([^<]*)</td>\s*<td>(.*?)</td>", page)
    assert ("Olga", "bonn-olga", '<span class="badge">admin</span> ') in rows
    assert ("Dora", "–", "") in rows
    assert ("–", "bonn-ref", '<span class="badge">official</span>') in rows
    assert "Officials and admins" in page  # the roles form, for admins


def test_officials_see_members_but_not_the_roles_form(client: Client, club: Club) -> None:
    response = signed_in(client, club.referee).get(members_url())
    assert response.status_code == 200
    assert "Officials and admins" not in text(response)


@pytest.mark.parametrize("who", ["ann", "outsider"])
def test_players_and_outsiders_cannot_reach_the_members_page(
    client: Client, club: Club, who: str
) -> None:
    client = signed_in(client, getattr(club, who))
    assert client.get(members_url()).status_code == 403
    posted = client.post(members_url(), {"action": "add", "name": "Eve"})
    assert posted.status_code == 403
    assert not Player.objects.filter(key="eve").exists()


def test_adding_a_player_without_an_account(client: Client, club: Club) -> None:
    response = signed_in(client, club.referee).post(
        members_url(), {"action": "add", "name": "Eve"}, follow=True
    )
    assert response.redirect_chain == [(members_url(), 302)]
    assert "Eve joined Bonn Catan." in text(response)
    assert club.player("Eve").user is None


def test_adding_a_player_with_a_new_account_hands_over_a_link_to_set_its_password(
    client: Client, club: Club
) -> None:
    response = signed_in(client, club.organizer).post(
        members_url(), {"action": "add", "name": "Eve", "username": "eve", "new_account": "on"}
    )
    assert response.status_code == 200
    eve = User.objects.get(username="eve")
    assert club.player("Eve").user == eve
    assert not eve.has_usable_password()
    link = handed_over_link(text(response))
    newcomer = Client()
    done = set_password_with(newcomer, link, NEW_PASSWORD)
    assert done.status_code == 302
    assert done["Location"] == reverse("password_reset_complete")
    eve.refresh_from_db()
    assert eve.check_password(NEW_PASSWORD)
    # The link works once: the password it was made for is gone.
    again = Client().get(link, follow=True)
    assert "This link does not work any more" in text(again)
    assert newcomer.login(username="eve", password=NEW_PASSWORD)
    # Now the account is its owner's: the league hands it no further link.
    refused = signed_in(Client(), club.organizer).post(
        members_url(), {"action": "reset", "username": "eve"}
    )
    assert refused.status_code == 403
    assert 'class="tr-link"' not in text(refused)


def test_adding_an_existing_account_invites_it_and_only_its_owner_accepts(
    client: Client, club: Club
) -> None:
    response = signed_in(client, club.organizer).post(
        members_url(), {"action": "add", "name": "Zed", "username": "bonn-zed"}
    )
    assert response.status_code == 302
    assert club.player("Zed").user is None  # invited: the account gains nothing yet
    assert services.roles_of(club.league, club.outsider) == set()
    [invitation] = services.invitations_for(club.outsider)
    accept = reverse("invitation-accept", args=[invitation.pk])
    stranger = signed_in(Client(), club.ann).post(accept)
    assert stranger.status_code == 404  # someone else's invitation does not exist for Ann
    inbox = signed_in(client, club.outsider).get(reverse("inbox"))
    assert "invites you to sign for" in text(inbox)
    assert "Zed" in text(inbox)
    accepted = client.post(accept)
    assert accepted.status_code == 302
    assert club.player("Zed").user == club.outsider
    assert client.post(accept).status_code == 404  # answered already


def test_a_declined_invitation_links_nothing(client: Client, club: Club) -> None:
    signed_in(client, club.organizer).post(
        members_url(), {"action": "add", "name": "Zed", "username": "bonn-zed"}
    )
    [invitation] = services.invitations_for(club.outsider)
    declined = signed_in(client, club.outsider).post(
        reverse("invitation-decline", args=[invitation.pk])
    )
    assert declined.status_code == 302
    assert club.player("Zed").user is None
    assert not services.invitations_for(club.outsider).exists()


def test_adding_refuses_a_taken_name_an_account_already_playing_and_bad_usernames(
    client: Client, club: Club
) -> None:
    client = signed_in(client, club.organizer)
    duplicate = client.post(members_url(), {"action": "add", "name": "ANN"})
    assert duplicate.status_code == 409
    assert "league 'bonn' already has a player 'ANN'" in text(duplicate)
    new = {"action": "add", "name": "Bee", "new_account": "on"}
    taken = client.post(members_url(), new | {"username": "bonn-ben"})
    assert taken.status_code == 409
    assert "the username 'bonn-ben' is taken; choose another, or invite that account" in text(taken)
    bad = client.post(members_url(), new | {"username": "b e e"})
    assert bad.status_code == 409
    assert "Enter a valid username." in text(bad)
    blank = client.post(members_url(), {"action": "add", "name": ""})
    assert blank.status_code == 400
    assert not Player.objects.filter(key="bee").exists()
    assert not User.objects.filter(username="b e e").exists()


def test_linking_an_account_to_a_player(client: Client, club: Club) -> None:
    client = signed_in(client, club.referee)
    new = {"action": "link", "player": "Dora", "username": "dora", "new_account": "on"}
    response = client.post(members_url(), new)
    assert response.status_code == 200  # a new account: its reset link is on the page
    assert "dora" in text(response)
    handed_over_link(text(response))
    assert club.player("Dora").user == User.objects.get(username="dora")
    again = client.post(members_url(), new | {"username": "x"})
    assert again.status_code == 409
    assert "Dora has an account already" in text(again)
    nobody = client.post(members_url(), {"action": "link", "player": "Nobody", "username": "x"})
    assert nobody.status_code == 404
    assert "league 'bonn' has no player 'Nobody'" in text(nobody)
    missing = client.post(members_url(), {"action": "link", "player": "Dora"})
    assert missing.status_code == 400


def test_inviting_answers_alike_whether_or_not_the_account_exists(
    client: Client, club: Club
) -> None:
    """A stranger's league cannot probe which usernames exist (issue 39)."""
    client = signed_in(client, club.organizer)
    services.add_player(club.league, "Kai", by=services.CONSOLE)

    def answer(username: str) -> str:
        link = {"action": "link", "player": "Kai", "username": username}
        response = client.post(members_url(), link, follow=True)
        assert response.status_code == 200
        return without_tokens(text(response).replace(username, "NAME"))

    assert answer("bonn-zed") == answer("nobody-here")
    assert services.invitations_for(club.outsider).count() == 1
    assert not User.objects.filter(username="nobody-here").exists()


def test_admins_offer_roles_which_the_owner_accepts_and_revoke_them(
    client: Client, club: Club
) -> None:
    client = signed_in(client, club.organizer)
    grant = {"action": "role", "username": "bonn-ann", "role": "official", "grant": "yes"}
    response = client.post(members_url(), grant, follow=True)
    assert "it is offered the official's role; its owner accepts in their inbox" in text(response)
    assert services.Role.OFFICIAL not in services.roles_of(club.league, club.ann)
    ann = signed_in(Client(), club.ann)
    inbox = text(ann.get(reverse("inbox")))
    assert "invites you to be an <strong>official</strong> of Bonn Catan" in inbox
    [offer] = services.invitations_for(club.ann)
    accepted = ann.post(reverse("invitation-accept", args=[offer.pk]), follow=True)
    assert "You accepted to be an official of Bonn Catan." in text(accepted)
    assert services.Role.OFFICIAL in services.roles_of(club.league, club.ann)
    client.post(members_url(), grant | {"role": "admin"})
    [admin_offer] = services.invitations_for(club.ann)
    ann.post(reverse("invitation-decline", args=[admin_offer.pk]))
    assert services.Role.ADMIN not in services.roles_of(club.league, club.ann)
    client.post(members_url(), grant | {"grant": "no"})
    assert services.Role.OFFICIAL not in services.roles_of(club.league, club.ann)


def test_revoking_a_role_still_offered_withdraws_the_offer(client: Client, club: Club) -> None:
    client = signed_in(client, club.organizer)
    grant = {"action": "role", "username": "bonn-ann", "role": "admin", "grant": "yes"}
    client.post(members_url(), grant)
    assert services.invitations_for(club.ann).count() == 1
    withdrawn = client.post(members_url(), grant | {"grant": "no"}, follow=True)
    assert withdrawn.status_code == 200
    assert not services.invitations_for(club.ann).exists()
    assert services.Role.ADMIN not in services.roles_of(club.league, club.ann)


def test_the_last_admin_stays_and_unknown_accounts_are_not_told_apart(
    client: Client, club: Club
) -> None:
    client = signed_in(client, club.organizer)
    last = client.post(
        members_url(), {"action": "role", "username": "bonn-olga", "role": "admin", "grant": "no"}
    )
    assert last.status_code == 409
    assert "'bonn-olga' is the league's only admin" in text(last)
    offer = {"action": "role", "role": "admin", "grant": "yes"}
    ghost = client.post(members_url(), offer | {"username": "ghost"}, follow=True)
    real = client.post(members_url(), offer | {"username": "bonn-zed"}, follow=True)
    assert ghost.status_code == real.status_code == 200
    assert without_tokens(text(ghost).replace("ghost", "NAME")) == without_tokens(
        text(real).replace("bonn-zed", "NAME")
    )
    unknown = client.post(
        members_url(), {"action": "role", "username": "ghost", "role": "admin", "grant": "no"}
    )
    assert unknown.status_code == 409
    assert "'ghost' is not an admin of league 'bonn'" in text(unknown)
    bad = client.post(members_url(), {"action": "role", "username": "x", "role": "king"})
    assert bad.status_code == 400


def test_officials_cannot_change_roles(client: Client, club: Club) -> None:
    response = signed_in(client, club.referee).post(
        members_url(), {"action": "role", "username": "bonn-ref", "role": "admin", "grant": "yes"}
    )
    assert response.status_code == 403
    assert "is not an admin of league 'bonn'" in text(response)
    assert services.Role.ADMIN not in services.roles_of(club.league, club.referee)


def test_an_unknown_action_is_refused(client: Client, club: Club) -> None:
    response = signed_in(client, club.organizer).post(members_url(), {"action": "delete"})
    assert response.status_code == 400
    assert "unknown action" in text(response)


# -- reset links -----------------------------------------------------------------------------


def test_an_official_hands_an_account_the_league_made_a_link_until_its_owner_sets_a_password(
    client: Client, club: Club
) -> None:
    official = signed_in(client, club.referee)
    made = official.post(
        members_url(), {"action": "link", "player": "Dora", "username": "dora", "new_account": "on"}
    )
    handed_over_link(text(made))
    again = official.post(members_url(), {"action": "reset", "username": "dora"})
    assert again.status_code == 200  # lost before use: hand another
    link = handed_over_link(text(again))
    assert set_password_with(Client(), link, NEW_PASSWORD).status_code == 302
    dora = User.objects.get(username="dora")
    assert dora.check_password(NEW_PASSWORD)
    after = official.post(members_url(), {"action": "reset", "username": "dora"})
    assert after.status_code == 403
    assert "its owner resets their own password" in text(after)


def test_no_reset_link_for_an_account_another_league_made(client: Client, club: Club) -> None:
    other = make_club("koeln", "Köln Catan")
    services.add_player(other.league, "Kim", by=services.CONSOLE)
    signed_in(Client(), other.organizer).post(
        members_url("koeln"),
        {"action": "link", "player": "Kim", "username": "kim", "new_account": "on"},
    )
    kim = User.objects.get(username="kim")
    services.add_player(club.league, "Kim", by=services.CONSOLE, account=kim)
    response = signed_in(client, club.organizer).post(
        members_url(), {"action": "reset", "username": "kim"}
    )
    assert response.status_code == 403
    assert 'class="tr-link"' not in text(response)


def test_no_reset_link_for_accounts_their_owners_made(client: Client, club: Club) -> None:
    """Every account of the club signed up itself: no organizer resets it, admin or not."""
    for by, username in ((club.referee, "bonn-olga"), (club.organizer, "bonn-ref")):
        response = signed_in(Client(), by).post(
            members_url(), {"action": "reset", "username": username}
        )
        assert response.status_code == 403
        assert 'class="tr-link"' not in text(response)
    page = text(signed_in(client, club.organizer).get(members_url()))
    assert 'value="reset"' not in page  # no button for accounts the league did not make


def test_no_reset_link_for_site_staff_strangers_or_unknown_accounts(
    client: Client, club: Club
) -> None:
    club.ben.is_staff = True
    club.ben.save()
    client = signed_in(client, club.organizer)
    User.objects.create_user("stranger")
    answers = {
        name: client.post(members_url(), {"action": "reset", "username": name})
        for name in ("bonn-ben", "stranger", "ghost")
    }
    for name, response in answers.items():
        assert response.status_code == 403
        assert f"{name!r} is not an account Bonn Catan made" in text(response)
        assert 'class="tr-link"' not in text(response)


def test_a_superuser_hands_any_member_a_reset_link(client: Client, club: Club) -> None:
    root = User.objects.create_superuser("root", password=PASSWORD)
    club.ben.is_staff = True
    club.ben.save()
    response = signed_in(client, root).post(
        members_url(), {"action": "reset", "username": "bonn-ben"}
    )
    assert response.status_code == 200
    handed_over_link(text(response))


def test_a_forged_reset_link_does_not_work(client: Client, club: Club) -> None:
    page = text(
        signed_in(client, club.organizer).post(
            members_url(),
            {"action": "link", "player": "Dora", "username": "dora", "new_account": "on"},
        )
    )
    link = handed_over_link(page)
    forged = re.sub(r"/[^/]+/$", "/abc-0123456789abcdef/", link)
    assert "This link does not work any more" in text(Client().get(forged, follow=True))


def test_an_organizer_who_links_their_own_account_consents_by_doing_it(
    client: Client, club: Club
) -> None:
    club.league.officials.add(club.outsider)
    response = signed_in(client, club.outsider).post(
        members_url(), {"action": "add", "name": "Zed", "username": "bonn-zed"}
    )
    assert response.status_code == 302
    assert club.player("Zed").user == club.outsider
    assert not services.invitations_for(club.outsider).exists()


# -- resetting one's own password by e-mail ---------------------------------------------------


def mailed_link(body: str) -> str:
    found = re.search(r"https?://[^/\s]+(/accounts/reset/\S+)", body)
    assert found, body
    return found.group(1)


def test_a_forgotten_password_is_reset_by_e_mail(
    client: Client, club: Club, mailoutbox: list[Any]
) -> None:
    club.ann.email = "ann@example.org"
    club.ann.save()
    ann_elsewhere = signed_in(Client(), club.ann)
    assert "Forgot your password?" in text(client.get(reverse("login")))
    form = client.get(reverse("password_reset"))
    assert form.status_code == 200
    sent = client.post(reverse("password_reset"), {"email": "ANN@example.org"})
    assert sent.status_code == 302
    assert sent["Location"] == reverse("password_reset_sent")
    [mail] = mailoutbox
    assert mail.to == ["ann@example.org"]
    assert "bonn-ann" in mail.body
    link = mailed_link(mail.body)
    assert set_password_with(Client(), link, NEW_PASSWORD).status_code == 302
    club.ann.refresh_from_db()
    assert club.ann.check_password(NEW_PASSWORD)
    # Her other sessions end with the old password; the link works once.
    assert ann_elsewhere.get(reverse("inbox")).status_code == 302
    assert "This link does not work any more" in text(Client().get(link, follow=True))


def test_an_unknown_address_is_answered_alike_and_mails_nothing(
    client: Client, club: Club, mailoutbox: list[Any]
) -> None:
    known, unknown = "ann@example.org", "nobody@example.org"
    club.ann.email = known
    club.ann.save()
    answers = [client.post(reverse("password_reset"), {"email": e}) for e in (known, unknown)]
    assert [a["Location"] for a in answers] == [reverse("password_reset_sent")] * 2
    assert len(mailoutbox) == 1
    bad = client.post(reverse("password_reset"), {"email": "not an address"})
    assert bad.status_code == 200
    assert "Enter a valid email address." in text(bad)


def test_an_account_sets_its_e_mail_address(client: Client, club: Club) -> None:
    assert client.get(reverse("account-email")).status_code == 302  # sign in first
    client = signed_in(client, club.ben)
    page = text(client.get(reverse("account-email")))
    assert 'href="/accounts/email/"' in page  # the account's name in the top bar leads here
    saved = client.post(reverse("account-email"), {"email": "ben@example.org"}, follow=True)
    assert "Reset links go to ben@example.org now." in text(saved)
    club.ben.refresh_from_db()
    assert club.ben.email == "ben@example.org"
    bad = client.post(reverse("account-email"), {"email": "ben at home"})
    assert bad.status_code == 400
    assert "Enter a valid email address." in text(bad)
    cleared = client.post(reverse("account-email"), {"email": ""}, follow=True)
    assert cleared.status_code == 200
    club.ben.refresh_from_db()
    assert club.ben.email == ""


def test_sign_up_takes_an_optional_e_mail_address(client: Client, db: None) -> None:
    data = {"username": "org", "password1": NEW_PASSWORD, "password2": NEW_PASSWORD}
    client.post(reverse("signup"), data | {"email": "org@example.org"})
    assert User.objects.get(username="org").email == "org@example.org"
    Client().post(reverse("signup"), data | {"username": "org2"})
    assert User.objects.get(username="org2").email == ""


def test_too_many_offers_in_an_hour_are_refused_with_429(
    client: Client, club: Club, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tablerank.league.services import members

    monkeypatch.setattr(members, "OFFERS_PER_HOUR", 1)
    client = signed_in(client, club.organizer)
    offer = {"action": "role", "role": "official", "grant": "yes"}
    assert client.post(members_url(), offer | {"username": "bonn-ann"}).status_code == 302
    again = client.post(members_url(), offer | {"username": "bonn-ben"})
    assert again.status_code == 429
    assert "try again later" in text(again)
    assert not services.invitations_for(club.ben).exists()
    token = services.issue_token(club.organizer, "api")[1]
    api = Client().post(
        "/api/leagues/bonn/players",
        {"name": "Kai", "username": "bonn-zed"},
        content_type="application/json",
        headers={"Authorization": f"Bearer {token}"},
    )
    assert api.status_code == 429
    assert "try again later" in api.json()["error"]["message"]
    assert not Player.objects.filter(league=club.league, key="kai").exists()
