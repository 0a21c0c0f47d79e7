"""How names are compared: THE folding rule, and what counts as "maybe the
same person". Pure (no Django).

Used by the door's duplicate check (tables.services.door), the hall's
player register (tables.services.register) and the season table
(scoring.season), so that the three never disagree.

    fold_name("Marie-Thérèse D'Eon") == fold_name("marie therese deon")
    fold_name("Theresa O'Brien") == fold_name("Theresa O’Brien") == fold_name("theresa obrien")

Case, accents, spaces, apostrophes (' and ’), hyphens and any other
punctuation do not count. Two names that fold the same are the same
person; `maybe_same` says whether two names that do not are close enough
to be proposed to an organizer (never merged without one).
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from difflib import SequenceMatcher

# How alike two folded names must be (difflib's ratio) to be proposed as one
# person: "teresaobrien" / "theresaobrien" is 0.96, "annmacneil" /
# "annmacneill" 0.95, "johnmacneil" / "joanmacneil" 0.91 (proposed: the
# organizer says no once); "marymacdonald" / "marymacneil" 0.75 (not).
NEAR_RATIO = 0.88
# Shorter folded names are proposed only on the initial rule below.
NEAR_MIN_LENGTH = 5


def name_words(name: str) -> list[str]:
    """The words of a name, folded: no case or accents, split at spaces and
    punctuation ("Marie-Thérèse D'Eon" -> ["marie", "therese", "d", "eon"])."""
    decomposed = unicodedata.normalize("NFKD", (name or "").casefold())
    letters = "".join(
        ch if ch.isalnum() else " " for ch in decomposed if not unicodedata.combining(ch)
    )
    return letters.split()


def fold_name(name: str) -> str:
    """A name as CardNight compares them: no case, accents, spaces or
    punctuation ("Marie-Thérèse D'Eon" and "marie therese deon" match)."""
    return "".join(name_words(name))


def couple_key(player1: str, player2: str) -> tuple[str, str]:
    """The two names folded, in either order."""
    first, second = sorted((fold_name(player1), fold_name(player2)))
    return first, second


def couple_digest(player1: str, player2: str) -> str:
    """A short digest of a couple's two names as the door compares them
    (`couple_key`): what a kept door request is known by (tables.services.receipts)."""
    return hashlib.sha256("\0".join(couple_key(player1, player2)).encode()).hexdigest()[:20]


_WORD = re.compile(r"[^\W_]+")


def replace_name(text: str, keys: set[str] | frozenset[str], marker: str) -> str:
    """`text` with every run of words that folds to one of `keys` (folded
    names) replaced by `marker`: "Ann MacNeil's table" with the key
    "annmacneil" reads "(name removed)'s table". The longest run wins."""
    keys = {key for key in keys if key}
    if not text or not keys:
        return text
    longest = max(map(len, keys))
    words = [(m.start(), m.end(), fold_name(m.group())) for m in _WORD.finditer(text)]
    parts, done, i = [], 0, 0
    while i < len(words):
        joined, end = "", None
        for j in range(i, len(words)):
            joined += words[j][2]
            if len(joined) > longest:
                break
            if joined in keys:
                end = j
        if end is None:
            i += 1
            continue
        parts += [text[done : words[i][0]], marker]
        done, i = words[end][1], end + 1
    return "".join([*parts, text[done:]])


def tidy_name(name: str) -> str:
    """A name as typed, its spaces tidied ("  Ann   MacNeil " -> "Ann MacNeil")."""
    return " ".join((name or "").split())


def usual_spelling(typed, folded: str) -> str | None:
    """The way of writing a name typed most often: `typed` is the names as
    typed, each with when it was typed (anything that orders, later is
    greater); of those that fold to `folded`, the most frequent, a tie going
    to the one typed last ("LÉO CHIASSON" once, then "Léo Chiasson" once:
    "Léo Chiasson"). None when none folds to `folded`."""
    seen: dict[str, tuple[int, object]] = {}
    for name, when in typed:
        spelling = tidy_name(name)
        if fold_name(spelling) != folded:
            continue
        count, last = seen.get(spelling, (0, when))
        seen[spelling] = (count + 1, max(last, when))
    return max(seen, key=seen.__getitem__) if seen else None


def maybe_same(name: str, other: str) -> bool:
    """Whether two names that do not fold the same may still be one person
    (a typo, an initial): proposed to an organizer, never merged alone.

    - the folded names are nearly the same ("Teresa O'Brien" / "Theresa
      OBrien", "Ann MacNeil" / "Ann MacNeill");
    - or one gives an initial where the other gives the first name, with the
      same last name ("T. O'Brien" / "Theresa O'Brien")."""
    a, b = fold_name(name), fold_name(other)
    if not a or not b or a == b:
        return False
    shorter, total = min(len(a), len(b)), len(a) + len(b)
    # 2 * shorter / total bounds the ratio: most pairs stop here, cheaply.
    if shorter >= NEAR_MIN_LENGTH and 2 * shorter >= NEAR_RATIO * total:
        matcher = SequenceMatcher(None, a, b, autojunk=False)
        if matcher.quick_ratio() >= NEAR_RATIO and matcher.ratio() >= NEAR_RATIO:
            return True
    words_a, words_b = name_words(name), name_words(other)
    if len(words_a) >= 2 and len(words_b) >= 2 and words_a[-1] == words_b[-1]:
        first_a, first_b = words_a[0], words_b[0]
        if (len(first_a) == 1 or len(first_b) == 1) and first_a[0] == first_b[0]:
            return True
    return False


def couple_names(player1: str, player2: str) -> str:
    """A couple's two names as one line of plain text: "Mary & John"."""
    return f"{player1} & {player2}"
