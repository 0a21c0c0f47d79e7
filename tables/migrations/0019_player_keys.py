"""The door's look-up keys of every player of the registers (PlayerKey,
tables.search.index_keys), written for the players already there. Undoing
it drops the keys; the register itself is untouched."""

import django.db.models.deletion
from django.db import migrations, models

from tables.search import index_keys


def write_keys(apps, schema_editor):
    Player = apps.get_model("tables", "Player")
    PlayerKey = apps.get_model("tables", "PlayerKey")
    batch = []
    for player in Player.objects.only("pk", "hall_id", "name").iterator():
        batch += [
            PlayerKey(hall_id=player.hall_id, player_id=player.pk, key=key)
            for key in sorted(index_keys(player.name))
        ]
        if len(batch) >= 2000:
            PlayerKey.objects.bulk_create(batch)
            batch = []
    PlayerKey.objects.bulk_create(batch)


class Migration(migrations.Migration):
    dependencies = [
        ("tables", "0018_build_player_register"),
    ]

    operations = [
        migrations.CreateModel(
            name="PlayerKey",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("key", models.CharField(max_length=4)),
                (
                    "hall",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="tables.hall",
                    ),
                ),
                (
                    "player",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="keys",
                        to="tables.player",
                    ),
                ),
            ],
            options={
                "indexes": [models.Index(fields=["hall", "key"], name="player_key_lookup")],
                "constraints": [
                    models.UniqueConstraint(fields=("player", "key"), name="one_key_per_player")
                ],
            },
        ),
        migrations.RunPython(write_keys, migrations.RunPython.noop),
    ]
