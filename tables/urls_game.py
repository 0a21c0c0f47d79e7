"""URL patterns of the game screen and the table-side links; see the module
docstrings of tables/views/game.py and tables/views/tableside.py."""

from django.urls import path

from tables.views import game, tableside

urlpatterns = [
    path("evenings/<slug:slug>/game/", game.game_screen, name="game-screen"),
    path("evenings/<slug:slug>/game/start/", game.game_start, name="game-start"),
    path(
        "evenings/<slug:slug>/game/<int:game>/tables/<int:table>/",
        game.game_result,
        name="game-result",
    ),
    path("evenings/<slug:slug>/game/next/", game.game_advance, name="game-advance"),
    path("evenings/<slug:slug>/game/finish/", game.game_finish, name="game-finish"),
    path("evenings/<slug:slug>/game/leaving/", game.game_leaving, name="game-leaving"),
    path("evenings/<slug:slug>/games/<int:game>/", game.game_detail, name="game-detail"),
    path(
        "evenings/<slug:slug>/games/<int:game>/tables/<int:table>/correct/",
        game.game_correct,
        name="game-correct",
    ),
    path(
        "evenings/<slug:slug>/late-reports/<int:late>/",
        game.late_report_settle,
        name="late-report-settle",
    ),
    path("evenings/<slug:slug>/tables/", game.table_links, name="table-links"),
    path("evenings/<slug:slug>/tables/<int:table>/", game.table_link, name="table-link"),
    path("t/<slug:token>/", tableside.tableside, name="tableside"),
    path("t/<slug:token>/report/", tableside.tableside_report, name="tableside-report"),
    path(
        "t/<slug:token>/late/<int:late>/read/",
        tableside.tableside_late_read,
        name="tableside-late-read",
    ),
]
