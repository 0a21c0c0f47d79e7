"""Migrations are reversible: down to zero and up again, on a real database file."""

from tests.support.hall import manage, server_env
from tests.support.source import literal


def test_every_migration_can_be_undone_and_redone(tmp_path):
    env = server_env(tmp_path)  # SQLite in tmp_path
    for args in (
        ["migrate"],
        ["migrate", "scoring", "zero"],
        ["migrate", "tables", "zero"],
        ["migrate"],
        ["migrate", "--check"],
    ):
        manage(env, *args, "--noinput", "-v0")


BEFORE_HALLS = """
from django.contrib.auth.models import Group, User
from django.db import connection
for name in ("organizers", "volunteers"):
    Group.objects.get_or_create(name=name)
User.objects.create_user("olive").groups.add(Group.objects.get(name="organizers"))
User.objects.create_user("vince").groups.add(Group.objects.get(name="volunteers"))
User.objects.create_user("both").groups.add(*Group.objects.all())
User.objects.create_user("oscar")
with connection.cursor() as cursor:
    for name in ("St. Joseph's", "Legion"):
        cursor.execute(
            "INSERT INTO tables_hall (name, paper_size, privacy, phone_address, created_at)"
            " VALUES (%s, 'letter', 'full', '', CURRENT_TIMESTAMP)", [name])
"""

ROLES = """
from django.db import connection
with connection.cursor() as cursor:
    cursor.execute(
        "SELECT u.username, h.name, m.role FROM tables_membership m"
        " JOIN auth_user u ON u.id = m.user_id JOIN tables_hall h ON h.id = m.hall_id"
        " ORDER BY 1, 2")
    print(sorted(cursor.fetchall()))
"""

GROUPS = """
from django.contrib.auth.models import User
print(sorted((u.username, g.name) for u in User.objects.all() for g in u.groups.all()))
"""


def test_upgrading_gives_todays_organizers_and_volunteers_their_role_in_every_hall(tmp_path):
    """Issue 15: a one-hall laptop works as it did after the upgrade."""
    env = server_env(tmp_path)
    manage(env, "migrate", "tables", "0011", "--noinput", "-v0")
    manage(env, "migrate", "auth", "--noinput", "-v0")
    manage(env, "shell", "--no-imports", "-c", BEFORE_HALLS)
    manage(env, "migrate", "tables", "0012", "--noinput", "-v0")
    roles = manage(env, "shell", "--no-imports", "-c", ROLES).strip().splitlines()[-1]
    assert roles == str(
        sorted(
            [
                ("both", "Legion", "organizer"),
                ("both", "St. Joseph's", "organizer"),
                ("olive", "Legion", "organizer"),
                ("olive", "St. Joseph's", "organizer"),
                ("vince", "Legion", "volunteer"),
                ("vince", "St. Joseph's", "volunteer"),
            ]
        )
    )
    # And back: the roles become the groups again.
    manage(env, "shell", "--no-imports", "-c",
           "from django.contrib.auth.models import User; User.objects.get(username='vince')"
           ".groups.clear()")  # fmt: skip
    manage(env, "migrate", "tables", "0011", "--noinput", "-v0")
    groups = manage(env, "shell", "--no-imports", "-c", GROUPS).strip().splitlines()[-1]
    assert ("vince", "volunteers") in literal(groups)
    assert ("olive", "organizers") in literal(groups)


# Rows written before an upgrade are written with the models AS MIGRATED then
# (the historical models Django keeps for each migration), not today's: a
# column a later migration adds is not in the database yet. (They have no
# methods: a hall's slug is given.)
AS_MIGRATED = """
from django.db import connection
from django.db.migrations.loader import MigrationLoader
loader = MigrationLoader(connection)
models_then = loader.project_state(list(loader.applied_migrations)).apps
Couple, Evening, Hall = (
    models_then.get_model("tables", name) for name in ("Couple", "Evening", "Hall")
)
"""

BEFORE_REGISTER = (
    AS_MIGRATED
    + """
import datetime
hall = Hall.objects.create(name="St. Joseph's", slug="st-josephs")
other = Hall.objects.create(name="Legion", slug="legion")
nights = [
    (hall, 6, [("Theresa O'Brien", "Frank O'Brien"), ("Ann MacNeil", "Joe")]),
    (hall, 13, [("theresa obrien", "FRANK OBRIEN"), ("Ann MacNeill", "Joe")]),
    (other, 13, [("Theresa O'Brien", "Rita")]),
]
for where, day, couples in nights:
    evening = Evening.objects.create(
        hall=where, name=f"Night {day}", slug=f"{where.pk}-night-{day}",
        date=datetime.date(2026, 11, day))
    for n, (a, b) in enumerate(couples, start=1):
        Couple.objects.create(evening=evening, number=n, player1=a, player2=b)
"""
)

# Read by columns, not whole rows: the models of today have columns a later
# migration adds.
REGISTER = """
from tables.models import Couple, Player, PlayerProposal
print(sorted(Player.objects.values_list("hall__name", "name", "merged_into_id")))
print(sorted(PlayerProposal.objects.values_list("player__name", "other__name", "dismissed")))
print(sorted(Couple.objects.values_list("player1", "person1__name")))
"""


def test_upgrading_builds_each_halls_register_by_the_careful_matching(tmp_path):
    """The same person's spellings become one record; a near spelling is a
    proposal, not a merge; halls do not share players; undoing empties it."""
    env = server_env(tmp_path)
    manage(env, "migrate", "--noinput", "-v0")
    manage(env, "migrate", "tables", "0017", "--noinput", "-v0")
    manage(env, "shell", "--no-imports", "-c", BEFORE_REGISTER)
    manage(env, "migrate", "tables", "0018", "--noinput", "-v0")
    players, proposals, links = (
        literal(line)
        for line in manage(env, "shell", "--no-imports", "-c", REGISTER).strip().splitlines()[-3:]
    )
    assert players == sorted(
        [
            ("St. Joseph's", "Theresa O'Brien", None),
            ("St. Joseph's", "Frank O'Brien", None),
            ("St. Joseph's", "Ann MacNeil", None),
            ("St. Joseph's", "Ann MacNeill", None),
            ("St. Joseph's", "Joe", None),
            ("Legion", "Theresa O'Brien", None),
            ("Legion", "Rita", None),
        ]
    )
    assert proposals == [("Ann MacNeill", "Ann MacNeil", False)]
    # The names typed each night stay; both spellings point at one record.
    assert ("theresa obrien", "Theresa O'Brien") in links
    assert ("Theresa O'Brien", "Theresa O'Brien") in links
    assert ("Ann MacNeill", "Ann MacNeill") in links

    manage(env, "migrate", "tables", "0017", "--noinput", "-v0")
    players, proposals, links = (
        literal(line)
        for line in manage(env, "shell", "--no-imports", "-c", REGISTER).strip().splitlines()[-3:]
    )
    assert players == [] and proposals == []
    assert ("theresa obrien", None) in links


KEYS = """
from tables.models import Evening, Player, PlayerKey
from tables.suggestions import suggest
from tables.search import index_keys
print(all(set(p.keys.values_list("key", flat=True)) == index_keys(p.name)
          for p in Player.objects.only("pk", "name")))
evening = (  # the columns it had then
    Evening.objects.only("pk", "hall", "date", "status", "current_game")
    .filter(hall__name="St. Joseph's").order_by("date").last()
)
print([(s.player1, s.player2) for s in suggest(evening, "obr").couples])
"""


def test_upgrading_writes_the_doors_keys_of_every_player_and_undoing_drops_them(tmp_path):
    env = server_env(tmp_path)
    manage(env, "migrate", "--noinput", "-v0")
    manage(env, "migrate", "tables", "0017", "--noinput", "-v0")
    manage(env, "shell", "--no-imports", "-c", BEFORE_REGISTER)
    manage(env, "migrate", "tables", "0018", "--noinput", "-v0")  # the register, no keys yet
    manage(env, "migrate", "tables", "0019", "--noinput", "-v0")
    every, couples = (
        literal(line)
        for line in manage(env, "shell", "--no-imports", "-c", KEYS).strip().splitlines()[-2:]
    )
    assert every is True
    assert couples == [("Theresa O'Brien", "Frank O'Brien")]
    manage(env, "migrate", "tables", "0018", "--noinput", "-v0")
    tables = manage(
        env, "shell", "--no-imports", "-c",
        "from django.db import connection; print(connection.introspection.table_names())",
    )  # fmt: skip
    assert "tables_playerkey" not in tables and "tables_player" in tables


BEFORE_SPELLINGS = (
    AS_MIGRATED
    + """
import datetime
hall = Hall.objects.create(name="St. Joseph's", slug="st-josephs")
nights = [
    (6, [("LÉO CHIASSON", "Rita Boudreau"), ("ANN MACNEIL", "Joe")]),
    (13, [("Léo Chiasson", "rita boudreau"), ("ANN MACNEIL", "Joe")]),
    (20, [("Léo Chiasson", "Rita Boudreau")]),
]
for day, couples in nights:
    evening = Evening.objects.create(
        hall=hall, name=f"Night {day}", slug=f"night-{day}", date=datetime.date(2026, 11, day))
    for n, (a, b) in enumerate(couples, start=1):
        Couple.objects.create(evening=evening, number=n, player1=a, player2=b)
"""
)

# An organizer fixed ANN MACNEIL's capitals before the upgrade (logged, as
# register.rename_player logs it, by record number).
SPELT_BEFORE = """
from django.contrib.admin.models import CHANGE, LogEntry
from django.contrib.auth.models import User
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from tables.models import Hall
hall = Hall.objects.only("pk", "name").get()  # the columns it had then
with connection.cursor() as cursor:
    cursor.execute("UPDATE tables_player SET name = 'Ann MacNeil' WHERE folded = 'annmacneil'")
    cursor.execute("SELECT id FROM tables_player WHERE folded = 'annmacneil'")
    (record,) = cursor.fetchone()
LogEntry.objects.create(
    user=User.objects.create_user("olive"), content_type=ContentType.objects.get_for_model(Hall),
    object_id=str(hall.pk), object_repr=hall.name, action_flag=CHANGE,
    change_message=f"Players: record {record} spelt anew")
"""

SPELLINGS = """
from tables.models import Evening, Player
from tables.search import index_keys
from tables.suggestions import suggest
print(sorted((p.name, p.spelling_chosen) for p in Player.objects.all()))
print(all(set(p.keys.values_list("key", flat=True)) == index_keys(p.name)
          for p in Player.objects.all()))
tonight = Evening.objects.only("pk", "hall", "date", "status", "current_game").get(
    slug="night-20"
)  # the columns it had then
print([(s.player1, s.player2) for s in suggest(tonight, "leo").couples])
"""


def test_upgrading_names_each_player_by_the_spelling_typed_most_often(tmp_path):
    """Issue 47: migration 0018 kept the first spelling ever typed."""
    env = server_env(tmp_path)
    manage(env, "migrate", "--noinput", "-v0")
    manage(env, "migrate", "tables", "0017", "--noinput", "-v0")
    manage(env, "shell", "--no-imports", "-c", BEFORE_SPELLINGS)
    manage(env, "migrate", "tables", "0021", "--noinput", "-v0")
    manage(env, "shell", "--no-imports", "-c", SPELT_BEFORE)
    manage(env, "migrate", "tables", "0022", "--noinput", "-v0")
    names, keys, offered = (
        literal(line)
        for line in manage(env, "shell", "--no-imports", "-c", SPELLINGS).strip().splitlines()[-3:]
    )
    assert names == sorted(
        [
            ("Léo Chiasson", False),
            ("Rita Boudreau", False),  # two to one
            ("Ann MacNeil", True),  # the organizer's, over ANN MACNEIL twice
            ("Joe", False),
        ]
    )
    assert keys is True
    assert offered == [("Léo Chiasson", "Rita Boudreau")]


BEFORE_TYPOS = (
    AS_MIGRATED
    + """
import datetime
hall = Hall.objects.create(name="St. Joseph's", slug="st-josephs")
nights = [
    (6, [("Annie Rankin", "Bob Rankin"), ("Theresa O'Brien", "Frank")]),
    (13, [("nie Rankin", "Bob Rankin"), ("Teresa OBrien", "Frank")]),
]
for day, couples in nights:
    evening = Evening.objects.create(
        hall=hall, name=f"Night {day}", slug=f"night-{day}", date=datetime.date(2026, 11, day))
    for n, (a, b) in enumerate(couples, start=1):
        Couple.objects.create(evening=evening, number=n, player1=a, player2=b)
"""
)

# Before the upgrade, Edit at the door fixed "nie Rankin" (its record stayed,
# used by no couple); Teresa OBrien was merged into Theresa O'Brien, whose
# one couple was then renamed Rita (the person stays, named by the record
# merged into).
FIXED_BEFORE = """
from django.db import connection
with connection.cursor() as cursor:
    cursor.execute("SELECT folded, id FROM tables_player")
    ids = dict(cursor.fetchall())
    cursor.execute("INSERT INTO tables_player (hall_id, name, folded, uid, spelling_chosen,"
                   " created_at) SELECT hall_id, 'Rita', 'rita', %s, FALSE, created_at"
                   " FROM tables_player WHERE id = %s", ["a1b2c3d4" * 4, ids["annierankin"]])
    cursor.execute("SELECT id FROM tables_player WHERE folded = 'rita'")
    (rita,) = cursor.fetchone()
    cursor.execute("UPDATE tables_couple SET player1 = 'Annie Rankin', person1_id = %s"
                   " WHERE player1 = 'nie Rankin'", [ids["annierankin"]])
    cursor.execute("UPDATE tables_player SET merged_into_id = %s WHERE id = %s",
                   [ids["theresaobrien"], ids["teresaobrien"]])
    cursor.execute("DELETE FROM tables_playerproposal WHERE player_id = %s",
                   [ids["teresaobrien"]])  # settled by the merge
    cursor.execute("UPDATE tables_couple SET player1 = 'Rita', person1_id = %s"
                   " WHERE player1 = %s", [rita, "Theresa O'Brien"])
"""

TYPOS = """
from tables.models import Player, PlayerProposal
print(sorted(Player.objects.values_list("name", flat=True)))
print(sorted(PlayerProposal.objects.values_list("player__name", "other__name")))
"""


def test_upgrading_drops_the_records_no_evening_uses(tmp_path):
    """Issue 48, point 4: a typo fixed at the door stayed in the register."""
    env = server_env(tmp_path)
    manage(env, "migrate", "--noinput", "-v0")
    manage(env, "migrate", "tables", "0017", "--noinput", "-v0")
    manage(env, "shell", "--no-imports", "-c", BEFORE_TYPOS)
    manage(env, "migrate", "tables", "0024", "--noinput", "-v0")
    manage(env, "shell", "--no-imports", "-c", FIXED_BEFORE)
    before, proposals = (
        literal(line)
        for line in manage(env, "shell", "--no-imports", "-c", TYPOS).strip().splitlines()[-2:]
    )
    assert "nie Rankin" in before and ("nie Rankin", "Annie Rankin") in proposals
    manage(env, "migrate", "tables", "0025", "--noinput", "-v0")
    after, proposals = (
        literal(line)
        for line in manage(env, "shell", "--no-imports", "-c", TYPOS).strip().splitlines()[-2:]
    )
    assert after == sorted(
        ["Annie Rankin", "Bob Rankin", "Frank", "Rita", "Theresa O'Brien", "Teresa OBrien"]
    )
    assert proposals == []
    manage(env, "migrate", "tables", "0024", "--noinput", "-v0")  # undone: nothing comes back
