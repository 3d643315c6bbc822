"""One table of a tournament's round, from a phone: its players in turn order, its result and
who has signed it; a player at the table (or an organizer) enters the result, each tablemate
signs it off from their own phone (the inbox's row, htmx), an organizer confirms it on their
word or corrects it. The league's services decide every rule and permission."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from tablerank.league import services
from tablerank.league.errors import LeagueError, NotFound
from tablerank.league.models import GameRecord, League, RecordStatus, Tournament
from tablerank.web.actions.common import MEMBERS, league_view, refusal_status, user_of
from tablerank.web.actions.inbox import result_row
from tablerank.web.actions.tournaments import found_tournament, round_page
from tablerank.web.tournament_forms import CorrectionForm, TableResultForm


def _seats(found: Tournament, number: int, table: int) -> list[str]:
    try:
        return list(
            next(t.seats for t in services.round_of(found, number).tables if t.number == table)
        )
    except (NotFound, StopIteration):
        raise Http404("no such table") from None


def _table_page(
    request: HttpRequest,
    league: League,
    found: Tournament,
    number: int,
    table: int,
    *,
    form: TableResultForm | None = None,
    error: str = "",
    status: int = 200,
) -> HttpResponse:
    """The table's page: the result and its signatures, or the form to enter it."""
    user = user_of(request)
    seats = _seats(found, number, table)
    record = services.result_at_table(found, number, table)
    organizer = services.is_organizer(league, user)
    may_enter = services.may_enter_result(found, number, table, user)
    context: dict[str, Any] = {
        "league": league, "tournament": found, "number": number, "table": table,
        "seats": seats, "error": error, "organizer": organizer,
        "form": (form or TableResultForm(seats, prefix=f"t{table}")) if may_enter else None,
        "row": result_row(record, user) if record is not None else None,
        "steps": services.next_steps(found),
    }  # fmt: skip
    if record is not None and organizer:
        context["may_confirm"] = record.status == RecordStatus.SUBMITTED
        context["correction"] = CorrectionForm(seats, prefix=f"c{table}")
    return render(request, "web/actions/tournament_table.html", context, status=status)


@require_http_methods(["GET", "POST"])
@league_view(*MEMBERS)
def table_result(
    request: HttpRequest, league: League, event: str, number: int, table: int
) -> HttpResponse:
    """The table's page (GET), and its result entered from a phone (POST): an official, or a
    player at that table; the league's verification follows. A refused sheet comes back as
    typed, the field at fault marked, on the page it was sent from."""
    found = found_tournament(request, league, event)
    if request.method == "GET":
        return _table_page(request, league, found, number, table)
    form = TableResultForm(_seats(found, number, table), request.POST, prefix=f"t{table}")
    status, error = 400, f"Round {number}, table {table}: give every seat's VP and who won."
    if form.is_valid():
        try:
            stored = services.enter_result(found, number, table, form.sheet(), user_of(request))
        except LeagueError as exc:
            form.refuse(exc.message)
            status, error = refusal_status(exc), exc.message
        else:
            return _after_result(request, league, found, number, table, stored)
    if request.POST.get("back") == "table" or number != services.current_round(found):
        return _table_page(request, league, found, number, table, form=form, error=error,
                           status=status)  # fmt: skip
    return round_page(request, league, found, status, typed={table: form}, error=error)


def _after_result(
    request: HttpRequest,
    league: League,
    found: Tournament,
    number: int,
    table: int,
    stored: GameRecord,
) -> HttpResponse:
    """Where a phone goes after a table's result: an organizer entering the round's sheets to
    the round's next table without one; a player to their table, to see who still signs."""
    where = f"Round {number}, table {table}"
    summary = services.verification(stored).summary
    messages.success(request, f"{where}: the result is in ({summary}).")
    if request.POST.get("back") == "table" or not services.is_organizer(league, user_of(request)):
        return redirect("table-result", slug=league.slug, event=found.slug, number=number,
                        table=table)  # fmt: skip
    following = services.next_open_table(found, number, table)
    waiting = services.waiting_tables(found, number)
    anchor = (
        f"#table-{following}" if following is not None
        else "#waiting" if waiting else "#tournament-steps"
    )  # fmt: skip
    return redirect(reverse("tournament", args=[league.slug, found.slug]) + anchor)


@require_POST
@league_view(*MEMBERS)
def table_confirm(
    request: HttpRequest, league: League, event: str, number: int, table: int
) -> HttpResponse:
    """An organizer confirms the table's waiting result on their word (the signed sheet)."""
    found = found_tournament(request, league, event)
    _seats(found, number, table)
    try:
        services.confirm_table(found, number, table, user_of(request))
    except LeagueError as exc:
        return _table_page(request, league, found, number, table, error=exc.message,
                           status=refusal_status(exc))  # fmt: skip
    messages.success(request, f"Round {number}, table {table}: confirmed on your word.")
    return redirect("table-result", slug=league.slug, event=found.slug, number=number, table=table)


@require_POST
@league_view(*MEMBERS)
def table_correct(
    request: HttpRequest, league: League, event: str, number: int, table: int
) -> HttpResponse:
    """An organizer replaces a table's result (the league's correction)."""
    found = found_tournament(request, league, event)
    form = CorrectionForm(_seats(found, number, table), request.POST, prefix=f"c{table}")
    if not form.is_valid():
        error = f"Round {number}, table {table}: give every seat's VP, who won and why."
        return _table_page(request, league, found, number, table, error=error, status=400)
    try:
        services.correct_result(
            found, number, table, form.sheet(), user_of(request), form.cleaned_data["why"]
        )
    except LeagueError as exc:
        return _table_page(request, league, found, number, table, error=exc.message,
                           status=refusal_status(exc))  # fmt: skip
    messages.success(request, f"Round {number}, table {table}: the result is corrected.")
    return redirect("table-result", slug=league.slug, event=found.slug, number=number, table=table)
