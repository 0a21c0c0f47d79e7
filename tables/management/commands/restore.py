"""Bring back an SQLite backup. Stop the server first."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from cardnight.backup import restore_backup
from cardnight.errors import UserError


class Command(BaseCommand):
    help = "Replace the SQLite database with a backup file (the current one is backed up first)."

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path)

    def handle(self, *args, file: Path, **options):
        try:
            safety = restore_backup(file)
        except UserError as error:
            raise CommandError(error.message) from None
        self.stdout.write(f"Restored {file}.")
        if safety:
            self.stdout.write(f"The database as it was before is kept in {safety}.")
