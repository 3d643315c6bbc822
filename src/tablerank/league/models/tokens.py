"""API tokens: what `Authorization: Bearer <token>` is checked against.

Only a SHA-256 hash of each token is stored; the token itself is shown once, when it is issued,
and cannot be read back from the database (nor from the admin). The model belongs to the `api`
app (its table and migrations stay there); it is defined here, beside the rules about tokens
(`league.services.tokens`), so that the web's token page and the API reach it through the services.
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
    """When the token was last used, to the hour: recorded at most once an hour."""
    expires_at = models.DateTimeField(editable=False)
    """From then on the token is refused (`TABLERANK_TOKEN_DAYS` after it was issued)."""
    password_stamp = models.CharField(max_length=64, editable=False)
    """A keyed hash of the account's password hash when the token was issued: once the
    password changes, by whatever way, the stamps differ and the token is refused."""
    revoked = models.BooleanField(default=False)
    """A revoked token is refused; revoking cannot be undone (issue a new token instead)."""

    class Meta:
        app_label = "api"
        verbose_name = "API token"

    def __str__(self) -> str:
        state = " (revoked)" if self.revoked else ""
        return f"{self.user} / {self.name or 'token'} #{self.pk}{state}"
