"""Erasing a player (issue 47, point 2): at the person's request their name
leaves every evening of the hall, the season, the exports, the self
check-in entries and the logs, even when the register lost track of their
old evenings (the player was removed, then the door met the name again),
and the organizer is told truly how many evenings changed."""

import datetime
import io
import json
import re
import sqlite3
from decimal import Decimal

import pytest
from django.contrib.admin.models import LogEntry
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.urls import reverse

from cardnight.database import sqlite_pragmas
from scoring.exchange import export_evening_data
from scoring.season import season
from scoring.services.extras import set_fifty_fifty
from tables import services
from tables.models import CheckinEntry, Couple, Evening, Hall, Player, Receipt, ResultChange
from tables.names import couple_digest, fold_name, replace_name
from tables.services import register
from tests.scoring.conftest import finish, punch_counts
from tests.tables.conftest import play_game, seatings

pytestmark = pytest.mark.django_db

NAME = "Oonagh Zwicker"
TRACES = re.compile(r"oonagh|zwicker", re.IGNORECASE)


def new_evening(hall, day, **fields) -> Evening:
    return Evening.objects.create(
        hall=hall,
        name=f"Friday {day}",
        slug=f"friday-{hall.pk}-{day}",
        date=datetime.date(2026, 11, day),
        published=True,
        **fields,
    )


def played_and_corrected(hall, organizer) -> Evening:
    """Two games played and finished, with Oonagh on couple 1; then a result
    corrected with a reason that names her, the 50/50 won by her and her
    couple marked paid after the evening (an organizer's logged change)."""
    evening = new_evening(hall, 6, games=2, fifty_fifty=True)
    names = [(NAME, "Frank Doucet"), ("Mary Rose", "Angus Beaton")]
    names += [("Effie Samson", "Joe Gillis"), ("Rita Boudreau", "Leo Poirier")]
    for first, second in names:
        services.register_couple(evening, first, second)
    services.start_evening(evening, seed=1)
    play_game(evening)
    services.advance(evening, from_game=1)
    play_game(evening)
    services.finish_evening(evening, user=organizer)
    table = next(s for s in seatings(evening, 1) if 1 in (s.couple_a.number, s.couple_b.number))
    loser = table.couple_b if table.winner == table.couple_a else table.couple_a
    services.correct_result(
        evening,
        1,
        table.table.number,
        loser.number,
        reason=f"{NAME}'s table tapped the wrong couple",
        user=organizer,
    )
    set_fifty_fifty(evening, Decimal("40"), "41", NAME.upper())
    services.set_paid(evening.couples.get(number=1), True, user=organizer)
    return evening


def key_for(html: str, entry) -> str:
    """The request id the door's page gives an entry's confirm button."""
    block = html.split(f'id="checkin-{entry.pk}"', 1)[1]
    return re.search(r'name="request_id" value="([^"]+)"', block).group(1)


def checked_in_again(hall, organizer_client) -> Evening:
    """A later evening: the couple types the name again on a phone (spelt
    otherwise) and the door confirms it, then the evening is played."""
    Hall.objects.filter(pk=hall.pk).update(self_checkin=True)
    evening = new_evening(hall, 13)
    phone = Client()
    phone.post(
        reverse("checkin", args=[evening.checkin_token]),
        {"player1": "oonagh  ZWICKER", "player2": "Frank Doucet"},
    )
    entry = CheckinEntry.objects.get(evening=evening)
    door = organizer_client.get(reverse("door", args=[evening.slug])).content.decode()
    confirmed = organizer_client.post(
        reverse("checkin-confirm", args=[evening.slug, entry.pk]),
        {"request_id": key_for(door, entry)},
    )
    assert confirmed.status_code == 302
    other = services.register_couple(evening, "Mary Rose", "Angus Beaton")
    punch_counts(evening, [Couple.objects.get(evening=evening, number=1), other], [14, 11])
    return finish(evening)


def erase(organizer_client, hall, player):
    """The organizer's Erase, followed to the Players page: its text."""
    url = reverse("player-erase", args=[hall.pk, player.pk])
    response = organizer_client.post(url, follow=True)
    assert response.status_code == 200
    return response.content.decode()


def pages(client, hall, evenings) -> dict[str, str]:
    """Every page that shows the evenings' names, public and organizer's."""
    frank = Player.objects.get(hall=hall, folded="frankdoucet")
    urls = [
        reverse("season", args=[hall.pk]),
        reverse("season-player", args=[hall.pk, frank.pk]),
        reverse("players", args=[hall.pk]),
        reverse("hall-page", args=[hall.slug]),
    ]
    for evening in evenings:
        urls += [
            reverse("standings", args=[evening.slug]),
            reverse("prizes", args=[evening.slug]),
            reverse("board", args=[evening.slug]),
            reverse("board-json", args=[evening.slug]),
        ]
    shown = {}
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        shown[url] = response.content.decode()
    return shown


def test_erase_after_remove_and_a_new_check_in_leaves_the_name_nowhere(
    hall, organizer, organizer_client
):
    first = played_and_corrected(hall, organizer)
    # The organizer removes her from the register: her first evening keeps
    # the name typed, with no link to any record.
    old = Player.objects.get(hall=hall, folded="oonaghzwicker")
    organizer_client.post(reverse("player-remove", args=[hall.pk, old.pk]))
    # She comes back: the door registers the name again (a new record).
    second = checked_in_again(hall, organizer_client)
    before = pages(organizer_client, hall, [first, second])
    assert all(TRACES.search(text) for url, text in before.items() if "players" not in url)
    versions = dict(Evening.objects.values_list("pk", "version"))
    # The door kept the confirm request by a digest of the two names typed.
    kept = Receipt.objects.filter(request="couple " + couple_digest(NAME, "Frank Doucet"))
    assert kept.exists()

    shown = erase(organizer_client, hall, Player.objects.get(hall=hall, folded="oonaghzwicker"))

    assert "their name is removed from 2 evenings." in shown
    assert not TRACES.search(shown)
    # Every evening that held the name is marked changed, so phones see it.
    assert all(
        version > versions[pk] for pk, version in Evening.objects.values_list("pk", "version")
    )
    # The rows: couples, check-in entries, the 50/50, corrections, the log.
    assert Couple.objects.filter(player1="(name removed)").count() == 2
    assert not [c for c in Couple.objects.all() if TRACES.search(c.names)]
    entry = CheckinEntry.objects.get()
    assert (entry.player1, entry.player2) == ("(name removed)", "Frank Doucet")
    assert entry.couple is not None  # still the registered entry it was
    assert entry.device == ""  # the phone it came from no longer finds it
    assert not kept.exists()
    assert Receipt.objects.filter(
        request="couple " + couple_digest("(name removed)", "Frank Doucet")
    ).exists()
    assert Evening.objects.get(pk=first.pk).fifty_fifty_winner == "(name removed)"
    reasons = list(ResultChange.objects.exclude(reason="").values_list("reason", flat=True))
    assert reasons == ["(name removed)'s table tapped the wrong couple"]
    logs = LogEntry.objects.values_list("object_repr", "change_message")
    assert logs and not [log for log in logs if TRACES.search(" ".join(log))]
    assert not Player.objects.filter(folded="oonaghzwicker").exists()
    # The results stay: Frank keeps his two evenings and his games.
    frank = {row.names: row for row in season(hall).players}["Frank Doucet"]
    assert frank.evenings == 2
    # Nothing shows it: the pages, public and private, and the JSON export.
    for url, text in pages(organizer_client, hall, [first, second]).items():
        assert not TRACES.search(text), url
    for evening in (first, second):
        exported = json.dumps(export_evening_data(evening), ensure_ascii=False)
        assert not TRACES.search(exported)
        assert "(name removed)" in exported
    # Nor does a dump of the database taken afterwards.
    dump = io.StringIO()
    call_command("dumpdata", stdout=dump)
    assert "Frank Doucet" in dump.getvalue()
    assert not TRACES.search(dump.getvalue())
    if connection.vendor == "sqlite":
        connection.ensure_connection()
        lines = "\n".join(connection.connection.iterdump())
        assert "Frank Doucet" in lines and not TRACES.search(lines)
        # Nor the database's pages (what a backup copies), free space included.
        image = connection.connection.serialize().decode("latin-1")
        assert "Frank Doucet" in image and not TRACES.search(image)


def test_the_message_counts_the_evenings_with_the_right_plural(hall, organizer_client, organizer):
    evening = new_evening(hall, 6)
    couple = services.register_couple(evening, NAME, "Frank Doucet")
    shown = erase(organizer_client, hall, couple.person1)
    assert "their name is removed from 1 evening." in shown
    # In French too (French counts 0 and 1 as one).
    couple = services.register_couple(evening, "Ann Gillis", "Joe Gillis")
    organizer_client.cookies["django_language"] = "fr"
    shown = erase(organizer_client, hall, couple.person1)
    assert "son nom est effacé de 1 soirée." in shown
    log = LogEntry.objects.latest("action_time").change_message
    assert log == "Joueurs : le nom d'un joueur effacé de 1 soirée, à sa demande"


def test_a_waiting_check_in_entry_with_the_name_is_deleted(hall, organizer_client):
    Hall.objects.filter(pk=hall.pk).update(self_checkin=True)
    played = new_evening(hall, 6)
    couple = services.register_couple(played, NAME, "Frank Doucet")
    tonight = new_evening(hall, 13)
    Client().post(
        reverse("checkin", args=[tonight.checkin_token]),
        {"player1": "Frank Doucet", "player2": "Oonagh Zwicker"},
    )
    Client().post(
        reverse("checkin", args=[tonight.checkin_token]),
        {"player1": "Mary Rose", "player2": "Angus Beaton"},
    )
    shown = erase(organizer_client, hall, couple.person1)
    assert "their name is removed from 2 evenings." in shown
    assert list(CheckinEntry.objects.values_list("player1", flat=True)) == ["Mary Rose"]


def test_the_season_does_not_make_one_person_of_erased_names(hall, organizer_client):
    """Two people erased on two evenings are neither one player nor one
    pair in the season, and nobody's usual partner."""
    first = new_evening(hall, 6)
    a = services.register_couple(first, NAME, "Frank Doucet")
    b = services.register_couple(first, "Ann Gillis", "Joe Gillis")
    punch_counts(first, [a, b], [10, 12])
    finish(first)
    second = new_evening(hall, 13)
    c = services.register_couple(second, "Ann Gillis", "Frank Doucet")
    d = services.register_couple(second, "Mary Rose", "Joe Gillis")
    punch_counts(second, [c, d], [9, 7])
    finish(second)
    erase(organizer_client, hall, a.person1)
    erase(organizer_client, hall, c.person1)
    table = season(hall)
    players = {row.names: row for row in table.players}
    assert "(name removed)" not in players
    assert set(players) == {"Frank Doucet", "Joe Gillis", "Mary Rose"}
    assert players["Frank Doucet"].partner == ""
    erased_pairs = [row for row in table.rows if "(name removed)" in row.names]
    assert sorted(row.evenings for row in erased_pairs) == [1, 1, 1]
    # A couple made later with the marker as a name (an evening imported from
    # an export, a rename at the door) gives the register no such player.
    assert register.records_for(hall, ["(name removed)", "(nom effacé)"]) == [None, None]
    assert not Player.objects.filter(folded=fold_name("(name removed)")).exists()


def test_erasing_leaves_another_halls_same_name_alone(hall, organizer_client, organizer):
    other = Hall.objects.create(name="Legion Branch 12")
    theirs = new_evening(other, 6)
    kept = services.register_couple(theirs, NAME, "Someone Else")
    services.set_paid(kept, True, user=organizer)  # not finished: nothing logged
    mine = new_evening(hall, 6)
    couple = services.register_couple(mine, NAME, "Frank Doucet")
    version = Evening.objects.get(pk=theirs.pk).version
    erase(organizer_client, hall, couple.person1)
    kept.refresh_from_db()
    assert kept.player1 == NAME and kept.person1 is not None
    assert Evening.objects.get(pk=theirs.pk).version == version


def test_a_name_in_free_text_is_found_by_the_folding_rule():
    keys = {fold_name("Theresa O'Brien")}
    marker = "(name removed)"
    assert replace_name("Theresa O’Brien's table, then THERESA OBRIEN again", keys, marker) == (
        "(name removed)'s table, then (name removed) again"
    )
    assert replace_name("Theresa O'Brien-Smith", keys | {"theresaobriensmith"}, marker) == marker
    assert replace_name("Theresa Obrient", keys, marker) == "Theresa Obrient"  # another word
    assert replace_name("", keys, marker) == ""


def test_sqlite_zeroes_what_is_deleted_so_that_no_backup_copies_it(tmp_path):
    """A backup copies the database's pages, free space included: every
    connection has SQLite overwrite what it deletes (some builds do not by
    default)."""
    raw = sqlite3.connect(tmp_path / "db.sqlite3")
    raw.execute("PRAGMA secure_delete = 0")
    sqlite_pragmas(raw.cursor())
    assert raw.execute("PRAGMA secure_delete").fetchone() == (1,)
    raw.execute("CREATE TABLE t (name TEXT)")
    raw.execute("INSERT INTO t VALUES (?), ('Frank Doucet')", (NAME,))
    raw.execute("UPDATE t SET name = '(name removed)' WHERE name = ?", (NAME,))
    raw.commit()
    image = raw.serialize().decode("latin-1")
    raw.close()
    assert "Frank Doucet" in image and not TRACES.search(image)
