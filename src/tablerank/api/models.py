"""API tokens: what `Authorization: Bearer <token>` is checked against.

Only a SHA-256 hash of each token is stored; the token itself is shown once, when it is issued,
and cannot be read back from the database (nor from the admin).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone

__all__ = ["ApiToken"]


class ApiToken(models.Model):
    """One token a user holds for the JSON API, under a name of their choosing ("laptop")."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    name = models.CharField(max_length=100, blank=True)
    token_hash = models.CharField(max_length=64, unique=True, editable=False)
    """Hex SHA-256 of the token: enough to recognise it, useless to anyone who reads it."""
    created_at = models.DateTimeField(default=timezone.now, editable=False)
    last_used_at = models.DateTimeField(null=True, blank=True, editable=False)
    revoked = models.BooleanField(default=False)
    """A revoked token is refused; revoking cannot be undone (issue a new token instead)."""

    class Meta:
        verbose_name = "API token"

    def __str__(self) -> str:
        state = " (revoked)" if self.revoked else ""
        return f"{self.user} / {self.name or 'token'} #{self.pk}{state}"
