# Every token gets an expiry and the stamp of its account's password (league.services.tokens).
# ruff: noqa: RUF012  (Django reads these class attributes)

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import migrations, models
from django.utils import timezone

from tablerank.league.services.tokens import TOKEN_DAYS, password_stamp


def stamp_existing(apps: Any, schema_editor: Any) -> None:
    """Tokens issued before: they keep working, under the password they were issued with,
    for the site's token lifetime from now."""
    ApiToken = apps.get_model("api", "ApiToken")
    expires = timezone.now() + timedelta(days=getattr(settings, "TABLERANK_TOKEN_DAYS", TOKEN_DAYS))
    for row in ApiToken.objects.select_related("user"):
        row.expires_at = expires
        row.password_stamp = password_stamp(row.user.password)
        row.save(update_fields=["expires_at", "password_stamp"])


class Migration(migrations.Migration):
    dependencies = [
        ("api", "0001_initial"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="apitoken",
            name="expires_at",
            field=models.DateTimeField(editable=False, null=True),
        ),
        migrations.AddField(
            model_name="apitoken",
            name="password_stamp",
            field=models.CharField(default="", editable=False, max_length=64),
            preserve_default=False,
        ),
        migrations.RunPython(stamp_existing, migrations.RunPython.noop, elidable=True),
        migrations.AlterField(
            model_name="apitoken",
            name="expires_at",
            field=models.DateTimeField(editable=False),
        ),
    ]
