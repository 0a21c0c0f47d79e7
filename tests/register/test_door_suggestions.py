"""The door's suggestions (tables.suggestions): two or three letters of
either name offer the hall's regular couples (as they usually sit, most
recent first) and single players; the look-up keys cover every couple the
couple search would take; the page answers volunteers only, with a
constant number of queries whatever the register's size."""

import datetime

import pytest
from django.urls import reverse
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tables import services, suggestions
from tables.models import Evening, Hall, Player, PlayerKey
from tables.search import index_keys, names_match, search_keys
from tables.services import erase, register
from tables.suggestions import COUPLES_SHOWN, suggest
from tests.conftest import signed_in

pytestmark = pytest.mark.django_db


def week(hall, day, couples, *, month=11):
    """An evening of `hall` with `couples` registered at the door."""
    evening = Evening.objects.create(
        hall=hall,
        name=f"Friday {month}-{day}",
        slug=f"friday-{hall.pk}-{month}-{day}",
        date=datetime.date(2026, month, day),
    )
    for first, second in couples:
        services.register_couple(evening, first, second, anyway=True)
    return evening


def tonight(hall):
    return Evening.objects.create(
        hall=hall, name="Tonight", slug=f"tonight-{hall.pk}", date=datetime.date(2026, 12, 4)
    )


def shown(found):
    return [(s.player1, s.player2) for s in found]


# --- what is offered ------------------------------------------------------------


def test_three_letters_offer_the_regular_couple_as_it_usually_sits(hall):
    week(hall, 6, [("Theresa O'Brien", "Frank O'Brien"), ("Ann MacNeil", "Rita Boudreau")])
    week(hall, 13, [("Frank O'Brien", "Theresa O'Brien")])  # sat the other way once
    week(hall, 20, [("Theresa O'Brien", "Frank O'Brien")])
    found = suggest(tonight(hall), "obr")
    assert shown(found.couples) == [("Theresa O'Brien", "Frank O'Brien")]
    couple = found.couples[0]
    assert couple.times == 3 and couple.last_seen == datetime.date(2026, 11, 20)
    # Then the players, each once, most recently seen first.
    assert {s.player1 for s in found.players} == {"Theresa O'Brien", "Frank O'Brien"}
    assert all(not s.is_couple for s in found.players)


def test_either_name_finds_the_couple_by_any_word_accents_and_mac_alike(hall):
    week(hall, 6, [("Marie-Thérèse D'Eon", "Angus MacDonald")])
    evening = tonight(hall)
    for typed in ("ther", "deo", "ang", "mcd", "mac don", "marie th", "D’E"):
        assert shown(suggest(evening, typed).couples) == [
            ("Marie-Thérèse D'Eon", "Angus MacDonald")
        ], typed
    for typed in ("ary", "x", "", "  ", "zzz", "é"):
        assert not suggest(evening, typed), typed


def test_the_most_recent_couples_come_first_and_only_a_few_are_shown(hall):
    for day in range(1, 8):
        week(hall, day, [(f"Mary {chr(65 + day)}ucas", f"John {day}")])
    found = suggest(tonight(hall), "mary")
    assert len(found.couples) == COUPLES_SHOWN
    assert [s.player1 for s in found.couples] == [
        f"Mary {chr(65 + day)}ucas" for day in range(7, 7 - COUPLES_SHOWN, -1)
    ]


def test_a_couple_already_here_tonight_comes_last_with_its_number(hall):
    week(hall, 6, [("Ann MacNeil", "Joe MacNeil"), ("Ann MacLean", "Rod MacLean")])
    evening = tonight(hall)
    here = services.register_couple(evening, "Ann MacNeil", "Joe MacNeil")
    found = suggest(evening, "ann")
    assert shown(found.couples) == [("Ann MacLean", "Rod MacLean"), ("Ann MacNeil", "Joe MacNeil")]
    assert found.couples[-1].here == here.number and found.couples[0].here is None


def test_a_merged_spelling_finds_the_person_under_the_register_name(hall):
    week(hall, 6, [("Theresa O'Brien", "Frank O'Brien")])
    week(hall, 13, [("Teresa OBrien", "Frank O'Brien")])
    keep = Player.objects.get(hall=hall, name="Theresa O'Brien")
    other = Player.objects.get(hall=hall, name="Teresa OBrien")
    register.merge_players(keep, other)
    found = suggest(tonight(hall), "teresa")
    # One couple, counted over both spellings, under the register's name.
    assert shown(found.couples) == [("Theresa O'Brien", "Frank O'Brien")]
    assert found.couples[0].times == 2


def test_a_renamed_player_is_offered_under_the_new_spelling(hall):
    week(hall, 6, [("Ann MacNeill", "Joe Boudreau")])
    register.rename_player(Player.objects.get(hall=hall, name="Ann MacNeill"), "Ann MacNeil")
    found = suggest(tonight(hall), "macneil")
    assert shown(found.couples) == [("Ann MacNeil", "Joe Boudreau")]


def test_a_removed_or_erased_player_is_never_offered(hall):
    week(hall, 6, [("Rita Boudreau", "Angus Boudreau"), ("Rose Boudreau", "Sam Boudreau")])
    register.remove_player(Player.objects.get(hall=hall, name="Rita Boudreau"))
    erase.erase_player(Player.objects.get(hall=hall, name="Rose Boudreau"))
    found = suggest(tonight(hall), "bou")
    names = {name for s in found for name in (s.player1, s.player2)}
    assert "Rita Boudreau" not in names and "Rose Boudreau" not in names
    assert {"Angus Boudreau", "Sam Boudreau"} <= names


def test_another_halls_register_is_never_offered(hall):
    legion = Hall.objects.create(name="Legion Branch 12")
    week(legion, 6, [("Mary Legion", "John Legion")])
    week(hall, 6, [("Mary Joseph", "John Joseph")])
    assert shown(suggest(tonight(hall), "mary").couples) == [("Mary Joseph", "John Joseph")]


def test_names_in_other_scripts_are_offered(hall):
    week(hall, 6, [("فاطمة الزهراء", "Ōta Sachiko")])
    evening = tonight(hall)
    assert shown(suggest(evening, "فاط").couples) == [("فاطمة الزهراء", "Ōta Sachiko")]
    assert shown(suggest(evening, "ota").couples) == [("فاطمة الزهراء", "Ōta Sachiko")]


# --- the keys: the look-up never misses what the search would take ------------

word = st.text(alphabet="abcdeéhilmnorstuçøßﬁ", min_size=1, max_size=9)
name = st.lists(word, min_size=1, max_size=3).map(" ".join) | st.tuples(word, word).map(
    lambda parts: f"{parts[0]}-{parts[1]}" if parts[0] else parts[1]
)


@settings(max_examples=300, deadline=None)
@given(name, st.data())
def test_every_prefix_of_a_words_letters_run_on_has_a_key_of_the_name(full, data):
    # What a volunteer types: the start of the name from one of its words,
    # with spaces and apostrophes anywhere in it.
    from tables.search import _run_ons

    runs = _run_ons(full)
    run = data.draw(st.sampled_from(runs))
    assume(len(run) >= 2)  # the door asks from two letters
    length = data.draw(st.integers(min_value=2, max_value=len(run)))
    typed = "".join(
        letter + data.draw(st.sampled_from(["", "", " ", "'"])) for letter in run[:length]
    )
    assert names_match(typed, full)
    assert search_keys(typed) & index_keys(full), (typed, full)


@settings(max_examples=300, deadline=None)
@given(name, name, st.data())
def test_words_that_start_words_of_either_name_have_a_key_of_one_of_them(first, second, data):
    from tables.search import name_tokens

    tokens = sorted(name_tokens(first, second))
    starts = data.draw(st.lists(st.sampled_from(tokens), min_size=1, max_size=3))
    typed = " ".join(token[: data.draw(st.integers(1, len(token)))] for token in starts)
    # Initials alone ("m o") are found only as letters run on (the test above).
    assume(max(len(word) for word in typed.split()) >= 2)
    assert names_match(typed, first, second)
    assert search_keys(typed) & (index_keys(first) | index_keys(second)), (typed, first, second)


def test_keys_are_written_for_each_name_and_follow_a_new_spelling(hall, evening):
    services.register_couple(evening, "Mary O'Brien", "John Smith")
    mary = Player.objects.get(hall=hall, name="Mary O'Brien")
    assert set(mary.keys.values_list("key", flat=True)) == index_keys("Mary O'Brien")
    register.rename_player(mary, "Marie O'Brien")
    assert set(mary.keys.values_list("key", flat=True)) == index_keys("Marie O'Brien")
    assert PlayerKey.objects.filter(hall=hall).count() == len(index_keys("Marie O'Brien")) + len(
        index_keys("John Smith")
    )


# --- the page -----------------------------------------------------------------


def test_the_door_page_offers_the_options_of_the_combobox(hall, evening, volunteer):
    week(hall, 6, [("Theresa O'Brien", "Frank O'Brien")])
    client = signed_in(volunteer)
    door = client.get(reverse("door", args=[evening.slug])).content.decode()
    assert 'id="door-suggestions"' in door and 'role="listbox"' in door
    assert 'autocomplete="off"' not in door  # the phone's own list, without the script
    answer = client.get(reverse("door-suggest", args=[evening.slug]), {"q": "obr"})
    assert answer.status_code == 200
    assert answer["Cache-Control"] == "private, no-store"
    page = answer.content.decode()
    assert page.count('role="option"') == 3  # the couple, then each of the two
    assert 'data-player1="Theresa O&#x27;Brien" data-player2="Frank O&#x27;Brien"' in page
    assert "together once" in page
    assert "3 suggestions" in page


def test_a_name_that_is_markup_is_shown_as_text(hall, evening, volunteer):
    week(hall, 6, [('<img src=x onerror="alert(1)">', "Joe")])
    page = signed_in(volunteer).get(reverse("door-suggest", args=[evening.slug]), {"q": "img"})
    assert "<img" not in page.content.decode()
    assert "&lt;img src=x" in page.content.decode()


def test_the_suggestions_are_in_french_for_a_french_volunteer(hall, evening, volunteer):
    week(hall, 6, [("Theresa O'Brien", "Frank O'Brien")])
    client = signed_in(volunteer)
    page = client.get(
        reverse("door-suggest", args=[evening.slug]), {"q": "obr"}, HTTP_ACCEPT_LANGUAGE="fr"
    ).content.decode()
    assert "ensemble une fois" in page and "3 suggestions" in page


def test_nobody_but_the_halls_volunteers_sees_the_register(
    hall, evening, outsider, client, django_user_model
):
    week(hall, 6, [("Theresa O'Brien", "Frank O'Brien")])
    url = reverse("door-suggest", args=[evening.slug])
    assert signed_in(outsider).get(url, {"q": "obr"}).status_code == 404
    answer = client.get(url, {"q": "obr"})
    assert answer.status_code in (302, 404) and "Brien" not in answer.content.decode()


def _register_of(hall, people: int, weeks: int):
    """A hall of `people` players, in couples that sat together for `weeks` weeks."""
    couples = [(f"Player{n:04d} Macdonald", f"Partner{n:04d} Boudreau") for n in range(people // 2)]
    for day in range(1, weeks + 1):
        week(hall, day, couples)


@pytest.mark.parametrize("people", [8, 80])
def test_the_queries_do_not_grow_with_the_register(hall, people, django_assert_max_num_queries):
    _register_of(hall, people, 2)
    evening = tonight(hall)
    services.register_couple(evening, "Player0001 Macdonald", "Partner0001 Boudreau")
    with django_assert_max_num_queries(4):
        found = suggest(evening, "mac")
    assert len(found.couples) == min(COUPLES_SHOWN, people // 2)


def test_the_work_per_keystroke_does_not_grow_with_the_halls_history(hall, monkeypatch):
    """Issue 47: the pairs were counted over every couple the matched people
    ever sat in, so a keystroke cost more every week. The database now
    reads their latest RECENT_COUPLES couples to find what to offer; the
    few offered are then counted over all their evenings."""
    monkeypatch.setattr(suggestions, "RECENT_COUPLES", 6)
    for day in range(1, 11):
        week(hall, day, [("Theresa O'Brien", "Frank O'Brien"), ("Ann MacNeil", "Rita Boudreau")])
    week(hall, 20, [("Mary Obrecht", "Joe Beaton")])
    week(hall, 21, [("Mary Obrecht", "Joe Beaton")])
    found = suggest(tonight(hall), "ob")
    assert shown(found.couples) == [
        ("Mary Obrecht", "Joe Beaton"),
        ("Theresa O'Brien", "Frank O'Brien"),
    ]
    assert [couple.times for couple in found.couples] == [2, 10]  # all their evenings
    assert {(s.player1, s.times) for s in found.players} == {
        ("Mary Obrecht", 2),
        ("Theresa O'Brien", 10),
        ("Frank O'Brien", 10),
    }


def test_the_page_answers_in_constant_queries(
    hall, evening, volunteer, django_assert_max_num_queries
):
    _register_of(hall, 40, 2)
    client = signed_in(volunteer)
    url = reverse("door-suggest", args=[evening.slug])
    client.get(url, {"q": "par"})
    with django_assert_max_num_queries(8):
        client.get(url, {"q": "par"})


# --- which spelling (issue 47) ----------------------------------------------------


def test_the_spelling_typed_most_often_is_offered_not_the_first(hall):
    week(hall, 6, [("LÉO CHIASSON", "Rita Boudreau")])
    week(hall, 13, [("Léo Chiasson", "Rita Boudreau")])
    week(hall, 20, [("Léo Chiasson", "Rita Boudreau")])
    assert shown(suggest(tonight(hall), "leo").couples) == [("Léo Chiasson", "Rita Boudreau")]
    assert Player.objects.get(hall=hall, folded="leochiasson").name == "Léo Chiasson"


def test_most_often_beats_most_recent_and_a_tie_goes_to_the_latest(hall):
    week(hall, 6, [("LÉO CHIASSON", "Rita Boudreau")])
    week(hall, 13, [("Léo Chiasson", "Rita Boudreau")])  # one each: the latest
    assert Player.objects.get(folded="leochiasson").name == "Léo Chiasson"
    week(hall, 20, [("LÉO CHIASSON", "Rita Boudreau")])  # two to one
    assert Player.objects.get(folded="leochiasson").name == "LÉO CHIASSON"
    week(hall, 27, [("Léo Chiasson", "Rita Boudreau")], month=10)  # a tie, typed for October
    assert Player.objects.get(folded="leochiasson").name == "LÉO CHIASSON"  # Nov 20 is later
    player = Player.objects.get(folded="leochiasson")
    assert set(player.keys.values_list("key", flat=True)) == index_keys(player.name)


def test_an_organizers_spelling_is_kept_however_the_door_types_it(hall):
    week(hall, 6, [("LÉO CHIASSON", "Rita Boudreau")])
    register.rename_player(Player.objects.get(folded="leochiasson"), "Leo Chiasson")
    week(hall, 13, [("LÉO CHIASSON", "Rita Boudreau")])
    week(hall, 20, [("Léo Chiasson", "Rita Boudreau")])
    assert Player.objects.get(folded="leochiasson").name == "Leo Chiasson"
    assert shown(suggest(tonight(hall), "leo").couples) == [("Leo Chiasson", "Rita Boudreau")]


def test_a_name_changed_at_the_door_is_counted_where_it_is_now(hall):
    week(hall, 6, [("LÉO CHIASSON", "Rita Boudreau")])
    evening = week(hall, 13, [("Léo Chiasson", "Rita Boudreau")])
    assert Player.objects.get(folded="leochiasson").name == "Léo Chiasson"
    services.rename_couple(evening.couples.get(), "Leon Chiasson", "Rita Boudreau")
    assert Player.objects.get(folded="leochiasson").name == "LÉO CHIASSON"
    assert Player.objects.get(folded="leonchiasson").name == "Leon Chiasson"
