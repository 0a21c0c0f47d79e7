"""The hall's books (organizers only): the page, and the same as CSV files
for a spreadsheet. The statement on paper is scoring/printing/views.py."""

from urllib.parse import urlencode

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import patch_cache_control
from django.views.decorators.http import require_GET

from cardnight.error_pages import user_error
from cardnight.errors import UserError
from scoring import books
from scoring.books import spreadsheet
from tables.access import organizers_only


def _period(request: HttpRequest):
    return books.period_from(request.hall, request.GET, timezone.localdate())


def _link(name: str, hall_id: int, query: dict) -> str:
    return f"{reverse(name, args=[hall_id])}?{urlencode(query)}"


@require_GET
@organizers_only
def books_page(request: HttpRequest, hall_id: int) -> HttpResponse:
    """One row per evening of the period, the totals, the jar's balance."""
    hall = request.hall
    try:
        period = _period(request)
    except UserError as error:
        return user_error(request, error, back=reverse("books", args=[hall_id]))
    table = books.hall_books(hall, period)
    dialect = spreadsheet.dialect_for()
    other = spreadsheet.SEMICOLON if dialect is spreadsheet.COMMA else spreadsheet.COMMA
    links = {
        "csv": _link("books-csv", hall_id, period.query),
        "csv_other": _link("books-csv", hall_id, {**period.query, "format": other.name}),
        "couples": _link("books-couples-csv", hall_id, period.query),
        "pdf": _link("books-statement", hall_id, period.query),
    }
    nearby = {
        key: (year, _link("books", hall_id, year.query))
        for key, year in (("earlier", period.shifted(-1)), ("later", period.shifted(1)))
        if year is not None
    }
    context = {"hall": hall, "books": table, "period": period, "links": links, "nearby": nearby}
    context["other_format"] = other.name
    return render(request, "scoring/books.html", context)


def _csv(request: HttpRequest, content: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    patch_cache_control(response, private=True, no_store=True)
    return response


def _filename(request: HttpRequest, period, what: str) -> str:
    slug = request.hall.slug
    span = period.year_name if period.year is not None else f"{period.start}-to-{period.end}"
    return f"{slug}-{what}-{span}.csv".replace("\u2013", "-")


@require_GET
@organizers_only
def books_csv(request: HttpRequest, hall_id: int) -> HttpResponse:
    try:
        period = _period(request)
    except UserError as error:
        return user_error(request, error, back=reverse("books", args=[hall_id]))
    dialect = spreadsheet.dialect_for(request.GET.get("format"))
    content = spreadsheet.books_csv(books.hall_books(request.hall, period), dialect)
    return _csv(request, content, _filename(request, period, "books"))


@require_GET
@organizers_only
def couples_csv(request: HttpRequest, hall_id: int) -> HttpResponse:
    try:
        period = _period(request)
    except UserError as error:
        return user_error(request, error, back=reverse("books", args=[hall_id]))
    dialect = spreadsheet.dialect_for(request.GET.get("format"))
    content = spreadsheet.couples_csv(books.hall_couples(request.hall, period), dialect)
    return _csv(request, content, _filename(request, period, "couples"))
