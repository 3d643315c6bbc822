"""Store checkpoints' states out of line without PostgreSQL's own compression (`STORAGE
EXTERNAL`): a state is zlib-compressed already (`checkpoint_blobs`), and PostgreSQL's attempt to
compress it again cost much of a void at a million games, which rewrites about 100 checkpoints
of a megabyte each (`benchmarks/bench_checkpoint_storage.py`: 50 states of 1 MB, inserted one
by one, took the server 2.1-2.2 s, and 0.9-1.0 s without the attempt). Nothing changes on
SQLite."""

from django.db import migrations
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps


def _storage(schema_editor: BaseDatabaseSchemaEditor, kind: str, apps: StateApps) -> None:
    if schema_editor.connection.vendor == "postgresql":
        model = apps.get_model("league", "ratingcheckpoint")
        table = schema_editor.quote_name(model._meta.db_table)
        column = schema_editor.quote_name(model._meta.get_field("state").column)
        schema_editor.execute(f"ALTER TABLE {table} ALTER COLUMN {column} SET STORAGE {kind}")


def external(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    _storage(schema_editor, "EXTERNAL", apps)


def extended(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    _storage(schema_editor, "EXTENDED", apps)


class Migration(migrations.Migration):
    dependencies = [("league", "0013_game_digest")]

    operations = [migrations.RunPython(external, extended)]
