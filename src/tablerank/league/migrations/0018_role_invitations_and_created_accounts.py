"""Roles by consent, and the accounts a league made (issue 39).

An invitation now belongs to a league and offers either a player's seats (as before) or the
official's or admin's role. Accounts a league made for its players are remembered, so that only
that league's organizers may hand them a reset link, and only until their owner sets a password.
Accounts made before this migration are found by how `link_by_username` made them: an account
without a usable password, never signed in, whose first invitation was accepted as it was made.
"""

import datetime as dt
from typing import Any

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models

MADE_AT_ONCE = dt.timedelta(seconds=5)


def fill_leagues(apps: Any, schema_editor: Any) -> None:
    Invitation = apps.get_model("league", "Invitation")
    for invitation in Invitation.objects.select_related("player").iterator():
        invitation.league_id = invitation.player.league_id
        invitation.save(update_fields=["league"])


def remember_made_accounts(apps: Any, schema_editor: Any) -> None:
    Invitation = apps.get_model("league", "Invitation")
    CreatedAccount = apps.get_model("league", "CreatedAccount")
    account_model = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    for user in account_model.objects.filter(last_login=None, password__startswith="!").iterator():
        first = Invitation.objects.filter(account=user).order_by("created_at", "pk").first()
        if first is None or not first.accepted or first.answered_at is None:
            continue
        if first.answered_at - first.created_at <= MADE_AT_ONCE:
            CreatedAccount.objects.create(
                account=user,
                league_id=first.league_id,
                created_by_id=first.invited_by_id,
                created_at=first.created_at,
            )


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0017_names_in_composed_form"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="invitation",
            name="league",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="invitations",
                to="league.league",
            ),
        ),
        migrations.AddField(
            model_name="invitation",
            name="offer",
            field=models.CharField(
                choices=[("player", "Player"), ("official", "Official"), ("admin", "Admin")],
                default="player",
                max_length=16,
            ),
        ),
        migrations.AlterField(
            model_name="invitation",
            name="player",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="invitations",
                to="league.player",
            ),
        ),
        migrations.RunPython(fill_leagues, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="invitation",
            name="league",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.PROTECT,
                related_name="invitations",
                to="league.league",
            ),
        ),
        migrations.AddConstraint(
            model_name="invitation",
            constraint=models.UniqueConstraint(
                condition=models.Q(
                    ("answered_at__isnull", True), models.Q(("offer", "player"), _negated=True)
                ),
                fields=("league", "offer", "account"),
                name="league_role_invitation_pending_unique",
            ),
        ),
        migrations.AddConstraint(
            model_name="invitation",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(("offer", "player"), ("player__isnull", False)),
                    models.Q(
                        models.Q(("offer", "player"), _negated=True), ("player__isnull", True)
                    ),
                    _connector="OR",
                ),
                name="league_invitation_player_iff_player_offer",
            ),
        ),
        migrations.AlterField(
            model_name="invitation",
            name="invited_by",
            field=models.ForeignKey(
                blank=True,
                db_index=False,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="+",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.AddIndex(
            model_name="invitation",
            index=models.Index(
                fields=["invited_by", "created_at"], name="league_invitation_by_time"
            ),
        ),
        migrations.CreateModel(
            name="CreatedAccount",
            fields=[
                (
                    "account",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="created_by_league",
                        serialize=False,
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                ("created_at", models.DateTimeField(default=django.utils.timezone.now)),
                (
                    "created_by",
                    models.ForeignKey(
                        blank=True,
                        db_index=False,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "league",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="created_accounts",
                        to="league.league",
                    ),
                ),
            ],
            options={
                "indexes": [
                    models.Index(
                        fields=["created_by", "created_at"], name="league_created_account_by"
                    )
                ],
            },
        ),
        migrations.RunPython(remember_made_accounts, migrations.RunPython.noop),
    ]
