"""Every couple card's HTML (templates/board/_card.html), made in ONE pass for
a version of the evening: what the cards share is made once (`CardPass`),
and a card the change did not touch is taken from the pass before (issue
27: after a result, all but a few). The views (scoring/board/views.py)
keep the passes in the cache and answer the polls."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.template import Context
from django.template.loader import get_template
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from scoring import board
from scoring.board.card_words import CardWords
from scoring.board.packing import gzipped, packed
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


def with_punches(card: dict, made: dict) -> dict:
    """The card with its punch card's HTML (`punch_html`, what _card.html
    shows): each game's mark rendered once per state for every card of a
    pass (`made`, by game and state), not once per card."""
    parts = []
    for game in card["punch_card"]:
        state = (game["game"], game["punched"], game["played"], game["current"])
        html = made.get(state)
        if html is None:
            html = made[state] = plain("board/_punch.html", {"g": game}).strip()
        parts.append(f"\n    {html}\n    ")
    return {**card, "punch_html": mark_safe("".join(parts))}  # noqa: S308 - our template's


class CardPass:
    """What every couple card of one evening, version and language shares
    (its words, address, heading and punch marks: made once for all of
    them), each card's context for board/_card.html, and its HTML.

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
        self.made: dict = {}
        self.before: dict = before["cards"] if before else {}

    def context(self, card: dict, etag_attribute: str | None = None) -> dict:
        """board/_card.html's context for `card`; its data-etag is this
        version's unless `etag_attribute` is given (the pass's `ETAG_SLOT`)."""
        number = card["couple"]
        if etag_attribute is None:
            etag_attribute = etag_attribute_of(card_etag(self.state, number, self.language))
        return {
            "url": f"{self.url}{number}/",
            "card": with_punches(card, self.made),
            "words": self.words.words,
            "said": self.words.sentences(card),
            "slug": self.evening.slug,
            "poll": settings.BOARD_POLL_SECONDS,
            "etag_attribute": etag_attribute,
            "head": self.head,
        }

    def card(self, card: dict) -> tuple[str, str, bytes]:
        """(the card's state, board/_card.html for it with `ETAG_SLOT` where
        its data-etag goes, a poll's answer gzipped): rendered and gzipped
        only when the last pass had it otherwise."""
        state = self.url + board.card_state(self.evening, card)
        kept = self.before.get(card["couple"])
        if kept is not None and kept[0] == state:
            return kept
        html = plain("board/_card.html", self.context(card, ETAG_SLOT))
        return state, html, gzipped(_without_etag(html))

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


def _without_etag(html: str) -> str:
    return html.replace(ETAG_SLOT, "", 1)


def poll_answer(request: HttpRequest, card: tuple[str, str, bytes]) -> HttpResponse:
    """A card of a pass as a poll's answer: the same at every version (its
    ETag is the answer's header), gzipped once (`card[2]`)."""
    return packed(request, _without_etag(card[1]), card[2], "text/html; charset=utf-8")


def in_page(card: tuple[str, str, bytes], etag: str) -> str:
    """A card of a pass as a page shows it: with its ETag (`card_etag`), which
    the page's first poll sends."""
    return card[1].replace(ETAG_SLOT, etag_attribute_of(etag), 1)
