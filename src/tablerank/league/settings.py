"""Django settings for the league server, read from the environment.

The default database is an SQLite file, so a club can check out the code, run the migrations and
keep a season with nothing else installed (the habit of healthchecks' settings). Variables:

* ``TABLERANK_DATABASE_URL`` -- ``sqlite:///relative.db``, ``sqlite:////absolute/path.db`` or
  ``postgres://user:password@host:5432/name`` (also ``postgresql://``); default an SQLite file
  ``tablerank.sqlite3`` in ``TABLERANK_DATA_DIR``, or in the working directory.
* ``TABLERANK_DEBUG`` -- ``true``/``false`` (default false).
* ``TABLERANK_SECRET_KEY`` -- required unless ``TABLERANK_DEBUG`` is on, where a development key
  that must never serve a real league stands in.
* ``TABLERANK_ALLOWED_HOSTS`` -- comma-separated host names.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from django.core.exceptions import ImproperlyConfigured

__all__: list[str] = []  # Django reads the upper-case names; nothing here is for import.


def envbool(name: str, default: bool) -> bool:
    value = os.environ.get(name, "").strip().lower()
    if not value:
        return default
    if value in {"1", "true", "yes", "on"}:
        return True
    if value in {"0", "false", "no", "off"}:
        return False
    raise ImproperlyConfigured(f"{name}: expected true or false, got {value!r}")


def database_from_url(url: str) -> dict[str, Any]:
    """Django's ``DATABASES['default']`` for a database URL (sqlite or postgres)."""
    parts = urlsplit(url)
    if parts.scheme == "sqlite":
        # sqlite:///name.db is relative to the working directory, sqlite:////abs/name.db absolute.
        path = unquote(parts.path[1:] if parts.path.startswith("/") else parts.path)
        if not path:
            raise ImproperlyConfigured(f"TABLERANK_DATABASE_URL: no file in {url!r}")
        return {"ENGINE": "django.db.backends.sqlite3", "NAME": path}
    if parts.scheme in {"postgres", "postgresql"}:
        name = unquote(parts.path.lstrip("/"))
        if not name:
            raise ImproperlyConfigured("TABLERANK_DATABASE_URL: no database name in the URL")
        return {
            "ENGINE": "django.db.backends.postgresql",
            "NAME": name,
            "USER": unquote(parts.username or ""),
            "PASSWORD": unquote(parts.password or ""),
            "HOST": parts.hostname or "",
            "PORT": str(parts.port or ""),
        }
    raise ImproperlyConfigured(
        f"TABLERANK_DATABASE_URL: expected a sqlite:// or postgres:// URL, got scheme "
        f"{parts.scheme!r}"
    )


def default_database_url() -> str:
    data_dir = Path(os.environ.get("TABLERANK_DATA_DIR") or Path.cwd())
    if not data_dir.is_dir():
        raise ImproperlyConfigured(f"TABLERANK_DATA_DIR: {data_dir} is not a directory")
    return f"sqlite:///{(data_dir / 'tablerank.sqlite3').absolute()}"


DEBUG = envbool("TABLERANK_DEBUG", default=False)

SECRET_KEY = os.environ.get("TABLERANK_SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "TABLERANK_SECRET_KEY must be set (or TABLERANK_DEBUG=true for development)"
        )
    SECRET_KEY = "insecure-development-key-never-use-for-a-real-league"

ALLOWED_HOSTS = [
    host.strip()
    for host in os.environ.get("TABLERANK_ALLOWED_HOSTS", "").split(",")
    if host.strip()
]

INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "tablerank.league.apps.LeagueConfig",
]

DATABASES = {
    "default": database_from_url(
        os.environ.get("TABLERANK_DATABASE_URL") or default_database_url()
    ),
}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
USE_TZ = True
TIME_ZONE = "UTC"
LANGUAGE_CODE = "en"
