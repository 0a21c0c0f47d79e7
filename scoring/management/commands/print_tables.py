"""`python manage.py print_tables SLUG [--output FILE] [--base-url URL]`."""

from scoring.printing.command import PrintCommand


class Command(PrintCommand):
    kind = "tables"
