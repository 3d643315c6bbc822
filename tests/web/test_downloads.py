"""Every standings table's "Download CSV" (issue 13, item 4): the whole table as the page filters
it, the rows the command line's `--format csv` writes, private leagues as private as their pages,
and no name that a spreadsheet would run as a formula."""

from __future__ import annotations

import csv
import io
import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tablerank.formats.report import lists_json, rating_table_json
from tablerank.league import queries, services
from tablerank.league.models import League
from tablerank.league.queries import paging
from tablerank.web.pages import standings
from tests.formats.read_back import as_rows, csv_back, xlsx_back
from tests.web.test_pages import EVENT, EVIL, TABS, build, catan

FORMULA = '=HYPERLINK("http://evil.example","x")'


@pytest.fixture
def users(db: None) -> dict[str, User]:
    return {name: User.objects.create_user(name, password="pw") for name in ("ref", "ann", "ben")}


@pytest.fixture
def league(users: dict[str, User]) -> League:
    club = build("club", users)
    games = [
        catan("x1", "2026-05-02", "Bonn", [(FORMULA, 10), ("@Ann", 7), ("-Ben", 5)], event="Cup"),
        catan("x2", "2026-05-03", "Bonn", [("-Ben", 10), (FORMULA, 8), ("@Ann", 6)], event="Cup"),
    ]
    services.record_games(club, games, users["ref"])
    return club


def download(client: Client, url: str, **query: str) -> tuple[list[str], list[dict[str, Any]]]:
    response = client.get(url, query)
    assert response.status_code == 200, response.content
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    disposition = response["Content-Disposition"]
    assert re.fullmatch(r'attachment; filename="[A-Za-z0-9_.-]+\.csv"', disposition)
    return csv_back(response.content.decode())


def csv_url(slug: str, tab: str) -> str:
    return reverse("standings-csv", args=[slug, tab])


@pytest.mark.parametrize("tab", TABS)
def test_every_tab_links_its_csv_with_the_pages_filters(
    client: Client, league: League, tab: str
) -> None:
    page = client.get(reverse("standings", args=[league.slug, tab]), {"city": "Bonn"})
    body = page.content.decode()
    href = f'href="{csv_url(league.slug, tab)}?city=Bonn"'
    assert re.search(f'<a id="standings-csv" {re.escape(href)} download>Download CSV</a>', body)
    header, _ = download(client, csv_url(league.slug, tab), city="Bonn")
    assert header[:2] in (["player", "rank"], ["player", "place"])


def test_a_systems_csv_is_its_json_rows_in_order(client: Client, league: League) -> None:
    for tab, list_key in (("pages.point", None), ("skill", "catan"), ("cow.elo", "base")):
        header, rows = download(client, csv_url(league.slug, tab))
        table = queries.standings(league, tab, queries.StandingsFilters(list_key=list_key))
        assert rows == as_rows(rating_table_json(table)["standings"], header), tab
    response = client.get(csv_url(league.slug, "skill"))
    assert response["Content-Disposition"] == 'attachment; filename="club-skill-catan.csv"'


def test_a_lists_csv_is_its_json_rows(client: Client, league: League) -> None:
    header, rows = download(client, csv_url(league.slug, "monthly"), month="2026-04", city="Bonn")
    listed = lists_json(queries.monthly_list(league, "2026-04", city="Bonn", group="base"))
    assert header == ["player", "place", "score", "games", "gold"]
    assert rows == as_rows(listed["list"], header)
    annual, _ = download(client, csv_url(league.slug, "annual"), year="2026")
    assert annual == ["player", "place", "score", "months"]


def test_the_csv_holds_every_page_and_the_filters(
    client: Client, league: League, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(standings, "page_of", lambda rows, number: paging.page_of(rows, number, 2))
    url = reverse("standings", args=[league.slug, "pages.point"])
    assert "?page=2" in client.get(url).content.decode()  # the page shows two rows
    _, rows = download(client, csv_url(league.slug, "pages.point"))
    assert len(rows) == len(queries.standings(league, "pages.point").standings) > 2
    _, koeln = download(client, csv_url(league.slug, "pages.point"), city="Köln")
    assert {row["player"] for row in koeln} == {"Kai", "Mia", "Ann", "Ben"}


def test_a_name_a_spreadsheet_would_run_is_quoted(client: Client, league: League) -> None:
    for url in (
        csv_url(league.slug, "pages.point") + "?event=Cup",
        reverse("event-standings-csv", args=[league.slug, "Cup"]),
    ):
        text = client.get(url).content.decode()
        cells = {line.split(",")[0] for line in text.splitlines()[1:]}
        assert cells == {'"\'=HYPERLINK(""http://evil.example""', "'@Ann", "'-Ben"}, url
        assert {row["player"] for row in csv_back(text)[1]} == {FORMULA, "@Ann", "-Ben"}


def test_an_events_recorded_final_standings_are_a_download_too(
    client: Client, league: League
) -> None:
    page = client.get(reverse("event", args=[league.slug, "Winter Cup"])).content.decode()
    url = reverse("event-standings-csv", args=[league.slug, "Winter Cup"]) + "?table=final"
    assert f'<a id="final-csv" href="{url}" download>' in page
    response = client.get(url)
    assert response["Content-Disposition"] == (
        'attachment; filename="Winter-Cup-final-standings.csv"'
    )
    header, rows = download(client, url)
    assert header == ["player", "place", "wins", "draws", "losses", "completed"]
    assert [(row["player"], row["place"]) for row in rows] == [
        ("Mia", 1), (EVIL, 2), ("Ann", 3), ("Ben", 4)
    ]  # fmt: skip
    assert rows[3] == {"player": "Ben", "place": 4, "wins": 0, "draws": 0, "losses": 3,
                       "completed": True}  # fmt: skip
    none = reverse("event-standings-csv", args=[league.slug, EVENT]) + "?table=final"
    assert client.get(none).status_code == 404


def test_a_private_leagues_csv_is_not_found_for_outsiders(
    client: Client, users: dict[str, User]
) -> None:
    hidden = build("hidden", users, public=False)
    urls = [csv_url(hidden.slug, tab) for tab in ("pages.point", "monthly", "annual")]
    urls.append(reverse("event-standings-csv", args=[hidden.slug, EVENT]))
    urls.append(reverse("event-standings-csv", args=[hidden.slug, "Winter Cup"]) + "?table=final")
    for url in urls:
        assert client.get(url).status_code == 404, url
    client.force_login(User.objects.create_user("stranger"))
    for url in urls:
        assert client.get(url).status_code == 404, url
    member = Client()
    member.force_login(users["ben"])
    for url in urls:
        response = member.get(url)
        assert response.status_code == 200, url
        etag = response.get("ETag", "*")
        for headers in ({"If-None-Match": etag}, {"If-None-Match": "*"}):
            assert client.get(url, headers=headers).status_code == 404, (url, headers)


def test_unknown_tabs_and_leagues_are_not_found_and_a_bad_filter_is_a_400(
    client: Client, league: League
) -> None:
    assert client.get(csv_url(league.slug, "chess.elo")).status_code == 404
    assert client.get(csv_url("nope", "pages.point")).status_code == 404
    assert (
        client.get(reverse("event-standings-csv", args=[league.slug, "No Cup"])).status_code == 404
    )
    bad = client.get(csv_url(league.slug, "pages.point"), {"since": "soon"})
    assert bad.status_code == 400
    assert bad["Content-Type"] == "text/plain; charset=utf-8"
    message = bad.content.decode()
    assert message.startswith("since: expected a date like 2026-03-14")
    assert message.endswith(" got 'soon'\n")


def test_the_csv_is_revalidated_by_etag(client: Client, league: League) -> None:
    url = csv_url(league.slug, "pages.glory")
    first = client.get(url)
    assert client.get(url, headers={"If-None-Match": first["ETag"]}).status_code == 304
    services.add_player(league, "Zed", by=services.CONSOLE)
    assert client.get(url, headers={"If-None-Match": first["ETag"]}).status_code == 200


def test_excel_in_german_and_a_workbook_are_downloads_too(client: Client, league: League) -> None:
    """`?as=excel`: a byte-order mark, `;` between cells, decimal commas (what Excel opens as it
    is in German); `?as=xlsx`: a workbook of the same rows; another form is a 400."""
    url = csv_url(league.slug, "skill")
    page = client.get(reverse("standings", args=[league.slug, "skill"])).content.decode()
    assert f'href="{url}?as=excel"' in page
    assert f'href="{url}?as=xlsx"' in page
    header, rows = download(client, url)
    excel = client.get(url, {"as": "excel"})
    assert excel.status_code == 200
    assert excel["Content-Disposition"].endswith('.csv"')
    text = excel.content.decode("utf-8")
    assert text.startswith("\ufeff")
    lines = list(csv.reader(io.StringIO(text[1:]), delimiter=";"))
    assert lines[0] == header
    assert len(lines) == 1 + len(rows)
    for line, row in zip(lines[1:], rows, strict=True):
        for cell, name in zip(line, header, strict=True):
            value = row[name]
            expected = str(value).replace(".", ",") if isinstance(value, float) else None
            if expected is not None:
                assert cell == expected, (name, cell, value)
    assert any("," in cell for line in lines[1:] for cell in line)  # skill has decimals
    workbook = client.get(url, {"as": "xlsx"})
    assert workbook.status_code == 200
    assert workbook["Content-Disposition"].endswith('.xlsx"')
    assert xlsx_back(workbook.content) == (header, rows)
    refused = client.get(url, {"as": "pdf"})
    assert refused.status_code == 400
    assert "expected csv, excel or xlsx" in refused.content.decode()
