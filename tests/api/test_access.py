"""`api.access.league_for`: the league a request names, read with one prepared query, is the
league the ORM loads, field for field, and stays hidden from whoever may not read it."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser

from tablerank.api.access import league_for
from tablerank.api.errors import ApiError
from tablerank.league.models import League
from tests.api.conftest import Club

pytestmark = pytest.mark.django_db


def _fields(league: League) -> dict[str, tuple[type, object]]:
    return {
        field.attname: (type(value := getattr(league, field.attname)), value)
        for field in League._meta.concrete_fields
    }


def test_the_league_read_is_the_orms_field_for_field(club: Club, private: League) -> None:
    League.objects.filter(pk=private.pk).update(
        time_zone="Europe/Berlin",
        one_official_is_enough=True,
        monthly_score="total",
        systems=["pages.point", "cow.elo"],
        unvalidated_titles=["Seafarers"],
        revision=7,
    )
    read = league_for("koeln", club.user("Ann"))
    assert _fields(read) == _fields(League.objects.get(pk=private.pk))
    assert read.get_deferred_fields() == set()
    assert not read._state.adding
    assert _fields(league_for("bonn", AnonymousUser())) == _fields(
        League.objects.get(pk=club.league.pk)
    )


@pytest.mark.parametrize("slug", ["koeln", "nowhere", "KOELN", "koeln'--", ""])
def test_a_league_the_caller_may_not_read_is_not_found(
    club: Club, private: League, slug: str
) -> None:
    for who in (AnonymousUser(), club.outsider):
        with pytest.raises(ApiError) as refused:
            league_for(slug, who)
        assert refused.value.status == 404
