"""The dispute page: settle an argument over a hand with the rules engine.

Public (no sign-in), at ``/rules/`` with the hall defaults (Cape Breton) and at
``/e/<slug>/rules/`` with a published evening's house rules. Four modes, one
view each: who won a trick, could that card be played, replay a round, check
a claimed score. Every question is a GET form, so a ruling has a link that
two players can open on two phones; htmx only swaps the ruling panel in.
The work is done by `scoring.dispute` (the bridge) and `scoring.engine`.
"""

from dataclasses import dataclass

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import Resolver404, resolve, reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import replace_url

from cardnight.errors import UserError
from scoring import dispute
from scoring.dispute import auction as dispute_auction
from tables import links
from tables.models import Evening, Hall

MODES = {
    "trick": dispute.TrickForm,
    "legal": dispute.LegalForm,
    "round": dispute.RoundForm,
    "claim": dispute.ClaimForm,
    **dispute_auction.MODES,
}


@dataclass(frozen=True)
class Page:
    """Where the page is: the hall's rules page, or an evening's."""

    evening: Evening | None
    mode: str

    def url(self, mode: str) -> str:
        name = {"trick": "dispute", "legal": "dispute-legal"}.get(mode, f"dispute-{mode}")
        if self.evening is None:
            return reverse(name)
        return reverse(f"evening-{name}", args=[self.evening.slug])


def _evening(slug: str | None) -> Evening | None:
    """The published evening of the page, or 404: the same rule as the public
    scoreboard (an evening that is not published looks like a missing one)."""
    if slug is None:
        return None
    return get_object_or_404(Evening.objects.published().select_related("hall"), slug=slug)


def _dispute(request: HttpRequest, slug: str | None, mode: str) -> HttpResponse:
    page = Page(_evening(slug), mode)
    form_class = MODES[mode]
    if mode in dispute_auction.MODES and not _plays_auction(page.evening):
        raise Http404
    defaults = form_class.page_rules(dispute.evening_rules(page.evening))
    tap = getattr(form_class, "apply_tap", None)
    after_tap = tap(request.GET) if tap else dispute.apply_action(form_class, request.GET)
    if after_tap is not None:
        # A card tapped without JavaScript: show the new state at its own link.
        form = form_class(after_tap, defaults=defaults)
        query = form.canonical_query() if form.is_valid() else urlencode(after_tap)
        return redirect(page.url(mode) + (f"?{query}" if query else "") + "#card-grid")

    form = form_class(request.GET, defaults=defaults)
    result, status = None, 200
    if not form.is_valid():
        status = 400
    elif form.submitted:
        try:
            result = form.ruling()
        except UserError as error:
            form.add_error(None, error.message)
            status = error.status
    context = _context(request, page, form, result)
    template = f"dispute/{mode}.html"
    if request.htmx:
        template += "#ruling"
    response = render(request, template, context, status=status)
    if request.htmx:
        # The address bar always holds the link to what the page shows.
        replace_url(response, context["link"])
    return response


def _plays_auction(evening: Evening | None) -> bool:
    """The auction tabs are on the hall's page, and on an evening's page when it plays auction."""
    return evening is None or dispute.evening_rules(evening).is_auction


def _context(request: HttpRequest, page: Page, form: dispute.HouseRulesForm, result) -> dict:
    rules = form.rules
    query = form.canonical_query() if form.is_valid() else form.raw_query()
    link = page.url(page.mode) + (f"?{query}" if query else "")
    rules_query = urlencode(form.rules_query())
    card_values = form.card_values()
    mode_urls = {
        mode: page.url(mode) + (f"?{rules_query}" if rules_query else "") for mode in MODES
    }
    return {
        "evening": page.evening,
        "mode": page.mode,
        "auction_tabs": _plays_auction(page.evening),
        "form": form,
        "result": result,
        "rules": rules,
        "rules_summary": dispute.rules_summary(rules),
        "rules_changed": form.rules_changed,
        "link": link,
        "absolute_link": links.absolute_link(
            links.phone_address(page.evening.hall if page.evening else None), link
        ),
        "mode_urls": mode_urls,
        "auction_urls": {
            "bidding": mode_urls["auction"],
            "hand": mode_urls["auction-hand"],
            "sheet": mode_urls["auction-sheet"],
        },
        "reset_url": page.url(page.mode),
        "base_urls": {mode: page.url(mode) for mode in MODES},
        "suits": dispute.suits(),
        "trump": form.trump_letter() if "trump" in form.fields else "",
        "grid": _grid(form, rules),
        "filling": dispute.filling_field(form),
        "card_inputs": [(form[name], capacity) for name, capacity in form.card_fields],
        "any_cards": any(card_values),
        "ordinals": [dispute.ordinal(position) for position in range(1, dispute.SEATS + 1)],
        "share_qr": urlencode({"link": link}) if _final(result) else "",
        "announce": _announce(form, result),
    }


def _announce(form: dispute.HouseRulesForm, result: dict | None) -> str:
    """One line for screen readers when the ruling changes in place."""
    if form.errors:
        return " ".join(str(error) for errors in form.errors.values() for error in errors)
    if not result:
        return ""
    return result.get("headline") or result.get("game_won") or result.get("prompt") or ""


def _final(result: dict | None) -> bool:
    """A ruling worth sharing: an answer, not a prompt for more cards."""
    return bool(result) and not result.get("prompt")


def _grid(form: dispute.HouseRulesForm, rules) -> dict | None:
    if not form.card_fields:
        return None
    used = [code for cards in form.card_values() for code in cards]
    return dispute.card_grid(used, form.trump_letter(), rules)


@require_GET
@vary_on_headers("HX-Request")
def trick(request: HttpRequest, slug: str | None = None) -> HttpResponse:
    """Who won this trick? Trump, the cards in play order -> the winner and why."""
    return _dispute(request, slug, "trick")


@require_GET
@vary_on_headers("HX-Request")
def legal(request: HttpRequest, slug: str | None = None) -> HttpResponse:
    """Could this player have played that? The card led and the hand -> the legal cards."""
    return _dispute(request, slug, "legal")


@require_GET
@vary_on_headers("HX-Request")
def round_replay(request: HttpRequest, slug: str | None = None) -> HttpResponse:
    """Replay a round: five tricks -> winners, points in trick order, the game, reneges."""
    return _dispute(request, slug, "round")


@require_GET
@vary_on_headers("HX-Request")
def claim(request: HttpRequest, slug: str | None = None) -> HttpResponse:
    """Check a claimed score after round r."""
    return _dispute(request, slug, "claim")


QR_PAGES = {
    f"{prefix}dispute{suffix}"
    for prefix in ("", "evening-")
    for suffix in ("", "-legal", "-round", "-claim", "-auction", "-auction-hand", "-auction-sheet")
}


# A QR code a phone camera reads easily holds well under 2,000 characters; a
# real ruling's link is a few hundred.
QR_MAX_LINK = 1000


@require_GET
@cache_control(max_age=3600)
def qr(request: HttpRequest) -> HttpResponse:
    """The link to a ruling as a QR code, for the other player's phone to scan.

    Only links to this page are drawn (``?link=/rules/?trump=H&cards=...``),
    under the address phones use (tables.links); anything else is not found. A
    separate image, loaded when it is first shown, keeps each tap's answer
    small and quick.
    """
    link = request.GET.get("link", "")
    if len(link) > QR_MAX_LINK:
        return HttpResponseBadRequest(
            _("This link is too long for a QR code: share the page's address instead."),
            content_type="text/plain; charset=utf-8",
        )
    if not link.startswith("/") or link.startswith("//"):
        raise Http404
    try:
        match = resolve(link.split("?", 1)[0])
    except Resolver404:
        raise Http404 from None
    if match.url_name not in QR_PAGES:
        raise Http404
    hall = Hall.objects.filter(evenings__slug=match.kwargs.get("slug")).first()
    import segno  # on this page only (start-up)

    image = segno.make(links.absolute_link(links.phone_address(hall), link), error="m")
    response = HttpResponse(content_type="image/svg+xml")
    image.save(response, kind="svg", scale=4, border=2, xmldecl=False)
    return response
