"""The Django project that serves the league: settings, the root URLs and the WSGI entry."""

DEFAULT_DATA_DIR = "tablerank-data"
"""Where `tablerank serve`, `tablerank league` and the site keep the SQLite database and the
generated secret key when no data directory is given: this folder of the working directory."""
