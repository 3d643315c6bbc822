"""Rebuild the rating state of leagues whose lists name a player spelled otherwise than the
league spells them (`Ann` and `ann`): imports rated each game under its file's spelling before
this release, which split such a player's rows. Derived data, recomputed with this release's
code; a league without such a row is left as it is, and a new database has none."""

from django.db import migrations


def rebuild_split_leagues(apps: object, schema_editor: object) -> None:
    from tablerank.league.models import Player, RatingState
    from tablerank.league.ratings.state import rebuild_ratings
    from tablerank.league.store.migrating import leagues_as_of

    for league in leagues_as_of(apps):
        spelled = dict(Player.objects.filter(league=league).values_list("key", "name"))
        named = RatingState.objects.filter(league=league).values_list("player", flat=True)
        if any(spelled.get(name.casefold(), name) != name for name in named.distinct()):
            rebuild_ratings(league)


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0015_list_months"),
    ]

    operations = [
        migrations.RunPython(rebuild_split_leagues, migrations.RunPython.noop),
    ]
