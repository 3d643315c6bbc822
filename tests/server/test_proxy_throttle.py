"""Behind a TLS proxy the sign-in throttle counts the client, not the proxy (issue 39, item 4).

`tablerank serve` runs with TABLERANK_TLS_PROXY=true, and each request carries the headers one
proxy sets: X-Forwarded-Proto and an X-Forwarded-For ending with the client's address as the
proxy saw it, after whatever the client sent itself. An attacker who guesses an account's
password from one address is locked out there, on the API and on the site, however they vary
the addresses they put in front; the owner, at another address, still signs in.
"""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from email.message import Message
from typing import Any

import pytest

from tests.cli.serve_load import PASSWORD, Site, on_site, served, username

ATTACKER = "81.2.69.142"
OWNER = "81.2.69.160"
FAILURE_LIMIT = 5  # django-axes' limit in the site's default settings (docs/accounts.md)
VICTIM = username(0)


class KeepRedirects(urllib.request.HTTPRedirectHandler):
    """Answers a redirect as it is (a signed-in 302), instead of following it."""

    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


OPENER = urllib.request.build_opener(KeepRedirects)


def send(
    site: Site, path: str, client: str, data: bytes | None = None, **headers: str
) -> tuple[int, str, Message]:
    """A request as the proxy passes it on for `client`, who sent an X-Forwarded-For of
    their own (`spoofed`, when given); the status, the body and the headers."""
    spoofed = headers.pop("spoofed", "")
    forwarded = f"{spoofed}, {client}" if spoofed else client
    request = urllib.request.Request(
        site.base + path,
        data=data,
        headers={"X-Forwarded-For": forwarded, "X-Forwarded-Proto": "https", **headers},
    )
    try:
        with OPENER.open(request, timeout=60) as answer:
            return answer.status, answer.read().decode(), answer.headers
    except urllib.error.HTTPError as error:
        with error:
            return error.code, error.read().decode(), error.headers


def token(site: Site, client: str, password: str, spoofed: str = "") -> int:
    """`POST /api/tokens` for the victim's username from `client`; the status."""
    body = json.dumps({"username": VICTIM, "password": password}).encode()
    headers = {"Content-Type": "application/json", "spoofed": spoofed}
    return send(site, "/api/tokens", client, body, **headers)[0]


def sign_in(site: Site, client: str, password: str) -> tuple[int, str]:
    """The site's sign-in form for the victim's username from `client`, with its CSRF
    cookie and token; the status and the page."""
    status, page, headers = send(site, "/accounts/login/", client)
    assert status == 200, page[:500]
    form_token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    cookie = re.search(r"csrftoken=([^;]+)", headers.get("Set-Cookie", ""))
    assert form_token
    assert cookie
    data = {"csrfmiddlewaretoken": form_token.group(1), "username": VICTIM, "password": password}
    status, page, _ = send(
        site,
        "/accounts/login/",
        client,
        urllib.parse.urlencode(data).encode(),
        Cookie=f"csrftoken={cookie.group(1)}",
        Referer=f"https://{site.base.removeprefix('http://')}/accounts/login/",
    )
    return status, page


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    data = tmp_path_factory.mktemp("proxy-throttle") / "data"
    data.mkdir()
    on_site("setup", data, "1")
    with served(data, TABLERANK_TLS_PROXY="true") as running:
        yield running


def test_guesses_lock_out_their_address_only_not_the_owner_elsewhere(site: Site) -> None:
    # Each guess puts other addresses in front; the proxy's last entry is what counts.
    guesses = [
        token(site, ATTACKER, "wrong", spoofed=f"10.9.8.{n}, {OWNER}") for n in range(FAILURE_LIMIT)
    ]
    assert guesses == [401] * (FAILURE_LIMIT - 1) + [429]
    # Locked at that address, even with the right password, on the API and on the site.
    assert token(site, ATTACKER, PASSWORD) == 429
    assert token(site, ATTACKER, PASSWORD, spoofed=OWNER) == 429
    status, page = sign_in(site, ATTACKER, PASSWORD)
    assert status == 429
    assert "Too many sign-in attempts" in page
    # The owner, at another address, signs in on both doors.
    assert token(site, OWNER, PASSWORD, spoofed=ATTACKER) == 201
    status, page = sign_in(site, OWNER, PASSWORD)
    assert status == 302, page[:500]
