"""Recording a game on a phone: the score sheet, its live check, and what the result will do.

The sheet posts to `record_check` as the user types (htmx); the engine builds and validates the
game there, and the fragment shows each seat's total, the derived winner and the messages.
Submitting hands the same game to `services.submit_game`."""

from __future__ import annotations

import dataclasses
import secrets
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tablerank.engine.systems.skill import TableOdds
from tablerank.errors import TablerankError
from tablerank.league import queries, services
from tablerank.league.errors import LeagueError
from tablerank.league.models import GameRecord, League, RecordStatus
from tablerank.web.actions.common import MEMBERS, league_view, refusal_status, user_of
from tablerank.web.forms import (
    RecordForm,
    ScoreSheet,
    now_in,
    played_at,
    read_sheet,
    winner_confirmed,
)
from tablerank.web.pages.common import name_suggestions


def _game_id(sheet: ScoreSheet) -> str:
    """A new result's id: its day and six random hex digits (unique within the league)."""
    assert sheet.game is not None
    return f"{sheet.game.date:%Y%m%d}-{secrets.token_hex(3)}"


def _choice_groups(form: RecordForm, sheet: ScoreSheet | None) -> list[dict[str, Any]]:
    """The awards' and the winner's choices across the table, for the template."""
    names = sheet.names if sheet else [f"seat {i + 1}" for i in range(form.seat_count)]
    groups: list[dict[str, Any]] = [
        {"key": source.key, "field": form[f"award-{source.key}"], "nobody": "nobody"}
        for source in form.awards
    ]
    groups.append(
        {"key": "winner", "field": form["winner"], "nobody": "the highest VP reaching the target"}
    )
    for group in groups:
        value = group["field"].value() or ""
        group["seats"] = [
            {"index": str(i), "name": name, "checked": value == str(i)}
            for i, name in enumerate(names)
        ]
        group["unset"] = value == ""
    return groups


def sheet_context(league: League, form: RecordForm, sheet: ScoreSheet | None) -> dict[str, Any]:
    choices = queries.choices_of(league)
    return {
        "league": league,
        "nav": "record",
        "form_url": reverse("record", args=[league.slug]),
        "form": form,
        "sheet": sheet,
        "seats": form.seat_rows(sheet.totals if sheet else None),
        "choice_groups": _choice_groups(form, sheet),
        "confirmed": sheet is not None and winner_confirmed(form, sheet),
        **name_suggestions(league),
        "cities": choices.cities,
        "events": choices.events,
        "scenario_target": form.variant_obj.scenario_target,
        "odds": _odds(league, sheet),
    }


def _odds(league: League, sheet: ScoreSheet | None) -> tuple[TableOdds, ...]:
    """Skill's chances for the seated table before the game, where the league keeps skill and
    the sheet names two players or more (nothing otherwise: it is only a forecast)."""
    names = tuple(name.strip() for name in (sheet.names if sheet else []) if name.strip())
    if "skill" not in league.systems or len(names) < 2:
        return ()
    title = sheet.game.game if sheet is not None and sheet.game is not None else "catan"
    try:
        return queries.predict(league, names, "skill", title)
    except TablerankError:
        return ()


def submission_problems(form: RecordForm, sheet: ScoreSheet) -> str:
    """Why the sheet cannot be submitted yet, in one sentence ('' when it can); who may
    submit it, and with which names, the league server decides on submitting."""
    if sheet.errors or sheet.game is None:
        return "fix the errors below first"
    if not winner_confirmed(form, sheet):
        return f"confirm that {sheet.winner_name} won"
    return ""


@require_http_methods(["GET", "POST"])
@league_view(*MEMBERS)
def record(request: HttpRequest, league: League) -> HttpResponse:
    """The score sheet (GET; with the sheet's fields in the query, as the variant or the
    number of players changes) and its submission (POST)."""
    if request.method == "GET":
        if "variant" in request.GET:
            form = RecordForm(request.GET)
            sheet: ScoreSheet | None = read_sheet(form, league)
        else:
            form = RecordForm(initial={"played_at": now_in(league), "players": 4})
            sheet = None
        return render(request, "web/actions/record.html", sheet_context(league, form, sheet))
    form = RecordForm(request.POST)
    sheet = read_sheet(form, league)
    user = user_of(request)
    problem, status = submission_problems(form, sheet), 400
    if not problem:
        assert sheet.game is not None
        game = dataclasses.replace(sheet.game, id=_game_id(sheet))
        try:
            stored = services.submit_game(league, game, user, played_at=played_at(form, league))
        except LeagueError as exc:  # the sheet stays on the page, as typed
            problem, status = exc.message, refusal_status(exc)
        else:
            return redirect("recorded", slug=league.slug, pk=stored.pk)
    context = sheet_context(league, form, sheet) | {"problem": problem}
    return render(request, "web/actions/record.html", context, status=status)


@require_POST
@league_view(*MEMBERS)
def record_check(request: HttpRequest, league: League) -> HttpResponse:
    """The live check of the sheet: totals, the winner and the engine's messages (htmx)."""
    form = RecordForm(request.POST)
    sheet = read_sheet(form, league)
    context = sheet_context(league, form, sheet) | {"oob": True}
    return render(request, "web/actions/_sheet.html", context)


def _preview_rows(preview: dict[str, dict[str, float]]) -> list[dict[str, Any]]:
    return [
        {"system": system, "changes": sorted(changes.items(), key=lambda kv: -kv[1])}
        for system, changes in preview.items()
    ]


def _status_line(stored: GameRecord) -> str:
    """Where the result stands: its signatures while pending; a confirmed one (a correction of
    a confirmed result is confirmed without new signatures) says so."""
    if stored.status == RecordStatus.VOIDED:
        return str(stored.status)
    if stored.status == RecordStatus.CONFIRMED:
        return "confirmed"
    return services.verification(stored).summary


@require_GET
@league_view(*MEMBERS)
def recorded(request: HttpRequest, league: League, pk: int) -> HttpResponse:
    """A submitted result: its seats, where its verification stands, and what each rating
    system will do with it once confirmed."""
    stored = queries.league_result(league, pk)
    if stored is None:
        raise Http404("no such result")
    game = stored.to_record()
    pending = stored.status == RecordStatus.SUBMITTED
    context = {
        "league": league,
        "record": stored,
        "game": game,
        "seats": sorted(game.seats, key=lambda seat: (seat.place is None, seat.place or 0)),
        "status": _status_line(stored),
        "preview": _preview_rows(queries.preview(league, game)) if pending else [],
        "pending": pending,
        "can_correct": services.may_correct(stored, user_of(request)),
    }
    return render(request, "web/actions/recorded.html", context)
