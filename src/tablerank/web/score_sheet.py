"""The score sheet of one game: the form, and what the engine makes of it.

The sheet only gathers what the user typed; the engine builds the game
(`tablerank.engine.records.new_game`) and checks it (`tablerank.catan.validation`), so every
total and every message on the page is the engine's.
"""

from __future__ import annotations

import datetime as dt
import re
import zoneinfo
from dataclasses import dataclass, field
from typing import Any

from django import forms

from tablerank.catan.validation import validate_game
from tablerank.catan.variants import VARIANTS, Source, Variant
from tablerank.engine.fields import MAX_ROUNDS, digits
from tablerank.engine.records import Game, new_game
from tablerank.errors import RecordError
from tablerank.league.models import League
from tablerank.league.services import local_date
from tablerank.tournament.standings import leading_seat

DATETIME_LOCAL = "%Y-%m-%dT%H:%M"
MOST_SEATS = 6
MOST_PIECES = 99
"""The most pieces of one kind a seat can count."""


def table_sizes() -> list[int]:
    """Every table size some variant allows, smallest first."""
    return list(range(min(v.players[0] for v in VARIANTS.values()), MOST_SEATS + 1))


def counted_label(source: Source) -> str:
    """A source as the sheet asks for it: pieces where people count pieces ("Cities (2 VP
    each)"), VP where the source's VP vary ("Scenario-Specific Bonuses (VP)")."""
    if source.varies:
        return f"{source.label} (VP)"
    return f"{source.label} ({source.points} VP each)"


def played_at_field() -> forms.DateTimeField:
    """When a game was played, as a phone's date-and-time picker gives it."""
    return forms.DateTimeField(
        label="Played at",
        required=False,
        input_formats=[DATETIME_LOCAL, "%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M:%S"],
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format=DATETIME_LOCAL),
    )


def city_field() -> forms.CharField:
    """Where a game was played: the league's cities offered, the last one remembered on the
    device (`app.js`)."""
    return forms.CharField(
        label="City",
        required=False,
        max_length=100,
        help_text="The city's monthly and annual lists count the game; remembered on this device.",
        widget=forms.TextInput(
            attrs={"list": "league-cities", "autocomplete": "off", "data-remember": "city"}
        ),
    )


def _variant_choices() -> list[tuple[str, str]]:
    return [(v.name, v.title) for v in VARIANTS.values()]


def _seat_choices(seats: int, nobody: str) -> list[tuple[str, str]]:
    return [("", nobody), *((str(i), f"seat {i + 1}") for i in range(seats))]


class RecordForm(forms.Form):
    """One game's score sheet: variant, when and where, each seat's player and the pieces of
    each source (3 cities, 2 VP cards; VP where a source's VP vary), who holds each
    single-holder award, and the winner.

    Fields are named for the seat they belong to (``seat-0-player``, ``seat-0-cities``);
    awards (``award-longest_road``) and the winner take a seat number, so one player at most
    can hold each. Every field may be blank while the user types; `read_sheet` says what is
    missing."""

    variant = forms.ChoiceField(
        choices=_variant_choices,
        initial="base",
        widget=forms.Select(attrs={"class": "tr-setup-choice"}),
    )
    players = forms.TypedChoiceField(
        label="Players",
        choices=[(n, str(n)) for n in table_sizes()],
        coerce=int,
        initial=4,
        widget=forms.Select(attrs={"class": "tr-setup-choice"}),
    )
    played_at = played_at_field()
    city = city_field()
    event = forms.CharField(
        label="Event",
        required=False,
        max_length=100,
        help_text="A tournament or league night the game belongs to (optional).",
        widget=forms.TextInput(attrs={"list": "league-events", "autocomplete": "off"}),
    )
    round = forms.IntegerField(
        label="Round",
        required=False,
        min_value=1,
        max_value=MAX_ROUNDS,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    target = forms.IntegerField(
        label="VP to win",
        required=False,
        min_value=1,
        max_value=99,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )

    def __init__(self, data: Any = None, *, initial: dict[str, Any] | None = None) -> None:
        super().__init__(data, initial=initial)
        self.variant_obj = self._chosen_variant()
        self.seat_count = self._chosen_seats()
        self.fields["target"].widget.attrs["placeholder"] = str(self.variant_obj.target)
        for i in range(self.seat_count):
            self.fields[f"seat-{i}-player"] = forms.CharField(
                label="Player",
                required=False,
                max_length=100,
                widget=forms.TextInput(
                    attrs={"list": "league-players", "autocomplete": "off", "class": "player"}
                ),
            )
            for source in self.counted_sources:
                self.fields[f"seat-{i}-{source.key}"] = forms.IntegerField(
                    label=counted_label(source),
                    required=False,
                    min_value=0,
                    max_value=MOST_PIECES,
                    widget=forms.NumberInput(attrs={"inputmode": "numeric", "step": 1, "min": 0}),
                )
                if not source.varies:  # record.js writes the VP beside the count as it changes
                    widget = self.fields[f"seat-{i}-{source.key}"].widget
                    widget.attrs["data-points"] = source.points
        for source in self.awards:
            self.fields[f"award-{source.key}"] = forms.ChoiceField(
                label=f"{source.label} ({source.points} VP)",
                choices=_seat_choices(self.seat_count, "nobody"),
                required=False,
                widget=forms.RadioSelect,
            )
        self.fields["winner"] = forms.ChoiceField(
            label="Winner",
            choices=_seat_choices(self.seat_count, "the highest VP reaching the target"),
            required=False,
            widget=forms.RadioSelect,
        )
        self.fields["confirm_winner"] = forms.CharField(required=False)

    def _raw(self, name: str) -> str:
        value = self.data.get(name) if self.is_bound else self.initial.get(name)
        return str(value) if value is not None else ""

    def _chosen_variant(self) -> Variant:
        return VARIANTS.get(self._raw("variant"), VARIANTS["base"])

    def _chosen_seats(self) -> int:
        try:
            seats = int(self._raw("players") or 4)
        except ValueError:
            seats = 4
        return seats if seats in table_sizes() else 4

    @property
    def counted_sources(self) -> list[Source]:
        """Sources each seat enters an amount of VP for (settlements, cities, cards ...)."""
        return [s for s in self.variant_obj.sources if not s.single_holder]

    @property
    def awards(self) -> list[Source]:
        """Single-holder awards, chosen once for the whole table (Longest Road ...)."""
        return [s for s in self.variant_obj.sources if s.single_holder]

    def seat_rows(self, totals: list[float | None] | None = None) -> list[dict[str, Any]]:
        """Each seat's bound fields and its total so far, for the template."""
        return [
            {
                "index": i,
                "number": i + 1,
                "total": totals[i] if totals else None,
                "player": self[f"seat-{i}-player"],
                "sources": [self._counted(i, s) for s in self.counted_sources],
            }
            for i in range(self.seat_count)
        ]

    def _counted(self, i: int, source: Source) -> dict[str, Any]:
        """A count's field and the VP it gives as typed (None while it is not a whole number
        of pieces, or where the field takes VP), shown beside it."""
        field = self[f"seat-{i}-{source.key}"]
        typed = self._raw(field.html_name).strip()
        count = digits(typed)
        whole = count is not None and count <= MOST_PIECES and not source.varies
        vp = count * source.points if whole and count is not None else None
        return {"field": field, "counts": not source.varies, "vp": vp}


@dataclass
class ScoreSheet:
    """What the engine makes of a score sheet: each seat's total, the winner and the messages.

    `game` is the checked game when it could be built from what was typed; `errors` stop a
    submission, `warnings` do not."""

    names: list[str]
    totals: list[float | None]
    derived_winner: int | None = None
    winner: int | None = None
    game: Game | None = None
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    @property
    def winner_name(self) -> str:
        return self.names[self.winner] if self.winner is not None else ""

    @property
    def winner_total(self) -> float | None:
        return self.totals[self.winner] if self.winner is not None else None

    def seats(self) -> list[dict[str, Any]]:
        """Each seat's name and total, for the template."""
        return [
            {"index": i, "number": i + 1, "name": name, "total": total}
            for i, (name, total) in enumerate(zip(self.names, self.totals, strict=True))
        ]


def _seat_name(form: RecordForm, i: int) -> str:
    value = form.cleaned_data.get(f"seat-{i}-player") or ""
    return str(value).strip()


def _seat_sources(form: RecordForm, i: int) -> dict[str, int]:
    sources: dict[str, int] = {}
    for source in form.counted_sources:
        count = form.cleaned_data.get(f"seat-{i}-{source.key}")
        if count:
            sources[source.key] = int(count) * source.points
    for source in form.awards:
        if form.cleaned_data.get(f"award-{source.key}") == str(i):
            sources[source.key] = source.points
    return sources


def _seat(form: RecordForm, i: int, name: str, winner: int | None) -> dict[str, Any]:
    """One seat as `new_game` takes it; a seat with nothing entered scored 0 VP."""
    sources = _seat_sources(form, i)
    seat: dict[str, Any] = {"player": name, "sources": sources, "winner": i == winner}
    return seat if sources else seat | {"vp": 0}


def _seat_index(value: Any) -> int | None:
    return int(value) if value not in (None, "") else None


def _build(
    form: RecordForm, names: list[str], winner: int | None, game_id: str, day: dt.date
) -> Game:
    """The engine's game from the sheet (raises the engine's `RecordError`)."""
    return new_game(
        id=game_id,
        date=day,
        variant=form.variant_obj.name,
        target=form.cleaned_data.get("target"),
        seats=[_seat(form, i, name, winner) for i, name in enumerate(names)],
        city=(form.cleaned_data.get("city") or "").strip() or None,
        event=(form.cleaned_data.get("event") or "").strip() or None,
        round=form.cleaned_data.get("round"),
    )


def in_sheet_words(error: RecordError) -> str:
    """The engine's field paths in the sheet's words: ``seats[1].player`` is seat 2."""
    words = str(error)
    for i in range(MOST_SEATS):
        words = re.sub(rf"seats\[{i}\](\.[a-z_.]+)?", f"seat {i + 1}", words)
    return words


def played_at(form: forms.Form, league: League) -> dt.datetime:
    """When the game was played: the form's wall-clock time in the league's time zone, or now."""
    typed: dt.datetime | None = form.cleaned_data.get("played_at")
    if typed is None:
        return dt.datetime.now(dt.UTC)
    if typed.tzinfo is not None:
        typed = typed.replace(tzinfo=None)
    return typed.replace(tzinfo=zoneinfo.ZoneInfo(league.time_zone))


def read_sheet(form: RecordForm, league: League, *, game_id: str = "sheet") -> ScoreSheet:
    """Read a bound score sheet: the engine builds the game from it, derives the totals, and
    validates it. Seats without a name are called "seat N" here; submitting needs names. The
    game's date is the day it was played in the league's time zone."""
    form.is_valid()
    count = form.seat_count
    typed = [_seat_name(form, i) for i in range(count)]
    names = [name or f"seat {i + 1}" for i, name in enumerate(typed)]
    sheet = ScoreSheet(names=names, totals=[None] * count)
    sheet.errors = [
        f"{form.fields[name].label}: {message}"
        for name, messages in form.errors.items()
        for message in messages
    ]
    if sheet.errors:
        return sheet
    try:
        day = local_date(league, played_at(form, league))
        unmarked = _build(form, names, None, game_id, day)
    except RecordError as exc:
        sheet.errors.append(in_sheet_words(exc))
        return sheet
    sheet.totals = [seat.vp for seat in unmarked.seats]
    sheet.derived_winner = leading_seat(unmarked)
    chosen = _seat_index(form.cleaned_data.get("winner"))
    sheet.winner = chosen if chosen is not None else sheet.derived_winner
    try:
        sheet.game = _build(form, names, sheet.winner, game_id, day)
    except RecordError as exc:
        sheet.errors.append(in_sheet_words(exc))
        return sheet
    finding = validate_game(sheet.game)
    sheet.errors += finding.errors
    sheet.warnings += finding.warnings
    missing = [f"seat {i + 1}" for i, name in enumerate(typed) if not name]
    if missing:
        sheet.errors.insert(0, f"name every player: {', '.join(missing)} has no name")
    return sheet


def winner_confirmed(form: RecordForm, sheet: ScoreSheet) -> bool:
    """Whether the user ticked the confirmation of the winner the sheet shows now."""
    return sheet.winner is not None and form.data.get("confirm_winner") == str(sheet.winner)


def now_in(league: League) -> dt.datetime:
    """The current minute on the league's clocks, for the form's default."""
    zone = zoneinfo.ZoneInfo(league.time_zone)
    return dt.datetime.now(zone).replace(second=0, microsecond=0, tzinfo=None)


def sheet_time(game: Game, played: dt.datetime | None, league: League) -> str:
    """When a stored game was played, as a sheet's field shows it: its time in the league's
    time zone, or, for a result stored without one (imported, or from the API), its own day
    at its time of day or noon, so that correcting it keeps its date."""
    if played is not None:
        return played.astimezone(zoneinfo.ZoneInfo(league.time_zone)).strftime(DATETIME_LOCAL)
    clock = game.time.replace(tzinfo=None) if game.time else dt.time(12)
    return dt.datetime.combine(game.date, clock).strftime(DATETIME_LOCAL)


def sheet_of(game: Game, played: dt.datetime | None, league: League) -> dict[str, str]:
    """A stored Catan game as the score sheet posts it (to correct it): its variant, table,
    when (in the league's time zone), where, each seat's player and VP by source, the awards'
    holders and the declared winner. The winner is left to confirm again."""
    variant = VARIANTS[game.variant or "base"]
    data = {
        "variant": variant.name,
        "players": str(len(game.seats)),
        "played_at": sheet_time(game, played, league),
        "target": str(game.target) if variant.scenario_target and game.target else "",
        "city": game.city or "",
        "event": game.event or "",
        "round": str(game.round) if game.round else "",
        "winner": "",
    }
    for i, seat in enumerate(game.seats):
        data[f"seat-{i}-player"] = seat.player
        for key, vp in seat.sources.items():
            source = variant.source(key)
            holder = source is not None and source.single_holder
            if holder:
                data[f"award-{key}"] = str(i)
            else:  # the sheet counts pieces: cities 6 VP are 3 cities
                data[f"seat-{i}-{key}"] = f"{vp / (source.points if source else 1):g}"
        if seat.winner:
            data["winner"] = str(i)
    return data
