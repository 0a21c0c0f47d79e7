"""The door's words say what a tap does (issue 48, point 8): the jar's button
is an action, not the state it leads to, and the help names the button that
changes a couple's names."""

import re

import pytest
from django.urls import reverse

from tables.models import Couple, Evening

pytestmark = pytest.mark.django_db


@pytest.fixture
def jar_evening(evening):
    Evening.objects.filter(pk=evening.pk).update(cookie_jar=True, jar_buy_in="2.00")
    evening.refresh_from_db()
    Couple.objects.create(evening=evening, number=1, player1="Mary", player2="John")
    Couple.objects.create(
        evening=evening, number=2, player1="Rita", player2="Angus", jar_buy_in=True
    )
    return evening


def buttons(html: str) -> list[str]:
    return [
        re.sub(r"\s+", " ", text).strip()
        for text in re.findall(r"<button[^>]*>(.*?)</button>", html, re.S)
    ]


def test_the_jars_button_is_an_action_not_the_state(volunteer_client, jar_evening):
    """ "In the jar" was both the button of couple 1 and the state of couple
    2 ("✔ In the jar"): at arm's length the button read as done."""
    for url in (
        reverse("door", args=[jar_evening.slug]),
        reverse("couple-edit", args=[jar_evening.slug, 1]),
    ):
        html = volunteer_client.get(url).content.decode()
        assert "Put in the jar" in buttons(html), url
        assert "In the jar" not in buttons(html), url
    door = volunteer_client.get(reverse("door", args=[jar_evening.slug])).content.decode()
    assert "✔ In the jar" in door  # couple 2's state


@pytest.mark.parametrize("persona", ["organizer_client", "volunteer_client"])
def test_the_doors_help_names_the_edit_button(request, persona, evening):
    client = request.getfixturevalue(persona)
    html = client.get(reverse("door", args=[evening.slug])).content.decode()
    help_text = html[html.index("How this works") : html.index("</details>")]
    assert "Tap the couple" not in help_text  # a couple's line is not a link
    assert "“Edit”" in help_text
