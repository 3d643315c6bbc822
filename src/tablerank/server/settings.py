"""Django settings for the league server, its JSON API and web site, read from the environment.

The default database is an SQLite file, so a club can check out the code, run the migrations and
keep a season with nothing else installed (the habit of healthchecks' settings). Every variable is
in docs/league.md (Configuration); the main ones:

* ``TABLERANK_DATA_DIR`` -- the folder of the default SQLite file and the generated secret key;
  default ``tablerank-data`` in the working directory (created when first needed), the same
  folder ``tablerank serve`` uses, so ``tablerank league`` finds the site's database.
* ``TABLERANK_DATABASE_URL`` -- ``sqlite:///relative.db``, ``sqlite:////absolute/path.db`` or
  ``postgres://user:password@host:5432/name`` (also ``postgresql://``); default the SQLite file
  ``tablerank.sqlite3`` in the data directory. An SQLite file is created with mode 0600 and
  opened in WAL mode; a write transaction takes the write lock when it begins (``BEGIN
  IMMEDIATE``) and waits up to ``TABLERANK_SQLITE_TIMEOUT`` seconds (default 20) for it, so
  concurrent writers queue instead of failing with "database is locked".
* ``TABLERANK_SECRET_KEY`` -- signs sessions and password-reset links. When unset, a random key is
  generated once into ``secret_key`` in the data directory (readable by its owner only) and
  read from there afterwards, so a club's site keeps its sign-ins across restarts and no key is
  ever in the repository.
* ``TABLERANK_LOG_LEVEL`` / ``TABLERANK_LOG_FILE`` -- what is logged (default ``ERROR``: every
  server error with its traceback) and where (default stderr).
"""

from __future__ import annotations

import logging
import os
import secrets
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from django.core.exceptions import ImproperlyConfigured

from tablerank.server import DEFAULT_DATA_DIR


def envint(name: str, default: int, *, least: int = 0, most: int = 1_000_000) -> int:
    """A whole number from the environment, from `least` to `most`."""
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    number = int(value) if value.isascii() and value.isdigit() and len(value) <= 9 else -1
    if not least <= number <= most:
        raise ImproperlyConfigured(
            f"{name}: expected a whole number from {least} to {most}, got {value!r}"
        )
    return number


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
        return {"ENGINE": "tablerank.server.sqlite", "NAME": path, "OPTIONS": sqlite_options()}
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


def envnumber(name: str, default: float) -> float:
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    try:
        number = float(value)
    except ValueError:
        number = -1.0
    if not 0 <= number < float("inf"):
        raise ImproperlyConfigured(f"{name}: expected a number of seconds, got {value!r}")
    return number


SQLITE_PRAGMAS = "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA cache_size=-65536"
"""Each connection's settings. The page cache may grow to 64 MiB (SQLite's default is 2 MiB),
used only as a large league's pages are read: an import's index inserts then find their
pages in memory (`benchmarks/bench_sqlite_cache.py`: a million games' seats, a third less CPU)."""


def sqlite_options() -> dict[str, Any]:
    """WAL (readers do not block the writer), ``BEGIN IMMEDIATE`` (a write transaction takes the
    write lock up front, so it waits its turn instead of failing half-way), a busy timeout and
    a larger page cache (`SQLITE_PRAGMAS`)."""
    return {
        "transaction_mode": "IMMEDIATE",
        "timeout": envnumber("TABLERANK_SQLITE_TIMEOUT", 20.0),
        "init_command": SQLITE_PRAGMAS,
    }


def default_database_url() -> str:
    return f"sqlite:///{(data_dir() / 'tablerank.sqlite3').absolute()}"


DEBUG = envbool("TABLERANK_DEBUG", default=False)


def data_dir() -> Path:
    """``TABLERANK_DATA_DIR``, which must exist, or ``./tablerank-data``, created when a file is
    first written there."""
    given = os.environ.get("TABLERANK_DATA_DIR")
    if not given:
        return Path.cwd() / DEFAULT_DATA_DIR
    path = Path(given)
    if not path.is_dir():
        raise ImproperlyConfigured(f"TABLERANK_DATA_DIR: {path} is not a directory")
    return path


def secret_key_from(path: Path) -> str:
    """The key stored at `path`, created there (mode 0600) with 50 random characters when
    missing. Several workers starting at once agree: the first to create the file wins."""
    path.parent.mkdir(mode=0o700, exist_ok=True)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        key = path.read_text(encoding="ascii").strip()
        if not key:
            raise ImproperlyConfigured(f"TABLERANK_SECRET_KEY: {path} is empty") from None
        return key
    key = secrets.token_urlsafe(48)
    with os.fdopen(fd, "w", encoding="ascii") as out:
        out.write(key + "\n")
    return key


SECRET_KEY = os.environ.get("TABLERANK_SECRET_KEY", "") or secret_key_from(
    data_dir() / "secret_key"
)

ALLOWED_HOSTS = [
    host.strip()
    for host in os.environ.get("TABLERANK_ALLOWED_HOSTS", "").split(",")
    if host.strip()
]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "ninja",  # serves the API docs' Swagger assets from its package, not a CDN
    "tablerank.league.apps.LeagueConfig",
    "tablerank.api.apps.ApiConfig",
    "tablerank.web.apps.WebConfig",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "tablerank.web.text_guard.NulRefused",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "tablerank.web.time_zones.TimeZoneMiddleware",
    "tablerank.web.number_formats.NumberFormatMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # A page's queries read one state of the database (inside the session and the user).
    "tablerank.web.snapshots.PagesReadOneSnapshot",
]

ROOT_URLCONF = "tablerank.server.urls"
WSGI_APPLICATION = "tablerank.server.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

STATIC_URL = "static/"
STATIC_ROOT = os.environ.get("TABLERANK_STATIC_ROOT") or str(Path.cwd() / "staticfiles")
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

# Cookies and headers: secure by default; plain HTTP (a club's LAN, `tablerank serve`) only
# with TABLERANK_INSECURE_HTTP=true.
INSECURE_HTTP = envbool("TABLERANK_INSECURE_HTTP", default=DEBUG)
SESSION_COOKIE_SECURE = not INSECURE_HTTP
CSRF_COOKIE_SECURE = not INSECURE_HTTP
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
CSRF_TRUSTED_ORIGINS = [
    origin.strip()
    for origin in os.environ.get("TABLERANK_CSRF_TRUSTED_ORIGINS", "").split(",")
    if origin.strip()
]

# Behind a TLS proxy (README, "Deploying on PostgreSQL with several workers"): the proxy says a
# request came over HTTPS with X-Forwarded-Proto and who sent it with X-Forwarded-For.
TLS_PROXY = envbool("TABLERANK_TLS_PROXY", default=False)
if TLS_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = envbool("TABLERANK_SSL_REDIRECT", default=TLS_PROXY)
SECURE_HSTS_SECONDS = int(envnumber("TABLERANK_HSTS_SECONDS", 0))
SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE_HSTS_SECONDS > 0
SECURE_HSTS_PRELOAD = envbool("TABLERANK_HSTS_PRELOAD", default=False)

DATABASES = {
    "default": database_from_url(
        os.environ.get("TABLERANK_DATABASE_URL") or default_database_url()
    ),
}
# A worker keeps its connection between requests (opening one costs more than a cached read);
# TABLERANK_DB_CONN_MAX_AGE=0 closes it after each request.
DATABASES["default"] |= {
    "CONN_MAX_AGE": envnumber("TABLERANK_DB_CONN_MAX_AGE", 60.0),
    "CONN_HEALTH_CHECKS": True,
}


def log_level() -> str:
    name = os.environ.get("TABLERANK_LOG_LEVEL", "").strip().upper() or "ERROR"
    if name not in logging.getLevelNamesMapping() or name == "NOTSET":
        raise ImproperlyConfigured(
            f"TABLERANK_LOG_LEVEL: expected DEBUG, INFO, WARNING, ERROR or CRITICAL, got {name!r}"
        )
    return name


def log_handler() -> dict[str, Any]:
    """Where the log goes: ``TABLERANK_LOG_FILE`` (appended to) or stderr."""
    path = os.environ.get("TABLERANK_LOG_FILE", "").strip()
    where = {"filename": path, "delay": True} if path else {}
    kind = "logging.FileHandler" if path else "logging.StreamHandler"
    # The level is the handler's too: Django's loggers pass records up whatever the root's is.
    return {"class": kind, "formatter": "plain", "level": log_level(), **where}


# Every server error (django.request, ERROR, with its traceback), and the site's own messages,
# go to the root logger's one handler; Django's own debug console handler stays as it is.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {"log": log_handler()},
    "root": {"handlers": ["log"], "level": log_level()},
}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
USE_TZ = True
TIME_ZONE = "UTC"
LANGUAGE_CODE = "en"
# Numbers on the web pages follow the browser's language among these (1,032.5 / 1.032,5), with
# Django's format for each; texts stay English (tablerank.web.number_formats).
LANGUAGES = [
    ("en", "English"), ("de", "Deutsch"), ("fr", "Français"), ("nl", "Nederlands"),
    ("es", "Español"), ("it", "Italiano"), ("pl", "Polski"), ("pt", "Português"),
    ("sv", "Svenska"), ("da", "Dansk"), ("cs", "Čeština"),
]  # fmt: skip

# -- Security: content security policy, login throttling, passwords (docs/accounts.md) --------
# django-csp: every script and style comes from this site's own files; nothing inline, no
# framing, forms post only here.
from datetime import timedelta  # noqa: E402

INSTALLED_APPS += ["axes"]
MIDDLEWARE += [
    "csp.middleware.CSPMiddleware",
    # django-axes turns a locked-out sign-in into its own response; it must come last.
    "axes.middleware.AxesMiddleware",
]
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    },
}

# django-axes: a username tried from one address is locked for AXES_COOLOFF_TIME after
# AXES_FAILURE_LIMIT failed sign-ins. Attempts are stored in the database, so every worker
# counts the same failures.
AUTHENTICATION_BACKENDS = [
    "tablerank.web.throttle.SignInThrottle",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_HANDLER = "axes.handlers.database.AxesDatabaseHandler"
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
# The address is django-ipware's answer. Directly, the connection's (REMOTE_ADDR); behind
# TABLERANK_TLS_PROXY, the right-most X-Forwarded-For entry: the one the proxy appended, so
# what a client sends in its own X-Forwarded-For is never taken (ipware with no proxies
# counted after the client, not strict, picks the chain's last entry).
if TLS_PROXY:
    AXES_IPWARE_META_PRECEDENCE_ORDER: tuple[str, ...] = ("HTTP_X_FORWARDED_FOR",)
    AXES_IPWARE_PROXY_ORDER = "left-most"
    AXES_IPWARE_PROXY_COUNT = 0
    IPWARE_STRICT = False
else:
    AXES_IPWARE_META_PRECEDENCE_ORDER = ("REMOTE_ADDR",)
AXES_FAILURE_LIMIT = envint("TABLERANK_LOGIN_FAILURES", 5, least=1)
AXES_COOLOFF_TIME = timedelta(minutes=envint("TABLERANK_LOGIN_LOCK_MINUTES", 15))
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_VERBOSE = False

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
PASSWORD_RESET_TIMEOUT = 3 * 24 * 3600
"""How long a handed-over reset link works (it stops working once the password is set)."""
SESSION_COOKIE_AGE = 30 * 24 * 3600
TABLERANK_TOKEN_DAYS = envint("TABLERANK_TOKEN_DAYS", 90, least=1, most=3650)
"""How many days an API token works after it is issued (tablerank.league.services.tokens)."""
OPEN_SIGNUP = envbool("TABLERANK_OPEN_SIGNUP", default=True)
"""Whether anyone may create an account at /accounts/signup/ (then create a league)."""

# -- Cached reads (tablerank.league.store.cache) ---
# Standings, lists and histories are kept per process under the league's revision, which each
# request reads from the database: a worker that missed a write asks for a new key, so workers
# need no shared cache and never serve a stale result. An entry lives an hour at most, and the
# least recently used go first beyond TABLERANK_READ_CACHE_ENTRIES (default 1000) per worker.
# The default cache stays as Django has it.
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "reads": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "tablerank-reads",
        "TIMEOUT": 3600,
        "OPTIONS": {"MAX_ENTRIES": envint("TABLERANK_READ_CACHE_ENTRIES", 1000)},
    },
}


# -- mail: with TABLERANK_EMAIL_HOST, by SMTP: password-reset links, and results waiting for a
# player's signature (`services.notifications`). Without it, reset mails are printed on standard
# output (Django's console backend) and no notification is sent.
EMAIL_HOST = os.environ.get("TABLERANK_EMAIL_HOST", "").strip()
TABLERANK_MAIL = bool(EMAIL_HOST)
EMAIL_BACKEND = f"django.core.mail.backends.{'smtp' if TABLERANK_MAIL else 'console'}.EmailBackend"
DEFAULT_FROM_EMAIL = os.environ.get("TABLERANK_EMAIL_FROM", f"tablerank@{EMAIL_HOST or 'local'}")
if TABLERANK_MAIL:
    EMAIL_PORT = envint("TABLERANK_EMAIL_PORT", 587, least=1, most=65535)
    EMAIL_HOST_USER = os.environ.get("TABLERANK_EMAIL_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("TABLERANK_EMAIL_PASSWORD", "")
    EMAIL_USE_TLS = envbool("TABLERANK_EMAIL_TLS", default=True)
TABLERANK_SITE_URL = os.environ.get("TABLERANK_SITE_URL", "").rstrip("/")
"""The site's address for links in e-mails (``https://club.example``); without it, e-mails
name the inbox's path only."""
