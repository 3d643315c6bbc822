"""The names a large league's player fields suggest as one types (`common.name_suggestions`):
the page's script asks here for the names starting with what is typed."""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.views.decorators.http import require_GET

from tablerank.league import queries
from tablerank.web.pages.common import visible_league

__all__ = ["player_names_starting"]


@require_GET
def player_names_starting(request: HttpRequest, slug: str) -> JsonResponse:
    """`{"names": [...]}`: the league's players whose names start with `q`, ignoring case
    (`queries.names_starting`); none for an empty `q`. A private league's names are its
    members' only: anyone else gets 404, as for its pages."""
    league = visible_league(request, slug)
    text = request.GET.get("q", "").strip()
    names = queries.names_starting(league, text) if text else []
    return JsonResponse({"names": names})
