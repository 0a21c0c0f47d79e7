"""Every script and style a template names is served by the app (no CDN, and
no page asking for a file that was renamed, as board.js became live.js)."""

import re
from pathlib import Path

from django.conf import settings

STATIC = re.compile(r"""{%\s*static\s+['"]([^'"]+)['"]""")


def test_every_static_file_a_template_names_exists():
    base = Path(settings.BASE_DIR)
    named = {
        name
        for template in (base / "templates").rglob("*.html")
        for name in STATIC.findall(template.read_text())
    }
    assert "js/live.js" in named
    missing = sorted(name for name in named if not (base / "static" / name).exists())
    assert missing == []


def test_the_live_script_is_small():
    """Measured, not timed: a small script, that a cheap phone loads at once."""
    script = Path(settings.BASE_DIR) / "static" / "js" / "live.js"
    assert len(script.read_bytes()) < 20_000
