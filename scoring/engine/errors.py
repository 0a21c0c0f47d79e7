"""Errors raised by the rules engine.

Every error the engine raises on bad input derives from :class:`EngineError`
(itself a ``ValueError``), and its message is plain hall English, wrapped for
translation, so the Django side can show it to an organizer as it is.
"""


class EngineError(ValueError):
    """Base class: the input describes something that cannot happen in 45."""


class CardError(EngineError):
    """Text that is not a card or a suit, or a card the house rules do not use."""


class HouseRulesError(EngineError):
    """A house-rule setting with a value the engine does not know."""


class PlayError(EngineError):
    """Plays that cannot happen: a card twice, a trick of the wrong size, and so on."""


class ScoreError(EngineError):
    """A score, bid or round number that is not even a well-formed value."""
