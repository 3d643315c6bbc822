"""The store's tests run on the database TABLERANK_DATABASE_URL names: CI runs them on SQLite and
again on PostgreSQL (scripts/with-postgres), so this checks that the second run is on PostgreSQL."""

from __future__ import annotations

import os
from urllib.parse import urlsplit

import pytest
from django.db import connection


@pytest.mark.django_db
def test_the_tests_run_on_the_configured_database() -> None:
    url = os.environ.get("TABLERANK_DATABASE_URL", "")
    scheme = urlsplit(url).scheme
    if scheme in {"postgres", "postgresql"}:
        assert connection.vendor == "postgresql"
        # pytest-django's own throwaway database, never the one the URL names.
        assert connection.settings_dict["NAME"] == "test_" + urlsplit(url).path.lstrip("/")
    else:
        assert connection.vendor == "sqlite"
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        assert cursor.fetchone() == (1,)
