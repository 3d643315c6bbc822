"""The account's API tokens on the web (/accounts/tokens/): listed, revoked one by one or all at
once; and a new password, changed or set from a reset link, ends every token and every other
session of the account."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.contrib.auth.tokens import default_token_generator
from django.test import Client
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from tablerank.league import services
from tablerank.league.models import ApiToken
from tests.web.action_helpers import PASSWORD, Club
from tests.web.test_accounts import NEW_PASSWORD, set_password_with, text

pytestmark = pytest.mark.django_db


def signed_in(user: User) -> Client:
    """A browser of `user` that sends the CSRF token as a form does."""
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    return client


def post(client: Client, path: str, data: dict[str, str] | None = None, form: str = "") -> Any:
    """POST as a page's form does, with the CSRF token of that page (default the tokens page)."""
    page = text(client.get(form or reverse("tokens")))
    found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    assert found, "no CSRF token on the page"
    return client.post(path, {"csrfmiddlewaretoken": found.group(1), **(data or {})})


def api_status(token: str) -> int:
    answer = Client().get("/api/tokens", headers={"Authorization": f"Bearer {token}"})
    return answer.status_code


def test_the_page_lists_the_accounts_own_tokens(club: Club) -> None:
    services.issue_token(club.ann, "laptop")
    services.issue_token(club.ann, "phone")
    services.issue_token(club.ben, "bens script")
    page = signed_in(club.ann).get(reverse("tokens"))
    assert page.status_code == 200
    shown = text(page)
    assert "laptop" in shown
    assert "phone" in shown
    assert "bens script" not in shown
    assert shown.count(">active<") == 2
    assert 'id="revoke-all"' in shown


def test_an_account_without_tokens_is_told_so(club: Club) -> None:
    assert 'id="no-tokens"' in text(signed_in(club.ann).get(reverse("tokens")))


def test_the_page_needs_a_signed_in_account(client: Client, club: Club) -> None:
    response = client.get(reverse("tokens"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))
    row, _ = services.issue_token(club.ann, "laptop")
    assert client.post(reverse("token-revoke", args=[row.pk])).status_code == 302
    assert not ApiToken.objects.get(pk=row.pk).revoked


def test_the_inbox_and_the_accounts_page_link_to_the_page(club: Club) -> None:
    client = signed_in(club.ann)
    page = text(client.get(reverse("inbox")))
    assert page.count(f'href="{reverse("tokens")}"') == 1
    assert f'href="{reverse("account-email")}"' in page  # the header's name: the account's page
    account = text(client.get(reverse("account-email")))
    assert f'href="{reverse("tokens")}"' in account


def test_revoking_one_token_from_the_page_ends_it(club: Club) -> None:
    laptop, laptop_token = services.issue_token(club.ann, "laptop")
    _, phone_token = services.issue_token(club.ann, "phone")
    client = signed_in(club.ann)
    response = post(client, reverse("token-revoke", args=[laptop.pk]))
    assert response.status_code == 302
    assert response["Location"] == reverse("tokens")
    assert api_status(laptop_token) == 401
    assert api_status(phone_token) == 200
    shown = text(client.get(reverse("tokens")))
    assert "Revoked the token laptop." in shown
    assert ">revoked<" in shown


def test_another_accounts_token_is_404_and_stays(club: Club) -> None:
    bens, token = services.issue_token(club.ben, "bens script")
    client = signed_in(club.ann)
    assert post(client, reverse("token-revoke", args=[bens.pk])).status_code == 404
    assert post(client, reverse("token-revoke", args=[999999])).status_code == 404
    assert api_status(token) == 200


def test_revoking_takes_a_post_with_its_csrf_token(club: Club) -> None:
    row, token = services.issue_token(club.ann, "laptop")
    client = signed_in(club.ann)
    assert client.get(reverse("token-revoke", args=[row.pk])).status_code == 405
    assert client.post(reverse("token-revoke", args=[row.pk])).status_code == 403  # no CSRF
    assert client.post(reverse("tokens-revoke-all")).status_code == 403
    assert api_status(token) == 200


def test_revoking_all_ends_every_token_of_the_account_only(club: Club) -> None:
    tokens = [services.issue_token(club.ann, name)[1] for name in ("laptop", "phone")]
    _, bens = services.issue_token(club.ben, "bens script")
    response = post(signed_in(club.ann), reverse("tokens-revoke-all"))
    assert response.status_code == 302
    assert [api_status(token) for token in tokens] == [401, 401]
    assert api_status(bens) == 200


def test_changing_the_password_ends_every_token_and_every_other_session(club: Club) -> None:
    _, token = services.issue_token(club.ann, "laptop")
    here, elsewhere = signed_in(club.ann), signed_in(club.ann)
    form = text(here.get(reverse("password_change")))
    assert f'href="{reverse("tokens")}"' in form
    data = {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}
    changed = post(here, reverse("password_change"), data, form=reverse("password_change"))
    assert changed.status_code == 302
    assert api_status(token) == 401
    assert here.get(reverse("inbox")).status_code == 200  # this session goes on
    assert elsewhere.get(reverse("inbox")).status_code == 302  # the others are signed out


def test_a_password_set_from_a_reset_link_ends_every_token_and_session(club: Club) -> None:
    _, token = services.issue_token(club.ben, "script")
    elsewhere = signed_in(club.ben)
    uid = urlsafe_base64_encode(force_bytes(club.ben.pk))
    link = reverse(
        "password_reset_confirm", args=[uid, default_token_generator.make_token(club.ben)]
    )
    done = set_password_with(Client(), link, NEW_PASSWORD)
    assert done.status_code == 302
    assert api_status(token) == 401
    assert elsewhere.get(reverse("inbox")).status_code == 302
