"""Polls answered "not modified": the conditional GET of the live pages.

Every live page (table side, game screen, organizer standings; the public
board has its own, scoring/views/board.py) is polled by static/js/live/polls.js
with `HX-Request: true` and the ETag of the part it shows. The ETag comes
from one small query (the evening's version, which every change bumps) plus
the URL, the language, the person and the code's revision, so a phone whose
copy is current gets a 304 with no page built. Full page loads are not
conditional: they carry a fresh CSRF token and messages.
"""

import hashlib
from functools import cache, wraps
from pathlib import Path

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.translation import get_language
from django.views.decorators.http import condition

from tables.models import Evening


@cache
def code_revision() -> str:
    """A short hash of the templates: a new release changes every ETag."""
    digest = hashlib.sha256()
    for path in sorted((Path(settings.SITE_DIR) / "templates").rglob("*.html")):
        digest.update(path.read_bytes())
    return digest.hexdigest()[:8]


def etag(request: HttpRequest, *parts: object) -> str:
    """A weak ETag of `parts` (e.g. the evening's pk and version) for this
    URL, language and person."""
    user = getattr(request, "user", None)
    person = str(user.pk) if user is not None and user.is_authenticated else "-"
    words = [*map(str, parts), request.get_full_path(), get_language() or "-", person]
    words.append(code_revision())
    return 'W/"' + hashlib.sha256("|".join(words).encode()).hexdigest()[:20] + '"'


def evening_version(request: HttpRequest, slug: str, **kwargs) -> tuple | None:
    """ETag parts of a page about one evening: its pk and version (1 query)."""
    return Evening.objects.filter(slug=slug).values_list("pk", "version").first()


def polled(etag_of):
    """Conditional GET for a view's poll: `etag_of(request, *args, **kwargs)`
    returns the ETag parts (or None: let the view answer, e.g. a 404). Only
    htmx requests (the polls) are conditional; every answer says `no-cache`
    and `Vary: HX-Request`, as the poll and the page share a URL."""

    def decorator(view):
        def etag_func(request: HttpRequest, *args, **kwargs) -> str | None:
            if not request.htmx:
                return None
            parts = etag_of(request, *args, **kwargs)
            return None if parts is None else etag(request, *parts)

        conditional = condition(etag_func=etag_func)(view)

        @wraps(view)
        def wrapped(request: HttpRequest, *args, **kwargs) -> HttpResponse:
            response = conditional(request, *args, **kwargs)
            patch_cache_control(response, no_cache=True)
            patch_vary_headers(response, ["HX-Request"])
            return response

        return wrapped

    return decorator
