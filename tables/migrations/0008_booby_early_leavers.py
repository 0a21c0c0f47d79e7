# Evenings that exist already keep the booby rule they were played under (a
# couple that left early could take it); new evenings follow RULES.md A6.

from django.db import migrations, models

LABEL = "a couple that left early may take the booby prize"


class Migration(migrations.Migration):
    dependencies = [
        ("tables", "0007_table_report_device"),
    ]

    operations = [
        migrations.AddField(
            model_name="evening",
            name="booby_early_leavers",
            field=models.BooleanField(default=True, verbose_name=LABEL),
        ),
        migrations.AlterField(
            model_name="evening",
            name="booby_early_leavers",
            field=models.BooleanField(default=False, verbose_name=LABEL),
        ),
    ]
