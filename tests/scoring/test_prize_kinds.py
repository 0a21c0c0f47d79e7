"""A prize asks only for what its kind needs (issue 48, point 8): an amount
for cash, a share of the takings for a share, a name for an item. Every
field is in the page (without a stylesheet that knows :has, all show and
the form works); the one of another kind is hidden by the page's style, and
what it holds is neither checked nor kept."""

import re

import pytest
from django.urls import reverse

from scoring.forms import PrizeForm
from scoring.models import Prize, Target

pytestmark = pytest.mark.django_db


def post(**fields):
    return {"target": Target.PLACE, "place": "1", **fields}


def test_each_field_is_marked_with_its_kind_on_both_pages(organizer_client, evening):
    pages = [
        organizer_client.get(reverse("prizes", args=[evening.slug])).content.decode(),
        organizer_client.get(reverse("evening-create")).content.decode(),
    ]
    for html in pages:
        assert re.search(r'class="[^"]*\bby-kind\b', html)
        for kind, name in (("cash", "amount"), ("share", "share_percent"), ("item", "item")):
            block = html.split(f'data-kind="{kind}"', 1)[1][:400]
            assert f"{name}" in block, (kind, block)


def test_what_a_field_of_another_kind_holds_is_not_checked():
    form = PrizeForm(post(kind="cash", amount="25", share_percent="lots", item=""))
    assert form.is_valid(), form.errors
    assert form.cleaned_data["amount"] == 25
    form = PrizeForm(post(kind="item", item="A turkey", amount="-3"))
    assert form.is_valid(), form.errors
    form = PrizeForm(post(kind="share", share_percent="", amount="25"))
    assert not form.is_valid() and list(form.errors) == ["share_percent"]


def test_a_prize_saved_keeps_only_its_kinds_value(organizer_client, evening):
    response = organizer_client.post(
        reverse("prize-set", args=[evening.slug]),
        post(kind="item", item="A turkey", amount="oops", share_percent="150"),
    )
    assert response.status_code == 302
    prize = Prize.objects.get(evening=evening)
    assert (prize.kind, prize.item, prize.amount, prize.share_percent) == (
        "item",
        "A turkey",
        None,
        None,
    )
