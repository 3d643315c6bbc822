from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from tablerank.server.settings import (
    SQLITE_PRAGMAS,
    database_from_url,
    default_database_url,
    envbool,
    log_level,
    sqlite_options,
)


def test_an_sqlite_url_names_a_file_opened_to_queue_writers() -> None:
    assert database_from_url("sqlite:////srv/league/db.sqlite3") == {
        "ENGINE": "tablerank.server.sqlite",
        "NAME": "/srv/league/db.sqlite3",
        "OPTIONS": {
            "transaction_mode": "IMMEDIATE",
            "timeout": 20.0,
            "init_command": SQLITE_PRAGMAS,
        },
    }
    assert database_from_url("sqlite:///league.db")["NAME"] == "league.db"


def test_the_sqlite_busy_timeout_comes_from_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("TABLERANK_SQLITE_TIMEOUT", "2.5")
    assert sqlite_options()["timeout"] == 2.5


@pytest.mark.parametrize("value", ["soon", "-1", "inf", "nan"])
def test_a_bad_sqlite_timeout_is_a_configuration_error(
    monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    monkeypatch.setenv("TABLERANK_SQLITE_TIMEOUT", value)
    with pytest.raises(ImproperlyConfigured, match="TABLERANK_SQLITE_TIMEOUT: expected a number"):
        sqlite_options()


def test_the_log_level_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TABLERANK_LOG_LEVEL", raising=False)
    assert log_level() == "ERROR"
    monkeypatch.setenv("TABLERANK_LOG_LEVEL", "warning")
    assert log_level() == "WARNING"
    monkeypatch.setenv("TABLERANK_LOG_LEVEL", "loud")
    with pytest.raises(ImproperlyConfigured, match="TABLERANK_LOG_LEVEL: expected DEBUG"):
        log_level()


def test_a_postgres_url_selects_postgresql() -> None:
    assert database_from_url("postgres://club:p%40ss@db.local:5433/tablerank") == {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": "tablerank",
        "USER": "club",
        "PASSWORD": "p@ss",
        "HOST": "db.local",
        "PORT": "5433",
    }
    assert database_from_url("postgresql://localhost/t")["ENGINE"].endswith("postgresql")


@pytest.mark.parametrize("url", ["mysql://localhost/t", "postgres://localhost/", "sqlite://"])
def test_an_unusable_url_is_a_configuration_error(url: str) -> None:
    with pytest.raises(ImproperlyConfigured, match="TABLERANK_DATABASE_URL"):
        database_from_url(url)


def test_the_default_database_is_a_file_in_the_data_dir(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("TABLERANK_DATA_DIR", str(tmp_path))
    assert default_database_url() == f"sqlite:///{tmp_path / 'tablerank.sqlite3'}"
    monkeypatch.delenv("TABLERANK_DATA_DIR")
    monkeypatch.chdir(tmp_path)
    default = tmp_path / "tablerank-data" / "tablerank.sqlite3"
    assert database_from_url(default_database_url())["NAME"] == str(default)
    assert not default.parent.exists()  # created when first written, not when read


def test_a_missing_data_dir_is_a_configuration_error(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("TABLERANK_DATA_DIR", str(tmp_path / "missing"))
    with pytest.raises(ImproperlyConfigured, match="TABLERANK_DATA_DIR"):
        default_database_url()


def test_a_flag_is_true_or_false(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLERANK_DEBUG", "yes")
    assert envbool("TABLERANK_DEBUG", default=False) is True
    monkeypatch.setenv("TABLERANK_DEBUG", "maybe")
    with pytest.raises(ImproperlyConfigured, match="TABLERANK_DEBUG"):
        envbool("TABLERANK_DEBUG", default=False)


@pytest.mark.parametrize(
    ("name", "value"),
    [("TABLERANK_LOGIN_FAILURES", "five"), ("TABLERANK_LOGIN_FAILURES", "0"),
     ("TABLERANK_LOGIN_LOCK_MINUTES", "15m"), ("TABLERANK_READ_CACHE_ENTRIES", "1k"),
     ("TABLERANK_READ_CACHE_ENTRIES", "9" * 5000), ("TABLERANK_EMAIL_PORT", "smtp"),
     ("TABLERANK_EMAIL_PORT", "70000"), ("TABLERANK_TOKEN_DAYS", "0"),
     ("TABLERANK_TOKEN_DAYS", "90d")],
)  # fmt: skip
def test_a_number_from_the_environment_is_refused_by_name(
    tmp_path: Path, name: str, value: str
) -> None:
    """A bad number stops the settings with the variable's name, as a bad flag does (the
    command line says it and exits 2), not with Python's ValueError."""
    done = settings_in({name: value, "TABLERANK_EMAIL_HOST": "smtp.example"}, tmp_path)
    assert done.returncode != 0
    assert f"ImproperlyConfigured: {name}: expected a whole number" in done.stderr


def test_numbers_from_the_environment_are_read(tmp_path: Path) -> None:
    env = {"TABLERANK_LOGIN_FAILURES": "3", "TABLERANK_EMAIL_PORT": "2525",
           "TABLERANK_EMAIL_HOST": "smtp.example", "TABLERANK_TOKEN_DAYS": "30"}  # fmt: skip
    code = ("import tablerank.server.settings as s; "
            "print(s.AXES_FAILURE_LIMIT, s.EMAIL_PORT, s.TABLERANK_TOKEN_DAYS)")  # fmt: skip
    clean = {k: v for k, v in os.environ.items() if not k.startswith("TABLERANK_")}
    done = subprocess.run([sys.executable, "-c", code], env=clean | env, cwd=tmp_path,
                          capture_output=True, text=True, check=False)  # fmt: skip
    assert done.stdout.split() == ["3", "2525", "30"], done.stderr


def settings_in(env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("TABLERANK_")}
    code = "import tablerank.server.settings as s; print(s.SECRET_KEY)"
    return subprocess.run(
        [sys.executable, "-c", code],
        env=clean | env,
        cwd=cwd,
        capture_output=True,
        text=True,
        check=False,
    )


def test_the_secret_key_comes_from_the_environment(tmp_path: Path) -> None:
    assert settings_in({"TABLERANK_SECRET_KEY": "s3cret"}, tmp_path).stdout.strip() == "s3cret"
    assert not (tmp_path / "secret_key").exists()


def test_without_a_secret_key_one_is_generated_once_and_kept_private(tmp_path: Path) -> None:
    env = {"TABLERANK_DATA_DIR": str(tmp_path)}
    first = settings_in(env, tmp_path).stdout.strip()
    assert len(first) >= 50
    assert settings_in(env, tmp_path).stdout.strip() == first
    assert (tmp_path / "secret_key").stat().st_mode & 0o777 == 0o600


def test_an_empty_key_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "secret_key").write_text("\n")
    refused = settings_in({"TABLERANK_DATA_DIR": str(tmp_path)}, tmp_path)
    assert refused.returncode != 0
    assert "secret_key is empty" in refused.stderr


def test_without_a_data_dir_the_key_goes_to_tablerank_data_in_the_working_directory(
    tmp_path: Path,
) -> None:
    assert settings_in({}, tmp_path).returncode == 0
    folder = tmp_path / "tablerank-data"
    assert folder.stat().st_mode & 0o777 == 0o700
    assert (folder / "secret_key").stat().st_mode & 0o777 == 0o600
