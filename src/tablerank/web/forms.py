"""The site's forms in one namespace: the score sheet of one game (`score_sheet`) and the forms
of leagues, members and accounts (`league_forms`)."""

from __future__ import annotations

from tablerank.web.league_forms import (
    AddPlayerForm,
    DisputeForm,
    EmailForm,
    LeagueCreateForm,
    LeagueSettingsForm,
    LinkAccountForm,
    MergePlayersForm,
    RemovePlayerForm,
    RenamePlayerForm,
    RoleForm,
    SignUpForm,
    VoidForm,
)
from tablerank.web.score_sheet import (
    RecordForm,
    ScoreSheet,
    now_in,
    played_at,
    read_sheet,
    sheet_of,
    table_sizes,
    winner_confirmed,
)

__all__ = [
    "AddPlayerForm",
    "DisputeForm",
    "EmailForm",
    "LeagueCreateForm",
    "LeagueSettingsForm",
    "LinkAccountForm",
    "MergePlayersForm",
    "RecordForm",
    "RemovePlayerForm",
    "RenamePlayerForm",
    "RoleForm",
    "ScoreSheet",
    "SignUpForm",
    "VoidForm",
    "now_in",
    "played_at",
    "read_sheet",
    "sheet_of",
    "table_sizes",
    "winner_confirmed",
]
