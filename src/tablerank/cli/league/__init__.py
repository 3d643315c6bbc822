"""`tablerank league ...`: keep a league's history in the configured database from the shell.

`register(app)` adds the sub-app; main.py calls it. Django is imported only inside the commands
(`access.run`), so `import tablerank.cli.main` never loads it. The database is the league
server's, with the league's apps only (`tablerank.server.cli_settings`; `init` migrates with the
site's `tablerank.server.settings`), or `DJANGO_SETTINGS_MODULE` when set; see docs/league.md.

The command line acts as a local administrator where the services take no user's word: it
records results without signatures, signs for any player's seat with that player's account, and
creates the users it is given (`--by`, `--as`, `--admin`, `grant`) when they are missing. Where
the services check roles (`void`, `correct`), `--by` must be an admin or official of the league
(`grant` makes one). Reads (`lists`, `standings`, `history --player`) go through
`tablerank.league.queries` and print the file commands' JSON. Errors end with one line on
stderr and exit status 2, like every command; an import that rejected records ends with exit
status 1 after its summary.

The modules: `access` (Django set-up, finding leagues, players, users and games), `roles`
(grant and revoke through the league services), `transfer` (import and export), `show` (tables
and the history's JSON), `options` (the sub-apps and their options), and the commands:
`manage` (init, create, grant, revoke, add-player), `players` (rename-player,
merge-players, remove-player), `results` (import, confirm, dispute, void,
correct, export), `reads` (history, standings, lists) and `backups` (backup, restore,
verify, rebuild).
"""

from __future__ import annotations

import typer

from tablerank.cli.league import backups, manage, players, reads, results
from tablerank.cli.league.options import league_app, league_lists_app
from tablerank.cli.league.tournament import tournament_app

__all__ = ["register"]


def register(app: typer.Typer) -> None:
    """Add `tablerank league ...` to the `tablerank` app, its commands in this order."""
    every = (manage.COMMANDS, players.COMMANDS, results.COMMANDS, reads.COMMANDS, backups.COMMANDS)
    for commands in every:
        for name, command in commands.items():
            league_app.command(name)(command)
    for name, command in reads.LIST_COMMANDS.items():
        league_lists_app.command(name)(command)
    league_app.add_typer(league_lists_app, name="lists")
    league_app.add_typer(tournament_app, name="tournament")
    app.add_typer(league_app, name="league")
