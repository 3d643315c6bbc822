from __future__ import annotations

from django.apps import AppConfig


class WebConfig(AppConfig):
    name = "tablerank.web"
    label = "web"
    verbose_name = "tablerank web site"
    default_auto_field = "django.db.models.BigAutoField"
