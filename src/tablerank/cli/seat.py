"""`tablerank seat`: who sits where, without a database (docs/tournaments.md).

A whole schedule (`--rounds R`), or the next round of a Swiss event from its results so far
(`--results FILE --event E --round K`). Bad input ends with one line on stderr and exit status 2.

No `from __future__ import annotations` here: Typer must see the options' types as objects.
"""

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from tablerank.cli.options import Format, Output
from tablerank.cli.output import emit, guarded
from tablerank.errors import InputError

if TYPE_CHECKING:
    from tablerank.formats.players import ListedPlayer
    from tablerank.tournament.seating import SeatedRound

__all__ = ["Scoring", "Sizes", "print_rounds", "register", "sizes_of"]

PlayersFile = Annotated[
    Path, typer.Argument(help="One player per line; a rating after a comma seeds by rating.")
]
Rounds = Annotated[
    int | None, typer.Option("--rounds", "-r", help="Seat this many rounds in advance.")
]
Results = Annotated[
    list[Path] | None,
    typer.Option("--results", help="The event's results so far (records files), for --round."),
]
EventName = Annotated[str | None, typer.Option("--event", help="The event to seat (with --round).")]
RoundNumber = Annotated[
    int | None, typer.Option("--round", help="Seat this round of the event from its standings.")
]
Seed = Annotated[int, typer.Option("--seed", min=0, help="Seed of the random choices.")]
Sizes = Annotated[
    str, typer.Option("--table-sizes", help="Allowed table sizes, comma-separated (default 3,4).")
]
ByRating = Annotated[
    bool, typer.Option("--by-rating", help="Seed by the ratings in the players file.")
]
Scoring = Annotated[
    str | None,
    typer.Option("--scoring", help="How the standings order players (as `tablerank standings`)."),
]


def register(app: typer.Typer) -> None:
    """Add the `seat` command to the `tablerank` app."""

    @app.command("seat")
    def seat_command(
        players_file: PlayersFile,
        rounds: Rounds = None,
        results: Results = None,
        event: EventName = None,
        round_number: RoundNumber = None,
        seed: Seed = 0,
        table_sizes: Sizes = "3,4",
        by_rating: ByRating = False,
        scoring: Scoring = None,
        output: Format = Output.table,
    ) -> None:
        """Seat a Catan event: a whole schedule, or the next Swiss round from the standings."""

        def work() -> "list[SeatedRound]":
            from tablerank.formats.players import read_players

            listed = read_players(players_file)
            names = [p.name for p in listed]
            ratings = _ratings(listed, players_file) if by_rating else None
            sizes = sizes_of(table_sizes)
            if round_number is None:
                if rounds is None or results or event:
                    raise InputError(
                        "", "", "give --rounds R for a schedule, or --event and --round "
                        "(with --results) for a Swiss round", "",
                    )  # fmt: skip
                from tablerank.tournament.seating import schedule

                return list(schedule(names, rounds, seed=seed, sizes=sizes, ratings=ratings))
            if rounds is not None or not event:
                raise InputError("", "", "--round goes with --event, not with --rounds")
            return [
                _swiss(names, results or [], event, round_number, scoring, seed, sizes, ratings)
            ]

        from tablerank.formats.seating import seating_json

        emit(guarded(work), output, print_rounds, as_json=seating_json)


def _swiss(
    names: list[str],
    results: list[Path],
    event: str,
    number: int,
    scoring: str | None,
    seed: int,
    sizes: list[int],
    ratings: dict[str, float] | None,
) -> "SeatedRound":
    from tablerank.cli.inputs import read_files
    from tablerank.tournament.scoring import DEFAULT_SCORING
    from tablerank.tournament.swiss import swiss_round

    if number > 1 and not results:
        raise InputError("", "", f"--results: round {number} is seated from the earlier results")
    records = read_files(results) if results else []
    return swiss_round(
        names, records, event, number, scoring=scoring or DEFAULT_SCORING, seed=seed,
        sizes=sizes, ratings=ratings,
    )  # fmt: skip


def _ratings(listed: "list[ListedPlayer]", path: Path) -> dict[str, float]:
    missing = [p for p in listed if p.rating is None]
    if missing:
        raise InputError(
            str(path), f"line {missing[0].line}", "expected a rating after the name with "
            "--by-rating, like 'Ann, 1520'", "rating",
        )  # fmt: skip
    return {p.name: p.rating for p in listed if p.rating is not None}


def sizes_of(text: str) -> list[int]:
    try:
        return [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise InputError(
            "", "", f"expected sizes like 3,4, got {text!r}", "--table-sizes"
        ) from None


def print_rounds(rounds: "list[SeatedRound]") -> None:
    """Each round's tables, seats in turn order; names are plain Text, never Rich markup."""
    from rich.console import Console
    from rich.text import Text

    console = Console(highlight=False)
    for seated in rounds:
        console.print(Text(f"Round {seated.number}", style="bold"))
        for table in seated.tables:
            seats = ", ".join(f"{i}. {name}" for i, name in enumerate(table.seats, start=1))
            console.print(Text(f"  Table {table.number}: {seats}"))
        if seated.byes:
            console.print(Text(f"  Bye: {', '.join(seated.byes)}"))
