"""The web site's URLs: the pages that read the league, and the forms that change it."""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, include, path

urlpatterns: list[URLPattern | URLResolver] = [
    path("", include("tablerank.web.urls_pages")),
    path("", include("tablerank.web.urls_actions")),
]
