"""Reading a league, in one namespace: standings, ranking lists, a player's history,
explanations, what is pending, who is in a league. The API, the web pages and the command line
make every read of the database through these (none builds a query of its own).

Pure reads over the stored history: every number comes from the engine (the stored rating state,
the rating-change log handed to the system's own `explain`, or the engine run over the confirmed
history these functions select). Nothing here writes or decides a rule. Errors are
`LeagueError(field, message)`, naming what the caller asked for wrongly.

The expensive reads (standings, the ELO lists, the leaders, an event's standings, the ranking
lists, a player's history) are cached under the league's revision (`store.cache.cached`): any write
that changes what they show bumps the revision, so a cached result is never stale.

Each part lives in its own module; this one gathers them:

| module | what |
| --- | --- |
| `tables` | a system's standings, the ELO lists, the leaders, an event's standings |
| `lists` | the Monthly, Open and annual lists (seed 001) |
| `history` | a player's history, game by game |
| `explanations` | what a confirmed game did, and what recording one would do |
| `forecasts` | who will win a table, and which system predicts the league best |
| `results` | the latest results, those waiting for a signature, a result's signatures |
| `seat_tallies` | the seat report over the confirmed games |
| `paging` | pages of a long list |
| `lookups` | a league, player, game or account by what someone typed |
| `members` | who is in a league: names, who signs for whom, who holds a role |
| `choices` | what the history offers the filters: groups, cities, months, titles |
| `events` | the events and tournaments as listed, entrants, a final order |
| `leagues` | the leagues the site's home lists |
| `export` | every record of a league, in recording order |
| `print_outs` | a tournament's print-outs: pairings by name, a slip's VP sources |

What they start from (`store.reading`: the kept system, confirmed games), the cache
(`store.cache`: results per league revision, and their ETags) and the read snapshot
(`store.snapshot`) are the store's; the shells reach them only through this namespace.
"""

from __future__ import annotations

from tablerank.engine.backtest import Backtest
from tablerank.engine.lists import RankingList
from tablerank.engine.systems.base import Explanation, RatingTable, Standing
from tablerank.engine.systems.skill import TableOdds
from tablerank.league.models import GameRecord, League
from tablerank.league.queries import forecasts, history, lists, seat_tallies, tables
from tablerank.league.queries.choices import Choices, choices_of, cities_of, titles_of
from tablerank.league.queries.events import (
    LeagueEvent,
    entrants_of,
    event_rounds,
    final_order,
    has_games,
    league_events,
    recorded_event,
    tournaments_of,
)
from tablerank.league.queries.explanations import game_explanations, preview
from tablerank.league.queries.export import export_lines
from tablerank.league.queries.history import HistoryEntry
from tablerank.league.queries.leagues import LeagueCard, league_cards
from tablerank.league.queries.lookups import (
    NAMES_SHOWN,
    find_account,
    find_game,
    find_league,
    find_player,
    league_to_edit,
    names_starting,
    players_starting,
    readable_league,
    require_game,
    require_player,
)
from tablerank.league.queries.members import (
    RoleHolders,
    has_players,
    invitation_waiting,
    members_starting,
    player_by_id,
    player_names,
    players_count,
    players_signed_by,
    players_without_account,
    role_holders,
    staff_without_player,
)
from tablerank.league.queries.paging import DEFAULT_LIMIT, MAX_LIMIT, Page, PastTheEnd, page_of
from tablerank.league.queries.print_outs import (
    Pairing,
    alphabetical,
    pairings_of,
    printed_round,
    slip_sources,
)
from tablerank.league.queries.results import (
    game_read,
    games_and_wins,
    games_by_id,
    games_played,
    games_recorded,
    latest_results,
    league_result,
    pending_for,
    player_records,
    readable_result,
    replacement_of,
    signatures_of,
    signed_as_official,
    signed_seats,
    waiting_count,
)
from tablerank.league.queries.tables import ELO, NO_FILTERS, StandingsFilters, lists_of
from tablerank.league.ratings.tables import fit_ready, fitted_on_reading
from tablerank.league.store.cache import cached, current, etag_of, stored
from tablerank.league.store.reading import unmatched_filters
from tablerank.league.store.snapshot import snapshot
from tablerank.tournament.scoring import DEFAULT_SCORING
from tablerank.tournament.seat_report import SeatReport
from tablerank.tournament.standings import TournamentStandings

__all__ = [
    "DEFAULT_LIMIT",
    "ELO",
    "MAX_LIMIT",
    "NAMES_SHOWN",
    "Choices",
    "HistoryEntry",
    "LeagueCard",
    "LeagueEvent",
    "Page",
    "Pairing",
    "PastTheEnd",
    "RoleHolders",
    "StandingsFilters",
    "alphabetical",
    "annual_list",
    "backtest",
    "backtest_ready",
    "cached",
    "choices_of",
    "cities_of",
    "elo_list",
    "entrants_of",
    "etag_of",
    "event_rounds",
    "event_standings",
    "export_lines",
    "final_order",
    "find_account",
    "find_game",
    "find_league",
    "find_player",
    "fitted_on_reading",
    "game_explanations",
    "game_read",
    "games_and_wins",
    "games_by_id",
    "games_played",
    "games_recorded",
    "has_games",
    "has_players",
    "invitation_waiting",
    "latest_results",
    "leaders",
    "leaders_ready",
    "league_cards",
    "league_events",
    "league_result",
    "league_to_edit",
    "lists_of",
    "members_starting",
    "monthly_list",
    "names_starting",
    "open_list",
    "page_of",
    "pairings_of",
    "pending_for",
    "player_by_id",
    "player_history",
    "player_names",
    "player_records",
    "players_count",
    "players_signed_by",
    "players_starting",
    "players_without_account",
    "predict",
    "preview",
    "printed_round",
    "readable_league",
    "readable_result",
    "recorded_event",
    "replacement_of",
    "require_game",
    "require_player",
    "role_holders",
    "seats_report",
    "signatures_of",
    "signed_as_official",
    "signed_seats",
    "skill_explanation",
    "skill_explanation_ready",
    "skill_may_explain",
    "slip_sources",
    "snapshot",
    "staff_without_player",
    "standings",
    "standings_ready",
    "stored",
    "titles_of",
    "tournaments_of",
    "unmatched_filters",
    "waiting_count",
]


def standings(league: League, system: str, filters: StandingsFilters = NO_FILTERS) -> RatingTable:
    """`standings.standings`, cached."""
    params = (system, *filters.key())
    return cached(league, "standings", params, lambda: tables.standings(league, system, filters))


def standings_ready(league: League, system: str, filters: StandingsFilters = NO_FILTERS) -> bool:
    """Whether `standings` as asked is at hand at the league's revision: read from stored
    state, or fitted on reading (skill: seconds on a large league) and kept. A page shows
    such a table at once only then, else fetches it after loading."""
    if not fitted_on_reading(system):
        return True
    return (
        stored(league, "standings", (system, *filters.key()), revision=current(league)) is not None
    )


def elo_list(league: League, group: str | None = None) -> RatingTable:
    """`standings.elo_list`, cached."""
    return cached(league, "elo", (group,), lambda: tables.elo_list(league, group))


def leaders(
    league: League, top: int = 3, systems: tuple[str, ...] | None = None
) -> dict[str, tuple[Standing, ...]]:
    """`standings.leaders`, cached."""
    return cached(league, "leaders", (top, systems), lambda: tables.leaders(league, top, systems))


def leaders_ready(league: League, top: int, systems: tuple[str, ...]) -> bool:
    """Whether `leaders` of these systems is at hand at the league's revision: kept, or cheap
    because each system fitted on reading has its fit kept (`rating_tables.fit_ready`). A page
    shows the boards of such systems at once only then, else fetches them after loading."""
    if stored(league, "leaders", (top, systems), revision=current(league)) is not None:
        return True
    return all(fit_ready(league, system) for system in systems)


def event_standings(
    league: League, event_id: str, *, scoring: str = DEFAULT_SCORING, seed: int | None = None
) -> TournamentStandings:
    """`standings.event_standings`, cached."""
    return cached(
        league,
        "event",
        (event_id, scoring, seed),
        lambda: tables.event_standings(league, event_id, scoring=scoring, seed=seed),
    )


def monthly_list(
    league: League,
    month: str,
    *,
    city: str | None = None,
    group: str | None = None,
    score: str | None = None,
) -> RankingList:
    """`lists.monthly_list`, cached."""
    return cached(
        league,
        "monthly",
        (month, city, group, score),
        lambda: lists.monthly_list(league, month, city=city, group=group, score=score),
    )


def open_list(
    league: League, month: str, *, group: str | None = None, score: str | None = None
) -> RankingList:
    """`lists.open_list`, cached (the same entry as the monthly list without a city)."""
    return monthly_list(league, month, group=group, score=score)


def annual_list(
    league: League,
    year: int | str,
    *,
    city: str | None = None,
    group: str | None = None,
    basic_group: str = "base",
    score: str | None = None,
) -> RankingList:
    """`lists.annual_list`, cached."""
    return cached(
        league,
        "annual",
        (str(year), city, group, basic_group, score),
        lambda: lists.annual_list(
            league, year, city=city, group=group, basic_group=basic_group, score=score
        ),
    )


def player_history(
    league: League,
    player_name: str,
    system: str,
    list_key: str | None = None,
    *,
    last: int | None = None,
) -> list[HistoryEntry]:
    """`history.player_history`, cached."""
    return cached(
        league,
        "history",
        (player_name, system, list_key, last),
        lambda: history.player_history(league, player_name, system, list_key, last=last),
    )


def predict(
    league: League, players: tuple[str, ...], system: str = "skill", list_key: str | None = None
) -> tuple[TableOdds, ...]:
    """`forecasts.predict`, cached."""
    return cached(
        league,
        "predict",
        (players, system, list_key),
        lambda: forecasts.predict(league, players, system, list_key),
    )


def backtest(
    league: League,
    systems: tuple[str, ...] = (),
    *,
    title: str | None = None,
    group: str | None = None,
    city: str | None = None,
) -> tuple[tuple[int, float, float], list[Backtest]]:
    """`forecasts.backtest`, cached."""
    return cached(
        league,
        "backtest",
        (systems, title, group, city),
        lambda: forecasts.backtest(league, systems, title=title, group=group, city=city),
    )


def backtest_ready(league: League, *, title: str | None = None) -> bool:
    """Whether `backtest` of every system for `title` is kept at the league's revision (a page
    shows it at once, else fetches it after loading: it replays every game once per system)."""
    params = ((), title, None, None)
    return stored(league, "backtest", params, revision=current(league)) is not None


def skill_explanation(league: League, game_id: str) -> Explanation | None:
    """`forecasts.explain`, cached."""
    return cached(
        league, "skill explanation", (game_id,), lambda: forecasts.explain(league, game_id)
    )


def skill_may_explain(league: League, record: GameRecord) -> bool:
    """`forecasts.skill_may_explain`: whether a game's page has skill's part to show."""
    return forecasts.skill_may_explain(league, record)


def skill_explanation_ready(league: League, game_id: str) -> bool:
    """Whether `skill_explanation` of this game is kept at the league's revision (a game's page
    shows it at once only then, else asks for it after loading)."""
    return stored(league, "skill explanation", (game_id,), revision=current(league)) is not None


def seats_report(
    league: League,
    *,
    title: str | None = None,
    group: str | None = None,
    city: str | None = None,
    event: str | None = None,
) -> SeatReport:
    """`seat_tallies.seats_report`, cached."""
    return cached(
        league,
        "seats report",
        (title, group, city, event),
        lambda: seat_tallies.seats_report(league, title=title, group=group, city=city, event=event),
    )
