"""Who is calling: `Authorization: Bearer <token>`, checked by the league's token rules.

A token is issued once (`issue_token`) and only its SHA-256 hash is kept; it ends when it
expires, is revoked or its account's password changes (`league.services.tokens`). Writes need
a working token (`TokenAuth`); reads take one when given, so a member can read a private league,
and are anonymous otherwise (`READ`). A token that is sent but does not work is refused (401,
saying why) rather than read as anonymous, so a client learns at once that it stopped working.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from django.contrib.auth.models import AnonymousUser, User
from django.http import HttpRequest
from ninja.security import HttpBearer

from tablerank.api.errors import SIGN_IN, ApiError
from tablerank.league.services import ApiToken, TokenRefused, issue_token, token_user

__all__ = [
    "OPTIONAL_TOKEN",
    "READ",
    "WRITE",
    "Caller",
    "TokenAuth",
    "caller",
    "issue_token",
]


@dataclass(frozen=True)
class Caller:
    """The user a request acts for (anonymous without a token) and the token it came with."""

    user: User | AnonymousUser
    token: ApiToken | None = None

    def __bool__(self) -> bool:  # ninja takes any truthy result as "authenticated"
        return True


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
        try:
            user, row = token_user(token)
        except TokenRefused as exc:
            raise ApiError(401, "Authorization", f"{exc}; {SIGN_IN}") from None
        return Caller(user, row)


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
