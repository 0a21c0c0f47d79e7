"""`python manage.py print_results SLUG [--output FILE] [--base-url URL]`."""

from scoring.printing.command import PrintCommand


class Command(PrintCommand):
    kind = "results"
