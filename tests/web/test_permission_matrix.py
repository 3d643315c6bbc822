"""One table of who may do what in a private league, run through every door (issue 9).

Each row names an action and the outcome for each role: anonymous, outsider, player (Ann, who
plays in the result), official (not playing), admin (neither plays nor officiates). The same
row drives the web site, the JSON API and, where the action exists there, the CLI (whose
operator acts with `--by`), so the doors cannot drift apart. Outcomes are normalised:

* ``ok``: done (2xx, or the web's redirect after a successful form)
* ``denied``: 403 (the CLI: exit status 2 with the services' refusal)
* ``hidden``: 404: a private league does not exist for whoever may not read it
* ``login``: sign in first (the API's 401, the web's redirect to the sign-in page)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from typer.testing import CliRunner

from tablerank.api.auth import issue_token
from tablerank.cli.main import app
from tablerank.engine.records import new_game
from tablerank.formats.records import game_json
from tablerank.league import services
from tablerank.league.errors import InvalidResult, NotAllowed
from tablerank.league.models import GameRecord, Player
from tests.web.action_helpers import (
    FOUR_AWARDS,
    FOUR_SEATS,
    PASSWORD,
    Club,
    account,
    four_player_game,
    sheet,
)

pytestmark = pytest.mark.django_db

ROLES = ("anonymous", "outsider", "player", "official", "admin")

# An action's outcome for each role, in the order of ROLES.
MEMBERS_MAY = ("login", "hidden", "ok", "ok", "ok")
ORGANIZERS_MAY = ("login", "hidden", "denied", "ok", "ok")
ADMINS_MAY = ("login", "hidden", "denied", "denied", "ok")
MEMBERS_READ = ("hidden", "hidden", "ok", "ok", "ok")
ORGANIZERS_READ = ("login", "hidden", "denied", "ok", "ok")

MATRIX: dict[str, tuple[str, ...]] = {
    "submit a result": MEMBERS_MAY,
    "seat a name the league does not have": ORGANIZERS_MAY,
    "add a player": ORGANIZERS_MAY,
    "rename a player": ORGANIZERS_MAY,
    "merge two players": ORGANIZERS_MAY,
    "remove a player": ORGANIZERS_MAY,
    "void a result": ORGANIZERS_MAY,
    "correct a result": ORGANIZERS_MAY,
    "change the settings": ADMINS_MAY,
    "grant the official role": ADMINS_MAY,
    "read the league": MEMBERS_READ,
    "read a result": MEMBERS_READ,
    "open the members page": ORGANIZERS_READ,
    "open the settings page": ("login", "hidden", "denied", "denied", "ok"),
    "open the score sheet": ("login", "hidden", "ok", "ok", "ok"),
}


@dataclass
class Private:
    """The web tests' club, made private, with an admin who neither plays nor officiates."""

    club: Club
    admin: User

    def user(self, role: str) -> User | None:
        return {
            "anonymous": None,
            "outsider": self.club.outsider,
            "player": self.club.ann,
            "official": self.club.referee,
            "admin": self.admin,
        }[role]


@pytest.fixture
def private(club: Club, static_root: None) -> Private:
    club.league.public = False
    club.league.save()
    admin = account("bonn-adm")
    club.league.admins.add(admin)
    return Private(club, admin)


def _confirmed(private: Private) -> GameRecord:
    return services.record_game(private.club.league, four_player_game("g1"), private.admin)


WITH_ZED = [*FOUR_SEATS[:3], ("Zed", {"settlements": 5})]


def _added(private: Private, name: str) -> str:
    """A player of the league who never played (to merge or remove)."""
    services.add_player(private.club.league, name, by=services.CONSOLE)
    return name


# -- the web ----------------------------------------------------------------------------------


def _web_outcome(response: Any) -> str:
    status = response.status_code
    if status == 302:
        return "login" if "/accounts/login/" in response["Location"] else "ok"
    return {200: "ok", 201: "ok", 403: "denied", 404: "hidden"}.get(status, f"status {status}")


def _web(private: Private, action: str, client: Client) -> Any:
    slug = private.club.league.slug
    record_url = reverse("record", args=[slug])
    members = reverse("members", args=[slug])
    if action == "submit a result":
        return client.post(record_url, sheet(FOUR_SEATS, awards=FOUR_AWARDS, confirm=0))
    if action == "seat a name the league does not have":
        return client.post(record_url, sheet(WITH_ZED, awards=FOUR_AWARDS, confirm=0))
    if action == "add a player":
        return client.post(members, {"action": "add", "name": "Eve", "username": ""})
    if action == "rename a player":
        fix = {"rename-player": "Dora", "rename-name": "Dorothea", "rename-why": "typo"}
        return client.post(members, {"action": "rename"} | fix)
    if action == "merge two players":
        fix = {"merge-player": _added(private, "Doro"), "merge-into": "Dora", "merge-why": "one"}
        return client.post(members, {"action": "merge"} | fix)
    if action == "remove a player":
        fix = {"remove-player": _added(private, "Ghost"), "remove-why": "added by mistake"}
        return client.post(members, {"action": "remove"} | fix)
    if action == "void a result":
        pk = _confirmed(private).pk
        return client.post(reverse("void", args=[slug, pk]), {"why": "typo"})
    if action == "correct a result":
        pk = _confirmed(private).pk
        form = sheet(FOUR_SEATS, awards=FOUR_AWARDS, confirm=0) | {"why": "typo"}
        return client.post(reverse("correct", args=[slug, pk]), form)
    if action == "change the settings":
        settings = reverse("league-settings", args=[slug])
        form = {"name": "Renamed", "systems": ["pages.point"], "monthly_score": "average"}
        return client.post(settings, form | {"time_zone": "UTC"})
    if action == "grant the official role":
        form = {"action": "role", "username": "bonn-zed", "role": "official", "grant": "yes"}
        return client.post(members, form)
    if action == "read the league":
        return client.get(reverse("league-home", args=[slug]))
    if action == "read a result":
        _confirmed(private)
        return client.get(reverse("game", args=[slug, "g1"]))
    if action == "open the members page":
        return client.get(members)
    if action == "open the settings page":
        return client.get(reverse("league-settings", args=[slug]))
    assert action == "open the score sheet"
    return client.get(record_url)


WEB_ACTIONS = list(MATRIX)


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("action", WEB_ACTIONS)
def test_the_web_follows_the_matrix(private: Private, action: str, role: str) -> None:
    client = Client()
    user = private.user(role)
    if user is not None:
        assert client.login(username=user.username, password=PASSWORD)
    outcome = _web_outcome(_web(private, action, client))
    assert outcome == MATRIX[action][ROLES.index(role)], f"web: {action} as {role}"


# -- the API ----------------------------------------------------------------------------------


def _api_outcome(status: int) -> str:
    if 200 <= status < 300:
        return "ok"
    return {401: "login", 403: "denied", 404: "hidden"}.get(status, f"status {status}")


def _game_body(game_id: str, *, with_zed: bool = False) -> dict[str, Any]:
    body = game_json(four_player_game(game_id))
    if with_zed:
        body["seats"][3]["player"] = "Zed"
    return body


def _api(private: Private, action: str, user: User | None) -> int:
    client = Client()
    headers = {}
    if user is not None:
        headers["Authorization"] = f"Bearer {issue_token(user, 'matrix')[1]}"
    base = f"/api/leagues/{private.club.league.slug}"

    def send(method: str, path: str, body: Any = None) -> int:
        data = json.dumps(body) if body is not None else b""
        response = client.generic(
            method, base + path, data=data, content_type="application/json", headers=headers
        )
        return response.status_code

    if action == "submit a result":
        return send("POST", "/games", _game_body("g2"))
    if action == "seat a name the league does not have":
        return send("POST", "/games", _game_body("g2", with_zed=True))
    if action == "add a player":
        return send("POST", "/players", {"name": "Eve"})
    if action == "rename a player":
        return send("PATCH", "/players/Dora", {"name": "Dorothea", "why": "typo"})
    if action == "merge two players":
        _added(private, "Doro")
        return send("POST", "/players/Doro/merge", {"into": "Dora", "why": "one person"})
    if action == "remove a player":
        return send("DELETE", f"/players/{_added(private, 'Ghost')}?why=mistake")
    if action == "void a result":
        _confirmed(private)
        return send("POST", "/games/g1/void", {"why": "typo"})
    if action == "correct a result":
        _confirmed(private)
        return send("POST", "/games/g1/correct", {"why": "typo", "game": _game_body("g1")})
    if action == "change the settings":
        return send("PATCH", "", {"name": "Renamed"})
    if action == "read the league":
        return send("GET", "")
    if action == "read a result":
        _confirmed(private)
        return send("GET", "/games/g1")
    raise AssertionError(action)


API_ACTIONS = [
    "submit a result",
    "seat a name the league does not have",
    "add a player",
    "rename a player",
    "merge two players",
    "remove a player",
    "void a result",
    "correct a result",
    "change the settings",
    "read the league",
    "read a result",
]


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("action", API_ACTIONS)
def test_the_api_follows_the_matrix(private: Private, action: str, role: str) -> None:
    expected = MATRIX[action][ROLES.index(role)]
    outcome = _api_outcome(_api(private, action, private.user(role)))
    assert outcome == expected, f"API: {action} as {role}"


# -- the CLI: its operator names who acts with --by ---------------------------------------------

CLI_ROLES = ("outsider", "player", "official", "admin")


def _cli(private: Private, action: str, user: User, tmp_path: Path) -> tuple[int, str]:
    _confirmed(private)
    slug = private.club.league.slug
    if action == "void a result":
        args = ["league", "void", slug, "g1", "--why", "typo", "--by", user.username]
    elif action == "rename a player":
        args = ["league", "rename-player", slug, "dora", "Dorothea", "--why", "typo"]
        args += ["--by", user.username]
    elif action == "merge two players":
        args = ["league", "merge-players", slug, _added(private, "Doro"), "Dora", "--why", "one"]
        args += ["--by", user.username]
    elif action == "remove a player":
        args = ["league", "remove-player", slug, _added(private, "Ghost"), "--why", "mistake"]
        args += ["--by", user.username]
    else:
        replacement = tmp_path / "g1.json"
        replacement.write_text(json.dumps(_game_body("g1")), encoding="utf-8")
        args = ["league", "correct", slug, "g1", str(replacement), "--why", "typo"]
        args += ["--by", user.username]
    result = CliRunner().invoke(app, args)
    return result.exit_code, result.stderr


CLI_ACTIONS = ["void a result", "correct a result"]
CLI_ACTIONS += ["rename a player", "merge two players", "remove a player"]


@pytest.mark.parametrize("role", CLI_ROLES)
@pytest.mark.parametrize("action", CLI_ACTIONS)
def test_the_cli_follows_the_matrix(
    private: Private, action: str, role: str, tmp_path: Path
) -> None:
    user = private.user(role)
    assert user is not None
    status, stderr = _cli(private, action, user, tmp_path)
    # The console holds the database, so it reads every league: an outsider is refused, not
    # kept from seeing the league.
    allowed = MATRIX[action][ROLES.index(role)] == "ok"
    assert (status == 0) == allowed, f"CLI: {action} as {role}: {stderr}"
    if not allowed:
        assert f"{user.username!r} is not an admin or official of league 'bonn'" in stderr


# -- the rules behind the matrix, with the same message at every door ------------------------


def test_seating_a_new_name_is_refused_with_one_message_everywhere(private: Private) -> None:
    message = "Zed: not a player of Bonn Catan; only its officials and admins add new players"
    web = Client()
    web.force_login(private.club.ann)
    page = web.post(
        reverse("record", args=["bonn"]), sheet(WITH_ZED, awards=FOUR_AWARDS, confirm=0)
    )
    assert message in page.content.decode()
    token = issue_token(private.club.ann, "rules")[1]
    answer = Client().post(
        "/api/leagues/bonn/games",
        json.dumps(_game_body("g2", with_zed=True)),
        content_type="application/json",
        headers={"Authorization": f"Bearer {token}"},
    )
    assert answer.json()["error"] == {"field": "seats", "message": message}
    assert not Player.objects.filter(key="zed").exists()


def test_an_invalid_sheet_is_refused_at_every_door(private: Private, tmp_path: Path) -> None:
    """A winner below the target: the web's live check, the API and `league import` all give
    the Catan check's message; nothing is stored."""
    message = "Ann: won with 8 VP, below the base target of 10 VP"
    bad = _game_body("g9")
    bad["seats"][0]["sources"] = {"settlements": 2, "cities": 6}
    del bad["seats"][0]["vp"]
    web = Client()
    web.force_login(private.admin)
    form = sheet(FOUR_SEATS, awards={"largest_army": 2}, winner=0, confirm=0)
    assert message in web.post(reverse("record", args=["bonn"]), form).content.decode()
    token = issue_token(private.admin, "rules")[1]
    answer = Client().post(
        "/api/leagues/bonn/games",
        json.dumps(bad),
        content_type="application/json",
        headers={"Authorization": f"Bearer {token}"},
    )
    assert answer.status_code == 422
    assert answer.json()["error"] == {"field": "seats", "message": f"game g9: {message}"}
    file = tmp_path / "bad.jsonl"
    file.write_text(json.dumps(bad) + "\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["league", "import", "bonn", str(file), "--format", "json"])
    assert result.exit_code == 1
    assert json.loads(result.stdout)["rejections"] == [
        {"id": "g9", "reason": f"seats: game g9: {message}"}
    ]
    assert not GameRecord.objects.exists()


def test_a_league_may_take_a_titles_unvalidated_results(private: Private) -> None:
    league, admin = private.club.league, private.admin
    short = new_game(
        id="g9",
        date="2026-05-02",
        seats=[
            {"player": "Ann", "winner": True, "sources": {"settlements": 2, "cities": 6}},
            {"player": "Ben", "vp": 7},
            {"player": "Cleo", "vp": 5},
        ],
    )
    with pytest.raises(InvalidResult, match="Ann: won with 8 VP"):
        services.record_game(league, short, admin)
    with pytest.raises(NotAllowed):
        services.change_settings(league, {"unvalidated_titles": ["catan"]}, by=private.club.ann)
    services.change_settings(league, {"unvalidated_titles": ["catan"]}, by=admin)
    services.record_game(league, short, admin)
    assert GameRecord.objects.filter(external_id="g9").exists()


def test_a_second_link_is_refused_at_every_door(private: Private) -> None:
    message = "'bonn-ann' is a player of Bonn Catan already"
    web = Client()
    web.force_login(private.admin)
    page = web.post(
        reverse("members", args=["bonn"]),
        {"action": "link", "player": "Dora", "username": "bonn-ann"},
    )
    assert message in page.content.decode().replace("&#x27;", "'")
    token = issue_token(private.admin, "rules")[1]
    answer = Client().post(
        "/api/leagues/bonn/players",
        json.dumps({"name": "Annie", "username": "bonn-ann"}),
        content_type="application/json",
        headers={"Authorization": f"Bearer {token}"},
    )
    assert answer.json()["error"] == {"field": "username", "message": message}
    result = CliRunner().invoke(
        app, ["league", "grant", "bonn", "bonn-ann", "--role", "player", "--player", "Dora"]
    )
    assert result.exit_code == 2
    assert message in result.stderr
    assert Player.objects.get(league=private.club.league, name="Dora").user is None


def test_a_stranger_cannot_link_someone_elses_account(private: Private) -> None:
    """Any signed-up user could link `ann` to a player of their own league, and so take her
    password resets away from her admins; now the link waits for Ann's consent."""
    stranger = account("stranger")
    web = Client()
    web.force_login(stranger)
    web.post(reverse("league-new"), {"name": "Mine", "slug": "mine", "time_zone": "UTC"})
    web.post(
        reverse("members", args=["mine"]), {"action": "add", "name": "Ann", "username": "bonn-ann"}
    )
    mine = Player.objects.get(league__slug="mine", name="Ann")
    assert mine.user is None
    assert services.roles_of(mine.league, private.club.ann) == set()
    with pytest.raises(NotAllowed):  # and no reset link for her from the stranger's league
        services.may_reset_password(stranger, private.club.ann, mine.league)


def test_inbox_forms_reveal_nothing_of_a_private_league(private: Private) -> None:
    record = services.submit_game(private.club.league, four_player_game("g1"), private.club.ann)
    outsider = Client()
    outsider.force_login(private.club.outsider)
    for name in ("inbox-confirm", "inbox-dispute"):
        response = outsider.post(reverse(name, args=[record.pk]), {"player": "1", "why": "x"})
        assert response.status_code == 404
        body = response.content.decode()  # the site's 404 page, which names the visitor
        assert "/l/bonn" not in body
        assert "Bonn Catan" not in body
        assert "Ann" not in body


def test_a_rename_to_a_taken_name_is_refused_with_one_message_everywhere(
    private: Private,
) -> None:
    message = "league 'bonn' has a player 'ann' already; merge the two instead"
    web = Client()
    web.force_login(private.admin)
    form = {"action": "rename", "rename-player": "Dora", "rename-name": "ann", "rename-why": "x"}
    page = web.post(reverse("members", args=["bonn"]), form)
    assert page.status_code == 409
    assert message in page.content.decode().replace("&#x27;", "'")
    token = issue_token(private.admin, "rules")[1]
    answer = Client().patch(
        "/api/leagues/bonn/players/Dora",
        json.dumps({"name": "ann", "why": "x"}),
        content_type="application/json",
        headers={"Authorization": f"Bearer {token}"},
    )
    assert answer.status_code == 409
    assert answer.json()["error"] == {"field": "name", "message": message}
    args = ["league", "rename-player", "bonn", "Dora", "ann", "--why", "x"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert Player.objects.filter(league=private.club.league, name="Dora").exists()


def test_fixing_players_needs_a_reason_and_a_known_name_at_every_door(private: Private) -> None:
    web = Client()
    web.force_login(private.admin)
    members = reverse("members", args=["bonn"])
    blank = web.post(members, {"action": "remove", "remove-player": "Dora", "remove-why": ""})
    assert blank.status_code == 400
    unknown = {"action": "merge", "merge-player": "Nobody", "merge-into": "Dora", "merge-why": "x"}
    page = web.post(members, unknown)
    assert page.status_code == 404
    assert "league &#x27;bonn&#x27; has no player &#x27;Nobody&#x27;" in page.content.decode()
    token = issue_token(private.admin, "rules")[1]
    headers = {"Authorization": f"Bearer {token}"}
    for path, body in (
        ("/api/leagues/bonn/players/Nobody/merge", {"into": "Dora", "why": "x"}),
        ("/api/leagues/bonn/players/Dora/merge", {"into": "Nobody", "why": "x"}),
    ):
        answer = Client().post(path, json.dumps(body), "application/json", headers=headers)
        assert answer.status_code == 404
        assert "has no player 'Nobody'" in answer.json()["error"]["message"]
    gone = Client().delete("/api/leagues/bonn/players/Dora?why=", headers=headers)
    assert gone.status_code == 422
    result = CliRunner().invoke(app, ["league", "remove-player", "bonn", "Nobody", "--why", "x"])
    assert result.exit_code == 2
    assert "league 'bonn' has no player 'Nobody'" in result.stderr
    assert not services.player_changes(private.club.league).exists()


def test_the_members_page_lists_fixes_with_who_and_why_escaped(private: Private) -> None:
    web = Client()
    web.force_login(private.admin)
    members = reverse("members", args=["bonn"])
    why = "<script>alert(1)</script>"
    fix = {"action": "rename", "rename-player": "Dora", "rename-name": "Dorothea"}
    fix["rename-why"] = why
    assert web.post(members, fix).status_code == 302
    page = web.get(members).content.decode()
    table = page.split('id="player-changes"', 1)[1].split("</table>", 1)[0]
    assert "Dora renamed to Dorothea" in table
    assert private.admin.username in table
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in table
    assert "<script>alert" not in page
    assert "Dora is called Dorothea now" in page


def test_the_console_fixes_players_without_naming_itself(private: Private) -> None:
    _added(private, "Doro")
    runner = CliRunner()
    merged = runner.invoke(app, ["league", "merge-players", "bonn", "doro", "Dora", "--why", "one"])
    assert merged.exit_code == 0, merged.stderr
    assert merged.stdout.strip() == "Doro's results are Dora's now in league bonn"
    renamed = runner.invoke(
        app, ["league", "rename-player", "bonn", "dora", "Dorothea", "--why", "x"]
    )
    assert renamed.stdout.strip() == "Dora is called Dorothea now in league bonn"
    _added(private, "Ghost")
    removed = runner.invoke(app, ["league", "remove-player", "bonn", "Ghost", "--why", "mistake"])
    assert removed.stdout.strip() == "removed Ghost from league bonn"
    changes = services.player_changes(private.club.league)
    assert [(c.kind, c.name, c.into, c.by) for c in changes] == [
        ("removed", "Ghost", "", None),
        ("renamed", "Dora", "Dorothea", None),
        ("merged", "Doro", "Dora", None),
    ]


def test_the_submitter_corrects_a_pending_result_through_the_api_too(private: Private) -> None:
    """One rule (`services.require_may_correct`) at every door: the submitter while it waits."""
    record = services.submit_game(private.club.league, four_player_game("g1"), private.club.ann)
    body = {"why": "typo", "game": _game_body("g1")}
    for user, status in ((private.club.ben, 403), (private.club.ann, 201)):
        token = issue_token(user, "fix")[1]
        answer = Client().post(
            "/api/leagues/bonn/games/g1/correct",
            json.dumps(body),
            content_type="application/json",
            headers={"Authorization": f"Bearer {token}"},
        )
        assert answer.status_code == status, answer.json()
    assert GameRecord.objects.get(replaces=record).status == "submitted"
