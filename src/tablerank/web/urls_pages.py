"""The pages that read a league (views_pages). Part of the site's URLs under `/`.

Names other templates link to: `home`, `league-home`, `standings` (slug, optional tab),
`player` (slug, name), `game` (slug, game id), `event` and `event-projector` (slug, event name).
Player names, game ids and event names are free text, so they take the rest of the path.
"""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, path

from tablerank.web import views_pages

urlpatterns: list[URLPattern | URLResolver] = [
    path("", views_pages.home, name="home"),
    path("l/<slug:slug>/", views_pages.league_home, name="league-home"),
    path("l/<slug:slug>/standings/", views_pages.standings, name="standings"),
    path("l/<slug:slug>/standings/<str:tab>/", views_pages.standings, name="standings"),
    path("l/<slug:slug>/players/<path:name>", views_pages.player, name="player"),
    path("l/<slug:slug>/games/<path:game_id>", views_pages.game, name="game"),
    path(
        "l/<slug:slug>/projector/<path:name>",
        views_pages.event_projector,
        name="event-projector",
    ),
    path("l/<slug:slug>/events/<path:name>", views_pages.event, name="event"),
]
