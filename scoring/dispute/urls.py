"""URL patterns of the dispute page (public); see `scoring.dispute.views`."""

from django.urls import path

from scoring.dispute import auction_views as dispute_auction
from scoring.dispute import views as dispute

urlpatterns = [
    path("rules/", dispute.trick, name="dispute"),
    path("rules/play/", dispute.legal, name="dispute-legal"),
    path("rules/round/", dispute.round_replay, name="dispute-round"),
    path("rules/score/", dispute.claim, name="dispute-claim"),
    path("rules/qr.svg", dispute.qr, name="dispute-qr"),
    path("rules/auction/", dispute_auction.bidding, name="dispute-auction"),
    path("rules/auction/hand/", dispute_auction.hand, name="dispute-auction-hand"),
    path("rules/auction/sheet/", dispute_auction.sheet, name="dispute-auction-sheet"),
    path("e/<slug:slug>/rules/", dispute.trick, name="evening-dispute"),
    path("e/<slug:slug>/rules/play/", dispute.legal, name="evening-dispute-legal"),
    path("e/<slug:slug>/rules/round/", dispute.round_replay, name="evening-dispute-round"),
    path("e/<slug:slug>/rules/score/", dispute.claim, name="evening-dispute-claim"),
    path("e/<slug:slug>/rules/auction/", dispute_auction.bidding, name="evening-dispute-auction"),
    path(
        "e/<slug:slug>/rules/auction/hand/",
        dispute_auction.hand,
        name="evening-dispute-auction-hand",
    ),
    path(
        "e/<slug:slug>/rules/auction/sheet/",
        dispute_auction.sheet,
        name="evening-dispute-auction-sheet",
    ),
]
