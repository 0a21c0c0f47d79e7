"""A merge shows both spellings and keeps the one the organizer picks, the
more often typed one picked to start with (issue 48, point 5: "Annie Rankin
may be nie Rankin", merged, and the season read "nie Rankin", the spelling
listed second, without a word)."""

import datetime

import pytest
from django.urls import reverse

from scoring.season import season
from tables import services
from tables.models import Evening, Player, PlayerProposal
from tables.services import register, register_pages

pytestmark = pytest.mark.django_db


def nights(hall, *names):
    """One evening a week, a couple of `name` and Bob each."""
    for week, name in enumerate(names):
        evening = Evening.objects.create(
            hall=hall,
            name=f"Friday {week}",
            slug=f"friday-{week}",
            date=datetime.date(2026, 11, 6) + datetime.timedelta(weeks=week),
        )
        services.register_couple(evening, name, "Bob Rankin")


@pytest.fixture
def typo(hall):
    """Week 1 "nie Rankin" (the typo), weeks 2 and 3 "Annie Rankin": the
    proposal reads "Annie Rankin may be nie Rankin"."""
    nights(hall, "nie Rankin", "Annie Rankin", "Annie Rankin")
    proposal = PlayerProposal.objects.get()
    assert (proposal.player.name, proposal.other.name) == ("Annie Rankin", "nie Rankin")
    return proposal


def people(hall) -> set[str]:
    return {row.names for row in season(hall).players}


def test_the_proposal_offers_both_spellings_the_more_typed_one_picked(hall, typo, organizer_client):
    page = organizer_client.get(reverse("players", args=[hall.pk])).content.decode()
    form = page[page.index("Keep the spelling") : page.index("Two people")]
    assert f'value="{typo.player_id}" checked' in form  # Annie Rankin, typed twice
    assert f'value="{typo.other_id}">' in form
    assert "typed 2 times" in form and "typed once" in form


def test_a_merge_keeps_the_spelling_picked_and_says_so(hall, typo, organizer_client):
    url = reverse("player-merge", args=[hall.pk, typo.player_id])
    response = organizer_client.post(
        url, {"into": typo.other_id, "keep": typo.player_id}, follow=True
    )
    assert people(hall) == {"Annie Rankin", "Bob Rankin"}
    assert "spelt Annie Rankin" in response.content.decode()
    assert Player.objects.get(pk=typo.player_id).merged_into is None  # the person's record


def test_the_organizer_may_pick_the_less_typed_spelling(hall, typo, organizer_client):
    url = reverse("player-merge", args=[hall.pk, typo.other_id])  # from nie Rankin's page
    organizer_client.post(url, {"into": typo.player_id, "keep": typo.other_id})
    assert people(hall) == {"nie Rankin", "Bob Rankin"}


def test_a_merge_without_a_spelling_picked_asks_first(hall, typo, organizer_client):
    """The season page's "The same person as" leads here: both spellings,
    the more typed one picked; nothing is merged until the organizer says."""
    url = reverse("player-merge", args=[hall.pk, typo.other_id])
    for response in (
        organizer_client.get(url, {"into": typo.player_id}),
        organizer_client.post(url, {"into": typo.player_id}),
    ):
        assert response.status_code == 200
        page = response.content.decode()
        assert f'value="{typo.player_id}" checked' in page
        assert "nie Rankin" in page
    assert not Player.objects.exclude(merged_into=None).exists()
    wrong = organizer_client.post(url, {"into": typo.player_id, "keep": 99999})
    assert wrong.status_code == 400
    assert "Choose the spelling to keep" in wrong.content.decode()
    assert organizer_client.get(url).status_code == 400  # merge with whom?


def test_the_season_page_leads_to_the_choice(hall, typo, organizer_client):
    page = organizer_client.get(
        reverse("season-player", args=[hall.pk, typo.other_id])
    ).content.decode()
    form = page[page.index("The same person as") - 400 : page.index("The same person as")]
    assert 'method="get"' in form


def test_a_spelling_merged_into_another_person_can_name_the_merged_person(hall):
    """The record picked becomes the person's main record, even when it was
    a spelling merged into another one."""
    ann = Player.objects.create(hall=hall, name="Ann Rankin", folded="annrankin")
    annie = Player.objects.create(hall=hall, name="Annie Rankin", folded="annierankin")
    nie = Player.objects.create(hall=hall, name="nie Rankin", folded="nierankin", merged_into=ann)
    register.merge_players(nie, annie)
    assert {p.person_id for p in Player.objects.filter(hall=hall)} == {nie.pk}
    assert [row.player.name for row in register_pages.hall_register(hall)[0]] == ["nie Rankin"]


def test_the_more_typed_spelling_a_tie_going_to_the_latest(hall):
    nights(hall, "Annie Rankin", "nie Rankin")
    annie, nie = (Player.objects.get(name=name) for name in ("Annie Rankin", "nie Rankin"))
    assert register.more_typed(annie, nie) == nie
    assert register.more_typed(nie, annie) == nie
