from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0019_league_import_columns"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="preset",
            field=models.CharField(blank=True, default="", max_length=32),
        ),
        migrations.AddField(
            model_name="tournament",
            name="keep_apart",
            field=models.TextField(blank=True, default="", max_length=20000),
        ),
        migrations.AddField(
            model_name="tournament",
            name="drop_winless_after",
            field=models.PositiveSmallIntegerField(default=0),
        ),
    ]
