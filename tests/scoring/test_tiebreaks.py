"""Settling ties through the bridge: every step kept, the results follow."""

import random
from decimal import Decimal

import pytest

from cardnight.errors import Conflict, UserError
from scoring.models import CutCard, PlayoffGame, Prize, Target, TieBreak
from scoring.results import evening_results
from scoring.services import ties as tiebreaks
from scoring.services.prizes import set_prize
from tables.models import Evening

from .conftest import finish, make_couples, punch_counts

pytestmark = pytest.mark.django_db


@pytest.fixture
def tied3(evening):
    """Couples 1, 2, 3 tied for first on 18; couple 4 second; 5 and 6 tied third."""
    couples = make_couples(evening, 7, paid=True)
    punch_counts(evening, couples, [18, 18, 18, 16, 15, 15, 3])
    set_prize(evening, Target.PLACE, 1, kind="cash", amount="100.00")
    set_prize(evening, Target.PLACE, 2, kind="cash", amount="50.00")
    set_prize(evening, Target.PLACE, 3, kind="item", item="A turkey")
    return finish(evening)


def place(evening, number):
    return next(p for p in evening_results(evening).places if p.place == number)


def test_a_three_way_tie_settled_by_a_typed_cut(tied3):
    tiebreak = tiebreaks.open_tiebreak(tied3, Target.PLACE, 1)
    assert tiebreak.status == "choosing" and tiebreak.entries.count() == 3
    tiebreak = tiebreaks.record_choices(tiebreak, {1: "cut", 2: "split", 3: "cut"})
    assert (tiebreak.method, tiebreak.status) == ("cut", "cutting")
    tiebreak = tiebreaks.record_cut(tiebreak, {1: "5H", 2: "5S", 3: "KD"})
    assert tiebreak.status == "cutting"
    tiebreak = tiebreaks.record_cut(tiebreak, {1: "JC", 2: "AH"})
    assert tiebreak.status == "settled"
    first = place(tied3, 1)
    assert first.status == "settled"
    assert [c.number for c in first.winners] == [2]
    assert first.shares == {first.winners[0].id: Decimal("100.00")}
    assert "round 1: couple 1 5♥, couple 2 5♠, couple 3 K♦" in first.how_settled
    assert "Couple 2 wins." in first.how_settled
    assert list(CutCard.objects.values_list("round", "card")) == [
        (1, "5H"), (1, "5S"), (1, "KD"), (2, "JC"), (2, "AH")
    ]  # fmt: skip
    entries = {e.couple.number: (e.outcome_rank, e.share) for e in tiebreak.entries.all()}
    assert entries == {1: (None, None), 2: (1, Decimal("100.00")), 3: (None, None)}


def test_a_dealt_cut_settles_with_cards_from_one_deck(tied3):
    tiebreak = tiebreaks.open_tiebreak(tied3, Target.PLACE, 1)
    tiebreaks.record_choices(tiebreak, {1: "cut", 2: "cut", 3: "cut"})
    rng = random.Random(7)
    for _ in range(20):
        tiebreak = tiebreaks.deal_cut(tiebreak, rng=rng)
        if tiebreak.status == "settled":
            break
    assert tiebreak.status == "settled"
    assert CutCard.objects.filter(tiebreak=tiebreak, dealt_by_app=False).count() == 0
    assert "dealt by the app" in place(tied3, 1).how_settled


def test_a_unanimous_split_of_cash_is_to_the_cent(tied3):
    set_prize(tied3, Target.PLACE, 1, kind="cash", amount="100.00")
    tiebreak = tiebreaks.open_tiebreak(tied3, Target.PLACE, 1)
    tiebreak = tiebreaks.record_choices(tiebreak, {1: "split", 2: "split", 3: "split"})
    assert (tiebreak.method, tiebreak.status) == ("split", "settled")
    first = place(tied3, 1)
    assert sorted(first.shares.values()) == [Decimal("33.33"), Decimal("33.33"), Decimal("33.34")]
    by_number = {c.number: first.shares[c.id] for c in first.winners}
    assert by_number == {1: Decimal("33.34"), 2: Decimal("33.33"), 3: Decimal("33.33")}


def test_a_split_asked_for_a_turkey_is_refused_and_nothing_changes(tied3):
    tiebreak = tiebreaks.open_tiebreak(tied3, Target.PLACE, 3)
    with pytest.raises(UserError, match="A turkey cannot be split"):
        tiebreaks.record_choices(tiebreak, {5: "split", 6: "split"})
    assert set(tiebreak.entries.values_list("choice", flat=True)) == {""}


def test_a_play_off_with_a_refuser(tied3):
    tiebreak = tiebreaks.open_tiebreak(tied3, Target.PLACE, 1)
    tiebreak = tiebreaks.record_choices(tiebreak, {1: "playoff", 2: "refuse", 3: "cut"})
    assert (tiebreak.method, tiebreak.status) == ("playoff", "playing")
    game = PlayoffGame.objects.get(tiebreak=tiebreak)
    assert {game.couple_a.number, game.couple_b.number} == {1, 3}
    with pytest.raises(UserError, match="did not play"):
        tiebreaks.record_playoff_winner(tiebreak, game.pk, 2)
    tiebreak = tiebreaks.record_playoff_winner(tiebreak, game.pk, 3)
    assert tiebreak.status == "settled"
    first = place(tied3, 1)
    assert [c.number for c in first.winners] == [3]
    assert "Couple 2 would not play off and forfeited." in first.how_settled
    assert "couple 3 beat couple 1" in first.how_settled
    assert tiebreak.entries.get(couple__number=2).forfeited


def test_a_three_couple_play_off_is_a_knock_out(tied3):
    tiebreak = tiebreaks.open_tiebreak(tied3, Target.PLACE, 1)
    tiebreaks.record_choices(tiebreak, {1: "playoff", 2: "playoff", 3: "playoff"})
    games = list(PlayoffGame.objects.filter(tiebreak=tiebreak))
    assert len(games) == 2 and sum(g.couple_b_id is None for g in games) == 1
    real = next(g for g in games if g.couple_b_id)
    tiebreak = tiebreaks.record_playoff_winner(tiebreak, real.pk, real.couple_a.number)
    assert tiebreak.status == "playing"
    final = PlayoffGame.objects.get(tiebreak=tiebreak, round=2)
    tiebreak = tiebreaks.record_playoff_winner(tiebreak, final.pk, final.couple_b.number)
    assert tiebreak.status == "settled"
    assert [c.id for c in place(tied3, 1).winners] == [final.couple_b_id]


def test_a_tie_break_for_a_place_that_is_not_tied_is_refused(tied3):
    with pytest.raises(UserError, match="Place 2 is not tied: couple 4 takes it outright."):
        tiebreaks.open_tiebreak(tied3, Target.PLACE, 2)
    with pytest.raises(UserError, match="No couple holds place 4"):
        tiebreaks.open_tiebreak(tied3, Target.PLACE, 4)
    assert TieBreak.objects.count() == 0


def test_ties_are_settled_after_the_last_game(evening):
    couples = make_couples(evening, 3)
    punch_counts(evening, couples, [5, 5, 1])
    Evening.objects.filter(pk=evening.pk).update(status="running", current_game=6)
    evening.refresh_from_db()
    with pytest.raises(Conflict, match="after the last game"):
        tiebreaks.open_tiebreak(evening, Target.PLACE, 1)


def test_cut_cards_that_are_wrong_are_refused_and_nothing_is_kept(tied3):
    tiebreak = tiebreaks.open_tiebreak(tied3, Target.PLACE, 1)
    tiebreaks.record_choices(tiebreak, {1: "cut", 2: "cut", 3: "cut"})
    bad = [
        ({1: "5H", 2: "5H", 3: "KD"}, "cut twice in one round"),
        ({1: "5H", 2: "ZZ", 3: "KD"}, '"ZZ" is not a card'),
        ({1: "5H", 2: "6H"}, "Type the card cut by couple 3."),
        ({1: "5H", 2: "6H", 3: "7H", 4: "8H"}, "Couple 4 is not in this tie."),
    ]
    for cards, message in bad:
        with pytest.raises(UserError, match=message):
            tiebreaks.record_cut(tiebreak, cards)
    assert CutCard.objects.count() == 0
    tiebreak.refresh_from_db()
    assert tiebreak.status == "cutting"


def test_a_tie_break_opened_before_a_correction_is_stale(tied3):
    tiebreak = tiebreaks.open_tiebreak(tied3, Target.PLACE, 1)
    from tables.models import Punch

    Punch.objects.filter(couple__number=3, game_number=1).delete()  # a correction
    results = evening_results(tied3)
    assert results.places[0].tiebreak_id is None
    assert any("discard it" in warning for warning in results.warnings)
    with pytest.raises(Conflict, match="discard it"):
        tiebreaks.record_choices(tiebreak, {1: "cut"})
    tiebreaks.discard(tiebreak)
    fresh = tiebreaks.open_tiebreak(tied3, Target.PLACE, 1)
    assert fresh.entries.count() == 2


def test_every_step_bumps_the_evening_version(tied3):
    before = tied3.version
    tiebreak = tiebreaks.open_tiebreak(tied3, Target.PLACE, 1)
    tiebreaks.record_choices(tiebreak, {1: "cut", 2: "cut", 3: "cut"})
    tied3.refresh_from_db()
    assert tied3.version >= before + 2


def test_standard_ranking_a_cut_orders_the_places_the_tie_covers(evening):
    Evening.objects.filter(pk=evening.pk).update(ranking="standard")
    evening.refresh_from_db()
    couples = make_couples(evening, 4, paid=True)
    punch_counts(evening, couples, [18, 18, 16, 10])
    set_prize(evening, Target.PLACE, 1, kind="cash", amount="60.00")
    set_prize(evening, Target.PLACE, 2, kind="cash", amount="30.00")
    evening = finish(evening)
    with pytest.raises(UserError, match="contested together with place 1"):
        tiebreaks.open_tiebreak(evening, Target.PLACE, 2)
    tiebreak = tiebreaks.open_tiebreak(evening, Target.PLACE, 1)
    tiebreaks.record_choices(tiebreak, {1: "cut", 2: "cut"})
    tiebreaks.record_cut(tiebreak, {1: "9H", 2: "3C"})
    places = evening_results(evening).places
    assert [(p.place, [c.number for c in p.winners]) for p in places] == [
        (1, [2]),
        (2, [1]),
        (3, [3]),
    ]


def test_standard_ranking_a_split_pools_the_prizes(evening):
    Evening.objects.filter(pk=evening.pk).update(ranking="standard")
    evening.refresh_from_db()
    couples = make_couples(evening, 3)
    punch_counts(evening, couples, [18, 18, 10])
    set_prize(evening, Target.PLACE, 1, kind="cash", amount="60.01")
    set_prize(evening, Target.PLACE, 2, kind="cash", amount="30.00")
    evening = finish(evening)
    tiebreak = tiebreaks.open_tiebreak(evening, Target.PLACE, 1)
    tiebreaks.record_choices(tiebreak, {1: "split", 2: "split"})
    first, second = evening_results(evening).places[:2]
    assert sorted(first.shares.values()) == [Decimal("45.00"), Decimal("45.01")]
    assert second.shares == {} and second.status == "settled"
    assert {e.couple.number: e.share for e in tiebreak.entries.all()} == {
        1: Decimal("45.01"),
        2: Decimal("45.00"),
    }


def test_a_prize_is_required_before_a_split(evening):
    couples = make_couples(evening, 3)
    punch_counts(evening, couples, [9, 9, 2])
    evening = finish(evening)
    tiebreak = tiebreaks.open_tiebreak(evening, Target.PLACE, 1)
    with pytest.raises(UserError, match="No prize is set for place 1"):
        tiebreaks.record_choices(tiebreak, {1: "split"})
    assert not Prize.objects.exists()
