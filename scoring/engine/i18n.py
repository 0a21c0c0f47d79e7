"""Translation hook for the engine's user-facing text, without Django.

Every message is written ``_("... %(name)s ...") % {...}`` so ``makemessages``
can extract it. By default ``_`` returns the text unchanged; the Django side
installs its own function once at start-up, e.g.
``set_translator(django.utils.translation.gettext)``. Messages are translated
when they are built, so the active language at call time applies.
"""

from collections.abc import Callable


def _identity(message: str) -> str:
    return message


_translator: Callable[[str], str] = _identity


def set_translator(translator: Callable[[str], str] | None) -> None:
    """Install ``translator`` for all engine messages (``None`` restores English)."""
    global _translator
    _translator = translator or _identity


def _(message: str) -> str:
    """Translate ``message`` with the installed translator."""
    return _translator(message)
