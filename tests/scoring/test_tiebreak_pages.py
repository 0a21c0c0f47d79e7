"""The tie-break pages: a few taps settle a tie; bad input is a 4xx with a
message and nothing changes. A prize tie decides who wins money: organizers
settle and discard it, volunteers see it read-only (issue 12, point 16)."""

import pytest
from django.urls import reverse

from scoring.models import CutCard, PlayoffGame, Target, TieBreak, TieBreakEntry
from scoring.services.prizes import set_prize

from .conftest import finish, make_couples, punch_counts

pytestmark = pytest.mark.django_db


@pytest.fixture
def tied(evening):
    couples = make_couples(evening, 4)
    punch_counts(evening, couples, [12, 12, 12, 3])
    set_prize(evening, Target.PLACE, 1, kind="item", item="A quilt")
    set_prize(evening, Target.PLACE, 2, kind="cash", amount="20")
    return finish(evening)


def open_tie(client, evening, place=1, target="place"):
    return client.post(
        reverse("tiebreak-open", args=[evening.slug]), {"target": target, "place": place}
    )


def test_an_organizer_settles_a_three_way_tie_by_a_typed_cut(organizer_client, tied):
    response = open_tie(organizer_client, tied)
    tiebreak = TieBreak.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("tiebreak", args=[tied.slug, tiebreak.pk])
    page = organizer_client.get(response["Location"])
    assert page.status_code == 200 and "Everyone: cut" in page.content.decode()
    assert "Everyone: split" not in page.content.decode()  # a quilt cannot be split
    response = organizer_client.post(
        reverse("tiebreak-choices", args=[tied.slug, tiebreak.pk]), {"everyone": "cut"}
    )
    assert response.status_code == 302
    cut_url = reverse("tiebreak-cut", args=[tied.slug, tiebreak.pk])
    response = organizer_client.post(cut_url, {"card1": "QH", "card2": "2s", "card3": "T♣"})
    assert response.status_code == 302
    tiebreak.refresh_from_db()
    assert tiebreak.status == "settled"
    html = organizer_client.get(reverse("tiebreak", args=[tied.slug, tiebreak.pk])).content.decode()
    assert (
        "Settled" in html
        and 'Couple 2 (<bdi class="name">Player 2a</bdi> &amp; '
        '<bdi class="name">Player 2b</bdi>) wins.'
        in html
    )


def test_htmx_steps_return_the_tiebreak_section(organizer_client, tied):
    open_tie(organizer_client, tied)
    tiebreak = TieBreak.objects.get()
    response = organizer_client.post(
        reverse("tiebreak-choices", args=[tied.slug, tiebreak.pk]),
        {"c1": "cut", "c2": "cut", "c3": "cut"},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    html = response.content.decode().strip()
    assert html.startswith('<section id="tiebreak-section"')
    assert "Deal the cut on screen" in html
    response = organizer_client.post(
        reverse("tiebreak-deal", args=[tied.slug, tiebreak.pk]), headers={"HX-Request": "true"}
    )
    assert response.status_code == 200
    assert CutCard.objects.filter(dealt_by_app=True).count() >= 3


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ({"card1": "QH", "card2": "QH", "card3": "2C"}, "cut twice in one round"),
        ({"card1": "QH", "card2": "XX", "card3": "2C"}, "is not a card"),
        ({"card1": "QH", "card2": "3C"}, "Type the card cut by couple 3."),
    ],
)
def test_bad_cut_cards_get_a_400_and_nothing_is_kept(organizer_client, tied, cards, message):
    open_tie(organizer_client, tied)
    tiebreak = TieBreak.objects.get()
    organizer_client.post(
        reverse("tiebreak-choices", args=[tied.slug, tiebreak.pk]), {"everyone": "cut"}
    )
    response = organizer_client.post(
        reverse("tiebreak-cut", args=[tied.slug, tiebreak.pk]),
        cards,
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not CutCard.objects.exists()


def test_a_split_asked_for_a_quilt_is_a_400(organizer_client, tied):
    open_tie(organizer_client, tied)
    tiebreak = TieBreak.objects.get()
    response = organizer_client.post(
        reverse("tiebreak-choices", args=[tied.slug, tiebreak.pk]), {"everyone": "split"}
    )
    assert response.status_code == 400
    assert "A quilt cannot be split" in response.content.decode()
    assert set(tiebreak.entries.values_list("choice", flat=True)) == {""}


def test_a_tie_break_for_a_place_that_is_not_tied_is_a_400(organizer_client, tied):
    response = open_tie(organizer_client, tied, place=2)
    assert response.status_code == 400
    assert "Place 2 is not tied: couple 4 takes it outright." in response.content.decode()
    assert not TieBreak.objects.exists()


def test_a_play_off_through_the_page(organizer_client, tied):
    open_tie(organizer_client, tied)
    tiebreak = TieBreak.objects.get()
    organizer_client.post(
        reverse("tiebreak-choices", args=[tied.slug, tiebreak.pk]),
        {"c1": "playoff", "c2": "refuse", "c3": "cut"},
    )
    game = PlayoffGame.objects.get(tiebreak=tiebreak)
    url = reverse("tiebreak-playoff", args=[tied.slug, tiebreak.pk])
    assert organizer_client.post(url, {"game": game.pk, "winner": 2}).status_code == 400
    assert organizer_client.post(url, {"game": game.pk, "winner": 3}).status_code == 302
    tiebreak.refresh_from_db()
    assert tiebreak.status == "settled"
    assert organizer_client.post(url, {"game": game.pk, "winner": 1}).status_code == 409


def test_only_an_organizer_discards_a_tie_break(volunteer_client, organizer_client, tied):
    open_tie(organizer_client, tied)
    tiebreak = TieBreak.objects.get()
    url = reverse("tiebreak-discard", args=[tied.slug, tiebreak.pk])
    assert volunteer_client.post(url).status_code == 403
    assert TieBreak.objects.exists()
    assert organizer_client.get(url).status_code == 405
    assert organizer_client.post(url).status_code == 302
    assert not TieBreak.objects.exists()


def test_tie_break_pages_need_a_volunteer(
    client, outsider_client, volunteer_client, organizer_client, tied
):
    open_tie(organizer_client, tied)
    tiebreak = TieBreak.objects.get()
    url = reverse("tiebreak", args=[tied.slug, tiebreak.pk])
    assert client.get(url).status_code == 302
    assert outsider_client.get(url).status_code == 404  # no role in the hall
    assert (
        outsider_client.post(
            reverse("tiebreak-choices", args=[tied.slug, tiebreak.pk]), {"everyone": "cut"}
        ).status_code
        == 404
    )
    assert volunteer_client.post(url).status_code == 405
    assert volunteer_client.get(reverse("tiebreak", args=[tied.slug, 9999])).status_code == 404


def test_a_double_tap_on_deal_does_not_deal_a_second_round(organizer_client, tied):
    open_tie(organizer_client, tied)
    tiebreak = TieBreak.objects.get()
    organizer_client.post(
        reverse("tiebreak-choices", args=[tied.slug, tiebreak.pk]), {"everyone": "cut"}
    )
    url = reverse("tiebreak-deal", args=[tied.slug, tiebreak.pk])
    assert organizer_client.post(url, {"round": "1"}).status_code == 302
    response = organizer_client.post(url, {"round": "1"})
    assert response.status_code == 409
    assert "Round 1 of the cut is already recorded." in response.content.decode()
    assert set(CutCard.objects.values_list("round", flat=True)) == {1}


def test_a_typed_round_sent_twice_is_refused(organizer_client, tied):
    open_tie(organizer_client, tied)
    tiebreak = TieBreak.objects.get()
    organizer_client.post(
        reverse("tiebreak-choices", args=[tied.slug, tiebreak.pk]), {"everyone": "cut"}
    )
    url = reverse("tiebreak-cut", args=[tied.slug, tiebreak.pk])
    cards = {"round": "1", "card1": "4H", "card2": "4S", "card3": "KD"}
    assert organizer_client.post(url, cards).status_code == 302
    assert organizer_client.post(url, cards).status_code == 409
    assert set(CutCard.objects.values_list("round", flat=True)) == {1}


def test_a_volunteer_sees_a_prize_tie_read_only(volunteer_client, organizer_client, tied):
    prizes = volunteer_client.get(reverse("prizes", args=[tied.slug])).content.decode()
    assert "An organizer settles this tie." in prizes
    assert reverse("tiebreak-open", args=[tied.slug]) not in prizes
    assert open_tie(volunteer_client, tied).status_code == 403
    open_tie(organizer_client, tied)
    tiebreak = TieBreak.objects.get()
    steps = {
        "tiebreak-choices": {"everyone": "cut"},
        "tiebreak-cut": {"card1": "QH", "card2": "2s", "card3": "T♣"},
        "tiebreak-deal": {"round": "1"},
        "tiebreak-playoff": {"game": "1", "winner": "1"},
    }
    for name, data in steps.items():
        url = reverse(name, args=[tied.slug, tiebreak.pk])
        assert volunteer_client.post(url, data).status_code == 403, name
    page = volunteer_client.get(reverse("tiebreak", args=[tied.slug, tiebreak.pk]))
    html = page.content.decode()
    assert page.status_code == 200
    assert "Only an organizer settles a prize tie" in html
    assert reverse("tiebreak-choices", args=[tied.slug, tiebreak.pk]) not in html
    assert TieBreak.objects.get().status == "choosing"


def tie_rows() -> list:
    return [
        list(model.objects.order_by("pk").values())
        for model in (TieBreak, TieBreakEntry, CutCard, PlayoffGame)
    ]


def tie_at(organizer_client, evening, stage: str) -> TieBreak | None:
    """The first-place tie at `stage`: "closed" (no tie-break yet), "choosing",
    "cutting" or "playing"."""
    if stage == "closed":
        return None
    open_tie(organizer_client, evening)
    tiebreak = TieBreak.objects.get()
    if stage != "choosing":
        everyone = {"cutting": "cut", "playing": "playoff"}[stage]
        url = reverse("tiebreak-choices", args=[evening.slug, tiebreak.pk])
        assert organizer_client.post(url, {"everyone": everyone}).status_code == 302
    tiebreak.refresh_from_db()
    assert tiebreak.status == stage
    return tiebreak


def playoff_data(tiebreak: TieBreak) -> dict:
    game = PlayoffGame.objects.filter(tiebreak=tiebreak, winner=None).first()
    assert game is not None  # a play-off game waits for its winner
    return {"game": game.pk, "winner": game.couple_a.number}


# Every step of settling a prize tie: a volunteer is refused (403) and nothing
# changes; the organizer sending the very same form gets it done, so the
# refusal is the role's, not the form's.
TIE_STEPS = [
    ("tiebreak-open", "closed", lambda tb: {"target": "place", "place": 1}),
    ("tiebreak-choices", "choosing", lambda tb: {"everyone": "cut"}),
    ("tiebreak-choices", "choosing", lambda tb: {"c1": "cut", "c2": "playoff"}),
    ("tiebreak-cut", "cutting", lambda tb: {"card1": "QH", "card2": "2s", "card3": "T♣"}),
    ("tiebreak-deal", "cutting", lambda tb: {"round": "1"}),
    ("tiebreak-playoff", "playing", playoff_data),
    ("tiebreak-discard", "choosing", lambda tb: {}),
    ("tiebreak-discard", "playing", lambda tb: {}),
]


@pytest.mark.parametrize(("name", "stage", "data"), TIE_STEPS)
def test_a_volunteer_cannot_settle_a_prize_tie_and_the_organizer_can(
    volunteer_client, organizer_client, tied, name, stage, data
):
    tiebreak = tie_at(organizer_client, tied, stage)
    args = [tied.slug] if tiebreak is None else [tied.slug, tiebreak.pk]
    url, form = reverse(name, args=args), data(tiebreak)
    before = tie_rows()
    response = volunteer_client.post(url, form)
    assert response.status_code == 403
    assert tie_rows() == before
    assert organizer_client.post(url, form).status_code == 302
    assert tie_rows() != before
