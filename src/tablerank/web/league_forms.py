"""The forms of leagues, members and accounts: creating a league, its settings, players,
account links, roles, disputes, voids and sign-up."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User
from django.utils.text import slugify

from tablerank.engine.systems import SYSTEMS, get_system
from tablerank.league.models import League

if TYPE_CHECKING:
    LeagueModelForm = forms.ModelForm[League]
    AccountModelForm = forms.ModelForm[User]
    UserForm = UserCreationForm[User]
else:  # the forms are generic only in the type stubs
    LeagueModelForm = forms.ModelForm
    AccountModelForm = forms.ModelForm
    UserForm = UserCreationForm


# -- leagues ------------------------------------------------------------------------------------


def _system_choices() -> list[tuple[str, str]]:
    """Each system by the engine's one-line title ("P.A.G.E.S. Point: total VP")."""
    return [(name, get_system(name).title) for name in SYSTEMS]


class LeagueCreateForm(LeagueModelForm):
    """A new league: its name, its address and its time zone."""

    class Meta:
        model = League
        fields = ("name", "slug", "time_zone", "public")
        labels: ClassVar[dict[str, Any]] = {
            "slug": "Address",
            "public": "Anyone may read its standings",
        }
        help_texts: ClassVar[dict[str, Any]] = {
            "slug": "Letters, digits and dashes; the league's pages live at /l/<address>/. "
            "Leave it empty for one made from the name.",
            "time_zone": "An IANA name such as Europe/Berlin; decides which month a game is in.",
        }
        widgets: ClassVar[dict[str, Any]] = {
            "time_zone": forms.TextInput(attrs={"list": "time-zones"}),
            "slug": forms.TextInput(attrs={"data-slug-from": "id_name"}),
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["slug"].required = False

    def clean_slug(self) -> str:
        """The address typed, or one made from the name ("Bonn & Köln" → bonn-koln)."""
        typed = str(self.cleaned_data.get("slug") or "").strip()
        made = typed or slugify(str(self.data.get("name", "")))[:50].strip("-")
        if not made:
            raise forms.ValidationError("give the league an address: letters, digits and dashes")
        return made


class LeagueSettingsForm(LeagueModelForm):
    """A league's settings, changed by its admins."""

    systems = forms.MultipleChoiceField(
        label="Rating systems kept",
        choices=_system_choices,
        widget=forms.CheckboxSelectMultiple,
        error_messages={"required": "keep at least one rating system"},
    )
    catan_unchecked = forms.BooleanField(
        label="Store Catan results whose score sheet fails the Catan check",
        required=False,
        help_text="Off by default: every stored Catan result is a valid one.",
    )

    class Meta:
        model = League
        fields = ("name", "public", "systems", "monthly_score", "one_official_is_enough",
                  "time_zone")  # fmt: skip
        labels: ClassVar[dict[str, Any]] = {
            "public": "Anyone may read its standings",
            "monthly_score": "Monthly list score",
            "one_official_is_enough": "A result an official enters counts at once",
        }
        help_texts: ClassVar[dict[str, Any]] = {
            "one_official_is_enough": (
                "Otherwise a second official or one of its players confirms it (A.R.E.A.)."
            ),
            "time_zone": "An IANA name such as Europe/Berlin.",
        }
        widgets: ClassVar[dict[str, Any]] = {
            "time_zone": forms.TextInput(attrs={"list": "time-zones"})
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["catan_unchecked"].initial = "catan" in self.instance.unvalidated_titles

    def changes(self) -> dict[str, Any]:
        """The settings as `services.change_settings` takes them (after `is_valid`)."""
        changes = {name: self.cleaned_data[name] for name in self.Meta.fields}
        others = [t for t in self.instance.unvalidated_titles if t != "catan"]
        unchecked = ["catan"] if self.cleaned_data["catan_unchecked"] else []
        return changes | {"unvalidated_titles": others + unchecked}


# -- members ------------------------------------------------------------------------------------


def _new_account() -> forms.BooleanField:
    return forms.BooleanField(
        label="Make a new account with this username",
        required=False,
        help_text="Then hand its owner the link to set a password. Otherwise the existing "
        "account of that name, if there is one, is invited and its owner accepts in their inbox.",
    )


class _OwnIds(forms.Form):
    """A form whose fields' ids are its own (`id_<ids>_<field>`): the members page holds several
    forms with a `username`, and each label must point at its own field."""

    ids = ""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("auto_id", f"id_{self.ids}_%s")
        super().__init__(*args, **kwargs)


class AddPlayerForm(_OwnIds):
    """A new player, with or without an account that signs for their seats."""

    ids = "add"

    name = forms.CharField(max_length=100)
    username = forms.CharField(
        label="Account (username)",
        max_length=150,
        required=False,
        help_text="Leave empty for a player without an account.",
    )
    new_account = _new_account()


class LinkAccountForm(_OwnIds):
    """Link an account to a player who has none yet: invite an existing one, or make one."""

    ids = "link"

    player = forms.CharField(max_length=100)
    username = forms.CharField(label="Account (username)", max_length=150)
    new_account = _new_account()


def _member_name(label: str = "Player") -> forms.CharField:
    """A player of the league, suggested from the members page's list of names."""
    return forms.CharField(
        label=label, max_length=100, widget=forms.TextInput(attrs={"list": "member-names"})
    )


class RenamePlayerForm(forms.Form):
    """A player's new name, and why (the league keeps both)."""

    prefix = "rename"
    player = _member_name()
    name = forms.CharField(label="New name", max_length=100)
    why = forms.CharField(label="Why?", max_length=500)


class MergePlayersForm(forms.Form):
    """Two names of one person: the first is merged into the second."""

    prefix = "merge"
    player = _member_name("Merge")
    into = _member_name("into")
    why = forms.CharField(label="Why?", max_length=500)


class RemovePlayerForm(forms.Form):
    """A player who never played, removed."""

    prefix = "remove"
    player = _member_name()
    why = forms.CharField(label="Why?", max_length=500)


class RoleForm(_OwnIds):
    """Offer (the owner accepts) or revoke a league role of an account."""

    ids = "role"

    username = forms.CharField(label="Account (username)", max_length=150)
    role = forms.ChoiceField(choices=[("official", "official"), ("admin", "admin")])
    grant = forms.TypedChoiceField(
        label="Grant or revoke",
        choices=[("yes", "offer the role"), ("no", "revoke the role")],
        coerce=lambda v: v == "yes",
    )


class DisputeForm(forms.Form):
    """Why a player disputes a result."""

    why = forms.CharField(label="What is wrong?", max_length=500)


class VoidForm(forms.Form):
    """Why an admin or official voids a result (it stays stored, with who, when and why)."""

    why = forms.CharField(label="Why is it void?", max_length=500)


EMAIL_HELP = (
    "Optional. With it you can reset a forgotten password yourself from the sign-in page; "
    "it is never shown to anyone."
)


class SignUpForm(UserForm):
    """A new account (open sign-up, when the site allows it), with an optional e-mail address
    for resetting a forgotten password."""

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")
        help_texts: ClassVar[dict[str, str]] = {"email": EMAIL_HELP}


class EmailForm(AccountModelForm):
    """The account's e-mail address, where a password-reset link goes (empty: none)."""

    class Meta:
        model = User
        fields = ("email",)
        labels: ClassVar[dict[str, str]] = {"email": "E-mail address"}
        help_texts: ClassVar[dict[str, str]] = {"email": EMAIL_HELP}
