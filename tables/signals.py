"""What the tables app announces to whoever must act on it (issue 11: `tables`
never imports `scoring`; scoring connects its receivers in `ScoringConfig.ready`,
see scoring/hooks.py).

Both are sent with plain `Signal.send` INSIDE the service's transaction, after
the evening row is locked, so whatever a receiver writes (the cookie jar's
draw, the travelling prize) commits or rolls back with the game it belongs to.
A receiver that raises aborts the whole service.

    evening_started(sender=Evening, evening)
        Game 1 has just been seated (`evening.status` is RUNNING,
        `evening.current_game` is 1).
    evening_finished(sender=Evening, evening, user)
        The last game is in and the evening is FINISHED.
"""

from django.dispatch import Signal

evening_started = Signal()
evening_finished = Signal()
