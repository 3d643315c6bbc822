"""`tablerank league tournament ...`: run a Catan event in the league from the shell: create it,
register and check players in, drop them, seat each round, enter each table's result, show the
standings, and record the finished event (docs/tournaments.md). The league's services decide
every rule and permission; `--by` is the user acting (an official or admin of the league).

No `from __future__ import annotations` here: Typer must see the options' types as objects.
"""

from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from tablerank.cli.league import access
from tablerank.cli.league.options import By, Slug
from tablerank.cli.options import Format, Output, OutputFile, SheetFormat
from tablerank.cli.output import emit, emit_rows, guarded
from tablerank.cli.seat import print_rounds
from tablerank.engine.fields import digits

if TYPE_CHECKING:
    from tablerank.league.models import Tournament

__all__ = ["tournament_app"]

tournament_app = typer.Typer(
    help="Run a Catan event: register, check in, seat rounds, enter results, cut, finish.",
    no_args_is_help=True,
)
Event = Annotated[str, typer.Argument(help="The tournament's address (its slug).")]
Name = Annotated[str, typer.Argument(help="The player's name.")]


def _tournament(slug: str, event: str) -> "Tournament":
    from tablerank.league.services import CONSOLE, tournament_of

    return tournament_of(access.league(slug), event, CONSOLE)


@tournament_app.command("create")
def create(
    slug: Slug,
    name: Annotated[str, typer.Option("--name", help="The event's name, as its games carry it.")],
    by: By,
    rounds: Annotated[
        Optional[int],  # noqa: UP045 - Typer reads the annotation at run time
        typer.Option("--rounds", help="Preliminary rounds (a preset's own by default)."),
    ] = None,
    address: Annotated[
        str, typer.Option("--slug", help="Its address (default: from the name).")
    ] = "",
    cut: Annotated[
        Optional[int],  # noqa: UP045
        typer.Option("--cut", help="Top N to semifinals (0: no cut)."),
    ] = None,
    sizes: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option("--table-sizes", help="Allowed table sizes (default 3,4)."),
    ] = None,
    scoring: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option("--scoring", help="As `tablerank standings` (default wins)."),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", min=0, help="Seed of the seating.")] = 0,
    preset: Annotated[
        str,
        typer.Option(
            "--preset",
            help="An official format: catan-official (by attendance) or catan-us-qualifier "
            "(large event); it sets rounds, cut, sizes, scoring and the drop.",
        ),
    ] = "",
    keep_apart: Annotated[
        Optional[list[str]],  # noqa: UP045
        typer.Option("--keep-apart", help="Players to seat apart, 'Ann, Ben' (repeatable)."),
    ] = None,
    drop_winless_after: Annotated[
        Optional[int],  # noqa: UP045
        typer.Option("--drop-winless-after", help="Drop players without a win after round N."),
    ] = None,
) -> None:
    """Create a tournament in the league, custom or by an official CATAN format (`--preset`)."""

    def work() -> tuple[str, str]:
        from tablerank.league.services import create_tournament, format_words

        made = create_tournament(
            access.league(slug), access.user(by), name=name, rounds=rounds, slug=address,
            sizes=sizes, scoring=scoring, cut=cut, seed=seed, preset=preset,
            keep_apart="\n".join(keep_apart or []), drop_winless_after=drop_winless_after,
        )  # fmt: skip
        return made.slug, format_words(made) if made.preset else ""

    made, words = guarded(lambda: access.run(work))
    typer.echo(f"tournament {made!r} created in league {slug!r}")
    if words:
        typer.echo(words)


@tournament_app.command("register")
def register(
    slug: Slug,
    event: Event,
    names: Annotated[list[str], typer.Argument(help="The players' names.")],
    by: By,
    checked_in: Annotated[bool, typer.Option("--checked-in", help="Check them in too.")] = False,
) -> None:
    """Register players (new names become the league's players)."""

    def work() -> int:
        from tablerank.league.services import register_players

        entered = register_players(_tournament(slug, event), names, access.user(by),
                                   checked_in=checked_in)  # fmt: skip
        return len(entered)

    count = guarded(lambda: access.run(work))
    typer.echo(f"{count} registered for {event}")


@tournament_app.command("check-in")
def check_in(slug: Slug, event: Event, name: Name, by: By) -> None:
    """Mark a registered player present."""

    def work() -> None:
        from tablerank.league.services import check_in as mark

        mark(_tournament(slug, event), name, access.user(by))

    guarded(lambda: access.run(work))
    typer.echo(f"{name} checked in")


@tournament_app.command("check-in-everyone")
def check_in_everyone(slug: Slug, event: Event, by: By) -> None:
    """Mark every registered player present (dropped players stay dropped)."""

    def work() -> int:
        from tablerank.league.services import check_in_everyone as mark_all

        return mark_all(_tournament(slug, event), access.user(by))

    count = guarded(lambda: access.run(work))
    typer.echo(f"{count} checked in")


@tournament_app.command("keep-apart")
def keep_apart(
    slug: Slug,
    event: Event,
    groups: Annotated[
        list[str], typer.Argument(help='Each group of friends or family: "Ann, Ben".')
    ],
    by: By,
) -> None:
    """Seat friends and family apart from the next round on (the seating's last priority)."""

    def work() -> str:
        from tablerank.league.services import change_keep_apart

        return change_keep_apart(
            _tournament(slug, event), "\n".join(groups), access.user(by)
        ).keep_apart

    kept = guarded(lambda: access.run(work))
    typer.echo("kept apart: " + "; ".join(kept.splitlines()))


@tournament_app.command("confirm")
def confirm(
    slug: Slug,
    event: Event,
    number: Annotated[int, typer.Option("--round", min=1, help="The round.")],
    by: By,
    table: Annotated[
        int | None, typer.Option("--table", min=1, help="One table (default: every table).")
    ] = None,
) -> None:
    """Confirm a round's waiting results (or one table's) on the organizer's word."""

    def work() -> list[str]:
        from tablerank.league.services import confirm_round, confirm_table

        found, user = _tournament(slug, event), access.user(by)
        if table is not None:
            return [confirm_table(found, number, table, user).external_id]
        return [record.external_id for record in confirm_round(found, number, user)]

    confirmed = guarded(lambda: access.run(work))
    typer.echo(f"confirmed: {', '.join(confirmed)}" if confirmed else "nothing waited")


@tournament_app.command("drop")
def drop(slug: Slug, event: Event, name: Name, by: By) -> None:
    """Drop a player: not seated after the latest round; their results stand."""

    def work() -> int:
        from tablerank.league.services import drop_player as leave

        return int(leave(_tournament(slug, event), name, access.user(by)).dropped_after or 0)

    after = guarded(lambda: access.run(work))
    typer.echo(f"{name} dropped after round {after}")


@tournament_app.command("seat")
def seat(slug: Slug, event: Event, by: By, output: Format = Output.table) -> None:
    """Seat the next round (Swiss, then with a cut the semifinals and the final)."""

    def work() -> list[Any]:
        from tablerank.league.services import seat_next_round

        return [seat_next_round(_tournament(slug, event), access.user(by))]

    from tablerank.formats.seating import seating_json

    emit(guarded(lambda: access.run(work)), output, print_rounds, as_json=seating_json)


@tournament_app.command("tables")
def tables(
    slug: Slug,
    event: Event,
    number: Annotated[int, typer.Option("--round", min=1, help="Which round.")],
    output: Format = Output.table,
) -> None:
    """A round's tables, seats in turn order."""

    def work() -> list[Any]:
        from tablerank.league.services import round_of

        return [round_of(_tournament(slug, event), number)]

    from tablerank.formats.seating import seating_json

    emit(guarded(lambda: access.read(work)), output, print_rounds, as_json=seating_json)


@tournament_app.command("result")
def result(
    slug: Slug,
    event: Event,
    number: Annotated[int, typer.Option("--round", min=1, help="The round.")],
    table: Annotated[int, typer.Option("--table", min=1, help="The table.")],
    seats: Annotated[list[str], typer.Option("--seat", help="PLAYER=VP, one per seat.")],
    by: By,
    winner: Annotated[str | None, typer.Option("--winner", help="Who won.")] = None,
) -> None:
    """Enter a table's result; it is verified as the league verifies every result."""

    def work() -> str:
        from tablerank.league import services
        from tablerank.league.services import enter_result

        sheet = [_entry(text, winner) for text in seats]
        record = enter_result(_tournament(slug, event), number, table, sheet, access.user(by))
        return f"{record.external_id}: {services.verification(record).summary}"

    typer.echo(guarded(lambda: access.run(work)))


@tournament_app.command("correct")
def correct(
    slug: Slug,
    event: Event,
    number: Annotated[int, typer.Option("--round", min=1, help="The round.")],
    table: Annotated[int, typer.Option("--table", min=1, help="The table.")],
    seats: Annotated[list[str], typer.Option("--seat", help="PLAYER=VP, one per seat.")],
    why: Annotated[str, typer.Option("--why", help="Why the result is corrected.")],
    by: By,
    winner: Annotated[str | None, typer.Option("--winner", help="Who won.")] = None,
) -> None:
    """Correct a table's result (the old one is voided); the standings follow."""

    def work() -> str:
        from tablerank.league.services import correct_result

        sheet = [_entry(text, winner) for text in seats]
        found = _tournament(slug, event)
        record = correct_result(found, number, table, sheet, access.user(by), why)
        return f"{record.external_id}: corrected"

    typer.echo(guarded(lambda: access.run(work)))


def _entry(text: str, winner: str | None) -> dict[str, Any]:
    from tablerank.league.errors import LeagueError

    name, sign, vp = text.rpartition("=")[0].strip(), "=" in text, text.rpartition("=")[2]
    points = digits(vp.strip())
    if not sign or not name or points is None:
        raise LeagueError("--seat", f"expected PLAYER=VP, like Ann=10, got {text!r}")
    entry: dict[str, Any] = {"player": name, "vp": points}
    if winner is not None:
        entry["winner"] = name.casefold() == winner.strip().casefold()
    return entry


@tournament_app.command("standings")
def standings(slug: Slug, event: Event, output: SheetFormat = None, to: OutputFile = None) -> None:
    """The confirmed results' standings, every tiebreak shown; after a cut, the final's table
    first, then the final's order, then the semifinals' places, then the preliminaries."""
    from tablerank.cli.standings import print_tournament
    from tablerank.formats.report import TOURNAMENT_ROWS, tournament_json

    def work() -> Any:
        from tablerank.league.services import standings_of

        return standings_of(_tournament(slug, event))

    emit_rows(
        lambda: access.read(work), output, to, print_tournament, TOURNAMENT_ROWS, tournament_json
    )


@tournament_app.command("finish")
def finish(slug: Slug, event: Event, by: By) -> None:
    """Record the finished event's order as a Turnabout event record of the league, and print
    it, first to last."""

    def work() -> tuple[str, list[str]]:
        from tablerank.league import queries
        from tablerank.league.services import finish_tournament

        record = finish_tournament(_tournament(slug, event), access.user(by))
        return record.external_id, queries.final_order(record)

    record, order = guarded(lambda: access.run(work))
    typer.echo(f"event {record!r} recorded")
    for place, player in enumerate(order, start=1):
        typer.echo(f"{place:>3}  {player}")
