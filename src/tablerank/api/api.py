"""The league server's JSON API: one `NinjaAPI`, mounted at /api/ by `tablerank.api.urls`.

The OpenAPI schema is at /api/openapi.json. The interactive docs at /api/docs use the Swagger UI
that django-ninja ships, served from this site's static files: they need ``"ninja"`` in
``INSTALLED_APPS``. Without it django-ninja would load Swagger UI from a CDN, and a club's
server may have no internet, so the page answers 404 instead (the schema still works).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from ninja import NinjaAPI, Swagger

from tablerank.api import (
    forecasts,
    games,
    imports,
    invitations,
    leagues,
    player_changes,  # noqa: F401  (adds its operations to the leagues router)
    standings,
    tokens,
    tournament_clock,
    tournament_tables,
    tournaments,
)
from tablerank.api.errors import error_response, install_handlers
from tablerank.league.queries import snapshot

__all__ = ["api"]


class OfflineSwagger(Swagger):
    """Swagger UI from the site's own static files, never from a CDN."""

    def render_page(self, request: HttpRequest, api: NinjaAPI, **kwargs: Any) -> HttpResponse:
        if "ninja" not in settings.INSTALLED_APPS:
            return error_response(
                404,
                (
                    "",
                    "the interactive docs need 'ninja' in INSTALLED_APPS (its Swagger UI is "
                    "then served by this site); the schema is at /api/openapi.json",
                ),
            )
        return super().render_page(request, api, **kwargs)


def _reads_one_snapshot(operation: Callable[..., Any]) -> Callable[..., Any]:
    """A read (GET, HEAD) runs in one snapshot (`league.store.snapshot`); a write in its own
    transaction."""

    @wraps(operation)
    def run(request: HttpRequest, *args: Any, **kwargs: Any) -> Any:
        if request.method not in ("GET", "HEAD"):
            return operation(request, *args, **kwargs)
        with snapshot():
            return operation(request, *args, **kwargs)

    return run


api = NinjaAPI(
    title="tablerank league API",
    version="1",
    description="Leagues, players, games and their verification, standings and lists. "
    "See docs/api.md.",
    urls_namespace="api",
    docs=OfflineSwagger(settings={"validatorUrl": None}),  # the validator badge is online
    docs_url="/docs",
    openapi_url="/openapi.json",
)
install_handlers(api)
# Each read's queries see one state of the database; the token is checked before (`auth`).
api.add_decorator(_reads_one_snapshot, mode="operation")
# imports before games: /games/import would otherwise be read as /games/{game_id}.
routers = (tokens, leagues, imports, games, standings, forecasts, invitations, tournaments)
for module in (*routers, tournament_tables, tournament_clock):
    api.add_router("", module.router)
