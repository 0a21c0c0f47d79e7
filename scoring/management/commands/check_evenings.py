"""Check every evening (or one) for consistency, e.g. after a crash."""

from django.core.management.base import BaseCommand, CommandError

from scoring.exchange.integrity import problems
from tables.models import Evening


class Command(BaseCommand):
    help = "Check that every evening's seatings, results and punch cards agree."

    def add_arguments(self, parser):
        parser.add_argument("slug", nargs="?")

    def handle(self, *args, slug: str | None, **options):
        evenings = Evening.objects.all()
        if slug:
            evenings = evenings.filter(slug=slug)
            if not evenings:
                raise CommandError(f"There is no evening {slug!r}.")
        bad = 0
        for evening in evenings.order_by("date", "id"):
            found = problems(evening)
            if found:
                bad += 1
                self.stdout.write(f"{evening.slug}: PROBLEMS")
                for problem in found:
                    self.stdout.write(f"  - {problem}")
            else:
                self.stdout.write(f"{evening.slug}: ok (game {evening.current_game})")
        if bad:
            raise CommandError(f"{bad} evening(s) are inconsistent.")
