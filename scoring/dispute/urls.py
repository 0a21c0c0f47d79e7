"""URL patterns of the dispute page (public); see `scoring.dispute.views`."""

from django.urls import path

from scoring.dispute import views as dispute

urlpatterns = [
    path("rules/", dispute.trick, name="dispute"),
    path("rules/play/", dispute.legal, name="dispute-legal"),
    path("rules/round/", dispute.round_replay, name="dispute-round"),
    path("rules/score/", dispute.claim, name="dispute-claim"),
    path("rules/qr.svg", dispute.qr, name="dispute-qr"),
    path("e/<slug:slug>/rules/", dispute.trick, name="evening-dispute"),
    path("e/<slug:slug>/rules/play/", dispute.legal, name="evening-dispute-legal"),
    path("e/<slug:slug>/rules/round/", dispute.round_replay, name="evening-dispute-round"),
    path("e/<slug:slug>/rules/score/", dispute.claim, name="evening-dispute-claim"),
]
