"""The pages that read a league: home, standings and lists, players, games, events.

A thin shell over `tablerank.league.queries` (every number) and `services` (who may see what,
where a result stands). Views pick what to ask for from the URL, hand the answers to a template
and never compute a rating. A private league is a 404 to anyone who is not a member, so its
name does not leak. Requests from htmx (`HX-Request`) get just the part of the page that
changes; everything else gets the whole page, so every URL can be shared and reloaded.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import zoneinfo
from collections.abc import Sequence
from typing import Any

from django.contrib.auth.models import User
from django.db.models import Count, Max, Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import urlencode
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from tablerank.catan.standings import SCORINGS, TournamentStandings
from tablerank.catan.validation import validate_game
from tablerank.catan.variants import is_catan
from tablerank.engine.lists import RankingList
from tablerank.engine.records import Game
from tablerank.engine.systems import get_system
from tablerank.engine.systems.base import Explanation, RatingTable
from tablerank.errors import TablerankError
from tablerank.league import queries, services
from tablerank.league.errors import LeagueError
from tablerank.league.models import (
    EventRecord,
    GameRecord,
    League,
    Player,
    RatingState,
    RecordStatus,
)
from tablerank.web.templatetags.tablerank_web import system_family, system_label

__all__ = [
    "event",
    "event_projector",
    "game",
    "home",
    "league_home",
    "player",
    "standings",
]

LISTS = ("monthly", "open", "annual")
"""Catan Online World's ranking lists: tabs beside the systems, built on cow.points."""
LATEST = 8
LEADERS = 3
PROJECTOR_REFRESH_SECONDS = 30


# -- who may see a league ----------------------------------------------------------------------


def _user(request: HttpRequest) -> User:
    return request.user  # type: ignore[return-value]  # AnonymousUser reads as an outsider


def _can_see(league: League, user: User) -> bool:
    return services.can_read(league, user)


def _league(request: HttpRequest, slug: str) -> League:
    league = League.objects.filter(slug=slug).first()
    if league is None or not _can_see(league, _user(request)):
        raise Http404("no such league")
    return league


def _partial(request: HttpRequest) -> bool:
    """An htmx request for part of a page (a history restore wants the whole page)."""
    return (
        request.headers.get("HX-Request") == "true"
        and request.headers.get("HX-History-Restore-Request") != "true"
    )


# -- what a league has, for filters and links --------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Choices:
    """What a league's confirmed history has, for the filters' drop-downs."""

    groups: list[str]
    cities: list[str]
    events: list[str]
    months: list[str]
    years: list[int]
    event_records: list[str]


def _distinct(rows: Any, field: str) -> list[str]:
    values = rows.exclude(**{field: ""}).values_list(field, flat=True).distinct()
    return sorted(set(values), key=str.casefold)


def _choices(league: League) -> Choices:
    confirmed = GameRecord.objects.filter(league=league, status=RecordStatus.CONFIRMED)
    catan = confirmed.filter(Q(title__iexact="catan"))
    months = [day.strftime("%Y-%m") for day in confirmed.dates("date", "month", order="DESC")]
    events = EventRecord.objects.filter(league=league, status=RecordStatus.CONFIRMED)
    return Choices(
        groups=_distinct(catan, "group"),
        cities=_distinct(confirmed, "city"),
        events=_distinct(confirmed, "event"),
        months=months,
        years=sorted({int(month[:4]) for month in months}, reverse=True),
        event_records=list(events.order_by("-date").values_list("external_id", flat=True)),
    )


def _list_keys(league: League, system: str) -> list[str]:
    """The lists a system keeps in this league (game groups for cow.elo, titles for area)."""
    keys = RatingState.objects.filter(league=league, system=system).values_list(
        "list_key", flat=True
    )
    return sorted(set(keys), key=str.casefold)


def _player_names(league: League) -> set[str]:
    return set(Player.objects.filter(league=league).values_list("name", flat=True))


# -- home --------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class LeagueCard:
    league: League
    players: int
    games: int
    latest: dt.date | None


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """Every league the visitor may see, busiest first."""
    user = _user(request)
    leagues = League.objects.annotate(players_count=Count("players", distinct=True))
    visible = [league for league in leagues.order_by("name") if _can_see(league, user)]
    confirmed = GameRecord.objects.filter(league__in=visible, status=RecordStatus.CONFIRMED)
    totals = {
        row["league"]: (row["count"], row["last"])
        for row in confirmed.values("league").annotate(count=Count("pk"), last=Max("date"))
    }
    cards = [
        LeagueCard(league, league.players_count, *totals.get(league.pk, (0, None)))
        for league in visible
    ]
    cards.sort(key=lambda card: -card.games)
    return render(request, "web/pages/home.html", {"cards": cards})


# -- league home -------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Result:
    """A stored game as a page shows it: the record (status, ids) and the engine's game."""

    record: GameRecord
    game: Game

    @property
    def winner(self) -> str | None:
        winners = [seat.player for seat in self.game.seats if seat.winner]
        if winners:
            return winners[0]
        firsts = [seat.player for seat in self.game.seats if seat.place == 1]
        return firsts[0] if len(firsts) == 1 else None

    @property
    def seats(self) -> list[Any]:
        return sorted(self.game.seats, key=lambda s: (s.place is None, s.place or 0))


def _results(records: Sequence[GameRecord]) -> list[Result]:
    return [Result(record, record.to_record()) for record in records]


@require_GET
def league_home(request: HttpRequest, slug: str) -> HttpResponse:
    league = _league(request, slug)
    user = _user(request)
    try:
        leading = queries.leaders(league, LEADERS)
        trouble = None
    except TablerankError as exc:  # one system refusing the history (see the standings tab)
        leading, trouble = {}, exc
    leaders = [
        {"system": name, "title": get_system(name).title, "rows": rows}
        for name, rows in leading.items()
        if rows
    ]
    choices = _choices(league)
    context = {
        "league": league,
        "nav": "home",
        "latest": _results(queries.latest_results(league, LATEST)),
        "leaders": leaders,
        "leaders_error": trouble,
        "pending": len(queries.pending_for(user, league)) if user.is_authenticated else 0,
        "roles": sorted(role.value for role in services.roles_of(league, user)),
        "events": _events(league, choices),
        "players": Player.objects.filter(league=league).count(),
        "games": GameRecord.objects.filter(league=league, status=RecordStatus.CONFIRMED).count(),
        "cities": choices.cities,
        "player_names": _player_names(league),
    }
    return render(request, "web/pages/league_home.html", context)


def _events(league: League, choices: Choices) -> list[dict[str, Any]]:
    """The league's tournaments (games sharing an event) and recorded final standings."""
    days = dict(
        GameRecord.objects.filter(league=league, status=RecordStatus.CONFIRMED)
        .exclude(event="")
        .values_list("event")
        .annotate(last=Max("date"))
        .values_list("event", "last")
    )
    records = dict(
        EventRecord.objects.filter(league=league, status=RecordStatus.CONFIRMED).values_list(
            "external_id", "date"
        )
    )
    names = {*choices.events, *choices.event_records}
    out = [
        {"name": name, "date": days.get(name) or records.get(name), "games": name in days}
        for name in names
    ]
    out.sort(key=lambda row: row["date"] or dt.date.min, reverse=True)
    return out


# -- standings ---------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Filters:
    """The standings' filters as the URL gives them; empty strings mean "not filtered"."""

    group: str = ""
    city: str = ""
    event: str = ""
    since: str = ""
    until: str = ""
    list: str = ""
    month: str = ""
    year: str = ""

    @classmethod
    def from_request(cls, request: HttpRequest) -> Filters:
        names = [f.name for f in dataclasses.fields(cls)]
        return cls(**{name: request.GET.get(name, "").strip() for name in names})

    def query(self) -> str:
        """The filters as a query string, empty ones left out (for links and pushed URLs)."""
        given = {k: v for k, v in dataclasses.asdict(self).items() if v}
        return f"?{urlencode(given)}" if given else ""


TAB_ORDER = (
    "pages.point", "pages.accomplishment", "pages.glory", "pages.elo", "pages.share",
    "pages.combined", "cow.points", "cow.elo", *LISTS, "area", "turnabout",
)  # fmt: skip
"""Tabs in the order of the systems' families (P.A.G.E.S., Catan Online World, ...)."""


def _tabs(league: League) -> list[str]:
    """The league's systems, and the ranking lists where it keeps cow.points (their points)."""
    tabs = list(league.systems)
    if "cow.points" in tabs:
        tabs += LISTS
    order = {name: index for index, name in enumerate(TAB_ORDER)}
    return sorted(tabs, key=lambda name: order.get(name, len(order)))


def _grouped(tabs: Sequence[str]) -> list[tuple[str, list[str]]]:
    """Tabs under their family's name, for the tab bar."""
    groups: dict[str, list[str]] = {}
    for name in tabs:
        groups.setdefault(system_family(name), []).append(name)
    return list(groups.items())


def _default(options: Sequence[str], preferred: str) -> str:
    if preferred in options:
        return preferred
    return options[0] if options else ""


def _table(league: League, tab: str, filters: Filters, choices: Choices) -> dict[str, Any]:
    """What the standings' table shows for one tab, or the message of what was asked wrongly."""
    if tab in LISTS:
        return _ranking_list(league, tab, filters, choices)
    list_keys = _list_keys(league, tab) if tab in {"cow.elo", "area"} else []
    chosen = filters.list or _default(list_keys, "base" if tab == "cow.elo" else "catan")
    table: RatingTable = queries.standings(
        league,
        tab,
        list_key=chosen or None,
        group=filters.group or None,
        city=filters.city or None,
        event=filters.event or None,
        since=filters.since or None,
        until=filters.until or None,
    )
    return {
        "kind": "system",
        "table": table,
        "list_keys": list_keys,
        "list": chosen,
        "lower_is_better": get_system(tab).lower_is_better,
    }


def _ranking_list(league: League, tab: str, filters: Filters, choices: Choices) -> dict[str, Any]:
    group = filters.group or _default(choices.groups, "base") or None
    ranking: RankingList
    if tab == "annual":
        year = filters.year or (
            str(choices.years[0]) if choices.years else str(dt.date.today().year)
        )
        ranking = queries.annual_list(league, year, city=filters.city or None, group=group)
        period = year
    else:
        month = filters.month or (choices.months[0] if choices.months else "")
        if not month:
            raise LeagueError("month", "no confirmed games yet, so no monthly list")
        city = (filters.city or _default(choices.cities, "")) if tab == "monthly" else None
        ranking = queries.monthly_list(league, month, city=city or None, group=group)
        period = month
    return {"kind": tab, "ranking": ranking, "period": period, "group": group}


def _standings_context(request: HttpRequest, league: League, tab: str) -> dict[str, Any]:
    tabs = _tabs(league)
    if tab not in tabs:
        raise Http404("the league keeps no such standings")
    filters = Filters.from_request(request)
    choices = _choices(league)
    context: dict[str, Any] = {
        "league": league,
        "nav": "standings",
        "tab": tab,
        "tab_groups": _grouped(tabs),
        "filters": filters,
        "choices": choices,
        "player_names": _player_names(league),
        "system_title": get_system(tab).title if tab not in LISTS else system_label(tab),
        "tab_url": reverse("standings", args=[league.slug, tab]),
    }
    try:
        context.update(_table(league, tab, filters, choices))
    except TablerankError as exc:  # a filter asked wrongly, or the system refuses the history
        context.update(kind="error", error=exc)
    return context


@require_GET
@vary_on_headers("HX-Request")
def standings(request: HttpRequest, slug: str, tab: str | None = None) -> HttpResponse:
    """A tab per kept system and per ranking list, filtered by group, city, event and period."""
    league = _league(request, slug)
    tabs = _tabs(league)
    if not tabs:
        raise Http404("the league keeps no standings")
    context = _standings_context(request, league, tab or tabs[0])
    template = (
        "web/pages/_standings_table.html" if _partial(request) else "web/pages/standings.html"
    )
    return render(request, template, context)


# -- a player ----------------------------------------------------------------------------------


def _player(league: League, name: str) -> Player:
    found = Player.objects.filter(league=league, key=name.strip().casefold()).first()
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


def _games_by_id(league: League, ids: set[str]) -> dict[str, GameRecord]:
    """The confirmed records of these ids (what was played where), for the history's lines."""
    rows = GameRecord.objects.filter(
        league=league, external_id__in=ids, status=RecordStatus.CONFIRMED
    )
    return {row.external_id: row for row in rows}


def _now_per_list(entries: Sequence[queries.HistoryEntry]) -> list[dict[str, Any]]:
    """The player's latest rating and games in each list (the last entry of each)."""
    latest: dict[str, queries.HistoryEntry] = {}
    for entry in entries:
        latest[entry.list_key] = entry
    return [
        {"list": key, "rating": entry.after, "games": entry.games}
        for key, entry in sorted(latest.items())
    ]


@require_GET
def player(request: HttpRequest, slug: str, name: str) -> HttpResponse:
    """A player's rating history in one system (a chart per list) and every game explained."""
    league = _league(request, slug)
    person = _player(league, name)
    systems = [s for s in _tabs(league) if s not in LISTS and s != "pages.combined"]
    if not systems:
        raise Http404("the league keeps no system")
    system = request.GET.get("system", "")
    if system not in systems:
        system = systems[0]
    try:
        entries = queries.player_history(league, person.name, system)
        trouble = None
    except TablerankError as exc:
        entries, trouble = [], exc
    seats = person.seats.filter(game__status=RecordStatus.CONFIRMED)
    context = {
        "league": league,
        "person": person,
        "system_groups": _grouped(systems),
        "system": system,
        "played": _games_by_id(league, {entry.game for entry in entries}),
        "now": _now_per_list(entries),
        "system_title": get_system(system).title,
        "error": trouble,
        "entries": list(reversed(entries)),
        "chart": {"system": system, "label": system_label(system), "series": _charted(entries)},
        "games_played": seats.count(),
        "wins": seats.filter(winner=True).count(),
        "cities": _distinct(
            GameRecord.objects.filter(seats__player=person, status=RecordStatus.CONFIRMED), "city"
        ),
        "player_names": _player_names(league),
    }
    return render(request, "web/pages/player.html", context)


# -- a game ------------------------------------------------------------------------------------


def _record(league: League, game_id: str) -> GameRecord:
    """The live record with this id, else the latest voided one (a page for what happened)."""
    rows = GameRecord.objects.filter(league=league, external_id=game_id)
    found = rows.exclude(status=RecordStatus.VOIDED).first() or rows.order_by("-pk").first()
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
def game(request: HttpRequest, slug: str, game_id: str) -> HttpResponse:
    """A game's seats and VP sources, where its verification stands, and what it did."""
    league = _league(request, slug)
    record = _record(league, game_id)
    played = record.to_record()
    effects = [
        SystemEffect(name, get_system(name).title, explanation)
        for name, explanation in queries.game_explanations(record).items()
    ]
    finding = validate_game(played) if is_catan(played.game) else None
    context = {
        "league": league,
        "record": record,
        "result": Result(record, played),
        "verification": services.verification(record)
        if record.status != RecordStatus.VOIDED
        else None,
        "signatures": list(record.confirmations.select_related("player", "by").order_by("at")),
        "effects": effects,
        "finding": finding,
        "has_sources": any(seat.sources for seat in played.seats),
        "replaces": record.replaces,
        "replaced_by": GameRecord.objects.filter(replaces=record).first(),
        "player_names": _player_names(league),
    }
    return render(request, "web/pages/game.html", context)


# -- an event ----------------------------------------------------------------------------------


def _event_context(request: HttpRequest, league: League, name: str) -> dict[str, Any]:
    """A tournament's standings from its games (with the tiebreaks), or the final standings
    recorded for an event whose games are not in the league."""
    has_games = GameRecord.objects.filter(
        league=league, status=RecordStatus.CONFIRMED, event=name
    ).exists()
    recorded = (
        EventRecord.objects.filter(league=league, external_id=name)
        .exclude(status=RecordStatus.VOIDED)
        .prefetch_related("standings__player")
        .first()
    )
    if not has_games and recorded is None:
        raise Http404("no such event")
    scoring = request.GET.get("scoring", "")
    context: dict[str, Any] = {
        "league": league,
        "name": name,
        "scoring": scoring,
        "scorings": list(SCORINGS),
        "player_names": _player_names(league),
        "recorded": recorded,
        "final": recorded.to_record() if recorded is not None else None,
        "updated": timezone.localtime(timezone=zoneinfo.ZoneInfo(league.time_zone)),
        "refresh": PROJECTOR_REFRESH_SECONDS,
    }
    if has_games:
        try:
            table: TournamentStandings = (
                queries.event_standings(league, name, scoring=scoring)
                if scoring
                else queries.event_standings(league, name)
            )
            context["standings"] = table
        except LeagueError as exc:
            context["error"] = exc
        rounds = GameRecord.objects.filter(
            league=league, status=RecordStatus.CONFIRMED, event=name
        ).order_by("round", "sequence")
        context["rounds"] = _by_round(_results(list(rounds)))
    return context


def _by_round(results: list[Result]) -> list[tuple[int | None, list[Result]]]:
    rounds: dict[int | None, list[Result]] = {}
    for result in results:
        rounds.setdefault(result.game.round, []).append(result)
    return list(rounds.items())


@require_GET
def event(request: HttpRequest, slug: str, name: str) -> HttpResponse:
    league = _league(request, slug)
    return render(request, "web/pages/event.html", _event_context(request, league, name))


@require_GET
@vary_on_headers("HX-Request")
def event_projector(request: HttpRequest, slug: str, name: str) -> HttpResponse:
    """The event's standings in large type on a dark screen, refreshed every 30 seconds."""
    league = _league(request, slug)
    context = _event_context(request, league, name)
    context["projector_url"] = reverse("event-projector", args=[league.slug, name])
    if context["scoring"]:
        context["projector_url"] += "?" + urlencode({"scoring": context["scoring"]})
    template = (
        "web/pages/_projector_board.html" if _partial(request) else "web/pages/projector.html"
    )
    return render(request, template, context)
