"""What the four print commands share: `print_cards`, `print_tables`,
`print_results` and `print_rules` differ only in the printout they make."""

import sys
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils import translation

from cardnight.errors import UserError
from tables.models import Evening

from . import documents


class PrintCommand(BaseCommand):
    kind = ""  # a key of documents.KINDS

    @property
    def help(self) -> str:
        kind = documents.KINDS[self.kind]
        return f"Write the {kind.title.lower()} of an evening as a PDF. {kind.purpose}"

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the evening's short name (as in its links)")
        parser.add_argument(
            "--output",
            "-o",
            default=None,
            help="the PDF file to write (default: <printout>-<slug>.pdf here; - for stdout)",
        )
        parser.add_argument(
            "--base-url",
            default=documents.DEFAULT_BASE_URL,
            help="the site's address for the QR codes (default: %(default)s); use the "
            "address phones in the hall reach, e.g. http://192.168.1.23:8000/",
        )
        parser.add_argument(
            "--blank",
            default=None,
            help=f"blank cue cards for walk-ins (default {documents.DEFAULT_BLANK_CARDS}; "
            "cue cards only)",
        )
        parser.add_argument(
            "--language",
            default=settings.LANGUAGE_CODE,
            choices=[code for code, _name in settings.LANGUAGES],
            help="the language of the printout (default: %(default)s)",
        )

    def handle(self, *args, language, **options):
        # The printout's words (and its money) in the language asked for.
        with translation.override(language):
            return self._print(**options)

    def _print(self, *, slug, output, base_url, blank, **options):
        evening = Evening.objects.select_related("hall").filter(slug=slug).first()
        if evening is None:
            raise CommandError(f'There is no evening "{slug}".')
        if not base_url.startswith(("http://", "https://")):
            raise CommandError("--base-url must start with http:// or https://.")
        extra = {}
        try:
            if self.kind == "cards":
                extra["blank"] = documents.check_blank(blank)
            pdf = documents.render(self.kind, evening, base_url=base_url, **extra)
        except UserError as error:
            raise CommandError(error.message) from None
        if output == "-":
            sys.stdout.buffer.write(pdf.content)
            return
        path = Path(output or pdf.filename)
        try:
            path.write_bytes(pdf.content)
        except OSError as error:
            raise CommandError(f"Cannot write {path}: {error.strerror}.") from None
        self.stdout.write(f"{path} ({len(pdf.content) // 1024 + 1} KB)")
