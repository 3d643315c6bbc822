"""ApiToken in Django's admin: see who holds which tokens, when each was last used, revoke."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.contrib import admin
from django.http import HttpRequest

from tablerank.api.models import ApiToken

if TYPE_CHECKING:
    TokenModelAdmin = admin.ModelAdmin[ApiToken]
else:  # ModelAdmin is generic only in the type stubs
    TokenModelAdmin = admin.ModelAdmin


@admin.register(ApiToken)
class ApiTokenAdmin(TokenModelAdmin):
    list_display = ("user", "name", "created_at", "last_used_at", "expires_at", "revoked")
    list_filter = ("revoked",)
    search_fields = ("user__username", "name")
    readonly_fields = ("user", "created_at", "last_used_at", "expires_at")
    fields = ("user", "name", "created_at", "last_used_at", "expires_at", "revoked")

    def has_add_permission(self, request: HttpRequest) -> bool:
        """Tokens are issued by `POST /api/tokens`, where the token is shown once."""
        return False
