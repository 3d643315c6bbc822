"""Times on a league's pages read in the league's time zone (issue 14)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.http import HttpRequest, HttpResponse
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tablerank.league.models import Confirmation
from tablerank.web.time_zones import TimeZoneMiddleware, show_times_of
from tests.web.action_helpers import Club, submitted

pytestmark = pytest.mark.django_db


def test_a_signature_reads_in_the_leagues_time_zone(client: Client, club: Club) -> None:
    record = submitted(club, club.ann)
    signed = dt.datetime(2026, 5, 2, 19, 5, tzinfo=dt.UTC)
    Confirmation.objects.filter(game=record).update(at=signed)
    client.force_login(club.ann)
    page = client.get(reverse("game", args=[club.league.slug, record.external_id]))
    body = page.content.decode()
    assert "2 May, 21:05" in body  # Berlin in summer: UTC+2
    assert "2 May, 19:05" not in body


def test_no_request_inherits_another_leagues_time_zone(club: Club) -> None:
    seen: list[str] = []

    def view(request: HttpRequest) -> HttpResponse:
        seen.append(timezone.get_current_timezone_name())
        show_times_of(club.league)
        return HttpResponse()

    middleware = TimeZoneMiddleware(view)
    show_times_of(club.league)  # left over from some earlier work on this thread
    middleware(HttpRequest())
    middleware(HttpRequest())
    assert seen == ["UTC", "UTC"]
    assert timezone.get_current_timezone_name() == "UTC"
