"""Times on a league's pages in the league's time zone (issue 14): a signature at 21:05 in
Berlin reads 21:05, not 20:05 UTC. A league's views activate its zone for their request
(`show_times_of`); the middleware resets it, so no request inherits another's zone."""

from __future__ import annotations

import zoneinfo
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from tablerank.league.models import League

__all__ = ["TimeZoneMiddleware", "show_times_of"]


def show_times_of(league: League) -> None:
    """Render this request's times in the league's time zone."""
    timezone.activate(zoneinfo.ZoneInfo(league.time_zone))


class TimeZoneMiddleware:
    """Every request starts and ends in the site's zone (UTC)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        timezone.deactivate()
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()
