"""The league's tables, and nothing else: each model module holds one kind of stored thing.

| module | what |
| --- | --- |
| `league` | a league, its players and the periods an account signs for them |
| `history` | results as recorded (games, seats, VP by source, events) and their signatures |
| `accounts` | offers waiting for an account owner's answer; accounts a league made |
| `player_changes` | the audit of renames, merges and removals |
| `ratings` | derived rating state: per list, checkpoints, watermarks, months |
| `tournaments` | a tournament, its entrants, its seats and its rounds' clocks |
| `tokens` | API tokens (registered by the `api` app) |

Django registers a model when its module is imported: this package imports every one.
"""

from __future__ import annotations

from tablerank.league.models.accounts import CreatedAccount, Invitation, Offer
from tablerank.league.models.history import (
    Confirmation,
    EventRecord,
    EventStanding,
    GameRecord,
    Recorded,
    RecordStatus,
    Seat,
    SourceVP,
    Verdict,
)
from tablerank.league.models.league import (
    AccountPeriod,
    League,
    Player,
    all_systems,
    validate_systems,
    validate_time_zone,
    validate_titles,
)
from tablerank.league.models.player_changes import PlayerChange, PlayerChangeKind
from tablerank.league.models.ratings import (
    ListMonth,
    RatingCheckpoint,
    RatingState,
    RatingWatermark,
)
from tablerank.league.models.tokens import ApiToken
from tablerank.league.models.tournaments import Entrant, RoundClock, TableSeat, Tournament

__all__ = [
    "AccountPeriod",
    "ApiToken",
    "Confirmation",
    "CreatedAccount",
    "Entrant",
    "EventRecord",
    "EventStanding",
    "GameRecord",
    "Invitation",
    "League",
    "ListMonth",
    "Offer",
    "Player",
    "PlayerChange",
    "PlayerChangeKind",
    "RatingCheckpoint",
    "RatingState",
    "RatingWatermark",
    "RecordStatus",
    "Recorded",
    "RoundClock",
    "Seat",
    "SourceVP",
    "TableSeat",
    "Tournament",
    "Verdict",
    "all_systems",
    "validate_systems",
    "validate_time_zone",
    "validate_titles",
]
