"""Where is a game tonight (issue 15): the hall's public page and calendar.

Hall: `slug` (filled here from each existing hall's name, unique; left
blank in a form, `Hall.save` makes it from the name), `address`
and `note`. Evening: `start_time` (existing evenings keep no time: unknown;
new ones start at 19:30 by default), `cancelled`, and the calendar feed's
`calendar_sequence` and `calendar_updated_at`.
"""

import datetime

import django.utils.timezone
from django.db import migrations, models
from django.utils.text import slugify

MAX_SLUG = 60


def fill_hall_slugs(apps, schema_editor):
    """Each existing hall gets a unique slug from its name (oldest first)."""
    Hall = apps.get_model("tables", "Hall")
    taken = set()
    for hall in Hall.objects.order_by("pk"):
        base = slugify(hall.name)[: MAX_SLUG - 4].strip("-") or "hall"
        slug, n = base, 2
        while slug in taken:
            slug, n = f"{base}-{n}", n + 1
        taken.add(slug)
        hall.slug = slug
        hall.save(update_fields=["slug"])


class Migration(migrations.Migration):
    dependencies = [
        ("tables", "0012_membership"),
    ]

    operations = [
        migrations.AddField(
            model_name="hall",
            name="slug",
            # No index yet: the unique one comes with the AlterField below (an
            # index here would clash with it on PostgreSQL's "_like" index).
            field=models.SlugField(
                db_index=False, max_length=MAX_SLUG, null=True, verbose_name="short name for links"
            ),
        ),
        migrations.RunPython(fill_hall_slugs, migrations.RunPython.noop, elidable=False),
        migrations.AlterField(
            model_name="hall",
            name="slug",
            field=models.SlugField(
                blank=True, max_length=MAX_SLUG, unique=True, verbose_name="short name for links"
            ),
        ),
        migrations.AddField(
            model_name="hall",
            name="address",
            field=models.CharField(blank=True, max_length=200, verbose_name="street address"),
        ),
        migrations.AddField(
            model_name="hall",
            name="note",
            field=models.CharField(blank=True, max_length=200, verbose_name="note for players"),
        ),
        # Existing evenings: no start time (nobody said); new ones: 19:30.
        migrations.AddField(
            model_name="evening",
            name="start_time",
            field=models.TimeField(blank=True, null=True, verbose_name="start time"),
        ),
        migrations.AlterField(
            model_name="evening",
            name="start_time",
            field=models.TimeField(
                blank=True,
                default=datetime.time(19, 30),
                null=True,
                verbose_name="start time",
            ),
        ),
        migrations.AddField(
            model_name="evening",
            name="cancelled",
            field=models.BooleanField(default=False, verbose_name="cancelled"),
        ),
        migrations.AddField(
            model_name="evening",
            name="calendar_sequence",
            field=models.PositiveIntegerField(default=0, editable=False),
        ),
        migrations.AddField(
            model_name="evening",
            name="calendar_updated_at",
            field=models.DateTimeField(default=django.utils.timezone.now, editable=False),
        ),
    ]
