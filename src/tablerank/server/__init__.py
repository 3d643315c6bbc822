"""The Django project that serves the league: settings, the root URLs and the WSGI entry."""
