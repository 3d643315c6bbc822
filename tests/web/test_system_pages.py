"""The "How the ratings work" pages (issue 14): docs/systems rendered on the site, one page per
system, an index, links to them from wherever the site shows a system."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from tablerank.engine.records import new_game
from tablerank.engine.systems import SYSTEMS
from tablerank.league import services
from tablerank.web import system_docs
from tablerank.web.templatetags.tablerank_web import system_label
from tests.web.action_helpers import Club

DOCS = Path(__file__).parents[2] / "docs" / "systems"


@pytest.fixture(autouse=True)
def fresh_pages() -> Iterator[None]:
    """Each test reads the pages anew (they are kept per process)."""
    caches = (system_docs.catalogue, system_docs.page_html, system_docs.shared_rules_html)
    for cache in caches:
        cache.cache_clear()
    yield
    for cache in caches:
        cache.cache_clear()


def seed_sentence(markdown: str) -> str:
    """The page's first quoted sentence from its seed, else (skill has no seed) the first line
    of its first paragraph; as the page shows it."""
    quoted = re.search(r'^> "([^"\n]{12,}?)[."\n]', markdown, re.MULTILINE)
    found = quoted[1] if quoted else re.search(r"^[A-Z][^\n`*]{20,}$", markdown, re.MULTILINE)
    assert found is not None
    text = found if isinstance(found, str) else found[0]
    return html.escape(text, quote=False).replace('"', "&quot;")  # as markdown-it escapes


@pytest.mark.django_db
@pytest.mark.parametrize("system", list(SYSTEMS))
def test_every_system_has_a_page_with_its_title_and_a_quoted_sentence(
    client: Client, system: str
) -> None:
    doc = system_docs.catalogue()[system]
    markdown = (DOCS / doc.file).read_text(encoding="utf-8")
    response = client.get(reverse("system-page", args=[system]))
    assert response.status_code == 200
    body = response.content.decode()
    assert f"<code>{system}</code>" in body  # the page's heading names the system
    assert seed_sentence(markdown) in body
    assert html.escape(doc.rewards, quote=True) in body
    assert "<title>" + html.escape(system_label(system)) in body
    assert "no-cache" in response["Cache-Control"]


@pytest.mark.django_db
def test_the_index_lists_every_system_with_what_it_rewards(client: Client) -> None:
    response = client.get(reverse("systems"))
    assert response.status_code == 200
    body = response.content.decode()
    for system in SYSTEMS:
        assert f'href="{reverse("system-page", args=[system])}"' in body, system
        assert html.escape(system_docs.catalogue()[system].rewards) in body, system
    assert "Rules every system shares" in body
    assert "standard competition ranking" in body  # the README's shared rules, rendered


@pytest.mark.django_db
@pytest.mark.parametrize("system", ["chess", "monthly", "README", "pages"])
def test_an_unknown_system_is_the_sites_not_found_page(client: Client, system: str) -> None:
    response = client.get(f"/systems/{system}/")
    assert response.status_code == 404
    assert '<h1 id="error-heading">Not found</h1>' in response.content.decode()


@pytest.mark.django_db
def test_a_page_asked_again_is_not_sent_again(client: Client) -> None:
    url = reverse("system-page", args=["area"])
    first = client.get(url)
    again = client.get(url, headers={"if-none-match": first["ETag"]})
    assert again.status_code == 304
    assert client.get(reverse("systems"))["ETag"] != first["ETag"]


def test_markup_in_the_markdown_is_shown_as_text() -> None:
    rendered = system_docs.render("# <b>Hi</b>\n\n<script>alert(1)</script>\n\nx <img src=y>", {})
    assert "<script>" not in rendered
    assert "<img" not in rendered
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in rendered
    assert '<h1 id="bhib">&lt;b&gt;Hi&lt;/b&gt;</h1>' in rendered


def test_links_point_at_the_sites_pages_or_become_text() -> None:
    markdown = (
        "[Glory](pages-glory.md#worked-examples), [seed](examples/pages-seed.jsonl), "
        "[records](../records.md), [web](https://example.org/), [top](#the-rule), "
        "![a chart](chart.png), [bad](javascript:alert(1))"
    )
    rendered = system_docs.render(markdown, {"pages-glory.md": "/systems/pages.glory/"})
    assert '<a href="/systems/pages.glory/#worked-examples">Glory</a>' in rendered
    assert '<span class="doc-file" title="docs/systems/examples/pages-seed.jsonl">seed</span>' in (
        rendered
    )
    assert '<span class="doc-file" title="docs/systems/../records.md">records</span>' in rendered
    assert '<a href="https://example.org/">web</a>' in rendered
    assert '<a href="#the-rule">top</a>' in rendered
    assert "a chart" in rendered
    assert "<img" not in rendered
    assert "javascript:" not in rendered.replace("[bad](javascript:alert(1))", "")


def test_the_pages_own_links_lead_to_the_sites_pages(settings: object) -> None:
    page = system_docs.page_html("pages.accomplishment")  # links to pages-glory.md
    assert f'href="{reverse("system-page", args=["pages.glory"])}"' in page
    assert 'href="pages-glory.md"' not in page
    assert 'id="what-it-rewards"' in page


def test_a_wheels_copy_is_read_before_the_checkout(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "README.md").write_text(
        "| `area` | Beating <em>you</em> | seed | any | [area.md](area.md) |\n"
        "## Rules every system shares\n\nShared.\n## Next\n"
    )
    (tmp_path / "area.md").write_text("# Packaged `area`\n\n<em>raw</em>\n")
    monkeypatch.setattr(system_docs, "PACKAGED", tmp_path)
    assert system_docs.docs_dir() == tmp_path
    assert list(system_docs.catalogue()) == ["area"]
    assert system_docs.catalogue()["area"].rewards == "Beating <em>you</em>"
    assert system_docs.page_html("area") == (
        '<h1 id="packaged-area">Packaged <code>area</code></h1>\n<p>&lt;em&gt;raw&lt;/em&gt;</p>\n'
    )
    assert system_docs.shared_rules_html() == "<p>Shared.</p>\n"


@pytest.mark.django_db
def test_the_readmes_words_are_escaped_on_the_index(
    client: Client, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "README.md").write_text(
        "| `area` | Beating <em>you</em> | s | a | [a](area.md) |\n"
    )
    monkeypatch.setattr(system_docs, "PACKAGED", tmp_path)
    body = client.get(reverse("systems")).content.decode()
    assert "Beating &lt;em&gt;you&lt;/em&gt;" in body
    assert client.get(reverse("system-page", args=["skill"])).status_code == 404  # not listed


def test_without_the_pages_the_site_says_where_it_looked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(system_docs, "PACKAGED", tmp_path / "wheel")
    monkeypatch.setattr(system_docs, "CHECKOUT", tmp_path / "checkout")
    with pytest.raises(system_docs.MissingDocs, match=r"neither .*wheel nor .*checkout"):
        system_docs.catalogue()


def test_the_index_table_is_read_row_by_row() -> None:
    rows = system_docs.index_rows(
        "| Stable name | What | Source | Type | Page |\n|---|---|---|---|---|\n"
        "| `cow.elo` | Beating stronger players | 001 | Catan | [cow-elo.md](cow-elo.md) |\n"
        "| `nope` | no page link | x | y | z |\n"
    )
    assert rows == [
        system_docs.SystemDoc("cow.elo", "Beating stronger players", "001", "cow-elo.md")
    ]


def test_every_system_is_in_the_index() -> None:
    assert set(system_docs.catalogue()) == set(SYSTEMS)


@pytest.mark.django_db
def test_standings_game_and_player_pages_link_to_how_it_is_computed(club: Club) -> None:
    game = new_game(id="g1", date="2026-05-02", seats=[
        {"player": "Ann", "vp": 10, "winner": True}, {"player": "Ben", "vp": 7},
        {"player": "Cleo", "vp": 5},
    ])  # fmt: skip
    services.record_games(club.league, [game], club.organizer)
    slug = club.league.slug
    client = Client()
    for tab, system in [("cow.elo", "cow.elo"), ("monthly", "cow.points"), ("skill", "skill")]:
        body = client.get(reverse("standings", args=[slug, tab])).content.decode()
        how = reverse("system-page", args=[system])
        assert f'id="how-computed" href="{how}">How is this computed?</a>' in body, tab
    # Skill's part of a game's page is asked for after it loads: the page with it, as without
    # JavaScript.
    body = client.get(reverse("game", args=[slug, "g1"]) + "?section=skill").content.decode()
    for system in ("pages.point", "pages.glory", "cow.points", "cow.elo", "area", "skill"):
        assert f'href="{reverse("system-page", args=[system])}">How is this' in body, system
    body = client.get(reverse("player", args=[slug, "Ann"]) + "?system=area").content.decode()
    assert f'id="how-computed" href="{reverse("system-page", args=["area"])}"' in body
    assert f'href="{reverse("systems")}">how the ratings work</a>' in body  # the footer
