"""What ties accounts to a league besides a role: offers waiting for their owner's answer, and
the accounts a league made for its players.

An organizer's word never gives an account anything by itself (issue 39): a player link and an
official's or admin's role are both an `Invitation` that the account's owner accepts.
"""

from __future__ import annotations

from typing import ClassVar

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

__all__ = ["CreatedAccount", "Invitation", "Offer"]


class Offer(models.TextChoices):
    """What an invitation offers: to sign for a player's seats, or one of the league's roles."""

    PLAYER = "player"
    OFFICIAL = "official"
    ADMIN = "admin"


class Invitation(models.Model):
    """An organizer's offer to an account (issue 9, issue 39): to sign for `player`'s seats, or
    to be an official or admin of `league`. Until the account's owner accepts it, the account
    gains nothing in the league."""

    league = models.ForeignKey(
        "league.League", on_delete=models.PROTECT, related_name="invitations"
    )
    offer = models.CharField(max_length=16, choices=Offer.choices, default=Offer.PLAYER)
    player = models.ForeignKey(
        "league.Player",
        on_delete=models.PROTECT,
        related_name="invitations",
        null=True,
        blank=True,
    )
    """The player whose seats the account would sign for; empty for a role's offer."""
    account = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="invitations"
    )
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        null=True,
        blank=True,
        db_index=False,  # the (invited_by, created_at) index leads with it
    )
    """Who invited; empty when the console (`tablerank league`) did."""
    created_at = models.DateTimeField(default=timezone.now)
    answered_at = models.DateTimeField(null=True, blank=True)
    accepted = models.BooleanField(null=True, blank=True)
    """Empty while pending; then whether the owner accepted (False also when withdrawn)."""

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(
                fields=["player", "account"],
                condition=Q(answered_at__isnull=True),
                name="league_invitation_pending_unique",
            ),
            models.UniqueConstraint(
                fields=["league", "offer", "account"],
                condition=Q(answered_at__isnull=True) & ~Q(offer="player"),
                name="league_role_invitation_pending_unique",
            ),
            models.CheckConstraint(
                condition=Q(offer="player", player__isnull=False)
                | (~Q(offer="player") & Q(player__isnull=True)),
                name="league_invitation_player_iff_player_offer",
            ),
        ]
        indexes: ClassVar[list[models.Index]] = [
            models.Index(fields=["invited_by", "created_at"], name="league_invitation_by_time"),
        ]

    def __str__(self) -> str:
        if self.player_id is not None:
            return f"{self.account} as {self.player} in {self.league}"
        return f"{self.account} as {self.offer} of {self.league}"


class CreatedAccount(models.Model):
    """An account a league made for one of its players, without a password (issue 39). Until
    its owner sets a password of their own, the league's organizers answer for it and may hand
    it a reset link; never after, and never for an account its owner made."""

    account = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="created_by_league",
    )
    league = models.ForeignKey(
        "league.League", on_delete=models.PROTECT, related_name="created_accounts"
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        null=True,
        blank=True,
        db_index=False,  # the (created_by, created_at) index leads with it
    )
    """The organizer who made it; empty when the console did."""
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        indexes: ClassVar[list[models.Index]] = [
            models.Index(fields=["created_by", "created_at"], name="league_created_account_by"),
        ]

    def __str__(self) -> str:
        return f"{self.account} made by {self.league}"
