"""Create an evening from a JSON file written by export_evening (or by hand)."""

import json
import sys
from decimal import Decimal

from django.core.management.base import BaseCommand, CommandError

from scoring.exchange import ImportProblem, import_evening_data


class Command(BaseCommand):
    help = (
        "Create an evening from FILE (JSON, format cardnight-evening version 1) and print "
        "its slug. A bad file is refused with the field and the problem; nothing is created."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="the JSON file (- for standard input)")
        parser.add_argument(
            "--private", action="store_true", help="keep it off the public scoreboard"
        )

    def handle(self, *args, file, private, **options):
        try:
            if file == "-":
                text = sys.stdin.read()
            else:
                with open(file, encoding="utf-8") as handle:
                    text = handle.read()
        except OSError as error:
            raise CommandError(f"Cannot read {file}: {error.strerror}.") from None
        except UnicodeDecodeError:
            raise CommandError(f"{file} is not UTF-8 text.") from None
        try:
            data = json.loads(text, parse_float=Decimal)
        except json.JSONDecodeError as error:
            raise CommandError(
                f"{file} is not JSON: {error.msg} at line {error.lineno}, column {error.colno}."
            ) from None
        except RecursionError:
            raise CommandError(f"{file}: the JSON is nested too deeply to be an evening.") from None
        except ValueError as error:  # an integer of thousands of digits
            raise CommandError(f"{file} is not JSON CardNight can read: {error}.") from None
        try:
            evening = import_evening_data(data, published=not private)
        except ImportProblem as problem:
            raise CommandError(f"{file}: {problem.message}") from None
        except RecursionError:
            raise CommandError(f"{file}: the JSON is nested too deeply to be an evening.") from None
        self.stdout.write(evening.slug)
