"""Take an online backup of the SQLite database now."""

from django.core.management.base import BaseCommand, CommandError

from cardnight.backup import take_backup


class Command(BaseCommand):
    help = "Back up the SQLite database to var/backups/ (PostgreSQL: use pg_dump)."

    def add_arguments(self, parser):
        parser.add_argument("--label", default="manual")

    def handle(self, *args, label: str, **options):
        path = take_backup(label)
        if path is None:
            raise CommandError(
                "The database is not an SQLite file: back up PostgreSQL with pg_dump."
            )
        self.stdout.write(str(path))
