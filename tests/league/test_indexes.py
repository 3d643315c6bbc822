"""The league's indexes: every foreign key is looked up through an index that leads with its
column, and none has an index of its own beside one that does (each costs a write per row)."""

from __future__ import annotations

import importlib
from io import StringIO

import pytest
from django.apps import apps
from django.core.management import call_command
from django.db import connection, models
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.state import StateApps

pytestmark = pytest.mark.django_db

MIGRATION = importlib.import_module("tablerank.league.migrations.0012_lean_indexes")


def _leading(model: type[models.Model]) -> set[str]:
    """The fields that lead an index of the model which holds every row (not a partial one)."""
    meta = model._meta
    led = {f.name for f in meta.concrete_fields if vars(f)["db_index"] or f.unique or f.primary_key}
    led |= {index.fields[0].lstrip("-") for index in meta.indexes if index.condition is None}
    led |= {
        c.fields[0]
        for c in meta.constraints
        if isinstance(c, models.UniqueConstraint) and c.condition is None and c.fields
    }
    return led


def _composite_leading(model: type[models.Model]) -> set[str]:
    meta = model._meta
    led = {index.fields[0] for index in meta.indexes if index.condition is None}
    return led | {
        c.fields[0]
        for c in meta.constraints
        if isinstance(c, models.UniqueConstraint) and c.condition is None and c.fields
    }


def _foreign_keys() -> list[tuple[type[models.Model], models.ForeignKey[models.Model]]]:
    return [
        (model, field)
        for model in apps.get_app_config("league").get_models()
        for field in model._meta.concrete_fields
        if isinstance(field, models.ForeignKey)
    ]


def test_every_foreign_key_leads_an_index() -> None:
    unindexed = [
        f"{model.__name__}.{field.name}"
        for model, field in _foreign_keys()
        if field.name not in _leading(model)
    ]
    assert unindexed == []


def test_no_foreign_key_has_an_index_beside_one_that_leads_with_it() -> None:
    doubled = [
        f"{model.__name__}.{field.name}"
        for model, field in _foreign_keys()
        if vars(field)["db_index"] and field.name in _composite_leading(model)
    ]
    assert doubled == []


def _own_index_columns(table: str) -> list[list[str]]:
    with connection.cursor() as cursor:
        found = connection.introspection.get_constraints(cursor, table)
    return [
        about["columns"]
        for about in found.values()
        if about["index"] and not about["unique"] and not about["primary_key"]
    ]


def test_the_database_has_no_index_of_a_led_foreign_key_of_its_own() -> None:
    for model_name, field_name in MIGRATION.LED:
        model = apps.get_model("league", model_name)
        column = model._meta.get_field(field_name).column
        assert [column] not in _own_index_columns(model._meta.db_table), model_name


def _migrated_apps() -> StateApps:
    state = MigrationLoader(connection).project_state(("league", "0012_lean_indexes"))
    return state.apps


@pytest.mark.django_db(transaction=True)  # SQLite edits a schema outside a transaction only
def test_the_migration_drops_the_indexes_and_its_reverse_makes_them_again() -> None:
    seat = apps.get_model("league", "seat")
    with connection.schema_editor() as editor:
        MIGRATION.create_own_indexes(_migrated_apps(), editor)
    assert ["game_id"] in _own_index_columns(seat._meta.db_table)
    with connection.schema_editor() as editor:
        MIGRATION.drop_own_indexes(_migrated_apps(), editor)
    assert ["game_id"] not in _own_index_columns(seat._meta.db_table)


@pytest.mark.skipif(connection.vendor != "postgresql", reason="a PostgreSQL storage setting")
def test_rating_state_pages_leave_room_for_heap_only_updates() -> None:
    table = apps.get_model("league", "ratingstate")._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute("SELECT reloptions FROM pg_class WHERE relname = %s", [table])
        (options,) = cursor.fetchone()
    assert "fillfactor=70" in options


def test_the_models_need_no_migration_beyond_the_ones_shipped() -> None:
    out = StringIO()
    call_command("makemigrations", "league", "--check", "--dry-run", stdout=out)
    assert "No changes detected" in out.getvalue()


def _checkpoint_storage() -> str:
    table = apps.get_model("league", "ratingcheckpoint")._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT attstorage FROM pg_attribute "
            "WHERE attrelid = %s::regclass AND attname = 'state'",
            [table],
        )
        (storage,) = cursor.fetchone()
    return str(storage)


@pytest.mark.skipif(connection.vendor != "postgresql", reason="a PostgreSQL storage setting")
def test_checkpoint_states_are_not_compressed_twice() -> None:
    assert _checkpoint_storage() == "e"  # EXTERNAL: out of line, not compressed


@pytest.mark.skipif(connection.vendor != "postgresql", reason="a PostgreSQL storage setting")
@pytest.mark.django_db(transaction=True)
def test_the_checkpoint_storage_migration_reverses() -> None:
    storage = importlib.import_module("tablerank.league.migrations.0014_checkpoint_storage")
    state = MigrationLoader(connection).project_state(("league", "0014_checkpoint_storage"))
    try:
        with connection.schema_editor() as editor:
            storage.extended(state.apps, editor)
        assert _checkpoint_storage() == "x"  # EXTENDED, PostgreSQL's default
    finally:
        with connection.schema_editor() as editor:
            storage.external(state.apps, editor)
    assert _checkpoint_storage() == "e"
