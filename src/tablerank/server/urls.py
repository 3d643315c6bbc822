"""The site's URLs: the JSON API under /api/, Django's admin under /admin/, the web pages at /."""

from __future__ import annotations

from django.contrib import admin
from django.urls import URLPattern, URLResolver, include, path

urlpatterns: list[URLPattern | URLResolver] = [
    path("admin/", admin.site.urls),
    path("api/", include("tablerank.api.urls")),
    path("", include("tablerank.web.urls")),
]

# A full disk or a read-only database: a 503 with a plain sentence on every door.
handler500 = "tablerank.server.errors.server_error"
