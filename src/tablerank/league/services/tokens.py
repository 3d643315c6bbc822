"""The rules about API tokens, for the API (which checks them) and the web's token page.

A token is issued for an account, shown once, and stored as a SHA-256 hash. It works until the
first of: it expires (`TABLERANK_TOKEN_DAYS` after it was issued, default 90), it is revoked,
or the account's password changes. The last is seen without any signal: each token keeps a
keyed hash of the password hash it was issued under (`password_stamp`), so a password set by
the web's forms, a reset link, the admin, a console command or `set_password` ends every
token of the account. Rotating the site's secret key ends every token, as it ends sessions.

Checking a token only reads. "Last used" is written at most once an hour, and only when the
write lock can be had at once: a read never waits for a writer, and works on a read-only
database.
"""

from __future__ import annotations

import hashlib
import logging
import secrets
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from datetime import datetime, timedelta
from enum import StrEnum

from django.conf import settings
from django.contrib.auth.models import User
from django.db import DatabaseError, connection, transaction
from django.utils import timezone
from django.utils.crypto import constant_time_compare, salted_hmac

from tablerank.errors import TablerankError
from tablerank.league.errors import NotFound
from tablerank.league.models import ApiToken

__all__ = [
    "TOKEN_DAYS",
    "USE_INTERVAL",
    "TokenRefused",
    "TokenState",
    "hash_token",
    "issue_token",
    "password_stamp",
    "revoke_all_tokens",
    "revoke_token",
    "token_state",
    "token_user",
    "tokens_of",
]

PREFIX = "trk_"
"""Marks tablerank tokens, so one pasted in the wrong place is easy to recognise."""

TOKEN_DAYS = 90
"""How long a token works when the site sets no `TABLERANK_TOKEN_DAYS`."""

USE_INTERVAL = timedelta(hours=1)
""""Last used" is recorded when the stored time is older than this."""

log = logging.getLogger(__name__)


class TokenState(StrEnum):
    """Whether a token works, and if not, why."""

    ACTIVE = "active"
    EXPIRED = "expired"
    REVOKED = "revoked"
    ENDED = "ended"
    """Ended by a change of the account's password."""


REASONS = {
    TokenState.EXPIRED: "this token has expired",
    TokenState.REVOKED: "this token was revoked",
    TokenState.ENDED: "this token ended when the account's password changed",
}


class TokenRefused(TablerankError):
    """A token that is unknown, expired, revoked or ended; the message says which."""


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def password_stamp(password_hash: str) -> str:
    """A keyed hash (the site's secret key) of an account's password hash."""
    return salted_hmac("tablerank.tokens", password_hash, algorithm="sha256").hexdigest()


def token_days() -> int:
    return int(getattr(settings, "TABLERANK_TOKEN_DAYS", TOKEN_DAYS))


def issue_token(user: User, name: str = "") -> tuple[ApiToken, str]:
    """A new token for `user`: the stored row (hash only) and the token, to show once."""
    token = PREFIX + secrets.token_urlsafe(32)
    now = timezone.now()
    row = ApiToken.objects.create(
        user=user,
        name=name,
        token_hash=hash_token(token),
        created_at=now,
        expires_at=now + timedelta(days=token_days()),
        password_stamp=password_stamp(user.password),
    )
    return row, token


def token_state(row: ApiToken, now: datetime | None = None) -> TokenState:
    """Whether `row` (with its user) works at `now`, and if not, why."""
    if row.revoked:
        return TokenState.REVOKED
    if not constant_time_compare(row.password_stamp, password_stamp(row.user.password)):
        return TokenState.ENDED
    if row.expires_at <= (now or timezone.now()):
        return TokenState.EXPIRED
    return TokenState.ACTIVE


def token_user(token: str, now: datetime | None = None) -> tuple[User, ApiToken]:
    """The account a working `token` acts for, and its row; `TokenRefused` naming why not."""
    now = now or timezone.now()
    row = ApiToken.objects.select_related("user").filter(token_hash=hash_token(token)).first()
    if row is None:
        raise TokenRefused("unknown token")
    if not row.user.is_active:
        raise TokenRefused("this token's account is deactivated")
    state = token_state(row, now)
    if state != TokenState.ACTIVE:
        raise TokenRefused(REASONS[state])
    stale = row.last_used_at is None or now - row.last_used_at >= USE_INTERVAL
    if stale and record_use(row.pk, now):
        row.last_used_at = now
    return row.user, row


def record_use(pk: int, now: datetime) -> bool:
    """Store `now` as the token's last use if that can be done without waiting; whether it
    was. A busy or read-only database is no reason to refuse a request."""
    try:
        with _at_once():
            ApiToken.objects.filter(pk=pk).update(last_used_at=now)
    except DatabaseError as exc:
        log.info("token %s: last use not recorded (%s)", pk, exc)
        return False
    return True


@contextmanager
def _at_once() -> Iterator[None]:
    """A write that gives up at once instead of waiting for a lock. SQLite: no busy wait,
    and no transaction of its own (its BEGIN IMMEDIATE would wait); PostgreSQL: a
    transaction that waits at most 50 ms for a row lock. Inside a transaction, a savepoint
    keeps a failure from spoiling it."""
    if connection.vendor != "sqlite":
        with transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute("SHOW lock_timeout")
                before = cursor.fetchone()[0]
                cursor.execute("SET LOCAL lock_timeout = '50ms'")
            yield
            with connection.cursor() as cursor:  # as it was, for an enclosing transaction
                cursor.execute("SELECT set_config('lock_timeout', %s, true)", [before])
        return
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA busy_timeout")
        waits = int(cursor.fetchone()[0])
        cursor.execute("PRAGMA busy_timeout = 0")
    try:
        with transaction.atomic() if connection.in_atomic_block else nullcontext():
            yield
    finally:
        with connection.cursor() as cursor:
            cursor.execute(f"PRAGMA busy_timeout = {waits:d}")


def tokens_of(user: User) -> list[ApiToken]:
    """`user`'s tokens, oldest first (with their user, for `token_state`)."""
    return list(
        ApiToken.objects.filter(user=user).select_related("user").order_by("created_at", "pk")
    )


def revoke_token(user: User, token_id: int) -> ApiToken:
    """Revoke `user`'s token `token_id`; another account's token is not found (`NotFound`)."""
    row = ApiToken.objects.select_related("user").filter(user=user, pk=token_id).first()
    if row is None:
        raise NotFound("token", f"you have no token {token_id}")
    if not row.revoked:
        row.revoked = True
        row.save(update_fields=["revoked"])
    return row


def revoke_all_tokens(user: User) -> list[ApiToken]:
    """Revoke every token `user` holds; the tokens, now all revoked."""
    ApiToken.objects.filter(user=user, revoked=False).update(revoked=True)
    return tokens_of(user)
