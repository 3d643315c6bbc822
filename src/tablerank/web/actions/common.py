"""What every form of the site shares: finding the league, checking the user's role through the
league server, and turning its refusals into pages (403 for permissions, 409 for the rest)."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, Concatenate, ParamSpec

from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from tablerank.league import services
from tablerank.league.errors import LeagueError, NotAllowed, NotFound, TooMany
from tablerank.league.models import League
from tablerank.web.time_zones import show_times_of

P = ParamSpec("P")

LeagueView = Callable[Concatenate[HttpRequest, League, P], HttpResponse]


class SignedInRequest(HttpRequest):
    """A request whose user has signed in (the views below are all `login_required`)."""

    user: User


def is_htmx(request: HttpRequest) -> bool:
    """Whether htmx sent the request (it then wants a fragment, not a page)."""
    return request.headers.get("HX-Request") == "true"


def refusal_status(error: LeagueError) -> int:
    """403 when the user may not do it, 404 when what it names is not there, 429 when they did
    it too often lately, 409 when the league's state refuses it."""
    if isinstance(error, TooMany):
        return 429
    if isinstance(error, NotFound):
        return 404
    return 403 if isinstance(error, NotAllowed) else 409


def refused(request: HttpRequest, error: LeagueError | str, status: int = 403) -> HttpResponse:
    """The league's refusal as a page, or as a fragment for htmx, with its message."""
    if isinstance(error, LeagueError):
        status, message = refusal_status(error), error.message
    else:
        message = error
    template = "web/actions/_refused.html" if is_htmx(request) else "web/actions/refused.html"
    return render(request, template, {"message": message}, status=status)


def user_of(request: HttpRequest) -> User:
    """The signed-in user (the views call this after `login_required`)."""
    user = request.user
    assert isinstance(user, User)
    return user


def league_view(
    *roles: services.Role,
) -> Callable[[LeagueView[P]], Callable[Concatenate[HttpRequest, str, P], HttpResponse]]:
    """A view of one league (by its slug in the URL) for signed-in users holding one of
    `roles`, as the league server says (`services.require_role`); others get 403, and those
    who may not read the league (`services.can_read`) 404."""

    def decorate(view: LeagueView[P]) -> Callable[Concatenate[HttpRequest, str, P], HttpResponse]:
        @login_required
        @wraps(view)
        def wrapped(request: HttpRequest, slug: str, *args: P.args, **kwargs: P.kwargs) -> Any:
            league = get_object_or_404(League, slug=slug)
            if not services.can_read(league, user_of(request)):
                raise Http404("no such league")  # a private league does not exist for outsiders
            show_times_of(league)
            try:
                services.require_role(league, user_of(request), *roles)
            except NotAllowed as exc:
                return refused(request, exc)
            return view(request, league, *args, **kwargs)

        return wrapped  # type: ignore[return-value]

    return decorate


MEMBERS = services.MEMBERS
ORGANIZERS = services.ORGANIZERS
