"""The league in Django's admin, for the site's organizers (staff accounts).

Leagues, players and account periods are edited here. Recorded results are history, which is
append-only: the admin shows games and events with their seats and signatures but never adds,
edits or deletes them; voiding and corrections go through the site and the league services.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.contrib import admin
from django.db.models import Model
from django.forms import ModelForm
from django.http import HttpRequest

from tablerank.league import services
from tablerank.league.models import (
    AccountPeriod,
    Confirmation,
    EventRecord,
    EventStanding,
    GameRecord,
    League,
    Player,
    Seat,
)
from tablerank.league.store.revisions import bump

if TYPE_CHECKING:
    LeagueAdminBase = admin.ModelAdmin[League]
    PlayerAdminBase = admin.ModelAdmin[Player]
    PeriodAdminBase = admin.ModelAdmin[AccountPeriod]
    GameAdminBase = admin.ModelAdmin[GameRecord]
    EventAdminBase = admin.ModelAdmin[EventRecord]
    PeriodInlineBase = admin.TabularInline[AccountPeriod, Player]
    SeatInlineBase = admin.TabularInline[Seat, GameRecord]
    ConfirmationInlineBase = admin.TabularInline[Confirmation, GameRecord]
    StandingInlineBase = admin.TabularInline[EventStanding, EventRecord]
else:  # ModelAdmin and InlineModelAdmin are generic only in the type stubs
    LeagueAdminBase = PlayerAdminBase = PeriodAdminBase = admin.ModelAdmin
    GameAdminBase = EventAdminBase = admin.ModelAdmin
    PeriodInlineBase = SeatInlineBase = admin.TabularInline
    ConfirmationInlineBase = StandingInlineBase = admin.TabularInline


class _ShownOnPages:
    """What is edited here shows on the league's pages: each save and delete bumps the
    league's revision (`revisions.bump`), so cached reads and ETags follow."""

    @staticmethod
    def league_of(obj: League | Player | AccountPeriod) -> League:
        if isinstance(obj, AccountPeriod):
            return obj.player.league
        return obj if isinstance(obj, League) else obj.league

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        super().save_related(request, form, formsets, change)  # type: ignore[misc]
        bump(self.league_of(form.instance))

    def delete_model(self, request: HttpRequest, obj: Any) -> None:
        league = self.league_of(obj)
        super().delete_model(request, obj)  # type: ignore[misc]
        bump(league)

    def delete_queryset(self, request: HttpRequest, queryset: Any) -> None:
        leagues = {self.league_of(obj) for obj in queryset}
        super().delete_queryset(request, queryset)  # type: ignore[misc]
        for league in leagues:
            bump(league)


@admin.register(League)
class LeagueAdmin(_ShownOnPages, LeagueAdminBase):
    list_display = ("name", "slug", "time_zone", "public", "one_official_is_enough")
    list_filter = ("public",)
    search_fields = ("name", "slug")
    filter_horizontal = ("admins", "officials")
    readonly_fields = ("created_at",)

    def save_model(
        self, request: HttpRequest, obj: League, form: ModelForm[League], change: bool
    ) -> None:
        """Save, and rebuild the kept ratings when the rating systems changed."""
        systems_changed = change and "systems" in form.changed_data
        super().save_model(request, obj, form, change)
        if systems_changed:
            services.rebuild_ratings(obj)


class AccountPeriodInline(PeriodInlineBase):
    model = AccountPeriod
    extra = 0


@admin.register(Player)
class PlayerAdmin(_ShownOnPages, PlayerAdminBase):
    list_display = ("name", "league", "user", "created_at")
    list_filter = ("league",)
    search_fields = ("name", "user__username")
    raw_id_fields = ("user",)
    inlines = (AccountPeriodInline,)


@admin.register(AccountPeriod)
class AccountPeriodAdmin(_ShownOnPages, PeriodAdminBase):
    list_display = ("player", "account", "valid_from")
    list_filter = ("account", "player__league")
    search_fields = ("player__name",)
    raw_id_fields = ("player",)


class _ReadOnly:
    """History is append-only: shown, never added, changed or deleted here."""

    def has_add_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False


class SeatInline(_ReadOnly, SeatInlineBase):
    model = Seat
    fields = ("position", "player", "vp", "winner", "place", "team", "status", "account")
    readonly_fields = fields
    extra = 0


class ConfirmationInline(_ReadOnly, ConfirmationInlineBase):
    model = Confirmation
    fields = ("player", "by", "verdict", "at", "note")
    readonly_fields = fields
    extra = 0


@admin.register(GameRecord)
class GameRecordAdmin(_ReadOnly, GameAdminBase):
    list_display = ("external_id", "league", "date", "variant", "status", "created_by")
    list_filter = ("status", "league", "variant")
    search_fields = ("external_id", "seats__player__name")
    date_hierarchy = "date"
    inlines = (SeatInline, ConfirmationInline)

    def get_queryset(self, request: HttpRequest) -> Any:
        return super().get_queryset(request).select_related("league", "created_by")


class StandingInline(_ReadOnly, StandingInlineBase):
    model = EventStanding
    fields = ("position", "player", "place", "wins", "draws", "losses", "completed")
    readonly_fields = fields
    extra = 0


@admin.register(EventRecord)
class EventRecordAdmin(_ReadOnly, EventAdminBase):
    list_display = ("external_id", "league", "date", "format", "status")
    list_filter = ("status", "league")
    search_fields = ("external_id",)
    inlines = (StandingInline,)
