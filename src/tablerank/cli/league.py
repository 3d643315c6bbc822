"""`tablerank league ...`: keep a league's history in the configured database from the shell.

`register(app)` adds the sub-app; main.py calls it. Django is imported only inside the commands
(`_setup`), so `import tablerank.cli.main` never loads it. The database is the league server's
(`tablerank.server.settings`, or `DJANGO_SETTINGS_MODULE` when set); see docs/league.md.

The command line acts as a local administrator where the services take no user's word: it
records results without signatures, signs for any player's seat with that player's account, and
creates the users it is given (`--by`, `--as`, `--admin`, `grant`) when they are missing. Where
the services check roles (`void`, `correct`), `--by` must be an admin or official of the league
(`grant` makes one). Reads (`lists`, `standings`, `history --player`) go through
`tablerank.league.queries` and print the file commands' JSON. Errors end with one line on
stderr and exit status 2, like every command; an import that rejected records ends with exit
status 1 after its summary.

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

    from tablerank.league.models import EventRecord, GameRecord, League, Player, RecordStatus
    from tablerank.league.queries import HistoryEntry
    from tablerank.league.services import Role

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


def _user(username: str, option: str = "by") -> "User":
    """The Django user of this name, created when missing (the CLI is a local administrator)."""
    from django.contrib.auth.models import User

    name = username.strip()
    if not name:
        from tablerank.league.errors import LeagueError

        raise LeagueError(option, "give a user name")
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
    from tablerank.league.services import CONSOLE, invite_account

    user = _user(player.name)
    invite_account(player, user, by=CONSOLE)  # the console's invitation is accepted at once
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


# -- roles --------------------------------------------------------------------------------------


def _role(name: str) -> "Role":
    from tablerank.league.errors import LeagueError
    from tablerank.league.services import Role

    try:
        return Role(name.strip().casefold())
    except ValueError:
        known = ", ".join(role.value for role in Role)
        raise LeagueError("role", f"expected one of {known}, got {name!r}") from None


def _existing_user(username: str) -> "User":
    from django.contrib.auth.models import User

    from tablerank.league.errors import LeagueError

    try:
        return User.objects.get(username=username.strip())
    except User.DoesNotExist:
        raise LeagueError("user", f"no user {username!r}") from None


def _article(role: str) -> str:
    return f"an {role}" if role[0] in "aeiou" else f"a {role}"


def grant(league: "League", user: "User", role: str, player: str | None) -> str:
    """Give `user` the role in the league (a player's role: sign for the player `player`);
    say what changed."""
    from tablerank.league.errors import LeagueError
    from tablerank.league.services import CONSOLE, Role, grant_role, invite_account

    chosen = _role(role)
    who = user.get_username()
    if chosen is not Role.PLAYER:
        if player is not None:
            raise LeagueError("player", "--player goes with --role player")
        if not grant_role(league, user, chosen, by=CONSOLE):
            return f"{who} is already {_article(chosen.value)} of league {league.slug}"
        return f"{who} is now {_article(chosen.value)} of league {league.slug}"
    if player is None:
        raise LeagueError("player", "name the player whose seats the account signs for: --player")
    member = _player(league, player)
    if member.user_id == user.pk:
        return f"{who} already signs for {member.name} in league {league.slug}"
    if member.user is not None:
        raise LeagueError(
            "player",
            f"{member.name} signs with the account {member.user.get_username()!r}; revoke it first",
        )
    invite_account(member, user, by=CONSOLE)  # the console's invitation is accepted at once
    return f"{who} now signs for {member.name} in league {league.slug}"


def revoke(league: "League", user: "User", role: str, player: str | None) -> str:
    """Take the role away from `user` (a player's role: unlink the account from `player`, or
    from every player of the league it signs for); say what changed."""
    from tablerank.league.errors import LeagueError
    from tablerank.league.models import Player
    from tablerank.league.services import CONSOLE, Role, revoke_role, unlink_account

    chosen = _role(role)
    who = user.get_username()
    if chosen is not Role.PLAYER:
        if player is not None:
            raise LeagueError("player", "--player goes with --role player")
        revoke_role(league, user, chosen, by=CONSOLE)
        return f"{who} is no longer {_article(chosen.value)} of league {league.slug}"
    mine = Player.objects.filter(league=league, user=user).order_by("name")
    if player is not None:
        mine = mine.filter(pk=_player(league, player).pk)
    names = list(mine.values_list("name", flat=True))
    if not names:
        which = f"for {player}" if player is not None else "for any player"
        raise LeagueError("role", f"{who!r} does not sign {which} in league {league.slug!r}")
    for member in mine:
        unlink_account(member, by=CONSOLE)
    return f"{who} no longer signs for {', '.join(names)} in league {league.slug}"


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


def _verdict(stored: "Sequence[GameRecord] | Sequence[EventRecord]", mine: dict[str, Any]) -> str:
    """What importing a record whose id the league has means: "present" (the same content, live
    or voided, which is not brought back) or "rejected" (a live record with other content)."""
    from tablerank.league.models import RecordStatus

    live = [row for row in stored if row.status != RecordStatus.VOIDED]
    if live:
        return "present" if _content(live[0].to_record()) == mine else "rejected"
    return "present" if any(_content(row.to_record()) == mine for row in stored) else "new"


@dataclass
class _Importer:
    """Imports records in file order: consecutive new games in one `record_games` call, events
    one by one with `record_event`; classifies every record for the summary."""

    league: "League"
    by: "User"
    pending: bool
    summary: ImportSummary
    known_games: set[str]
    known_events: set[str]
    batch: list[Game] = field(default_factory=list)

    @property
    def status(self) -> "RecordStatus":
        from tablerank.league.models import RecordStatus

        return RecordStatus.SUBMITTED if self.pending else RecordStatus.CONFIRMED

    def add(self, record: Game | Event) -> None:
        kind = "game" if isinstance(record, Game) else "event"
        known = self.known_games if isinstance(record, Game) else self.known_events
        if record.id in known:
            verdict = _verdict(_stored(self.league, record), _content(record))
            if verdict != "new":
                self._classified(record.id, verdict, kind)
                return
        if isinstance(record, Game):
            self.batch.append(record)
            return
        self.flush()
        self._record_event(record)

    def _classified(self, record_id: str, verdict: str, kind: str) -> None:
        if verdict == "present":
            self.summary.already_present.append(record_id)
        else:
            reason = f"{kind} id exists with other content; correct it instead"
            self.summary.rejected.append((record_id, reason))

    def _record_event(self, event: Event) -> None:
        from tablerank.league.errors import LeagueError
        from tablerank.league.services import record_event

        try:
            record_event(self.league, event, self.by, status=self.status)
        except LeagueError as exc:  # a concurrent import took the id first
            self.summary.rejected.append((event.id, str(exc)))
            return
        self.known_events.add(event.id)
        self.summary.imported.append(event.id)

    def flush(self) -> None:
        """Record the batch of new games at once; if a concurrent import took one of the ids,
        record them one by one so only that one is rejected."""
        from tablerank.league.errors import LeagueError
        from tablerank.league.services import record_game, record_games

        games, self.batch = self.batch, []
        if not games:
            return
        try:
            record_games(self.league, games, self.by, status=self.status)
            stored = games
        except LeagueError:
            stored = []
            for game in games:
                try:
                    record_game(self.league, game, self.by, status=self.status)
                except LeagueError as exc:
                    self.summary.rejected.append((game.id, str(exc)))
                else:
                    stored.append(game)
        for game in stored:
            self.known_games.add(game.id)
            self.summary.imported.append(game.id)


@contextmanager
def _progress(total: int) -> Iterator[Callable[[int], None]]:
    """A progress bar on stderr when it is a terminal; a no-op step otherwise."""
    if total == 0 or not sys.stderr.isatty():
        yield lambda done: None
        return
    from rich.console import Console
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("importing", total=total)
        yield lambda done: bar.advance(task, done)


def import_records(
    league: "League", records: Sequence[Game | Event], by: "User", *, pending: bool = False
) -> ImportSummary:
    """Record each game and event not yet in the league, in file order (see `ImportSummary`):
    new games go in batches (`services.record_games`), CHUNK records per transaction."""
    from django.db import transaction

    from tablerank.league.models import EventRecord, GameRecord

    importer = _Importer(
        league,
        by,
        pending,
        ImportSummary(),
        known_games=set(
            GameRecord.objects.filter(league=league).values_list("external_id", flat=True)
        ),
        known_events=set(
            EventRecord.objects.filter(league=league).values_list("external_id", flat=True)
        ),
    )
    with _progress(len(records)) as step:
        for start in range(0, len(records), CHUNK):
            chunk = records[start : start + CHUNK]
            with transaction.atomic():
                for record in chunk:
                    importer.add(record)
                importer.flush()
            step(len(chunk))
    return importer.summary


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


def _history_json(
    slug: str, entries: "list[HistoryEntry]", player: str, system: str
) -> dict[str, Any]:
    from tablerank.formats.report import explanation_json, number

    return {
        "league": slug,
        "player": entries[0].player if entries else player,
        "system": system,
        "history": [
            {
                "game": e.game,
                "date": e.date.isoformat(),
                "list": e.list_key,
                "before": number(e.before),
                "after": number(e.after),
                "change": number(e.change),
                "games": e.games,
                "summary": e.summary,
                "explanation": explanation_json(e.explanation),
            }
            for e in entries
        ],
    }


def _print_player_history(result: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from tablerank.cli.render import _num

    title = f"league {result['league']}: {result['player']} in {result['system']}"
    table = Table(title=Text(title), title_justify="left")
    rows = result["history"]
    with_lists = any(row["list"] for row in rows)
    for column in ("Date", "Game", *(["List"] if with_lists else []), "Before", "After"):
        table.add_column(column, justify="right" if column in ("Before", "After") else "left")
    table.add_column("Change, and why")
    for row in rows:
        cells = [row["date"], row["game"], *([row["list"]] if with_lists else [])]
        table.add_row(
            *(Text(c) for c in cells), _num(row["before"]), _num(row["after"]), Text(row["summary"])
        )
    Console(highlight=False).print(table)
    if rows:
        Console(highlight=False).print(Text("Every term in full: --format json"))


# -- commands -----------------------------------------------------------------------------------

Slug = Annotated[str, typer.Argument(help="The league's slug, such as bonn-koeln.")]
GameId = Annotated[str, typer.Argument(help="The game's id.")]
PlayerName = Annotated[
    str, typer.Option("--player", help="The player whose seat signs (their account signs).")
]
By = Annotated[str, typer.Option("--by", help="The user acting (created when missing).")]
UserName = Annotated[str, typer.Argument(help="The user's login name.")]
RoleOption = Annotated[str, typer.Option("--role", help="admin, official or player.")]
RolePlayer = Annotated[
    str | None,
    typer.Option("--player", help="With --role player: the player the account signs for."),
]
ListKey = Annotated[
    str | None,
    typer.Option(
        "--list", help="Which of the system's lists: the game group (cow.elo), title (area)."
    ),
]
LeagueCity = Annotated[
    str | None,
    typer.Option("--city", help="The city's list (with gold); leave out for the Open List."),
]
LeagueGroup = Annotated[
    str | None, typer.Option("--group", help="The game group (needed when games span several).")
]
LeagueScore = Annotated[
    str | None,
    typer.Option("--score", help="Monthly score: average or total (default: the league's)."),
]

league_lists_app = typer.Typer(
    help="The league's ranking lists: monthly (with gold), Open, annual, ELO.",
    no_args_is_help=True,
)


def _one_game(file: Path) -> Game:
    """The one game record `file` holds (read like every command's input)."""
    from tablerank.league.errors import LeagueError

    records = read_records([file])
    if len(records) != 1 or not isinstance(records[0], Game):
        games = sum(isinstance(r, Game) for r in records)
        raise LeagueError(
            "file", f"{file} holds {len(records)} records ({games} games); a correction is one game"
        )
    return records[0]


def _register_lists() -> None:
    """`league lists monthly|annual|elo`: the file command's lists over the league's history."""
    from tablerank.cli import main
    from tablerank.cli.lists import _show, lists_json

    @league_lists_app.command("monthly")
    def monthly(
        slug: Slug,
        month: Annotated[str, typer.Option("--month", help="The month, YYYY-MM.")],
        city: LeagueCity = None,
        group: LeagueGroup = None,
        score: LeagueScore = None,
        output: main.Format = main.Output.table,
    ) -> None:
        """A city's Monthly List with gold, or the Open List across cities."""

        def work() -> dict[str, Any]:
            from tablerank.league import queries

            league = _league(slug)
            return lists_json(
                queries.monthly_list(league, month, city=city, group=group, score=score)
            )

        _show(main._guarded(lambda: _run(work)), output is main.Output.json)

    @league_lists_app.command("annual")
    def annual(
        slug: Slug,
        year: Annotated[str, typer.Option("--year", help="The year, YYYY.")],
        city: LeagueCity = None,
        group: LeagueGroup = None,
        score: LeagueScore = None,
        basic_group: Annotated[
            str, typer.Option("--basic-group", help="The Basic Game group, open to free accounts.")
        ] = "base",
        output: main.Format = main.Output.table,
    ) -> None:
        """The annual score: four best monthly places, 150 for each missing month."""

        def work() -> dict[str, Any]:
            from tablerank.league import queries

            league = _league(slug)
            return lists_json(
                queries.annual_list(
                    league, year, city=city, group=group, basic_group=basic_group, score=score
                )
            )

        _show(main._guarded(lambda: _run(work)), output is main.Output.json)

    @league_lists_app.command("elo")
    def elo(
        slug: Slug,
        group: Annotated[
            str | None,
            typer.Option("--group", help="The game group's list (needed when there are several)."),
        ] = None,
        output: main.Format = main.Output.table,
    ) -> None:
        """The permanent cow.elo list of a game group."""

        def work() -> dict[str, Any]:
            from tablerank.formats.report import rating_table_json
            from tablerank.league import queries

            return rating_table_json(queries.elo_list(_league(slug), group))

        result = main._guarded(lambda: _run(work))
        if output is main.Output.json:
            main._print_json(result)
        else:
            from tablerank.cli.render import print_standings

            print_standings(result)

    league_app.add_typer(league_lists_app, name="lists")


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
        admins: Annotated[
            list[str] | None,
            typer.Option(
                "--admin", help="A user who runs the league (repeatable; created when missing)."
            ),
        ] = None,
    ) -> None:
        """Create a league."""

        def work() -> None:
            from django.core.exceptions import ValidationError
            from django.db import transaction

            from tablerank.league.errors import LeagueError
            from tablerank.league.models import League

            league = League(slug=slug, name=name, time_zone=time_zone)
            try:
                league.full_clean()
            except ValidationError as exc:
                where, messages = next(iter(exc.message_dict.items()))
                raise LeagueError(where, messages[0]) from None
            with transaction.atomic():
                league.save()
                for admin in admins or ():
                    league.admins.add(_user(admin, "admin"))

        main._guarded(lambda: _run(work))
        run_by = f"; admins: {', '.join(admins)}" if admins else ""
        typer.echo(f"created league {slug} ({name}, {time_zone}){run_by}")

    @league_app.command("grant")
    def grant_role(slug: Slug, user: UserName, role: RoleOption, player: RolePlayer = None) -> None:
        """Make a user an admin or official of the league, or the account a player signs with."""

        def work() -> str:
            from django.db import transaction

            with transaction.atomic():
                return grant(_league(slug), _user(user, "user"), role, player)

        typer.echo(main._guarded(lambda: _run(work)))

    @league_app.command("revoke")
    def revoke_role(
        slug: Slug, user: UserName, role: RoleOption, player: RolePlayer = None
    ) -> None:
        """Take a role away: admin, official, or the account a player signs with."""

        def work() -> str:
            from django.db import transaction

            with transaction.atomic():
                return revoke(_league(slug), _existing_user(user), role, player)

        typer.echo(main._guarded(lambda: _run(work)))

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
            account = _user(user) if user else None
            services.add_player(league, name, by=services.CONSOLE, account=account)

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

    @league_app.command("correct")
    def correct(
        slug: Slug,
        game_id: GameId,
        file: Annotated[
            Path, typer.Argument(help="The replacement game: a file holding one game record.")
        ],
        why: Annotated[str, typer.Option("--why", help="Why the result is corrected.")],
        by: By,
    ) -> None:
        """Correct a result: void it and record the replacement in its place in the play order."""

        def work() -> str:
            from tablerank.league import services

            replacement = _one_game(file)
            league = _league(slug)
            record = services.correct_game(_game(league, game_id), replacement, _user(by), why)
            return record.external_id

        new_id = main._guarded(lambda: _run(work))
        renamed = f" (now {new_id})" if new_id != game_id else ""
        typer.echo(f"{game_id}: corrected by {by}{renamed}: {why.strip()}")

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
        output: main.Format = main.Output.table,
    ) -> None:
        """The league's confirmed games in play order, or one player's changes in one system."""
        as_json = output is main.Output.json
        if player is None:

            def games() -> list[Game]:
                from tablerank.league import services
                from tablerank.league.errors import LeagueError

                if system is not None or list_key is not None:
                    raise LeagueError("player", "--system and --list go with --player")
                return services.confirmed_history(_league(slug))

            _print_history(main._guarded(lambda: _run(games)), slug, as_json)
            return

        def changes() -> dict[str, Any]:
            from tablerank.league import queries
            from tablerank.league.errors import LeagueError

            if system is None:
                raise LeagueError("system", "say whose numbers: --system NAME with --player")
            entries = queries.player_history(_league(slug), player, system, list_key)
            return _history_json(slug, entries, player, system)

        result = main._guarded(lambda: _run(changes))
        if as_json:
            main._print_json(result)
        else:
            _print_player_history(result)

    @league_app.command("standings")
    def standings(
        slug: Slug,
        system: main.SystemName,
        list_key: ListKey = None,
        group: main.Group = None,
        city: main.City = None,
        event: Annotated[
            str | None, typer.Option("--event", help="Only games of this event.")
        ] = None,
        since: Annotated[
            str | None, typer.Option("--since", help="Only games on or after this day.")
        ] = None,
        until: Annotated[
            str | None, typer.Option("--until", help="Only games on or before this day.")
        ] = None,
        output: main.Format = main.Output.table,
    ) -> None:
        """A system's standings: stored, or replayed over the games the filters choose."""

        def work() -> dict[str, Any]:
            from tablerank.formats.report import rating_table_json
            from tablerank.league import queries

            table = queries.standings(
                _league(slug), system, list_key=list_key, group=group, city=city,
                event=event, since=since, until=until,
            )  # fmt: skip
            return rating_table_json(table)

        result = main._guarded(lambda: _run(work))
        if output is main.Output.json:
            main._print_json(result)
        else:
            from tablerank.cli.render import print_standings

            print_standings(result)

    _register_lists()
    app.add_typer(league_app, name="league")
