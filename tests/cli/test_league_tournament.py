"""`tablerank league tournament ...`: a Catan event run in the league from the shell, from
check-in to the final's winner, and the refusals of every step (exit 2, one line)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tablerank.league.models import EventRecord, League, Tournament
from tests.cli.conftest import Invoke

pytestmark = pytest.mark.django_db

NAMES = ["Ann", "Ben", "Cleo", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kai", "Lu", "Mo"]


def ok(invoke: Invoke, *args: str) -> str:
    result = invoke("league", "tournament", *args)
    assert result.exit_code == 0, result.output
    return result.stdout


def refused(invoke: Invoke, *args: str) -> str:
    result = invoke("league", "tournament", *args)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    return result.stderr


@pytest.fixture
def open_event(invoke: Invoke) -> str:
    assert invoke("league", "create", "club", "--name", "Club", "--admin", "olga").exit_code == 0
    League.objects.filter(slug="club").update(one_official_is_enough=True)
    ok(invoke, "create", "club", "--name", "Spring Open", "--rounds", "2", "--cut", "8",
       "--by", "olga")  # fmt: skip
    ok(invoke, "register", "club", "spring-open", *NAMES, "--by", "olga", "--checked-in")
    return "spring-open"


def seat(invoke: Invoke) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        ok(invoke, "seat", "club", "spring-open", "--by", "olga", "--format", "json")
    )
    seated: dict[str, Any] = data["rounds"][0]
    assert len(data["rounds"]) == 1
    return seated


def play(invoke: Invoke, seated: dict[str, Any]) -> None:
    """Every table's result: the last seat wins."""
    for table in seated["tables"]:
        seats = [f"--seat={p}={10 if p == table['seats'][-1] else 4 + i}"
                 for i, p in enumerate(table["seats"])]  # fmt: skip
        out = ok(invoke, "result", "club", "spring-open", "--round", str(seated["round"]),
                 "--table", str(table["table"]), *seats, "--winner", table["seats"][-1],
                 "--by", "olga")  # fmt: skip
        assert "confirmed" in out


def test_a_thirteen_player_event_from_check_in_to_the_final(
    invoke: Invoke, open_event: str
) -> None:
    one = seat(invoke)
    assert sorted(len(t["seats"]) for t in one["tables"]) == [3, 3, 3, 4]
    play(invoke, one)
    # one leaves the 4-player table: 12 left, and no one need meet an opponent again
    gone = next(t for t in one["tables"] if len(t["seats"]) == 4)["seats"][1]
    assert f"{gone} dropped after round 1" in ok(
        invoke, "drop", "club", open_event, gone, "--by", "olga"
    )
    two = seat(invoke)
    seated_two = [p for t in two["tables"] for p in t["seats"]]
    assert sorted(seated_two) == sorted(set(NAMES) - {gone})
    met = {frozenset(t["seats"]) for t in one["tables"]}
    assert all(len(set(t["seats"]) & set(m)) <= 1 for t in two["tables"] for m in met)
    play(invoke, two)
    standings = json.loads(ok(invoke, "standings", "club", open_event, "--format", "json"))
    assert len(standings["standings"]) == 13
    semis = seat(invoke)
    assert semis["round"] == 3
    assert [len(t["seats"]) for t in semis["tables"]] == [4, 4]
    top = [row["player"] for row in standings["standings"] if row["player"] != gone][:8]
    assert semis["tables"][0]["seats"] == [top[0], top[3], top[4], top[7]]  # the snake
    play(invoke, semis)
    final = seat(invoke)
    assert final["round"] == 4
    winners = [t["seats"][-1] for t in semis["tables"]]
    assert final["tables"][0]["seats"] == sorted(winners, key=top.index)  # in seed order
    play(invoke, final)
    assert "the tournament is over after round 4" in refused(
        invoke, "seat", "club", open_event, "--by", "olga"
    )
    assert "recorded" in ok(invoke, "finish", "club", open_event, "--by", "olga")
    closed = "Spring Open is finished: its order is recorded as event 'spring-open'"
    seats = [f"--seat={p}={10 if i == 0 else 5}" for i, p in enumerate(final["tables"][0]["seats"])]
    for step in (("result",), ("correct", "--why", "typo")):
        assert closed in refused(invoke, step[0], "club", open_event, "--round", "4", "--table",
                                 "1", *seats, *step[1:], "--by", "olga")  # fmt: skip
    assert closed in refused(invoke, "register", "club", open_event, "Zed", "--by", "olga")
    assert closed in refused(invoke, "drop", "club", open_event, NAMES[0], "--by", "olga")
    assert closed in refused(invoke, "check-in", "club", open_event, NAMES[0], "--by", "olga")
    event = EventRecord.objects.get(external_id="spring-open")
    places = {s.player.name: (s.place, s.completed) for s in event.standings.all()}
    assert places[final["tables"][0]["seats"][-1]] == (1, True)
    assert places[gone][1] is False
    tables = json.loads(ok(invoke, "tables", "club", open_event, "--round", "1", "-f", "json"))
    assert tables["rounds"][0] == one


def test_refusals_name_the_round_the_table_and_the_player(invoke: Invoke, open_event: str) -> None:
    assert "round 1 is not seated" in refused(
        invoke, "result", "club", open_event, "--round", "1", "--table", "1", "--seat", "Ann=10",
        "--by", "olga",
    )  # fmt: skip
    one = seat(invoke)
    table = one["tables"][0]
    first, *others = table["seats"]
    stranger = next(n for n in NAMES if n not in table["seats"])

    def enter(*seats: str) -> str:
        seat_options = [f"--seat={s}" for s in seats]
        return refused(invoke, "result", "club", open_event, "--round", "1", "--table", "1",
                       *seat_options, "--winner", first, "--by", "olga")  # fmt: skip

    where = "Spring Open, round 1, table 1"
    assert f"{where}: {stranger} is not seated at this table" in enter(
        f"{first}=10", *[f"{p}=5" for p in others[:-1]], f"{stranger}=4"
    )
    assert f"{where}: {first} is entered twice" in enter(f"{first}=10", f"{first}=9")
    assert f"{where}: no result for" in enter(f"{first}=10")
    assert "expected PLAYER=VP" in enter("Ann")
    assert "expected PLAYER=VP" in enter(f"{first}=²")  # a digit to str.isdigit, not to int
    assert "has no table 9 (tables 1, 2, 3, 4)" in refused(
        invoke, "result", "club", open_event, "--round", "1", "--table", "9", "--seat", "Ann=10",
        "--by", "olga",
    )  # fmt: skip
    assert "round 1, table 1 has no result yet" in refused(
        invoke, "seat", "club", open_event, "--by", "olga"
    )
    assert "Zed is not registered" in refused(
        invoke, "drop", "club", open_event, "Zed", "--by", "olga"
    )
    ok(invoke, "drop", "club", open_event, "Ann", "--by", "olga")
    assert "Ann dropped after round 1" in refused(
        invoke, "check-in", "club", open_event, "Ann", "--by", "olga"
    )
    assert "Ann is registered already" in refused(
        invoke, "register", "club", open_event, "Ann", "--by", "olga"
    )
    assert "players: is 101 characters long; at most 100 are allowed" in refused(
        invoke, "register", "club", open_event, "x" * 101, "--by", "olga"
    )
    assert "Zo\u00eb is given twice" in refused(
        invoke, "register", "club", open_event, "Zo\u00eb", "Zoe\u0308", "--by", "olga"
    )
    assert "has no tournament 'cup'" in refused(invoke, "standings", "club", "cup")
    assert "no confirmed result yet" in refused(invoke, "standings", "club", open_event)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--rounds", "0"), "rounds: expected 1 to 1000 rounds, got 0"),
        (("--rounds", "3", "--cut", "1"), "cut: expected 0 (no cut) or at least 2 players"),
        (("--rounds", "3", "--table-sizes", "3,x"), "sizes: expected sizes like 3,4"),
        (("--rounds", "3", "--table-sizes", "12"), "expected sizes from 2 to 8, got 12"),
        (("--rounds", "3", "--scoring", "golf"), "scoring: "),
        (("--rounds", "3", "--slug", "new"), "'new' is taken by the site's own pages"),
        (
            ("--rounds", "3", "--name", "x" * 101),
            "name: is 101 characters long; at most 100 are allowed",
        ),
    ],
)
def test_a_tournament_that_cannot_be_run_is_refused(
    invoke: Invoke, open_event: str, args: tuple[str, ...], message: str
) -> None:
    assert message in refused(invoke, "create", "club", "--name", "Cup", *args, "--by", "olga")


def test_only_officials_and_admins_run_a_tournament(invoke: Invoke, open_event: str) -> None:
    assert (
        invoke("league", "grant", "club", "pat", "--role", "player", "--player", "Ann").exit_code
        == 0
    )
    for args in (
        ("create", "club", "--name", "Cup", "--rounds", "3"),
        ("register", "club", open_event, "Zoe"),
        ("check-in", "club", open_event, "Ann"),
        ("drop", "club", open_event, "Ben"),
        ("seat", "club", open_event),
        ("finish", "club", open_event),
    ):
        assert "'pat' is not an admin or official of league 'club'" in refused(
            invoke, *args, "--by", "pat"
        ), args
    assert "already has a tournament" in refused(
        invoke, "create", "club", "--name", "Spring Open", "--rounds", "1", "--by", "olga"
    )


def test_a_correction_after_a_round_recomputes_the_standings_and_reseats_nothing(
    invoke: Invoke, open_event: str
) -> None:
    one = seat(invoke)
    play(invoke, one)
    two = seat(invoke)
    table = one["tables"][0]
    old_winner, new_winner = table["seats"][-1], table["seats"][0]
    before = json.loads(ok(invoke, "standings", "club", open_event, "-f", "json"))["standings"]
    assert next(r for r in before if r["player"] == old_winner)["wins"] == 1
    seats = [f"--seat={p}={10 if p == new_winner else 5}" for p in table["seats"]]
    out = ok(invoke, "correct", "club", open_event, "--round", "1", "--table", "1", *seats,
             "--winner", new_winner, "--why", "wrong winner", "--by", "olga")  # fmt: skip
    assert "spring-open-r1-t1: corrected" in out
    after = json.loads(ok(invoke, "standings", "club", open_event, "-f", "json"))["standings"]
    assert next(r for r in after if r["player"] == old_winner)["wins"] == 0
    assert next(r for r in after if r["player"] == new_winner)["wins"] == 1
    again = json.loads(ok(invoke, "tables", "club", open_event, "--round", "2", "-f", "json"))
    assert again["rounds"][0] == two
    assert "has no result to correct" in refused(
        invoke, "correct", "club", open_event, "--round", "2", "--table", "1", *seats,
        "--why", "x", "--by", "olga",
    )  # fmt: skip
    assert "'pat' is not an admin or official" in refused(
        invoke, "correct", "club", open_event, "--round", "1", "--table", "1", *seats,
        "--why", "x", "--by", "pat",
    )  # fmt: skip


@pytest.mark.parametrize("slug", ["dot.cup", "space cup", "ümlaut", "a/b", "-cup", "x" * 41])
def test_an_address_the_site_or_a_game_id_cannot_hold_is_refused(invoke: Invoke, slug: str) -> None:
    """Every table's result is a game whose id is the address and the table: the address
    must make valid ids of 64 characters at most, and be one the site's URLs take."""
    assert invoke("league", "create", "club", "--name", "Club", "--admin", "olga").exit_code == 0
    message = refused(invoke, "create", "club", "--name", "Cup", "--slug", slug, "--rounds", "2",
                      "--by", "olga")  # fmt: skip
    assert "slug: expected up to 40 letters, digits, '-' or '_'" in message


def test_a_long_name_makes_an_address_short_enough_for_its_tables(invoke: Invoke) -> None:
    assert invoke("league", "create", "club", "--name", "Club", "--admin", "olga").exit_code == 0
    League.objects.filter(slug="club").update(one_official_is_enough=True)
    name = "The Very Long Annual Catan Championship Of The Rhine Valley Clubs 2026"
    out = ok(invoke, "create", "club", "--name", name, "--rounds", "1", "--by", "olga")
    assert "the-very-long-annual-catan-championship" in out
    ok(invoke, "register", "club", "the-very-long-annual-catan-championship", *NAMES[:4],
       "--by", "olga", "--checked-in")  # fmt: skip
    ok(invoke, "seat", "club", "the-very-long-annual-catan-championship", "--by", "olga")
    seats = [f"--seat={p}={10 if i == 0 else 5}" for i, p in enumerate(NAMES[:4])]
    out = ok(invoke, "result", "club", "the-very-long-annual-catan-championship", "--round", "1",
             "--table", "1", *seats, "--winner", NAMES[0], "--by", "olga")  # fmt: skip
    assert "confirmed" in out


def test_a_game_of_the_event_whose_id_is_no_tables_leaves_the_tournament_working(
    invoke: Invoke, open_event: str, tmp_path: Any
) -> None:
    """A game recorded some other way with the event, the round and an id that starts like a
    table's is no table's result (it broke every step of the tournament with a ValueError)."""
    seated = seat(invoke)
    seats = [{"player": "Ann", "vp": 10, "winner": True}, {"player": "Ben", "vp": 5},
             {"player": "Cleo", "vp": 4}]  # fmt: skip
    stray = {"id": f"{open_event}-r1-tx", "date": "2026-05-02", "event": "Spring Open",
             "round": 1, "seats": seats}  # fmt: skip
    path = tmp_path / "stray.jsonl"
    path.write_text(json.dumps(stray) + "\n", encoding="utf-8")
    imported = invoke("league", "import", "club", str(path), "--as", "olga")
    assert imported.exit_code == 0, imported.output
    play(invoke, seated)
    standings = ok(invoke, "standings", "club", open_event)
    assert "Traceback" not in standings


def test_a_tables_id_is_recorded_and_corrected_through_the_tournament_only(
    invoke: Invoke, open_event: str, tmp_path: Any
) -> None:
    seated = seat(invoke)
    table = seated["tables"][0]
    seats = [{"player": p, "vp": 10 if i == 0 else 5, **({"winner": True} if i == 0 else {})}
             for i, p in enumerate(table["seats"])]  # fmt: skip
    game = {"id": f"{open_event}-r1-t1", "date": "2026-05-02", "event": "Spring Open",
            "round": 1, "seats": seats}  # fmt: skip
    path = tmp_path / "table.jsonl"
    path.write_text(json.dumps(game) + "\n", encoding="utf-8")
    refusal = "'spring-open-r1-t1' is a table of tournament 'spring-open': enter its result there"
    imported = invoke("league", "import", "club", str(path), "--as", "olga")
    assert imported.exit_code == 1
    assert refusal in imported.stdout
    play(invoke, seated)  # the table's result, through the tournament
    corrected = invoke("league", "correct", "club", f"{open_event}-r1-t1", str(path),
                       "--why", "typo", "--by", "olga")  # fmt: skip
    assert corrected.exit_code == 2
    assert refusal in corrected.stderr


def test_a_cut_of_four_won_by_the_fourth_seed_puts_them_first(invoke: Invoke) -> None:
    """13 players, three Swiss rounds, a cut of 4 straight to the final, won by the 4th seed:
    first in `standings` and in what `finish` prints and records."""
    assert invoke("league", "create", "club", "--name", "Club", "--admin", "olga").exit_code == 0
    ok(invoke, "create", "club", "--name", "Spring Open", "--rounds", "3", "--cut", "4",
       "--by", "olga")  # fmt: skip
    ok(invoke, "register", "club", "spring-open", *NAMES, "--by", "olga", "--checked-in")
    for _ in range(3):
        play(invoke, seat(invoke))
    swiss = json.loads(ok(invoke, "standings", "club", "spring-open", "--format", "json"))
    final = seat(invoke)
    seeds = [row["player"] for row in swiss["standings"][:4]]
    assert final["tables"][0]["seats"] == seeds
    play(invoke, final)  # the last seat, the 4th seed, wins
    standings = json.loads(ok(invoke, "standings", "club", "spring-open", "--format", "json"))
    assert standings["standings"][0]["player"] == seeds[3]
    assert standings["standings"][1]["separated_by"] == "final"
    printed = ok(invoke, "finish", "club", "spring-open", "--by", "olga").splitlines()
    assert printed[0] == "event 'spring-open' recorded"
    assert printed[1].split() == ["1", seeds[3]]
    assert [line.split(maxsplit=1)[1] for line in printed[1:]] == [
        row["player"] for row in standings["standings"]
    ]
    event = EventRecord.objects.get(external_id="spring-open")
    assert event.standings.get(place=1).player.name == seeds[3]


def test_a_tournament_by_preset(invoke: Invoke) -> None:
    assert invoke("league", "create", "club", "--name", "Club", "--admin", "olga").exit_code == 0
    out = ok(invoke, "create", "club", "--name", "Qualifier", "--preset", "catan-official",
             "--by", "olga")  # fmt: skip
    assert "Official CATAN format by attendance: 3 preliminary games" in out
    large = ok(invoke, "create", "club", "--name", "Regional", "--preset", "catan-us-qualifier",
               "--rounds", "5", "--by", "olga")  # fmt: skip
    assert "without a win after game 3 drop" in large
    ok(invoke, "register", "club", "qualifier", "Ann", "Ben", "--by", "olga")
    ok(invoke, "create", "club", "--name", "Friends", "--rounds", "3", "--keep-apart", "ann, BEN",
       "--by", "olga")  # fmt: skip
    assert Tournament.objects.get(slug="friends").keep_apart == "Ann, Ben"
    assert "unknown preset 'official'; expected one of: catan-official" in refused(
        invoke, "create", "club", "--name", "Cup", "--preset", "official", "--by", "olga"
    )
    assert "line 2: 'Zed' is neither an entrant nor a player of league 'club'" in refused(
        invoke, "create", "club", "--name", "Cup", "--rounds", "3", "--keep-apart", "Ann, Ben",
        "--keep-apart", "Ann, Zed", "--by", "olga",
    )  # fmt: skip


def test_check_in_everyone_keep_apart_and_confirm(invoke: Invoke, open_event: str) -> None:
    from django.contrib.auth.models import User

    ok(invoke, "register", "club", open_event, "Nia", "Olli", "--by", "olga")
    assert ok(invoke, "check-in-everyone", "club", open_event, "--by", "olga") == "2 checked in\n"
    assert ok(invoke, "check-in-everyone", "club", open_event, "--by", "olga") == "0 checked in\n"
    kept = ok(invoke, "keep-apart", "club", open_event, "ann, ben", "Cleo, Dan", "--by", "olga")
    assert kept == "kept apart: Ann, Ben; Cleo, Dan\n"
    said = refused(invoke, "keep-apart", "club", open_event, "Ann, Zed", "--by", "olga")
    assert "line 1: 'Zed' is neither an entrant nor a player" in said
    seated = seat(invoke)
    for group in ({"Ann", "Ben"}, {"Cleo", "Dan"}):
        assert all(len(group & set(t["seats"])) <= 1 for t in seated["tables"])
    assert "round 1, table 1 has no result yet" in refused(
        invoke, "confirm", "club", open_event, "--round", "1", "--table", "1", "--by", "olga"
    )
    User.objects.create_user("zed")
    assert "not" in refused(invoke, "confirm", "club", open_event, "--round", "1", "--by", "zed")
    play(invoke, seated)  # the organizer's word: nothing waits
    assert ok(invoke, "confirm", "club", open_event, "--round", "1", "--by", "olga") == (
        "nothing waited\n"
    )
