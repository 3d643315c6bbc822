"""`tablerank serve`: the league's web site on this machine, with an optional demo league.

    tablerank serve --demo              # http://127.0.0.1:8000/, a demo league to click through
    tablerank serve --host 0.0.0.0 --port 8080 --data-dir /srv/club

It keeps everything in the data directory (default ./tablerank-data, created when missing): the
SQLite database, the generated secret key and the collected static files. `tablerank league`
run from the same folder uses the same default, so it finds the site's database. On start it
brings the database up to date (Django's migrate), collects the static files, fills the demo
league once with `--demo`, then serves the site with gunicorn (two workers) and prints the
address to open.

The site is plain HTTP here, so `TABLERANK_INSECURE_HTTP` defaults to true (session cookies
without the Secure flag), and `TABLERANK_ALLOWED_HOSTS` defaults to the bound host. Any of the
settings' variables set in the environment (docs/league.md, Configuration) win. Behind a TLS
proxy run gunicorn yourself: `gunicorn tablerank.server.wsgi`.

No `from __future__ import annotations` here: Typer must see the options' types as objects.
Django and gunicorn are imported inside the command, so `tablerank` starts without them.
"""

import errno
import ipaddress
import os
import socket
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from tablerank.cli.output import guarded
from tablerank.errors import TablerankError
from tablerank.server import DEFAULT_DATA_DIR as DEFAULT_DATA_FOLDER

if TYPE_CHECKING:
    from gunicorn.arbiter import Arbiter  # type: ignore[import-untyped]

__all__ = [
    "REQUEST_SECONDS",
    "ServeError",
    "allowed_hosts",
    "check_data_dir",
    "check_port",
    "gunicorn_options",
    "register",
]

SETTINGS = "tablerank.server.settings"
WORKERS = 2
DEFAULT_DATA_DIR = Path(DEFAULT_DATA_FOLDER)


REQUEST_SECONDS = 120
"""How long a worker may take over one request before gunicorn restarts it (its default is 30
s). The first read of a large league after a change computes what later reads of that
revision find kept: a backtest of every system over 100,000 games takes about 30 s."""


REQUEST_LINE_BYTES = 8190
"""The longest request line (method, path and query) gunicorn reads, its own maximum (its
default, 4094, answers 414 in HTML to a query of a few long filters in non-Latin script before
the API can answer in JSON)."""


def gunicorn_options(host: str, port: int) -> dict[str, Any]:
    """gunicorn's settings for `tablerank serve` on `host` and `port`."""
    return {
        "bind": f"[{host}]:{port}" if ":" in host else f"{host}:{port}",
        "workers": WORKERS,
        "timeout": REQUEST_SECONDS,
        "limit_request_line": REQUEST_LINE_BYTES,
        "loglevel": "warning",
        "proc_name": "tablerank",
    }


class ServeError(TablerankError):
    """The site cannot start: a bad option, a busy port, a data directory it cannot use."""


def check_data_dir(path: Path) -> Path:
    """The data directory, created when missing (private: mode 0700, as the default one), after
    checking files can be written in it."""
    try:
        path.mkdir(mode=0o700, parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=path, prefix=".write-check-"):
            pass
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise ServeError(f"--data-dir: cannot write to {path}: {reason}") from None
    return path.resolve()


def check_port(host: str, port: int) -> None:
    """Refuse a port outside 1-65535, or one something else already listens on."""
    if not 0 < port < 65536:
        raise ServeError(f"--port: expected a port from 1 to 65535, got {port}")
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror:
        raise ServeError(f"--host: unknown host {host!r}") from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise ServeError(
                    f"--port: {host}:{port} is in use; stop what runs there or choose "
                    "another with --port"
                ) from None
            raise ServeError(f"--host: cannot listen on {host}:{port}: {exc.strerror}") from None


def allowed_hosts(host: str) -> str:
    """The host names the site answers to when bound to `host`."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if address.is_unspecified:
        return "*"  # every interface: reached by whatever name or address the LAN uses
    if address.is_loopback:
        return "127.0.0.1,localhost,[::1]"
    return host


def address_to_open(host: str, port: int) -> str:
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return f"http://{host}:{port}/"
    if address.is_unspecified:
        return f"http://127.0.0.1:{port}/"
    return f"http://[{host}]:{port}/" if address.version == 6 else f"http://{host}:{port}/"


def _configure(data_dir: Path, host: str) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", SETTINGS)
    os.environ["TABLERANK_DATA_DIR"] = str(data_dir)
    os.environ.setdefault("TABLERANK_STATIC_ROOT", str(data_dir / "static"))
    os.environ.setdefault("TABLERANK_INSECURE_HTTP", "true")
    os.environ.setdefault("TABLERANK_ALLOWED_HOSTS", allowed_hosts(host))


def _prepare(demo: bool) -> str:
    """Set Django up, migrate, collect static files, load the demo; the sign-in hint."""
    try:
        import django
        from django.core.exceptions import ImproperlyConfigured
        from django.core.management import call_command
    except ImportError:
        raise ServeError(
            "the web site needs Django: install the league extra (pip install 'tablerank[league]')"
        ) from None
    try:
        django.setup()
    except ImproperlyConfigured as exc:
        raise ServeError(f"settings: {exc}") from None
    from django.db import DatabaseError, connections

    try:
        call_command("migrate", interactive=False, verbosity=0)
        call_command("collectstatic", interactive=False, verbosity=0)
        hint = ""
        if demo:
            from tablerank.web import demo as demo_league

            demo_league.load()
            hint = f" — sign in as {demo_league.SIGN_IN_AS} / {demo_league.PASSWORD}"
    except DatabaseError as exc:
        raise ServeError(f"database: {str(exc).strip().splitlines()[0]}") from None

    connections.close_all()  # the workers fork from this process: no shared connection
    return hint


def _serve(host: str, port: int, message: str) -> None:
    try:
        from gunicorn.app.base import BaseApplication  # type: ignore[import-untyped]
    except ImportError:
        raise ServeError(
            "the web site needs gunicorn: install the league extra "
            "(pip install 'tablerank[league]')"
        ) from None
    from tablerank.server.wsgi import application

    def when_ready(server: "Arbiter") -> None:
        del server
        typer.echo(message)

    options = gunicorn_options(host, port) | {"when_ready": when_ready}

    class Site(BaseApplication):  # type: ignore[misc]  # gunicorn ships no type hints
        def load_config(self) -> None:
            for key, value in options.items():
                self.cfg.set(key, value)

        def load(self) -> Any:
            return application

    Site().run()


def register(app: typer.Typer) -> None:
    @app.command()
    def serve(
        demo: Annotated[
            bool, typer.Option("--demo", help="Fill a demo league once (kept on later starts).")
        ] = False,
        host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
        port: Annotated[int, typer.Option("--port", help="Port to listen on.")] = 8000,
        data_dir: Annotated[
            Path,
            typer.Option(
                "--data-dir", help="Database, secret key and static files (created when missing)."
            ),
        ] = DEFAULT_DATA_DIR,
    ) -> None:
        """Run the league's web site on this machine (gunicorn, two workers)."""

        def work() -> None:
            folder = check_data_dir(data_dir)
            check_port(host, port)
            _configure(folder, host)
            hint = _prepare(demo)
            message = f"tablerank is running at {address_to_open(host, port)}{hint}"
            _serve(host, port, message)

        guarded(work)
