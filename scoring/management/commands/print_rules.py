"""`python manage.py print_rules SLUG [--output FILE] [--base-url URL]`."""

from scoring.printing.command import PrintCommand


class Command(PrintCommand):
    kind = "rules"
