"""The forms of a tournament's pages: what they parse; the league's services decide the rest."""

from __future__ import annotations

from typing import Any

from django import forms

from tablerank.engine.fields import MAX_VP

__all__ = ["CorrectionForm", "EntrantsForm", "TableResultForm", "TournamentForm"]


class TournamentForm(forms.Form):
    name = forms.CharField(max_length=100, help_text="As the event's games will carry it.")
    rounds = forms.IntegerField(min_value=1, max_value=50, initial=3, help_text="Swiss rounds.")
    cut = forms.IntegerField(
        min_value=0, max_value=10000, initial=16, required=False,
        help_text="Top N to semifinal tables, winners to the final; 0: no cut.",
    )  # fmt: skip
    table_sizes = forms.CharField(max_length=32, initial="3,4", label="Table sizes")
    scoring = forms.CharField(max_length=32, initial="wins")


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
