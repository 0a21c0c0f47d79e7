"""An index of the open late reports only (LateReport.Meta.indexes): the
game screen asks for an evening's open ones on every visit, and without it
SQLite walked every table of every game played to find them. Undoing it
drops the index; no row changes."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tables", "0019_player_keys"),
    ]

    operations = [
        migrations.AddIndex(
            model_name="latereport",
            index=models.Index(
                condition=models.Q(("status", "open")), fields=["status"], name="open_late_reports"
            ),
        ),
    ]
