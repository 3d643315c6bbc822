"""A game's page: its seats, where its verification stands, and what it did."""

from __future__ import annotations

import dataclasses
from typing import Any

from django.contrib.auth.models import User
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from tablerank.catan.validation import validate_game
from tablerank.catan.variants import is_catan
from tablerank.engine.systems import get_system
from tablerank.engine.systems.base import Explanation
from tablerank.league import queries, services
from tablerank.league.models import GameRecord, League, RecordStatus
from tablerank.web.pages.common import Result, is_partial, visible_league


def _record(league: League, game_id: str) -> GameRecord:
    """The live record with this id, else the latest voided one (a page for what happened)."""
    found = queries.find_game(league, game_id)
    if found is None:
        raise Http404("no such game")
    return found


@dataclasses.dataclass(frozen=True)
class SystemEffect:
    """What one game did in one system: a line per player, best change first."""

    system: str
    title: str
    explanation: Explanation

    @property
    def rows(self) -> list[dict[str, Any]]:
        e = self.explanation
        lines = [
            {
                "player": name,
                "before": e.before.get(name),
                "after": e.after.get(name),
                "change": change,
                "terms": [term for term in e.terms if term.player == name],
            }
            for name, change in e.changes.items()
        ]
        return sorted(lines, key=lambda line: -line["change"])


@require_GET
@vary_on_headers("HX-Request")
def game(request: HttpRequest, slug: str, game_id: str) -> HttpResponse:
    """A game's seats and VP sources, where its verification stands, and what it did. Skill's
    part is fitted twice over the history (seconds on a large league): shown at once only when
    kept for the league's revision, else asked for after the page loads (`?section=skill`, as
    an htmx part, or the whole page without JavaScript)."""
    league = visible_league(request, slug)
    record = _record(league, game_id)
    asked = request.GET.get("section") == "skill"
    if asked and is_partial(request):
        part = {"league": league, "effect": _skill_effect(league, record)}
        return render(request, "web/pages/_skill_effect.html", part)
    played = record.to_record()
    effects = [
        SystemEffect(name, get_system(name).title, explanation)
        for name, explanation in queries.game_explanations(record).items()
    ]
    later = not asked and queries.skill_may_explain(league, record)
    later = later and not queries.skill_explanation_ready(league, record.external_id)
    skill = None if later else _skill_effect(league, record)
    if skill is not None:
        effects.append(skill)
    finding = validate_game(played) if is_catan(played.game) else None
    context: dict[str, Any] = {
        "league": league,
        "record": record,
        "result": Result(record, played),
        "verification": services.verification(record)
        if record.status != RecordStatus.VOIDED
        else None,
        "signatures": queries.signatures_of(record),
        "can_correct": isinstance(request.user, User)
        and services.may_correct(record, request.user),
        "effects": effects,
        "skill_pending": later,
        "skill_url": f"{reverse('game', args=[league.slug, record.external_id])}?section=skill",
        "finding": finding,
        "has_sources": any(seat.sources for seat in played.seats),
        "replaces": record.replaces,
        "replaced_by": queries.replacement_of(record),
        "player_names": queries.player_names(league),
    }
    return render(request, "web/pages/game.html", context)


def _skill_effect(league: League, record: GameRecord) -> SystemEffect | None:
    """What the game did in skill (`queries.skill_explanation`), where it rates the game."""
    if not queries.skill_may_explain(league, record):
        return None
    skill = queries.skill_explanation(league, record.external_id)
    if skill is None:
        return None
    return SystemEffect(skill.system, get_system(skill.system).title, skill)
