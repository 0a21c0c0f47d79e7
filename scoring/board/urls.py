"""The public scoreboard (no sign-in); see scoring/board/views.py."""

from django.urls import path

from scoring.board import hall
from scoring.board import views as board

urlpatterns = [
    path("e/<slug:slug>/", board.board_page, name="board"),
    path("e/<slug:slug>/tv/", board.board_tv, name="board-tv"),
    path("e/<slug:slug>/board.json", board.board_json, name="board-json"),
    path("e/<slug:slug>/find/", board.board_find, name="board-find"),
    path("e/<slug:slug>/couple/<int:number>/", board.board_couple, name="board-couple"),
    # Where is a game tonight: a hall's public page and its calendar feed.
    path("h/<slug:hall_slug>/", hall.hall_page, name="hall-page"),
    path("h/<slug:hall_slug>/evenings.ics", hall.hall_feed, name="hall-calendar"),
]
