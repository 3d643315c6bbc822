"""`tablerank cut` and `tablerank finish`: an event's semifinals and final from its results, and
the finished event's order and Turnabout record (docs/tournaments.md).

No `from __future__ import annotations` here: Typer must see the options' types as objects.
"""

from typing import TYPE_CHECKING, Annotated, Any

import typer

from tablerank.cli.options import Files, Format, Output
from tablerank.cli.output import emit, guarded
from tablerank.cli.seat import Scoring, Sizes, print_rounds, sizes_of

if TYPE_CHECKING:
    from tablerank.engine.values import Event, Game
    from tablerank.tournament.seating import SeatedRound

__all__ = ["register"]

EventName = Annotated[str, typer.Option("--event", help="The event (case-insensitive).")]
CutRound = Annotated[
    int, typer.Option("--round", min=1, help="The cut's round: the semifinals (the final follows).")
]
Top = Annotated[int, typer.Option("--top", help="How many players make the cut (default 16).")]
Final = Annotated[
    bool, typer.Option("--final", help="Seat the final from the semifinal tables' winners.")
]
FinishRound = Annotated[
    int | None,
    typer.Option("--cut-round", min=1, help="The semifinals' round, when the event had a cut."),
]


def register(app: typer.Typer) -> None:
    """Add the `cut` and `finish` commands to the `tablerank` app."""

    @app.command("cut")
    def cut_command(
        files: Files,
        event: EventName,
        cut_round: CutRound,
        top: Top = 16,
        final: Final = False,
        table_sizes: Sizes = "3,4",
        scoring: Scoring = None,
        output: Format = Output.table,
    ) -> None:
        """Seat an event's semifinals (the top of the standings, in a snake) or its final."""

        def work() -> "list[SeatedRound]":
            from tablerank.tournament.cut import seat_cut
            from tablerank.tournament.scoring import DEFAULT_SCORING

            chosen = scoring or DEFAULT_SCORING
            return [
                seat_cut(
                    _games(files),
                    event,
                    cut_round,
                    final=final,
                    top=top,
                    sizes=sizes_of(table_sizes),
                    scoring=chosen,
                )
            ]

        from tablerank.formats.seating import seating_json

        emit(guarded(work), output, print_rounds, as_json=seating_json)

    @app.command("finish")
    def finish_command(
        files: Files,
        event: EventName,
        cut_round: FinishRound = None,
        scoring: Scoring = None,
        output: Format = Output.table,
    ) -> None:
        """A finished event's order, and with --format json its Turnabout record."""

        def work() -> "Event":
            from tablerank.tournament.finish import split_rounds, turnabout_event
            from tablerank.tournament.placings import final_order
            from tablerank.tournament.scoring import DEFAULT_SCORING

            stages = split_rounds(_games(files), event, cut_round)
            order = final_order(stages, scoring=scoring or DEFAULT_SCORING)
            return turnabout_event(stages, order, event=event)

        from tablerank.formats.records import event_json

        emit(guarded(work), output, _print_event, as_json=event_json)


def _games(files: Any) -> "list[Game]":
    from tablerank.cli.inputs import read_files
    from tablerank.engine.values import Game

    return [r for r in read_files(files) if isinstance(r, Game)]


def _print_event(result: "Event") -> None:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    table = Table(title=Text(f"{result.id} ({result.rounds} rounds)"))
    for heading in ("place", "player", "wins", "losses", "every round"):
        table.add_column(heading)
    for s in result.standings:
        table.add_row(
            str(s.place),
            Text(s.player),
            str(s.wins),
            str(s.losses),
            "yes" if s.completed else "dropped",
        )
    Console(highlight=False).print(table)
