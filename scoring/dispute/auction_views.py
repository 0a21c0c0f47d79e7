"""The rules page's "Auction" tabs (`scoring.dispute.auction`): the bidding, a
hand, a score sheet. Same page machinery as the 45 tabs (`scoring.dispute.views`):
GET forms with a link and a QR code, htmx swapping only the ruling. On an
evening's page they exist only when the evening plays auction (else 404).
"""

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from scoring.dispute.views import _dispute


@require_GET
@vary_on_headers("HX-Request")
def bidding(request: HttpRequest, slug: str | None = None) -> HttpResponse:
    """Is this bidding legal, and who won the bid? Calls tapped one by one."""
    return _dispute(request, slug, "auction")


@require_GET
@vary_on_headers("HX-Request")
def hand(request: HttpRequest, slug: str | None = None) -> HttpResponse:
    """Score one auction hand for two to five players."""
    return _dispute(request, slug, "auction-hand")


@require_GET
@vary_on_headers("HX-Request")
def sheet(request: HttpRequest, slug: str | None = None) -> HttpResponse:
    """Check an auction score sheet, one hand per line."""
    return _dispute(request, slug, "auction-sheet")
