"""An evening's date is in the years FIRST_YEAR..LAST_YEAR (a validator,
tables.models.evening.validate_evening_date): the forms and the admin refuse
a date outside them. No column or row changes; an evening already stored
with such a date keeps it until an organizer corrects it."""

from django.db import migrations, models

import tables.models.evening


class Migration(migrations.Migration):
    dependencies = [
        ("tables", "0020_open_late_reports_index"),
    ]

    operations = [
        migrations.AlterField(
            model_name="evening",
            name="date",
            field=models.DateField(
                validators=[tables.models.evening.validate_evening_date], verbose_name="date"
            ),
        ),
    ]
