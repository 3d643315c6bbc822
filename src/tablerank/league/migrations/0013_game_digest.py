"""Keep each game's content digest (`same_content.game_digest`), so that importing a file again
compares digests instead of reading every game back. Nullable, so the column is added in place
(no copy of the table on SQLite); games stored before it keep null and are compared by reading
them back."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("league", "0012_lean_indexes")]

    operations = [
        migrations.AddField(
            model_name="gamerecord",
            name="digest",
            field=models.BinaryField(editable=False, null=True),
        ),
    ]
