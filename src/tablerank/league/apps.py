"""The league's Django app configuration."""

from __future__ import annotations

from django.apps import AppConfig

__all__ = ["LeagueConfig"]


class LeagueConfig(AppConfig):
    name = "tablerank.league"
    label = "league"
    verbose_name = "tablerank league"
    default_auto_field = "django.db.models.BigAutoField"
