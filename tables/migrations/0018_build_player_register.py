"""Build each hall's player register from the evenings it already has, by
the door's careful matching (tables.names): a name that folds to a known
record is that record; a name only close to one gets its own record and a
proposal for the organizer, never a merge. Undoing it empties the register
(the names typed on the evenings never change)."""

from django.db import migrations

from tables.names import fold_name, maybe_same, tidy_name


def build(apps, schema_editor):
    Couple = apps.get_model("tables", "Couple")
    Player = apps.get_model("tables", "Player")
    PlayerProposal = apps.get_model("tables", "PlayerProposal")
    records: dict[tuple[int, str], object] = {}
    by_hall: dict[int, list] = {}
    couples = Couple.objects.select_related("evening").order_by(
        "evening__hall_id", "evening__date", "evening_id", "number"
    )
    for couple in couples.iterator():
        hall_id = couple.evening.hall_id
        links = []
        for typed in (couple.player1, couple.player2):
            key = fold_name(typed)
            if not key:
                links.append(None)
                continue
            record = records.get((hall_id, key))
            if record is None:
                record = Player.objects.create(hall_id=hall_id, name=tidy_name(typed), folded=key)
                known = by_hall.setdefault(hall_id, [])
                PlayerProposal.objects.bulk_create(
                    [
                        PlayerProposal(hall_id=hall_id, player=record, other=other)
                        for other in known
                        if maybe_same(record.name, other.name)
                    ]
                )
                known.append(record)
                records[(hall_id, key)] = record
            links.append(record)
        Couple.objects.filter(pk=couple.pk).update(person1=links[0], person2=links[1])


def empty(apps, schema_editor):
    apps.get_model("tables", "Couple").objects.update(person1=None, person2=None)
    apps.get_model("tables", "PlayerProposal").objects.all().delete()
    apps.get_model("tables", "Player").objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [("tables", "0017_player_register")]

    operations = [migrations.RunPython(build, empty)]
