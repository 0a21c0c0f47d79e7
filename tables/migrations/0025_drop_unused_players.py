"""A record of the register that no couple uses any more leaves it
(issue 48, point 4): the door kept the record of a typo fixed with Edit, a
player with no evening, proposed as "maybe the same person" for good. From
now on the door drops such a record itself (tables.services.register.
drop_unused); this drops the ones left before. A record another spelling of
the person is merged into stays while that one is used. Undoing it brings
nothing back (the records named nobody any evening shows)."""

from django.db import migrations


def drop_unused(apps, schema_editor):
    Couple = apps.get_model("tables", "Couple")
    Player = apps.get_model("tables", "Player")
    used = set()
    for pair in Couple.objects.values_list("person1_id", "person2_id").iterator():
        used.update(pair)
    records = dict(Player.objects.values_list("pk", "merged_into_id").iterator())
    unused = {pk for pk in records if pk not in used}
    kept_mains = {main for pk, main in records.items() if main and pk not in unused}
    gone = sorted(unused - kept_mains)
    for start in range(0, len(gone), 500):
        Player.objects.filter(pk__in=gone[start : start + 500]).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("tables", "0024_hall_books"),
    ]

    operations = [
        migrations.RunPython(drop_unused, migrations.RunPython.noop),
    ]
