"""Tokens end: they expire, a password change or reset ends them all, and the account revokes
any one or all of them; "last used" is written at most once an hour."""

from __future__ import annotations

import threading
from datetime import timedelta
from typing import Any

import psycopg
import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.utils import timezone

from tablerank.api.models import ApiToken
from tablerank.league import services
from tests.api.conftest import Call, Club
from tests.api.test_tokens import bearer, issue

pytestmark = pytest.mark.django_db


def refusal(call: Call, token: str) -> str:
    """Why the API refuses `token` (it must refuse it: 401 with the documented error)."""
    answer = call("GET", "/api/leagues", headers=bearer(token))
    assert answer.status == 401, answer.body
    assert answer.headers["WWW-Authenticate"].startswith("Bearer")
    assert answer.body["error"]["field"] == "Authorization"
    message: str = answer.body["error"]["message"]
    return message


def works(call: Call, token: str) -> bool:
    return call("GET", "/api/tokens", headers=bearer(token)).status == 200


def test_a_token_expires_after_90_days_by_default(club: Club, call: Call) -> None:
    before = timezone.now()
    token = issue(call, "ann")
    row = ApiToken.objects.get()
    assert timedelta(days=90) <= row.expires_at - before < timedelta(days=90, minutes=1)
    listed = call("GET", "/api/tokens", headers=bearer(token)).body["tokens"][0]
    assert listed["expires_at"] == row.expires_at.isoformat()
    assert listed["state"] == "active"


def test_the_site_sets_how_long_tokens_last(club: Club, call: Call, settings: Any) -> None:
    settings.TABLERANK_TOKEN_DAYS = 7
    before = timezone.now()
    issue(call, "ann")
    lasts = ApiToken.objects.get().expires_at - before
    assert timedelta(days=7) <= lasts < timedelta(days=7, minutes=1)


def test_an_expired_token_gets_401_saying_so(club: Club, call: Call) -> None:
    token, other = issue(call, "ann"), issue(call, "ann", name="other")
    ApiToken.objects.filter(name="laptop").update(expires_at=timezone.now())
    assert refusal(call, token).startswith("this token has expired")
    assert works(call, other)
    listed = call("GET", "/api/tokens", headers=bearer(other)).body["tokens"]
    assert [(row["name"], row["state"]) for row in listed] == [
        ("laptop", "expired"),
        ("other", "active"),
    ]


def test_a_new_password_ends_every_token_of_the_account(club: Club, call: Call) -> None:
    """Whatever sets it (here Django's `set_password`, as the admin and the console do)."""
    tokens = [issue(call, "ann", name=name) for name in ("laptop", "phone")]
    bens = issue(call, "ben")
    ann = User.objects.get(username="ann")
    ann.set_password("a brand new passphrase 7")
    ann.save()
    for token in tokens:
        assert refusal(call, token).startswith("this token ended when the account's password")
    assert works(call, bens)
    fresh = issue(call, "ann", password="a brand new passphrase 7", name="fresh")
    listed = call("GET", "/api/tokens", headers=bearer(fresh)).body["tokens"]
    assert [row["state"] for row in listed] == ["ended", "ended", "active"]


def test_a_revoked_token_gets_401_saying_so(club: Club, call: Call) -> None:
    token = issue(call, "ann")
    assert call("DELETE", "/api/tokens/current", headers=bearer(token)).status == 200
    assert refusal(call, token).startswith("this token was revoked")


def test_an_unknown_token_gets_401_saying_so(club: Club, call: Call) -> None:
    assert refusal(call, "trk_nothing-like-it").startswith("unknown token")


def test_the_account_revokes_any_one_of_its_tokens(club: Club, call: Call) -> None:
    using, lost = issue(call, "ann", name="laptop"), issue(call, "ann", name="lost phone")
    lost_id = ApiToken.objects.get(name="lost phone").pk
    answer = call("DELETE", f"/api/tokens/{lost_id}", headers=bearer(using))
    assert answer.status == 200
    assert answer.body["revoked"]["name"] == "lost phone"
    assert answer.body["revoked"]["state"] == "revoked"
    assert refusal(call, lost).startswith("this token was revoked")
    assert works(call, using)
    # Revoking it again changes nothing and says so the same way.
    again = call("DELETE", f"/api/tokens/{lost_id}", headers=bearer(using))
    assert (again.status, again.body["revoked"]["state"]) == (200, "revoked")


def test_another_accounts_token_is_never_listed_nor_revoked(club: Club, call: Call) -> None:
    anns, bens = issue(call, "ann"), issue(call, "ben", name="bens")
    bens_id = ApiToken.objects.get(name="bens").pk
    listed = call("GET", "/api/tokens", headers=bearer(anns)).body["tokens"]
    assert [row["name"] for row in listed] == ["laptop"]
    for path in (f"/api/tokens/{bens_id}", "/api/tokens/999999"):
        answer = call("DELETE", path, headers=bearer(anns))
        assert answer.status == 404
        assert answer.body["error"]["field"] == "token"
    not_an_id = call("DELETE", "/api/tokens/bens", headers=bearer(anns))
    assert (not_an_id.status, not_an_id.body["error"]["field"]) == (422, "token_id")
    assert works(call, bens)
    assert not ApiToken.objects.get(pk=bens_id).revoked


def test_the_account_revokes_all_its_tokens_at_once(club: Club, call: Call) -> None:
    tokens = [issue(call, "ann", name=name) for name in ("laptop", "phone", "script")]
    bens = issue(call, "ben")
    answer = call("DELETE", "/api/tokens", headers=bearer(tokens[0]))
    assert answer.status == 200
    assert [(row["name"], row["state"]) for row in answer.body["revoked"]] == [
        ("laptop", "revoked"),
        ("phone", "revoked"),
        ("script", "revoked"),
    ]
    for token in tokens:
        assert refusal(call, token).startswith("this token was revoked")
    assert works(call, bens)


def test_revoking_needs_a_working_token(club: Club, call: Call) -> None:
    token = issue(call, "ann")
    row = ApiToken.objects.get()
    assert call("DELETE", "/api/tokens").status == 401
    assert call("DELETE", f"/api/tokens/{row.pk}").status == 401
    ApiToken.objects.update(expires_at=timezone.now())
    assert call("DELETE", f"/api/tokens/{row.pk}", headers=bearer(token)).status == 401


def test_last_use_is_written_at_most_once_an_hour(club: Club, call: Call) -> None:
    token = issue(call, "ann")
    assert ApiToken.objects.get().last_used_at is None
    works(call, token)
    first = ApiToken.objects.get().last_used_at
    assert first is not None
    works(call, token)
    assert ApiToken.objects.get().last_used_at == first  # within the hour: not written again
    stale = timezone.now() - timedelta(hours=1, minutes=1)
    ApiToken.objects.update(last_used_at=stale)
    works(call, token)
    last = ApiToken.objects.get().last_used_at
    assert last is not None
    assert last > stale + timedelta(hours=1)


def test_the_services_name_each_state(club: Club) -> None:
    row, token = services.issue_token(club.user("Ann"), "x")
    assert services.token_state(row) == services.TokenState.ACTIVE
    later = row.expires_at + timedelta(seconds=1)
    assert services.token_state(row, later) == services.TokenState.EXPIRED
    with pytest.raises(services.TokenRefused, match="expired"):
        services.token_user(token, later)


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="SQLite: tests/server")
def test_on_postgresql_a_read_does_not_wait_for_a_locked_token_row(club: Club, call: Call) -> None:
    """Another transaction holds the token's row (a revoke under way): the read answers
    without waiting for it and leaves "last used" for a later request."""
    token = issue(call, "ann")
    row = ApiToken.objects.get()
    params = connection.get_connection_params()
    with psycopg.connect(**params) as other:
        other.execute("SELECT id FROM api_apitoken WHERE id = %s FOR UPDATE", [row.pk])
        # Were the read to wait, it would wait until this gives the row up, and record.
        release = threading.Timer(10, other.rollback)
        release.start()
        try:
            assert works(call, token)
            assert ApiToken.objects.get().last_used_at is None
        finally:
            release.cancel()
    assert works(call, token)
    assert ApiToken.objects.get().last_used_at is not None
