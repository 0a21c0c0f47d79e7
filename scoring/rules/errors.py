"""The one exception class of the pure rules (no Django, no HTTP status).

A rule that cannot be applied raises :class:`RuleError` (or a subclass) with
the reason in plain words, translated through the engine's hook
(``scoring.engine.i18n``). The layer above (``scoring.services``, the
evening import) turns it into a ``cardnight.errors.UserError`` (a message and
a 4xx)."""


class RuleError(ValueError):
    """Records or numbers that do not fit a rule."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message
