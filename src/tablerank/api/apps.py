from __future__ import annotations

from django.apps import AppConfig


class ApiConfig(AppConfig):
    name = "tablerank.api"
    label = "api"
    verbose_name = "tablerank JSON API"
    default_auto_field = "django.db.models.BigAutoField"
