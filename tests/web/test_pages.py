"""The pages that read a league, as a visitor's browser gets them.

A small league with two cities, two game groups, a tournament, an A.R.E.A. title, an event's
final standings, a pending and a disputed result, and a player whose name is markup: every page
must show that name as text.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterator
from html import escape
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from django.contrib.auth.models import User
from django.contrib.staticfiles import finders
from django.test import Client
from django.urls import reverse

from tablerank.engine.backtest import Backtest
from tablerank.engine.calibration import calibration
from tablerank.engine.records import event_from_dict, game_from_dict
from tablerank.engine.systems import get_system
from tablerank.league import queries, services
from tablerank.league.models import GameRecord, League, Player
from tablerank.web.templatetags.tablerank_web import system_label

EVIL = "<script>alert(1)</script>"
ESCAPED = "&lt;script&gt;alert(1)&lt;/script&gt;"
EVENT = "Spring Open"
VENDOR = Path(__file__).parents[2] / "src" / "tablerank" / "web" / "static" / "web" / "vendor"


def catan(game_id: str, day: str, city: str, seats: list[tuple[str, int]], **more: Any) -> Any:
    """A Catan game whose first seat wins."""
    rows = [{"player": name, "vp": vp, "winner": i == 0} for i, (name, vp) in enumerate(seats)]
    return game_from_dict({"id": game_id, "date": day, "city": city, "seats": rows, **more})


def season() -> list[Any]:
    sources = {"settlements": 2, "cities": 4, "longest_road": 2, "vp_cards": 2}
    return [
        catan("b1", "2026-03-03", "Bonn", [("Ann", 10), ("Ben", 7), (EVIL, 6)]),
        catan("b2", "2026-03-05", "Bonn", [(EVIL, 10), ("Ann", 8), ("Ben", 5)]),
        catan("k1", "2026-03-04", "Köln", [("Kai", 10), ("Mia", 9), ("Ann", 4)]),
        catan("k2", "2026-04-02", "Köln", [("Mia", 10), ("Kai", 6), ("Ben", 3)]),
        catan(
            "ck1", "2026-04-03", "Bonn", [("Ben", 13), ("Ann", 9), ("Kai", 7)],
            variant="cities-knights",
        ),
        game_from_dict({
            "id": "src1", "date": "2026-04-04", "city": "Bonn",
            "seats": [{"player": "Ann", "vp": 10, "winner": True, "sources": sources},
                      {"player": EVIL, "vp": 6}, {"player": "Mia", "vp": 5}],
        }),
        game_from_dict({
            "id": "kr1", "date": "2026-04-05", "game": "Kremlin",
            "seats": [{"player": "Kai", "place": 1}, {"player": "Ann", "place": 2},
                      {"player": EVIL, "place": 3}],
        }),
        catan("t1", "2026-04-11", "Bonn", [("Ann", 10), (EVIL, 8), ("Ben", 8), ("Kai", 5)],
              event=EVENT, round=1),
        catan("t2", "2026-04-11", "Bonn", [(EVIL, 10), ("Kai", 9), ("Ann", 6), ("Ben", 4)],
              event=EVENT, round=2),
    ]  # fmt: skip


@pytest.fixture
def users(db: None) -> dict[str, User]:
    return {name: User.objects.create_user(name, password="pw") for name in ("ref", "ann", "ben")}


def build(slug: str, users: dict[str, User], *, public: bool = True) -> League:
    league = League.objects.create(
        name=f"{EVIL} League", slug=slug, time_zone="Europe/Berlin", public=public
    )
    league.admins.add(users["ref"])
    league.officials.add(users["ref"])
    services.add_player(league, "Ann", by=services.CONSOLE, account=users["ann"])
    services.add_player(league, "Ben", by=services.CONSOLE, account=users["ben"])
    services.record_games(league, season(), users["ref"])
    cup = {"id": "Winter Cup", "date": "2026-02-01", "rounds": 3, "standings": [
        {"player": "Mia", "place": 1, "wins": 3}, {"player": EVIL, "place": 2, "wins": 2},
        {"player": "Ann", "place": 3, "wins": 1, "losses": 2},
        {"player": "Ben", "place": 4, "losses": 3}]}  # fmt: skip
    services.record_event(league, event_from_dict(cup), users["ref"])
    pending = catan("p1", "2026-04-20", "Bonn", [("Ben", 10), ("Ann", 7), ("Kai", 6)])
    services.submit_game(league, pending, by=users["ben"])
    return league


@pytest.fixture
def league(users: dict[str, User]) -> League:
    return build("club", users)


@pytest.fixture
def private(users: dict[str, User]) -> League:
    return build("hidden", users, public=False)


def page_urls(slug: str) -> list[str]:
    return [
        reverse("league-home", args=[slug]),
        reverse("league-home", args=[slug]) + "?section=leaders",
        reverse("standings", args=[slug]),
        *(reverse("standings", args=[slug, tab]) for tab in TABS),
        reverse("standings", args=[slug, "skill"]) + "?section=table",
        reverse("standings", args=[slug, "monthly"]) + "?month=2026-03&city=Bonn",
        reverse("player", args=[slug, EVIL]),
        reverse("player", args=[slug, EVIL]) + "?system=cow.elo",
        reverse("player", args=[slug, EVIL]) + "?system=turnabout",
        reverse("game", args=[slug, "b2"]),
        reverse("game", args=[slug, "b2"]) + "?section=skill",
        reverse("game", args=[slug, "p1"]),
        reverse("event", args=[slug, EVENT]),
        reverse("event", args=[slug, "Winter Cup"]),
        reverse("event-projector", args=[slug, EVENT]),
        reverse("forecasts", args=[slug]),
        reverse("forecasts", args=[slug]) + f"?p1=Ann&p2={quote(EVIL)}&p3=Kai",
        reverse("games", args=[slug]),
        reverse("games", args=[slug]) + f"?player={quote(EVIL)}&city=Bonn",
    ]


TABS = [
    "pages.point", "pages.accomplishment", "pages.glory", "pages.elo", "pages.share",
    "pages.combined", "cow.points", "cow.elo", "monthly", "open", "annual", "area", "turnabout",
    "skill",
]  # fmt: skip


def text(response: Any) -> str:
    assert response.status_code == 200, response.status_code
    body: str = response.content.decode()
    return body


# -- every page ----------------------------------------------------------------------------------


@pytest.mark.parametrize("index", range(len(page_urls("club"))))
def test_every_page_shows_a_markup_name_as_text(client: Client, league: League, index: int) -> None:
    body = text(client.get(page_urls(league.slug)[index]))
    assert EVIL not in body
    assert ESCAPED in body


class Tags(HTMLParser):
    """Every start tag's name and attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.inline_scripts: list[str] = []
        self._in_script: dict[str, str | None] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        if tag == "script":
            self._in_script = dict(attrs)

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in_script = None

    def handle_data(self, data: str) -> None:
        script = self._in_script
        if script is not None and data.strip() and script.get("type") != "application/json":
            self.inline_scripts.append(data)


def parsed(body: str) -> Tags:
    tags = Tags()
    tags.feed(body)
    return tags


def asset_urls(tags: Tags) -> Iterator[str]:
    for tag, attrs in tags.tags:
        if tag in {"script", "img"} and attrs.get("src"):
            yield str(attrs["src"])
        if tag == "link" and attrs.get("href"):
            yield str(attrs["href"])


@pytest.mark.parametrize("index", range(len(page_urls("club"))))
def test_pages_load_only_same_origin_assets_and_nothing_inline(
    client: Client, league: League, index: int
) -> None:
    tags = parsed(text(client.get(page_urls(league.slug)[index])))
    assets = list(asset_urls(tags))
    assert any(url.endswith("htmx.min.js") for url in assets)
    for url in assets:
        assert url.startswith("/static/"), url
        assert finders.find(url.removeprefix("/static/")), f"{url} is not a static file"
    assert tags.inline_scripts == []
    for tag, attrs in tags.tags:
        assert "style" not in attrs, tag
        assert not [name for name in attrs if name.startswith("on")], (tag, attrs)


def test_the_home_page_lists_public_leagues_and_private_ones_to_members_only(
    client: Client, league: League, private: League, users: dict[str, User]
) -> None:
    outsider = text(client.get(reverse("home")))
    assert reverse("league-home", args=["club"]) in outsider
    assert reverse("league-home", args=["hidden"]) not in outsider
    client.force_login(users["ann"])
    member = text(client.get(reverse("home")))
    assert reverse("league-home", args=["hidden"]) in member


@pytest.mark.parametrize("index", range(len(page_urls("hidden"))))
def test_a_private_league_is_not_found_for_outsiders(
    client: Client, private: League, index: int
) -> None:
    url = page_urls(private.slug)[index]
    assert client.get(url).status_code == 404
    client.force_login(User.objects.create_user("stranger"))
    assert client.get(url).status_code == 404
    client.force_login(User.objects.get(username="ben"))
    assert client.get(url).status_code == 200


def test_unknown_leagues_players_games_events_and_tabs_are_not_found(
    client: Client, league: League
) -> None:
    for url in [
        reverse("league-home", args=["nope"]),
        reverse("standings", args=[league.slug, "chess.elo"]),
        reverse("player", args=[league.slug, "Nobody"]),
        reverse("game", args=[league.slug, "zz9"]),
        reverse("event", args=[league.slug, "No Such Cup"]),
        reverse("event-projector", args=[league.slug, "No Such Cup"]),
    ]:
        assert client.get(url).status_code == 404, url


# -- league home ---------------------------------------------------------------------------------


def test_league_home_shows_latest_results_and_each_systems_leader(
    client: Client, league: League
) -> None:
    body = text(client.get(reverse("league-home", args=[league.slug])))
    for record in queries.latest_results(league, 3):
        assert reverse("game", args=[league.slug, record.external_id]) in body
    glory = get_system("pages.glory").rate(services.confirmed_history(league))
    assert glory.standings[0].player == "Ann"
    assert reverse("standings", args=[league.slug, "pages.glory"]) in body


def test_league_home_asks_for_skills_leaders_after_loading_until_they_are_kept(
    client: Client, users: dict[str, User], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Skill is fitted over every game on reading (seconds on a large league): the home page
    shows the stored systems' leaders at once and fetches skill's after loading, unless they
    are kept for the league's revision (tests/league/test_cached_reads.py: when they are)."""
    league = League.objects.create(name="One title", slug="one", time_zone="Europe/Berlin")
    games = [g for g in season() if g.game == "catan" and not g.event]
    services.record_games(league, games, users["ref"])
    url = reverse("league-home", args=[league.slug])
    skill_board = reverse("standings", args=[league.slug, "skill"])

    def leaders_of(body: str) -> str:
        return body.split('id="leaders-heading"')[1].split("</section>", maxsplit=1)[0]

    first = text(client.get(url))
    assert f'hx-get="{url}?section=leaders"' in first
    assert skill_board not in leaders_of(first)
    assert reverse("standings", args=[league.slug, "pages.glory"]) in leaders_of(first)
    part = client.get(url, {"section": "leaders"}, headers={"HX-Request": "true"})
    assert "HX-Request" in part["Vary"]
    boards = text(part)
    assert "<html" not in boards
    assert skill_board in boards
    assert queries.standings(league, "skill").standings[0].player in boards
    whole = text(client.get(url, {"section": "leaders"}))  # without JavaScript: the whole page
    assert "<html" in whole
    assert skill_board in leaders_of(whole)
    monkeypatch.setattr(queries, "leaders_ready", lambda league, top, systems: True)
    kept = text(client.get(url))
    assert "section=leaders" not in kept
    assert skill_board in leaders_of(kept)


def test_skill_standings_are_fetched_after_loading_until_they_are_kept(
    client: Client, league: League, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Skill's table is fitted over every game on reading (seconds on a large league): the tab
    asks for it after loading, with the page's filters and page number, as an htmx part or,
    without JavaScript, the whole page; once kept for the revision it is shown at once
    (tests/league/test_cached_reads.py: when it is). Stored systems' tabs never wait."""
    url = reverse("standings", args=[league.slug, "skill"])
    top = queries.standings(
        league, "skill", queries.StandingsFilters(list_key="catan", since="2026-01-01")
    ).standings[0]
    leader = escape(top.player)
    first = text(client.get(url, {"list": "catan", "since": "2026-01-01"}))
    tags = parsed(first).tags
    pending = next(attrs for _, attrs in tags if attrs.get("id") == "standings-pending")
    asked = f"{url}?list=catan&since=2026-01-01&section=table"
    assert (pending["hx-get"], pending["hx-trigger"]) == (asked, "load")
    assert pending["hx-target"] == "#standings-table"
    assert 'class="standings"' not in first
    part = client.get(asked, headers={"HX-Request": "true"})
    assert "HX-Request" in part["Vary"]
    assert text(part).lstrip().startswith('<section id="standings-table"')
    whole = text(client.get(asked))  # without JavaScript: the whole page, the table in it
    assert "<html" in whole
    for shown in (text(part), whole):
        assert 'class="standings"' in shown
        assert leader in shown
        assert 'id="standings-pending"' not in shown
    monkeypatch.setattr(queries, "standings_ready", lambda *args, **kwargs: True)
    kept = text(client.get(url))
    assert 'id="standings-pending"' not in kept
    assert leader in kept
    monkeypatch.undo()
    stored = text(client.get(reverse("standings", args=[league.slug, "pages.point"])))
    assert 'id="standings-pending"' not in stored


def test_skills_leaders_of_a_private_league_are_not_found_by_outsiders(
    client: Client, private: League
) -> None:
    url = reverse("league-home", args=[private.slug])
    part = client.get(url, {"section": "leaders"}, headers={"HX-Request": "true"})
    assert part.status_code == 404


def test_league_home_tells_a_signed_in_player_how_many_results_wait_for_them(
    client: Client, league: League, users: dict[str, User]
) -> None:
    assert "wait for your confirmation" not in text(
        client.get(reverse("league-home", args=[league.slug]))
    )
    client.force_login(users["ann"])
    body = text(client.get(reverse("league-home", args=[league.slug])))
    waiting = len(queries.pending_for(users["ann"], league))
    assert waiting == 1
    assert re.search(rf'callout-count">{waiting}<', body)
    assert reverse("inbox") in body


# -- standings -----------------------------------------------------------------------------------


def rows(body: str) -> list[str]:
    """The players in the standings table, in order."""
    table = body.split('id="standings-table"', 1)[1]
    return re.findall(r'<td class="col-player">(?:<a [^>]*>)?([^<]+)', table)


def test_a_systems_tab_lists_its_standings_in_order(client: Client, league: League) -> None:
    body = text(client.get(reverse("standings", args=[league.slug, "pages.point"])))
    expected = queries.standings(league, "pages.point").standings
    assert rows(body) == [row.player.replace("<", "&lt;").replace(">", "&gt;") for row in expected]


def test_the_skill_tab_shows_each_estimate_with_its_uncertainty(
    client: Client, league: League
) -> None:
    url = reverse("standings", args=[league.slug, "skill"])
    body = text(client.get(url, {"section": "table"}))
    expected = queries.standings(
        league, "skill", queries.StandingsFilters(list_key="catan")
    ).standings
    assert rows(body) == [row.player.replace("<", "&lt;").replace(">", "&gt;") for row in expected]
    assert "VP above an average table" in body
    assert '<th scope="col" class="num">±</th>' in body
    assert ("provisional</span>" in body) == any(row.provisional for row in expected)
    assert 'value="catan" selected' in body or "skill · catan" in body


def test_filters_by_city_change_the_table_and_stay_in_the_url(
    client: Client, league: League
) -> None:
    url = reverse("standings", args=[league.slug, "pages.point"])
    everyone = rows(text(client.get(url)))
    bonn = rows(text(client.get(url, {"city": "Bonn"})))
    assert "Mia" in everyone
    assert "Mia" in bonn  # played src1 in Bonn
    koeln = rows(text(client.get(url, {"city": "Köln"})))
    assert set(koeln) == {"Kai", "Mia", "Ann", "Ben"}
    assert 'value="Köln" selected' in text(client.get(url, {"city": "Köln"}))


def test_filters_by_event_and_period(client: Client, league: League) -> None:
    url = reverse("standings", args=[league.slug, "pages.accomplishment"])
    event_rows = rows(text(client.get(url, {"event": EVENT})))
    assert set(event_rows) == {"Ann", ESCAPED, "Ben", "Kai"}
    march = rows(text(client.get(url, {"since": "2026-03-01", "until": "2026-03-31"})))
    assert set(march) == {"Ann", "Ben", ESCAPED, "Kai", "Mia"}


def test_htmx_gets_only_the_table_and_a_history_restore_the_whole_page(
    client: Client, league: League
) -> None:
    url = reverse("standings", args=[league.slug, "pages.point"])
    partial = client.get(url, {"city": "Bonn"}, headers={"HX-Request": "true"})
    assert partial.status_code == 200
    body = partial.content.decode()
    assert body.lstrip().startswith('<section id="standings-table"')
    assert "<html" not in body
    assert "HX-Request" in partial["Vary"]
    restore = client.get(url, headers={"HX-Request": "true", "HX-History-Restore-Request": "true"})
    assert "<html" in restore.content.decode()


def test_the_filter_form_swaps_the_table_and_pushes_the_url(client: Client, league: League) -> None:
    tags = parsed(text(client.get(reverse("standings", args=[league.slug, "pages.glory"]))))
    form = next(attrs for tag, attrs in tags.tags if tag == "form" and "hx-get" in attrs)
    assert form["hx-get"] == reverse("standings", args=[league.slug, "pages.glory"])
    assert form["hx-target"] == "#standings-table"
    assert form["hx-push-url"] == "true"
    assert form["method"] == "get"


def test_a_bad_filter_is_named_in_the_page(client: Client, league: League) -> None:
    body = text(
        client.get(reverse("standings", args=[league.slug, "pages.point"]), {"since": "soon"})
    )
    assert "since: expected a date like 2026-03-14, got &#x27;soon&#x27;" in body


def test_elo_and_area_tabs_choose_a_list(client: Client, league: League) -> None:
    elo = reverse("standings", args=[league.slug, "cow.elo"])
    assert set(rows(text(client.get(elo, {"list": "cities-knights"})))) == {"Ben", "Ann", "Kai"}
    area = reverse("standings", args=[league.slug, "area"])
    kremlin = rows(text(client.get(area, {"list": "Kremlin"})))
    assert kremlin[0] == "Kai"
    assert set(kremlin) == {"Kai", "Ann", ESCAPED}


def test_monthly_list_shows_places_and_gold(client: Client, league: League) -> None:
    url = reverse("standings", args=[league.slug, "monthly"])
    body = text(client.get(url, {"month": "2026-04", "city": "Bonn", "group": "base"}))
    expected = queries.monthly_list(league, "2026-04", city="Bonn", group="base")
    assert "Monthly list 2026-04 · Bonn · base" in body
    # Nobody plays 7 games a month here: everyone is listed under "not listed" with a reason.
    assert not expected.entries
    assert f"{len(expected.not_listed)} not listed" in body
    assert "the list needs 7" in body


def test_a_long_not_listed_list_names_the_first_fifty_and_counts_the_rest(
    client: Client, users: dict[str, User]
) -> None:
    """On a platform's league thousands play too little in a month: the page names the first
    50 (alphabetically, as the list gives them) and counts the others."""
    league = League.objects.create(name="Many", slug="many", time_zone="Europe/Berlin")
    names = [f"P{n:02d}" for n in range(60)]
    games = [
        catan(f"m{n}", "2026-04-02", "Bonn", [(name, 10 - i) for i, name in enumerate(table)])
        for n, table in enumerate(zip(names[::3], names[1::3], names[2::3], strict=True))
    ]
    services.record_games(league, games, users["ref"])
    url = reverse("standings", args=[league.slug, "monthly"])
    body = text(client.get(url, {"month": "2026-04", "city": "Bonn", "group": "base"}))
    assert "60 not listed" in body
    shown = re.findall(r"<li>(P\d\d): 1 games in 2026-04", body)
    assert shown == names[:50]
    assert "and 10 more" in body


@pytest.mark.parametrize(
    ("name", "tab", "query"),
    [
        ("standings", "monthly", {"month": "9999-12"}),
        ("standings", "annual", {"year": "9999"}),
        ("games", None, {"month": "9999-12"}),
    ],
)
def test_the_calendars_last_month_is_a_page_not_an_error(
    client: Client, league: League, name: str, tab: str | None, query: dict[str, str]
) -> None:
    """December 9999 ends on the calendar's last day: its first day plus a month, which the
    month's end was computed from, is past the calendar (a 500 before)."""
    url = reverse(name, args=[league.slug, tab] if tab else [league.slug])
    assert client.get(url, query).status_code == 200


def test_turnabout_tab_rates_the_recorded_events(client: Client, league: League) -> None:
    body = text(client.get(reverse("standings", args=[league.slug, "turnabout"])))
    assert rows(body)[0] == "Mia"


def test_a_system_that_refuses_the_history_is_explained_not_a_crash(
    client: Client, league: League, users: dict[str, User]
) -> None:
    small = {"id": "Tiny Cup", "date": "2026-05-01", "rounds": 2, "standings": [
        {"player": "Ann", "place": 1, "wins": 2}, {"player": "Ben", "place": 2, "wins": 1},
        {"player": "Kai", "place": 3}]}  # fmt: skip
    services.record_event(league, event_from_dict(small), users["ref"])
    body = text(client.get(reverse("standings", args=[league.slug, "turnabout"])))
    assert "an event needs at least 4 players" in body
    home = text(client.get(reverse("league-home", args=[league.slug])))
    assert "an event needs at least 4 players" in home
    player = text(client.get(reverse("player", args=[league.slug, "Ann"]), {"system": "turnabout"}))
    assert "an event needs at least 4 players" in player


# -- player --------------------------------------------------------------------------------------


def chart_data(body: str) -> dict[str, Any]:
    found = re.search(r'<script id="chart-data" type="application/json">(.*?)</script>', body)
    assert found, "no chart data"
    data: dict[str, Any] = json.loads(found.group(1))
    return data


def test_player_page_charts_the_rating_after_each_game(client: Client, league: League) -> None:
    body = text(client.get(reverse("player", args=[league.slug, "Ann"]), {"system": "cow.elo"}))
    history = queries.player_history(league, "Ann", "cow.elo")
    data = chart_data(body)
    assert data["system"] == "cow.elo"
    by_list = {line["list"]: line for line in data["series"]}
    assert set(by_list) == {"base", "cities-knights"}
    base = [entry for entry in history if entry.list_key == "base"]
    assert by_list["base"]["ratings"] == [entry.after for entry in base]
    assert by_list["base"]["games"] == [entry.game for entry in base]
    assert 'data-chart="rating-history"' in body


def test_player_page_shows_records_per_game_and_head_to_head(
    client: Client, league: League
) -> None:
    body = text(client.get(reverse("player", args=[league.slug, "Ann"])))
    person = Player.objects.get(league=league, name="Ann")
    titles, met = queries.player_records(league, person)
    per_game = body.split('id="title-records"', 1)[1].split("</table>", 1)[0]
    assert per_game.count("<tr><td>") == len(titles)
    head = body.split('id="rivals"', 1)[1].split("</table>", 1)[0]
    first = met[0]
    assert f">{ESCAPED if first.opponent == EVIL else first.opponent}</a>" in head
    assert f'<td class="num">{first.games}</td>' in head
    played = sum(r.games for r in titles)
    assert f"{played} games" in body  # the header counts every confirmed game


def test_player_page_says_when_a_system_counts_fewer_games(client: Client, league: League) -> None:
    """Ann played eight games, one of them Kremlin: Point counts her seven Catan games."""
    url = reverse("player", args=[league.slug, "Ann"])
    point = text(client.get(url, {"system": "pages.point"}))
    assert "8 games · 3 wins" in point
    assert "7 of Ann's 8 games count here: Point does not rate the others" in point
    area = text(client.get(url, {"system": "area"}))
    assert 'id="not-rated-here"' not in area  # A.R.E.A. rates all eight


def test_player_page_explains_every_game_in_words(client: Client, league: League) -> None:
    body = text(client.get(reverse("player", args=[league.slug, "Ann"]), {"system": "cow.elo"}))
    history = queries.player_history(league, "Ann", "cow.elo")
    first = next(entry for entry in history if entry.game == "b1")
    words = ", ".join(
        f"{'+' if t.amount > 0 else '−'}{abs(round(t.amount))} against {t.opponent}"
        for t in first.terms
    )
    assert first.change == 8
    assert f"+8: {words.replace('<', '&lt;').replace('>', '&gt;')}" in body
    assert body.count('class="history-row"') == len(history)


def test_player_page_explains_the_latest_games_and_links_to_every_game(
    client: Client, league: League, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("tablerank.web.pages.player.LATEST", 2)
    url = reverse("player", args=[league.slug, "Ann"])
    history = queries.player_history(league, "Ann", "cow.elo")
    assert len(history) > 2
    body = text(client.get(url, {"system": "cow.elo"}))
    assert "The latest 2 games, explained" in body
    assert body.count('class="history-row"') == 2
    shown = {game for line in chart_data(body)["series"] for game in line["games"]}
    assert shown == {entry.game for entry in history[-2:]}
    assert 'href="?system=cow.elo&amp;all=1"' in body
    whole = text(client.get(url, {"system": "cow.elo", "all": "1"}))
    assert "Every game, explained" in whole
    assert whole.count('class="history-row"') == len(history)


def test_player_page_names_are_case_insensitive(client: Client, league: League) -> None:
    body = text(client.get(reverse("player", args=[league.slug, "aNN"])))
    assert "<h1>Ann</h1>" in body


# -- game ----------------------------------------------------------------------------------------


def test_game_page_shows_seats_vp_sources_and_what_each_system_did(
    client: Client, league: League
) -> None:
    body = text(client.get(reverse("game", args=[league.slug, "src1"])))
    for label in ("Settlements", "Cities", "Longest Road", "Victory Point Cards"):
        assert label in body
    assert "confirmed" in body
    explanations = queries.game_explanations(
        GameRecord.objects.get(league=league, external_id="src1")
    )
    for system in explanations:
        assert f"<h3>{system_label(system)}</h3>" in body
    assert "+40" in body  # Glory: Ann won at a 3-player table


def test_game_page_shows_skills_expectations_and_pre_game_chances(
    client: Client, league: League
) -> None:
    """Skill fits the history twice for a game: the page asks for that part after it loads
    (nothing is kept inside a test's transaction), as an htmx part or, without JavaScript, the
    whole page; a pending game has no such part."""
    url = reverse("game", args=[league.slug, "src1"])
    body = text(client.get(url))
    assert "to win before the game" not in body
    pending = next(attrs for _, attrs in parsed(body).tags if attrs.get("id") == "skill-pending")
    asked = f"{url}?section=skill"
    assert (pending["hx-get"], pending["hx-trigger"]) == (asked, "load")
    part = client.get(asked, headers={"HX-Request": "true"}).content.decode()
    assert part.lstrip().startswith('<article class="card effect">')
    for shown in (part, text(client.get(asked))):
        assert f"<h3>{system_label('skill')}</h3>" in shown
        assert "against the table, scored" in shown
        assert "to win before the game" in shown
    assert 'id="skill-pending"' not in text(client.get(asked))
    waiting = text(client.get(reverse("game", args=[league.slug, "p1"])))
    assert 'id="skill-pending"' not in waiting
    assert "to win before the game" not in waiting


def test_forecasts_page_gives_the_tables_chances_and_the_backtest(
    client: Client, league: League
) -> None:
    url = reverse("forecasts", args=[league.slug])
    body = text(client.get(url, {"p1": "ann", "p2": EVIL, "p3": "Newbie"}))
    table = body.split('id="odds-table"', 1)[1].split("</table>", 1)[0]
    assert table.index("Ann") < table.index(ESCAPED) < table.index("Newbie")
    assert "new</span>" in table
    odds = queries.predict(league, ("Ann", EVIL, "Newbie"), "skill", "catan")
    assert sum(o.win_probability for o in odds) == pytest.approx(1)
    assert f"{100 * odds[0].win_probability:.1f}\u202f%" in table
    assert 'id="backtest-table"' not in body  # not kept yet: fetched after the page loads
    section = next(attrs for _, attrs in parsed(body).tags if attrs.get("id") == "backtest")
    assert section["hx-trigger"] == "load"
    assert section["hx-get"] == f"{url}?title=catan&section=backtest"
    part = client.get(section["hx-get"], headers={"HX-Request": "true"}).content.decode()
    assert part.lstrip().startswith('<section class="card" id="backtest"')
    assert "hx-get" not in part
    backtest = part.split('id="backtest-table"', 1)[1].split("</table>", 1)[0]
    assert "Uniform guess" in backtest
    assert system_label("skill") in backtest
    assert "Deciles off" in backtest
    assert "too few seats" in backtest  # a few games: no decile of 30 seats to judge
    assert "two standard errors" in part
    without_script = text(client.get(section["hx-get"]))  # the <noscript> link's whole page
    assert "<title>Forecasts — " in without_script
    assert 'id="backtest-table"' in without_script
    assert "<title>Forecasts — " in body
    assert body.count('id="seats-heading"') == 1
    seats = body.split('id="seats-heading"', 1)[1]
    assert "4-player tables" in seats
    assert "chi-square" in seats
    one = text(client.get(url, {"p1": "Ann"}))
    assert "a table needs at least two players" in one
    twice = text(client.get(url, {"p1": "Ann", "p2": "ann"}))
    assert "Ann is seated twice at the table" in twice
    assert f'href="{url}"' in text(client.get(reverse("league-home", args=[league.slug])))


def test_forecasts_page_judges_each_systems_deciles(
    client: Client, league: League, monkeypatch: pytest.MonkeyPatch
) -> None:
    steady = [(0.25, k % 4 == 0) for k in range(400)]  # exact: a quarter of them won
    lucky = [(0.2, k % 5 < 2) for k in range(400)]  # given 0.2, won 0.4: every decile off
    scores = {"skill": steady, "cow.elo": lucky}
    results = [
        Backtest(system, 100, None, 1.3, 0.3, 0.7, 1.35, 0.75, calibration(seats))
        for system, seats in scores.items()
    ]
    monkeypatch.setattr(queries, "backtest_ready", lambda league, title: True)
    monkeypatch.setattr(queries, "backtest", lambda league, title: ((100, 1.35, 0.75), results))
    body = text(client.get(reverse("forecasts", args=[league.slug])))
    rows = body.split('id="backtest-table"', 1)[1].split("</table>", 1)[0].split("<tr>")
    skill = next(row for row in rows if system_label("skill") in row)
    elo = next(row for row in rows if system_label("cow.elo") in row)
    assert "0 of 10 " in skill
    assert "(chance 1.00)" in skill
    assert "10 of 10 " in elo
    assert "(chance &lt; 0.01)" in elo


def test_forecasts_page_shows_a_backtest_kept_already_at_once(
    client: Client, league: League, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(queries, "backtest_ready", lambda league, title: True)
    body = text(client.get(reverse("forecasts", args=[league.slug])))
    assert 'id="backtest-table"' in body
    assert "Working it out" not in body


def _cards(body: str) -> list[str]:
    """The ids of the games a page's result cards link to, in order."""
    return re.findall(r'class="result-head" href="/l/[^/]+/games/([^"]+)"', body)


@pytest.mark.parametrize(
    ("query", "shown"),
    [
        ({}, ["t2", "t1", "kr1", "src1", "ck1", "k2", "b2", "k1", "b1"]),
        ({"player": "ann"}, ["t2", "t1", "kr1", "src1", "ck1", "b2", "k1", "b1"]),
        ({"title": "kremlin"}, ["kr1"]),
        ({"month": "2026-03"}, ["b2", "k1", "b1"]),
        ({"city": "Köln", "player": "Mia"}, ["k2", "k1"]),
    ],
)
def test_the_games_page_lists_confirmed_games_newest_first_as_filtered(
    client: Client, league: League, query: dict[str, str], shown: list[str]
) -> None:
    assert _cards(text(client.get(reverse("games", args=[league.slug]), query))) == shown


def test_the_games_page_pages_and_says_when_nothing_matches(
    client: Client, league: League, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("tablerank.web.pages.games.PER_PAGE", 4)
    url = reverse("games", args=[league.slug])
    first = text(client.get(url, {"player": "Ann"}))
    assert _cards(first) == ["t2", "t1", "kr1", "src1"]
    assert 'href="?player=Ann&amp;page=2"' in first
    second = text(client.get(url, {"player": "Ann", "page": "2"}))
    assert _cards(second) == ["ck1", "b2", "k1", "b1"]
    assert client.get(url, {"player": "Ann", "page": "3"}).status_code == 404
    for odd in ("x", "0", "²", "①", "9" * 5000):  # "²".isdigit(), yet int("²") fails
        assert client.get(url, {"page": odd}).status_code == 400
    standings = reverse("standings", args=[league.slug])
    assert client.get(standings, {"page": "²"}).status_code == 400
    bad = client.get(url, {"month": "March"})
    assert bad.status_code == 400
    none = text(client.get(url, {"player": "Zed"}))
    assert "No confirmed game of Zed." in none
    assert f'href="{url}"' in text(client.get(reverse("league-home", args=[league.slug])))


def test_game_page_says_who_still_has_to_sign_a_pending_result(
    client: Client, league: League
) -> None:
    body = text(client.get(reverse("game", args=[league.slug, "p1"])))
    assert "pending" in body
    assert "Waiting for" in body
    assert "Only confirmed results move ratings" in body


# -- event ---------------------------------------------------------------------------------------


def test_event_page_shows_standings_and_the_tiebreak_between_neighbours(
    client: Client, league: League
) -> None:
    body = text(client.get(reverse("event", args=[league.slug, EVENT])))
    table = queries.event_standings(league, EVENT)
    assert body.count('class="tiebreak ') == len(table.rows) - 1
    for row in table.rows[1:]:
        assert f"on {row.separated_by}" in body
    assert reverse("event-projector", args=[league.slug, EVENT]) in body


def test_event_page_takes_another_scoring(client: Client, league: League) -> None:
    body = text(client.get(reverse("event", args=[league.slug, EVENT]), {"scoring": "wins"}))
    assert "Ranked by wins, then capped VP" in body
    bad = text(client.get(reverse("event", args=[league.slug, EVENT]), {"scoring": "golf"}))
    assert "scoring: unknown scoring" in bad


def test_an_event_with_games_and_recorded_standings_says_which_table_is_which(
    client: Client, league: League, users: dict[str, User]
) -> None:
    final = {"id": EVENT, "date": "2026-04-11", "rounds": 2, "standings": [
        {"player": "Kai", "place": 1, "wins": 2}, {"player": "Ann", "place": 2, "wins": 1,
         "losses": 1}, {"player": EVIL, "place": 3, "losses": 2}]}  # fmt: skip
    services.record_event(league, event_from_dict(final), users["ref"])
    body = text(client.get(reverse("event", args=[league.slug, EVENT])))
    computed = body.split('id="standings-heading"', 1)[1].split("</p>", 1)[0]
    assert "computed from the games" in computed
    assert "may differ from the final standings as recorded below" in computed
    recorded = body.split('id="final-why"', 1)[1].split("</p>", 1)[0]
    assert "not worked out from the games above" in recorded
    assert "Turnabout rates" in recorded


def test_an_event_without_games_shows_its_recorded_final_standings(
    client: Client, league: League
) -> None:
    body = text(client.get(reverse("event", args=[league.slug, "Winter Cup"])))
    final = body.split("Final standings as recorded", 1)[1]
    assert re.findall(r'<td class="col-player">(?:<a [^>]*>)?([^<]+)', final) == [
        "Mia",
        ESCAPED,
        "Ann",
        "Ben",
    ]


def test_projector_is_dark_large_and_refreshes_itself_every_30_seconds(
    client: Client, league: League
) -> None:
    url = reverse("event-projector", args=[league.slug, EVENT])
    tags = parsed(text(client.get(url)))
    body_tag = next(attrs for tag, attrs in tags.tags if tag == "body")
    assert body_tag["class"] == "projector"
    board = next(attrs for tag, attrs in tags.tags if attrs.get("id") == "projector-board")
    assert board["hx-get"] == url
    assert board["hx-trigger"] == "every 30s"
    assert board["hx-swap"] == "outerHTML"
    partial = client.get(url, headers={"HX-Request": "true"}).content.decode()
    assert partial.lstrip().startswith('<section id="projector-board"')


# -- vendored assets -----------------------------------------------------------------------------


def test_vendored_assets_match_their_manifest_and_carry_their_licence() -> None:
    manifest = json.loads((VENDOR / "manifest.json").read_text())
    names = {package["name"] for package in manifest["packages"]}
    assert names == {"htmx.org", "uplot"}
    for package in manifest["packages"]:
        assert package["integrity"].startswith("sha512-")
        assert "LICENSE" in package["files"]
        for name, about in package["files"].items():
            data = (VENDOR / package["name"] / name).read_bytes()
            assert hashlib.sha256(data).hexdigest() == about["sha256"], name
    htmx = next(p for p in manifest["packages"] if p["name"] == "htmx.org")
    assert htmx["version"].startswith("2.")


def test_a_corrected_game_links_the_voided_record_to_its_correction(
    client: Client, league: League, users: dict[str, User]
) -> None:
    original = GameRecord.objects.get(league=league, external_id="k2")
    fixed = catan("k2", "2026-04-02", "Köln", [("Mia", 10), ("Kai", 7), ("Ben", 3)])
    services.correct_game(original, fixed, users["ref"], "Kai had 7 VP")
    live = text(client.get(reverse("game", args=[league.slug, "k2"])))
    assert "Corrects an earlier record, voided by ref: Kai had 7 VP" in live
    assert "<strong>7</strong>" not in live  # no sources here; VP shown in its own cell
    assert re.search(r'seat-total">7<', live)


def test_an_empty_league_shows_empty_pages_not_errors(client: Client, db: None) -> None:
    League.objects.create(name="New Club", slug="new")
    for url in [
        reverse("league-home", args=["new"]),
        *(reverse("standings", args=["new", tab]) for tab in TABS),
    ]:
        body = text(client.get(url))
        assert "New Club" in body
    home = text(client.get(reverse("league-home", args=["new"])))
    assert "No confirmed results yet." in home
    monthly = text(client.get(reverse("standings", args=["new", "monthly"])))
    assert "no confirmed games yet" in monthly
