"""The verification inbox: every result waiting for the signed-in user's signature.

Each row offers what the league server lets the user do: confirm or dispute their own seat, or
confirm as an official a result another official entered. The services decide; a refusal's
message is shown (403 when the user may not, 409 when the result no longer takes it). htmx
swaps the row after each action; without JavaScript the forms post and come back here."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from tablerank.engine.winner import winner_of
from tablerank.league import queries, services
from tablerank.league.errors import LeagueError
from tablerank.league.models import GameRecord, Invitation, Player, RecordStatus
from tablerank.web.actions.common import is_htmx, refusal_status, refused, user_of
from tablerank.web.forms import DisputeForm


def result_row(record: GameRecord, user: User) -> dict[str, Any]:
    """One result as the inbox (and a tournament table's page) shows it: seats, where it
    stands, and the user's choices: confirm their seats still unsigned (a confirmed result
    takes every player's signature), dispute while it is pending."""
    seats = sorted(record.seats.all(), key=lambda seat: seat.position)
    signed = queries.signed_seats(record)
    mine = [
        seat.player
        for seat in seats
        if seat.player.user_id == user.pk and seat.player_id not in signed
    ]
    pending = record.status == RecordStatus.SUBMITTED
    confirmed = record.status == RecordStatus.CONFIRMED
    seated = any(seat.player.user_id == user.pk for seat in seats)
    signed_as_official = queries.signed_as_official(record, user)
    return {
        "record": record,
        "league": record.league,
        "seats": seats,
        "summary": services.verification(record).summary,
        "winner": winner_of(record.to_record()),
        "mine": mine if pending or confirmed else [],  # a confirmed one takes more signatures
        "pending": pending,
        "as_official": pending and not seated and not signed_as_official,
    }


def _fresh(pk: int, user: User) -> GameRecord:
    """The result, if `user` may read its league (a private league's results do not exist
    for outsiders: 404, naming nothing)."""
    record = queries.readable_result(pk, user)
    if record is None:
        raise Http404("no such result")
    return record


@require_GET
@login_required
def inbox(request: HttpRequest) -> HttpResponse:
    """Every result waiting for the user's signature, across their leagues, and the
    invitations to sign for a player."""
    user = user_of(request)
    rows = [result_row(record, user) for record in queries.pending_for(user)]
    context = {"rows": rows, "nav": "inbox", "invitations": services.invitations_for(user)}
    return render(request, "web/actions/inbox.html", context)


def _answer(
    request: HttpRequest,
    pk: int,
    done: str,
    error: LeagueError | None = None,
    status: int | None = None,
) -> HttpResponse:
    """The row again after an action (htmx), or back to the inbox with a message. A refusal
    keeps its status: 403 (not allowed), 409 (the result refuses it), 400 (the form)."""
    user = user_of(request)
    if status is None:
        status = refusal_status(error) if error else 200
    message = error.message if error else done
    record = _fresh(pk, user)
    if error and not services.roles_of(record.league, user):
        return refused(request, error.message, status)  # an outsider sees no row of it
    if is_htmx(request):
        row = result_row(record, user) | {"message": message, "failed": error is not None}
        return render(request, "web/actions/_inbox_row.html", row, status=status)
    if error:
        return refused(request, error.message, status)
    messages.success(request, done)
    return redirect("inbox")


def _seat_player(record: GameRecord, request: HttpRequest) -> Player | None:
    """The player whose seat the form signs for, from the league of the result."""
    try:
        pk = int(request.POST.get("player", ""))
    except ValueError:
        return None
    return queries.player_by_id(record.league, pk)


@require_POST
@login_required
def confirm(request: HttpRequest, pk: int) -> HttpResponse:
    """Confirm one's own seat, or (``as=official``) confirm as an official."""
    user = user_of(request)
    record = _fresh(pk, user)
    as_official = request.POST.get("as") == "official"
    signer = services.OFFICIAL if as_official else _seat_player(record, request)
    if signer is None:
        return _answer(request, pk, "", LeagueError("player", "choose the seat you confirm"), 400)
    try:
        services.confirm(record, signer, user)
    except LeagueError as exc:
        return _answer(request, pk, "", exc)
    who = "as official" if as_official else f"for {signer}"
    summary = services.verification(record).summary
    return _answer(request, pk, f"You confirmed {record.external_id} {who}: {summary}.")


@require_POST
@login_required
def dispute(request: HttpRequest, pk: int) -> HttpResponse:
    """Dispute one's own seat's result, saying why."""
    record = _fresh(pk, user_of(request))
    player = _seat_player(record, request)
    form = DisputeForm(request.POST)
    if player is None:
        return _answer(request, pk, "", LeagueError("player", "choose the seat you dispute"), 400)
    if not form.is_valid():
        why = LeagueError("why", "say what is wrong with the result")
        return _answer(request, pk, "", why, 400)
    try:
        services.dispute(record, player, user_of(request), form.cleaned_data["why"])
    except LeagueError as exc:
        return _answer(request, pk, "", exc)
    summary = services.verification(record).summary
    return _answer(request, pk, f"You disputed {record.external_id}: {summary}.")


def _invitation(pk: int, user: User) -> Invitation:
    """An invitation of the user's own; anyone else's does not exist for them."""
    found = queries.invitation_waiting(user, pk)
    if found is None:
        raise Http404("no such invitation")
    return found


@require_POST
@login_required
def accept(request: HttpRequest, pk: int) -> HttpResponse:
    """Accept an invitation: the account signs for the player, or holds the role, from now on."""
    invitation = _invitation(pk, user_of(request))
    try:
        services.accept_invitation(invitation, by=user_of(request))
    except LeagueError as exc:
        return refused(request, exc)
    messages.success(request, f"You accepted {services.offered(invitation)}.")
    return redirect("inbox")


@require_POST
@login_required
def decline(request: HttpRequest, pk: int) -> HttpResponse:
    """Decline an invitation: the account gains nothing in that league."""
    invitation = _invitation(pk, user_of(request))
    try:
        services.decline_invitation(invitation, by=user_of(request))
    except LeagueError as exc:
        return refused(request, exc)
    messages.success(request, f"You declined {services.offered(invitation)}.")
    return redirect("inbox")
