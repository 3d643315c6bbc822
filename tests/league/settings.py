"""Settings for the tests: the site's real settings with a test-only key.

The database still comes from TABLERANK_DATABASE_URL (SQLite by default; pytest-django runs the
tests on a throwaway in-memory SQLite database or a test_ PostgreSQL database).
"""

from __future__ import annotations

import os

os.environ.setdefault("TABLERANK_SECRET_KEY", "tests-only-not-a-secret")

from tablerank.server.settings import *  # noqa: F403

# Password hashing is deliberately slow; the tests create many accounts.
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
