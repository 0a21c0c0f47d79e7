from django.urls import path

from tables.views import checkin, door, evenings, players

urlpatterns = [
    path("evenings/", evenings.evening_list, name="evening-list"),
    path("evenings/new/", evenings.evening_create, name="evening-create"),
    path("evenings/<slug:slug>/edit/", evenings.evening_edit, name="evening-edit"),
    path("evenings/<slug:slug>/delete/", evenings.evening_delete, name="evening-delete"),
    path("evenings/<slug:slug>/template/", evenings.template_save, name="template-save"),
    path("evenings/<slug:slug>/door/", door.door, name="door"),
    path("evenings/<slug:slug>/door/suggest/", door.door_suggest, name="door-suggest"),
    path("evenings/<slug:slug>/couples/<int:number>/", door.couple_edit, name="couple-edit"),
    path(
        "evenings/<slug:slug>/couples/<int:number>/remove/",
        door.couple_remove,
        name="couple-remove",
    ),
    path("evenings/<slug:slug>/couples/<int:number>/paid/", door.couple_paid, name="couple-paid"),
    path(
        "evenings/<slug:slug>/checkin/<int:entry>/confirm/",
        door.checkin_confirm,
        name="checkin-confirm",
    ),
    path(
        "evenings/<slug:slug>/checkin/<int:entry>/remove/",
        door.checkin_remove,
        name="checkin-remove",
    ),
    # The self check-in page: public, reached through the evening's own link.
    path("evenings/<slug:slug>/checkin/clear/", door.checkin_clear, name="checkin-clear"),
    path("c/<slug:token>/", checkin.checkin_page, name="checkin"),
    path("c/<slug:token>/withdraw/<int:entry>/", checkin.checkin_withdraw, name="checkin-withdraw"),
    path("halls/new/", evenings.hall_create, name="hall-create"),
    path("halls/<int:hall_id>/edit/", evenings.hall_edit, name="hall-edit"),
    path(
        "halls/<int:hall_id>/templates/<int:template_id>/remove/",
        evenings.template_remove,
        name="template-remove",
    ),
    path("halls/<int:hall_id>/members/", evenings.hall_members, name="hall-members"),
    path(
        "halls/<int:hall_id>/members/<int:member_id>/remove/",
        evenings.member_remove,
        name="member-remove",
    ),
    path("halls/<int:hall_id>/players/", players.players, name="players"),
    path(
        "halls/<int:hall_id>/players/<int:player_id>/rename/",
        players.player_rename,
        name="player-rename",
    ),
    path(
        "halls/<int:hall_id>/players/<int:player_id>/merge/",
        players.player_merge,
        name="player-merge",
    ),
    path(
        "halls/<int:hall_id>/players/<int:player_id>/split/",
        players.player_split,
        name="player-split",
    ),
    path(
        "halls/<int:hall_id>/players/<int:player_id>/remove/",
        players.player_remove,
        name="player-remove",
    ),
    path(
        "halls/<int:hall_id>/players/<int:player_id>/erase/",
        players.player_erase,
        name="player-erase",
    ),
    path(
        "halls/<int:hall_id>/players/proposals/<int:proposal_id>/dismiss/",
        players.proposal_dismiss,
        name="player-proposal-dismiss",
    ),
]
