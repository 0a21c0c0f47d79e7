"""The health check, unknown URLs and CSRF failures."""

import pytest
from django.test import Client


def test_it_answers_ok_without_touching_the_database(client):
    # No db fixture: any database access here would raise.
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.content == b"ok"


def test_an_unknown_url_is_a_friendly_404(client, db):
    response = client.get("/no/such/page/")
    assert response.status_code == 404
    assert b"There is no such page" in response.content


@pytest.mark.django_db
def test_a_post_without_a_csrf_token_is_refused_with_a_message(organizer, evening):
    client = Client(enforce_csrf_checks=True)
    client.force_login(organizer)
    response = client.post(f"/evenings/{evening.slug}/door/", {"player1": "A", "player2": "B"})
    assert response.status_code == 403
    assert b"The form had expired" in response.content
    assert evening.couples.count() == 0


def test_pages_send_security_headers(client, db):
    response = client.get("/")
    assert "frame-ancestors 'none'" in response["Content-Security-Policy"]
    assert "script-src 'self'" in response["Content-Security-Policy"]
    assert response["X-Frame-Options"] == "DENY"
    assert response["X-Content-Type-Options"] == "nosniff"
