"""A prize the New evening form turns on is asked for on that form, and the
checklist says the prizes are set only when every prize that is on has what
it is (issue 48, point 2: a booby prize ticked on the blank form was left
unset, with no field for it, while the checklist said "The prizes are set.")."""

from decimal import Decimal

import pytest
from django.urls import reverse

from scoring.checklist import DONE, TODO, checklist
from scoring.models import Prize
from scoring.services.prizes import set_prize
from tables.models import Evening
from tests.support.forms import post_data

pytestmark = pytest.mark.django_db


def blank_form(client) -> tuple[object, dict]:
    """New evening with nothing to start from, and what a browser sends for it."""
    page = client.get(reverse("evening-create"))
    assert page.status_code == 200
    data = post_data(page) | {"name": "Friday 45s", "date": "2026-11-27"}
    return page, data


def row(page, target: str) -> str:
    """The prefix of the prizes formset's row for `target`."""
    prizes = page.context["part_forms"][0][1]
    return next(f.prefix for f in prizes if f["target"].value() == target)


def test_the_blank_form_has_a_row_for_the_booby_prize_shown_while_it_is_ticked(
    organizer_client, hall
):
    page, _data = blank_form(organizer_client)
    html = page.content.decode()
    assert 'data-setting="booby_prize"' in html
    assert 'data-setting="half_time_leader"' in html
    assert 'data-setting="travelling_prize"' in html
    assert f'name="{row(page, "booby")}-item"' in html


def test_ticking_the_booby_prize_on_the_blank_form_sets_it(organizer_client, hall):
    page, data = blank_form(organizer_client)
    booby = row(page, "booby")
    data |= {"booby_prize": "on", f"{booby}-kind": "item", f"{booby}-item": "A deck of cards"}
    data |= {"prizes-0-amount": "30", "prizes-1-amount": "20", "prizes-2-amount": "10"}
    response = organizer_client.post(reverse("evening-create"), data)
    assert response.status_code == 302
    evening = Evening.objects.get()
    assert evening.booby_prize
    assert Prize.objects.get(evening=evening, target="booby").item == "A deck of cards"
    night = checklist(evening)
    assert night.step("prizes").state == DONE
    assert night.step("prizes").detail == "The prizes are set."


def test_a_prize_that_is_off_is_not_checked_or_written(organizer_client, hall):
    page, data = blank_form(organizer_client)
    travelling = row(page, "travelling")
    data |= {f"{travelling}-kind": "cash", f"{travelling}-amount": "lots"}  # never shown
    response = organizer_client.post(reverse("evening-create"), data)
    assert response.status_code == 302
    assert not Prize.objects.filter(target="travelling").exists()


def test_a_bad_value_for_a_prize_that_is_on_is_refused(organizer_client, hall):
    page, data = blank_form(organizer_client)
    booby = row(page, "booby")
    data |= {"booby_prize": "on", f"{booby}-kind": "cash", f"{booby}-amount": "lots"}
    response = organizer_client.post(reverse("evening-create"), data)
    assert response.status_code == 400
    assert Evening.objects.count() == 0


def test_the_checklist_names_a_prize_that_is_on_and_not_set(evening):
    Evening.objects.filter(pk=evening.pk).update(prize_places=2, booby_prize=True)
    evening.refresh_from_db()
    set_prize(evening, "place", 1, kind="cash", amount=Decimal("20"))
    set_prize(evening, "place", 2, kind="cash", amount=Decimal("10"))
    night = checklist(evening)
    assert night.step("prizes").state == TODO
    assert night.step("prizes").detail == "Still to set: Booby prize."
    assert night.next_step.key == "prizes"
    set_prize(evening, "booby", 0, kind="item", item="A deck of cards")
    night = checklist(evening)
    assert night.step("prizes").state == DONE
    assert night.step("prizes").detail == "The prizes are set."


def test_an_unset_prize_stays_on_the_list_but_does_not_hold_up_the_night(evening):
    from tables import services
    from tests.scoring.conftest import make_couples

    Evening.objects.filter(pk=evening.pk).update(prize_places=1, booby_prize=True)
    evening.refresh_from_db()
    set_prize(evening, "place", 1, kind="cash", amount=Decimal("20"))
    make_couples(evening, 4)
    services.start_evening(evening, seed=1)
    evening.refresh_from_db()
    night = checklist(evening)
    assert night.step("prizes").state == TODO
    assert night.next_step.key != "prizes"
