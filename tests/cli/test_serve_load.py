"""`tablerank serve` on its SQLite file holds a club night (issue 9, item 4): many clients write
at once with no server error, the ratings equal a replay, and the sign-in throttle counts every
concurrent wrong guess."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from .serve_load import GUESSED, PASSWORD, Site, call, drive, on_site, served

PLAYERS = 16
ROUNDS = 2
GUESSES = 64
FAILURE_LIMIT = 5  # django-axes' limit in the site's default settings (docs/accounts.md)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Site, Path]]:
    """A league of PLAYERS players with accounts in a data dir, served by `tablerank serve`
    (gunicorn, two workers); the running site and the data dir."""
    data = tmp_path_factory.mktemp("serve-load") / "data"
    data.mkdir()
    on_site("setup", data, str(PLAYERS))
    with served(data) as running:
        yield running, data


def stored(data: Path) -> dict[str, dict[str, int]]:
    """Games per status and counted sign-in failures, after checking ratings equal a replay."""
    summary: dict[str, dict[str, int]] = json.loads(on_site("check", data))
    return summary


def test_sixteen_players_submit_and_confirm_at_once_without_a_server_error(
    site: tuple[Site, Path],
) -> None:
    running, data = site
    night = drive(running.base, PLAYERS, ROUNDS)
    if night.server_errors:  # what the server logged says why
        pytest.fail(f"{night.server_errors}\nthe server's log:\n{running.stop()[-6000:]}")
    assert night.statuses("POST", "/api/tokens") == {201: PLAYERS}
    assert night.statuses("POST", "/games") == {201: PLAYERS * ROUNDS}
    assert night.statuses("POST", "/confirm") == {200: PLAYERS * ROUNDS * 2}
    assert stored(data)["games"] == {"confirmed": PLAYERS * ROUNDS}


def test_concurrent_wrong_guesses_are_all_counted_and_locked_out(site: tuple[Site, Path]) -> None:
    running, data = site
    base = running.base

    def guess(number: int) -> int:
        body = {"username": GUESSED, "password": f"guess {number}"}
        return call(base, "/api/tokens", body)[0]

    with ThreadPoolExecutor(max_workers=GUESSES) as pool:
        statuses = Counter(pool.map(guess, range(GUESSES)))
    # Each 401 is a password checked while the count was below the limit; every failure is
    # counted, so no more than the limit's worth get through, and the rest are refused.
    assert set(statuses) <= {401, 429}, statuses
    assert 0 < statuses[401] <= FAILURE_LIMIT - 1
    assert stored(data)["failures"][GUESSED] == GUESSES
    # The right password is refused now: the pair is locked.
    right = call(base, "/api/tokens", {"username": GUESSED, "password": PASSWORD})
    assert right[0] == 429
