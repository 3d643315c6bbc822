"""`tablerank league ...`: keep a league's history in the configured database from the shell.

`register(app)` adds the sub-app; main.py calls it. Django is imported only inside the commands
(`_setup`), so `import tablerank.cli.main` never loads it. The database is the league server's
(`tablerank.server.settings`, or `DJANGO_SETTINGS_MODULE` when set); see docs/league.md.

The command line acts as a local administrator: it records results without signatures, signs
for any player's seat with that player's account, and creates the users it is given (`--by`,
`--as`) when they are missing. Errors end with one line on stderr and exit status 2, like every
command; an import that rejected records ends with exit status 1 after its summary.

No `from __future__ import annotations` here: the commands are defined inside `register`, with
option types imported from main.py there (main.py imports this module), and Typer must see those
annotations as objects, not as names to look up in this module.
"""

import getpass
import json
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer

from tablerank.engine.records import Event, Game
from tablerank.errors import TablerankError
from tablerank.formats.reading import read_records

if TYPE_CHECKING:
    from django.contrib.auth.models import User

    from tablerank.league.models import EventRecord, GameRecord, League, Player

__all__ = ["ImportSummary", "event_json", "game_json", "register"]

T = TypeVar("T")

SETTINGS = "tablerank.server.settings"
CHUNK = 500
"""Records imported per transaction: an interrupted import keeps what it committed, and
running it again skips those (imports are idempotent by id)."""

league_app = typer.Typer(
    help="A league kept in a database: create it, import and verify results, export it all.",
    no_args_is_help=True,
)


class LeagueUnavailable(TablerankError):
    """The league's database cannot be used: Django missing, bad settings, no tables."""


# -- the records' JSON form (docs/records.md), as read back by read_records --------------------


def game_json(game: Game) -> dict[str, Any]:
    """A game in the records' JSON form: `game_from_dict` of this equals `game`."""
    seats = []
    for seat in game.seats:
        row: dict[str, Any] = {"player": seat.player, "place": seat.place}
        if seat.vp is not None:
            row["vp"] = int(seat.vp) if float(seat.vp).is_integer() else seat.vp
        if seat.winner:
            row["winner"] = True
        if seat.team is not None:
            row["team"] = seat.team
        row["status"] = seat.status.value
        row["account"] = seat.account.value
        if seat.sources:
            row["sources"] = dict(seat.sources)
        seats.append(row)
    out: dict[str, Any] = {"id": game.id, "date": game.date.isoformat(), "game": game.game}
    if game.variant is not None:
        out["variant"] = game.variant
    out.update({"target": game.target, "group": game.group})
    if game.city is not None:
        out["city"] = game.city
    out["class"] = game.game_class.value
    if game.event is not None:
        out["event"] = game.event
    if game.round is not None:
        out["round"] = game.round
    out["seats"] = seats
    return out


def event_json(event: Event) -> dict[str, Any]:
    """An event in the records' JSON form: `event_from_dict` of this equals `event`."""
    return {
        "id": event.id,
        "date": event.date.isoformat(),
        "rounds": event.rounds,
        "format": event.format.value,
        "standings": [
            {"player": row.player, "place": row.place, "wins": row.wins, "draws": row.draws,
             "losses": row.losses, "completed": row.completed}
            for row in event.standings
        ],
    }  # fmt: skip


def _content(record: Game | Event) -> dict[str, Any]:
    """What makes two records "the same content": their JSON form, names compared as the
    league compares them (ignoring case)."""
    if isinstance(record, Game):
        out = game_json(record)
        for seat in out["seats"]:
            seat["player"] = seat["player"].casefold()
        return out
    out = event_json(record)
    for row in out["standings"]:
        row["player"] = row["player"].casefold()
    return out


# -- Django, loaded only here -------------------------------------------------------------------


def _setup() -> None:
    """Configure Django for the league's database, once."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", SETTINGS)
    try:
        import django
        from django.apps import apps
        from django.core.exceptions import ImproperlyConfigured
    except ImportError:
        raise LeagueUnavailable(
            "the league needs Django: install the league extra (pip install 'tablerank[league]')"
        ) from None
    if apps.ready:
        return
    try:
        django.setup()
    except ImproperlyConfigured as exc:
        raise LeagueUnavailable(f"league settings: {exc}") from None


def _run(action: Callable[[], T]) -> T:
    """Set Django up and run `action`, turning database trouble into one-line errors; the
    caller's `main._guarded` prints them and exits with status 2."""
    _setup()
    from django.core.exceptions import ImproperlyConfigured
    from django.db import DatabaseError

    try:
        return action()
    except ImproperlyConfigured as exc:
        raise LeagueUnavailable(f"league settings: {exc}") from None
    except DatabaseError as exc:
        text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        hint = ""
        if "no such table" in text or "does not exist" in text:
            hint = "; create the tables with `tablerank league init`"
        raise LeagueUnavailable(f"database: {text}{hint}") from None


def _user(username: str) -> "User":
    """The Django user of this name, created when missing (the CLI is a local administrator)."""
    from django.contrib.auth.models import User

    name = username.strip()
    if not name:
        from tablerank.league.errors import LeagueError

        raise LeagueError("by", "give a user name")
    user, _ = User.objects.get_or_create(username=name)
    return user


def _league(slug: str) -> "League":
    from tablerank.league.errors import LeagueError
    from tablerank.league.models import League

    try:
        return League.objects.get(slug=slug)
    except League.DoesNotExist:
        raise LeagueError(
            "league", f"no league {slug!r}; create it with `tablerank league create`"
        ) from None


def _player(league: "League", name: str) -> "Player":
    from tablerank.league.errors import LeagueError
    from tablerank.league.models import Player

    try:
        return Player.objects.get(league=league, key=name.casefold())
    except Player.DoesNotExist:
        raise LeagueError("player", f"league {league.slug!r} has no player {name!r}") from None


def _account(player: "Player") -> "User":
    """The account that signs for the player's seats; a player without one gets the user of
    their name (created when missing), linked from now on."""
    if player.user is not None:
        return player.user
    user = _user(player.name)
    player.user = user
    player.save(update_fields=["user"])
    return user


def _game(league: "League", game_id: str) -> "GameRecord":
    """The league's live game of this id, else its latest voided one (whose refusal the
    services word), else an error."""
    from tablerank.league.errors import LeagueError
    from tablerank.league.models import GameRecord, RecordStatus

    rows = GameRecord.objects.filter(league=league, external_id=game_id).select_related("league")
    live = rows.exclude(status=RecordStatus.VOIDED).first()
    found = live or rows.order_by("-voided_at", "-pk").first()
    if found is None:
        raise LeagueError("id", f"league {league.slug!r} has no game {game_id!r}")
    return found


# -- import -------------------------------------------------------------------------------------


@dataclass
class ImportSummary:
    """What an import did with each record it read."""

    imported: list[str] = field(default_factory=list)
    already_present: list[str] = field(default_factory=list)
    rejected: list[tuple[str, str]] = field(default_factory=list)

    def as_json(self, league: str) -> dict[str, Any]:
        return {
            "league": league,
            "imported": len(self.imported),
            "already_present": len(self.already_present),
            "rejected": len(self.rejected),
            "rejections": [{"id": rid, "reason": why} for rid, why in self.rejected],
        }


def _stored(league: "League", record: Game | Event) -> "list[GameRecord] | list[EventRecord]":
    from tablerank.league.models import EventRecord, GameRecord

    if isinstance(record, Game):
        return list(
            GameRecord.objects.filter(league=league, external_id=record.id).prefetch_related(
                "seats__player", "seats__sources"
            )
        )
    return list(
        EventRecord.objects.filter(league=league, external_id=record.id).prefetch_related(
            "standings__player"
        )
    )


def _import_one(
    league: "League",
    record: Game | Event,
    by: "User",
    known: set[str],
    pending: bool,
    summary: ImportSummary,
) -> None:
    from tablerank.league.errors import LeagueError
    from tablerank.league.models import RecordStatus
    from tablerank.league.services import record_event, record_game

    kind = "game" if isinstance(record, Game) else "event"
    if record.id in known:
        rows = _stored(league, record)
        mine = _content(record)
        live = [row for row in rows if row.status != RecordStatus.VOIDED]
        if live:
            if _content(live[0].to_record()) == mine:
                summary.already_present.append(record.id)
            else:
                summary.rejected.append(
                    (record.id, f"{kind} id exists with other content; correct it instead")
                )
            return
        if any(_content(row.to_record()) == mine for row in rows):
            summary.already_present.append(record.id)  # present, and voided: not brought back
            return
    status = RecordStatus.SUBMITTED if pending else RecordStatus.CONFIRMED
    try:
        if isinstance(record, Game):
            record_game(league, record, by, status=status)
        else:
            record_event(league, record, by, status=status)
    except LeagueError as exc:  # a concurrent import took the id first
        summary.rejected.append((record.id, str(exc)))
        return
    known.add(record.id)
    summary.imported.append(record.id)


@contextmanager
def _progress(total: int) -> Iterator[Callable[[], None]]:
    """A progress bar on stderr when it is a terminal; a no-op step otherwise."""
    if total == 0 or not sys.stderr.isatty():
        yield lambda: None
        return
    from rich.console import Console
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("importing", total=total)
        yield lambda: bar.advance(task)


def import_records(
    league: "League", records: Sequence[Game | Event], by: "User", *, pending: bool = False
) -> ImportSummary:
    """Record each game and event not yet in the league, in file order (see `ImportSummary`)."""
    from django.db import transaction

    from tablerank.league.models import EventRecord, GameRecord

    known_games = set(
        GameRecord.objects.filter(league=league).values_list("external_id", flat=True)
    )
    known_events = set(
        EventRecord.objects.filter(league=league).values_list("external_id", flat=True)
    )
    summary = ImportSummary()
    with _progress(len(records)) as step:
        for start in range(0, len(records), CHUNK):
            with transaction.atomic():
                for record in records[start : start + CHUNK]:
                    known = known_games if isinstance(record, Game) else known_events
                    _import_one(league, record, by, known, pending, summary)
                    step()
    return summary


# -- export -------------------------------------------------------------------------------------


def export_lines(league: "League") -> Iterator[dict[str, Any]]:
    """Every game and event of the league in recording order, voided ones included with a
    `voided` object (by, at, why, and `replaced_by` for a correction)."""
    from django.db.models import Prefetch

    from tablerank.league.models import EventRecord, EventStanding, GameRecord, Seat

    seats = Seat.objects.select_related("player").prefetch_related("sources")
    games = (
        GameRecord.objects.filter(league=league)
        .select_related("voided_by")
        .prefetch_related(Prefetch("seats", queryset=seats))
    )
    standings = EventStanding.objects.select_related("player")
    events = (
        EventRecord.objects.filter(league=league)
        .select_related("voided_by")
        .prefetch_related(Prefetch("standings", queryset=standings))
    )
    rows: list[GameRecord | EventRecord] = [*games, *events]
    # A correction keeps the original's number: the voided original comes first.
    rows.sort(key=lambda row: (row.sequence, row.voided_at is None, row.pk))
    replaced = dict(
        GameRecord.objects.filter(league=league, replaces__isnull=False).values_list(
            "replaces_id", "external_id"
        )
    )
    for row in rows:
        record = row.to_record()
        line = game_json(record) if isinstance(record, Game) else event_json(record)
        if row.voided_at is not None:
            voided: dict[str, Any] = {
                "by": row.voided_by.get_username() if row.voided_by else None,
                "at": row.voided_at.isoformat(),
                "why": row.void_reason,
            }
            if isinstance(row, GameRecord) and row.pk in replaced:
                voided["replaced_by"] = replaced[row.pk]
            line["voided"] = voided
        yield line


# -- output -------------------------------------------------------------------------------------


def _print_summary(summary: ImportSummary, slug: str, as_json: bool) -> None:
    from tablerank.cli import main

    if as_json:
        main._print_json(summary.as_json(slug))
        return
    typer.echo(
        f"league {slug}: imported {len(summary.imported)}, already present "
        f"{len(summary.already_present)}, rejected {len(summary.rejected)}"
    )
    for rid, why in summary.rejected:
        typer.echo(f"  rejected {rid}: {why}")


def _print_history(games: list[Game], slug: str, as_json: bool) -> None:
    from tablerank.cli import main

    if as_json:
        main._print_json({"league": slug, "games": [game_json(g) for g in games]})
        return
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    table = Table(title=Text(f"league {slug}: confirmed games"), title_justify="left")
    for column in ("Date", "Id", "Game", "Group", "City", "Places"):
        table.add_column(column)
    for game in games:
        places = ", ".join(
            f"{s.place}. {s.player}" if s.place is not None else f"- {s.player}"
            for s in sorted(game.seats, key=lambda s: (s.place is None, s.place or 0))
        )
        table.add_row(
            *(Text(v) for v in (game.date.isoformat(), game.id, game.game, game.group,
                                game.city or "", places))
        )  # fmt: skip
    Console(highlight=False).print(table)


# -- commands -----------------------------------------------------------------------------------

Slug = Annotated[str, typer.Argument(help="The league's slug, such as bonn-koeln.")]
GameId = Annotated[str, typer.Argument(help="The game's id.")]
PlayerName = Annotated[
    str, typer.Option("--player", help="The player whose seat signs (their account signs).")
]
By = Annotated[str, typer.Option("--by", help="The user acting (created when missing).")]


def register(app: typer.Typer) -> None:  # noqa: PLR0915  (one nested function per command)
    from tablerank.cli import main

    @league_app.command("init")
    def init() -> None:
        """Create or update the league database's tables (Django's migrate)."""

        def work() -> str:
            from django.core.management import call_command
            from django.db import connection

            call_command("migrate", verbosity=0)
            return str(connection.settings_dict["NAME"])

        name = main._guarded(lambda: _run(work))
        typer.echo(f"league database ready: {name}")

    @league_app.command("create")
    def create(
        slug: Slug,
        name: Annotated[str, typer.Option("--name", help="The league's name.")],
        time_zone: Annotated[
            str, typer.Option("--time-zone", help="An IANA time zone, such as Europe/Berlin.")
        ] = "UTC",
    ) -> None:
        """Create a league."""

        def work() -> None:
            from django.core.exceptions import ValidationError

            from tablerank.league.errors import LeagueError
            from tablerank.league.models import League

            league = League(slug=slug, name=name, time_zone=time_zone)
            try:
                league.full_clean()
            except ValidationError as exc:
                where, messages = next(iter(exc.message_dict.items()))
                raise LeagueError(where, messages[0]) from None
            league.save()

        main._guarded(lambda: _run(work))
        typer.echo(f"created league {slug} ({name}, {time_zone})")

    @league_app.command("add-player")
    def add_player(
        slug: Slug,
        name: Annotated[str, typer.Argument(help="The player's name.")],
        user: Annotated[
            str | None,
            typer.Option("--user", help="The account that signs for the player's seats."),
        ] = None,
    ) -> None:
        """Add a player to a league (names are unique ignoring case)."""

        def work() -> None:
            from tablerank.league import services

            league = _league(slug)
            services.add_player(league, name, user=_user(user) if user else None)

        main._guarded(lambda: _run(work))
        typer.echo(f"added {name} to league {slug}")

    @league_app.command("import")
    def import_(
        slug: Slug,
        files: main.Files,
        as_user: Annotated[
            str | None,
            typer.Option("--as", help="Who records the results (default: your login name)."),
        ] = None,
        pending: Annotated[
            bool,
            typer.Option(
                "--pending", help="Record results as submitted, waiting for their players."
            ),
        ] = False,
        output: main.Format = main.Output.table,
    ) -> None:
        """Import results; games already present (same id and content) are skipped."""

        def work() -> ImportSummary:
            records = read_records(files)
            league = _league(slug)
            return import_records(league, records, _user(as_user or getpass.getuser()),
                                  pending=pending)  # fmt: skip

        summary = main._guarded(lambda: _run(work))
        _print_summary(summary, slug, output is main.Output.json)
        if summary.rejected:
            raise typer.Exit(1)

    @league_app.command("confirm")
    def confirm(slug: Slug, game_id: GameId, player: PlayerName) -> None:
        """Confirm a result for one player's seat."""

        def work() -> str:
            from tablerank.league import services

            league = _league(slug)
            record = _game(league, game_id)
            signer = _player(league, player)
            services.confirm(record, signer, _account(signer))
            return services.verification(record).summary

        summary = main._guarded(lambda: _run(work))
        typer.echo(f"{game_id}: {player} confirmed; {summary}")

    @league_app.command("dispute")
    def dispute(
        slug: Slug,
        game_id: GameId,
        player: PlayerName,
        why: Annotated[str, typer.Option("--why", help="Why the result is wrong.")],
    ) -> None:
        """Dispute a pending result for one player's seat."""

        def work() -> str:
            from tablerank.league import services

            league = _league(slug)
            record = _game(league, game_id)
            signer = _player(league, player)
            services.dispute(record, signer, _account(signer), why)
            return services.verification(record).summary

        summary = main._guarded(lambda: _run(work))
        typer.echo(f"{game_id}: {summary}")

    @league_app.command("void")
    def void(
        slug: Slug,
        game_id: GameId,
        why: Annotated[str, typer.Option("--why", help="Why the result is voided.")],
        by: By,
    ) -> None:
        """Void a result: it stays stored, with who, when and why, and leaves the history."""

        def work() -> None:
            from tablerank.league import services

            league = _league(slug)
            services.void_game(_game(league, game_id), _user(by), why)

        main._guarded(lambda: _run(work))
        typer.echo(f"{game_id}: voided by {by}: {why.strip()}")

    @league_app.command("export")
    def export(
        slug: Slug,
        output_file: Annotated[
            Path | None, typer.Option("--output", "-o", help="Write here instead of stdout.")
        ] = None,
    ) -> None:
        """Export every record (voided ones too) as JSON Lines."""

        def work() -> list[str]:
            return [
                json.dumps(line, ensure_ascii=False) + "\n" for line in export_lines(_league(slug))
            ]

        lines = main._guarded(lambda: _run(work))
        if output_file is None:
            sys.stdout.write("".join(lines))
            return
        try:
            output_file.write_text("".join(lines), encoding="utf-8")
        except OSError as exc:
            typer.echo(f"tablerank: error: {output_file}: cannot write: {exc}", err=True)
            raise typer.Exit(2) from None
        typer.echo(f"exported {len(lines)} records of league {slug} to {output_file}", err=True)

    @league_app.command("history")
    def history(slug: Slug, output: main.Format = main.Output.table) -> None:
        """The league's confirmed games in play order."""

        def work() -> list[Game]:
            from tablerank.league import services

            return services.confirmed_history(_league(slug))

        games = main._guarded(lambda: _run(work))
        _print_history(games, slug, output is main.Output.json)

    app.add_typer(league_app, name="league")
