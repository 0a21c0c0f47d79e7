"""What the four print commands share: `print_cards`, `print_tables`,
`print_results` and `print_rules` differ only in the printout they make."""

import sys
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils import translation

from cardnight.errors import UserError
from cardnight.private import write_private
from tables import links
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
            default=None,
            help="the site's address for the QR codes and links (default: the hall's "
            "address phones use, as set on the print page, else the one `make run` found); "
            "an http(s) address phones in the hall reach, e.g. http://192.168.1.23:8000/",
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
        try:
            base_url = links.check_address(base_url) if base_url else None
        except ValueError as error:
            raise CommandError(f"--base-url {base_url!r}: {error}") from None
        evening = Evening.objects.select_related("hall").filter(slug=slug).first()
        if evening is None:
            raise CommandError(f'There is no evening "{slug}".')
        base_url = base_url or links.phone_address(evening.hall)
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
            write_private(path, pdf.content)  # names on them: owner-only
        except OSError as error:
            raise CommandError(f"Cannot write {path}: {error.strerror}.") from None
        self.stdout.write(f"{path} ({len(pdf.content) // 1024 + 1} KB)")
