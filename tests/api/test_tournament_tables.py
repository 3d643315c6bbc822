"""A table from a player's phone through the API (issue 42, item 8), and the organizer's
shortcuts: a table's state (seats in turn order, result, who still signs, whether the caller
may enter it), a tablemate's sign-off, the organizer's word on one table, checking in everyone;
every refusal through this door."""

from __future__ import annotations

from typing import Any

import pytest

from tablerank.league.models import League
from tests.api.conftest import Call, Club

pytestmark = pytest.mark.django_db

BASE = "/api/leagues/bonn/tournaments"
NAMES = ["Ann", "Ben", "Cleo", "Dora", "Eve", "Fay"]


@pytest.fixture
def event(call: Call, club: Club) -> str:
    assert call("POST", BASE, club.admin, {"name": "Cup", "rounds": 2}).status == 201
    entered = call("POST", f"{BASE}/cup/entrants", club.official, {"players": NAMES})
    assert entered.status == 201, entered.body
    return f"{BASE}/cup"


def sheet(seats: list[str]) -> dict[str, Any]:
    return {"seats": [{"player": p, "vp": 10 if i == 0 else 5, "winner": i == 0}
                      for i, p in enumerate(seats)]}  # fmt: skip


def test_check_in_everyone_then_a_table_signed_off(call: Call, club: Club, event: str) -> None:
    for user in (club.user("Ann"), club.outsider):
        assert call("POST", f"{event}/entrants/check-in", user).status == 403
    assert call("POST", f"{event}/entrants/check-in").status == 401
    checked = call("POST", f"{event}/entrants/check-in", club.official)
    assert checked.status == 200, checked.body
    assert all(e["checked_in"] for e in checked.body["entrants"])
    tables = call("POST", f"{event}/rounds", club.admin).body["tables"]
    mine = next(t for t in tables if "Ann" in t["seats"])
    path = f"{event}/rounds/1/tables/{mine['table']}"
    state = call("GET", path, club.user("Ann"))
    assert state.status == 200, state.body
    assert state.body == {"round": 1, "table": mine["table"], "seats": mine["seats"],
                          "result": None, "status": None, "waits_for": None,
                          "may_enter": True}  # fmt: skip
    assert call("GET", path).body["may_enter"] is False  # no token: reads only
    entered = call("POST", f"{path}/result", club.user("Ann"), sheet(mine["seats"]))
    assert entered.status == 201, entered.body
    state = call("GET", path, club.user("Ann")).body
    assert state["status"] == "submitted"
    assert state["may_enter"] is False
    assert all(p in state["waits_for"] for p in mine["seats"] if p != "Ann")
    mate = next((p for p in mine["seats"] if p in club.players and p != "Ann"), None)
    if mate is not None:  # a tablemate with an account signs from their own phone
        signed = call("POST", f"/api/leagues/bonn/games/{entered.body['id']}/confirm",
                      club.user(mate), {"player": mate})  # fmt: skip
        assert signed.status == 200, signed.body
        assert mate not in call("GET", path).body["waits_for"]


def test_the_organizers_word_on_one_table(call: Call, club: Club, event: str) -> None:
    call("POST", f"{event}/entrants/check-in", club.official)
    tables = call("POST", f"{event}/rounds", club.admin).body["tables"]
    mine = next(t for t in tables if "Ann" in t["seats"])
    other = next(t for t in tables if "Ann" not in t["seats"])
    path = f"{event}/rounds/1/tables/{mine['table']}"
    assert (
        call("POST", f"{event}/rounds/1/tables/{other['table']}/confirm", club.official).status
        == 422
    )  # fmt: skip  (no result yet)
    call("POST", f"{path}/result", club.user("Ann"), sheet(mine["seats"]))
    for user in (club.user("Ann"), club.outsider):
        assert call("POST", f"{path}/confirm", user).status == 403
    done = call("POST", f"{path}/confirm", club.official)
    assert done.status == 200, done.body
    assert done.body["status"] == "confirmed"
    again = call("POST", f"{path}/confirm", club.official)
    assert again.status == 422
    assert "confirmed already" in again.body["error"]["message"]
    assert call("GET", f"{event}/rounds/1/tables/9").status == 404
    assert call("GET", f"{event}/rounds/5/tables/1").status == 404
    assert call("POST", f"{event}/rounds/1/tables/9/confirm", club.official).status == 404


def test_a_private_leagues_tables_are_not_found_by_outsiders(
    call: Call, club: Club, private: League
) -> None:
    base = "/api/leagues/koeln/tournaments"
    assert call("POST", base, club.user("Ann"), {"name": "Cup", "rounds": 1}).status == 201
    doors: tuple[tuple[str, str, dict[str, str] | None], ...] = (
        ("GET", "cup/rounds/1/tables/1", None),
        ("POST", "cup/rounds/1/tables/1/confirm", None),
        ("POST", "cup/entrants/check-in", None),
        ("POST", "cup/keep-apart", {"keep_apart": "Ann, Ben"}),
    )
    for method, path, body in doors:
        assert call(method, f"{base}/{path}", club.outsider, body).status == 404


def test_friends_kept_apart_through_the_api(call: Call, club: Club, event: str) -> None:
    path = f"{event}/keep-apart"
    assert call("POST", path, club.user("Ann"), {"keep_apart": "Ann, Ben"}).status == 403
    bad = call("POST", path, club.official, {"keep_apart": "Ann, Ben\nCleo, Zoe"})
    assert bad.status == 422
    assert "line 2: 'Zoe' is neither an entrant nor a player" in bad.body["error"]["message"]
    done = call("POST", path, club.official, {"keep_apart": "ann, ben"})
    assert done.status == 200, done.body
    assert done.body["keep_apart"] == [["Ann", "Ben"]]
