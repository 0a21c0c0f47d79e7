"""Every script and style a template names is served by the app (no CDN, and
no page asking for a file that was renamed, as board.js became live.js)."""

import re
from pathlib import Path

import pytest
from django.conf import settings

from cardnight import live_script

STATIC = re.compile(r"""{%\s*static\s+['"]([^'"]+)['"]""")


def test_every_static_file_a_template_names_exists():
    base = Path(settings.BASE_DIR)
    named = {
        name
        for template in (base / "templates").rglob("*.html")
        for name in STATIC.findall(template.read_text())
    }
    assert "js/site.js" in named
    missing = sorted(name for name in named if not (base / "static" / name).exists())
    assert missing == []


@pytest.mark.django_db
def test_every_page_loads_every_file_of_the_live_script_in_order(client):
    html = client.get("/").content.decode()
    places = [html.index(f'src="/static/{name}"') for name in live_script.FILES]
    assert places == sorted(places)
    assert live_script.FILES[-1] == "js/live/start.js"  # it starts the others


def test_the_live_script_is_small_files():
    """Measured, not timed: small files, that a cheap phone loads at once; no
    file left in static/js/live/ that no page loads."""
    base = Path(settings.BASE_DIR)
    files = live_script.paths(base)
    assert sorted(files) == sorted((base / "static" / "js" / "live").glob("*.js"))
    sizes = {path.name: len(path.read_bytes()) for path in files}
    assert max(sizes.values()) < 6_000, sizes
    # 34,000 bytes as written, about 13,500 as served (each file compressed).
    assert sum(sizes.values()) < 34_000, sizes
    assert not (base / "static" / "js" / "live.js").exists()


FORM = re.compile(r"<form\b[^>]*>", re.S)
# Forms that change no hall data: the session's own (signing in and out, the
# language). They stay plain forms: a new session rotates the CSRF token.
# Left plain on purpose: signing in and out and the language change no hall
# data; the players' own check-in page keeps what they typed on the phone
# (static/js/checkin.js) and is sent again in one tap.
PLAIN = ("'logout'", "'set_language'", "registration/login.html", "tables/checkin.html")


def test_every_form_that_changes_data_says_not_saved_on_a_server_error():
    """Each POST form is sent by htmx (its own hx-post, or hx-boost: live.js
    says "Not saved" on a 5xx or no answer), by the outbox, or only when the
    server answers (data-online); none is left to the proxy's error page."""
    base = Path(settings.BASE_DIR) / "templates"
    left = []
    for template in sorted(base.rglob("*.html")):
        for tag in FORM.findall(template.read_text()):
            if 'method="post"' not in tag:
                continue
            if any(
                mark in tag
                for mark in ("hx-post=", 'hx-boost="true"', "data-outbox", "data-online")
            ):
                continue
            where = f"{template.relative_to(base)}: {' '.join(tag.split())}"
            if not any(name in where for name in PLAIN):
                left.append(where)
    assert left == []
