"""The round's clock from the round page (docs/tournaments.md, "The projector"): an organizer
starts it with the minutes given, pauses, resumes, adds five minutes to the round or a table,
or resets it. The league's clock services decide every rule and who may."""

from __future__ import annotations

from collections.abc import Callable

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.http import require_POST

from tablerank.engine.fields import digits
from tablerank.league import services
from tablerank.league.errors import LeagueError, NotFound
from tablerank.league.models import League, Tournament
from tablerank.tournament.clock import DEFAULT_MINUTES
from tablerank.web.actions.common import MEMBERS, league_view, refused, user_of

Step = Callable[[Tournament, HttpRequest], object]


def _number(request: HttpRequest, name: str, default: int) -> int:
    """A whole number the form posted (`default` when left empty)."""
    text = request.POST.get(name, "").strip()
    if not text:
        return default
    found = digits(text, limit=5)
    if found is None:
        raise LeagueError(name, f"expected a whole number, got {text[:20]!r}")
    return found


def _start(found: Tournament, request: HttpRequest) -> object:
    minutes = _number(request, "minutes", DEFAULT_MINUTES)
    return services.start_clock(found, user_of(request), minutes=minutes)


def _extend(found: Tournament, request: HttpRequest) -> object:
    table = _number(request, "table", 0)
    return services.extend_clock(found, user_of(request), table=table)


STEPS: dict[str, Step] = {
    "start": _start,
    "pause": lambda found, request: services.pause_clock(found, user_of(request)),
    "resume": lambda found, request: services.resume_clock(found, user_of(request)),
    "extend": _extend,
    "reset": lambda found, request: services.reset_clock(found, user_of(request)),
}


@require_POST
@league_view(*MEMBERS)
def clock_step(request: HttpRequest, league: League, event: str, step: str) -> HttpResponse:
    """One tap on the round page's clock, then back to the clock on the round page; only the
    steps the clock's state allows are offered there, and a refusal (two organizers at once)
    says why."""
    if step not in STEPS:
        raise Http404("no such step")
    try:
        found = services.tournament_of(league, event, user_of(request))
    except NotFound:
        raise Http404("no such tournament") from None
    try:
        STEPS[step](found, request)
    except LeagueError as exc:
        return refused(request, exc)
    return redirect(reverse("tournament", args=[league.slug, found.slug]) + "#clock")
