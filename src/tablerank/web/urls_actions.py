"""The forms that change a league, and accounts (see docs/accounts.md)."""

from __future__ import annotations

from django.contrib.auth import views as auth
from django.urls import URLPattern, URLResolver, path, reverse_lazy

from tablerank.web.actions import (
    accounts,
    clock,
    corrections,
    imports,
    inbox,
    leagues,
    members,
    record,
    record_other,
    tokens,
    tournament_tables,
    tournaments,
)

urlpatterns: list[URLPattern | URLResolver] = [
    path("l/<slug:slug>/record/", record.record, name="record"),
    path("l/<slug:slug>/record/check/", record.record_check, name="record-check"),
    path("l/<slug:slug>/record/other/", record_other.record_other, name="record-other"),
    path("l/<slug:slug>/record/<int:pk>/", record.recorded, name="recorded"),
    path("l/<slug:slug>/void/<int:pk>/", corrections.void, name="void"),
    path("l/<slug:slug>/correct/<int:pk>/", corrections.correct, name="correct"),
    path("l/<slug:slug>/members/", members.members, name="members"),
    path("l/<slug:slug>/import/", imports.import_file, name="import"),
    path("l/<slug:slug>/import/confirm/", imports.import_confirm, name="import-confirm"),
    path("l/<slug:slug>/import/cancel/", imports.import_cancel, name="import-cancel"),
    path("l/<slug:slug>/tournaments/new/", tournaments.tournament_new, name="tournament-new"),
    path("l/<slug:slug>/tournaments/<slug:event>/", tournaments.tournament, name="tournament"),
    path(
        "l/<slug:slug>/tournaments/<slug:event>/clock/<str:step>/",
        clock.clock_step,
        name="clock-step",
    ),
    path(
        "l/<slug:slug>/tournaments/<slug:event>/<str:step>/",
        tournaments.tournament_step,
        name="tournament-step",
    ),
    path(
        "l/<slug:slug>/tournaments/<slug:event>/rounds/<int:number>/tables/<int:table>/",
        tournament_tables.table_result,
        name="table-result",
    ),
    path(
        "l/<slug:slug>/tournaments/<slug:event>/rounds/<int:number>/tables/<int:table>/correct/",
        tournament_tables.table_correct,
        name="table-correct",
    ),
    path(
        "l/<slug:slug>/tournaments/<slug:event>/rounds/<int:number>/tables/<int:table>/confirm/",
        tournament_tables.table_confirm,
        name="table-confirm",
    ),
    path("l/<slug:slug>/settings/", leagues.league_settings, name="league-settings"),
    path("leagues/new/", leagues.league_new, name="league-new"),
    path("inbox/", inbox.inbox, name="inbox"),
    path("inbox/<int:pk>/confirm/", inbox.confirm, name="inbox-confirm"),
    path("inbox/<int:pk>/dispute/", inbox.dispute, name="inbox-dispute"),
    path("inbox/invitations/<int:pk>/accept/", inbox.accept, name="invitation-accept"),
    path("inbox/invitations/<int:pk>/decline/", inbox.decline, name="invitation-decline"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/login/", accounts.SignInView.as_view(), name="login"),
    path("accounts/logout/", auth.LogoutView.as_view(), name="logout"),
    path("accounts/tokens/", tokens.tokens, name="tokens"),
    path("accounts/tokens/<int:pk>/revoke/", tokens.revoke, name="token-revoke"),
    path("accounts/tokens/revoke-all/", tokens.revoke_all, name="tokens-revoke-all"),
    path(
        "accounts/password/",
        auth.PasswordChangeView.as_view(template_name="registration/change_password.html"),
        name="password_change",
    ),
    path(
        "accounts/password/done/",
        auth.PasswordChangeDoneView.as_view(template_name="registration/password_changed.html"),
        name="password_change_done",
    ),
    path("accounts/email/", accounts.email, name="account-email"),
    path(
        "accounts/password/forgot/",
        auth.PasswordResetView.as_view(
            template_name="registration/forgot_password.html",
            email_template_name="registration/reset_email.txt",
            subject_template_name="registration/reset_subject.txt",
            success_url=reverse_lazy("password_reset_sent"),
        ),
        name="password_reset",
    ),
    path(
        "accounts/password/forgot/sent/",
        auth.PasswordResetDoneView.as_view(template_name="registration/reset_sent.html"),
        name="password_reset_sent",
    ),
    path(
        "accounts/reset/<uidb64>/<token>/",
        auth.PasswordResetConfirmView.as_view(template_name="registration/set_password.html"),
        name="password_reset_confirm",
    ),
    path(
        "accounts/reset/done/",
        auth.PasswordResetCompleteView.as_view(template_name="registration/password_set.html"),
        name="password_reset_complete",
    ),
]
