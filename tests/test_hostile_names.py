"""Names like <script>alert(1)</script> or '; DROP TABLE are stored and shown
as text everywhere: pages, the scoreboard, JSON and PDFs."""

import io
import json

import pytest
from django.core.management import call_command
from pypdf import PdfReader

from tables import services
from tables.models import Couple, Evening

pytestmark = pytest.mark.django_db

SCRIPT = "<script>alert(1)</script>"
SQL = "'; DROP TABLE tables_couple; --"
IMG = '"><img src=x onerror=alert(1)>'


@pytest.fixture
def hostile(volunteer_client, evening):
    Evening.objects.filter(pk=evening.pk).update(published=True)
    for first, second in [(SCRIPT, SQL), (IMG, "Joe D'Eon"), ("Mary", "John"), ("Ann", "Rita")]:
        response = volunteer_client.post(
            f"/evenings/{evening.slug}/door/", {"player1": first, "player2": second}
        )
        assert response.status_code == 302
    evening.refresh_from_db()
    services.start_evening(evening, seed=1)
    return evening


def test_the_names_are_stored_exactly(hostile):
    assert Couple.objects.filter(player1=SCRIPT, player2=SQL).exists()
    assert Couple.objects.count() == 4  # the table is still there


@pytest.mark.parametrize(
    "path",
    [
        "/evenings/{slug}/door/",
        "/evenings/{slug}/game/",
        "/evenings/{slug}/standings/",
        "/e/{slug}/",
        "/e/{slug}/tv/",
        "/e/{slug}/couple/1/",
    ],
)
def test_pages_show_the_names_as_text(organizer_client, hostile, path):
    response = organizer_client.get(path.format(slug=hostile.slug))
    assert response.status_code == 200
    html = response.content.decode()
    assert SCRIPT not in html and IMG not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


@pytest.mark.parametrize(
    "path", ["/evenings/{slug}/prizes/", "/e/{slug}/find/?q=%3Cscript", "/e/{slug}/find/?q=DROP"]
)
def test_searches_and_prize_pages_never_echo_markup(organizer_client, hostile, path):
    response = organizer_client.get(path.format(slug=hostile.slug), headers={"HX-Request": "true"})
    assert response.status_code == 200
    html = response.content.decode()
    assert SCRIPT not in html and IMG not in html and "<script" not in html.lower()


def test_the_board_json_carries_the_names_as_plain_strings(client, hostile):
    response = client.get(f"/e/{hostile.slug}/board.json")
    assert response["Content-Type"].startswith("application/json")
    text = json.dumps(response.json())
    assert json.dumps(SCRIPT)[1:-1] in text


def test_the_evening_export_round_trips_the_names(hostile):
    out = io.StringIO()
    call_command("export_evening", hostile.slug, stdout=out)
    data = json.loads(out.getvalue())
    assert any(c["players"] == [SCRIPT, SQL] for c in data["couples"])


@pytest.mark.parametrize("pdf", ["cue-cards.pdf", "results.pdf"])
def test_pdfs_print_the_names_as_text(organizer_client, hostile, pdf):
    response = organizer_client.get(f"/evenings/{hostile.slug}/print/{pdf}")
    assert response.status_code == 200
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
    assert SCRIPT in text.replace("\n", "")
