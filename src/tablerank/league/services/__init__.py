"""The league's service layer in one namespace: every rule about who may do what and what may
be stored, which the web, the API and the CLI call and never decide themselves.

Each part lives in its own module; this one gathers them:

| module | what |
| --- | --- |
| `roles` | roles, reading a private league, creating one, granting, password resets |
| `members` | players, and linking accounts to them by invitation |
| `player_changes` | renaming, merging and removing players, audited |
| `recording` | recording, voiding and correcting results; the check every result passes |
| `importing` | many results at once |
| `signing` | verification (seed 003): submitting, confirming, disputing |
| `league_settings` | changing a league's settings |
| `tokens` | API tokens: issuing, checking, expiry, revoking |
"""

from __future__ import annotations

from tablerank.league.models import ApiToken
from tablerank.league.ratings.state import (
    confirmed_events,
    kept_systems,
    rebuild_ratings,
    refresh_ratings,
)
from tablerank.league.ratings.tables import ratings
from tablerank.league.services.importing import record_games
from tablerank.league.services.league_settings import change_settings
from tablerank.league.services.members import (
    accept_invitation,
    add_player,
    check_new_names,
    decline_invitation,
    grant_role,
    invitations_for,
    invite_account,
    invite_by_username,
    link_by_username,
    new_names,
    offer_role,
    offered,
    player_named,
    unlink_account,
)
from tablerank.league.services.player_fixes import (
    merge_players,
    player_changes,
    remove_player,
    rename_player,
)
from tablerank.league.services.recording import (
    check_result,
    confirmed_history,
    correct_game,
    local_date,
    may_correct,
    record_event,
    record_game,
    require_may_correct,
    require_valid,
    void_event,
    void_game,
)
from tablerank.league.services.roles import (
    CONSOLE,
    MEMBERS,
    ORGANIZERS,
    Role,
    account_to_reset,
    can_read,
    create_league,
    is_organizer,
    may_reset_password,
    readable_leagues,
    require_role,
    resettable_accounts,
    revoke_role,
    roles_of,
)
from tablerank.league.services.signing import OFFICIAL, confirm, dispute, submit_game, verification
from tablerank.league.services.tokens import (
    TokenRefused,
    TokenState,
    issue_token,
    revoke_all_tokens,
    revoke_token,
    token_state,
    token_user,
    tokens_of,
)

__all__ = [
    "CONSOLE",
    "MEMBERS",
    "OFFICIAL",
    "ORGANIZERS",
    "ApiToken",
    "Role",
    "TokenRefused",
    "TokenState",
    "accept_invitation",
    "account_to_reset",
    "add_player",
    "can_read",
    "change_settings",
    "check_new_names",
    "check_result",
    "confirm",
    "confirmed_events",
    "confirmed_history",
    "correct_game",
    "create_league",
    "decline_invitation",
    "dispute",
    "grant_role",
    "invitations_for",
    "invite_account",
    "invite_by_username",
    "is_organizer",
    "issue_token",
    "kept_systems",
    "link_by_username",
    "local_date",
    "may_correct",
    "may_reset_password",
    "merge_players",
    "new_names",
    "offer_role",
    "offered",
    "player_changes",
    "player_named",
    "ratings",
    "readable_leagues",
    "rebuild_ratings",
    "record_event",
    "record_game",
    "record_games",
    "refresh_ratings",
    "remove_player",
    "rename_player",
    "require_may_correct",
    "require_role",
    "require_valid",
    "resettable_accounts",
    "revoke_all_tokens",
    "revoke_role",
    "revoke_token",
    "roles_of",
    "submit_game",
    "token_state",
    "token_user",
    "tokens_of",
    "unlink_account",
    "verification",
    "void_event",
    "void_game",
]
