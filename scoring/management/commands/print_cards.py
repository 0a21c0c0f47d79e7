"""`python manage.py print_cards SLUG [--output FILE] [--base-url URL] [--blank N]`."""

from scoring.printing.command import PrintCommand


class Command(PrintCommand):
    kind = "cards"
