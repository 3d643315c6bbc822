"""The settings `tablerank league ...` runs with: the site's (`tablerank.server.settings`, read
from the same environment) with only the apps the league's services use.

`django.setup()` imports every installed app, its models and its ready() work: the site's other
apps bring django-ninja and pydantic (the API), the admin and its modules, the web pages, the
sign-in throttle and the security headers, about a third of a second of each command's
start-up. None of their models points at a league's rows, so the league's writes and deletes
cascade the same without them. `tablerank league init` migrates with the site's settings, so
the database gets every app's tables.
"""

from __future__ import annotations

from tablerank.server.settings import *  # noqa: F403

INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "tablerank.league.apps.LeagueConfig",
]
