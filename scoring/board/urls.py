"""The public scoreboard (no sign-in); see scoring/board/views.py."""

from django.urls import path

from scoring.board import views as board

urlpatterns = [
    path("e/<slug:slug>/", board.board_page, name="board"),
    path("e/<slug:slug>/tv/", board.board_tv, name="board-tv"),
    path("e/<slug:slug>/board.json", board.board_json, name="board-json"),
    path("e/<slug:slug>/find/", board.board_find, name="board-find"),
    path("e/<slug:slug>/couple/<int:number>/", board.board_couple, name="board-couple"),
]
