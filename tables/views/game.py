"""The game screen (organizer and volunteers): seat game 1, record every
table's winner with one tap, follow the progress, start the next game, see
who moves where, mark couples leaving; earlier games and organizer
corrections; the table links with their QR codes.

Every view is thin: it parses a form, calls one function of
tables/services/ and turns its UserError into a message and a 4xx.
"""

import functools
import hashlib

from django.contrib import messages
from django.core.cache import cache
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from cardnight.error_pages import user_error
from cardnight.errors import AlreadyDone, UserError
from tables import links, queries, services
from tables.access import organizer_required, volunteer_required
from tables.forms.game import (
    AdvanceForm,
    CorrectionForm,
    LeavingForm,
    ResultForm,
    StartForm,
    report_problem,
)
from tables.live import evening_version, polled
from tables.models import Evening
from tables.services import receipts
from tables.templatetags.labels import trusted

SCREEN = "tables/game/screen.html"


def _screen_url(evening: Evening, anchor: str = "") -> str:
    url = reverse("game-screen", args=[evening.slug])
    return f"{url}#{anchor}" if anchor else url


# A form's address (POST) asked with GET, after the role check: a reload
# after a form's answer left it in the address bar, a bookmark, a phone's
# history. The game screen, not a blank 405.
SENT_HERE = ["GET", "HEAD", "POST"]


def _get_goes_to_screen(view):
    @functools.wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if request.method != "POST":
            return redirect("game-screen", kwargs["slug"])
        return view(request, *args, **kwargs)

    return wrapper


def _cards_share(evening: Evening) -> dict:
    """What every table's card of the current game shows alike, made once
    for the page, not once per card and button: its words (`words`), and its
    result form's address less the table's number (`result_url`)."""
    stem = links.url_stem("game-result", evening.slug, evening.current_game)
    return {"words": _card_words(), "result_url": stem}


def _card_words() -> dict[str, str]:
    """Our own translations, shown as {% translate %} shows them (not escaped)."""
    return trusted(
        {
            "in": _("In"),
            "by_phones": _("by the table's phones"),
            "reported": _("Reported at the table"),
            "change": _("Change"),
            "deals_first": _("deals first"),
            "won": _("won"),
            "lost": _("lost"),
            # Under a table's card while a tap waits for the Wi-Fi: the couple's
            # number goes in on the phone (static/js/live/outbox.js fills "%s").
            "waiting_won": _("Waiting to send: couple %(n)s won") % {"n": "%s"},
        }
    )


def _screen_context(request: HttpRequest, evening: Evening, **extra) -> dict:
    todo = request.GET.get("show") == "todo"
    context = {
        "evening": evening,
        "todo": todo,
        "progress": queries.progress(evening),
        "is_last_game": evening.is_last_game,
        "disputed": queries.disputed_tables(evening),
        "late_reports": queries.late_reports(evening),
        **_cards_share(evening),
    }
    if evening.is_setup:
        couples = evening.couples.present_at(1).count()
        context.update(couples=couples, tables_count=couples // 2, has_bye=couples % 2 == 1)
        context["start_form"] = extra.pop("start_form", None) or StartForm()
    else:
        seatings = queries.current_seatings(evening)  # the tables' and the movement's
        context["tables"] = queries.current_tables(evening, todo_only=todo, seatings=seatings)
        number = evening.current_game
        context["movement"] = movement = queries.movement(evening, number, seatings=seatings)
        context["bye"] = movement.bye if movement else None
        context["leaving"], context["joining"] = queries.leaving_and_joining(evening)
        context["games"] = queries.games_summary(evening)
        context["leaving_form"] = extra.pop("leaving_form", None) or LeavingForm()
    context.update(extra)
    return context


def _screen(request: HttpRequest, evening: Evening, status: int = 200, **extra) -> HttpResponse:
    return render(request, SCREEN, _screen_context(request, evening, **extra), status=status)


@require_GET
@volunteer_required
@polled(evening_version)
def game_screen(request: HttpRequest, slug: str) -> HttpResponse:
    """The screen; its poll (htmx, conditional GET) gets only the tables."""
    evening = request.evening
    if request.htmx:
        return render(request, SCREEN + "#game-section", _screen_context(request, evening))
    return _screen(request, evening)


@require_http_methods(SENT_HERE)
@organizer_required
@_get_goes_to_screen
def game_start(request: HttpRequest, slug: str) -> HttpResponse:
    evening = request.evening
    form = StartForm(request.POST)
    if not form.is_valid():
        return _screen(request, evening, status=400, start_form=form)
    try:
        services.start_evening(evening, by_hand=form.cleaned_data["pairs"], user=request.user)
    except AlreadyDone as done:  # sent again after a lost answer, or by someone else
        messages.success(request, done.message)
        return redirect(_screen_url(evening))
    except UserError as error:
        evening.refresh_from_db()
        return _screen(request, evening, status=error.status, start_form=form, error=error.message)
    messages.success(request, _("Game 1 is seated. Good luck, everyone!"))
    return redirect(_screen_url(evening))


def _table_response(
    request: HttpRequest,
    evening: Evening,
    table: int,
    *,
    message: str = "",
    error: str = "",
    status: int = 200,
) -> HttpResponse:
    """The table's card and the progress line (htmx), or the whole screen.

    After a refused tap the evening is read again (another volunteer may have
    started the next game). After a tap carried out it is the evening this
    request read: it was in the same game then, and a result changes only
    its table, which is read afresh."""
    if status >= 400:
        evening.refresh_from_db()
    if not request.htmx:
        if status >= 400:
            return _screen(request, evening, status=status, error=error)
        messages.success(request, message)
        return redirect(_screen_url(evening, f"table-{table}"))
    seating = queries.current_table(evening, table)
    if seating is None:
        return user_error(request, UserError(error or _("Reload the page.")), back="")
    context = {
        "evening": evening,
        "seating": seating,
        "progress": queries.progress(evening),
        "is_last_game": evening.is_last_game,
        "disputed": queries.disputed_tables(evening),
        "card_message": message,
        "card_error": error,
        "oob": True,
        "todo": request.POST.get("show") == "todo",
        **_cards_share(evening),
    }
    return render(request, "tables/game/tap.html", context, status=status)


@require_POST
@volunteer_required
def game_result(request: HttpRequest, slug: str, game: int, table: int) -> HttpResponse:
    """One tap: record (or change) the winner of `table` in `game`."""
    evening = request.evening
    form = ResultForm(request.POST)
    if not form.is_valid():
        error = report_problem(form, _("Choose the winning couple."))
        return _table_response(request, evening, table, error=error, status=400)
    data = form.cleaned_data
    try:
        if data["request_id"]:  # from the screen's outbox: once per id
            changed = receipts.record_result_once(
                evening,
                data["request_id"],
                game,
                table,
                data["winner"],
                change=data["change"],
                was=data["was"],
                user=request.user,
            )
        elif data["change"]:
            seating, changed = services.change_result(
                evening, game, table, data["winner"], was=data["was"], user=request.user
            )
        else:
            seating, changed = services.record_result(
                evening, game, table, data["winner"], user=request.user
            )
    except UserError as error:
        return _table_response(request, evening, table, error=error.message, status=error.status)
    if changed:
        message = _("Table %(table)s: couple %(n)s won.") % {"table": table, "n": data["winner"]}
    else:
        message = _("Table %(table)s: couple %(n)s was already recorded as the winner.") % {
            "table": table,
            "n": data["winner"],
        }
    return _table_response(request, evening, table, message=message)


@require_http_methods(SENT_HERE)
@volunteer_required
@_get_goes_to_screen
def game_advance(request: HttpRequest, slug: str) -> HttpResponse:
    """Start the next game (refused until every table is in). Pressed again
    once it started (its answer was lost, or two phones pressed it): the
    screen, saying so."""
    evening = request.evening
    form = AdvanceForm(request.POST)
    if not form.is_valid():
        return _screen(request, evening, status=400, error=_("The game number is missing."))
    try:
        advanced = services.advance(evening, from_game=form.cleaned_data["game"], user=request.user)
    except AlreadyDone as done:
        messages.success(request, done.message)
        return redirect(_screen_url(evening, "movement"))
    except UserError as error:
        evening.refresh_from_db()
        return _screen(request, evening, status=error.status, error=error.message)
    messages.success(
        request,
        _("Game %(game)s has started. Read out the movement below.")
        % {"game": advanced.game.number},
    )
    return redirect(_screen_url(evening, "movement"))


@require_http_methods(SENT_HERE)
@organizer_required
@_get_goes_to_screen
def game_finish(request: HttpRequest, slug: str) -> HttpResponse:
    """After the last game: the evening is over."""
    evening = request.evening
    form = AdvanceForm(request.POST)
    if not form.is_valid():
        return _screen(request, evening, status=400, error=_("The game number is missing."))
    try:
        services.finish_evening(evening, from_game=form.cleaned_data["game"], user=request.user)
    except AlreadyDone:
        pass  # sent again after a lost answer: the same answer
    except UserError as error:
        evening.refresh_from_db()
        return _screen(request, evening, status=error.status, error=error.message)
    messages.success(request, _("The evening is over. Time for the prizes!"))
    if request.POST.get("then") == "prizes":  # finished from the prizes page: back there
        return redirect("prizes", evening.slug)
    return redirect(_screen_url(evening))


@require_POST
@volunteer_required
def game_leaving(request: HttpRequest, slug: str) -> HttpResponse:
    """Mark a couple leaving after the current game (or take it back)."""
    evening = request.evening
    form = LeavingForm(request.POST)
    if form.is_valid():
        data = form.cleaned_data
        try:
            couple = services.mark_leaving(
                evening, data["couple"], leaving=data["leaving"], user=request.user
            )
        except UserError as error:
            form.add_error("couple", error.message)
            status = error.status
        else:
            if couple.left_after_game is None:
                text = _("Couple %(n)s is staying after all.")
            elif couple.joined_game > couple.left_after_game:
                text = _("Couple %(n)s will not join.")
            else:
                text = _("Couple %(n)s leaves after game %(game)s.")
            message = text % {"n": couple.number, "game": couple.left_after_game}
            if not request.htmx:
                messages.success(request, message)
                return redirect(_screen_url(evening, "leaving"))
            form, status = LeavingForm(), 200
            evening.refresh_from_db()
            return _leaving_section(request, evening, form, status, message)
    else:
        status = 400
    evening.refresh_from_db()
    if request.htmx:
        return _leaving_section(request, evening, form, status)
    return _screen(request, evening, status=status, leaving_form=form)


def _leaving_section(request, evening, form, status, message=""):
    leaving, joining = queries.leaving_and_joining(evening)
    context = {
        "evening": evening,
        "leaving": leaving,
        "joining": joining,
        "leaving_form": form,
        "leaving_message": message,
    }
    return render(request, SCREEN + "#leaving-section", context, status=status)


# --- Earlier games and corrections ----------------------------------------------


def _played_game(evening: Evening, game: int) -> None:
    if game < 1 or game > evening.current_game:
        raise Http404(_("Game %(game)s has not been played.") % {"game": game})


@require_GET
@volunteer_required
def game_detail(request: HttpRequest, slug: str, game: int) -> HttpResponse:
    """An earlier game: its tables and results, and the log of corrections."""
    evening = request.evening
    _played_game(evening, game)
    context = {
        "evening": evening,
        "game": game,
        "seatings": queries.game_seatings(evening, game),
        "movement": queries.movement(evening, game),
        "changes": queries.changes(evening, game),
        "can_correct": evening.is_finished or game < evening.current_game,
    }
    return render(request, "tables/game/detail.html", context)


@require_http_methods(["GET", "POST"])
@organizer_required
def game_correct(request: HttpRequest, slug: str, game: int, table: int) -> HttpResponse:
    """An organizer corrects an earlier result, with a reason."""
    evening = request.evening
    _played_game(evening, game)
    seating = queries.game_table(evening, game, table)
    if seating is None:
        raise Http404(
            _("Table %(table)s did not play game %(game)s.") % {"table": table, "game": game}
        )
    form = CorrectionForm(request.POST or None, seating=seating)
    context = {"evening": evening, "game": game, "seating": seating, "form": form}
    if request.method == "GET":
        return render(request, "tables/game/correct.html", context)
    if not form.is_valid():
        return render(request, "tables/game/correct.html", context, status=400)
    try:
        services.correct_result(
            evening,
            game,
            table,
            form.cleaned_data["winner"],
            reason=form.cleaned_data["reason"],
            user=request.user,
        )
    except UserError as error:
        form.add_error(None, error.message)
        return render(request, "tables/game/correct.html", context, status=error.status)
    messages.success(
        request,
        _("Game %(game)s, table %(table)s corrected: couple %(n)s won.")
        % {"game": game, "table": table, "n": form.cleaned_data["winner"]},
    )
    return redirect("game-detail", evening.slug, game)


@require_http_methods(SENT_HERE)
@organizer_required
@_get_goes_to_screen
def late_report_settle(request: HttpRequest, slug: str, late: int) -> HttpResponse:
    """One tap on a table's late report: correct the result to it, or keep
    the result recorded (corrections service)."""
    evening = request.evening
    correct = request.POST.get("correct")
    if correct not in ("0", "1"):
        return _screen(request, evening, status=400, error=_("The request was not understood."))
    try:
        report = services.settle_late_report(
            evening, late, correct=correct == "1", user=request.user
        )
    except UserError as error:
        evening.refresh_from_db()
        return _screen(request, evening, status=error.status, error=error.message)
    seating = report.seating
    words = {"game": seating.game.number, "table": seating.table.number}
    if correct == "1":
        text = _("Game %(game)s, table %(table)s corrected: couple %(n)s won.")
        words["n"] = report.claimed_winner.number
    else:
        text = _("Game %(game)s, table %(table)s: the result stands, couple %(n)s won.")
        words["n"] = report.recorded_winner.number
    messages.success(request, text % words)
    return redirect(_screen_url(evening))


# --- Table links and QR codes -------------------------------------------------


LINKS_PER_PAGE = 24


def _qr(url: str, scale: int) -> str:
    """A QR code as inline SVG; drawing one takes a few milliseconds, so each
    is kept in the cache (the link of a table never changes)."""
    key = f"qr-box:{scale}:{hashlib.sha256(url.encode()).hexdigest()}"
    svg = cache.get(key)
    if svg is None:
        import segno  # on the pages that draw QR codes only (start-up)

        # A viewBox and no fixed size: the code fills the box the CSS gives
        # it, centred, instead of sitting in its top-left corner.
        svg = segno.make(url, error="m").svg_inline(scale=scale, title=url, omitsize=True)
        cache.set(key, svg, 60 * 60 * 24)
    return svg


@require_GET
@volunteer_required
def table_links(request: HttpRequest, slug: str) -> HttpResponse:
    """The tables' own result links and QR codes, a page of them at a time."""
    evening = request.evening
    page = Paginator(evening.tables.order_by("number"), LINKS_PER_PAGE).get_page(
        request.GET.get("page")
    )
    tables = []
    address = links.phone_address(evening.hall)
    for table in page:
        url = links.page_link(address, "tableside", table.token)
        tables.append({"table": table, "url": url, "qr": _qr(url, 2)})
    context = {"evening": evening, "tables": tables, "page": page}
    return render(request, "tables/game/links.html", context)


@require_GET
@volunteer_required
def table_link(request: HttpRequest, slug: str, table: int) -> HttpResponse:
    """One table's QR code, big enough to scan from a volunteer's phone."""
    evening = request.evening
    row = evening.tables.filter(number=table).first()
    if row is None:
        raise Http404(_("There is no table %(table)s tonight.") % {"table": table})
    url = links.page_link(links.phone_address(evening.hall), "tableside", row.token)
    context = {"evening": evening, "table": row, "url": url, "qr": _qr(url, 6)}
    return render(request, "tables/game/link.html", context)
