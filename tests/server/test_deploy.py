"""`python -m django check --deploy` reports no issues with the README's deployment settings
(issue 9, item 6): the variables are read from the README, so the docs cannot drift."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[2]
SECTION = "### Deploying on PostgreSQL with several workers"


def documented() -> dict[str, str]:
    """The TABLERANK_ variables the README's deploy section exports."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index(SECTION) :].split("\n## ", 1)[0]
    found: dict[str, str] = {}
    for line in section.splitlines():
        if line.startswith("$ export "):
            for word in line.split("#", 1)[0].split()[2:]:
                name, _, value = word.partition("=")
                found[name] = value
    return found


def deploy_check(env: dict[str, str], data: Path) -> subprocess.CompletedProcess[str]:
    # A deployment's environment: none of the test run's (the browser tests allow async-unsafe
    # calls, which the deploy check rightly refuses).
    clean = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("TABLERANK_") and k != "DJANGO_ALLOW_ASYNC_UNSAFE"
    }
    return subprocess.run(
        [sys.executable, "-m", "django", "check", "--deploy"],
        env=clean | {"DJANGO_SETTINGS_MODULE": "tablerank.server.settings"} | env,
        cwd=data,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_readme_documents_the_proxy_and_hsts_settings() -> None:
    assert {"TABLERANK_TLS_PROXY", "TABLERANK_HSTS_SECONDS", "TABLERANK_ALLOWED_HOSTS"} <= set(
        documented()
    )


def test_the_deploy_check_passes_with_the_documented_settings(tmp_path: Path) -> None:
    env = documented() | {
        # The README's placeholders: a real key, and a database this test can open.
        "TABLERANK_SECRET_KEY": secrets.token_urlsafe(48),
        "TABLERANK_DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        "TABLERANK_DATA_DIR": str(tmp_path),
    }
    result = deploy_check(env, tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "System check identified no issues (0 silenced).\n"


def test_without_the_proxy_settings_the_deploy_check_warns(tmp_path: Path) -> None:
    env = {"TABLERANK_DATA_DIR": str(tmp_path), "TABLERANK_ALLOWED_HOSTS": "example.org"}
    result = deploy_check(env, tmp_path)
    assert "security.W004" in result.stderr  # no HSTS
    assert "security.W008" in result.stderr  # no redirect to HTTPS


def settings_with(env: dict[str, str], tmp_path: Path, *names: str) -> list[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("TABLERANK_")}
    code = "import tablerank.server.settings as s; " + "; ".join(
        f"print(repr(getattr(s, {name!r}, None)))" for name in names
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        env=clean | {"TABLERANK_DATA_DIR": str(tmp_path)} | env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()


def test_behind_a_tls_proxy_the_forwarded_headers_are_trusted(tmp_path: Path) -> None:
    names = (
        "SECURE_PROXY_SSL_HEADER",
        "SECURE_SSL_REDIRECT",
        "AXES_IPWARE_META_PRECEDENCE_ORDER",
        "AXES_IPWARE_PROXY_COUNT",
    )
    # The throttle's address: the proxy's last X-Forwarded-For entry (tests/server/
    # test_proxy_throttle.py), else the connection's alone.
    assert settings_with({"TABLERANK_TLS_PROXY": "true"}, tmp_path, *names) == [
        "('HTTP_X_FORWARDED_PROTO', 'https')",
        "True",
        "('HTTP_X_FORWARDED_FOR',)",
        "0",
    ]
    assert settings_with({}, tmp_path, *names) == ["None", "False", "('REMOTE_ADDR',)", "None"]
    redirect_off = {"TABLERANK_TLS_PROXY": "true", "TABLERANK_SSL_REDIRECT": "false"}
    assert settings_with(redirect_off, tmp_path, "SECURE_SSL_REDIRECT") == ["False"]


def test_hsts_is_off_until_given_seconds(tmp_path: Path) -> None:
    names = ("SECURE_HSTS_SECONDS", "SECURE_HSTS_INCLUDE_SUBDOMAINS", "SECURE_HSTS_PRELOAD")
    assert settings_with({}, tmp_path, *names) == ["0", "False", "False"]
    on = {"TABLERANK_HSTS_SECONDS": "3600", "TABLERANK_HSTS_PRELOAD": "true"}
    assert settings_with(on, tmp_path, *names) == ["3600", "True", "True"]
