"""`/api/invitations`: offers to an account, to sign for a player (issue 9) or to hold a
league's official or admin role (issue 39), and their answers.

An organizer invites an account (`POST /api/leagues/{slug}/players` with `username`, or the
members page); until its owner accepts here, the account gains nothing in that league. The
league's services decide; this module only translates.
"""

from __future__ import annotations

from typing import Annotated, Any

from django.http import HttpRequest
from ninja import Field, Path, Router, Schema

from tablerank.api.auth import WRITE, signed_in
from tablerank.api.errors import ApiError
from tablerank.api.outputs import WRITES, errors
from tablerank.league import queries, services
from tablerank.league.models import Invitation

router = Router(tags=["invitations"])

InvitationId = Annotated[int, Path(ge=1, le=2**31 - 1)]
"""An invitation's number (a database key: positive, within a 32-bit integer)."""


class OfferOut(Schema):
    id: int
    league: str
    offer: str = Field(description="player, official or admin")
    player: str | None = Field(description="whose seats you would sign for (player offers)")


class InvitationOut(OfferOut):
    invited_by: str | None
    created_at: str


class InvitationsOut(Schema):
    invitations: list[InvitationOut]


class AnswerOut(OfferOut):
    accepted: bool


def _offer(invitation: Invitation) -> dict[str, Any]:
    return {
        "id": invitation.pk,
        "league": invitation.league.slug,
        "offer": invitation.offer,
        "player": invitation.player.name if invitation.player else None,
    }


def _json(invitation: Invitation) -> InvitationOut:
    return InvitationOut(
        **_offer(invitation),
        invited_by=invitation.invited_by.username if invitation.invited_by else None,
        created_at=invitation.created_at.isoformat(),
    )


def _answer(invitation: Invitation) -> AnswerOut:
    return AnswerOut(**_offer(invitation), accepted=bool(invitation.accepted))


def _mine(request: HttpRequest, invitation_id: int) -> Invitation:
    """The caller's own pending invitation; anyone else's does not exist for them (404)."""
    found = queries.invitation_waiting(signed_in(request), invitation_id)
    if found is None:
        raise ApiError(404, "id", f"you have no pending invitation {invitation_id}")
    return found


@router.get(
    "/invitations",
    auth=WRITE,
    response={200: InvitationsOut, **errors()},
    summary="Your invitations",
)
def invitations(request: HttpRequest) -> InvitationsOut:
    """The invitations waiting for your answer, oldest first."""
    rows = services.invitations_for(signed_in(request))
    return InvitationsOut(invitations=[_json(row) for row in rows])


@router.post(
    "/invitations/{invitation_id}/accept",
    auth=WRITE,
    response={200: AnswerOut, **errors(*WRITES)},
    summary="Accept an invitation",
)
def accept(request: HttpRequest, invitation_id: InvitationId) -> AnswerOut:
    """Sign for the player, or hold the role, from now on."""
    invitation = _mine(request, invitation_id)
    return _answer(services.accept_invitation(invitation, by=signed_in(request)))


@router.post(
    "/invitations/{invitation_id}/decline",
    auth=WRITE,
    response={200: AnswerOut, **errors(*WRITES)},
    summary="Decline an invitation",
)
def decline(request: HttpRequest, invitation_id: InvitationId) -> AnswerOut:
    """Gain nothing in that league."""
    invitation = _mine(request, invitation_id)
    services.decline_invitation(invitation, by=signed_in(request))
    return _answer(invitation)
