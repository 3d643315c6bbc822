"""What the round's clock block shows (`web/pages/_clock.html`: the projector, the round page)
and the QR code to the event's page beside it."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.urls import reverse

from tablerank.league import services
from tablerank.league.models import Tournament
from tablerank.tournament.clock import DEFAULT_MINUTES, EXTENSION_MINUTES
from tablerank.web.qr import qr_svg

CLOCK_REFRESH_SECONDS = 5
"""How often a page asks the server for the clock again (a pause shows within this); the
browser counts the seconds in between (web/static/web/clock.js)."""


def event_url(request: HttpRequest, tournament: Tournament) -> str:
    """The event's page as an absolute address, for a phone's camera."""
    path = reverse("event", args=[tournament.league.slug, tournament.name])
    return request.build_absolute_uri(path)


def clock_context(request: HttpRequest, tournament: Tournament) -> dict[str, Any]:
    """The latest round's clock, the address that refreshes it, and the event's QR code."""
    address = event_url(request, tournament)
    return {
        "clock": services.round_time(tournament),
        "clock_url": reverse("tournament-clock", args=[tournament.league.slug, tournament.slug]),
        "clock_refresh": CLOCK_REFRESH_SECONDS,
        "clock_minutes": DEFAULT_MINUTES,
        "clock_extension": EXTENSION_MINUTES,
        "clock_tournament": tournament,
        "event_address": address,
        "event_qr": qr_svg(address, title=f"{tournament.name}: the event's page"),
    }
