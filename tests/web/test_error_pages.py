"""Error pages (issue 14): styled like the site, saying what happened, with a way back, and
revealing nothing of a private league."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import AnonymousUser
from django.http import HttpResponse
from django.test import Client, RequestFactory
from django.urls import reverse
from django.views import defaults

from tests.web.action_helpers import Club

pytestmark = pytest.mark.django_db


def test_an_unknown_address_gets_the_sites_not_found_page(client: Client) -> None:
    response = client.get("/no/such/page/")
    assert response.status_code == 404
    body = response.content.decode()
    assert '<h1 id="error-heading">Not found</h1>' in body
    assert f'href="{reverse("home")}"' in body
    assert "app.css" in body
    assert "Sign in</a> to see your private leagues" in body


def test_a_private_leagues_page_is_the_same_not_found_page(club: Club, static_root: None) -> None:
    club.league.public = False
    club.league.save()
    outsider = Client()
    outsider.force_login(club.outsider)
    response = outsider.get(reverse("league-home", args=[club.league.slug]))
    assert response.status_code == 404
    body = response.content.decode()
    assert "Not found" in body
    assert club.league.name not in body
    assert "Sign in</a>" not in body  # signed in already


@pytest.mark.parametrize(
    ("view", "status", "heading"),
    [
        (defaults.server_error, 500, "Something went wrong"),
        (defaults.bad_request, 400, "That request could not be read"),
        (defaults.permission_denied, 403, "Not allowed"),
    ],
)
def test_error_pages_say_what_happened_and_lead_back(
    view: Callable[..., HttpResponse], status: int, heading: str
) -> None:
    """The 500 page is rendered without the request's context (nothing that might have failed
    is used again); the others with it."""
    request = RequestFactory().get("/somewhere/")
    request.user = AnonymousUser()
    response = view(request) if view is defaults.server_error else view(request, Exception())
    assert response.status_code == status
    body = response.content.decode()
    assert heading in body
    assert f'href="{reverse("home")}"' in body


def test_an_expired_form_says_nothing_was_saved(club: Club, static_root: None) -> None:
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(club.organizer)
    response = strict.post(reverse("members", args=[club.league.slug]), {"action": "add"})
    assert response.status_code == 403
    body = response.content.decode()
    assert "This form has expired" in body
    assert "Nothing was saved" in body
