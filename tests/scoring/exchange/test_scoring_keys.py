"""Export and import of the scoring part of the evening's JSON."""

import datetime
import json
from decimal import Decimal

import pytest

from scoring.exchange import ImportProblem, export_scoring, import_scoring
from scoring.models import CutCard, JarOutcome, Prize, Target, TieBreak
from scoring.results import evening_results
from scoring.services import jar as cookiejar
from scoring.services import ties as tiebreaks
from scoring.services.prizes import set_prize
from tables.models import Couple, Evening, Punch
from tests.scoring.conftest import finish, make_couples, punch_counts

pytestmark = pytest.mark.django_db

COUNTS = [18, 18, 16, 15, 15, 2]


@pytest.fixture
def played(evening):
    Evening.objects.filter(pk=evening.pk).update(
        cookie_jar=True, jar_draw_size=2, jar_buy_in=Decimal("2"), booby_prize=True,
        jar_numbers=[1, 3], fifty_fifty=True, fifty_fifty_takings=Decimal("30"),
    )  # fmt: skip
    evening.refresh_from_db()
    couples = make_couples(evening, 6, paid=True, jar_buy_in=True)
    punch_counts(evening, couples, COUNTS)
    set_prize(evening, Target.PLACE, 1, kind="cash", amount="40")
    set_prize(evening, Target.PLACE, 3, kind="item", item="A turkey")
    evening = finish(evening)
    tiebreak = tiebreaks.open_tiebreak(evening, Target.PLACE, 1)
    tiebreaks.record_choices(tiebreak, {1: "cut", 2: "cut"})
    tiebreaks.record_cut(tiebreak, {1: "4H", 2: "4S"})
    tiebreaks.record_cut(tiebreak, {1: "KH", 2: "9S"})
    third = tiebreaks.open_tiebreak(evening, Target.PLACE, 3)
    tiebreaks.record_choices(third, {4: "playoff", 5: "refuse"})
    cookiejar.reveal(evening)
    return evening


def paper_copy(hall, source):
    """A new evening with the same couples and punch cards (what the tables
    engineer's import creates from "standings"), before the scoring keys."""
    copy = Evening.objects.create(
        hall=hall, name="Copy", slug="copy", date=datetime.date(2026, 12, 4),
        cookie_jar=True, jar_draw_size=2, jar_buy_in=Decimal("2"), booby_prize=True,
        fifty_fifty=True, status="finished", current_game=25,
    )  # fmt: skip
    for couple in source.couples.all():
        new = Couple.objects.create(
            evening=copy, number=couple.number, player1=couple.player1,
            player2=couple.player2, paid=couple.paid, jar_buy_in=couple.jar_buy_in,
        )  # fmt: skip
        Punch.objects.bulk_create(
            Punch(evening=copy, couple=new, game_number=p.game_number, source="paper")
            for p in couple.punches.all()
        )
    return copy


def test_the_export_has_places_booby_jar_and_tiebreak_records(played):
    data = json.loads(json.dumps(export_scoring(played)))  # plain JSON
    assert data["places"] == [
        {"place": 1, "wins": 18, "couples": [1, 2], "status": "settled", "winners": [2]},
        {"place": 2, "wins": 16, "couples": [3], "status": "awarded", "winners": [3]},
        {"place": 3, "wins": 15, "couples": [4, 5], "status": "settled", "winners": [4]},
    ]
    assert data["booby"]["couples"] == [6]
    assert data["cookie_jar"]["numbers"] == [1, 3]
    assert data["cookie_jar"]["winners"] == [1, 2, 3, 4, 5]
    assert data["cookie_jar"]["pot"] == "12.00"
    first = data["tiebreaks"][0]
    assert (first["method"], first["status"]) == ("cut", "settled")
    assert [(c["round"], c["couple"], c["card"]) for c in first["cuts"]] == [
        (1, 1, "4H"), (1, 2, "4S"), (2, 1, "KH"), (2, 2, "9S")
    ]  # fmt: skip
    assert data["tiebreaks"][1]["entries"][1]["forfeited"] is True


def test_a_round_trip_gives_the_same_results(played, hall):
    data = json.loads(json.dumps(export_scoring(played)))
    copy = paper_copy(hall, played)
    import_scoring(copy, data)
    copy.refresh_from_db()
    again = json.loads(json.dumps(export_scoring(copy)))
    for key in ("places", "booby", "prizes", "tiebreaks"):
        assert again[key] == data[key], key
    assert again["cookie_jar"]["winners"] == data["cookie_jar"]["winners"]
    assert JarOutcome.objects.filter(evening=copy).exists()
    assert (
        evening_results(copy).places[0].how_settled == evening_results(played).places[0].how_settled
    )


def test_an_evening_given_only_as_punch_cards_gets_places_ties_and_a_jar(played, hall):
    copy = paper_copy(hall, played)
    prize = {"target": "place", "place": 1, "kind": "cash", "amount": "40.00"}
    import_scoring(copy, {"prizes": [prize], "cookie_jar": {"numbers": [1, 3]}})
    copy.refresh_from_db()
    results = evening_results(copy)
    assert [p.status for p in results.places] == ["tied", "awarded", "tied"]
    assert len(results.jar.winners) == 5


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d["prizes"][0].update(amount="12.345"), "prizes[0].amount"),
        (lambda d: d["prizes"][0].update(amount=12.5), "prizes[0].amount"),
        (lambda d: d["prizes"][0].update(amount="-1.00"), "prizes[0].amount"),
        (lambda d: d["prizes"][0].update(kind="gold"), "prizes[0].kind"),
        (lambda d: d["tiebreaks"][0]["cuts"][1].update(card="ZZ"), "tiebreaks[0].cuts[1].card"),
        (lambda d: d["tiebreaks"][0]["cuts"][1].update(card="4H"), "tiebreaks[0]"),
        (
            lambda d: d["tiebreaks"][0]["entries"][0].update(couple=99),
            "tiebreaks[0].entries[0].couple",
        ),
        (lambda d: d["tiebreaks"][0].update(status="choosing"), "tiebreaks[0].status"),
        (lambda d: d["tiebreaks"][0].update(place=2), "tiebreaks[0]"),
        (lambda d: d["places"][0].update(winners=[1]), "places[0].winners"),
        (lambda d: d["cookie_jar"].update(numbers=[1, 1]), "cookie_jar.numbers"),
        (lambda d: d["cookie_jar"].update(numbers=[1, 2, 3]), "cookie_jar.numbers"),
        (lambda d: d["cookie_jar"].update(winners=[6]), "cookie_jar.winners"),
        (
            lambda d: d["cookie_jar"].update(fingerprint="0" * 64, salt="ab"),
            "cookie_jar.fingerprint",
        ),
        (lambda d: d.update(tiebreaks="lots"), "tiebreaks"),
    ],
)
def test_a_bad_file_names_the_field_and_imports_nothing(played, hall, change, field):
    data = json.loads(json.dumps(export_scoring(played)))
    change(data)
    copy = paper_copy(hall, played)
    with pytest.raises(ImportProblem) as problem:
        import_scoring(copy, data)
    assert problem.value.message.startswith(f"{field}:"), problem.value.message
    assert not Prize.objects.filter(evening=copy).exists()
    assert not TieBreak.objects.filter(evening=copy).exists()
    assert not CutCard.objects.filter(tiebreak__evening=copy).exists()
    copy.refresh_from_db()
    assert copy.jar_numbers == []


def test_a_sealed_draw_is_exported_without_its_numbers_before_the_reveal(evening):
    Evening.objects.filter(pk=evening.pk).update(cookie_jar=True, jar_draw_mode="sealed")
    evening.refresh_from_db()
    make_couples(evening, 2)
    cookiejar.draw_at_start(evening)
    evening.refresh_from_db()
    jar = export_scoring(evening)["cookie_jar"]
    assert jar["numbers"] is None and jar["salt"] is None
    assert jar["fingerprint"] == evening.jar_fingerprint
