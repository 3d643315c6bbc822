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
    league_view,
    refusal_status,
    refused,
    user_of,
)
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


def _found(request: HttpRequest, league: League, event: str) -> Tournament:
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
        "entrants": queries.entrants_of(found, by_name=True),
        "entrants_form": entrants_form or EntrantsForm(),
        "organizer": services.is_organizer(league, user_of(request)),
        "format": services.format_words(found, _present(found)),
        "drops": services.drop_words(found),
    }


def _present(found: Tournament) -> int:
    return sum(e.checked_in and e.dropped_after is None for e in queries.entrants_of(found))


def _page(
    request: HttpRequest, league: League, found: Tournament, status: int = 200, **kwargs: Any
) -> HttpResponse:
    """The tournament's page, again after a refusal (`status`), with what was typed."""
    error = kwargs.pop("error", None)
    context = _context(request, league, found, **kwargs) | {"error": error}
    return render(request, "web/actions/tournament.html", context, status=status)


@require_http_methods(["GET"])
@league_view(*MEMBERS)
def tournament(request: HttpRequest, league: League, event: str) -> HttpResponse:
    found = _found(request, league, event)
    return _page(request, league, found)


@require_POST
@league_view(*MEMBERS)
def tournament_step(request: HttpRequest, league: League, event: str, step: str) -> HttpResponse:
    """One organizer's step: register, check-in, drop, seat, confirm the round's waiting
    results, or finish. A refusal comes back on the tournament's page, saying why."""
    found = _found(request, league, event)
    user = user_of(request)
    name = request.POST.get("player", "")
    try:
        if step == "register":
            form = EntrantsForm(request.POST)
            if not form.is_valid():
                return _page(request, league, found, 400, entrants_form=form)
            services.register_players(found, form.cleaned_names(), user,
                                 checked_in=form.cleaned_data["checked_in"])  # fmt: skip
        elif step == "check-in":
            services.check_in(found, name, user)
        elif step == "drop":
            services.drop_player(found, name, user)
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
        return _page(request, league, found, refusal_status(exc), error=exc.message)
    return redirect("tournament", slug=league.slug, event=found.slug)


def _seats(found: Tournament, number: int, table: int) -> list[str]:
    try:
        return list(
            next(t.seats for t in services.round_of(found, number).tables if t.number == table)
        )
    except (NotFound, StopIteration):
        raise Http404("no such table") from None


@require_POST
@league_view(*MEMBERS)
def table_correct(
    request: HttpRequest, league: League, event: str, number: int, table: int
) -> HttpResponse:
    """An organizer replaces a table's result (the league's correction)."""
    found = _found(request, league, event)
    form = CorrectionForm(_seats(found, number, table), request.POST, prefix=f"c{table}")
    if not form.is_valid():
        return refused(request, "give every seat's VP, who won and why", 400)
    try:
        stored = services.correct_result(
            found, number, table, form.sheet(), user_of(request), form.cleaned_data["why"]
        )
    except LeagueError as exc:
        return refused(request, exc)
    return redirect("recorded", slug=league.slug, pk=stored.pk)


@require_POST
@league_view(*MEMBERS)
def table_result(
    request: HttpRequest, league: League, event: str, number: int, table: int
) -> HttpResponse:
    """A table's result from a phone: an official, or a player at that table, enters it; the
    league's verification follows. A refused sheet comes back on the tournament's page as
    typed, the field at fault marked."""
    found = _found(request, league, event)
    form = TableResultForm(_seats(found, number, table), request.POST, prefix=f"t{table}")
    status, error = 400, f"Round {number}, table {table}: give every seat's VP and who won."
    if form.is_valid():
        try:
            stored = services.enter_result(found, number, table, form.sheet(), user_of(request))
        except LeagueError as exc:
            form.refuse(exc.message)
            status, error = refusal_status(exc), exc.message
        else:
            return redirect("recorded", slug=league.slug, pk=stored.pk)
    if number != services.current_round(found):
        return refused(request, error, status)
    return _page(request, league, found, status, typed={table: form}, error=error)
