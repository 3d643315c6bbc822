"""Tokens: issued for a username and password, stored as a hash only, used, listed, revoked."""

from __future__ import annotations

import hashlib

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.db import connection

from tablerank.api.models import ApiToken
from tests.api.conftest import PASSWORD, Call, Club

pytestmark = pytest.mark.django_db


def issue(call: Call, username: str, password: str = PASSWORD, name: str = "laptop") -> str:
    answer = call(
        "POST", "/api/tokens", body={"username": username, "password": password, "name": name}
    )
    assert answer.status == 201, answer.body
    token: str = answer.body["token"]
    return token


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_a_token_is_issued_for_the_right_password_and_works(club: Club, call: Call) -> None:
    answer = call(
        "POST", "/api/tokens", body={"username": "ann", "password": PASSWORD, "name": "phone"}
    )
    assert answer.status == 201
    assert answer.body["name"] == "phone"
    assert answer.body["revoked"] is False
    mine = call("GET", "/api/tokens", headers=bearer(answer.body["token"]))
    assert mine.status == 200
    assert [row["name"] for row in mine.body["tokens"]] == ["phone"]
    assert "token" not in mine.body["tokens"][0]


def test_only_the_tokens_hash_is_stored(club: Club, call: Call) -> None:
    token = issue(call, "ann")
    row = ApiToken.objects.get(user__username="ann")
    assert row.token_hash == hashlib.sha256(token.encode()).hexdigest()
    with connection.cursor() as cursor:
        cursor.execute("SELECT * FROM api_apitoken")
        stored = [str(value) for line in cursor.fetchall() for value in line]
    assert token not in stored
    assert not any(token[4:20] in value for value in stored)


def test_each_token_is_new(club: Club, call: Call) -> None:
    assert issue(call, "ann") != issue(call, "ann")


@pytest.mark.parametrize(
    ("username", "password"),
    [("ann", "wrong"), ("nobody", PASSWORD), ("ANN", PASSWORD), ("", "")],
)
def test_wrong_credentials_get_401_without_saying_which_part(
    club: Club, call: Call, username: str, password: str
) -> None:
    answer = call("POST", "/api/tokens", body={"username": username, "password": password})
    assert answer.status == 401
    assert answer.body == {
        "error": {"field": "credentials", "message": "wrong username or password"}
    }
    assert not ApiToken.objects.exists()


def test_an_inactive_account_gets_no_token_and_its_tokens_stop_working(
    club: Club, call: Call
) -> None:
    token = issue(call, "ann")
    User.objects.filter(username="ann").update(is_active=False)
    assert call("GET", "/api/tokens", headers=bearer(token)).status == 401
    assert call("POST", "/api/tokens", body={"username": "ann", "password": PASSWORD}).status == 401


@pytest.mark.skipif("axes" not in settings.INSTALLED_APPS, reason="no sign-in throttle installed")
def test_repeated_failures_are_locked_out_in_json(club: Club, call: Call) -> None:
    statuses = [
        call("POST", "/api/tokens", body={"username": "ann", "password": "wrong"}).status
        for _ in range(settings.AXES_FAILURE_LIMIT)
    ]
    limit = settings.AXES_FAILURE_LIMIT
    assert statuses == [401] * (limit - 1) + [429]  # the failure that reaches the limit locks
    locked = call("POST", "/api/tokens", body={"username": "ann", "password": PASSWORD})
    assert locked.status == 429
    assert locked.body["error"]["field"] == "credentials"
    assert not ApiToken.objects.exists()


def test_revoking_the_current_token_refuses_it_afterwards(club: Club, call: Call) -> None:
    kept, revoked = issue(call, "ann", name="kept"), issue(call, "ann", name="gone")
    answer = call("DELETE", "/api/tokens/current", headers=bearer(revoked))
    assert answer.status == 200
    assert answer.body["revoked"]["name"] == "gone"
    assert answer.body["revoked"]["revoked"] is True
    refused = call("GET", "/api/tokens", headers=bearer(revoked))
    assert refused.status == 401
    assert refused.body["error"]["field"] == "Authorization"
    assert refused.headers["WWW-Authenticate"].startswith("Bearer")
    listed = call("GET", "/api/tokens", headers=bearer(kept))
    assert [(row["name"], row["revoked"]) for row in listed.body["tokens"]] == [
        ("kept", False),
        ("gone", True),
    ]


def test_using_a_token_records_when(club: Club, call: Call) -> None:
    token = issue(call, "ann")
    assert ApiToken.objects.get().last_used_at is None
    call("GET", "/api/leagues", headers=bearer(token))
    assert ApiToken.objects.get().last_used_at is not None


@pytest.mark.parametrize(
    "header",
    ["Bearer nonsense", "Bearer ", "Basic YW5uOnBhc3M=", "Token abc", "bearer"],
)
def test_a_bad_authorization_header_gets_401_even_on_reads(
    club: Club, call: Call, header: str
) -> None:
    """A token that is sent but does not work is refused, not read as anonymous."""
    for path in ("/api/leagues", "/api/tokens"):
        answer = call("GET", path, headers={"Authorization": header})
        assert answer.status == 401, (path, header)
        assert answer.body["error"]["field"] == "Authorization"


def test_token_endpoints_need_a_token(club: Club, call: Call) -> None:
    assert call("GET", "/api/tokens").status == 401
    assert call("DELETE", "/api/tokens/current").status == 401
