"""The api app's model, API tokens, is defined beside its rules in `tablerank.league`."""

from __future__ import annotations

from tablerank.league.models import ApiToken

__all__ = ["ApiToken"]
