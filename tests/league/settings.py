"""Settings for the league's tests: the real settings with a test-only key.

The database still comes from TABLERANK_DATABASE_URL (SQLite by default; pytest-django runs the
tests on a throwaway in-memory SQLite database or a test_ PostgreSQL database).
"""

from __future__ import annotations

import os

os.environ.setdefault("TABLERANK_SECRET_KEY", "tests-only-not-a-secret")

from tablerank.league.settings import (
    ALLOWED_HOSTS,
    DATABASES,
    DEBUG,
    DEFAULT_AUTO_FIELD,
    INSTALLED_APPS,
    LANGUAGE_CODE,
    SECRET_KEY,
    TIME_ZONE,
    USE_TZ,
)

__all__ = [
    "ALLOWED_HOSTS",
    "DATABASES",
    "DEBUG",
    "DEFAULT_AUTO_FIELD",
    "INSTALLED_APPS",
    "LANGUAGE_CODE",
    "SECRET_KEY",
    "TIME_ZONE",
    "USE_TZ",
]
