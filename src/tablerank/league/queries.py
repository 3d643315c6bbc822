"""Reading a league, in one namespace: standings, ranking lists, a player's history,
explanations, what is pending. The API, the web pages and the command line share these reads.

Pure reads over the stored history: every number comes from the engine (the stored rating state,
the rating-change log handed to the system's own `explain`, or the engine run over the confirmed
history these functions select). Nothing here writes or decides a rule. Errors are
`LeagueError(field, message)`, naming what the caller asked for wrongly.

Each part lives in its own module; this one gathers them:

| module | what |
| --- | --- |
| `reading` | what every read starts from: the kept system, the player, confirmed games |
| `standings` | a system's standings, the ELO lists, the leaders, an event's standings |
| `lists` | the Monthly, Open and annual lists (seed 001) |
| `history` | a player's history, game by game |
| `explanations` | what a confirmed game did, and what recording one would do |
| `results` | the latest results, and those waiting for a signature |
"""

from __future__ import annotations

from tablerank.league.explanations import game_explanations, preview
from tablerank.league.history import HistoryEntry, player_history
from tablerank.league.lists import annual_list, monthly_list, open_list
from tablerank.league.results import latest_results, pending_for
from tablerank.league.standings import ELO, elo_list, event_standings, leaders, standings

__all__ = [
    "ELO",
    "HistoryEntry",
    "annual_list",
    "elo_list",
    "event_standings",
    "game_explanations",
    "latest_results",
    "leaders",
    "monthly_list",
    "open_list",
    "pending_for",
    "player_history",
    "preview",
    "standings",
]
