"""`tablerank league ...` on pytest-django's test database (and one end-to-end run on a file)."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from typer.testing import Result

from tablerank.engine.history import select
from tablerank.engine.records import Game
from tablerank.engine.systems import get_system
from tablerank.formats.reading import read_records
from tablerank.formats.report import rating_table_json
from tablerank.league.models import GameRecord, League, Player, RecordStatus
from tests.cli.conftest import EXAMPLES, Invoke

pytestmark = pytest.mark.django_db

SEASON = EXAMPLES / "club-season.jsonl"


def write(path: Path, *games: dict[str, object]) -> Path:
    path.write_text("".join(json.dumps(g) + "\n" for g in games), encoding="utf-8")
    return path


def duel(game_id: str, winner_vp: int = 10) -> dict[str, object]:
    seats = [{"player": "Ann", "vp": winner_vp, "winner": True}, {"player": "Ben", "vp": 6}]
    return {"id": game_id, "date": "2026-03-14", "seats": seats}


def table(game_id: str) -> dict[str, object]:
    return {"id": game_id, "date": "2026-03-15", "city": "Bonn", "seats": [
        {"player": "Ann", "vp": 10, "winner": True}, {"player": "Ben", "vp": 6},
        {"player": "Cleo", "vp": 7, "sources": {"settlements": 3, "cities": 4}}]}  # fmt: skip


@pytest.fixture
def bonn(invoke: Invoke) -> str:
    result = invoke(
        "league",
        "create",
        "bonn",
        "--name",
        "Bonn",
        "--time-zone",
        "Europe/Berlin",
        "--admin",
        "ref",
    )
    assert result.exit_code == 0, result.output
    return "bonn"


def test_create_and_add_players(invoke: Invoke, bonn: str) -> None:
    league = League.objects.get(slug=bonn)
    assert (league.name, league.time_zone) == ("Bonn", "Europe/Berlin")
    assert invoke("league", "add-player", bonn, "Ann", "--user", "ann").exit_code == 0
    assert Player.objects.get(league=league).user == User.objects.get(username="ann")

    again = invoke("league", "add-player", bonn, "ANN")
    assert again.exit_code == 2
    assert again.stderr == "tablerank: error: name: league 'bonn' already has a player 'ANN'\n"
    twice = invoke("league", "create", bonn, "--name", "Other")
    assert (twice.exit_code, twice.stderr.count("\n")) == (2, 1)
    assert "slug" in twice.stderr
    mars = invoke("league", "create", "mars", "--name", "M", "--time-zone", "Mars/Base")
    assert mars.exit_code == 2
    assert "unknown time zone 'Mars/Base'" in mars.stderr


def test_import_counts_and_is_idempotent_by_id(invoke: Invoke, bonn: str, tmp_path: Path) -> None:
    first = write(tmp_path / "first.jsonl", duel("g1"), table("g2"))
    result = invoke("league", "import", bonn, first, "--as", "admin", "--format", "json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {
        "league": "bonn", "imported": 2, "already_present": 0, "rejected": 0, "rejections": [],
        "notes": [],
    }  # fmt: skip
    assert GameRecord.objects.filter(created_by__username="admin").count() == 2

    # The same games again (a name in another case is the same player), one changed, one new.
    changed = duel("g1") | {"seats": [{"player": "ANN", "vp": 10, "winner": True},
                                      {"player": "ben", "vp": 6}]}  # fmt: skip
    second = write(tmp_path / "second.jsonl", changed, duel("g2", winner_vp=11), duel("g3"))
    result = invoke("league", "import", bonn, second, "--as", "admin")
    assert result.exit_code == 1
    assert result.stdout == (
        "league bonn: imported 1, already present 1, rejected 1\n"
        "  rejected g2: game id exists with other content; correct it instead\n"
    )
    stored = GameRecord.objects.get(external_id="g2").to_record()
    assert stored.seats[0].vp == 10  # the rejected import changed nothing

    again = invoke("league", "import", bonn, first, "--format", "json")
    assert json.loads(again.stdout)["already_present"] == 2
    assert again.exit_code == 0


def test_import_reports_the_file_and_line_and_writes_nothing(
    invoke: Invoke, bonn: str, tmp_path: Path
) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(duel("g1")) + "\n" + '{"id": "g2", "date": "2026-13-01"}\n')
    result = invoke("league", "import", bonn, bad)
    assert result.exit_code == 2
    assert result.stderr.startswith(f"tablerank: error: {bad}, line 2 (id g2): ")
    assert not GameRecord.objects.exists()


def test_import_rejects_a_record_that_breaks_a_rule_with_its_line_and_keeps_the_rest(
    invoke: Invoke, bonn: str, tmp_path: Path
) -> None:
    """As the web's import page does (tests/web/test_import_doors.py)."""
    winner = {"player": "Ann", "vp": 10, "winner": True, "sources": {"settlements": 2}}
    bad = duel("g2") | {"seats": [winner, {"player": "Ben", "vp": 6}]}
    games = write(tmp_path / "games.jsonl", duel("g1"), bad, duel("g3"))
    result = invoke("league", "import", bonn, games)
    assert result.exit_code == 1
    assert result.stdout.startswith(
        f"league bonn: imported 2, already present 0, rejected 1\n"
        f"  rejected g2: {games}, line 2 (id g2): seats[0].sources: "
    )
    assert sorted(GameRecord.objects.values_list("external_id", flat=True)) == ["g1", "g3"]


def test_unknown_league_is_one_line(invoke: Invoke, tmp_path: Path) -> None:
    result = invoke("league", "import", "nowhere", write(tmp_path / "g.jsonl", duel("g1")))
    assert result.exit_code == 2
    assert result.stderr == (
        "tablerank: error: league: no league 'nowhere'; create it with `tablerank league create`\n"
    )


def test_the_sample_season_exports_and_reads_back(
    invoke: Invoke, bonn: str, tmp_path: Path
) -> None:
    assert invoke("league", "import", bonn, SEASON).exit_code == 0
    assert (
        invoke("league", "void", bonn, "bo-001", "--why", "wrong table", "--by", "ref").exit_code
        == 0
    )
    out = tmp_path / "export.jsonl"
    result = invoke("league", "export", bonn, "--output", out)
    assert result.exit_code == 0, result.output

    lines = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    original = read_records([SEASON])
    assert [line["id"] for line in lines] == [r.id for r in original]  # recording order
    voided = [line for line in lines if "voided" in line]
    assert [line["id"] for line in voided] == ["bo-001"]
    assert voided[0]["voided"]["by"] == "ref"
    assert voided[0]["voided"]["why"] == "wrong table"

    live = write(tmp_path / "live.jsonl", *(line for line in lines if "voided" not in line))
    assert read_records([live]) == [r for r in original if r.id != "bo-001"]


def test_a_correction_is_exported_with_its_replacement(
    invoke: Invoke, bonn: str, tmp_path: Path
) -> None:
    assert invoke("league", "import", bonn, write(tmp_path / "a.jsonl", duel("g1"))).exit_code == 0
    assert invoke("league", "void", bonn, "g1", "--why", "typo", "--by", "ref").exit_code == 0
    fixed = write(tmp_path / "b.jsonl", duel("g1", winner_vp=11))
    assert invoke("league", "import", bonn, fixed).exit_code == 0

    lines = [json.loads(line) for line in invoke("league", "export", bonn).stdout.splitlines()]
    assert [(line["id"], "voided" in line) for line in lines] == [("g1", True), ("g1", False)]
    assert lines[1]["seats"][0]["vp"] == 11
    history = json.loads(invoke("league", "history", bonn, "--format", "json").stdout)
    assert [g["seats"][0]["vp"] for g in history["games"]] == [11]


def test_confirm_dispute_and_void(invoke: Invoke, bonn: str, tmp_path: Path) -> None:
    games = write(tmp_path / "g.jsonl", duel("g1"), table("g2"))
    assert invoke("league", "import", bonn, games, "--pending").exit_code == 0
    assert GameRecord.objects.filter(status=RecordStatus.SUBMITTED).count() == 2

    ann = invoke("league", "confirm", bonn, "g1", "--player", "ann")
    assert (ann.exit_code, ann.stdout) == (0, "g1: ann confirmed; waiting for Ben to confirm\n")
    twice = invoke("league", "confirm", bonn, "g1", "--player", "Ann")
    assert (twice.exit_code, twice.stderr) == (
        2, "tablerank: error: player: Ann has signed g1 already\n"
    )  # fmt: skip
    ben = invoke("league", "confirm", bonn, "g1", "--player", "Ben")
    assert (ben.exit_code, ben.stdout) == (0, "g1: Ben confirmed; confirmed\n")
    nobody = invoke("league", "confirm", bonn, "g1", "--player", "Zed")
    assert nobody.stderr == "tablerank: error: player: league 'bonn' has no player 'Zed'\n"
    assert nobody.exit_code == 2

    late = invoke("league", "dispute", bonn, "g1", "--player", "Ann", "--why", "no")
    assert late.exit_code == 2
    assert late.stderr == (
        "tablerank: error: status: g1 is confirmed; only a pending result can be disputed\n"
    )
    cleo = invoke("league", "dispute", bonn, "g2", "--player", "Cleo", "--why", "I had 8")
    assert (cleo.exit_code, cleo.stdout) == (0, "g2: disputed by Cleo\n")
    blocked = invoke("league", "confirm", bonn, "g2", "--player", "Ben")
    assert blocked.exit_code == 2
    assert blocked.stderr.startswith("tablerank: error: status: g2 is disputed by Cleo")

    void = invoke("league", "void", bonn, "g2", "--why", "typo", "--by", "ref")
    assert (void.exit_code, void.stdout) == (0, "g2: voided by ref: typo\n")
    assert GameRecord.objects.get(external_id="g2").voided_by == User.objects.get(username="ref")
    again = invoke("league", "void", bonn, "g2", "--why", "typo", "--by", "ref")
    assert again.exit_code == 2
    assert again.stderr.startswith("tablerank: error: id: g2 was voided on ")
    missing = invoke("league", "void", bonn, "g9", "--why", "typo", "--by", "ref")
    assert (missing.exit_code, missing.stderr) == (
        2, "tablerank: error: id: league 'bonn' has no game 'g9'\n"
    )  # fmt: skip
    no_reason = invoke("league", "void", bonn, "g1", "--why", " ", "--by", "ref")
    assert (no_reason.exit_code, no_reason.stderr) == (
        2, "tablerank: error: why: say why the result is voided\n"
    )  # fmt: skip

    history = json.loads(invoke("league", "history", bonn, "--format", "json").stdout)
    assert [g["id"] for g in history["games"]] == ["g1"]
    shown = invoke("league", "history", bonn)
    assert shown.exit_code == 0
    assert "g1" in shown.stdout
    assert "g2" not in shown.stdout


def test_signing_links_the_player_to_the_account_of_their_name(
    invoke: Invoke, bonn: str, tmp_path: Path
) -> None:
    assert invoke("league", "import", bonn, write(tmp_path / "g.jsonl", duel("g1")), "--pending")
    assert invoke("league", "confirm", bonn, "g1", "--player", "Ben").exit_code == 0
    assert Player.objects.get(name="Ben").user == User.objects.get(username="Ben")


def test_the_command_line_still_does_not_load_django() -> None:
    code = "import sys, tablerank.cli.main; print(sorted(m for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = out.stdout
    assert "'django'" not in loaded
    assert "'tablerank.league" not in loaded


def test_a_club_keeps_a_season_in_a_file(tmp_path: Path) -> None:
    """End to end in fresh processes: init makes the tables in the file the URL names."""
    exe = shutil.which("tablerank") or pytest.fail("the tablerank console script is not installed")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TABLERANK_", "DJANGO_"))}
    env |= {"TABLERANK_DATABASE_URL": f"sqlite:///{tmp_path / 'club.db'}", "TABLERANK_DEBUG": "1"}

    def run(*args: str | Path) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [exe, "league", *map(str, args)],
            capture_output=True, text=True, check=False, env=env, cwd=tmp_path,
        )  # fmt: skip

    missing = run("history", "bonn")
    assert missing.returncode == 2
    assert "tablerank league init" in missing.stderr
    init = run("init")
    assert init.returncode == 0, init.stderr
    assert str(tmp_path / "club.db") in init.stdout
    assert run("init").returncode == 0  # and again: nothing to do
    assert run("create", "bonn", "--name", "Bonn").returncode == 0
    games = write(tmp_path / "g.jsonl", duel("g1"), table("g2"))
    imported = run("import", "bonn", games, "--as", "admin", "--format", "json")
    assert imported.returncode == 0, imported.stderr
    assert json.loads(imported.stdout)["imported"] == 2
    assert imported.stderr == ""  # no progress bar when stderr is not a terminal
    history = json.loads(run("history", "bonn", "--format", "json").stdout)
    assert [g["id"] for g in history["games"]] == ["g1", "g2"]
    assert isinstance(read_records([games])[0], Game)


# -- roles ---------------------------------------------------------------------------------------


def test_create_makes_its_admins(invoke: Invoke) -> None:
    result = invoke("league", "create", "koeln", "--name", "Köln", "--admin", "ann",
                    "--admin", "ben")  # fmt: skip
    assert (result.exit_code, result.stdout) == (
        0, "created league koeln (Köln, UTC); admins: ann, ben\n"
    )  # fmt: skip
    league = League.objects.get(slug="koeln")
    assert sorted(league.admins.values_list("username", flat=True)) == ["ann", "ben"]

    blank = invoke("league", "create", "mars", "--name", "M", "--admin", " ")
    assert (blank.exit_code, blank.stderr) == (2, "tablerank: error: admin: give a user name\n")
    assert not League.objects.filter(slug="mars").exists()  # nothing half made


def test_only_admins_and_officials_void_and_correct(
    invoke: Invoke, bonn: str, tmp_path: Path
) -> None:
    assert invoke("league", "import", bonn, write(tmp_path / "g.jsonl", duel("g1"))).exit_code == 0
    refused = invoke("league", "void", bonn, "g1", "--why", "typo", "--by", "cleo")
    assert (refused.exit_code, refused.stderr) == (
        2, "tablerank: error: by: 'cleo' is not an admin or official of league 'bonn'\n"
    )  # fmt: skip
    fixed = write(tmp_path / "fixed.jsonl", duel("g1", winner_vp=11))
    also = invoke("league", "correct", bonn, "g1", fixed, "--why", "typo", "--by", "cleo")
    assert also.stderr == refused.stderr

    granted = invoke("league", "grant", bonn, "cleo", "--role", "official")
    assert (granted.exit_code, granted.stdout) == (0, "cleo is now an official of league bonn\n")
    again = invoke("league", "grant", bonn, "cleo", "--role", "OFFICIAL")
    assert again.stdout == "cleo is already an official of league bonn\n"
    assert invoke("league", "void", bonn, "g1", "--why", "typo", "--by", "cleo").exit_code == 0

    revoked = invoke("league", "revoke", bonn, "cleo", "--role", "official")
    assert (revoked.exit_code, revoked.stdout) == (
        0, "cleo is no longer an official of league bonn\n"
    )  # fmt: skip
    assert not League.objects.get(slug=bonn).officials.exists()
    admin = invoke("league", "grant", bonn, "cleo", "--role", "admin")
    assert admin.stdout == "cleo is now an admin of league bonn\n"
    assert User.objects.get(username="cleo") in League.objects.get(slug=bonn).admins.all()


def test_a_player_role_links_the_account_that_signs(
    invoke: Invoke, bonn: str, tmp_path: Path
) -> None:
    assert invoke("league", "add-player", bonn, "Ann").exit_code == 0
    linked = invoke("league", "grant", bonn, "annie", "--role", "player", "--player", "ANN")
    assert (linked.exit_code, linked.stdout) == (0, "annie now signs for Ann in league bonn\n")
    assert Player.objects.get(name="Ann").user == User.objects.get(username="annie")

    games = write(tmp_path / "g.jsonl", duel("g1"))
    assert invoke("league", "import", bonn, games, "--pending").exit_code == 0
    signed = invoke("league", "confirm", bonn, "g1", "--player", "Ann")
    assert signed.exit_code == 0
    assert GameRecord.objects.get().confirmations.get().by.username == "annie"

    taken = invoke("league", "grant", bonn, "bob", "--role", "player", "--player", "Ann")
    assert (taken.exit_code, taken.stderr) == (
        2, "tablerank: error: player: Ann has an account already ('annie'); unlink it first\n"
    )  # fmt: skip
    unlinked = invoke("league", "revoke", bonn, "annie", "--role", "player")
    assert (unlinked.exit_code, unlinked.stdout) == (
        0, "annie no longer signs for Ann in league bonn\n"
    )  # fmt: skip
    assert Player.objects.get(name="Ann").user is None


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("grant", "bonn", "ann", "--role", "boss"),
         "role: expected one of admin, official, player, got 'boss'"),
        (("grant", "bonn", "ann", "--role", "player"),
         "player: name the player whose seats the account signs for: --player"),
        (("grant", "bonn", "ann", "--role", "player", "--player", "Zed"),
         "player: league 'bonn' has no player 'Zed'"),
        (("grant", "bonn", "ann", "--role", "admin", "--player", "Ann"),
         "player: --player goes with --role player"),
        (("grant", "bonn", " ", "--role", "admin"), "user: give a user name"),
        (("grant", "nowhere", "ann", "--role", "admin"),
         "league: no league 'nowhere'; create it with `tablerank league create`"),
        (("revoke", "bonn", "zed", "--role", "admin"), "user: no user 'zed'"),
        (("revoke", "bonn", "ref", "--role", "official"),
         "role: 'ref' is not an official of league 'bonn'"),
        (("revoke", "bonn", "ref", "--role", "player"),
         "role: 'ref' does not sign for any player in league 'bonn'"),
        (("revoke", "bonn", "ref", "--role", "player", "--player", "Ann"),
         "role: 'ref' does not sign for Ann in league 'bonn'"),
        (("revoke", "bonn", "ref", "--role", "admin", "--player", "Ann"),
         "player: --player goes with --role player"),
    ],
)  # fmt: skip
def test_role_errors_are_one_line(
    invoke: Invoke, bonn: str, args: tuple[str, ...], message: str
) -> None:
    assert invoke("league", "add-player", bonn, "Ann").exit_code == 0
    result = invoke("league", *args)
    assert (result.exit_code, result.stderr) == (2, f"tablerank: error: {message}\n")
    assert result.stdout == ""


# -- corrections ---------------------------------------------------------------------------------


def test_correct_replaces_a_result_in_its_place(invoke: Invoke, bonn: str, tmp_path: Path) -> None:
    games = write(tmp_path / "g.jsonl", duel("g1"), table("g2"))
    assert invoke("league", "import", bonn, games).exit_code == 0
    fixed = write(tmp_path / "fixed.jsonl", duel("g1", winner_vp=11))
    result = invoke("league", "correct", bonn, "g1", fixed, "--why", "VP typo ", "--by", "ref")
    assert (result.exit_code, result.stdout) == (0, "g1: corrected by ref: VP typo\n")
    history = json.loads(invoke("league", "history", bonn, "--format", "json").stdout)
    assert [(g["id"], g["seats"][0]["vp"]) for g in history["games"]] == [("g1", 11), ("g2", 10)]

    renamed = write(tmp_path / "renamed.jsonl", table("g2b"))
    moved = invoke("league", "correct", bonn, "g2", renamed, "--why", "id", "--by", "ref")
    assert moved.stdout == "g2: corrected by ref (now g2b): id\n"
    lines = [json.loads(line) for line in invoke("league", "export", bonn).stdout.splitlines()]
    assert [(line["id"], line.get("voided", {}).get("replaced_by")) for line in lines] == [
        ("g1", "g1"), ("g1", None), ("g2", "g2b"), ("g2b", None)
    ]  # fmt: skip


def test_correct_errors_are_one_line(invoke: Invoke, bonn: str, tmp_path: Path) -> None:
    assert invoke("league", "import", bonn, write(tmp_path / "g.jsonl", duel("g1"))).exit_code == 0
    one = write(tmp_path / "one.jsonl", duel("g1", winner_vp=11))
    two = write(tmp_path / "two.jsonl", duel("g1"), duel("g3"))
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "g1", "date": "2026-13-01", "seats": []}\n', encoding="utf-8")
    cases = [
        (("g1", two, "--why", "x", "--by", "ref"),
         f"file: {two} holds 2 records (2 games); a correction is one game"),
        (("g9", one, "--why", "x", "--by", "ref"), "id: league 'bonn' has no game 'g9'"),
        (("g1", one, "--why", " ", "--by", "ref"), "why: say why the result is voided"),
    ]  # fmt: skip
    for args, message in cases:
        result = invoke("league", "correct", bonn, *args)
        assert (result.exit_code, result.stderr) == (2, f"tablerank: error: {message}\n")
    unreadable = invoke("league", "correct", bonn, "g1", bad, "--why", "x", "--by", "ref")
    assert unreadable.exit_code == 2
    assert unreadable.stderr.startswith(f"tablerank: error: {bad}, line 1 (id g1): ")
    assert unreadable.stderr.count("\n") == 1
    assert GameRecord.objects.get().status == RecordStatus.CONFIRMED  # nothing changed


# -- import in batches ---------------------------------------------------------------------------


def test_import_keeps_file_order_across_games_and_events(
    invoke: Invoke, bonn: str, tmp_path: Path
) -> None:
    spring, summer = [
        json.loads(line) for line in (EXAMPLES / "events.jsonl").read_text().splitlines()
    ]
    first = write(tmp_path / "first.jsonl", duel("g1"), spring, duel("g2"))
    assert invoke("league", "import", bonn, first).exit_code == 0
    second = write(tmp_path / "second.jsonl", duel("g3"), duel("g1"), summer,
                   duel("g2", winner_vp=12), table("g4"), spring)  # fmt: skip
    result = invoke("league", "import", bonn, second, "--format", "json")
    assert result.exit_code == 1
    assert json.loads(result.stdout) == {
        "league": "bonn", "imported": 3, "already_present": 2, "rejected": 1,
        "rejections": [
            {"id": "g2", "reason": "game id exists with other content; correct it instead"}
        ],
        "notes": [],
    }  # fmt: skip
    lines = [json.loads(line) for line in invoke("league", "export", bonn).stdout.splitlines()]
    assert [line["id"] for line in lines] == [
        "g1", spring["id"], "g2", "g3", summer["id"], "g4"
    ]  # fmt: skip


# -- reading the league: lists, standings, a player's history -------------------------------------


@pytest.fixture
def season_league(invoke: Invoke, bonn: str) -> str:
    assert invoke("league", "import", bonn, SEASON, EXAMPLES / "events.jsonl").exit_code == 0
    return bonn


def as_json(result: Result) -> Any:
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


@pytest.mark.parametrize(
    "args",
    [
        ("monthly", "--month", "2026-02", "--city", "Bonn", "--group", "base"),
        ("monthly", "--month", "2026-03", "--group", "base"),
        ("monthly", "--month", "2026-01", "--city", "Köln", "--group", "base", "--score", "total"),
        ("annual", "--year", "2026", "--city", "Bonn", "--group", "base"),
        ("annual", "--year", "2026", "--city", "Köln", "--group", "base", "--basic-group", "none"),
    ],
)
def test_league_lists_print_what_the_file_lists_print(
    invoke: Invoke, season_league: str, args: tuple[str, ...]
) -> None:
    kind, *options = args
    stored = as_json(invoke("league", "lists", kind, season_league, *options, "--format", "json"))
    from_file = as_json(invoke("lists", kind, SEASON, *options, "--format", "json"))
    assert stored == from_file
    assert stored["list"]
    table = invoke("league", "lists", kind, season_league, *options)
    assert table.exit_code == 0
    assert stored["list"][0]["player"] in table.stdout


def test_the_elo_list_is_the_leagues_permanent_list(invoke: Invoke, season_league: str) -> None:
    stored = as_json(
        invoke("league", "lists", "elo", season_league, "--group", "Base", "-f", "json")
    )
    replayed = as_json(invoke("rate", SEASON, "-s", "cow.elo", "--group", "base", "-f", "json"))
    assert stored == {"system": "cow.elo", "standings": replayed["standings"], "not_rated": []}
    shown = invoke("league", "lists", "elo", season_league, "--group", "base")
    assert stored["standings"][0]["player"] in shown.stdout


def test_league_predict_and_backtest_are_the_files(invoke: Invoke, season_league: str) -> None:
    table = ("--table", "ines,Kai,Ben")  # the league's players, matched ignoring case
    stored = as_json(
        invoke("league", "predict", season_league, *table, "--list", "catan", "-f", "json")
    )
    from_file = as_json(
        invoke("predict", SEASON, "--title", "catan", "--table", "Ines,Kai,Ben", "-f", "json")
    )
    assert stored == from_file
    needs_list = invoke("league", "predict", season_league, *table)
    assert needs_list.exit_code == 2
    assert "skill keeps a separate list per game title" in needs_list.stderr
    events = invoke("league", "predict", season_league, *table, "-s", "turnabout")
    assert events.exit_code == 2
    assert "turnabout rates no single game, so it cannot predict one" in events.stderr
    shown = invoke("league", "predict", season_league, "--table", "Ines,Zed", "--list", "catan")
    assert "Zed has no rated game here" in shown.stderr
    assert "who wins this table?" in shown.stdout
    args = ("-s", "cow.elo", "-s", "skill", "--title", "catan")
    league = as_json(invoke("league", "backtest", season_league, *args, "-f", "json"))
    assert league == as_json(invoke("backtest", SEASON, *args, "-f", "json"))
    assert "uniform guess" in invoke("league", "backtest", season_league).stdout
    unknown = invoke("league", "backtest", season_league, "-s", "golf")
    assert unknown.exit_code == 2
    assert "golf" in unknown.stderr
    seats = as_json(
        invoke("league", "seats-report", season_league, "--title", "catan", "-f", "json")
    )
    assert seats == as_json(invoke("seats-report", SEASON, "--title", "catan", "-f", "json"))
    assert "chi-square" in invoke("league", "seats-report", season_league).stdout
    empty = invoke("league", "seats-report", season_league, "--city", "Atlantis")
    assert empty.exit_code == 2
    assert "no game to report on" in empty.stderr


def test_stored_and_filtered_standings(invoke: Invoke, season_league: str) -> None:
    stored = as_json(
        invoke("league", "standings", season_league, "-s", "pages.glory", "-f", "json")
    )
    replayed = as_json(invoke("rate", SEASON, "-s", "pages.glory", "-f", "json"))
    assert stored["standings"] == replayed["standings"]

    options = ("--city", "Bonn", "--since", "2026-02-01", "--until", "2026-03-31")
    league = invoke(
        "league", "standings", season_league, "-s", "pages.point", *options, "-f", "json"
    )
    games = [g for g in read_records([SEASON]) if isinstance(g, Game)]
    chosen = [g for g in games if "2026-02-01" <= g.date.isoformat() <= "2026-03-31"]
    expected = rating_table_json(get_system("pages.point").rate(select(chosen, city="Bonn")))
    assert as_json(league) == expected
    elo = invoke("league", "standings", season_league, "-s", "cow.elo", "--list", "seafarers",
                 "--since", "2026-01-01", "-f", "json")  # fmt: skip
    assert (
        as_json(elo)["standings"]
        == as_json(invoke("rate", SEASON, "-s", "cow.elo", "--group", "seafarers", "-f", "json"))[
            "standings"
        ]
    )
    shown = invoke("league", "standings", season_league, "-s", "turnabout")
    assert (shown.exit_code, "Ines" in shown.stdout) == (0, True)


def test_a_players_history_with_the_reasons(invoke: Invoke, season_league: str) -> None:
    result = as_json(invoke("league", "history", season_league, "--player", "ann", "-s", "cow.elo",
                            "--list", "base", "-f", "json"))  # fmt: skip
    assert (result["league"], result["player"], result["system"]) == ("bonn", "Ann", "cow.elo")
    assert len(result["history"]) > 10
    for entry in result["history"][:5]:
        explained = as_json(invoke("explain", SEASON, "-s", "cow.elo", "--group", "base",
                                   "--game", entry["game"], "-f", "json"))  # fmt: skip
        assert entry["explanation"] == explained
        assert (entry["before"], entry["after"], entry["change"]) == (
            explained["before"]["Ann"], explained["after"]["Ann"], explained["changes"]["Ann"]
        )  # fmt: skip
        against = [f"against {t['opponent']}" for t in explained["breakdown"]["Ann"]]
        assert all(words in entry["summary"] for words in against)
    shown = invoke("league", "history", season_league, "--player", "Ann", "-s", "cow.elo")
    assert shown.exit_code == 0
    assert result["history"][0]["game"] in shown.stdout
    assert "against" in shown.stdout


def test_a_players_latest_games_only(invoke: Invoke, season_league: str) -> None:
    args = ("league", "history", season_league, "--player", "ann", "-s", "cow.elo",
            "--list", "base")  # fmt: skip
    whole = as_json(invoke(*args, "-f", "json"))["history"]
    latest = as_json(invoke(*args, "--last", "2", "-f", "json"))["history"]
    assert latest == whole[-2:]
    refused = invoke(*args, "--last", "0")
    assert refused.exit_code == 2
    assert "last: expected a number of games, at least 1, got 0" in refused.output
    alone = invoke("league", "history", season_league, "--last", "2")
    assert alone.exit_code == 2
    assert "--system, --list and --last go with --player" in alone.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("lists", "monthly", "bonn", "--month", "2026-13", "--group", "base"),
         "month: expected a month like 2026-03, got '2026-13'"),
        (("lists", "monthly", "bonn", "--month", "2026-02"),
         "group: there is a list per game group and these games span 3: base, cities-knights, "
         "seafarers; choose one"),
        (("lists", "monthly", "bonn", "--month", "2026-02", "--group", "base", "--score", "best"),
         "score: unknown monthly score 'best'; expected one of: average, total"),
        (("lists", "annual", "bonn", "--year", "MMXXVI", "--group", "base"),
         "year: expected a year like 2026, got 'MMXXVI'"),
        (("lists", "elo", "bonn", "--group", "junior"),
         "group: league 'bonn' has no cow.elo list for group 'junior'; it has: base, "
         "cities-knights, seafarers"),
        (("lists", "elo", "bonn"),
         "list_key: cow.elo keeps a separate list per game group, and league 'bonn' has 3: "
         "base, cities-knights, seafarers; choose one"),
        (("lists", "elo", "nowhere"),
         "league: no league 'nowhere'; create it with `tablerank league create`"),
        (("standings", "bonn", "-s", "glicko"), "system: unknown system 'glicko'; expected one "
         "of: pages.point, pages.accomplishment, pages.glory, pages.elo, pages.share, "
         "pages.combined, cow.points, cow.elo, area, turnabout, skill"),
        (("standings", "bonn", "-s", "cow.elo", "--since", "May"),
         "since: expected a date like 2026-03-14, got 'May'"),
        (("standings", "bonn", "-s", "cow.elo", "--until", "2026-02-30"),
         "until: expected a date like 2026-03-14, got '2026-02-30'"),
        (("standings", "bonn", "-s", "area", "--city", "Bonn"),
         "list_key: area keeps a separate list per game title, and the games of league 'bonn' "
         "chosen span 2: Kremlin, catan; choose one"),
        (("history", "bonn", "--player", "Ann"),
         "system: say whose numbers: --system NAME with --player"),
        (("history", "bonn", "--system", "cow.elo"),
         "player: --system, --list and --last go with --player"),
        (("history", "bonn", "--player", "Zed", "-s", "cow.elo"),
         "player: league 'bonn' has no player 'Zed'"),
        (("history", "bonn", "--player", "Ann", "-s", "pages.combined"),
         "system: pages.combined ranks players by their ranks in other systems and moves no "
         "number per game; ask for one of its members"),
    ],
)  # fmt: skip
def test_reading_errors_are_one_line(
    invoke: Invoke, season_league: str, args: tuple[str, ...], message: str
) -> None:
    result = invoke("league", *args)
    assert (result.exit_code, result.stderr, result.stdout) == (
        2, f"tablerank: error: {message}\n", ""
    )  # fmt: skip


# -- the documented session ----------------------------------------------------------------------

DOCS = Path(__file__).parents[2] / "docs"


def documented_session() -> list[tuple[str, list[str]]]:
    """The `$` lines of the console blocks that use the league (docs/league.md's season, then
    docs/lists.md's lists of it), each with the output lines shown under it."""
    steps: list[tuple[str, list[str]]] = []
    text = "".join((DOCS / page).read_text(encoding="utf-8") for page in ("league.md", "lists.md"))
    for block in re.findall(r"```console\n(.*?)```", text, re.DOTALL):
        if "$ tablerank league" not in block:
            continue
        for line in block.splitlines():
            if line.startswith("$ "):
                steps.append((line[2:], []))
            elif steps:
                steps[-1][1].append(line)
    return steps


def test_the_documented_session_runs_and_prints_what_the_docs_show(
    invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every command of the docs' season, in order, on the test database (the docs' `export`
    line names the database; the test's stands in). `echo '...' > FILE` writes the file."""
    steps = documented_session()
    assert len(steps) >= 20
    monkeypatch.chdir(tmp_path)
    (tmp_path / "examples").symlink_to(EXAMPLES)
    for command, shown in steps:
        words = shlex.split(command, comments=True)
        if words[0] == "export":
            continue
        if words[0] == "echo":
            assert words[2] == ">", f"only `echo '...' > FILE` is understood here: {command}"
            Path(words[3]).write_text(words[1] + "\n", encoding="utf-8")
            continue
        assert words[0] == "tablerank", command
        result = invoke(*words[1:])
        assert result.exit_code == 0, f"{command}\n{result.stderr}"
        if shown:
            assert result.stdout.splitlines() == shown, command
    assert (tmp_path / "bonn.jsonl").exists()


def test_import_rejects_each_sheet_the_league_refuses_and_keeps_the_rest(
    invoke: Invoke, bonn: str, tmp_path: Path
) -> None:
    games = write(tmp_path / "g.jsonl", duel("g1"), duel("short", winner_vp=8), duel("g3"))
    result = invoke("league", "import", bonn, games, "--format", "json")
    assert result.exit_code == 1
    summary = json.loads(result.stdout)
    assert (summary["imported"], summary["rejected"]) == (2, 1)
    [rejection] = summary["rejections"]
    assert rejection["id"] == "short"
    assert "Ann: won with 8 VP, below the base target of 10 VP" in rejection["reason"]
    assert sorted(GameRecord.objects.values_list("external_id", flat=True)) == ["g1", "g3"]
