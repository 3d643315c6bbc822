"""ApiToken in Django's admin: listed and revocable, never shown, never added there."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tablerank.api.auth import issue_token
from tablerank.api.models import ApiToken

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff(client: Client) -> Client:
    client.force_login(User.objects.create_superuser("boss"))
    return client


def test_tokens_are_listed_without_the_token(staff: Client) -> None:
    row, token = issue_token(User.objects.create_user("ann"), "laptop")
    page = staff.get("/admin/api/apitoken/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "laptop" in html
    assert token not in html
    detail = staff.get(f"/admin/api/apitoken/{row.pk}/change/").content.decode()
    assert token not in detail
    assert row.token_hash not in detail


def test_tokens_are_revoked_in_the_admin_but_not_added(staff: Client) -> None:
    row, _ = issue_token(User.objects.create_user("ann"), "laptop")
    assert staff.get("/admin/api/apitoken/add/").status_code == 403
    answer = staff.post(
        f"/admin/api/apitoken/{row.pk}/change/", {"name": "laptop", "revoked": "on"}
    )
    assert answer.status_code == 302
    assert ApiToken.objects.get(pk=row.pk).revoked
