"""The cookie jar page through the web."""

from decimal import Decimal

import pytest
from django.urls import reverse

from scoring.models import JarOutcome
from tables.models import Evening

from .conftest import finish, make_couples, punch

pytestmark = pytest.mark.django_db


def jar_on(evening, mode="hat"):
    Evening.objects.filter(pk=evening.pk).update(
        cookie_jar=True, jar_draw_mode=mode, jar_draw_size=3, jar_buy_in=Decimal("2")
    )
    evening.refresh_from_db()
    return evening


def test_a_volunteer_buys_couples_in(volunteer_client, evening):
    jar_on(evening)
    make_couples(evening, 2)
    url = reverse("jar-buy-in", args=[evening.slug, 2])
    response = volunteer_client.post(url, {"bought_in": "1"}, headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert "Couple 2 is in the jar." in response.content.decode()
    assert list(evening.couples.filter(jar_buy_in=True).values_list("number", flat=True)) == [2]
    assert volunteer_client.post(url, {"bought_in": "maybe"}).status_code == 400


def test_the_organizer_types_hat_numbers_and_settles(organizer_client, evening):
    jar_on(evening)
    couples = make_couples(evening, 2, jar_buy_in=True)
    url = reverse("jar-hat", args=[evening.slug])
    response = organizer_client.post(url, {"numbers": "4 4 9"})
    assert response.status_code == 400 and "typed twice" in response.content.decode()
    assert organizer_client.post(url, {"numbers": "9, 4 13"}).status_code == 302
    evening.refresh_from_db()
    assert evening.jar_numbers == [4, 9, 13]
    punch(evening, couples[0], [4, 9, 13])
    finish(evening)
    response = organizer_client.post(reverse("jar-reveal", args=[evening.slug]))
    assert response.status_code == 302
    assert JarOutcome.objects.get().winners == [1]
    html = organizer_client.get(reverse("jar", args=[evening.slug])).content.decode()
    assert "$4.00" in html


def test_a_sealed_jar_shows_the_fingerprint_then_the_check(organizer_client, evening):
    from scoring.services import jar as cookiejar

    jar_on(evening, "sealed")
    make_couples(evening, 2, jar_buy_in=True)
    cookiejar.draw_at_start(evening)
    evening.refresh_from_db()
    html = organizer_client.get(reverse("jar", args=[evening.slug])).content.decode()
    assert evening.jar_fingerprint in html and evening.jar_salt not in html
    response = organizer_client.post(reverse("jar-reveal", args=[evening.slug]))
    assert response.status_code == 409
    finish(evening)
    organizer_client.post(reverse("jar-reveal", args=[evening.slug]))
    html = organizer_client.get(reverse("jar", args=[evening.slug])).content.decode()
    assert evening.jar_salt in html and "sha256sum" in html


def test_a_volunteer_cannot_type_numbers_or_settle(volunteer_client, evening):
    jar_on(evening)
    assert (
        volunteer_client.post(
            reverse("jar-hat", args=[evening.slug]), {"numbers": "1 2 3"}
        ).status_code
        == 403
    )
    assert volunteer_client.post(reverse("jar-reveal", args=[evening.slug])).status_code == 403
    evening.refresh_from_db()
    assert evening.jar_numbers == []


def test_the_jar_page_of_an_evening_without_a_jar_is_404(volunteer_client, evening):
    response = volunteer_client.get(reverse("jar", args=[evening.slug]))
    assert response.status_code == 404
    assert "no cookie jar" in response.content.decode()
