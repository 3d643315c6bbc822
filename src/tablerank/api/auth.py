"""Who is calling: `Authorization: Bearer <token>`, checked against stored token hashes.

A token is issued once (`issue_token`) and only its SHA-256 hash is kept. Writes need a valid
token (`TokenAuth`); reads take one when given, so a member can read a private league, and are
anonymous otherwise (`READ`). A token that is sent but unknown or revoked is refused (401)
rather than read as anonymous, so a client learns at once that its token stopped working.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from typing import Any, cast

from django.contrib.auth.models import AnonymousUser, User
from django.http import HttpRequest
from django.utils import timezone
from ninja.security import HttpBearer

from tablerank.api.errors import SIGN_IN, ApiError
from tablerank.api.models import ApiToken

__all__ = [
    "OPTIONAL_TOKEN",
    "READ",
    "WRITE",
    "Caller",
    "TokenAuth",
    "caller",
    "hash_token",
    "issue_token",
]

PREFIX = "trk_"
"""Marks tablerank tokens, so one pasted in the wrong place is easy to recognise."""


@dataclass(frozen=True)
class Caller:
    """The user a request acts for (anonymous without a token) and the token it came with."""

    user: User | AnonymousUser
    token: ApiToken | None = None

    def __bool__(self) -> bool:  # ninja takes any truthy result as "authenticated"
        return True


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def issue_token(user: User, name: str = "") -> tuple[ApiToken, str]:
    """A new token for `user`: the stored row (hash only) and the token, to show once."""
    token = PREFIX + secrets.token_urlsafe(32)
    row = ApiToken.objects.create(user=user, name=name, token_hash=hash_token(token))
    return row, token


def _token_row(token: str) -> ApiToken | None:
    row = (
        ApiToken.objects.select_related("user")
        .filter(token_hash=hash_token(token), revoked=False, user__is_active=True)
        .first()
    )
    if row is not None:
        row.last_used_at = timezone.now()
        ApiToken.objects.filter(pk=row.pk).update(last_used_at=row.last_used_at)
    return row


class TokenAuth(HttpBearer):
    """`Authorization: Bearer <token>`; any other Authorization header is refused (401)."""

    def __call__(self, request: HttpRequest) -> Caller | None:
        header = request.headers.get("Authorization", "").strip()
        if not header:
            return None
        scheme, _, token = header.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise ApiError(401, "Authorization", f"expected Bearer <token>; {SIGN_IN}")
        return self.authenticate(request, token.strip())

    def authenticate(self, request: HttpRequest, token: str) -> Caller:
        row = _token_row(token)
        if row is None:
            raise ApiError(401, "Authorization", f"unknown or revoked token; {SIGN_IN}")
        return Caller(row.user, row)


def anonymous(request: HttpRequest) -> Caller:
    return Caller(AnonymousUser())


WRITE = TokenAuth()
"""Writes: a valid token is required."""

READ = [WRITE, anonymous]
"""Reads: a valid token when one is sent, anonymous otherwise."""

OPTIONAL_TOKEN: dict[str, Any] = {"security": [{}]}
"""`openapi_extra` of a read: ninja lists the bearer scheme; ``{}`` adds "or none"."""


def caller(request: HttpRequest) -> Caller:
    """The caller that `WRITE` or `READ` found for this request."""
    return cast(Caller, request.auth)  # type: ignore[attr-defined]


def signed_in(request: HttpRequest) -> User:
    """The caller's account, for an endpoint that requires a token."""
    user = caller(request).user
    if not isinstance(user, User):
        raise ApiError(401, "Authorization", f"sign in first; {SIGN_IN}")
    return user
