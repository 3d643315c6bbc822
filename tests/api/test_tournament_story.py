"""A 30-player official CATAN qualifier through the API alone (issue 42): created by preset,
friends kept apart, everyone checked in, the round's clock, three Swiss rounds without a
repeated opponent, a player reporting their table and a tablemate signing it, the organizer's
word on the rest, a drop, a correction, the top 16 at semifinal tables, the final won by its
lowest seed, and that champion first in the standings and in the recorded event."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Any

import pytest

from tests.api.conftest import Call, Club

pytestmark = pytest.mark.django_db

BASE = "/api/leagues/bonn/tournaments"
EVENT = f"{BASE}/spring-qualifier"
PLAYERS = ["Ann", "Ben", "Cleo", "Dora", *[f"Player {n:02}" for n in range(5, 31)]]


def sheet(seats: list[str], winner: int = 0) -> dict[str, Any]:
    return {"seats": [{"player": p, "vp": 10 if i == winner else 4 + i % 5, "winner": i == winner}
                      for i, p in enumerate(seats)]}  # fmt: skip


def play(
    call: Call, club: Club, number: int, tables: list[dict[str, Any]], winner: int = 0
) -> None:
    for table in tables:
        path = f"{EVENT}/rounds/{number}/tables/{table['table']}/result"
        entered = call("POST", path, club.official, sheet(table["seats"], winner))
        assert entered.status == 201, entered.body
        assert entered.body["status"] == "confirmed"


def test_a_30_player_official_qualifier_through_the_api(call: Call, club: Club) -> None:
    made = call("POST", BASE, club.admin, {"name": "Spring Qualifier", "preset": "catan-official"})
    assert made.status == 201, made.body
    entered = call("POST", f"{EVENT}/entrants", club.official, {"players": PLAYERS})
    assert entered.status == 201, entered.body
    apart = call("POST", f"{EVENT}/keep-apart", club.official, {"keep_apart": "Ann, Ben"})
    assert apart.body["keep_apart"] == [["Ann", "Ben"]]
    checked = call("POST", f"{EVENT}/entrants/check-in", club.official).body
    assert sum(e["checked_in"] for e in checked["entrants"]) == 30
    assert "30 players" in checked["format"]

    met: Counter[tuple[str, str]] = Counter()
    for number in (1, 2, 3):
        seated = call("POST", f"{EVENT}/rounds", club.admin)
        assert seated.status == 201, seated.body
        tables = seated.body["tables"]
        expected = [3, 3, 4, 4, 4, 4, 4, 4] if number < 3 else [3, 3, 3, 4, 4, 4, 4, 4]  # a drop
        assert sorted(len(t["seats"]) for t in tables) == expected
        assert not any({"Ann", "Ben"} <= set(t["seats"]) for t in tables)
        met.update(pair for t in tables for pair in combinations(sorted(t["seats"]), 2))
        if number == 1:
            clock = call("POST", f"{EVENT}/clock/start", club.official, {"minutes": 90})
            assert clock.status == 200, clock.body
            assert call("GET", f"{EVENT}/clock").body["state"] == "running"
            mine = next(t for t in tables if "Ann" in t["seats"])
            reported_by_ann(call, club, mine)
            play(call, club, 1, [t for t in tables if t is not mine])
        else:
            play(call, club, number, tables)
        if number == 2:
            correct(call, club, tables[0])
            gone = call("POST", f"{EVENT}/entrants/Player 30/drop", club.official)
            assert gone.status == 200, gone.body
    assert max(met.values()) == 1  # no repeated opponent over the three rounds

    read = call("GET", EVENT).body
    assert read["cut"] == 16  # 30 checked in when round 1 was seated: top 16 to semifinals
    semis = call("POST", f"{EVENT}/rounds", club.admin).body["tables"]
    assert [len(t["seats"]) for t in semis] == [4, 4, 4, 4]
    assert "Player 30" not in {p for t in semis for p in t["seats"]}
    play(call, club, 4, semis, winner=3)  # each semifinal's lowest seed wins
    final = call("POST", f"{EVENT}/rounds", club.admin).body["tables"]
    assert len(final) == 1
    assert set(final[0]["seats"]) == {t["seats"][3] for t in semis}
    play(call, club, 5, final, winner=3)
    champion = final[0]["seats"][3]
    standings = call("GET", f"{EVENT}/standings").body["standings"]
    assert standings[0]["player"] == champion
    done = call("POST", f"{EVENT}/finish", club.admin)
    assert done.status == 201, done.body
    assert done.body["standings"][0] == champion  # the recorded event (Turnabout)


def reported_by_ann(call: Call, club: Club, table: dict[str, Any]) -> None:
    """Ann enters her table's result from her phone; a tablemate with an account signs it;
    the organizer's word confirms it if the league's rule wants more signatures."""
    path = f"{EVENT}/rounds/1/tables/{table['table']}"
    assert call("GET", path, club.user("Ann")).body["may_enter"] is True
    entered = call("POST", f"{path}/result", club.user("Ann"), sheet(table["seats"]))
    assert entered.status == 201, entered.body
    assert entered.body["status"] == "submitted"
    for mate in (p for p in table["seats"] if p in club.players and p != "Ann"):
        signed = call("POST", f"/api/leagues/bonn/games/{entered.body['id']}/confirm",
                      club.user(mate), {"player": mate})  # fmt: skip
        assert signed.status == 200, signed.body
    if call("GET", path).body["status"] != "confirmed":
        assert call("POST", f"{path}/confirm", club.official).status == 200
    assert call("GET", path).body["status"] == "confirmed"


def correct(call: Call, club: Club, table: dict[str, Any]) -> None:
    """The organizer corrects a table's result: it counts on their word at once."""
    path = f"{EVENT}/rounds/2/tables/{table['table']}/correct"
    fixed = call("POST", path, club.official, sheet(table["seats"], winner=1) | {"why": "VP"})
    assert fixed.status == 201, fixed.body
    assert fixed.body["status"] == "confirmed"
