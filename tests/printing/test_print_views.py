"""The print page and the PDF links: organizers and volunteers only,
GET only, a message and a 409 when there is nothing to print yet."""

import pytest
from django.urls import reverse

from scoring.printing.qr import qr_modules

from .pdf import all_text, qr_codes, reader

pytestmark = pytest.mark.django_db

PDFS = [
    ("print-cards", "cue-cards"),
    ("print-tables", "table-cards"),
    ("print-results", "results"),
    ("print-rules", "rules-card"),
    ("print-volunteers", "volunteer-quick-start"),
]


def url(name, evening):
    return reverse(name, args=[evening.slug])


@pytest.mark.parametrize("persona", ["organizer_client", "volunteer_client"])
def test_the_print_page_lists_the_pdfs_with_what_each_is_for(request, persona, seated):
    client = request.getfixturevalue(persona)
    response = client.get(url("print-index", seated))
    assert response.status_code == 200
    html = response.content.decode()
    for title in (
        "Cue cards",
        "Table cards",
        "Results sheet",
        "Rules card",
        "Volunteer quick-start",
    ):
        assert title in html
    for name, _filename in PDFS:
        assert url(name, seated) in html
    assert "Letter" in html and "When:" in html
    assert 'name="blank"' in html


def test_the_print_page_says_what_is_missing_before_couples_and_seating(
    organizer_client, six, empty
):
    html = organizer_client.get(url("print-index", six)).content.decode()
    assert "Seat the tables first." in html
    assert url("print-tables", six) not in html
    html = organizer_client.get(url("print-index", empty)).content.decode()
    assert html.count("Register the couples first.") == 3
    assert url("print-rules", empty) in html


def test_the_evening_page_links_to_the_print_page(organizer_client, six):
    response = organizer_client.get(six.get_absolute_url())
    assert url("print-index", six) in response.content.decode()


@pytest.mark.parametrize(("name", "filename"), PDFS)
@pytest.mark.parametrize("persona", ["organizer_client", "volunteer_client"])
def test_each_pdf_opens_inline_with_its_filename(request, persona, finished, name, filename):
    client = request.getfixturevalue(persona)
    response = client.get(url(name, finished))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == f'inline; filename="{filename}-friday-45s.pdf"'
    assert "private" in response["Cache-Control"]
    assert len(reader(response.content).pages) >= 1


def test_qr_links_use_the_halls_address_not_the_one_the_page_was_opened_with(
    organizer_client, seated
):
    seated.hall.phone_address = "http://192.168.1.23:8000/"
    seated.hall.save()
    response = organizer_client.get(url("print-cards", seated), HTTP_HOST="127.0.0.1:8000")
    page = reader(response.content).pages[0]
    link = "http://192.168.1.23:8000/e/friday-45s/couple/1/"
    assert qr_modules(link) in qr_codes(page).values()


def test_blank_walk_in_cards_are_asked_for_in_the_link(organizer_client, seated):
    response = organizer_client.get(url("print-cards", seated), {"blank": "6"})
    assert len(reader(response.content).pages) == 3  # 6 couples + 6 blank, 4 a page
    response = organizer_client.get(url("print-cards", seated), {"blank": "0"})
    assert len(reader(response.content).pages) == 2


@pytest.mark.parametrize("blank", ["-1", "201", "many"])
def test_a_bad_number_of_blank_cards_is_a_400_with_a_message(organizer_client, seated, blank):
    response = organizer_client.get(url("print-cards", seated), {"blank": blank})
    assert response.status_code == 400
    assert "Blank cards: choose a number from 0 to 200." in response.content.decode()


@pytest.mark.parametrize("name", ["print-cards", "print-tables", "print-results"])
def test_no_couples_is_a_409_with_a_message_not_an_empty_pdf(organizer_client, empty, name):
    response = organizer_client.get(url(name, empty))
    assert response.status_code == 409
    assert response["Content-Type"].startswith("text/html")
    assert "No couples are registered for Friday 45s yet" in response.content.decode()


def test_table_cards_before_seating_are_a_409_that_explains_why(organizer_client, six):
    response = organizer_client.get(url("print-tables", six))
    assert response.status_code == 409
    assert "printed after the tables are seated" in response.content.decode()


def test_the_rules_card_prints_before_any_couple_arrives(organizer_client, empty):
    response = organizer_client.get(url("print-rules", empty))
    assert response.status_code == 200
    assert "Trumps, best first" in all_text(response.content)


@pytest.mark.parametrize("name", ["print-index"] + [name for name, _ in PDFS])
def test_outsiders_are_refused_and_anonymous_visitors_sent_to_sign_in(
    outsider_client, client, finished, name
):
    assert outsider_client.get(url(name, finished)).status_code == 404  # no role in the hall
    response = client.get(url(name, finished))
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


@pytest.mark.parametrize("name", ["print-index"] + [name for name, _ in PDFS])
def test_only_get_is_allowed(organizer_client, finished, name):
    assert organizer_client.post(url(name, finished)).status_code == 405


@pytest.mark.parametrize("name", ["print-index"] + [name for name, _ in PDFS])
def test_an_unknown_evening_is_a_404(organizer_client, name):
    assert organizer_client.get(reverse(name, args=["no-such-evening"])).status_code == 404


def test_the_results_pdf_is_built_in_a_constant_number_of_queries(
    organizer_client, finished, django_assert_max_num_queries
):
    with django_assert_max_num_queries(16):
        assert organizer_client.get(url("print-results", finished)).status_code == 200
