"""`/api/leagues/{slug}/tournaments`: a Catan event through the API, and every door's refusals:
organizers run it, players enter their own table's result, outsiders of a private league see
nothing."""

from __future__ import annotations

from typing import Any

import pytest

from tablerank.league.models import League
from tests.api.conftest import Call, Club

pytestmark = pytest.mark.django_db

BASE = "/api/leagues/bonn/tournaments"
NAMES = ["Ann", "Ben", "Cleo", "Dora", "Eve", "Fay", "Gus", "Hal"]


@pytest.fixture
def event(call: Call, club: Club) -> str:
    made = call("POST", BASE, club.admin, {"name": "Spring Open", "rounds": 1, "cut": 4})
    assert made.status == 201, made.body
    assert made.body["slug"] == "spring-open"
    entered = call("POST", f"{BASE}/spring-open/entrants", club.official,
                   {"players": NAMES, "checked_in": True})  # fmt: skip
    assert entered.status == 201, entered.body
    assert [e["player"] for e in entered.body["entrants"]] == NAMES
    return f"{BASE}/spring-open"


def sheet(seats: list[str], winner: str) -> dict[str, Any]:
    return {"seats": [{"player": p, "vp": 10 if p == winner else 5, "winner": p == winner}
                      for p in seats]}  # fmt: skip


def test_an_event_through_the_api(call: Call, club: Club, event: str) -> None:
    one = call("POST", f"{event}/rounds", club.admin)
    assert one.status == 201, one.body
    assert [len(t["seats"]) for t in one.body["tables"]] == [4, 4]
    assert call("GET", f"{event}/rounds/1").body == one.body
    for table in one.body["tables"]:
        seats = table["seats"]
        entered = call("POST", f"{event}/rounds/1/tables/{table['table']}/result", club.official,
                       sheet(seats, seats[0]))  # fmt: skip
        assert entered.status == 201, entered.body
        assert entered.body["status"] == "confirmed"  # the organizer's word counts at once
    standings = call("GET", f"{event}/standings")
    assert standings.status == 200, standings.body
    winners = {t["seats"][0] for t in one.body["tables"]}
    assert {row["player"] for row in standings.body["standings"][:2]} == winners
    final = call("POST", f"{event}/rounds", club.admin)
    assert final.status == 201, final.body
    assert final.body["round"] == 2
    assert len(final.body["tables"]) == 1
    over = call("POST", f"{event}/rounds", club.admin)
    assert over.status == 422
    assert "round 1, table 1" not in over.body["error"]["message"]
    read = call("GET", event)
    assert read.body["round"] == 2


def test_a_player_enters_their_own_tables_result(call: Call, club: Club, event: str) -> None:
    one = call("POST", f"{event}/rounds", club.admin).body
    mine = next(t for t in one["tables"] if "Ann" in t["seats"])
    other = next(t for t in one["tables"] if "Ann" not in t["seats"])
    refused = call("POST", f"{event}/rounds/1/tables/{other['table']}/result",
                   club.user("Ann"), sheet(other["seats"], other["seats"][0]))  # fmt: skip
    assert refused.status == 403, refused.body
    entered = call("POST", f"{event}/rounds/1/tables/{mine['table']}/result",
                   club.user("Ann"), sheet(mine["seats"], mine["seats"][0]))  # fmt: skip
    assert entered.status == 201, entered.body
    again = call("POST", f"{event}/rounds/1/tables/{mine['table']}/result",
                 club.official, sheet(mine["seats"], mine["seats"][0]))  # fmt: skip
    assert again.status == 422
    assert "has a result already" in again.body["error"]["message"]


@pytest.mark.parametrize(
    ("path", "body", "status", "message"),
    [
        ("/rounds/1/tables/1/result", {"seats": [{"player": "Ann", "vp": 10}]}, 404,
         "round 1 is not seated"),
        ("/entrants/Zed/drop", None, 404, "Zed is not registered"),
        ("/entrants", {"players": ["Ann"]}, 422, "Ann is registered already"),
        ("/entrants", {"players": ["Zoe", "zoe"]}, 422, "Zoe and zoe name one player; give each"),
        ("/entrants", {"players": ["Zoe", "Zoe"]}, 422, "Zoe is given twice; give each player"),
        ("/entrants", {"players": ["Zo\u00eb", "Zoe\u0308"]}, 422,
         "Zo\u00eb is given twice; give each player"),
        ("/entrants", {"players": ["x" * 101]}, 422,
         "is 101 characters long; at most 100 are allowed"),
        ("/entrants", {"players": ["Zed\u0007"]}, 422,
         "is not valid text: a control character (U+0007) at character 4"),
        ("/finish", None, 422, "round 1 of 2 is to come"),
    ],
)  # fmt: skip
def test_refusals(
    call: Call, club: Club, event: str, path: str, body: Any, status: int, message: str
) -> None:
    answer = call("POST", f"{event}{path}", club.admin, body)
    assert answer.status == status, answer.body
    assert message in answer.body["error"]["message"]


def test_only_organizers_run_the_event(call: Call, club: Club, event: str) -> None:
    ann, outsider = club.user("Ann"), club.outsider
    for user in (ann, outsider):
        for method, path, body in [
            ("POST", BASE, {"name": "Cup", "rounds": 2}),
            ("POST", f"{event}/entrants", {"players": ["Zoe"]}),
            ("POST", f"{event}/entrants/Ben/check-in", None),
            ("POST", f"{event}/entrants/Ben/drop", None),
            ("POST", f"{event}/rounds", None),
        ]:
            answer = call(method, path, user, body)
            assert answer.status == 403, (user, path, answer.body)
    assert call("POST", f"{event}/rounds").status == 401


def test_a_private_leagues_tournaments_are_invisible_to_outsiders(
    call: Call, club: Club, private: League
) -> None:
    base = "/api/leagues/koeln/tournaments"
    made = call("POST", base, club.user("Ann"), {"name": "Cup", "rounds": 1})
    assert made.status == 201, made.body
    assert call("GET", f"{base}/cup", club.user("Ann")).status == 200
    for user in (None, club.outsider):
        for path in (base, f"{base}/cup", f"{base}/cup/rounds/1", f"{base}/cup/standings"):
            assert call("GET", path, user).status == 404, (user, path)
        assert call("POST", f"{base}/cup/rounds", user).status in (401, 404)


def test_unknown_tournaments_and_rounds_are_404(call: Call, club: Club, event: str) -> None:
    assert call("GET", f"{BASE}/cup").status == 404
    assert call("GET", f"{event}/rounds/3").status == 404
    assert call("GET", f"{event}/standings").status == 422


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"name": "Cup", "rounds": 0}, "rounds"),
        ({"name": "Cup", "rounds": 2, "cut": 1}, "cut"),
        ({"name": "Cup", "rounds": 2, "table_sizes": "3,x"}, "sizes"),
        ({"name": "Cup", "rounds": 2, "scoring": "golf"}, "scoring"),
    ],
)
def test_a_bad_tournament_is_a_422(call: Call, club: Club, body: Any, field: str) -> None:
    answer = call("POST", BASE, club.admin, body)
    assert answer.status == 422, answer.body
    assert field in answer.body["error"]["field"]


def test_an_organizer_corrects_a_tables_result(call: Call, club: Club, event: str) -> None:
    one = call("POST", f"{event}/rounds", club.admin).body
    seats = one["tables"][0]["seats"]
    path = f"{event}/rounds/1/tables/1"
    assert call("POST", f"{path}/correct", club.admin,
                {**sheet(seats, seats[0]), "why": "typo"}).status == 404  # fmt: skip
    assert call("POST", f"{path}/result", club.official, sheet(seats, seats[0])).status == 201
    fixed = {**sheet(seats, seats[1]), "why": "the winner was the second seat"}
    assert call("POST", f"{path}/correct", club.user("Ann"), fixed).status == 403
    corrected = call("POST", f"{path}/correct", club.admin, fixed)
    assert corrected.status == 201, corrected.body
    assert corrected.body["id"] == "spring-open-r1-t1"
    winner = next(s for s in corrected.body["record"]["seats"] if s.get("winner"))
    assert winner["player"] == seats[1]


def test_a_thirteen_player_qualifier_through_the_api(call: Call, club: Club) -> None:
    """The browser story's event through the API: 13 checked in, three Swiss rounds with a
    drop and a correction, the final of the top 4 won by the 4th seed, and the standings; the
    official's results count at once."""
    names = [*NAMES, "Ivo", "Jo", "Kai", "Lu", "Mo"]
    assert (
        call("POST", BASE, club.admin, {"name": "Qualifier", "rounds": 3, "cut": 4}).status == 201
    )
    event = f"{BASE}/qualifier"
    entered = call("POST", f"{event}/entrants", club.admin, {"players": names, "checked_in": True})
    assert entered.status == 201, entered.body

    def play(number: int, *, winner: int = 0) -> dict[str, Any]:
        seated: dict[str, Any] = call("POST", f"{event}/rounds", club.admin).body
        assert seated["round"] == number, seated
        for table in seated["tables"]:
            path = f"{event}/rounds/{number}/tables/{table['table']}/result"
            seats = table["seats"]
            answer = call("POST", path, club.official, sheet(seats, seats[winner]))
            assert answer.status == 201, answer.body
            assert answer.body["status"] == "confirmed"
        return seated

    one = play(1)
    assert sorted(len(t["seats"]) for t in one["tables"]) == [3, 3, 3, 4]
    gone = next(t for t in one["tables"] if len(t["seats"]) == 4)["seats"][1]
    assert call("POST", f"{event}/entrants/{gone}/drop", club.admin).status == 200
    two = play(2)
    assert gone not in {p for t in two["tables"] for p in t["seats"]}
    seats = two["tables"][0]["seats"]
    fixed = {**sheet(seats, seats[1]), "why": "the second seat won"}
    assert call("POST", f"{event}/rounds/2/tables/1/correct", club.admin, fixed).status == 201
    play(3)
    swiss = call("GET", f"{event}/standings").body["standings"]
    final = play(4, winner=3)  # the 4th seed wins the final
    assert len(final["tables"]) == 1
    assert len(final["tables"][0]["seats"]) == 4
    top = [r["player"] for r in swiss if r["player"] != gone][:4]
    assert final["tables"][0]["seats"] == top  # the top 4 of the Swiss rounds, in seed order
    fourth = top[3]
    standings = call("GET", f"{event}/standings").body["standings"]
    assert len(standings) == 13
    assert standings[0]["player"] == fourth  # not the best Swiss record, top[0]
    assert {r["player"] for r in standings[:4]} == set(top)
    assert [r["separated_by"] for r in standings[:5]] == [None, "final", "final", "final", "final"]
    assert call("POST", f"{event}/finish", club.user("Ann")).status == 403
    finished = call("POST", f"{event}/finish", club.admin)
    assert finished.status == 201, finished.body
    assert finished.body["event"] == "qualifier"
    assert len(finished.body["standings"]) == 13
    assert finished.body["standings"] == [r["player"] for r in standings]  # one order
    closed_after_finish(call, club, event, final["tables"][0]["seats"])
    read = call("GET", event).body
    assert read["round"] == 4
    dropped = next(e for e in read["entrants"] if e["player"] == gone)
    assert dropped["dropped_after"] == 1


def closed_after_finish(call: Call, club: Club, event: str, seats: list[str]) -> None:
    """After Finish, every step is refused, naming the recorded event."""
    again = call("POST", f"{event}/finish", club.admin)
    assert again.status == 409, again.body
    late = {**sheet(seats, seats[1]), "why": "a late claim"}
    for path, body in ((f"{event}/rounds/4/tables/1/correct", late),
                       (f"{event}/entrants", {"players": ["Zed"]}),
                       (f"{event}/rounds", None),
                       (f"{event}/rounds/4/confirm", None),
                       (f"{event}/entrants/{seats[0]}/drop", None),
                       (f"{event}/entrants/{seats[0]}/check-in", None)):  # fmt: skip
        closed = call("POST", path, club.admin, body)
        assert closed.status == 422, (path, closed.body)
        assert "Qualifier is finished: its order is recorded" in str(closed.body)


def test_a_tables_id_is_the_tournaments_to_record(call: Call, club: Club, event: str) -> None:
    """A member may not submit, nor an admin import, a game under a table's id: recorded that
    way it would stand in for the table's result and block the real one."""
    assert call("POST", f"{event}/rounds", club.admin).status == 201
    game = {"id": "spring-open-r1-t1", "date": "2026-05-02", "event": "Spring Open", "round": 1,
            "seats": [{"player": "Ann", "vp": 10, "winner": True}, {"player": "Ben", "vp": 5},
                      {"player": "Cleo", "vp": 4}]}  # fmt: skip
    refusal = "'spring-open-r1-t1' is a table of tournament 'spring-open': enter its result there"
    submitted = call("POST", "/api/leagues/bonn/games", club.user("Ann"), game)
    assert submitted.status == 422, submitted.body
    assert refusal in str(submitted.body)
    imported = call("POST", "/api/leagues/bonn/games/import", club.admin, {"games": [game]})
    assert imported.status == 200, imported.body
    assert imported.body["rejected"] == [{"id": "spring-open-r1-t1", "reason": refusal}]
    other = {**game, "id": "spring-open-r1-x"}  # no table's id: recorded like any game
    assert call("POST", "/api/leagues/bonn/games", club.user("Ann"), other).status == 201


def test_a_players_result_waits_and_an_organizer_confirms_the_round(
    call: Call, club: Club, event: str
) -> None:
    one = call("POST", f"{event}/rounds", club.admin).body
    mine = next(t for t in one["tables"] if "Ann" in t["seats"])
    path = f"{event}/rounds/1/tables/{mine['table']}/result"
    entered = call("POST", path, club.user("Ann"), sheet(mine["seats"], mine["seats"][0]))
    assert entered.status == 201, entered.body
    assert entered.body["status"] == "submitted"  # a player's entry waits for the table
    waiting = call("GET", f"{event}/rounds/1/waiting").body["waiting"]
    assert [w["table"] for w in waiting] == [t["table"] for t in one["tables"]]
    said = next(w["waits_for"] for w in waiting if w["table"] == mine["table"])
    assert all(p in said for p in mine["seats"] if p != "Ann")
    assert "no result entered yet" in str(waiting)
    for user in (club.user("Ann"), club.outsider):
        assert call("POST", f"{event}/rounds/1/confirm", user).status == 403
    assert call("POST", f"{event}/rounds/1/confirm").status == 401
    done = call("POST", f"{event}/rounds/1/confirm", club.official)
    assert done.status == 200, done.body
    assert done.body["confirmed"] == [entered.body["id"]]
    assert mine["table"] not in [w["table"] for w in done.body["waiting"]]
    game = call("GET", f"/api/leagues/bonn/games/{entered.body['id']}").body
    assert game["status"] == "confirmed"
    assert call("POST", f"{event}/rounds/9/confirm", club.official).status == 404


def test_a_private_leagues_round_is_not_found_by_outsiders(
    call: Call, club: Club, private: League
) -> None:
    base = "/api/leagues/koeln/tournaments"
    assert call("POST", base, club.user("Ann"), {"name": "Cup", "rounds": 1}).status == 201
    for path in (f"{base}/cup/rounds/1/confirm",):
        assert call("POST", path, club.outsider).status == 404
    assert call("GET", f"{base}/cup/rounds/1/waiting", club.outsider).status == 404


def test_a_tournament_by_preset(call: Call, club: Club) -> None:
    made = call("POST", BASE, club.admin, {"name": "Qualifier", "preset": "catan-official"})
    assert made.status == 201, made.body
    assert (made.body["rounds"], made.body["preset"], made.body["drops"]) == (
        3,
        "catan-official",
        None,
    )
    assert made.body["format"].startswith("Official CATAN format by attendance: 3 preliminary")
    call("POST", f"{BASE}/qualifier/entrants", club.official,
         {"players": [f"P{i}" for i in range(13)], "checked_in": True})  # fmt: skip
    read = call("GET", f"{BASE}/qualifier").body
    assert read["format"] == (
        "Official CATAN format by attendance: 13 players: 3 preliminary games, then the top 4 "
        "at the final"
    )
    apart = call("POST", BASE, club.admin, {"name": "Friends", "rounds": 3,
                                            "keep_apart": "p1, P2\nP3, P4, P5"})  # fmt: skip
    assert apart.status == 201, apart.body
    assert apart.body["keep_apart"] == [["P1", "P2"], ["P3", "P4", "P5"]]
    large = call("POST", BASE, club.admin, {"name": "Large", "preset": "catan-us-qualifier"})
    assert (large.body["rounds"], large.body["drop_winless_after"]) == (4, 3)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"preset": "official"}, "unknown preset 'official'; expected one of: catan-official"),
        ({"preset": "catan-official", "cut": 16}, "sets the cut by attendance"),
        ({"rounds": 3, "keep_apart": "Ann, Zed"}, "line 1: 'Zed' is neither an entrant nor"),
        ({}, "give the number of preliminary rounds, or choose a preset"),
    ],
)
def test_a_bad_preset_or_keep_apart_is_refused(
    call: Call, club: Club, body: dict[str, Any], message: str
) -> None:
    refused = call("POST", BASE, club.admin, {"name": "Cup", **body})
    assert refused.status == 422, refused.body
    assert message in refused.body["error"]["message"]
    player = call("POST", BASE, club.user("Ann"), {"name": "Cup", "preset": "catan-official"})
    assert player.status == 403
