"""What the public board shows: the current game and tables in, the
standings, the prize places with ties marked, the extras, the final results."""

import re
from decimal import Decimal

import pytest

from scoring.models import Prize, Target, TieBreak, TieBreakEntry
from tables.models import Evening
from tests.support.board import HTMX, record, url
from tests.support.gate import changed

pytestmark = pytest.mark.django_db


def text(response) -> str:
    """The page as a person reads it: tags gone, spaces squeezed."""
    html = response.content.decode()
    html = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", html, flags=re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", html).replace("&amp;", "&").split())


def test_it_shows_the_current_game_and_how_many_tables_are_in(client, make_evening):
    evening = make_evening(couples=12, played=4, current_in=2)
    response = client.get(url("board", evening))
    assert response.status_code == 200
    page = text(response)
    assert "Game 5 of 25" in page
    assert "2 of 6 tables in" in page


def test_it_names_the_couple_on_the_bye(client, make_evening):
    evening = make_evening(couples=11, played=2)
    bye = evening.game_set.get(number=3).bye
    page = text(client.get(url("board", evening)))
    assert f"Couple {bye.number} sits out this game." in page


def test_standings_list_every_couple_by_games_won_with_place_number_and_names(client, make_evening):
    evening = make_evening(couples=10, played=6)
    response = client.get(url("board", evening))
    html = response.content.decode()
    rows = re.findall(
        r'<tr class="[^"]*" id="row-(\d+)">\s*<td class="place"[^>]*>(\d+|–).*?'
        r'<td class="names"><bdi class="name">([^<]*)</bdi>.*?<td class="num wins"[^>]*>(\d+)</td>',
        html,
        flags=re.S,
    )
    assert len(rows) == 10
    wins = [int(row[3]) for row in rows]
    assert wins == sorted(wins, reverse=True)
    couple = evening.couples.get(number=int(rows[0][0]))
    assert rows[0][1] == "1"
    assert rows[0][2] == f"{couple.player1} &amp; {couple.player2}"
    assert int(rows[0][3]) == couple.punches.count()


def test_tied_prize_places_are_marked_and_listed_as_they_stand(client, make_evening):
    evening = make_evening(couples=12, played=3)
    data = client.get(url("board-json", evening)).json()
    tied_place = next(p for p in data["places"] if p["status"] == "tied")
    html = client.get(url("board", evening)).content.decode()
    for who in tied_place["couples"]:
        row = re.search(rf'<tr class="([^"]*)" id="row-{who["couple"]}">(.*?)</tr>', html, re.S)
        assert "prize" in row.group(1) and "tied" in row.group(1)
        assert "tie</span>" in row.group(2)
    assert "Prizes as they stand" in html
    assert f"Place {tied_place['place']}" in html


def test_a_couple_alone_on_its_count_outside_the_prizes_is_not_marked_tied(client, make_evening):
    evening = make_evening(couples=30, played=8)
    data = client.get(url("board-json", evening)).json()
    for row in data["standings"]:
        if row["prize_place"] is None:
            assert row["tied"] is False


def test_before_play_the_board_lists_the_couples_registered(client, make_evening):
    evening = make_evening(couples=6, played=0)
    page = text(client.get(url("board", evening)))
    assert "Play has not started yet." in page
    assert "6 couples registered." in page
    assert "Mary" in page or "John" in page


def test_the_booby_prize_is_shown_when_the_evening_has_one(client, make_evening):
    evening = make_evening(couples=20, played=8, booby_prize=True)
    data = client.get(url("board-json", evening)).json()
    fewest = min(row["wins"] for row in data["standings"])
    assert data["booby"]["wins"] == fewest
    assert "Booby prize" in text(client.get(url("board", evening)))


def test_no_booby_prize_panel_without_the_setting(client, make_evening):
    evening = make_evening(couples=10, played=5)
    assert client.get(url("board-json", evening)).json()["booby"] is None
    assert "Booby prize" not in text(client.get(url("board", evening)))


def test_fifty_fifty_and_travelling_prize_appear_only_when_used(client, make_evening):
    evening = make_evening(couples=8, played=2)
    page = text(client.get(url("board", evening)))
    assert "50/50" not in page and "Travelling prize" not in page

    Evening.objects.filter(pk=evening.pk).update(
        fifty_fifty=True,
        fifty_fifty_takings=Decimal("90.00"),
        travelling_prize=True,
        travelling_start=3,
        version=evening.version + 1,
        board_version=evening.board_version + 1,
    )
    page = text(client.get(url("board", evening)))
    assert "50/50 draw" in page
    assert "The winner takes $45.00 so far." in page
    assert "Travelling prize" in page
    assert "Held by Couple" in page


def test_the_fifty_fifty_winning_ticket_is_shown_once_drawn(client, make_evening):
    evening = make_evening(
        couples=8,
        played=2,
        fifty_fifty=True,
        fifty_fifty_takings=Decimal("90.00"),
        fifty_fifty_ticket="A-117",
        fifty_fifty_winner="Bernadette Chiasson",
    )
    page = text(client.get(url("board", evening)))
    assert "Winning ticket: A-117 · Bernadette Chiasson · $45.00" in page


def test_half_time_leader_is_shown_when_used(client, make_evening):
    evening = make_evening(couples=8, played=6, half_time_leader=True, half_time_game=4)
    page = text(client.get(url("board", evening)))
    assert "Half-time leader (after game 4)" in page


def test_at_the_end_the_board_gives_the_final_results(client, make_evening):
    evening = make_evening(couples=8, played=25, games=25, seed=3)  # first place untied
    assert evening.is_finished
    Prize.objects.create(evening=evening, place=1, kind=Prize.Kind.CASH, amount=Decimal("40"))
    response = client.get(url("board", evening))
    page = text(response)
    assert "Final results after 25 games" in page
    assert "Prize winners" in page
    assert "Final standings" in page
    data = client.get(url("board-json", evening)).json()
    assert data["final"] is True
    first = data["places"][0]
    assert first["prize"] == "$40.00"
    assert first["status"] == "awarded"  # the draw of seed 3: one couple first
    assert first["couples"][0]["winner"] is True
    assert first["couples"][0]["share"] == "40.00"


def test_a_tie_settled_by_a_cut_names_the_winner_at_the_end(client, make_evening):
    evening = make_evening(couples=8, played=25, games=25, seed=1)
    data = client.get(url("board-json", evening)).json()
    tied = next((p for p in data["places"] if p["status"] == "tied"), None)
    assert tied is not None, "the draw of seed 1 ties first place"
    numbers = [who["couple"] for who in tied["couples"]]
    tiebreak = TieBreak.objects.create(
        evening=evening,
        target=Target.PLACE,
        place=tied["place"],
        wins=tied["wins"],
        method=TieBreak.Method.CUT,
        status=TieBreak.Status.SETTLED,
    )
    couples = {c.number: c for c in evening.couples.filter(number__in=numbers)}
    for rank, number in enumerate(numbers, start=1):
        TieBreakEntry.objects.create(
            tiebreak=tiebreak, couple=couples[number], choice="cut", outcome_rank=rank
        )
    cards = ["AS", "2H", "3C", "4D", "5S", "6H", "7C", "8D", "9S", "10H"]
    for number, card in zip(numbers, cards, strict=False):
        tiebreak.cuts.create(round=1, couple=couples[number], card=card)
    changed(evening)
    data = client.get(url("board-json", evening)).json()
    place = next(p for p in data["places"] if p["place"] == tied["place"])
    assert place["status"] == "settled"
    assert place["winners"] == [numbers[0]]
    assert "Cut" in place["how_settled"]
    page = text(client.get(url("board", evening)))
    assert "Cut" in page


def test_the_htmx_poll_gets_only_the_live_part(client, make_evening):
    evening = make_evening(couples=10, played=3)
    response = client.get(url("board", evening), headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<section id="board-live"')
    assert "<html" not in html
    assert 'data-every="5"' in html
    assert "find-q" not in html  # the find box is not re-drawn under the player's thumb


def test_the_poll_interval_comes_from_the_setting(client, make_evening, settings):
    settings.BOARD_POLL_SECONDS = 2
    evening = make_evening(couples=6, played=1)
    assert 'data-every="2"' in client.get(url("board", evening)).content.decode()


def test_a_new_result_shows_on_the_next_request(client, make_evening):
    evening = make_evening(couples=12, played=4, current_in=0)
    assert "0 of 6 tables in" in text(client.get(url("board", evening), headers=HTMX))
    record(evening, 1)
    assert "1 of 6 tables in" in text(client.get(url("board", evening), headers=HTMX))


def test_the_public_board_links_the_tv_mode_and_the_json(client, make_evening):
    evening = make_evening(couples=6, played=1)
    html = client.get(url("board", evening)).content.decode()
    assert url("board-tv", evening) in html
    assert url("board-json", evening) in html


def test_tv_mode_has_no_header_nor_form_only_a_pause_and_loads_its_script(client, make_evening):
    evening = make_evening(couples=10, played=3)
    response = client.get(url("board-tv", evening))
    html = response.content.decode()
    assert response.status_code == 200
    assert 'class="tv"' in html
    assert "site-header" not in html
    # No controls but the language switch (issue 13) and the pause button (issue 17).
    assert html.count("<form") == 1 and 'class="inline lang-switch"' in html
    assert html.count("<button") == 2 and 'name="language" value="fr"' in html
    assert 'id="tv-pause"' in html
    assert "js/live/polls.js" in html
    assert 'id="tv-live"' in html and 'id="standings"' in html


def test_no_inline_script_nor_style_attribute_on_any_board_page(client, make_evening):
    evening = make_evening(couples=10, played=3, cookie_jar=True)
    for name, args in [("board", ()), ("board-tv", ()), ("board-couple", (3,))]:
        html = client.get(url(name, evening, *args)).content.decode()
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), name
        assert " style=" not in html, name
        assert " onclick=" not in html and "hx-on" not in html, name


def test_the_board_links_the_evenings_dispute_page(client, make_evening):
    evening = make_evening(couples=6, played=1)
    dispute = url("evening-dispute", evening)
    assert f'href="{dispute}"' in client.get(url("board", evening)).content.decode()
