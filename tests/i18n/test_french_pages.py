"""A browser that asks for French gets the whole evening in French: the door,
the game screen, the table-side page, standings, prizes, the cookie jar, the
public scoreboard and the dispute page's rulings. An English browser still
gets English."""

import json
import re

import pytest
from django.test import Client
from django.urls import reverse

from tables.models import Seating, Table

from .conftest import visible_text

pytestmark = pytest.mark.django_db


def french_page(client, url) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    assert response["Content-Language"] == "fr"
    html = response.content.decode()
    assert '<html lang="fr">' in html
    return visible_text(html)


def test_the_door_page_is_in_french(fr_volunteer, evening):
    text = french_page(fr_volunteer, reverse("door", args=[evening.slug]))
    assert "Ajouter le couple" in text
    assert "Aucun couple pour l'instant : tapez deux noms et appuyez sur Entrée." in text
    assert "Add couple" not in text


def test_registering_a_couple_answers_in_french(fr_volunteer, evening):
    response = fr_volunteer.post(
        reverse("door", args=[evening.slug]),
        {"player1": "Marie-Thérèse LeBlanc", "player2": "Joe D'Eon"},
        follow=True,
    )
    assert response.status_code == 200
    text = visible_text(response.content)
    assert "Couple 1 : Marie-Thérèse LeBlanc & Joe D'Eon." in text


def test_the_game_screen_is_in_french(fr_volunteer, running):
    text = french_page(fr_volunteer, reverse("game-screen", args=[running.slug]))
    assert "Partie 3 sur 9" in text
    assert "Tables entrées : 0 sur 5" in text
    assert "Au repos à cette partie : couple" in text
    assert "Vers la partie 3 : qui reste, qui bouge" in text
    assert "donne en premier" in text
    assert "Sitting out" not in text and "deals first" not in text


def test_recording_a_result_answers_in_french(fr_volunteer, running):
    seating = (
        Seating.objects.select_related("table", "couple_a")
        .filter(game__evening=running, game__number=3)
        .first()
    )
    response = fr_volunteer.post(
        reverse("game-result", args=[running.slug, 3, seating.table.number]),
        {"winner": seating.couple_a.number},
        follow=True,
    )
    assert response.status_code == 200
    expected = f"Table {seating.table.number} : le couple {seating.couple_a.number} a gagné."
    assert expected in visible_text(response.content)


def test_the_table_side_page_is_in_french(fr_client, running):
    table = Table.objects.filter(evening=running).order_by("number").first()
    text = french_page(fr_client, reverse("tableside", args=[table.token]))
    assert "Quel couple êtes-vous?" in text
    assert "Nous sommes le couple" in text


def test_a_couple_reports_its_result_from_the_table_in_french(fr_client, running):
    seating = (
        Seating.objects.select_related("table", "couple_a")
        .filter(game__evening=running, game__number=3)
        .first()
    )
    url = reverse("tableside-report", args=[seating.table.token])
    a = seating.couple_a.number
    response = fr_client.post(url, {"game": 3, "reporter": a, "winner": a}, follow=True)
    assert response.status_code == 200
    text = visible_text(response.content)
    assert "l'autre couple le confirme sur cette page" in text


def test_standings_are_in_french(fr_volunteer, played):
    text = french_page(fr_volunteer, reverse("standings", args=[played.slug]))
    assert "Classement final." in text
    assert "11 couples affichés." in text
    assert "Parties gagnées" in text


def test_prizes_are_in_french_with_french_money(fr_volunteer, played):
    text = french_page(fr_volunteer, reverse("prizes", args=[played.slug]))
    assert "Places primées" in text
    assert "Prix de consolation" in text
    assert "50,00 $" in text
    assert "12,5 % des recettes (13,75 $)" in text
    assert "Billets 1 234,50 $ : 617,25 $ au billet gagnant, 617,25 $ à la salle." in text
    assert "La salle garde" in text
    assert "$50.00" not in text


def test_the_cookie_jar_page_is_in_french(fr_volunteer, played):
    text = french_page(fr_volunteer, reverse("jar", args=[played.slug]))
    assert "6 couples dans le pot à 2,00 $ = 12,00 $" in text
    assert "Qui a gagné le pot" in text


def test_a_tie_is_settled_in_french(fr_organizer, played):
    response = fr_organizer.post(
        reverse("tiebreak-open", args=[played.slug]), {"target": "place", "place": 1}, follow=True
    )
    assert response.status_code == 200
    text = visible_text(response.content)
    assert "Égalité pour la place 1" in text
    assert "Comment chaque couple veut-il départager?" in text
    assert "Partie de départage" in text


def test_the_public_scoreboard_is_in_french(fr_client, running):
    text = french_page(fr_client, reverse("board", args=[running.slug]))
    assert "Partie 3 sur 9" in text
    assert "Les prix pour l'instant" in text
    assert "Pot à biscuits · 12,00 $" in text
    assert re.search(r"Encore dans la course : \d+ couples?|Personne", text)
    assert "Trouver mon couple : numéro ou nom" in text
    assert "$" not in text.replace(" $", "")  # every amount written the French way


def test_a_couples_card_on_the_scoreboard_is_in_french(fr_client, running):
    text = french_page(fr_client, reverse("board-couple", args=[running.slug, 3]))
    assert "Carte à poinçonner" in text
    assert "Si vous gagnez : allez à la table" in text or "Si vous gagnez : vous êtes" in text


def test_the_scoreboard_json_stays_data_in_any_language(fr_client, running):
    french = fr_client.get(reverse("board-json", args=[running.slug]))
    english = Client(HTTP_ACCEPT_LANGUAGE="en").get(reverse("board-json", args=[running.slug]))
    assert french.status_code == english.status_code == 200
    fr, en = json.loads(french.content), json.loads(english.content)
    assert fr.keys() == en.keys()
    assert fr["standings"] == en["standings"]
    assert fr["cookie_jar"]["pot"] == en["cookie_jar"]["pot"] == "12.00"  # amounts are data
    assert french["ETag"] != english["ETag"]  # prize texts are in words, so each has its own


def test_a_trick_ruling_on_the_dispute_page_is_in_french(fr_client):
    url = reverse("dispute") + "?trump=H&cards=5H+JH+AH+2C"
    text = french_page(fr_client, url)
    assert "Le joueur qui a mené gagne la levée avec le 5 de cœur." in text
    assert "À atout cœur, le plus fort atout est le 5 de cœur." in text


def test_an_illegal_renege_is_ruled_in_french(fr_client):
    url = reverse("dispute-legal") + "?trump=S&led=6S&played=2H&held=JS+3S"
    text = french_page(fr_client, url)
    assert "Non : on ne peut pas jouer le 2 de cœur; ce serait une fausse renonce." in text
    assert "Il fallait jouer une de ces cartes : le valet de pique, le 3 de pique." in text


def test_a_renege_that_is_allowed_is_ruled_in_french(fr_client):
    url = reverse("dispute-legal") + "?trump=S&led=6S&played=2H&held=JS"
    text = french_page(fr_client, url)
    assert "Oui : on peut jouer le 2 de cœur." in text
    assert "permet la renonce" in text


def test_a_replayed_round_is_ruled_in_french(fr_client):
    tricks = ["5H+2H+3H+4H", "JH+6H+7H+8H", "AH+9H+10H+QH", "KH+2C+3C+4C", "5C+6C+7C+8C"]
    query = "&".join(f"t{i}={t}" for i, t in enumerate(tricks, start=1))
    text = french_page(fr_client, reverse("dispute-round") + f"?trump=H&dealer=3&{query}")
    assert "Levée 1" in text
    assert "Le meilleur atout joué dans la donne est le 5 de cœur" in text


def test_a_claimed_score_is_checked_in_french(fr_client):
    text = french_page(fr_client, reverse("dispute-claim") + "?round=1&a=35&b=0")
    assert "35-0 après la donne 1 : c'est impossible." in text


def test_an_error_page_is_in_french(fr_client):
    response = fr_client.get("/no-such-page/")
    assert response.status_code == 404
    assert "Cette page n'existe pas. Vérifiez l'adresse." in visible_text(response.content)


def test_an_english_browser_still_gets_english(played):
    client = Client(HTTP_ACCEPT_LANGUAGE="en-CA,en;q=0.9")
    response = client.get(reverse("board", args=[played.slug]))
    assert response["Content-Language"] == "en"
    text = visible_text(response.content)
    assert "Final standings" in text
    assert "$12.00" in text
