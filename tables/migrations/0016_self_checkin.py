"""Self check-in (a hall setting, off by default): Hall.self_checkin, each
evening's unguessable check-in link (Evening.checkin_token, filled for the
evenings already there, one fresh token each) and CheckinEntry, a couple's
entry typed on its phone until a volunteer confirms it at the door."""

import secrets

import django.db.models.deletion
import django.utils.timezone
from django.db import migrations, models

import tables.models.evening


def fill_tokens(apps, schema_editor):
    Evening = apps.get_model("tables", "Evening")
    for pk in Evening.objects.values_list("pk", flat=True).iterator():
        Evening.objects.filter(pk=pk).update(checkin_token=secrets.token_urlsafe(24))


class Migration(migrations.Migration):
    dependencies = [
        ("tables", "0015_late_reports_and_phone_results"),
    ]

    operations = [
        migrations.AddField(
            model_name="evening",
            name="checkin_token",
            field=models.CharField(editable=False, max_length=43, null=True),
        ),
        migrations.RunPython(fill_tokens, migrations.RunPython.noop, elidable=True),
        migrations.AlterField(
            model_name="evening",
            name="checkin_token",
            field=models.CharField(
                default=tables.models.evening.new_token, editable=False, max_length=43, unique=True
            ),
        ),
        migrations.AddField(
            model_name="hall",
            name="self_checkin",
            field=models.BooleanField(default=False, verbose_name="self check-in at the door"),
        ),
        migrations.CreateModel(
            name="CheckinEntry",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("player1", models.CharField(max_length=80, verbose_name="first player")),
                ("player2", models.CharField(max_length=80, verbose_name="second player")),
                ("device", models.CharField(max_length=64)),
                ("created_at", models.DateTimeField(default=django.utils.timezone.now)),
                ("confirmed_at", models.DateTimeField(blank=True, null=True)),
                (
                    "couple",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to="tables.couple",
                    ),
                ),
                (
                    "evening",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="checkin_entries",
                        to="tables.evening",
                    ),
                ),
            ],
            options={
                "verbose_name": "self check-in entry",
                "verbose_name_plural": "self check-in entries",
                "ordering": ["created_at", "pk"],
                "indexes": [models.Index(fields=["evening", "device"], name="checkin_by_device")],
            },
        ),
    ]
