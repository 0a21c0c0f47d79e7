"""URL patterns of the organizer's scoring pages (scoring/views/): standings,
prizes and ties, the cookie jar, the hall's season and its books."""

from django.urls import path

from scoring.views import books, hub, jar, prizes, season, standings, tiebreak

urlpatterns = [
    path("evenings/<slug:slug>/", hub.evening_detail, name="evening-detail"),
    path("evenings/<slug:slug>/next/", hub.next_step, name="evening-next-step"),
    # The door's "In the jar" tap (a row of the door list, tables/door.html).
    path("evenings/<slug:slug>/couples/<int:number>/jar/", jar.door_jar, name="couple-jar"),
    path("evenings/<slug:slug>/standings/", standings.standings, name="standings"),
    path("evenings/<slug:slug>/prizes/", prizes.prizes, name="prizes"),
    path("evenings/<slug:slug>/prizes/set/", prizes.prize_set, name="prize-set"),
    path("evenings/<slug:slug>/prizes/fifty-fifty/", prizes.fifty_fifty, name="fifty-fifty"),
    path(
        "evenings/<slug:slug>/prizes/travelling/draw/",
        prizes.travelling_draw,
        name="travelling-draw",
    ),
    path("evenings/<slug:slug>/ties/open/", tiebreak.tiebreak_open, name="tiebreak-open"),
    path("evenings/<slug:slug>/ties/<int:pk>/", tiebreak.tiebreak_detail, name="tiebreak"),
    path(
        "evenings/<slug:slug>/ties/<int:pk>/choices/",
        tiebreak.tiebreak_choices,
        name="tiebreak-choices",
    ),
    path("evenings/<slug:slug>/ties/<int:pk>/cut/", tiebreak.tiebreak_cut, name="tiebreak-cut"),
    path("evenings/<slug:slug>/ties/<int:pk>/deal/", tiebreak.tiebreak_deal, name="tiebreak-deal"),
    path(
        "evenings/<slug:slug>/ties/<int:pk>/playoff/",
        tiebreak.tiebreak_playoff,
        name="tiebreak-playoff",
    ),
    path(
        "evenings/<slug:slug>/ties/<int:pk>/discard/",
        tiebreak.tiebreak_discard,
        name="tiebreak-discard",
    ),
    path("evenings/<slug:slug>/jar/", jar.jar, name="jar"),
    path("evenings/<slug:slug>/jar/buy-in/<int:number>/", jar.jar_buy_in, name="jar-buy-in"),
    path("evenings/<slug:slug>/jar/hat/", jar.jar_hat, name="jar-hat"),
    path("evenings/<slug:slug>/jar/reveal/", jar.jar_reveal, name="jar-reveal"),
    path("halls/<int:hall_id>/season/", season.season, name="season"),
    # The hall's books (organizers only; the statement PDF: scoring/printing/urls.py).
    path("halls/<int:hall_id>/books/", books.books_page, name="books"),
    path("halls/<int:hall_id>/books/books.csv", books.books_csv, name="books-csv"),
    path("halls/<int:hall_id>/books/couples.csv", books.couples_csv, name="books-couples-csv"),
    path(
        "halls/<int:hall_id>/season/players/<int:player_id>/",
        season.season_player,
        name="season-player",
    ),
]
