"""Check every evening (or one) for consistency, e.g. after a crash, and
before a restore puts a backup in place (cardnight/backup.py). An evening
already found consistent at its current version is passed over
(scoring/exchange/integrity.py `EveningCheck`); --again checks it anyway."""

from django.core.management.base import BaseCommand, CommandError

from scoring.exchange.integrity import check, forget_deleted
from scoring.models import EveningCheck
from tables.models import Evening


class Command(BaseCommand):
    help = "Check that every evening's seatings, results and punch cards agree."

    def add_arguments(self, parser):
        parser.add_argument("slug", nargs="?")
        parser.add_argument(
            "--again",
            action="store_true",
            help="check every evening afresh, even one already checked at its version",
        )

    def handle(self, *args, slug: str | None, again: bool = False, **options):
        evenings = Evening.objects.all()
        if slug:
            evenings = evenings.filter(slug=slug)
            if not evenings:
                raise CommandError(f"There is no evening {slug!r}.")
        else:
            forget_deleted()
        checked = {} if again else dict(EveningCheck.objects.values_list("evening_id", "version"))
        bad = 0
        for evening in evenings.order_by("date", "id"):
            if checked.get(evening.pk) == evening.version:
                self.stdout.write(f"{evening.slug}: ok (checked before at this version)")
                continue
            found = check(evening)
            if found:
                bad += 1
                self.stdout.write(f"{evening.slug}: PROBLEMS")
                for problem in found:
                    self.stdout.write(f"  - {problem}")
            else:
                self.stdout.write(f"{evening.slug}: ok (game {evening.current_game})")
        if bad:
            raise CommandError(f"{bad} evening(s) are inconsistent.")
