"""Finding a couple by number or by name: the ONE couple search. Pure (no Django).

Names are compared folded: case, accents, apostrophes (' and ’), hyphens
and other punctuation do not matter, so "obrien", "O'Brien" and "O’Brien"
all find O'Brien, "deon" finds D'Eon and "therese" finds Marie-Thérèse.
Every word typed must start a word of the couple's names (or of a part of a
hyphenated / apostrophed name): "mary mac" finds Mary MacNeil. Or the letters
typed, spaces and punctuation dropped, start the names from one of their words
with the spaces dropped too, so a name typed in two parts is found: "mac don"
and "mac donald" find Angus MacDonald, "o brien" O'Brien, "mac neill" Ruairí
Mac Néill. "Mc" and "Mac" find each other: "mcdonald" finds MacDonald. A
letter inside a word does not match: "ary" does not find Mary.

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


def _run_ons(*names: str) -> list[str]:
    """The names with spaces and punctuation dropped, from each of their words
    on: "Angus MacDonald" -> ["angusmacdonald", "macdonald"]."""
    words = _words(" ".join(names))
    return ["".join(words[i:]) for i in range(len(words))]


def _spellings(typed: str) -> set[str]:
    """What was typed, and its Mc/Mac twin: "mcneil" -> {"mcneil", "macneil"}."""
    if typed.startswith("mac"):
        return {typed, "mc" + typed[3:]}
    if typed.startswith("mc"):
        return {typed, "mac" + typed[2:]}
    return {typed}


def names_match(query: str, *names: str) -> bool:
    """Whether ``query`` names a couple of ``names`` (folded): every word typed
    starts a word of the names, or the letters typed, run on, start the names
    run on from one of their words (the module's docstring)."""
    words = _words(query)
    if not words:
        return False
    tokens = name_tokens(*names)
    if all(
        any(token.startswith(w) for w in _spellings(word) for token in tokens) for word in words
    ):
        return True
    run_ons = _run_ons(*names)
    return any(run.startswith(typed) for typed in _spellings("".join(words)) for run in run_ons)


# The door's suggestions look players up by short keys (tables.suggestions):
# every prefix of 2 to KEY_LENGTH letters of each word and run-on of a name
# is a key; what is typed is looked up by one key, then matched in full by
# `names_match`. Short exact keys serve the look-up from an index on any
# database, whatever its collation.
KEY_LENGTH = 4
MIN_TYPED = 2


def index_keys(name: str) -> set[str]:
    """The keys a name is found by: "Mary O'Brien" -> {"ma", "mar", "mary",
    "ob", "obr", "obri", "br", "bri", "brie"} (the first 2 to 4 letters of
    each of its words, of their parts and of its letters run on from each
    word)."""
    return {
        token[:length]
        for token in name_tokens(name) | set(_run_ons(name))
        for length in range(MIN_TYPED, KEY_LENGTH + 1)
        if len(token) >= length
    }


def search_keys(query: str) -> set[str]:
    """The keys to look a query up by: the first letters of its longest word
    and of its letters run on (with the Mc/Mac twin of each), so that every
    couple `names_match` would take has a name with one of these keys, when
    a word typed has MIN_TYPED letters or the letters run on start a name
    from one of its words (initials alone, "m o", find only the latter).
    Empty when fewer than MIN_TYPED letters are typed."""
    words = _words(query)
    run_on = "".join(words)
    if len(run_on) < MIN_TYPED:
        return set()
    longest = max(words, key=len)
    typed = {run_on} | ({longest} if len(longest) >= MIN_TYPED else set())
    return {spelling[:KEY_LENGTH] for text in typed for spelling in _spellings(text)}
