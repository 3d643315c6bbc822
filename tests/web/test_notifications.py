"""E-mail to the players a result waits for, only where the deployment configures mail."""

from __future__ import annotations

from typing import Any

import pytest
from django.core import mail

from tablerank.league import services
from tablerank.league.models import League
from tablerank.league.services.notifications import signers_to_mail
from tests.web.action_helpers import Club, four_player_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def mailing(settings: Any) -> None:
    settings.TABLERANK_MAIL = True  # as TABLERANK_EMAIL_HOST sets it
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.TABLERANK_SITE_URL = "https://club.example"


def _addresses(club: Club) -> None:
    for user in (club.ben, club.cleo):
        user.email = f"{user.username}@example.org"
        user.save()


def test_the_players_who_have_to_sign_hear_of_it_once_it_is_stored(
    club: Club, mailing: None, django_capture_on_commit_callbacks: Any
) -> None:
    _addresses(club)
    with django_capture_on_commit_callbacks(execute=True):
        services.submit_game(club.league, four_player_game(), club.ann)
    assert sorted(m.to[0] for m in mail.outbox) == ["bonn-ben@example.org", "bonn-cleo@example.org"]
    assert "https://club.example/inbox/" in mail.outbox[0].body
    assert "confirm your result g1" in mail.outbox[0].subject


def test_nothing_is_sent_without_a_mail_server_or_to_whoever_signed(
    club: Club, settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    _addresses(club)
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.TABLERANK_MAIL = False
    with django_capture_on_commit_callbacks(execute=True):
        record = services.submit_game(club.league, four_player_game(), club.ann)
    assert mail.outbox == []
    services.confirm(record, club.player("Ben"), club.ben)
    assert [name for name, _ in signers_to_mail(record)] == ["Cleo"]  # Ann signed; Olga: none


def test_a_result_confirmed_at_once_asks_nobody(
    club: Club, mailing: None, django_capture_on_commit_callbacks: Any
) -> None:
    _addresses(club)
    League.objects.filter(pk=club.league.pk).update(one_official_is_enough=True)
    club.league.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        services.submit_game(club.league, four_player_game(), club.referee)
    assert mail.outbox == []
