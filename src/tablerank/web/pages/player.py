"""A player's page: their rating history in one system, every game explained."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from tablerank.engine.systems import get_system
from tablerank.errors import TablerankError
from tablerank.league import queries
from tablerank.league.models import League, Player
from tablerank.web.pages.common import LISTS, grouped, tabs_of, visible_league
from tablerank.web.templatetags.tablerank_web import system_label


def _player(league: League, name: str) -> Player:
    found = queries.find_player(league, name)
    if found is None:
        raise Http404("no such player")
    return found


def _charted(entries: Sequence[queries.HistoryEntry]) -> list[dict[str, Any]]:
    """One series per list: the rating after each game, for the chart script."""
    series: dict[str, dict[str, Any]] = {}
    for entry in entries:
        line = series.setdefault(
            entry.list_key, {"list": entry.list_key, "dates": [], "ratings": [], "games": []}
        )
        line["dates"].append(entry.date.isoformat())
        line["ratings"].append(entry.after)
        line["games"].append(entry.game)
    return [series[key] for key in sorted(series, key=str.casefold)]


def _now_per_list(entries: Sequence[queries.HistoryEntry]) -> list[dict[str, Any]]:
    """The player's latest rating and games in each list (the last entry of each)."""
    latest: dict[str, queries.HistoryEntry] = {}
    for entry in entries:
        latest[entry.list_key] = entry
    return [
        {"list": key, "rating": entry.after, "games": entry.games}
        for key, entry in sorted(latest.items())
    ]


RIVALS = 12
"""Opponents a player page lists, most met first."""

LATEST = 50
"""Games a player page explains unless asked for all: a long history costs a replay."""


@require_GET
def player(request: HttpRequest, slug: str, name: str) -> HttpResponse:
    """A player's rating history in one system (a chart per list) and every game explained."""
    league = visible_league(request, slug)
    person = _player(league, name)
    systems = [s for s in tabs_of(league) if s not in LISTS and s != "pages.combined"]
    if not systems:
        raise Http404("the league keeps no system")
    system = request.GET.get("system", "")
    if system not in systems:
        system = systems[0]
    whole = request.GET.get("all") == "1"
    try:
        entries = queries.player_history(
            league, person.name, system, last=None if whole else LATEST
        )
        trouble = None
    except TablerankError as exc:
        entries, trouble = [], exc
    played, wins = queries.games_and_wins(person)
    titles, met = queries.player_records(league, person)
    now = _now_per_list(entries)
    context = {
        "league": league,
        "person": person,
        "system_groups": grouped(systems),
        "system": system,
        "played": queries.games_by_id(league, person),
        "now": now,
        "system_title": get_system(system).title,
        "error": trouble,
        "entries": list(reversed(entries)),
        "whole": whole,
        "latest": LATEST,
        "chart": {"system": system, "label": system_label(system), "series": _charted(entries)},
        "games_played": played,
        "wins": wins,
        "cities": queries.cities_of(person),
        "player_names": queries.player_names(league),
        "titles": titles,
        "rivals": met[:RIVALS],
        "rated_here": sum(line["games"] for line in now),
    }
    return render(request, "web/pages/player.html", context)
