"""The league's service layer in one namespace: every rule about who may do what and what may
be stored, which the web, the API and the CLI call and never decide themselves.

Each part lives in its own module; this one gathers them:

| module | what |
| --- | --- |
| `roles` | roles, reading a private league, creating one, granting, password resets |
| `members` | players, and linking accounts to them by invitation |
| `player_fixes` | renaming, merging and removing players, audited |
| `recording` | recording, voiding and correcting results; the check every result passes |
| `file_import` | files of results: the one door that reads, chooses the way and stores |
| `importing`, `batch`, `import_by_table`, `same_content` | many results at once, already read |
| `signing` | verification (seed 003): submitting, confirming, disputing |
| `league_settings` | changing a league's settings |
| `tokens` | API tokens: issuing, checking, expiry, revoking |
| `tournament*`, `table_ids` | running a tournament: entries, rounds, results, order, clock |
| `notifications` | e-mail to players whose signature a result waits for |
| `backups`, `verifying` | backup and restore; an operator's verify and rebuild |

The web, the API and the command line import this namespace (and `queries`, `models`,
`errors`), never a module inside it (tests/test_layers.py).
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
from tablerank.league.services.backups import Summary, restore, take_backup
from tablerank.league.services.file_import import ImportProgress, column_map, import_files
from tablerank.league.services.import_preview import drop_upload, new_upload_folder
from tablerank.league.services.importing import ImportSummary, import_records, record_games
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
    local_account,
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
    Actor,
    Role,
    account_to_reset,
    can_read,
    create_league,
    is_organizer,
    may_reset_password,
    readable_leagues,
    require_importer,
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
from tablerank.league.services.tournament_clock import (
    RoundTime,
    extend_clock,
    pause_clock,
    reset_clock,
    resume_clock,
    round_time,
    start_clock,
)
from tablerank.league.services.tournament_formats import format_words
from tablerank.league.services.tournament_rounds import (
    Seating,
    correct_result,
    current_seating,
    enter_result,
    preliminary_standings,
    result_at_table,
    round_of,
    seat_next_round,
    table_results,
)
from tablerank.league.services.tournament_standings import (
    champion_of,
    drop_words,
    finish_tournament,
    standings_of,
)
from tablerank.league.services.tournament_tables import (
    Steps,
    Waiting,
    confirm_round,
    confirm_table,
    may_enter_result,
    next_open_table,
    next_steps,
    waiting_tables,
)
from tablerank.league.services.tournaments import (
    change_keep_apart,
    check_in,
    check_in_everyone,
    create_tournament,
    current_round,
    drop_player,
    entrant,
    register_players,
    tournament_of,
)
from tablerank.league.services.verifying import Difference, rebuild, verify
from tablerank.league.store.storage import storage_trouble

__all__ = [
    "CONSOLE",
    "MEMBERS",
    "OFFICIAL",
    "ORGANIZERS",
    "Actor",
    "ApiToken",
    "Difference",
    "ImportProgress",
    "ImportSummary",
    "Role",
    "RoundTime",
    "Seating",
    "Steps",
    "Summary",
    "TokenRefused",
    "TokenState",
    "Waiting",
    "accept_invitation",
    "account_to_reset",
    "add_player",
    "can_read",
    "champion_of",
    "change_keep_apart",
    "change_settings",
    "check_in",
    "check_in_everyone",
    "check_new_names",
    "check_result",
    "column_map",
    "confirm",
    "confirm_round",
    "confirm_table",
    "confirmed_events",
    "confirmed_history",
    "correct_game",
    "correct_result",
    "create_league",
    "create_tournament",
    "current_round",
    "current_seating",
    "decline_invitation",
    "dispute",
    "drop_player",
    "drop_upload",
    "drop_words",
    "enter_result",
    "entrant",
    "extend_clock",
    "finish_tournament",
    "format_words",
    "grant_role",
    "import_files",
    "import_records",
    "invitations_for",
    "invite_account",
    "invite_by_username",
    "is_organizer",
    "issue_token",
    "kept_systems",
    "link_by_username",
    "local_account",
    "local_date",
    "may_correct",
    "may_enter_result",
    "may_reset_password",
    "merge_players",
    "new_names",
    "new_upload_folder",
    "next_open_table",
    "next_steps",
    "offer_role",
    "offered",
    "pause_clock",
    "player_changes",
    "player_named",
    "preliminary_standings",
    "ratings",
    "readable_leagues",
    "rebuild",
    "rebuild_ratings",
    "record_event",
    "record_game",
    "record_games",
    "refresh_ratings",
    "register_players",
    "remove_player",
    "rename_player",
    "require_importer",
    "require_may_correct",
    "require_role",
    "require_valid",
    "reset_clock",
    "resettable_accounts",
    "restore",
    "result_at_table",
    "resume_clock",
    "revoke_all_tokens",
    "revoke_role",
    "revoke_token",
    "roles_of",
    "round_of",
    "round_time",
    "seat_next_round",
    "standings_of",
    "start_clock",
    "storage_trouble",
    "submit_game",
    "table_results",
    "take_backup",
    "token_state",
    "token_user",
    "tokens_of",
    "tournament_of",
    "unlink_account",
    "verification",
    "verify",
    "void_event",
    "void_game",
    "waiting_tables",
]
