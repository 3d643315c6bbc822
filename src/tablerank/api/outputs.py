"""What the API answers, as django-ninja schemas: the OpenAPI document's response types.

They type the dicts that `tablerank.api.shapes` and the CLI's JSON helpers build, so the
JSON stays the same; endpoints serialise with ``exclude_unset``, so a key the dicts leave out
(an optional field of a game record) stays left out rather than becoming ``null``.
"""

from __future__ import annotations

from typing import Literal

from ninja import Field, Schema
from pydantic import ConfigDict

__all__ = [
    "ERROR_STATUSES",
    "WRITES",
    "ErrorOut",
    "GameDetailOut",
    "GameListOut",
    "HistoryOut",
    "IssuedTokenOut",
    "LeagueListOut",
    "LeagueOut",
    "ListOut",
    "PendingOut",
    "PlayerListOut",
    "PlayerOut",
    "RatingTableOut",
    "RevokedAllOut",
    "RevokedOut",
    "TokenListOut",
    "TokenOut",
    "errors",
]

Number = int | float
"""A rating or score: whole numbers are integers in the JSON (1008, not 1008.0)."""


class ErrorItem(Schema):
    field: str = Field(description="the field as the request spells it, or empty")
    message: str


class ErrorOut(Schema):
    """Every refusal: the first problem, and all of them when there are several."""

    error: ErrorItem
    errors: list[ErrorItem] | None = Field(None, description="present when several fields fail")


ERROR_STATUSES: dict[int, str] = {
    400: "the body is not JSON",
    401: "a token is needed, or the one sent is unknown or revoked",
    403: "your roles do not allow it",
    404: "no such league (or a private one you are not in), player or game",
    409: "conflicts with what is stored",
    413: "the body is too large",
    422: "a field breaks a rule",
    429: "too many failed sign-ins, or too many invitations in an hour",
    500: "an unexpected error (logged by the server)",
    503: "the database cannot store anything just now (a full disk, a read-only database)",
}


WRITES = (400, 403, 404, 409, 413, 422)
"""What a write to a league may answer besides 401, 500 and 503."""


def errors(*statuses: int) -> dict[int, type[ErrorOut]]:
    """The error answers an endpoint declares: each of `statuses`, and 401, 500 and 503 always
    (a token that is sent is checked on every endpoint; anything may fail unexpectedly; the
    database may be unable to store anything or fail to read, `league.store.storage`)."""
    return dict.fromkeys(sorted({401, 500, 503, *statuses}), ErrorOut)


class You(Schema):
    roles: list[str]
    players: list[str]


class LeagueOut(Schema):
    slug: str
    name: str
    time_zone: str
    public: bool
    systems: list[str]
    one_official_is_enough: bool
    monthly_score: str
    unvalidated_titles: list[str]
    created_at: str | None
    you: You = Field(description="what the caller is in the league")


class LeagueListOut(Schema):
    leagues: list[LeagueOut]


class PlayerOut(Schema):
    name: str
    has_account: bool
    joined: str | None


class RemovedPlayerOut(Schema):
    removed: PlayerOut


class PlayerListOut(Schema):
    league: str
    players: list[PlayerOut]


class TokenOut(Schema):
    id: int
    name: str
    created_at: str | None
    last_used_at: str | None = Field(description="recorded at most once an hour")
    expires_at: str | None = Field(description="the token is refused from then on")
    revoked: bool
    state: Literal["active", "expired", "revoked", "ended"] = Field(
        description="whether the token works; ended: the account's password changed since"
    )


class IssuedTokenOut(TokenOut):
    token: str = Field(description="the token itself, shown in this answer only")


class TokenListOut(Schema):
    tokens: list[TokenOut]


class RevokedOut(Schema):
    revoked: TokenOut


class RevokedAllOut(Schema):
    revoked: list[TokenOut] = Field(description="every token of yours, now all revoked")


class SeatOut(Schema):
    """A seat in the records' JSON form (docs/records.md)."""

    player: str
    place: int | None
    vp: Number | None = None
    winner: bool | None = None
    team: str | None = None
    status: str
    account: str
    sources: dict[str, Number] | None = None


class RecordOut(Schema):
    """A game in the records' JSON form (docs/records.md)."""

    model_config = ConfigDict(populate_by_name=True)

    id: str
    date: str
    game: str
    variant: str | None = None
    target: Number | None
    group: str
    city: str | None = None
    class_: str = Field(alias="class")
    event: str | None = None
    round: int | None = None
    seats: list[SeatOut]


class GameOut(Schema):
    id: str
    status: Literal["submitted", "confirmed", "disputed", "voided"]
    played_at: str | None
    record: RecordOut


class GameListOut(Schema):
    league: str
    count: int
    limit: int
    offset: int
    games: list[GameOut]


class PendingGameOut(GameOut):
    league: str


class PendingOut(Schema):
    games: list[PendingGameOut]


class Verification(Schema):
    status: str
    summary: str
    waiting_for: list[str]
    disputed_by: list[str]


class Signature(Schema):
    player: str | None
    as_official: bool
    by: str
    verdict: str
    at: str | None
    note: str


class Voided(Schema):
    by: str | None
    at: str | None
    why: str
    replaced_by: str | None


class Term(Schema):
    amount: Number
    why: str
    opponent: str | None


class NotRated(Schema):
    record: str
    player: str | None
    reason: str


class ExplanationOut(Schema):
    """What one game did in one system, and why (the CLI's `explain --format json`)."""

    game: str
    system: str
    changes: dict[str, Number]
    before: dict[str, Number]
    after: dict[str, Number]
    breakdown: dict[str, list[Term]]
    not_rated: list[NotRated]
    notes: list[str]


class GameDetailOut(GameOut):
    verification: Verification
    signatures: list[Signature]
    entered_by: str
    entered_at: str | None
    voided: Voided | None
    replaces: str | None
    explanations: dict[str, ExplanationOut]


class HistoryEntry(Schema):
    game: str
    date: str
    list_: str = Field(alias="list")
    before: Number
    after: Number
    change: Number
    games: int
    explanation: ExplanationOut


class HistoryOut(Schema):
    player: str
    system: str
    history: list[HistoryEntry]


class Standing(Schema):
    player: str
    rank: int
    rating: Number
    games: int
    uncertainty: Number | None = Field(None, description="skill only: the rating's SD")
    provisional: bool | None = Field(None, description="skill only: too few games to trust")


class RatingTableOut(Schema):
    """Standings, as `tablerank rate --format json` prints them."""

    system: str
    standings: list[Standing]
    not_rated: list[NotRated]


class ListEntry(Schema):
    player: str
    place: int
    score: Number
    games: int | None = None
    gold: int | None = None
    months: list[int] | None = None


class NotListed(Schema):
    player: str
    reason: str


class ListOut(Schema):
    """A Monthly, Open or annual list, as `tablerank lists ... --format json` prints it."""

    kind: str
    period: str
    city: str | None
    group: str
    list_: list[ListEntry] = Field(alias="list")
    not_listed: list[NotListed]
