"""The audit of fixes to a league's players (issue 14): each rename, merge and removal, who
made it, when and why. Players are fixed; the record of the fix is never edited."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone

__all__ = ["PlayerChange", "PlayerChangeKind"]


class PlayerChangeKind(models.TextChoices):
    RENAMED = "renamed"
    MERGED = "merged"
    REMOVED = "removed"


class PlayerChange(models.Model):
    """One fix: `name` renamed to `into`, merged into the player `into`, or removed."""

    league = models.ForeignKey(
        "league.League", on_delete=models.PROTECT, related_name="player_changes"
    )
    kind = models.CharField(max_length=8, choices=PlayerChangeKind.choices)
    name = models.CharField(max_length=100)
    into = models.CharField(max_length=100, blank=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", null=True, blank=True
    )
    """Who fixed it; empty when the console (`tablerank league`) did."""
    at = models.DateTimeField(default=timezone.now)
    why = models.TextField()

    class Meta:
        app_label = "league"
        ordering = ("-at", "-pk")

    def __str__(self) -> str:
        target = f" {self.into}" if self.into else ""
        return f"{self.name} {self.kind}{target}"
