"""A large league's player fields suggest the names starting with what is typed, asked for as
one types (`app.js`, `player-names`), in a real browser."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, expect

from tablerank.engine.records import new_game
from tablerank.league import services
from tablerank.league.models import League
from tablerank.web.pages import common


def test_a_large_leagues_seat_fields_suggest_names_as_one_types(
    chromium: Browser, site: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(common, "NAMES_INLINE", 3)
    league = League.objects.create(name="Big", slug="big")
    seats = [{"player": name, "vp": 10 if name == "Ann" else 5, "winner": name == "Ann"}
             for name in ("Ann", "Anton", "Ben", "Cleo")]  # fmt: skip
    referee = User.objects.create_user("ref")
    league.officials.add(referee)
    services.record_game(league, new_game(id="g1", date="2026-03-01", seats=seats), referee)
    for name in ("anna", "Bo", "<b>Zed</b>"):
        services.add_player(league, name, by=services.CONSOLE)
    page = chromium.new_page()
    try:
        page.goto(f"{site}/l/big/forecasts/")
        names = page.locator("#forecast-players option")
        expect(names).to_have_count(0)
        page.fill("input[name=p1]", "an")
        expect(names).to_have_count(3)
        values = [option.get_attribute("value") for option in names.all()]
        assert values == ["Ann", "anna", "Anton"]
        page.fill("input[name=p1]", "<b")
        expect(names).to_have_count(1)
        assert names.first.get_attribute("value") == "<b>Zed</b>"
        assert page.locator("#forecast-players b").count() == 0  # a value, never markup
        page.fill("input[name=p1]", "")
        expect(names).to_have_count(0)
    finally:
        page.close()
