"""Each record of the player register is named by the spelling typed most
often on its couples, a tie going to the latest (tables.names.usual_spelling),
instead of the first ever typed that migration 0018 kept ("LÉO CHIASSON" in
capitals, typed once years ago). A spelling an organizer fixed is kept and
marked (`Player.spelling_chosen`): one logged as "spelt anew" in the hall's
history (English or French), or one that is another record's spelling.
Undoing it drops the mark; the names stay as they are."""

import re

from django.db import migrations, models
from django.db.models import Q

from tables.names import fold_name, usual_spelling
from tables.search import index_keys

# "Players: record %(n)s spelt anew", as the organizer's language logged it.
_SPELT = [
    re.compile(r"^Players: record (\d+) spelt anew$"),
    re.compile(r"^Joueurs : orthographe de la fiche (\d+) corrigée$"),
]


def _fixed_by_an_organizer(apps) -> set[int]:
    LogEntry = apps.get_model("admin", "LogEntry")
    found = set()
    entries = LogEntry.objects.filter(
        Q(change_message__contains="spelt anew") | Q(change_message__contains="orthographe")
    )
    for message in entries.values_list("change_message", flat=True).iterator():
        for pattern in _SPELT:
            match = pattern.match(message.replace("\u00a0", " ").strip())
            if match:
                found.add(int(match[1]))
    return found


def respell(apps, schema_editor):
    Couple = apps.get_model("tables", "Couple")
    Player = apps.get_model("tables", "Player")
    PlayerKey = apps.get_model("tables", "PlayerKey")
    typed: dict[int, list] = {}
    rows = Couple.objects.filter(Q(person1__isnull=False) | Q(person2__isnull=False))
    for pk, date, first, person1, second, person2 in rows.values_list(
        "pk", "evening__date", "player1", "person1_id", "player2", "person2_id"
    ).iterator():
        for name, record in ((first, person1), (second, person2)):
            if record is not None:
                typed.setdefault(record, []).append((name, (date, pk)))
    fixed = _fixed_by_an_organizer(apps)
    chosen = []
    for player in Player.objects.only("pk", "hall_id", "name", "folded").iterator():
        if player.pk in fixed or fold_name(player.name) != player.folded:
            chosen.append(player.pk)
            continue
        name = usual_spelling(typed.get(player.pk, []), player.folded)
        if name and name != player.name:
            Player.objects.filter(pk=player.pk).update(name=name)
            PlayerKey.objects.filter(player_id=player.pk).delete()
            PlayerKey.objects.bulk_create(
                PlayerKey(hall_id=player.hall_id, player_id=player.pk, key=key)
                for key in sorted(index_keys(name))
            )
    for start in range(0, len(chosen), 500):
        Player.objects.filter(pk__in=chosen[start : start + 500]).update(spelling_chosen=True)


class Migration(migrations.Migration):
    dependencies = [
        ("admin", "0003_logentry_add_action_flag_choices"),
        ("tables", "0021_evening_date_in_range"),
    ]

    operations = [
        migrations.AddField(
            model_name="player",
            name="spelling_chosen",
            field=models.BooleanField(default=False, editable=False),
        ),
        migrations.RunPython(respell, migrations.RunPython.noop),
    ]
