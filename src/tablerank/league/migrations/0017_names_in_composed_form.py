"""Player names in Unicode's composed form (NFC), as records and forms now read them
(`engine.fields.normal_name`): a stored `Zoë` written with a combining diaeresis would otherwise
no longer match the same name typed today. Each such player is renamed to the composed spelling
(`player_changes.rename_player`, in the league's log of player changes), and their games'
digests are computed again from their records (a file imported again then matches them). Where
another player of the league holds the composed name already, the two are merged
(`merge_players`) unless both played one game, event or tournament: then both stay, for the
league's admins to tell apart."""

from django.db import migrations

WHY = "names in Unicode's composed form (migration 0017)"


def compose_names(apps: object, schema_editor: object) -> None:
    from tablerank.engine.fields import name_key, normal_name
    from tablerank.league.errors import LeagueError
    from tablerank.league.models import GameRecord, Player
    from tablerank.league.services.player_fixes import merge_players, rename_player
    from tablerank.league.services.roles import CONSOLE
    from tablerank.league.services.same_content import game_digest
    from tablerank.league.store.migrating import leagues_as_of

    leagues = leagues_as_of(apps).in_bulk()
    for player in list(Player.objects.order_by("pk")):
        player.league = leagues[player.league_id]
        name = normal_name(player.name)
        if name == player.name:
            continue
        holder = Player.objects.filter(league=player.league, key=name_key(name)).first()
        try:
            if holder is None:
                kept = rename_player(player, name, by=CONSOLE, why=WHY)
            else:
                kept = merge_players(player, holder, by=CONSOLE, why=WHY)
        except LeagueError:
            continue  # both played one game, event or tournament
        games = GameRecord.objects.filter(seats__player=kept).exclude(digest=None)
        for record in games.prefetch_related("seats__player", "seats__sources"):
            digest = game_digest(record.to_record())  # its content, as stored now
            GameRecord.objects.filter(pk=record.pk).update(digest=digest)


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0016_ratings_under_the_league_s_spelling"),
    ]

    operations = [
        migrations.RunPython(compose_names, migrations.RunPython.noop),
    ]
