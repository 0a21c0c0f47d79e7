"""A ruling's link as a QR code, for the other player's phone."""

import pytest

pytestmark = pytest.mark.django_db


def test_the_ruling_shows_a_qr_code_of_its_own_link(client):
    html = client.get("/rules/", {"trump": "H", "cards": "5H JH AH 2C"}).content.decode()
    assert (
        '<img class="qr" src="/rules/qr.svg?'
        'link=%2Frules%2F%3Ftrump%3DH%26cards%3D5H%2BJH%2BAH%2B2C" loading="lazy"'
    ) in html
    assert "http://testserver/rules/?trump=H&amp;cards=5H+JH+AH+2C" in html


def test_a_prompt_has_no_qr_code(client):
    assert "qr.svg" not in client.get("/rules/", {"trump": "H", "cards": "5H"}).content.decode()


@pytest.mark.parametrize(
    "link",
    [
        "/rules/?trump=H&cards=5H+JH+AH+2C",
        "/rules/round/?trump=C&t1=6C+QC+JC+7C",
        "/e/friday-45s/rules/score/?round=1&a=30&b=0",
    ],
)
def test_the_qr_code_is_an_svg_image(client, link):
    response = client.get("/rules/qr.svg", {"link": link})
    assert response.status_code == 200
    assert response["Content-Type"] == "image/svg+xml"
    assert response.content.startswith(b"<svg")
    assert "max-age=3600" in response["Cache-Control"]


@pytest.mark.parametrize(
    "link",
    ["", "https://example.com/rules/", "//example.com/rules/", "/admin/", "/evenings/", "/nope/"],
)
def test_only_links_to_the_rules_page_are_drawn(client, link):
    assert client.get("/rules/qr.svg", {"link": link}).status_code == 404


def test_the_qr_code_is_get_only(client):
    assert client.post("/rules/qr.svg", {"link": "/rules/"}).status_code == 405


def test_a_link_too_long_for_a_qr_code_is_a_400_with_a_message(client):
    link = "/rules/?trump=H&cards=" + "5H" * 3000
    response = client.get("/rules/qr.svg", {"link": link})
    assert response.status_code == 400
    assert "too long for a QR code" in response.content.decode()
