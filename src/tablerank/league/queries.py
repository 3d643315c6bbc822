"""Reading a league: standings, ranking lists, a player's history, explanations, what is pending.

Pure reads over the stored history. Every number comes from the engine: the stored rating state
(`services.ratings`), the rating-change log (`RatingChange`) handed to the system's own
`explain`, or the engine run over the confirmed history these functions select. Nothing here
writes, and nothing here decides a rule. Queries are bounded: seats and players are prefetched,
never read one row at a time.

Errors are `LeagueError(field, message)`, naming what the caller asked for wrongly.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.db.models import Exists, OuterRef, Prefetch, Q, QuerySet

from tablerank.catan.standings import (
    StandingsError,
    TournamentStandings,
    UnknownScoring,
    tournament_standings,
)
from tablerank.engine import lists as engine_lists
from tablerank.engine.history import select
from tablerank.engine.records import Event, Game
from tablerank.engine.systems import get_system
from tablerank.engine.systems.base import (
    Explanation,
    RatingTable,
    ReplaySystem,
    Standing,
    System,
    Term,
)
from tablerank.errors import InvalidParameter, MixedLists, RatingError, UnknownSystem
from tablerank.league.errors import LeagueError
from tablerank.league.models import (
    Confirmation,
    EventRecord,
    EventStanding,
    GameRecord,
    League,
    Player,
    RatingChange,
    RatingWatermark,
    RecordStatus,
    Seat,
    SourceVP,
)
from tablerank.league.ratings import ListState, confirmed_events, ratings

__all__ = [
    "HistoryEntry",
    "annual_list",
    "elo_list",
    "event_standings",
    "game_explanations",
    "latest_results",
    "leaders",
    "monthly_list",
    "pending_for",
    "player_history",
    "preview",
    "standings",
]

ELO = "cow.elo"
"""The permanent ELO list of each game group (seed 001)."""


# -- shared ------------------------------------------------------------------------------------


def _system(league: League, name: str) -> System:
    """The engine's system `name`, if the league keeps it."""
    try:
        system = get_system(name)
    except UnknownSystem as exc:
        raise LeagueError("system", str(exc)) from None
    if name not in league.systems:
        raise LeagueError(
            "system",
            f"league {league.slug!r} does not keep {name}; it keeps "
            f"{', '.join(league.systems) or 'none'}",
        )
    return system


def _game_system(system: System) -> ReplaySystem[Game] | None:
    """The system as one that rates games one by one, or None (pages.combined, turnabout)."""
    if isinstance(system, ReplaySystem) and system.record_type is Game:
        return system
    return None


def _with_seats(records: QuerySet[GameRecord]) -> QuerySet[GameRecord]:
    """The records with their seats in seat order, players and VP sources prefetched."""
    sources = SourceVP.objects.order_by("source")
    seats = (
        Seat.objects.select_related("player")
        .prefetch_related(Prefetch("sources", queryset=sources))
        .order_by("position")
    )
    return records.prefetch_related(Prefetch("seats", queryset=seats))


def _confirmed(league: League) -> QuerySet[GameRecord]:
    """The league's confirmed, live games in play order (by date, then recording order)."""
    return GameRecord.objects.filter(league=league, status=RecordStatus.CONFIRMED).order_by(
        "date", "sequence"
    )


def _games(records: QuerySet[GameRecord]) -> list[Game]:
    return [record.to_record() for record in _with_seats(records)]


def _day(value: dt.date | str | None, field: str) -> dt.date | None:
    if value is None or isinstance(value, dt.date):
        return value
    try:
        return dt.date.fromisoformat(value.strip())
    except ValueError:
        raise LeagueError(field, f"expected a date like 2026-03-14, got {value!r}") from None


# -- standings ---------------------------------------------------------------------------------


def standings(
    league: League,
    system: str,
    *,
    list_key: str | None = None,
    group: str | None = None,
    city: str | None = None,
    event: str | None = None,
    since: dt.date | str | None = None,
    until: dt.date | str | None = None,
) -> RatingTable:
    """A kept system's standings.

    Without filters: the stored state (`services.ratings`), one list of the system (`list_key`
    may be left out where there is one). With any of group, city, event (a game's event, or an
    event record's id for turnabout), since and until (dates, inclusive): the engine's `rate`
    over the confirmed history those select, so `not_rated` says what was left out and why.
    """
    engine = _system(league, system)
    start, end = _day(since, "since"), _day(until, "until")
    if not any((group, city, event, start, end)):
        return ratings(league, system, list_key)
    records = _selected(league, engine, group, city, event, start, end)
    if isinstance(engine, ReplaySystem):
        records = _one_list(league, engine, records, list_key)
    return engine.rate(records)


def _selected(
    league: League,
    system: System,
    group: str | None,
    city: str | None,
    event: str | None,
    start: dt.date | None,
    end: dt.date | None,
) -> list[Game | Event]:
    """The confirmed records the filters select, in play order: games, or events for a system
    that rates events."""
    dates = Q()
    if start is not None:
        dates &= Q(date__gte=start)
    if end is not None:
        dates &= Q(date__lte=end)
    records: list[Game | Event]
    if isinstance(system, ReplaySystem) and system.record_type is Event:
        rows = EventStanding.objects.select_related("player")
        events = (
            EventRecord.objects.filter(dates, league=league, status=RecordStatus.CONFIRMED)
            .order_by("date", "sequence")
            .prefetch_related(Prefetch("standings", queryset=rows))
        )
        records = [event.to_record() for event in events]
    else:
        records = [*_games(_confirmed(league).filter(dates))]
    records = select(records, group=group, city=city)
    if event is not None:
        records = [r for r in records if _of_event(r, event)]
    return records


def _of_event(record: Game | Event, event: str) -> bool:
    name = record.event if isinstance(record, Game) else record.id
    return (name or "").casefold() == event.casefold()


def _one_list(
    league: League, system: ReplaySystem[Any], records: list[Game | Event], key: str | None
) -> list[Game | Event]:
    """The records of one of the system's lists: `key`, or the only one the records span."""
    if not system.list_name:
        return records
    if key is not None:
        return [r for r in records if system.refusal(r) is not None or system.list_key(r) == key]
    keys = sorted({system.list_key(r) for r in records if system.refusal(r) is None})
    if len(keys) > 1:
        raise LeagueError(
            "list_key",
            f"{system.name} keeps a separate list per {system.list_name}, and the games of "
            f"league {league.slug!r} chosen span {len(keys)}: {', '.join(keys)}; choose one",
        )
    return records


def elo_list(league: League, group: str | None = None) -> RatingTable:
    """The permanent cow.elo list of a game group (matched ignoring case); `group` may be left
    out where the league has one list."""
    _system(league, ELO)
    if group is not None:
        group = _elo_group(league, group)
    return ratings(league, ELO, group)


def _elo_group(league: League, group: str) -> str:
    """The list key of the game group as the league's games spell it."""
    keys = set(
        RatingWatermark.objects.filter(league=league, system=ELO).values_list("list_key", flat=True)
    )
    if group in keys or not keys:  # a league without games yet has empty lists
        return group
    same = [key for key in keys if key.casefold() == group.casefold()]
    if same:
        return same[0]
    known = ", ".join(sorted(keys)) or "none yet"
    raise LeagueError(
        "group", f"league {league.slug!r} has no {ELO} list for group {group!r}; it has: {known}"
    )


def leaders(league: League, top: int = 3) -> dict[str, tuple[Standing, ...]]:
    """The first `top` lines of each kept system's standings, in the league's order of systems.

    A system that keeps several lists and has more than one in this league (cow.elo across game
    groups, area across titles) is left out: its lists are read one by one (`standings`)."""
    out: dict[str, tuple[Standing, ...]] = {}
    for name in league.systems:
        try:
            table = ratings(league, name)
        except LeagueError as exc:
            if exc.field == "list_key":
                continue
            raise
        out[name] = table.standings[:top]
    return out


# -- ranking lists (seed 001) ------------------------------------------------------------------


def _month_range(month: str) -> tuple[dt.date, dt.date]:
    try:
        first = dt.date.fromisoformat(f"{month.strip()}-01")
    except (ValueError, AttributeError):
        raise LeagueError("month", f"expected a month like 2026-03, got {month!r}") from None
    following = (first.replace(day=28) + dt.timedelta(days=4)).replace(day=1)
    return first, following - dt.timedelta(days=1)


def _year(year: int | str) -> int:
    try:
        number = int(str(year).strip())
    except ValueError:
        raise LeagueError("year", f"expected a year like 2026, got {year!r}") from None
    if not dt.MINYEAR <= number <= dt.MAXYEAR:
        raise LeagueError("year", f"expected a year like 2026, got {year!r}")
    return number


def _between(league: League, first: dt.date, last: dt.date) -> list[Game]:
    """The confirmed games dated in [first, last]: the only ones a list of that period reads
    (a game's date is its day in the league's time zone, see `services.local_date`)."""
    return _games(_confirmed(league).filter(date__gte=first, date__lte=last))


def _listed(compute: Any, **options: Any) -> engine_lists.RankingList:
    try:
        result: engine_lists.RankingList = compute(**options)
    except MixedLists as exc:
        raise LeagueError("group", str(exc).replace(" with --group", "")) from None
    except InvalidParameter as exc:
        raise LeagueError("score", str(exc)) from None
    return result


def monthly_list(
    league: League,
    month: str,
    *,
    city: str | None = None,
    group: str | None = None,
    score: str | None = None,
) -> engine_lists.RankingList:
    """A city's Monthly List of a game group for `month` ("YYYY-MM"), with gold; without a city,
    the Open List. `score` is the league's monthly score formula unless given. The engine's
    `monthly_list` over the month's confirmed games: its entries are `MonthlyEntry` (player,
    place, score, games, gold), and `not_listed` says who played too little."""
    first, last = _month_range(month)
    return _listed(
        engine_lists.monthly_list,
        records=_between(league, first, last),
        month=f"{first.year:04d}-{first.month:02d}",
        city=city,
        group=group,
        score=score or league.monthly_score,
    )


def open_list(
    league: League, month: str, *, group: str | None = None, score: str | None = None
) -> engine_lists.RankingList:
    """The Open List of a game group: the monthly list across every city, without gold."""
    return monthly_list(league, month, group=group, score=score)


def annual_list(
    league: League,
    year: int | str,
    *,
    city: str | None = None,
    group: str | None = None,
    basic_group: str = "base",
    score: str | None = None,
) -> engine_lists.RankingList:
    """The annual score of a city (all cities: over the Open Lists) and game group: the sum of
    each player's four best monthly places, 150 per missing month; premium accounts only except
    in `basic_group`. Entries are `AnnualEntry` (player, place, score, months)."""
    number = _year(year)
    return _listed(
        engine_lists.annual_list,
        records=_between(league, dt.date(number, 1, 1), dt.date(number, 12, 31)),
        year=number,
        city=city,
        group=group,
        score=score or league.monthly_score,
        basic_group=basic_group,
    )


# -- explanations from the rating-change log ---------------------------------------------------


@dataclass(frozen=True)
class HistoryEntry:
    """What one confirmed game did to one player's number in one list of one system."""

    game: str
    """The game's id."""
    date: dt.date
    system: str
    list_key: str
    player: str
    before: float
    after: float
    games: int
    """Games the player had been rated in on this list, this one included."""
    explanation: Explanation
    """The engine's explanation of the whole game (every player's terms)."""

    @property
    def change(self) -> float:
        return self.after - self.before

    @property
    def terms(self) -> tuple[Term, ...]:
        """The player's own terms: one per opponent where the system compares pairs."""
        return tuple(term for term in self.explanation.terms if term.player == self.player)

    @property
    def summary(self) -> str:
        """The change in words: "+8: +2 against Ben, +6 against Cleo" where the system compares
        pairs, else the change and the system's own reasons ("+5: 3rd place ...")."""
        parts = [
            f"{_signed(term.amount)} against {term.opponent}" if term.opponent else term.why
            for term in self.terms
        ]
        return f"{_signed(self.change)}: {', '.join(parts or self.explanation.notes)}".rstrip(": ")


def _signed(amount: float) -> str:
    """+8, -4, +0.143: at most 3 decimals, a sign always."""
    text = f"{round(amount, 3) + 0.0:+.3f}"
    return text.rstrip("0").rstrip(".")


_Before = dict[tuple[int, str, str], dict[str, float]]
"""Ratings before each game, by (game pk, system, list key): the log's `before` of every name
that had been rated in that list before (`games > 1`)."""


def _ratings_before(changes: QuerySet[RatingChange]) -> _Before:
    out: _Before = {}
    rows = changes.filter(games__gt=1).values_list(
        "game_id", "system", "list_key", "player", "before"
    )
    for game, system, key, player, before in rows:
        out.setdefault((game, system, key), {})[player] = before
    return out


def _explain(system: ReplaySystem[Game], game: Game, before: Mapping[str, float]) -> Explanation:
    """The engine's explanation of `game` given the ratings just before it (as in a replay)."""
    return system.explain([game], game.id, start=before)


def player_history(
    league: League, player_name: str, system: str, list_key: str | None = None
) -> list[HistoryEntry]:
    """Every confirmed game that moved the player's number in the system, in play order, with
    the rating before and after and the engine's explanation. All of the system's lists unless
    `list_key` names one. Turnabout's entries are the events that rated the player."""
    player = _player(league, player_name)
    engine = _system(league, system)
    games_system = _game_system(engine)
    if games_system is None:
        if isinstance(engine, ReplaySystem):
            return _event_history(league, player, engine)
        raise LeagueError(
            "system",
            f"{system} ranks players by their ranks in other systems and moves no number per "
            "game; ask for one of its members",
        )
    mine = RatingChange.objects.filter(league=league, system=system, player=player.name)
    if list_key is not None:
        mine = mine.filter(list_key=list_key)
    rows = list(mine.order_by("date", "sequence", "list_key"))
    records = {
        record.pk: record.to_record()
        for record in _with_seats(GameRecord.objects.filter(pk__in=mine.values("game_id")))
    }
    before = _ratings_before(
        RatingChange.objects.filter(
            league=league, system=system, game_id__in=mine.values("game_id")
        )
    )
    return [
        HistoryEntry(
            game=records[row.game_id].id,
            date=row.date,
            system=system,
            list_key=row.list_key,
            player=row.player,
            before=row.before,
            after=row.after,
            games=row.games,
            explanation=_explain(
                games_system,
                records[row.game_id],
                before.get((row.game_id, system, row.list_key), {}),
            ),
        )
        for row in rows
    ]


def _event_history(league: League, player: Player, system: ReplaySystem[Any]) -> list[HistoryEntry]:
    """Turnabout keeps no state: the engine explains each confirmed event the player was rated
    in, replaying the events before it."""
    events = confirmed_events(league)
    entries: list[HistoryEntry] = []
    for event in events:
        if player.name not in (row.player for row in event.standings):
            continue
        if system.refusal(event) is not None:
            continue
        explanation = system.explain(events, event.id)
        if player.name not in explanation.changes:
            continue
        entries.append(
            HistoryEntry(
                game=event.id,
                date=event.date,
                system=system.name,
                list_key="",
                player=player.name,
                before=explanation.before[player.name],
                after=explanation.after[player.name],
                games=len(entries) + 1,
                explanation=explanation,
            )
        )
    return entries


def _player(league: League, name: str) -> Player:
    try:
        return Player.objects.get(league=league, key=name.strip().casefold())
    except Player.DoesNotExist:
        raise LeagueError("player", f"league {league.slug!r} has no player {name!r}") from None


def game_explanations(record: GameRecord) -> dict[str, Explanation]:
    """What a confirmed game did in each kept system that rates it, explained by the engine from
    the ratings just before it (the log). Empty for a game that is not confirmed; systems that
    do not rate the game (or rate no single game: pages.combined, turnabout) are left out."""
    if record.status != RecordStatus.CONFIRMED:
        return {}
    league = record.league
    game = record.to_record()
    before = _ratings_before(RatingChange.objects.filter(league=league, game=record))
    out: dict[str, Explanation] = {}
    for name in league.systems:
        system = _game_system(get_system(name))
        if system is None or system.refusal(game) is not None:
            continue
        key = (record.pk, name, system.list_key(game))
        out[name] = _explain(system, game, before.get(key, {}))
    return out


def preview(league: League, game: Game) -> dict[str, dict[str, float]]:
    """What each kept system would change for this game, not yet recorded, given the current
    stored ratings: {system: {player: change}}, names as the league spells them.

    Systems that do not rate the game are left out: those that refuse it (another title, a
    class they do not rate) and those that cannot rate it as given (`RatingError`, such as a
    VP-based system without VP), as are pages.combined and turnabout, which rate no single
    game. Not a promise: results confirmed before this one may move the numbers first."""
    game = _spelled(league, game)
    names = [seat.player for seat in game.seats]
    out: dict[str, dict[str, float]] = {}
    for name in league.systems:
        system = _game_system(get_system(name))
        if system is None or system.refusal(game) is not None:
            continue
        state = ListState(league, name, system.list_key(game))
        state.load(set(names))
        try:
            out[name] = system.changes(game, state)
        except RatingError:
            continue
    return out


def _spelled(league: League, game: Game) -> Game:
    """The game with its players named as the league spells them (the state's names)."""
    keys = [seat.player.casefold() for seat in game.seats]
    known = dict(Player.objects.filter(league=league, key__in=keys).values_list("key", "name"))
    seats = tuple(
        dataclasses.replace(seat, player=known.get(seat.player.casefold(), seat.player))
        for seat in game.seats
    )
    return dataclasses.replace(game, seats=seats)


# -- results -----------------------------------------------------------------------------------


def latest_results(league: League, limit: int = 10) -> list[GameRecord]:
    """The league's latest confirmed games, newest first, seats (players, VP sources)
    prefetched."""
    rows = GameRecord.objects.filter(league=league, status=RecordStatus.CONFIRMED).order_by(
        "-date", "-sequence"
    )
    return list(_with_seats(rows)[:limit])


def pending_for(user: User, league: League | None = None) -> list[GameRecord]:
    """The submitted results waiting for this user's signature, in play order: those with a
    seat of theirs not yet signed, and, for a league official, those another official entered
    that they may sign as official (they do not play in it and have not signed it). Seats and
    leagues prefetched."""
    if not user.is_authenticated:
        return []
    own_seat = Seat.objects.filter(game=OuterRef("pk"), player__user=user)
    unsigned_seat = own_seat.exclude(
        Exists(Confirmation.objects.filter(game=OuterRef("game"), player=OuterRef("player")))
    )
    entered_by_official = Confirmation.objects.filter(
        game=OuterRef("pk"), player__isnull=True, by=OuterRef("created_by")
    )
    signed_as_official = Confirmation.objects.filter(
        game=OuterRef("pk"), player__isnull=True, by=user
    )
    as_official = (
        Q(league__officials=user)
        & Exists(entered_by_official)
        & ~Q(created_by=user)
        & ~Exists(signed_as_official)
        & ~Exists(own_seat)
    )
    rows = GameRecord.objects.filter(status=RecordStatus.SUBMITTED).filter(
        Exists(unsigned_seat) | as_official
    )
    if league is not None:
        rows = rows.filter(league=league)
    rows = rows.select_related("league").order_by("date", "sequence", "pk").distinct()
    return list(_with_seats(rows))


def event_standings(
    league: League,
    event_id: str,
    *,
    scoring: str = "5-3-2-1",
    seed: int | None = None,
) -> TournamentStandings:
    """The tournament standings of one event's confirmed games (seed 002; `scoring` a preset of
    `tablerank.catan.standings.SCORINGS`), each row naming the criterion that separated it from
    the row above (`separated_by`), and the seed of the draw of lots."""
    games: Iterable[Game] = _games(_confirmed(league).exclude(event=""))
    try:
        return tournament_standings(list(games), event=event_id, scoring=scoring, seed=seed)
    except UnknownScoring as exc:
        raise LeagueError("scoring", str(exc)) from None
    except StandingsError as exc:
        raise LeagueError("event", str(exc)) from None
