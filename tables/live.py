"""Polls answered "not modified": the conditional GET of the live pages.

Every live page (table side, game screen, organizer standings; the public
board has its own, scoring/board/freshness.py) is polled by
static/js/live/polls.js with `HX-Request: true` and the ETag of the part it
shows. The ETag comes from one small query (the evening's version, which
every change bumps) plus the URL, the language and the person, made and
checked by cardnight/freshness.py (with the code's revision), so a phone
whose copy is current gets a 304 with no page built. Full page loads are not
conditional: they carry a fresh CSRF token and messages.
"""

from django.http import HttpRequest
from django.utils.translation import get_language

from cardnight.freshness import conditional, digest, weak_etag
from tables.models import Evening


def etag(request: HttpRequest, *parts: object) -> str:
    """A weak ETag of `parts` (e.g. the evening's pk and version) for this
    URL, language and person."""
    user = getattr(request, "user", None)
    person = str(user.pk) if user is not None and user.is_authenticated else "-"
    return weak_etag(digest(*parts, request.get_full_path(), get_language() or "-", person))


def evening_version(request: HttpRequest, slug: str, **kwargs) -> tuple | None:
    """ETag parts of a page about one evening: its pk and version (1 query)."""
    return Evening.objects.filter(slug=slug).values_list("pk", "version").first()


def polled(etag_of):
    """Conditional GET for a view's poll: `etag_of(request, *args, **kwargs)`
    returns the ETag parts (or None: let the view answer, e.g. a 404). Only
    htmx requests (the polls) are conditional; every answer says `no-cache`
    and `Vary: HX-Request`, as the poll and the page share a URL."""

    def etag_func(request: HttpRequest, *args, **kwargs) -> str | None:
        if not request.htmx:
            return None
        parts = etag_of(request, *args, **kwargs)
        return None if parts is None else etag(request, *parts)

    return conditional(etag_func)
