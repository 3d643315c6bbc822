"""`tablerank serve`: the league's web site (placeholder until the web app lands)."""

import typer


def register(app: typer.Typer) -> None:
    del app
