"""The signed-in account's API tokens: when each was issued, last used and expires, whether it
still works, and revoking one or all. The rules are the league's (`services.tokens_of`,
`revoke_token`, `revoke_all_tokens`), the same the API's `/api/tokens` calls."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from tablerank.league import services
from tablerank.league.errors import NotFound
from tablerank.web.actions.common import user_of


@require_GET
@login_required
def tokens(request: HttpRequest) -> HttpResponse:
    """The account's tokens, newest first, each with its state and a button to revoke it."""
    rows = [
        {"token": row, "state": str(services.token_state(row))}
        for row in reversed(services.tokens_of(user_of(request)))
    ]
    context = {"rows": rows, "working": sum(row["state"] == "active" for row in rows)}
    return render(request, "web/actions/tokens.html", context)


@require_POST
@login_required
def revoke(request: HttpRequest, pk: int) -> HttpResponse:
    """Revoke one of the account's tokens; another account's token is not found (404)."""
    try:
        row = services.revoke_token(user_of(request), pk)
    except NotFound as exc:
        raise Http404(exc.message) from None
    messages.success(request, f"Revoked the token {row.name or row.pk}.")
    return redirect("tokens")


@require_POST
@login_required
def revoke_all(request: HttpRequest) -> HttpResponse:
    """Revoke every token of the account."""
    services.revoke_all_tokens(user_of(request))
    messages.success(request, "Revoked all your tokens.")
    return redirect("tokens")
