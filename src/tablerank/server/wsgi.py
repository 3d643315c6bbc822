"""The WSGI application, for gunicorn: `gunicorn tablerank.server.wsgi -w 4`.

Once the site is loaded (settings, apps, middleware and URLs), the objects it made are frozen
(`gc.freeze`): the garbage collector no longer scans them, so its full collections stop
pausing a request for the time it takes to walk all of Django (`benchmarks/bench_serve.py`).
"""

from __future__ import annotations

import gc
import os

from django.core.wsgi import get_wsgi_application
from django.urls import get_resolver

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tablerank.server.settings")

application = get_wsgi_application()
get_resolver().url_patterns  # noqa: B018  # imports every URL's views now, not on a request
gc.freeze()
