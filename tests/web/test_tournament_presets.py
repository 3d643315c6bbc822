"""Creating a tournament by an official CATAN format on the web: the preset, the keep-apart list
and the drop; the tournament's page shows the format; bad input comes back as typed."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tablerank.league.models import Tournament
from tests.web.action_helpers import Club

pytestmark = pytest.mark.django_db


def test_an_organizer_creates_a_tournament_by_preset(client: Client, club: Club) -> None:
    slug = club.league.slug
    client.force_login(club.organizer)
    form = client.get(reverse("tournament-new", args=[slug])).content.decode()
    for label in ("Official CATAN format by attendance", "US qualifier, large event", "Custom"):
        assert label in form
    made = client.post(reverse("tournament-new", args=[slug]),
                       {"name": "Qualifier", "preset": "catan-official",
                        "keep_apart": "ann, Ben"})  # fmt: skip
    assert made.status_code == 302, made.content.decode()
    event = Tournament.objects.get(slug="qualifier")
    assert (event.preset, event.rounds, event.keep_apart) == ("catan-official", 3, "Ann, Ben")
    page = client.get(made["Location"]).content.decode()
    assert "the cut follows the players checked in when round 1 is seated" in page
    large = client.post(reverse("tournament-new", args=[slug]),
                        {"name": "Large", "preset": "catan-us-qualifier", "rounds": 5})  # fmt: skip
    assert large.status_code == 302
    assert Tournament.objects.get(slug="large").drop_winless_after == 3


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"preset": "official"}, "Select a valid choice. official is not one of the available"),
        ({"preset": "catan-official", "rounds": 4}, "plays 3 preliminary games, not 4"),
        ({"keep_apart": "Ann, Ben\nAnn, Zed", "rounds": 3}, "line 2: &#x27;Zed&#x27; is neither"),
        ({"rounds": 3, "drop_winless_after": 3}, "a round from 1 to 2"),
    ],
)
def test_bad_input_comes_back_as_typed(
    client: Client, club: Club, fields: dict[str, object], message: str
) -> None:
    client.force_login(club.organizer)
    answer = client.post(
        reverse("tournament-new", args=[club.league.slug]), {"name": "Cup", **fields}
    )
    assert answer.status_code == 400
    body = answer.content.decode()
    assert message in body
    assert 'value="Cup"' in body
    assert not Tournament.objects.filter(name="Cup").exists()


def test_only_organizers_create(client: Client, club: Club) -> None:
    client.force_login(club.ann)
    answer = client.post(reverse("tournament-new", args=[club.league.slug]),
                         {"name": "Cup", "preset": "catan-official"})  # fmt: skip
    assert answer.status_code == 403
