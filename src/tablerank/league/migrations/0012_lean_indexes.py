"""Drop each foreign key's own index where a composite index or unique constraint leads with its
column already (the lookups and cascades use that one), and leave room in PostgreSQL's pages of
rating state rows (fillfactor 70), so that rewriting a row's rating is a heap-only update that
touches none of its indexes. Fewer index writes per recorded game, and per import batch.

The indexes are dropped in place rather than by Django's `AlterField`, which remakes each table
on SQLite (a copy of every seat of a large league)."""

import django.db.models.deletion
from django.db import migrations, models
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps

LED = [
    ("accountperiod", "player"),
    ("entrant", "tournament"),
    ("eventrecord", "league"),
    ("eventstanding", "event"),
    ("gamerecord", "league"),
    ("player", "league"),
    ("ratingcheckpoint", "league"),
    ("ratingstate", "league"),
    ("ratingwatermark", "league"),
    ("seat", "game"),
    ("sourcevp", "seat"),
    ("tableseat", "tournament"),
    ("tournament", "league"),
]
"""The foreign keys whose column leads another index of their table: (model, field)."""


def _own_indexes(schema_editor: BaseDatabaseSchemaEditor, table: str, column: str) -> list[str]:
    connection = schema_editor.connection
    with connection.cursor() as cursor:
        found = connection.introspection.get_constraints(cursor, table)
    return [
        name
        for name, about in found.items()
        if about["index"] and not about["unique"] and not about["primary_key"]
        and about["columns"] == [column]
    ]  # fmt: skip


def drop_own_indexes(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    for model_name, field_name in LED:
        model = apps.get_model("league", model_name)
        column = model._meta.get_field(field_name).column
        for name in _own_indexes(schema_editor, model._meta.db_table, column):
            schema_editor.execute(f"DROP INDEX {schema_editor.quote_name(name)}")


def create_own_indexes(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    quote = schema_editor.quote_name
    for model_name, field_name in LED:
        model = apps.get_model("league", model_name)
        table, column = model._meta.db_table, model._meta.get_field(field_name).column
        if not _own_indexes(schema_editor, table, column):
            name = quote(f"{table}_{column}_own")
            schema_editor.execute(f"CREATE INDEX {name} ON {quote(table)} ({quote(column)})")


def _fillfactor(schema_editor: BaseDatabaseSchemaEditor, percent: int, apps: StateApps) -> None:
    if schema_editor.connection.vendor == "postgresql":
        table = schema_editor.quote_name(apps.get_model("league", "ratingstate")._meta.db_table)
        schema_editor.execute(f"ALTER TABLE {table} SET (fillfactor = {percent})")


def leave_room(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    _fillfactor(schema_editor, 70, apps)


def fill_pages(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    _fillfactor(schema_editor, 100, apps)


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0011_player_changes"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="accountperiod",
                    name="player",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="accounts",
                        to="league.player",
                    ),
                ),
                migrations.AlterField(
                    model_name="entrant",
                    name="tournament",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="entrants",
                        to="league.tournament",
                    ),
                ),
                migrations.AlterField(
                    model_name="eventrecord",
                    name="league",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="league.league",
                    ),
                ),
                migrations.AlterField(
                    model_name="eventstanding",
                    name="event",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="standings",
                        to="league.eventrecord",
                    ),
                ),
                migrations.AlterField(
                    model_name="gamerecord",
                    name="league",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="league.league",
                    ),
                ),
                migrations.AlterField(
                    model_name="player",
                    name="league",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="players",
                        to="league.league",
                    ),
                ),
                migrations.AlterField(
                    model_name="ratingcheckpoint",
                    name="league",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="league.league",
                    ),
                ),
                migrations.AlterField(
                    model_name="ratingstate",
                    name="league",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="rating_states",
                        to="league.league",
                    ),
                ),
                migrations.AlterField(
                    model_name="ratingwatermark",
                    name="league",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="rating_watermarks",
                        to="league.league",
                    ),
                ),
                migrations.AlterField(
                    model_name="seat",
                    name="game",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="seats",
                        to="league.gamerecord",
                    ),
                ),
                migrations.AlterField(
                    model_name="sourcevp",
                    name="seat",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="sources",
                        to="league.seat",
                    ),
                ),
                migrations.AlterField(
                    model_name="tableseat",
                    name="tournament",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="seats",
                        to="league.tournament",
                    ),
                ),
                migrations.AlterField(
                    model_name="tournament",
                    name="league",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="tournaments",
                        to="league.league",
                    ),
                ),
            ],
            database_operations=[
                migrations.RunPython(drop_own_indexes, create_own_indexes),
                migrations.RunPython(leave_room, fill_pages),
            ],
        ),
    ]
