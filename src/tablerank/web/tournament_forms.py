"""The forms of a tournament's pages: what they parse; the league's services decide the rest."""

from __future__ import annotations

from typing import Any

from django import forms

from tablerank.engine.fields import MAX_VP
from tablerank.tournament.presets import PRESETS

__all__ = ["CorrectionForm", "EntrantsForm", "TableResultForm", "TournamentForm"]


def _preset_choices() -> list[tuple[str, str]]:
    return [(p.name, p.title) for p in PRESETS.values()] + [("", "Custom")]


class TournamentForm(forms.Form):
    name = forms.CharField(max_length=100, help_text="As the event's games will carry it.")
    preset = forms.ChoiceField(
        choices=_preset_choices, required=False, initial="catan-official", label="Format",
        help_text="An official CATAN format sets the rounds, cut, table sizes and scoring "
        "itself (the cut by the players checked in when round 1 is seated); Custom: set them "
        "below.",
    )  # fmt: skip
    rounds = forms.IntegerField(
        min_value=1, max_value=50, required=False,
        help_text="Swiss rounds (a format's own when left blank).",
    )  # fmt: skip
    cut = forms.IntegerField(
        min_value=0, max_value=10000, required=False,
        help_text="Custom: top N to semifinal tables, winners to the final; 0 or blank: no cut.",
    )  # fmt: skip
    table_sizes = forms.CharField(
        max_length=32, required=False, label="Table sizes", help_text="Custom: default 3,4."
    )
    scoring = forms.CharField(max_length=32, required=False, help_text="Custom: default wins.")
    keep_apart = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}), max_length=20000, required=False,
        label="Keep apart",
        help_text="Friends and family to seat at different tables: one group a line, names "
        "separated by commas (the league's players).",
    )  # fmt: skip
    drop_winless_after = forms.IntegerField(
        min_value=0, max_value=50, required=False, label="Drop players without a win after round",
        help_text="Custom: the large-event rule (blank: off); the US qualifier drops after 3.",
    )  # fmt: skip

    def refuse(self, field: str, message: str) -> None:
        """The league's refusal, at the field it names where the form has it."""
        self.add_error(field if field in self.fields else None, message)


class EntrantsForm(forms.Form):
    names = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 6}), max_length=20000,
        help_text="One name per line; new names become the league's players.",
    )  # fmt: skip
    checked_in = forms.BooleanField(required=False, initial=True, label="Checked in")

    def cleaned_names(self) -> list[str]:
        return [line.strip() for line in self.cleaned_data["names"].splitlines() if line.strip()]


class TableResultForm(forms.Form):
    """One table's sheet: each seated player's VP, and who won."""

    def __init__(self, seats: list[str], *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seats = seats
        for i, name in enumerate(seats):
            self.fields[f"vp-{i}"] = forms.IntegerField(min_value=0, max_value=MAX_VP, label=name)
        self.fields["winner"] = forms.ChoiceField(
            choices=[(str(i), name) for i, name in enumerate(seats)], widget=forms.RadioSelect
        )

    def refuse(self, message: str) -> None:
        """The league's refusal of this sheet, at the VP of the player it names ("Ann: won
        with 8 VP"), else over the whole sheet."""
        for i, name in enumerate(self.seats):
            if f"{name}: " in message:
                self.add_error(f"vp-{i}", message)
                return
        self.add_error(None, message)

    def sheet(self) -> list[dict[str, Any]]:
        winner = int(self.cleaned_data["winner"])
        return [
            {"player": name, "vp": self.cleaned_data[f"vp-{i}"], "winner": i == winner}
            for i, name in enumerate(self.seats)
        ]


class CorrectionForm(TableResultForm):
    """A table's sheet again, and why it is corrected."""

    def __init__(self, seats: list[str], *args: Any, **kwargs: Any) -> None:
        super().__init__(seats, *args, **kwargs)
        self.fields["why"] = forms.CharField(max_length=2000, label="Why it is corrected")
