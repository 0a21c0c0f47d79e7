"""The health check, unknown URLs and CSRF failures."""

import pytest
from django.test import Client


def test_it_answers_ok_without_touching_the_database(client):
    # No db fixture: any database access here would raise.
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.content == b"ok"


@pytest.mark.django_db
def test_the_readiness_check_answers_ok_when_the_database_does(client, django_assert_num_queries):
    with django_assert_num_queries(1):
        response = client.get("/readyz")
    assert (response.status_code, response.content) == (200, b"ok")
    assert "no-cache" in response["Cache-Control"]


@pytest.mark.django_db
def test_the_readiness_check_answers_503_while_the_database_does_not(client, monkeypatch):
    """What a live page asks while its banner is up (static/js/live/banner.js):
    the banner stays while the database is away, though /healthz answers."""
    from django.db import OperationalError, connection

    def away():
        raise OperationalError("connection refused")

    monkeypatch.setattr(connection, "cursor", away)
    response = client.get("/readyz")
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    assert client.get("/healthz").status_code == 200


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
