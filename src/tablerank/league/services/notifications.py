"""E-mail to players whose signature a result waits for (issue 14), when the deployment
configures a mail server (`TABLERANK_EMAIL_HOST`, see docs/web.md); otherwise nothing is sent
and the site's inbox count tells them. Sent once the submission has committed."""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.mail import send_mass_mail
from django.db import transaction

from tablerank.league.models import GameRecord, RecordStatus

__all__ = ["mail_signers", "signers_to_mail"]

log = logging.getLogger(__name__)


def signers_to_mail(record: GameRecord) -> list[tuple[str, str]]:
    """(player name, e-mail address) of each seat of a pending result that has not signed and
    whose account has an address."""
    if record.status != RecordStatus.SUBMITTED:
        return []
    signed = set(record.confirmations.values_list("player_id", flat=True))
    seats = record.seats.select_related("player__user").order_by("position")
    return [
        (seat.player.name, seat.player.user.email)
        for seat in seats
        if seat.player_id not in signed and seat.player.user and seat.player.user.email
    ]


def mail_signers(record: GameRecord) -> None:
    """After the transaction commits, ask each player who has to sign `record` by e-mail."""
    if not getattr(settings, "TABLERANK_MAIL", False):
        return
    transaction.on_commit(lambda: _send(record))


def _send(record: GameRecord) -> None:
    record.refresh_from_db()  # confirmed at once (one official is enough): nobody to ask
    inbox = f"{getattr(settings, 'TABLERANK_SITE_URL', '')}/inbox/"
    subject = f"{record.league.name}: confirm your result {record.external_id}"
    messages = [
        (
            subject,
            f"{name}, a result of {record.date:%d %B %Y} in {record.league.name} waits for your "
            f"signature ({record.external_id}). Confirm or dispute it in your inbox: {inbox}\n",
            None,
            [address],
        )
        for name, address in signers_to_mail(record)
    ]
    if not messages:
        return
    try:
        send_mass_mail(messages)
    except OSError as exc:  # the result stands; the inbox still counts it
        log.warning("mail to the signers of %s failed: %s", record.external_id, exc)
