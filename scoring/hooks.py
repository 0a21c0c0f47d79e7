"""What scoring does when the tables app says the evening has started or
finished (`tables.signals`): `tables` never imports `scoring` (issue 11), so
these receivers are connected in `ScoringConfig.ready`.

Both run inside the tables service's transaction (the signals are sent with
plain `Signal.send`, not on commit): the cookie jar's draw and the travelling
prize's first holder are written with game 1 or not at all.
"""

from scoring.services.extras import at_game_one as travelling_prize_at_game_one
from scoring.services.jar import draw_at_start, reveal
from tables.models import Evening
from tables.signals import evening_finished, evening_started


def at_game_one(sender, evening: Evening, **kwargs) -> None:
    """The draws made as game 1 starts: the cookie jar's numbers when
    announced or sealed (RULES.md A7; a hat draw is typed in by the
    organizer) and the travelling prize's first holder (A8)."""
    if evening.cookie_jar and evening.jar_draw_mode != Evening.JarDraw.HAT:
        draw_at_start(evening)
    travelling_prize_at_game_one(evening)


def at_finish(sender, evening: Evening, user=None, **kwargs) -> None:
    """Reveal a sealed draw and settle the jar at once (RULES.md A7); the
    organizer can settle it again after a correction."""
    if evening.cookie_jar and evening.jar_numbers:
        reveal(evening, user)


def connect() -> None:
    evening_started.connect(at_game_one, sender=Evening, dispatch_uid="scoring.at_game_one")
    evening_finished.connect(at_finish, sender=Evening, dispatch_uid="scoring.at_finish")
