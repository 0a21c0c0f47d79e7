"""Write an evening as JSON (format "cardnight-evening", version 1)."""

import json

from django.core.management.base import BaseCommand, CommandError

from cardnight.private import write_private
from scoring.exchange import export_evening_data
from tables.models import Evening


class Command(BaseCommand):
    help = "Write the evening SLUG as JSON (to standard output, or --output FILE)."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--output", "-o", default=None, help="file to write")

    def handle(self, *args, slug, output, **options):
        evening = Evening.objects.filter(slug=slug).select_related("hall").first()
        if evening is None:
            raise CommandError(f"There is no evening {slug!r}.")
        text = json.dumps(export_evening_data(evening), ensure_ascii=False, indent=1) + "\n"
        if output in (None, "-"):
            self.stdout.write(text, ending="")
            return
        try:
            write_private(output, text)  # every couple's names: owner-only
        except OSError as error:
            raise CommandError(f"Cannot write {output}: {error.strerror}.") from None
        self.stderr.write(f"Wrote {output}.")
