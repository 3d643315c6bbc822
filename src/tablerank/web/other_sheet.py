"""The result sheet of a game that is not Catan (Kremlin, B-17, Carcassonne, ...): its title
and A.R.E.A. class, when and where, and each seat's player, place, score and team (issue 14).

As with the Catan sheet, the form only gathers what was typed; the engine builds and checks the
game (`new_game`), so every message is the engine's.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from django import forms

from tablerank.engine.fields import MAX_ROUNDS
from tablerank.engine.records import Game, GameClass, SeatStatus, new_game
from tablerank.errors import RecordError
from tablerank.league.models import League
from tablerank.league.services import local_date
from tablerank.web.score_sheet import (
    city_field,
    in_sheet_words,
    played_at,
    played_at_field,
    sheet_time,
)

MOST_SEATS = 10
CLASS_CHOICES = [
    ("", "the usual for the table (two players: two; more: winner takes all)"),
    (GameClass.TWO.value, "two: a two-player game"),
    (GameClass.WTA.value, "wta: winner takes all"),
    (GameClass.TEAM.value, "team: teams win or lose together"),
    (GameClass.RACE.value, "race: every place counts"),
    (GameClass.SOL.value, "sol: solitaire, against the game"),
]
"""A.R.E.A.'s classes (seed 004), in the words of its rules."""


class OtherGameForm(forms.Form):
    """One game's result sheet; seat fields are named ``seat-0-player``, ``seat-0-place`` ..."""

    title = forms.CharField(
        label="Game",
        max_length=100,
        widget=forms.TextInput(attrs={"list": "league-titles", "autocomplete": "off"}),
    )
    game_class = forms.ChoiceField(label="Class (A.R.E.A.)", choices=CLASS_CHOICES, required=False)
    players = forms.TypedChoiceField(
        label="Players",
        choices=[(n, str(n)) for n in range(1, MOST_SEATS + 1)],
        coerce=int,
        initial=2,
        widget=forms.Select(attrs={"class": "tr-setup-choice"}),
    )
    played_at = played_at_field()
    city = city_field()
    event = forms.CharField(label="Event", required=False, max_length=100)
    round = forms.IntegerField(label="Round", required=False, min_value=1, max_value=MAX_ROUNDS)

    def __init__(self, data: Any = None, *, initial: dict[str, Any] | None = None) -> None:
        super().__init__(data, initial=initial)
        self.seat_count = self._chosen_seats()
        for i in range(self.seat_count):
            self.fields[f"seat-{i}-player"] = forms.CharField(
                label="Player",
                required=False,
                max_length=100,
                widget=forms.TextInput(attrs={"list": "league-players", "autocomplete": "off"}),
            )
            self.fields[f"seat-{i}-place"] = forms.IntegerField(
                label="Place", required=False, min_value=1, max_value=MOST_SEATS
            )
            self.fields[f"seat-{i}-score"] = forms.DecimalField(
                label="Score", required=False, max_digits=8, decimal_places=2
            )
            self.fields[f"seat-{i}-team"] = forms.CharField(
                label="Team", required=False, max_length=100
            )

    def _chosen_seats(self) -> int:
        raw = self.data.get("players") if self.is_bound else self.initial.get("players")
        try:
            seats = int(raw or 2)
        except (TypeError, ValueError):
            seats = 2
        return seats if 1 <= seats <= MOST_SEATS else 2

    def seat_rows(self) -> list[dict[str, Any]]:
        return [
            {"number": i + 1, "fields": [self[f"seat-{i}-{part}"] for part in _PARTS]}
            for i in range(self.seat_count)
        ]


_PARTS = ("player", "place", "score", "team")


@dataclass
class OtherSheet:
    """What the engine makes of the sheet: the checked game, or why there is none."""

    game: Game | None = None
    errors: list[str] = field(default_factory=list)


def _seat(form: OtherGameForm, i: int) -> dict[str, Any]:
    data = form.cleaned_data
    seat: dict[str, Any] = {"player": (data.get(f"seat-{i}-player") or "").strip()}
    if data.get(f"seat-{i}-place") is not None:
        seat["place"] = data[f"seat-{i}-place"]
    if data.get(f"seat-{i}-score") is not None:
        seat["vp"] = float(data[f"seat-{i}-score"])
    if (data.get(f"seat-{i}-team") or "").strip():
        seat["team"] = data[f"seat-{i}-team"].strip()
    return seat


def read_other(form: OtherGameForm, league: League, *, game_id: str = "sheet") -> OtherSheet:
    """Read a bound sheet: the form's own checks, then the engine's (in the sheet's words)."""
    if not form.is_valid():
        return OtherSheet(
            errors=[
                f"{form.fields[name].label if name in form.fields else name}: {message}"
                for name, messages in form.errors.items()
                for message in messages
            ]
        )
    data = form.cleaned_data
    seats = [_seat(form, i) for i in range(form.seat_count)]
    unnamed = [f"seat {i + 1}" for i, seat in enumerate(seats) if not seat["player"]]
    if unnamed:
        return OtherSheet(errors=[f"name every player: {', '.join(unnamed)} has no name"])
    try:
        game = new_game(
            id=game_id,
            date=local_date(league, played_at(form, league)),
            game=data["title"].strip(),
            game_class=data.get("game_class") or None,
            seats=seats,
            city=(data.get("city") or "").strip() or None,
            event=(data.get("event") or "").strip() or None,
            round=data.get("round"),
        )
    except RecordError as exc:
        return OtherSheet(errors=[in_sheet_words(exc)])
    if game.variant is not None:
        return OtherSheet(errors=["Catan games have their own score sheet: record them there"])
    return OtherSheet(game=game)


def beyond_the_sheet(game: Game) -> str:
    """What of a stored game the sheet cannot hold, in a sentence ('' when it holds it all):
    a seat abandoned or taken over mid-game, or a game group other than the title."""
    unfinished = [seat.player for seat in game.seats if seat.status is not SeatStatus.FINISHED]
    if unfinished:
        return f"{', '.join(unfinished)} did not finish it as recorded"
    if game.group != game.game:
        return f"it counts in the game group {game.group!r}"
    return ""


def other_sheet_of(game: Game, played: dt.datetime | None, league: League) -> dict[str, str]:
    """A stored game that is not Catan as the sheet posts it (to correct it): its title and
    class, when (in the league's time zone), where, and each seat's player, place, score and
    team."""
    data = {
        "title": game.game,
        "game_class": game.game_class.value,
        "players": str(len(game.seats)),
        "played_at": sheet_time(game, played, league),
        "city": game.city or "",
        "event": game.event or "",
        "round": str(game.round) if game.round else "",
    }
    for i, seat in enumerate(game.seats):
        data[f"seat-{i}-player"] = seat.player
        data[f"seat-{i}-place"] = "" if seat.place is None else str(seat.place)
        data[f"seat-{i}-score"] = "" if seat.vp is None else _score(seat.vp)
        data[f"seat-{i}-team"] = seat.team or ""
    return data


def _score(vp: float) -> str:
    """A stored score as typed: 31, 24.5 (the sheet keeps two decimals)."""
    return f"{vp:.2f}".rstrip("0").rstrip(".")
