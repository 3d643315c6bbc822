"""What a data migration that runs this release's code reads of the live models: only the
columns the schema has at that migration. A migration such as 0007 (rebuild every league's
ratings) imports the live `League`, whose later fields (a column added by 0019) do not exist
yet when it runs on an older database; selecting them would fail."""

from __future__ import annotations

from typing import Any

from django.db.models import Model, QuerySet

from tablerank.league.models import League

__all__ = ["as_of", "leagues_as_of"]


def as_of(apps: Any, live: type[Model]) -> list[str]:
    """The fields of `live` the schema has at the migration whose state is `apps`."""
    then = apps.get_model(live._meta.app_label, live._meta.model_name)
    return [field.attname for field in then._meta.concrete_fields]


def leagues_as_of(apps: Any) -> QuerySet[League]:
    """Every league, each loading only the columns the schema has then."""
    return League.objects.only(*as_of(apps, League)).order_by("pk")
