"""The pages that read a league (`tablerank.web.pages`). Part of the site's URLs under `/`.

Names other templates link to: `home`, `league-home`, `standings` (slug, optional tab), `games`,
`player` (slug, name), `game` (slug, game id), `event` and `event-projector` (slug, event name);
`standings-csv` (slug, tab) and `event-standings-csv` (slug, event name) are their downloads;
`systems` and `system-page` (system id) explain the rating systems, for every league alike;
`tournament-clock` (slug, tournament's address) is a round's clock alone and `tournament-qr`
the QR code to its event's page; `player-names` (slug) answers a large league's player fields
as one types.
`print-pairings`, `print-labels` and `print-slips` (slug, tournament address) are a
tournament's print-outs; they come before the tournament's steps (`urls_actions`), which would
take their last part for a step's name.
Player names, game ids and event names are free text, so they take the rest of the path.
"""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, path

from tablerank.web.pages import (
    event,
    forecasts,
    game,
    games,
    home,
    names,
    player,
    prints,
    standings,
    systems,
)

urlpatterns: list[URLPattern | URLResolver] = [
    path("", home.home, name="home"),
    path("systems/", systems.systems, name="systems"),
    path("systems/<str:system>/", systems.system_page, name="system-page"),
    path("l/<slug:slug>/", home.league_home, name="league-home"),
    path("l/<slug:slug>/standings/", standings.standings, name="standings"),
    path("l/<slug:slug>/standings/<str:tab>/", standings.standings, name="standings"),
    path("l/<slug:slug>/standings/<str:tab>/csv", standings.standings_csv, name="standings-csv"),
    path("l/<slug:slug>/forecasts/", forecasts.forecasts, name="forecasts"),
    path("l/<slug:slug>/players/<path:name>", player.player, name="player"),
    path(
        "l/<slug:slug>/player-names",
        names.player_names_starting,
        name="player-names",
    ),
    path("l/<slug:slug>/games/", games.games, name="games"),
    path("l/<slug:slug>/games/<path:game_id>", game.game, name="game"),
    path("l/<slug:slug>/projector/<path:name>", event.event_projector, name="event-projector"),
    path("l/<slug:slug>/events/<path:name>", event.event, name="event"),
    path(
        "l/<slug:slug>/tournaments/<slug:event>/clock/",
        event.tournament_clock,
        name="tournament-clock",
    ),
    path(
        "l/<slug:slug>/tournaments/<slug:event>/qr.svg",
        event.tournament_qr,
        name="tournament-qr",
    ),
    path(
        "l/<slug:slug>/tournaments/<slug:event>/pairings/", prints.pairings, name="print-pairings"
    ),
    path("l/<slug:slug>/tournaments/<slug:event>/labels/", prints.labels, name="print-labels"),
    path("l/<slug:slug>/tournaments/<slug:event>/slips/", prints.slips, name="print-slips"),
    path(
        "l/<slug:slug>/standings-csv/<path:name>",
        event.event_standings_csv,
        name="event-standings-csv",
    ),
]
