"""The cookie jar's writes (RULES.md A7): the draw, hat numbers, buy-ins,
the reveal and the settlement that carries the pot over.

The rules themselves (draw, fingerprint, winners) are pure, in
scoring.rules.jar; what the jar shows is ``evening_results(evening).jar``.

- :func:`draw_at_start` is called by the tables app inside the transaction
  that starts game 1, when ``evening.cookie_jar`` is on: for the announced
  and sealed modes it draws the numbers and stores them with a salt and the
  SHA-256 fingerprint (the hat mode waits for the organizer to type them).
- :func:`set_hat_numbers` stores numbers drawn from a hat.
- :func:`reveal` at the end: shows a sealed draw (numbers and salt) and
  settles the jar: a :class:`~scoring.models.JarOutcome` with the pot, the
  winners and what carries over to the hall's next cookie-jar evening.
  Calling it again (after a correction) settles it again.
"""

from django.db.models import Q
from django.utils.translation import gettext as _

from cardnight.errors import Conflict, UserError
from scoring.models import JarOutcome
from scoring.rules import jar as rules
from scoring.services import rule_errors
from tables.models import Couple, Evening
from tables.services.door import check_money_change


def _check_jar(evening: Evening) -> None:
    if not evening.cookie_jar:
        raise UserError(_("This evening has no cookie jar."))


@rule_errors()
def draw_at_start(evening: Evening, rng=None) -> None:
    """Draw the jar's numbers before game 1 (announced and sealed modes).

    Runs inside the caller's transaction (the start of game 1); does nothing
    for the hat mode, when the jar is off, or when the numbers are already
    drawn. The numbers, the salt and the fingerprint are written to the row
    and to ``evening`` itself, so a later ``evening.save()`` keeps them."""
    if not evening.cookie_jar or evening.jar_draw_mode == Evening.JarDraw.HAT:
        return
    current = Evening.objects.filter(pk=evening.pk).values_list("jar_numbers", flat=True).get()
    if current:
        evening.jar_numbers = current
        return
    with Evening.changing(evening) as locked:
        numbers = list(rules.draw_numbers(evening.games, evening.jar_draw_size, rng))
        salt = rules.new_salt()
        fingerprint = rules.fingerprint(numbers, salt)
        drawn = {
            "jar_numbers": numbers,
            "jar_salt": salt,
            "jar_fingerprint": fingerprint,
            "jar_revealed": False,
        }
        locked.change(**drawn)
        for name, value in drawn.items():
            setattr(evening, name, value)


@rule_errors()
def set_hat_numbers(evening: Evening, numbers) -> list[int]:
    """Store the numbers the hall drew from a hat (text like "3 7 12" or a
    list). Only in the hat mode, and not once the jar is settled."""
    with Evening.changing(evening) as evening:
        _check_jar(evening)
        if evening.jar_draw_mode != Evening.JarDraw.HAT:
            raise Conflict(_("This jar is drawn by the app: its numbers cannot be typed in."))
        if JarOutcome.objects.filter(evening=evening).exists():
            raise Conflict(_("The cookie jar is already settled."))
        drawn = list(rules.parse_numbers(numbers, evening.games, evening.jar_draw_size))
        Evening.objects.filter(pk=evening.pk).update(
            jar_numbers=drawn, jar_salt="", jar_fingerprint="", jar_revealed=True
        )
        return drawn


def set_buy_in(couple: Couple, bought_in: bool, *, user=None) -> Couple:
    """Put a couple in the cookie jar (or, as a separate undo, take it out),
    until the jar is settled. Setting the value it has changes nothing; once
    the evening is finished it is an organizer's logged correction."""
    with Evening.changing(couple.evening) as evening:
        _check_jar(evening)
        current = Couple.objects.filter(pk=couple.pk).values_list("jar_buy_in", flat=True).get()
        couple.jar_buy_in = current
        if current == bought_in:
            return couple
        if JarOutcome.objects.filter(evening=evening).exists():
            raise Conflict(_("The cookie jar is settled: buy-ins can no longer change."))
        check_money_change(
            evening,
            couple,
            user,
            _("in the cookie jar") if bought_in else _("out of the cookie jar"),
        )
        Couple.objects.filter(pk=couple.pk).update(jar_buy_in=bought_in)
        couple.jar_buy_in = bought_in
        return couple


def reveal(evening: Evening, user=None) -> JarOutcome:
    """At the end of the evening: reveal a sealed draw and settle the jar.

    Idempotent: calling it again recomputes the outcome from the results as
    they stand (after a correction), so the next evening carries over the
    right amount. Refused before the last game is over."""
    from scoring.results import evening_results

    with Evening.changing(evening) as evening:
        _check_jar(evening)
        if not evening.is_finished:
            raise Conflict(_("The cookie jar is settled after the last game."))
        if not evening.jar_numbers:
            if evening.jar_draw_mode == Evening.JarDraw.HAT:
                raise UserError(_("Type the numbers drawn from the hat first."))
            raise Conflict(_("The cookie jar was never drawn."))
        if evening.jar_draw_mode == Evening.JarDraw.SEALED and not evening.jar_revealed:
            if not rules.check_fingerprint(
                evening.jar_numbers, evening.jar_salt, evening.jar_fingerprint
            ):
                # Cannot happen unless the row was edited by hand: never reveal silently.
                raise Conflict(_("The sealed numbers do not match their fingerprint."))
            Evening.objects.filter(pk=evening.pk).update(jar_revealed=True)
            evening.jar_revealed = True
        jar = evening_results(evening).jar
        before = JarOutcome.objects.filter(evening=evening).values_list("carried_over", flat=True)
        before = before.first()
        outcome, _created = JarOutcome.objects.update_or_create(
            evening=evening,
            defaults={
                "buy_ins": jar.buy_ins,
                "carried_in": jar.carried_in,
                "pot": jar.pot,
                "winners": [couple.number for couple in jar.winners],
                "carried_over": jar.carried_over,
                "settled_by": user if getattr(user, "is_authenticated", False) else None,
            },
        )
        if before != outcome.carried_over:
            with _next_jar_evening(evening).changing() as later:
                for next_evening in later:  # its pot starts with this carry-over
                    next_evening.change(calendar=True)
        return outcome


def _next_jar_evening(evening: Evening):
    """The hall's next cookie-jar evening that is not cancelled (as a
    queryset, maybe empty): its pot starts with what this one carries over,
    so its scoreboard and its calendar entry ("$28.00 already in the jar")
    change with this jar."""
    later = Q(date__gt=evening.date) | Q(date=evening.date, pk__gt=evening.pk)
    following = (
        Evening.objects.filter(later, hall_id=evening.hall_id, cookie_jar=True, cancelled=False)
        .order_by("date", "id")
        .values_list("pk", flat=True)[:1]
    )
    return Evening.objects.filter(pk__in=list(following))
