"""`league history|standings|lists`: the league's history, standings and ranking lists, in the
file commands' JSON and tables.

No `from __future__ import annotations` here: Typer must see the options' types as objects.
"""

from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any

import typer

from tablerank.cli.league import access
from tablerank.cli.league.options import (
    LeagueCity,
    LeagueGroup,
    LeagueScore,
    ListKey,
    Slug,
)
from tablerank.cli.league.show import history_json, print_history, print_player_history
from tablerank.cli.lists import print_list
from tablerank.cli.options import City, Format, Group, Output, OutputFile, SheetFormat, SystemName
from tablerank.cli.output import emit, emit_rows, guarded, warn
from tablerank.cli.predict import PredictSystem, TableOption, print_prediction
from tablerank.cli.render import print_standings
from tablerank.formats.report import (
    ANNUAL_ROWS,
    BACKTEST_ROWS,
    MONTHLY_ROWS,
    RATING_ROWS,
    lists_json,
    rating_table_json,
)

if TYPE_CHECKING:
    from tablerank.engine.records import Game
    from tablerank.tournament.seat_report import SeatReport

__all__ = [
    "annual", "backtest", "elo", "history", "monthly", "predict", "seats_report", "standings",
]  # fmt: skip


def history(
    slug: Slug,
    player: Annotated[
        str | None,
        typer.Option("--player", help="One player's per-game changes, with the reasons."),
    ] = None,
    system: Annotated[
        str | None, typer.Option("--system", "-s", help="The system, with --player.")
    ] = None,
    list_key: ListKey = None,
    last: Annotated[
        int | None,
        typer.Option("--last", help="Only the player's latest N games, with --player."),
    ] = None,
    output: Format = Output.table,
) -> None:
    """The league's confirmed games in play order, or one player's changes in one system."""
    if player is None:

        def games() -> "list[Game]":
            from tablerank.league import services
            from tablerank.league.errors import LeagueError

            if system is not None or list_key is not None or last is not None:
                raise LeagueError("player", "--system, --list and --last go with --player")
            return services.confirmed_history(access.league(slug))

        print_history(guarded(lambda: access.read(games)), slug, output)
        return

    def changes() -> dict[str, Any]:
        from tablerank.league import queries
        from tablerank.league.errors import LeagueError

        if system is None:
            raise LeagueError("system", "say whose numbers: --system NAME with --player")
        league = access.league(slug)
        entries = queries.player_history(league, player, system, list_key, last=last)
        return history_json(slug, entries, player, system)

    emit(guarded(lambda: access.read(changes)), output, print_player_history)


def standings(
    slug: Slug,
    system: SystemName,
    list_key: ListKey = None,
    group: Group = None,
    city: City = None,
    event: Annotated[str | None, typer.Option("--event", help="Only games of this event.")] = None,
    since: Annotated[
        str | None, typer.Option("--since", help="Only games on or after this day.")
    ] = None,
    until: Annotated[
        str | None, typer.Option("--until", help="Only games on or before this day.")
    ] = None,
    output: SheetFormat = None,
    to: OutputFile = None,
) -> None:
    """A system's standings: stored, or replayed over the games the filters choose."""

    def work() -> dict[str, Any]:
        from tablerank.league import queries

        league = access.league(slug)
        warn(queries.unmatched_filters(league, group=group, city=city, event=event))
        asked = queries.StandingsFilters(
            list_key=list_key, group=group, city=city, event=event, since=since, until=until
        )
        table = queries.standings(league, system, asked)
        return rating_table_json(table)

    emit_rows(lambda: access.read(work), output, to, print_standings, RATING_ROWS)


def monthly(
    slug: Slug,
    month: Annotated[str, typer.Option("--month", help="The month, YYYY-MM.")],
    city: LeagueCity = None,
    group: LeagueGroup = None,
    score: LeagueScore = None,
    output: SheetFormat = None,
    to: OutputFile = None,
) -> None:
    """A city's Monthly List with gold, or the Open List across cities."""

    def work() -> dict[str, Any]:
        from tablerank.league import queries

        league = access.league(slug)
        warn(queries.unmatched_filters(league, city=city, group=group))
        return lists_json(queries.monthly_list(league, month, city=city, group=group, score=score))

    emit_rows(lambda: access.read(work), output, to, print_list, MONTHLY_ROWS)


def annual(
    slug: Slug,
    year: Annotated[str, typer.Option("--year", help="The year, YYYY.")],
    city: LeagueCity = None,
    group: LeagueGroup = None,
    score: LeagueScore = None,
    basic_group: Annotated[
        str, typer.Option("--basic-group", help="The Basic Game group, open to free accounts.")
    ] = "base",
    output: SheetFormat = None,
    to: OutputFile = None,
) -> None:
    """The annual score: four best monthly places, 150 for each missing month."""

    def work() -> dict[str, Any]:
        from tablerank.league import queries

        league = access.league(slug)
        warn(queries.unmatched_filters(league, city=city, group=group))
        return lists_json(
            queries.annual_list(
                league, year, city=city, group=group, basic_group=basic_group, score=score
            )
        )

    emit_rows(lambda: access.read(work), output, to, print_list, ANNUAL_ROWS)


def elo(
    slug: Slug,
    group: Annotated[
        str | None,
        typer.Option("--group", help="The game group's list (needed when there are several)."),
    ] = None,
    output: SheetFormat = None,
    to: OutputFile = None,
) -> None:
    """The permanent cow.elo list of a game group."""

    def work() -> dict[str, Any]:
        from tablerank.league import queries

        return rating_table_json(queries.elo_list(access.league(slug), group))

    emit_rows(lambda: access.read(work), output, to, print_standings, RATING_ROWS)


def predict(
    slug: Slug,
    table: TableOption,
    system: PredictSystem = "skill",
    list_key: ListKey = None,
    output: Format = Output.table,
) -> None:
    """Each player's chance to win a table about to play, from the confirmed games."""

    def work() -> dict[str, Any]:
        from tablerank.cli.predict import seated, warned
        from tablerank.formats.report import prediction_json
        from tablerank.league import queries

        players = seated(table)
        odds = queries.predict(access.league(slug), players, system, list_key)
        return warned(prediction_json(system, odds))

    emit(guarded(lambda: access.read(work)), output, print_prediction)


def backtest(
    slug: Slug,
    systems: Annotated[
        list[str] | None, typer.Option("--system", "-s", help="A system to score (repeatable).")
    ] = None,
    title: Annotated[str | None, typer.Option("--title", help="Only games of this title.")] = None,
    group: Group = None,
    city: City = None,
    output: SheetFormat = None,
    to: OutputFile = None,
) -> None:
    """Which system predicts this league's winners best (docs/backtest.md)."""

    def work() -> dict[str, Any]:
        from tablerank.formats.report import backtest_json
        from tablerank.league import queries

        league = access.league(slug)
        warn(queries.unmatched_filters(league, title=title, group=group, city=city))
        base, results = queries.backtest(
            league, tuple(systems or ()), title=title, group=group, city=city
        )
        return backtest_json(base, results)

    from tablerank.cli.backtest import print_backtest

    emit_rows(lambda: access.read(work), output, to, print_backtest, BACKTEST_ROWS)


def seats_report(
    slug: Slug,
    title: Annotated[str | None, typer.Option("--title", help="Only games of this title.")] = None,
    group: Group = None,
    city: City = None,
    event: Annotated[str | None, typer.Option("--event", help="Only games of this event.")] = None,
    output: Format = Output.table,
) -> None:
    """Does the first seat win more? Win rate and mean VP by turn position."""

    def work() -> "SeatReport":
        from tablerank.league import queries

        league = access.league(slug)
        warn(queries.unmatched_filters(league, title=title, group=group, city=city, event=event))
        return queries.seats_report(league, title=title, group=group, city=city, event=event)

    from tablerank.cli.seat_report import print_report
    from tablerank.formats.seating import seat_report_json

    emit(guarded(lambda: access.read(work)), output, print_report, as_json=seat_report_json)


COMMANDS: dict[str, Callable[..., None]] = {
    "history": history,
    "standings": standings,
    "predict": predict,
    "backtest": backtest,
    "seats-report": seats_report,
}
"""The commands by name, in the order `tablerank league --help` lists them."""

LIST_COMMANDS: dict[str, Callable[..., None]] = {
    "monthly": monthly,
    "annual": annual,
    "elo": elo,
}
"""`league lists ...`, by name."""
