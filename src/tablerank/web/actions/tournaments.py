"""Running a tournament from the web (docs/tournaments.md): create it, register and check in,
drop, seat the next round, enter a table's result from a phone, finish. Each form hands its
values to the league's tournament services, which decide every rule and permission."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from tablerank.league import queries, services
from tablerank.league.errors import LeagueError, NotFound
from tablerank.league.models import League, Tournament
from tablerank.web.actions.common import (
    MEMBERS,
    ORGANIZERS,
    is_htmx,
    league_view,
    refusal_status,
    user_of,
)
from tablerank.web.round_clock import clock_context
from tablerank.web.tournament_forms import (
    CorrectionForm,
    EntrantsForm,
    TableResultForm,
    TournamentForm,
)


@require_http_methods(["GET", "POST"])
@league_view(*ORGANIZERS)
def tournament_new(request: HttpRequest, league: League) -> HttpResponse:
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            made = services.create_tournament(
                league, user_of(request), name=data["name"], rounds=data["rounds"],
                cut=data["cut"], sizes=data["table_sizes"] or None,
                scoring=data["scoring"] or None, preset=data["preset"],
                keep_apart=data["keep_apart"], drop_winless_after=data["drop_winless_after"],
            )  # fmt: skip
        except LeagueError as exc:
            form.refuse(exc.field, exc.message)
        else:
            return redirect("tournament", slug=league.slug, event=made.slug)
    status = 400 if request.method == "POST" else 200
    context = {"league": league, "form": form}
    return render(request, "web/actions/tournament_new.html", context, status=status)


def found_tournament(request: HttpRequest, league: League, event: str) -> Tournament:
    try:
        return services.tournament_of(league, event, user_of(request))
    except NotFound:
        raise Http404("no such tournament") from None


def _context(
    request: HttpRequest,
    league: League,
    found: Tournament,
    *,
    typed: dict[int, TableResultForm] | None = None,
    entrants_form: EntrantsForm | None = None,
) -> dict[str, Any]:
    """The tournament's page: the latest round's tables (a refused table's form as typed), what
    still waits, and only the steps that can be done now."""
    seating = services.current_seating(league, found.name)
    seated = seating.seated if seating else None
    results = services.table_results(found, seated.number) if seated else {}
    typed = typed or {}
    entrants = list(queries.entrants_of(found, by_name=True))
    tables = [
        {"table": t, "result": results.get(t.number),
         "form": typed.get(t.number) or TableResultForm(list(t.seats), prefix=f"t{t.number}"),
         "correction": CorrectionForm(list(t.seats), prefix=f"c{t.number}")}
        for t in (seated.tables if seated else ())
    ]  # fmt: skip
    return {
        "league": league,
        "tournament": found,
        "seating": seating,
        "tables": tables,
        "waiting": services.waiting_tables(found, seated.number) if seated else [],
        "steps": services.next_steps(found),
        "entrants": entrants,
        "registered_only": sum(1 for e in entrants if not e.checked_in and e.dropped_after is None),
        "entrants_form": entrants_form or EntrantsForm(),
        "organizer": services.is_organizer(league, user_of(request)),
        "format": services.format_words(found),
        "keep_apart": found.keep_apart,
        "drops": services.drop_words(found),
    } | clock_context(request, found)


def round_page(
    request: HttpRequest, league: League, found: Tournament, status: int = 200, **kwargs: Any
) -> HttpResponse:
    """The tournament's page, again after a refusal (`status`), with what was typed."""
    error = kwargs.pop("error", None)
    typed = {"keep_apart": kwargs.pop("keep_apart")} if "keep_apart" in kwargs else {}
    context = _context(request, league, found, **kwargs) | {"error": error} | typed
    return render(request, "web/actions/tournament.html", context, status=status)


@require_http_methods(["GET"])
@league_view(*MEMBERS)
def tournament(request: HttpRequest, league: League, event: str) -> HttpResponse:
    found = found_tournament(request, league, event)
    return round_page(request, league, found)


@require_POST
@league_view(*MEMBERS)
def tournament_step(request: HttpRequest, league: League, event: str, step: str) -> HttpResponse:
    """One organizer's step: register, check-in, drop, seat, confirm the round's waiting
    results, or finish. A refusal comes back on the tournament's page, saying why."""
    found = found_tournament(request, league, event)
    user = user_of(request)
    name = request.POST.get("player", "")
    try:
        if step == "register":
            form = EntrantsForm(request.POST)
            if not form.is_valid():
                return round_page(request, league, found, 400, entrants_form=form)
            services.register_players(found, form.cleaned_names(), user,
                                 checked_in=form.cleaned_data["checked_in"])  # fmt: skip
        elif step == "check-in":
            services.check_in(found, name, user)
            if is_htmx(request):
                return _entrants_part(request, league, found)
        elif step == "keep-apart":
            services.change_keep_apart(found, request.POST.get("keep_apart", ""), user)
            messages.success(request, "Friends and family are kept apart from the next round on.")
        elif step == "check-in-everyone":
            count = services.check_in_everyone(found, user)
            messages.success(request, f"{count} player{'' if count == 1 else 's'} checked in.")
        elif step == "drop":
            services.drop_player(found, name, user)
            if is_htmx(request):
                return _entrants_part(request, league, found)
        elif step == "seat":
            seated = services.seat_next_round(found, user)
            messages.success(request, f"Round {seated.number} is seated.")
        elif step == "confirm":
            latest = services.current_round(found)
            confirmed = services.confirm_round(found, latest, user)
            messages.success(request, f"Round {latest}: {len(confirmed)} result"
                             f"{'' if len(confirmed) == 1 else 's'} confirmed.")  # fmt: skip
        elif step == "finish":
            services.finish_tournament(found, user)
            messages.success(request, f"{found.name} is recorded as finished.")
        else:
            raise Http404("no such step")
    except LeagueError as exc:
        if is_htmx(request) and step in ("check-in", "drop"):
            return _entrants_part(request, league, found, error=exc.message,
                                  status=refusal_status(exc))  # fmt: skip
        typed = {"keep_apart": request.POST.get("keep_apart", "")} if step == "keep-apart" else {}
        return round_page(request, league, found, refusal_status(exc), error=exc.message, **typed)
    return redirect("tournament", slug=league.slug, event=found.slug)


def _entrants_part(
    request: HttpRequest, league: League, found: Tournament, *, error: str = "", status: int = 200
) -> HttpResponse:
    """The players' list again after a tap (htmx keeps the page and its scroll), and the steps
    that can be done now swapped in beside it."""
    context = _context(request, league, found) | {"row_error": error, "swap_steps": True}
    return render(request, "web/actions/_entrants.html", context, status=status)
