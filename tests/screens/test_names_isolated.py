"""A name in a right-to-left script never reorders the words and numbers
around it ("Couple 6 · <Arabic names> · $20.00" read as "… · 20.00$"): every
name on every page is isolated (`<bdi>`, the `bdi` filter), in English and
French. Text through the Django test client."""

import datetime
from html.parser import HTMLParser

import pytest

from tables import services
from tables.models import Evening
from tests.i18n.conftest import FRENCH, play, with_extras
from tests.screens.conftest import ARABIC

ARABIC_LETTERS = range(0x0600, 0x0700)


class NotIsolated(HTMLParser):
    """Text with Arabic letters outside any <bdi> or dir="auto" element."""

    def __init__(self):
        super().__init__()
        self.stack: list[bool] = []  # per open element: does it isolate?
        self.found: list[str] = []

    VOID = {"br", "img", "input", "meta", "link", "hr", "source", "wbr"}

    def handle_starttag(self, tag, attrs):
        if tag not in self.VOID:
            isolates = tag == "bdi" or dict(attrs).get("dir") == "auto" or tag == "title"
            self.stack.append(isolates)

    def handle_endtag(self, tag):
        if tag not in self.VOID and self.stack:
            self.stack.pop()

    def handle_data(self, data):
        if any(ord(c) in ARABIC_LETTERS for c in data) and not any(self.stack):
            self.found.append(data.strip())


def not_isolated(html: str) -> list[str]:
    parser = NotIsolated()
    parser.feed(html)
    return parser.found


def evening_with_arabic_names(hall, slug: str, stop_at: int | None) -> Evening:
    evening = Evening.objects.create(
        hall=hall, name="Friday 45s", slug=slug, date=datetime.date(2026, 11, 27)
    )
    with_extras(evening)
    services.register_couple(evening, *ARABIC, jar_buy_in=True, paid=True)
    Evening.objects.filter(pk=evening.pk).update(fifty_fifty_winner=ARABIC[1])
    return play(evening, couples=7, stop_at=stop_at)


PAGES = [
    "/e/{slug}/",
    "/e/{slug}/tv/",
    "/e/{slug}/find/?q=Marie",
    "/e/{slug}/couple/1/",
    "/e/{slug}/couple/2/",
    "/evenings/{slug}/standings/",
    "/evenings/{slug}/prizes/",
    "/evenings/{slug}/jar/",
    "/evenings/{slug}/door/",
    "/evenings/{slug}/game/",
    "/evenings/{slug}/games/1/",
    "/evenings/{slug}/games/2/",
]


@pytest.mark.parametrize("headers", [{}, FRENCH], ids=["en", "fr"])
@pytest.mark.parametrize("stop_at", [3, None], ids=["running", "final"])
def test_every_name_on_every_page_is_isolated(organizer, hall, stop_at, headers):
    from django.test import Client

    evening = evening_with_arabic_names(hall, "arabic", stop_at)
    client = Client(**headers)
    client.force_login(organizer)
    seen = 0
    for path in PAGES:
        response = client.get(path.format(slug=evening.slug))
        assert response.status_code == 200, path
        html = response.content.decode()
        seen += ARABIC[0] in html
        assert not_isolated(html) == [], path
    assert seen >= 8


def test_a_couple_shows_as_two_isolated_names(organizer, hall):
    from django.template import Context, Template

    evening = evening_with_arabic_names(hall, "arabic", 1)
    couple = evening.couples.get(number=1)
    html = Template("{{ couple|bdi }} · {{ name|bdi }}").render(
        Context({"couple": couple, "name": "<b>"})
    )
    assert html == (
        f'<bdi class="name">{ARABIC[0]}</bdi> &amp; <bdi class="name">{ARABIC[1]}</bdi>'
        ' · <bdi class="name">&lt;b&gt;</bdi>'
    )
