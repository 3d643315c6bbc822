"""Issuing a token is a sign-in: it clears the failed sign-ins, as a sign-in on the site does."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.contrib.auth.models import User

from tablerank.api.models import ApiToken

from .conftest import PASSWORD, Call, Club

pytestmark = pytest.mark.skipif(
    "axes" not in settings.INSTALLED_APPS, reason="no sign-in throttle installed"
)


def guess(call: Call, password: str) -> int:
    return call("POST", "/api/tokens", body={"username": "ann", "password": password}).status


def test_a_token_issued_clears_the_failures_before_it(club: Club, call: Call) -> None:
    almost = settings.AXES_FAILURE_LIMIT - 1
    assert [guess(call, "wrong") for _ in range(almost)] == [401] * almost
    assert guess(call, PASSWORD) == 201
    # The count starts again: as many failures as before are again refused with 401 only.
    assert [guess(call, "wrong") for _ in range(almost)] == [401] * almost
    assert guess(call, "wrong") == 429


def test_a_token_issued_records_the_sign_in(club: Club, call: Call) -> None:
    assert club.user("Ann").last_login is None
    assert guess(call, PASSWORD) == 201
    assert User.objects.get(username="ann").last_login is not None


def test_a_locked_out_account_gets_no_token_and_keeps_its_lock(club: Club, call: Call) -> None:
    limit = settings.AXES_FAILURE_LIMIT
    assert [guess(call, "wrong") for _ in range(limit)][-1] == 429
    assert guess(call, PASSWORD) == 429
    assert guess(call, PASSWORD) == 429
    assert not ApiToken.objects.exists()
