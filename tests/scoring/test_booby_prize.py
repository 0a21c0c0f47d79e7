"""The booby prize (RULES.md A6), its ties, and tiny evenings where it
collides with the prize places."""

import pytest
from django.utils import translation

from cardnight.errors import UserError
from scoring.models import Target
from scoring.results import evening_results
from scoring.services import ties as tiebreaks
from scoring.services.prizes import set_prize
from tables.models import Evening
from tests.support.gate import changed

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


def leave(evening, number, after):
    evening.couples.filter(number=number).update(left_after_game=after)


@pytest.mark.parametrize(
    ("counts", "left", "leavers_eligible", "booby"),
    [
        # The fewest-games couple left after game 2: the next fewest who stayed.
        ([18, 16, 15, 12, 2, 9], {5: 2}, False, (9, [6])),
        # ... unless the setting lets couples who left take it.
        ([18, 16, 15, 12, 2, 9], {5: 2}, True, (2, [5])),
        # Left after game 24 of 25: before the last game, not eligible.
        ([18, 16, 15, 12, 2, 9], {5: 24}, False, (9, [6])),
        # Played the last game: it stayed to the end.
        ([18, 16, 15, 12, 2, 9], {5: 25}, False, (2, [5])),
        # Two couples tied for the fewest, one left: the other takes it alone.
        ([18, 16, 15, 12, 2, 2], {5: 10}, False, (2, [6])),
        # ... and with the setting, both are tied for it.
        ([18, 16, 15, 12, 2, 2], {5: 10}, True, (2, [5, 6])),
        # Every couple outside the prize places left: no booby prize.
        ([18, 16, 15, 12, 2], {4: 3, 5: 3}, False, None),
        # A leaver holding a prize place changes nothing: the fewest still wins it.
        ([18, 16, 15, 12, 2, 9], {1: 20}, False, (2, [5])),
    ],
)
def test_couples_who_left_early_and_the_booby_prize(evening, counts, left, leavers_eligible, booby):
    evening = booby_evening(evening, counts)
    for number, after in left.items():
        leave(evening, number, after=after)
    Evening.objects.filter(pk=evening.pk).update(booby_early_leavers=leavers_eligible)
    evening.refresh_from_db()
    found = evening_results(evening).booby
    assert (found and (found.wins, numbers(found.couples))) == booby


def test_a_late_couple_that_stayed_to_the_end_is_eligible(evening):
    evening = booby_evening(evening, [18, 16, 15, 12, 2, 9])
    evening.couples.filter(number=5).update(joined_game=20)
    assert numbers(evening_results(evening).booby.couples) == [5]


def test_standings_board_and_results_sheet_mark_late_and_early_couples(volunteer_client, evening):
    from django.urls import reverse

    from scoring.printing.rows import results_rows

    evening = booby_evening(evening, [18, 16, 15, 12, 2, 9])
    Evening.objects.filter(pk=evening.pk).update(published=True)
    leave(evening, 5, after=5)
    evening.couples.filter(number=6).update(joined_game=4)
    changed(evening)  # as the services do: the board notices
    html = volunteer_client.get(reverse("standings", args=[evening.slug])).content.decode()
    assert "left after game 5" in html and "arrived late, from game 4" in html
    board = volunteer_client.get(reverse("board", args=[evening.slug])).content.decode()
    assert "left after game 5" in board and "arrived late, from game 4" in board
    notes = {row.number: row.note for row in results_rows(evening).standings}
    assert notes[5] == "left after game 5"
    assert notes[6] == "arrived late, from game 4"
    assert notes[1] == ""


def booby_during_play(evening):
    from tests.i18n.conftest import play

    Evening.objects.filter(pk=evening.pk).update(booby_prize=True, games=9, published=True)
    evening.refresh_from_db()
    evening = play(evening, couples=8, stop_at=3)
    from tables import services

    late = services.register_couple(evening, "Rita Landry", "Angus MacDonald", paid=True)
    return evening, late


def test_during_play_a_couple_that_has_not_played_yet_is_not_the_booby(evening):
    """A couple registered a minute ago (it joins at the next game) has 0 games
    that say nothing yet: the booby prize as it stands leaves it out."""
    evening, late = booby_during_play(evening)
    assert late.joined_game == 4
    booby = evening_results(evening).booby
    assert booby is not None and late.number not in numbers(booby.couples)
    assert booby.wins > 0 or all(c.joined_game < 3 for c in booby.couples)


def test_the_booby_prize_says_as_of_which_game(evening, client, organizer_client):
    from tests.i18n.conftest import FRENCH

    evening, late = booby_during_play(evening)
    board = client.get(f"/e/{evening.slug}/").content.decode()
    assert "Booby prize as of game 3" in board
    prizes = organizer_client.get(f"/evenings/{evening.slug}/prizes/").content.decode()
    assert "Booby prize as of game 3" in prizes
    assert "A couple that has not played a whole game yet is not in line for it." in prizes
    with translation.override("en"):  # the French request leaves no French behind
        french = client.get(f"/e/{evening.slug}/", **FRENCH).content.decode()
    assert "Prix de consolation à la partie 3" in french


def test_at_the_end_the_booby_prize_says_no_game(evening, client):
    evening = booby_evening(evening, [18, 16, 15, 12, 4, 9])
    html = client.get(f"/e/{evening.slug}/").content.decode()
    assert "Booby prize as of game" not in html


@pytest.mark.parametrize(
    ("joined", "current", "finished", "expected"),
    [(1, 1, False, True), (1, 2, False, False), (3, 3, False, True), (4, 3, False, True),
     (2, 3, False, False), (25, 25, True, False), (1, 25, True, False)],
)  # fmt: skip
def test_not_played_yet(joined, current, finished, expected):
    from scoring.rules.ranking import not_played_yet

    assert not_played_yet(joined, current, finished) is expected
