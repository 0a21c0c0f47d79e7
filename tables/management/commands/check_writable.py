"""Refuse to start on a database that cannot be written (`make run` runs
this first): better a clear message at the laptop than a site that cannot
save a single result."""

import os

from django.core.management.base import BaseCommand, CommandError

from cardnight.backup import sqlite_path
from cardnight.database import write_problem


class Command(BaseCommand):
    help = "Check that the database (and, for SQLite, its folder) can be written."

    def handle(self, *args, **options):
        path = sqlite_path()
        if path is not None and not os.access(path.parent, os.W_OK):
            raise CommandError(
                f"CardNight cannot write in {path.parent}: the database's folder is read-only. "
                "Give the user running CardNight write access to it (or free disk space), "
                "then run `make run` again."
            )
        problem = write_problem()
        if problem:
            where = f" ({path})" if path else ""
            raise CommandError(
                f"CardNight cannot write to its database{where}: {problem}. Check the disk "
                "space and the file's permissions (the user running CardNight must own it), "
                "then run `make run` again."
            )
        if options["verbosity"] > 1:
            self.stdout.write("The database can be written.")
