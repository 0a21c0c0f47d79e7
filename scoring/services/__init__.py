"""The writes of scoring, one transaction per thing a person does.

- ``ties``: opening and settling a tie-break (choices, cuts, play-offs);
  ``tie_state`` is what a tie-break page shows.
- ``jar``: the cookie jar (draw at game 1, hat numbers, buy-ins, reveal).
- ``prizes``: what each place wins; ``extras``: the travelling prize's
  first holder and the 50/50 takings.

The pure rules they apply are in ``scoring.rules``; a ``RuleError`` from
them becomes a ``UserError`` here (:func:`rule_errors`), so views show it as
a message and a 4xx.
"""

from contextlib import contextmanager

from cardnight.errors import UserError
from scoring.rules.errors import RuleError


@contextmanager
def rule_errors():
    """Turn a pure rule's ``RuleError`` into a ``UserError`` (usable as a decorator)."""
    try:
        yield
    except RuleError as error:
        raise UserError(error.message) from error
