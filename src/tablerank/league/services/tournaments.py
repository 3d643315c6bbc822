"""A league's tournaments, the entry side: creating one, registering, checking in, dropping.

Only the league's organizers (officials and admins) run a tournament; anyone who may read the
league may read it. Seating and results are `tournament_rounds`' (docs/tournaments.md)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils.text import slugify

from tablerank.engine.addresses import SLUG_CHARACTERS
from tablerank.engine.fields import (
    MAX_NAME_LENGTH,
    MAX_ROUNDS,
    name_key,
    parse_name,
    parse_text,
)
from tablerank.errors import RecordError
from tablerank.league.errors import LeagueError, NotFound
from tablerank.league.models import (
    Entrant,
    EventRecord,
    League,
    RecordStatus,
    TableSeat,
    Tournament,
)
from tablerank.league.services.members import check_new_names, player_named
from tablerank.league.services.roles import (
    ORGANIZERS,
    Actor,
    Viewer,
    can_read,
    is_organizer,
    require_role,
)
from tablerank.league.services.tournament_formats import checked_keep_apart, resolve_format
from tablerank.tournament.scoring import StandingsError, get_scoring
from tablerank.tournament.tables import SeatingError, table_sizes

__all__ = [
    "change_keep_apart",
    "check_in",
    "check_in_everyone",
    "create_tournament",
    "current_round",
    "drop_player",
    "entrant",
    "is_organizer",
    "register_players",
    "seated_in",
    "tournament_of",
]


RESERVED = frozenset({"new"})

MAX_SLUG = 40
"""A tournament's address is at most this long: its tables' results are games whose ids are
the address and the round and table (`tournament_rounds._game_id`), which must stay within a
record id's 64 characters and each be a valid id."""
SLUG = re.compile(rf"[A-Za-z0-9][{SLUG_CHARACTERS}]{{0,{MAX_SLUG - 1}}}")
"""What an address may hold: the site's URLs take these characters, and a record id must
start with a letter or digit."""
"""Addresses the site's pages use beside tournaments' (`/l/SLUG/tournaments/new/`)."""


def create_tournament(
    league: League,
    by: User,
    *,
    name: str,
    rounds: int | None = None,
    slug: str = "",
    sizes: str | None = None,
    scoring: str | None = None,
    cut: int | None = None,
    seed: int = 0,
    preset: str = "",
    keep_apart: str = "",
    drop_winless_after: int | None = None,
) -> Tournament:
    """A new tournament of `rounds` preliminary rounds; with `cut`, the top `cut` players go
    on to semifinal tables and the table winners to a final. A `preset` (an official CATAN
    format) sets the rounds, cut, table sizes, scoring and drop itself (`resolve_format`);
    `keep_apart` lists friends and family to seat apart, league players only;
    `drop_winless_after` (the large-event rule) drops players without a win after that round."""
    require_role(league, by, *ORGANIZERS)
    name = name.strip()
    if not name:
        raise LeagueError("name", "give the tournament a name")
    try:  # the name is every result's `event`: the records' rule for it
        parse_text(name, "name", limit=MAX_NAME_LENGTH, required=True)
    except RecordError as exc:
        raise LeagueError(exc.field, exc.message) from None
    slug = slug.strip() or slugify(name)[:MAX_SLUG].rstrip("-_")
    if not slug:
        raise LeagueError("slug", f"expected letters or digits to make an address of {name!r}")
    if not SLUG.fullmatch(slug):
        raise LeagueError(
            "slug",
            f"expected up to {MAX_SLUG} letters, digits, '-' or '_', starting with a letter or "
            f"digit, got {slug[:80]!r}",
        )
    if slug in RESERVED:
        raise LeagueError("slug", f"{slug!r} is taken by the site's own pages; give another")
    chosen = resolve_format(
        preset, rounds=rounds, cut=cut, sizes=sizes, scoring=scoring,
        drop_winless_after=drop_winless_after,
    )  # fmt: skip
    rounds, cut, sizes, scoring = chosen.rounds, chosen.cut, chosen.sizes, chosen.scoring
    apart = checked_keep_apart(league, keep_apart)
    if not 1 <= rounds <= MAX_ROUNDS:
        raise LeagueError("rounds", f"expected 1 to {MAX_ROUNDS} rounds, got {rounds}")
    if cut == 1 or cut < 0:
        raise LeagueError("cut", f"expected 0 (no cut) or at least 2 players, got {cut}")
    try:
        allowed = table_sizes(_sizes(sizes))
        get_scoring(scoring)
    except SeatingError as exc:
        raise LeagueError("sizes", str(exc)) from None
    except StandingsError as exc:
        raise LeagueError("scoring", str(exc)) from None
    try:
        with transaction.atomic():
            return Tournament.objects.create(
                league=league, slug=slug, name=name, rounds=rounds, scoring=scoring, cut=cut,
                table_sizes=",".join(str(size) for size in sorted(allowed)), seed=seed,
                created_by=by, preset=chosen.preset, keep_apart=apart,
                drop_winless_after=chosen.drop_winless_after,
            )  # fmt: skip
    except IntegrityError:
        raise LeagueError(
            "name", f"league {league.slug!r} already has a tournament {name!r} or {slug!r}"
        ) from None


def _sizes(text: str) -> list[int]:
    try:
        return [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise LeagueError("sizes", f"expected sizes like 3,4, got {text!r}") from None


def tournament_of(league: League, slug: str, viewer: Viewer) -> Tournament:
    """The league's tournament at `slug`, for a viewer who may read the league."""
    if not can_read(league, viewer):
        raise NotFound("league", f"no league {league.slug!r}")
    found = Tournament.objects.filter(league=league, slug=slug).first()
    if found is None:
        raise NotFound("tournament", f"league {league.slug!r} has no tournament {slug!r}")
    return found


def current_round(tournament: Tournament) -> int:
    """The latest round seated, 0 before the first."""
    latest = tournament.seats.aggregate(latest=Max("round"))["latest"]
    return int(latest or 0)


def finished(tournament: Tournament) -> bool:
    """Whether the tournament's order is recorded (`finish_tournament`: a live event record
    whose id is its address)."""
    records = EventRecord.objects.filter(league=tournament.league, external_id=tournament.slug[:64])
    return records.exclude(status=RecordStatus.VOIDED).exists()


def require_open(tournament: Tournament) -> None:
    """Refuse a change to a finished tournament: its recorded order would no longer be the
    tournament's (voiding that event record, `services.void_event`, reopens it)."""
    if finished(tournament):
        raise LeagueError(
            "tournament", f"{tournament.name} is finished: its order is recorded as event "
            f"{tournament.slug[:64]!r}",
        )  # fmt: skip


def register_players(
    tournament: Tournament, names: Sequence[str], by: Actor, *, checked_in: bool = False
) -> list[Entrant]:
    """Enter these players (new names become the league's players); an entrant already
    registered is refused by name. A late entry is one after round 1 was seated."""
    league = tournament.league
    require_role(league, by, *ORGANIZERS)
    require_open(tournament)
    cleaned = [name.strip() for name in names]
    if not cleaned or not all(cleaned):
        raise LeagueError("players", "give at least one player's name")
    try:  # the records' rule for a name: valid text of a bounded length, composed
        cleaned = [parse_name(name, "players") for name in cleaned]
    except RecordError as exc:
        raise LeagueError(exc.field, exc.message) from None
    seen: dict[str, str] = {}
    for name in cleaned:
        earlier = seen.get(name_key(name))
        if earlier is not None:
            both = (
                f"{name} is given twice"
                if earlier == name
                else f"{earlier} and {name} name one player"
            )
            raise LeagueError("players", f"{both}; give each player once")
        seen[name_key(name)] = name
    check_new_names(league, cleaned, by)
    with transaction.atomic():
        entrants = []
        for name in cleaned:
            player = player_named(league, name)
            if Entrant.objects.filter(tournament=tournament, player=player).exists():
                raise LeagueError("players", f"{player.name} is registered already")
            entrants.append(
                Entrant.objects.create(tournament=tournament, player=player, checked_in=checked_in)
            )
        return entrants


def entrant(tournament: Tournament, name: str) -> Entrant:
    found = Entrant.objects.filter(tournament=tournament, player__key=name_key(name))
    got = found.select_related("player").first()
    if got is None:
        raise NotFound("player", f"{name} is not registered for {tournament.name}")
    return got


def check_in(tournament: Tournament, name: str, by: Actor) -> Entrant:
    """Mark a registered player present: seated from the next round on."""
    require_role(tournament.league, by, *ORGANIZERS)
    require_open(tournament)
    found = _present(tournament, name)
    found.checked_in = True
    found.save(update_fields=["checked_in"])
    return found


def change_keep_apart(tournament: Tournament, text: str, by: Actor) -> Tournament:
    """The friends and family to seat apart from the next round on (one group a line, names
    separated by commas; the seating's last priority, CATAN Studio's rule 1.1.5): the
    tournament's entrants or the league's players, a name neither refused with its line."""
    require_role(tournament.league, by, *ORGANIZERS)
    require_open(tournament)
    entrants = [e.player.name for e in tournament.entrants.select_related("player")]
    tournament.keep_apart = checked_keep_apart(tournament.league, text, entrants)
    tournament.save(update_fields=["keep_apart"])
    return tournament


def check_in_everyone(tournament: Tournament, by: Actor) -> int:
    """Mark every registered player present who is not yet (dropped players stay dropped);
    how many were checked in."""
    require_role(tournament.league, by, *ORGANIZERS)
    require_open(tournament)
    waiting = Entrant.objects.filter(tournament=tournament, checked_in=False, dropped_after=None)
    return waiting.update(checked_in=True)


def drop_player(tournament: Tournament, name: str, by: Actor) -> Entrant:
    """The player leaves: not seated after the latest round seated; their results stand."""
    require_role(tournament.league, by, *ORGANIZERS)
    require_open(tournament)
    found = _present(tournament, name)
    found.dropped_after = current_round(tournament)
    found.save(update_fields=["dropped_after"])
    return found


def _present(tournament: Tournament, name: str) -> Entrant:
    found = entrant(tournament, name)
    if found.dropped_after is not None:
        who, after = found.player.name, found.dropped_after
        raise LeagueError("player", f"{who} dropped after round {after}")
    return found


def seated_in(tournament: Tournament, number: int) -> list[TableSeat]:
    """Round `number`'s seats, by table and turn order (table 0: the byes)."""
    return list(
        TableSeat.objects.filter(tournament=tournament, round=number).select_related("player")
    )
