"""Finding a couple by number or by name: the ONE couple search. Pure (no Django).

Names are compared folded: case, accents, apostrophes (' and ’), hyphens
and other punctuation do not matter, so "obrien", "O'Brien" and "O’Brien"
all find O'Brien, "deon" finds D'Eon and "therese" finds Marie-Thérèse.
Every word typed must start a word of the couple's names (or of a part of a
hyphenated / apostrophed name): "mary mac" finds Mary MacNeil.

Used by the public board's "find my couple" page (on the PUBLIC names, so a
hidden name finds nothing) and by the organizer's standings page.
"""

import re
import unicodedata

_NUMBER = re.compile(r"^\s*(?:#|no\.?|n°)?\s*(\d{1,4})\s*$", re.IGNORECASE)
_PUNCTUATION = re.compile(r"[^\w\s]|_")


def parse_number(text: str) -> int | None:
    """ "12", "#12", "no. 12", "n° 12" -> 12; anything else -> None."""
    match = _NUMBER.match(text or "")
    return int(match.group(1)) if match else None


def fold(text: str) -> str:
    """Lower case without accents: "Thérèse" -> "therese" (punctuation kept)."""
    text = unicodedata.normalize("NFKD", (text or "").casefold())
    return "".join(c for c in text if not unicodedata.combining(c))


def _words(text: str) -> list[str]:
    """The words typed, folded, punctuation dropped inside a word: "O'Brien" -> "obrien"."""
    return [w for w in (_PUNCTUATION.sub("", word) for word in fold(text).split()) if w]


def name_tokens(*names: str) -> set[str]:
    """The words of some names, whole (punctuation dropped) and split at any
    punctuation: "Joe D'Eon & Marie-Thérèse" -> {"joe", "deon", "d", "eon",
    "marietherese", "marie", "therese"}."""
    tokens: set[str] = set()
    for word in fold(" ".join(names)).split():
        whole = _PUNCTUATION.sub("", word)
        if whole:
            tokens.add(whole)
        tokens.update(part for part in _PUNCTUATION.split(word) if part)
    return tokens


def names_match(query: str, *names: str) -> bool:
    """Whether every word of ``query`` starts a word of ``names`` (folded)."""
    words = _words(query)
    if not words:
        return False
    tokens = name_tokens(*names)
    return all(any(token.startswith(word) for token in tokens) for word in words)
