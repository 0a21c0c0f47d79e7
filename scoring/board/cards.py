"""Every couple card's HTML (templates/board/_card.html), made in ONE pass for
a version of the evening: what the cards share (their words, address and
heading) is made once (`CardPass`), and each card's HTML is kept by what it
shows in the process's own "fragments" cache (a dict lookup; the shared
folder cache cost a file read per card, 200 a pass), so after a result
only the cards it changed are rendered again. The views
(scoring/board/views.py) keep a pass with the board's live part, in the
shared cache per version and language, and answer the polls from it."""

from __future__ import annotations

import functools
import hashlib
import pickle

from django.conf import settings
from django.core.cache import caches
from django.template import Context
from django.template.loader import get_template
from django.utils import translation
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from cardnight.freshness import code_revision
from scoring import board
from scoring.board.card_words import CardWords
from scoring.board.packing import gzipped
from tables.links import url_stem
from tables.models import Evening


def plain(template: str, context: dict) -> str:
    """`template` rendered without number localisation: a card shows only
    whole numbers below a thousand and words (no dates, no amounts), which
    localisation leaves exactly as they are (no thousands separator:
    settings.USE_THOUSAND_SEPARATOR is off) at a fifth of a card's cost."""
    return get_template(template).template.render(Context(context, use_l10n=False))


def with_punches(card: dict) -> dict:
    """The card with its punch card's HTML (`punch_html`, what _card.html
    shows), each game's mark rendered once per state and language in this
    process (`punch_mark`)."""
    language = translation.get_language()
    parts = []
    for game in card["punch_card"]:
        html = punch_mark(language, game["game"], game["punched"], game["played"], game["current"])
        parts.append(f"\n    {html}\n    ")
    return {**card, "punch_html": mark_safe("".join(parts))}  # noqa: S308 - our template's


@functools.lru_cache(maxsize=1024)
def punch_mark(language: str | None, game: int, punched: bool, played: bool, current: bool) -> str:
    """One game's mark on a punch card (board/_punch.html), in `language`
    (the active one, which the template's words are in): what it shows is
    all in the arguments (a few hundred marks at most)."""
    mark = {"game": game, "punched": punched, "played": played, "current": current}
    return plain("board/_punch.html", {"g": mark}).strip()


class CardPass:
    """What every couple card of one evening, version and language shares,
    each card's context for board/_card.html, and its HTML."""

    def __init__(self, evening: Evening, language: str):
        self.evening, self.language = evening, language
        self.state = board.state_of(evening)
        self.head = board.heading(evening)
        self.words = CardWords()
        self.url = url_stem("board-couple", evening.slug)

    def context(self, card: dict, etag_attribute: str | None = None) -> dict:
        """board/_card.html's context for `card`; its data-etag this
        version's unless `etag_attribute` is given ("" in a poll's answer,
        whose ETag header the live script keeps: static/js/live/polls.js)."""
        number = card["couple"]
        if etag_attribute is None:
            tag = card_etag(self.state, number, self.language)
            etag_attribute = format_html(' data-etag="{}"', tag)
        return {
            "url": f"{self.url}{number}/",
            "card": with_punches(card),
            "words": self.words.words,
            "said": self.words.sentences(card),
            "slug": self.evening.slug,
            "poll": settings.BOARD_POLL_SECONDS,
            "etag_attribute": etag_attribute,
            "head": self.head,
        }

    def key(self, card: dict) -> str:
        """A card's cache key: a digest of everything it is made from (so the
        same at every version the card does not change)."""
        shown = (code_revision(), self.language, self.url, settings.BOARD_POLL_SECONDS, card)
        return "card:" + hashlib.blake2b(pickle.dumps(shown), digest_size=16).hexdigest()

    def every_card(self, cards: dict[int, dict]) -> dict[int, bytes]:
        """Every card's poll answer, gzipped, by couple number. A card
        already in the process's cache (the pass before made it) is taken
        from there. This holds the flurry's aim (CPU per result at most 250
        /healthz requests' worth): rendering all 200 cards took about 50 ms
        of CPU after each result."""
        keys = {number: self.key(card) for number, card in cards.items()}
        kept = _get_many(list(keys.values()))
        made = {}
        for number, card in cards.items():
            if keys[number] not in kept:
                html = plain("board/_card.html", self.context(card, etag_attribute=""))
                made[keys[number]] = gzipped(html)
        _set_many(made)
        every = {**kept, **made}
        return {n: every[key] for n, key in keys.items()}


def _get_many(keys: list[str]) -> dict:
    try:
        return caches["fragments"].get_many(keys)
    except Exception:  # noqa: BLE001 - a cache that fails counts as empty
        return {}


def _set_many(values: dict) -> None:
    try:
        caches["fragments"].set_many(values, None)  # bounded by its MAX_ENTRIES
    except Exception:  # noqa: BLE001
        return


def card_etag(shown: board.BoardState, number: int, language: str) -> str:
    """The ETag of couple `number`'s card for `shown` (its htmx poll's)."""
    return board.etag(shown, f"couple-{number}-live", language)
