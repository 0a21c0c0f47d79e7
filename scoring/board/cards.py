"""Every couple card's HTML (templates/board/_card.html), made in ONE pass for
a version of the evening: what the cards share is made once (`CardPass`),
and a card the change did not touch is taken from the pass before (issue
27: after a result, all but a few). The views (scoring/board/views.py)
keep the passes in the cache and answer the polls."""

from __future__ import annotations

import functools
import gzip
import hashlib
from typing import NamedTuple

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.template import Context
from django.template.loader import get_template
from django.utils import translation
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from scoring import board
from scoring.board.card_words import CardWords
from scoring.board.packing import gzipped, packed_only
from tables.links import url_stem
from tables.models import Evening

# Where a card's data-etag attribute goes in the pass's HTML (`CardPass.card`):
# put in when the card is shown in a page (`in_page`: the page's first poll
# sends it), left out of a poll's answer, whose ETag header the live script
# keeps instead (static/js/live/polls.js), so that a card's answer to a poll
# is the same bytes at every version and is gzipped once. Nothing typed can
# come out of an escaped value looking like this.
ETAG_SLOT = mark_safe("<etag>")  # noqa: S308 - our own marker


def plain(template: str, context: dict) -> str:
    """`template` rendered without number localisation: a card shows only
    whole numbers below a thousand and words (no dates, no amounts), which
    localisation leaves exactly as they are (no thousands separator:
    settings.USE_THOUSAND_SEPARATOR is off) at a fifth of a card's cost."""
    return get_template(template).template.render(Context(context, use_l10n=False))


def with_punches(card: dict) -> dict:
    """The card with its punch card's HTML (`punch_html`, what _card.html
    shows): each game's mark rendered once per state and language in this
    process (`punch_mark`), not once per card or per pass."""
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
    all in the arguments, so it is rendered once per process (a few hundred
    at most: 8 states of each game, in each language)."""
    mark = {"game": game, "punched": punched, "played": played, "current": current}
    return plain("board/_punch.html", {"g": mark}).strip()


class KeptCard(NamedTuple):
    """A card of a pass as the cache keeps it. Every server process reads
    the whole pass once per version, so it is kept small: the poll's answer
    gzipped as it is sent (its HTML is unpacked only for a full page or a
    browser that takes no gzip), where the data-etag goes in that HTML, and
    a digest of what the card shows (`board.card_state`) to compare with the
    next pass's. A pass of 200 couples is some 130 KB, not 1 MB."""

    state: bytes
    slot: int
    gzip: bytes


class CardPass:
    """What every couple card of one evening, version and language shares
    (its words, address and heading: made once for all of them), each
    card's context for board/_card.html, and its HTML.

    `before`: the pass built last for an earlier version (`board.last_built`,
    from the shared cache, whichever process built it): a card whose state
    (`board.card_state`) the change did not touch is taken from it instead
    of being rendered again."""

    def __init__(self, evening: Evening, language: str, before: dict | None = None):
        self.evening, self.language = evening, language
        self.state = board.state_of(evening)
        self.head = board.heading(evening)
        self.words = CardWords()
        self.url = url_stem("board-couple", evening.slug)
        self.before: dict = before["cards"] if before else {}

    def context(self, card: dict, etag_attribute: str | None = None) -> dict:
        """board/_card.html's context for `card`; its data-etag is this
        version's unless `etag_attribute` is given (the pass's `ETAG_SLOT`)."""
        number = card["couple"]
        if etag_attribute is None:
            etag_attribute = etag_attribute_of(card_etag(self.state, number, self.language))
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

    def card(self, card: dict) -> KeptCard:
        """The card as the pass keeps it (`KeptCard`): rendered and gzipped
        only when the last pass had it otherwise."""
        shown = self.url.encode() + board.card_state(self.evening, card)
        state = hashlib.blake2b(shown, digest_size=16).digest()
        kept = self.before.get(card["couple"])
        if kept is not None and kept.state == state:
            return kept
        html = plain("board/_card.html", self.context(card, ETAG_SLOT))
        slot = html.index(ETAG_SLOT)
        return KeptCard(state, slot, gzipped(html[:slot] + html[slot + len(ETAG_SLOT) :]))

    def every_card(self, cards: dict[int, dict]) -> dict:
        """The pass's value, kept in the cache: every card (`card`) by
        couple number, and the page's heading."""
        return {
            "cards": {number: self.card(card) for number, card in cards.items()},
            "head": self.head,
        }


def card_etag(shown: board.BoardState, number: int, language: str) -> str:
    """The ETag of couple `number`'s card for `shown` (its htmx poll's)."""
    return board.etag(shown, f"couple-{number}-live", language)


def etag_attribute_of(etag: str) -> str:
    """A card's data-etag attribute, for `etag`."""
    return format_html(' data-etag="{}"', etag)


def poll_answer(request: HttpRequest, card: KeptCard, headers=None) -> HttpResponse:
    """A card of a pass as a poll's answer: the same at every version (its
    ETag is the answer's header), gzipped once. `headers`: an earlier
    answer's (`packing._answer`)."""
    return packed_only(request, card.gzip, "text/html; charset=utf-8", headers)


def in_page(card: KeptCard, etag: str) -> str:
    """A card of a pass as a page shows it: with its ETag (`card_etag`), which
    the page's first poll sends."""
    html = gzip.decompress(card.gzip).decode()
    return html[: card.slot] + etag_attribute_of(etag) + html[card.slot :]
