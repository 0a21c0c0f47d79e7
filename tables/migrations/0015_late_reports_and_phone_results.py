"""Late reports from the tables, and results settled by the phones alone.

LateReport: a table's report for a game that was over when it came, kept
for the volunteers (tables/services/tableside.py). Seating.by_phones: the
result stands as the two couples' phones confirmed it; existing results
whose last change in the log was the table's own confirmation get it.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def mark_phone_results(apps, schema_editor):
    Seating = apps.get_model("tables", "Seating")
    ResultChange = apps.get_model("tables", "ResultChange")
    last_kind = {}
    rows = ResultChange.objects.order_by("changed_at", "id").values_list("seating_id", "kind")
    for seating_id, kind in rows.iterator():
        last_kind[seating_id] = kind
    ids = [pk for pk, kind in last_kind.items() if kind == "table"]
    for start in range(0, len(ids), 500):
        Seating.objects.filter(pk__in=ids[start : start + 500], winner__isnull=False).update(
            by_phones=True
        )


class Migration(migrations.Migration):
    dependencies = [
        ("tables", "0014_evening_template"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="seating",
            name="by_phones",
            field=models.BooleanField(default=False),
        ),
        migrations.RunPython(mark_phone_results, migrations.RunPython.noop, elidable=False),
        migrations.CreateModel(
            name="LateReport",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "status",
                    models.CharField(
                        choices=[
                            ("open", "Waiting for an organizer"),
                            ("corrected", "The result was corrected"),
                            ("dismissed", "The recorded result stands"),
                        ],
                        default="open",
                        max_length=10,
                    ),
                ),
                ("device", models.CharField(blank=True, default="", max_length=64)),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                ("resolved_at", models.DateTimeField(blank=True, null=True)),
                ("read_at_table", models.DateTimeField(blank=True, null=True)),
                (
                    "claimed_winner",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="tables.couple",
                    ),
                ),
                (
                    "reporter",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="tables.couple",
                    ),
                ),
                (
                    "resolved_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "seating",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="late_reports",
                        to="tables.seating",
                    ),
                ),
            ],
            options={
                "ordering": ["created_at", "id"],
                "constraints": [
                    models.UniqueConstraint(
                        fields=("seating", "reporter"), name="one_late_report_per_couple"
                    )
                ],
            },
        ),
    ]
