"""`/api/tokens`: issue a token for a username and password, list yours, revoke any or all."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import authenticate
from django.contrib.auth.models import User
from django.contrib.auth.signals import user_logged_in
from django.db import transaction
from django.http import HttpRequest
from ninja import Router, Status

from tablerank.api.auth import WRITE, caller, issue_token, signed_in
from tablerank.api.errors import ApiError
from tablerank.api.outputs import (
    IssuedTokenOut,
    RevokedAllOut,
    RevokedOut,
    TokenListOut,
    errors,
)
from tablerank.api.schemas import TokenIn
from tablerank.api.shapes import token_json
from tablerank.league.services import revoke_all_tokens, revoke_token, tokens_of

router = Router(tags=["tokens"])

Body = dict[str, Any]


def _locked_out(request: HttpRequest) -> bool:
    """Whether the site's sign-in throttle (django-axes, when installed) refused the attempt.
    The flag is cleared so that its middleware leaves this JSON answer alone."""
    locked = bool(getattr(request, "axes_locked_out", False))
    if locked:
        request.axes_locked_out = False  # type: ignore[attr-defined]
    return locked


@router.post(
    "/tokens",
    auth=None,
    response={201: IssuedTokenOut, **errors(400, 413, 422, 429)},
    summary="Issue a token",
)
def issue(request: HttpRequest, data: TokenIn) -> Status[Body]:
    """Issue a token for a username and password. The token is in this answer only: only its
    hash is stored. It works until it expires (`expires_at`), is revoked, or the account's
    password changes. Wrong credentials get 401 without saying which part was wrong; repeated
    failures are locked out like sign-ins on the site (429); a success counts as a sign-in."""
    user = authenticate(request, username=data.username, password=data.password)
    if _locked_out(request):
        raise ApiError(429, "credentials", "too many failed sign-ins; try again later")
    if not isinstance(user, User):
        raise ApiError(401, "credentials", "wrong username or password")
    with transaction.atomic():
        row, token = issue_token(user, data.name)
    # What a sign-in on the site announces (without starting a session): the throttle clears
    # this username's failures, Django records the last sign-in.
    user_logged_in.send(sender=User, request=request, user=user)
    return Status(201, {"token": token, **token_json(row)})


@router.get("/tokens", auth=WRITE, response={200: TokenListOut, **errors()}, summary="Your tokens")
def mine(request: HttpRequest) -> Body:
    """Your tokens: names, when issued, last used and expiring, and whether each still works
    (never the tokens themselves)."""
    return {"tokens": [token_json(row) for row in tokens_of(signed_in(request))]}


@router.delete(
    "/tokens",
    auth=WRITE,
    response={200: RevokedAllOut, **errors()},
    summary="Revoke all your tokens",
)
def revoke_all(request: HttpRequest) -> Body:
    """Revoke every token you hold, this one too: all are refused from now on."""
    with transaction.atomic():
        rows = revoke_all_tokens(signed_in(request))
    return {"revoked": [token_json(row) for row in rows]}


@router.delete(
    "/tokens/current",
    auth=WRITE,
    response={200: RevokedOut, **errors()},
    summary="Revoke this token",
)
def revoke(request: HttpRequest) -> Body:
    """Revoke the token this request was sent with; it is refused from now on."""
    row = caller(request).token
    if row is None:  # WRITE authenticates with a token; this is only a guard
        raise ApiError(401, "Authorization", "send the token to revoke")
    return {"revoked": token_json(revoke_token(signed_in(request), row.pk))}


@router.delete(
    "/tokens/{token_id}",
    auth=WRITE,
    response={200: RevokedOut, **errors(404, 422)},
    summary="Revoke one of your tokens",
)
def revoke_one(request: HttpRequest, token_id: int) -> Body:
    """Revoke your token `token_id` (an `id` of `GET /api/tokens`); another account's token
    is not found (404)."""
    return {"revoked": token_json(revoke_token(signed_in(request), token_id))}
