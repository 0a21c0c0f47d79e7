"""The booby prize (RULES.md A6), its ties, and tiny evenings where it
collides with the prize places."""

import pytest

from cardnight.errors import UserError
from scoring.models import Target
from scoring.results import evening_results
from scoring.services import ties as tiebreaks
from scoring.services.prizes import set_prize
from tables.models import Evening

from .conftest import finish, make_couples, punch_counts

pytestmark = pytest.mark.django_db


def booby_evening(evening, counts, prize_places=3, ranking="distinct"):
    Evening.objects.filter(pk=evening.pk).update(
        booby_prize=True, prize_places=prize_places, ranking=ranking
    )
    evening.refresh_from_db()
    couples = make_couples(evening, len(counts))
    punch_counts(evening, couples, counts)
    return finish(evening)


def numbers(couples):
    return [couple.number for couple in couples]


def test_the_couple_with_the_fewest_games_takes_the_booby_prize(evening):
    evening = booby_evening(evening, [18, 16, 15, 12, 4, 9])
    booby = evening_results(evening).booby
    assert (booby.wins, numbers(booby.couples), booby.status) == (4, [5], "awarded")


def test_a_booby_tie_is_settled_like_any_tie(evening):
    evening = booby_evening(evening, [18, 16, 15, 4, 4, 9])
    set_prize(evening, Target.BOOBY, kind="item", item="A wooden spoon")
    booby = evening_results(evening).booby
    assert (numbers(booby.couples), booby.status) == ([4, 5], "tied")
    tiebreak = tiebreaks.open_tiebreak(evening, Target.BOOBY)
    tiebreaks.record_choices(tiebreak, {4: "cut", 5: "cut"})
    tiebreaks.record_cut(tiebreak, {4: "2H", 5: "QS"})
    booby = evening_results(evening).booby
    assert (numbers(booby.winners), booby.status, booby.prize_text) == (
        [4],
        "settled",
        "A wooden spoon",
    )


@pytest.mark.parametrize(
    ("counts", "prize_places", "ranking", "booby"),
    [
        # Everyone holds a place: no booby prize.
        ([3, 2], 3, "distinct", None),
        ([3, 3, 1], 2, "distinct", None),
        # The fewest-games couple holds third place; nobody left.
        ([5, 4, 3], 3, "distinct", None),
        # Standard ranking: 5, 4, 4 fill three places; the 1 takes the booby.
        ([5, 4, 4, 1], 3, "standard", (1, [4])),
        # Distinct counts: 5, 4, 4, 2 fill three places; the 1 takes the booby.
        ([5, 4, 4, 2, 1], 3, "distinct", (1, [5])),
        # Everyone tied: all contest first place, no booby.
        ([4, 4, 4], 3, "distinct", None),
        # A couple with no game never holds a place, so it can take the booby.
        ([2, 0, 0], 3, "distinct", (0, [2, 3])),
    ],
)
def test_a_couple_holding_a_prize_place_cannot_also_take_the_booby_prize(
    evening, counts, prize_places, ranking, booby
):
    evening = booby_evening(evening, counts, prize_places, ranking)
    results = evening_results(evening)
    placed = {c.number for p in results.places for c in p.couples}
    if booby is None:
        assert results.booby is None
    else:
        assert (results.booby.wins, numbers(results.booby.couples)) == booby
        assert not placed & set(numbers(results.booby.couples))


def test_no_tie_break_for_a_booby_prize_that_does_not_exist(evening):
    evening = booby_evening(evening, [3, 2])
    with pytest.raises(UserError, match="Every couple holds a prize place"):
        tiebreaks.open_tiebreak(evening, Target.BOOBY)


def test_no_booby_prize_when_the_setting_is_off(evening):
    couples = make_couples(evening, 4)
    punch_counts(evening, couples, [9, 8, 7, 1])
    evening = finish(evening)
    assert evening_results(evening).booby is None
    with pytest.raises(UserError, match="no booby prize"):
        tiebreaks.open_tiebreak(evening, Target.BOOBY)
