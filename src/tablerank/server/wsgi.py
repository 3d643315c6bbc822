"""The WSGI application, for gunicorn: `gunicorn tablerank.server.wsgi -w 4`."""

from __future__ import annotations

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tablerank.server.settings")

application = get_wsgi_application()
