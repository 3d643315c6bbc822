"""The API (and the admin) alone: the API's tests do not depend on the web pages' URLs.
`test_schema.py` checks that the site's own URLs mount the same API at /api/."""

from __future__ import annotations

from django.contrib import admin
from django.urls import URLPattern, URLResolver, include, path

urlpatterns: list[URLPattern | URLResolver] = [
    path("admin/", admin.site.urls),
    path("api/", include("tablerank.api.urls")),
]
