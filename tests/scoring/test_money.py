"""The money summary and the amounts people type."""

from decimal import Decimal

import pytest

from cardnight.errors import UserError
from scoring.models import Prize, Target
from scoring.results import evening_results
from scoring.services.extras import set_fifty_fifty
from scoring.services.prizes import set_prize
from tables.models import Evening

from .conftest import finish, make_couples, punch_counts

pytestmark = pytest.mark.django_db


def test_a_treasurer_can_sign_the_summary(evening):
    Evening.objects.filter(pk=evening.pk).update(
        entry_fee=Decimal("10.00"),
        cookie_jar=True,
        jar_buy_in=Decimal("2.00"),
        jar_numbers=[1, 2],
        fifty_fifty=True,
        booby_prize=True,
    )
    evening.refresh_from_db()
    couples = make_couples(evening, 10, paid=True, jar_buy_in=True)
    couples[9].paid = False
    couples[9].save()
    punch_counts(evening, couples, [18, 16, 15, 12, 11, 10, 9, 8, 1, 0])
    set_prize(evening, Target.PLACE, 1, kind="share", share_percent="30")
    set_prize(evening, Target.PLACE, 2, kind="cash", amount="15.00")
    set_prize(evening, Target.PLACE, 3, kind="item", item="A quilt")
    set_prize(evening, Target.BOOBY, kind="cash", amount="5.00")
    set_fifty_fifty(evening, Decimal("41.25"), "A-113", "Joe D'Eon")
    money = evening_results(finish(evening)).money
    assert money.entries == money.takings == Decimal("90.00")  # 9 paid couples
    assert money.jar_buy_ins == Decimal("20.00")
    assert money.prizes_paid == Decimal("27.00") + Decimal("15.00") + Decimal("5.00")
    assert money.items == ("A quilt",)
    assert money.fifty_fifty_paid == Decimal("20.62")
    assert money.fifty_fifty_hall == Decimal("20.63")
    assert money.hall_keeps == Decimal("90.00") - Decimal("47.00") + Decimal("20.63")
    assert money.jar_paid_out == Decimal("20.00")  # couples 1-8 hold games 1 and 2
    assert money.cash_in - money.cash_out == (
        money.hall_keeps + money.jar_carried_over - money.jar_carried_in
    )
    assert all(isinstance(line.amount, Decimal) for line in money.lines)
    assert [line.key for line in money.lines][-1] == "hall_keeps"


def test_share_prizes_cannot_give_away_more_than_the_takings(evening):
    set_prize(evening, Target.PLACE, 1, kind="share", share_percent="60")
    with pytest.raises(UserError, match="110% of the takings"):
        set_prize(evening, Target.PLACE, 2, kind="share", share_percent="50")
    assert Prize.objects.count() == 1


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"kind": "cash", "amount": "12.345"}, "more than two decimals"),
        ({"kind": "cash", "amount": "-1"}, "cannot be negative"),
        ({"kind": "share", "share_percent": "101"}, "is more than"),
        ({"kind": "item", "item": "   "}, "Name the prize"),
        ({"kind": "gold", "amount": "1"}, "cash, a share of the takings, or an item"),
    ],
)
def test_bad_prizes_are_refused_and_nothing_changes(evening, kwargs, message):
    set_prize(evening, Target.PLACE, 1, kind="cash", amount="20")
    with pytest.raises(UserError, match=message):
        set_prize(evening, Target.PLACE, 1, **kwargs)
    prize = Prize.objects.get()
    assert (prize.kind, prize.amount) == ("cash", Decimal("20.00"))


def test_a_prize_for_a_place_beyond_the_prize_places_is_refused(evening):
    with pytest.raises(UserError, match="The prize places are 1 to 3"):
        set_prize(evening, Target.PLACE, 4, kind="cash", amount="1")


def test_the_fifty_fifty_refuses_three_decimals(evening):
    Evening.objects.filter(pk=evening.pk).update(fifty_fifty=True)
    evening.refresh_from_db()
    with pytest.raises(UserError, match="more than two decimals"):
        set_fifty_fifty(evening, "10.005")
    assert Evening.objects.get(pk=evening.pk).fifty_fifty_takings == Decimal("0")


@pytest.mark.parametrize(
    ("language", "keeps", "out"),
    [("en", "\u2212$95.00", "\u2212$100.00"), ("fr", "\u221295,00\xa0$", "\u2212100,00\xa0$")],
)
def test_a_hall_that_pays_out_more_than_it_takes_shows_one_minus_format(
    organizer_client, evening, language, keeps, out
):
    """ "The hall keeps $-95.00" used to sit next to "−$100.00" lines."""
    Evening.objects.filter(pk=evening.pk).update(entry_fee=Decimal("1.00"))
    evening.refresh_from_db()
    couples = make_couples(evening, 5, paid=True)
    punch_counts(evening, couples, [5, 4, 3, 2, 1])
    set_prize(evening, Target.PLACE, 1, kind="cash", amount="100.00")
    finish(evening)
    organizer_client.cookies["django_language"] = language
    html = organizer_client.get(f"/evenings/{evening.slug}/prizes/").content.decode()
    row = html[html.index('class="money-hall_keeps') :]
    assert keeps in row[: row.index("</tr>")]
    row = html[html.index('class="money-prizes') :]
    assert out in row[: row.index("</tr>")]
    assert "$-" not in html and "-95" not in html


def test_prizes_paid_says_the_cash_then_the_items_given(evening, organizer_client):
    """Not "Prizes paid / and a turkey; …": the line is the cash, and the
    items given are said as such, on the prizes page and the results sheet."""
    from scoring.printing.rows import results_sheet

    couples = make_couples(evening, 4, paid=True)
    punch_counts(evening, couples, [9, 7, 5, 1])
    set_prize(evening, Target.PLACE, 1, kind="cash", amount="65.00")
    set_prize(evening, Target.PLACE, 2, kind="item", item="a turkey")
    set_prize(evening, Target.PLACE, 3, kind="item", item="a box of chocolates")
    evening = finish(evening)
    detail = "In cash; also given: a turkey; a box of chocolates"
    (line,) = [line for line in evening_results(evening).money.lines if line.key == "prizes_paid"]
    assert line.detail == detail
    (row,) = [r for r in results_sheet.results_rows(evening).money if r.label == "Prizes paid"]
    assert row.detail == detail
    html = organizer_client.get(f"/evenings/{evening.slug}/prizes/").content.decode()
    assert detail in html
    assert "and a turkey" not in html
