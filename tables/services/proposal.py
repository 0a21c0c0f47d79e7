"""The proposal for a hall's next evening, and the hall's named templates.

propose_evening(hall, *, template=None, today=None) -> Proposal
    "New evening" starts from the hall's last evening: its settings
    (`Evening.PROPOSED_SETTINGS`: fee, prizes' settings, jar, 50/50,
    publishing, start time, name), what the registered parts keep for it
    (scoring's prizes, see tables.evening_parts), the hall's usual number
    of games (`usual_games`: not the last evening's, which may have been
    cut short) and the date a week later on the hall's usual day. From a
    template: the template's settings and parts, with the same date.
usual_games(hall) -> int | None
    The number of games most of the hall's last evenings were played to
    (the latest one breaks a tie).
next_date(hall, today=None) -> date | None
    The usual day: the weekday most of the hall's last evenings fell on
    (the latest one breaks a tie); a week after the last evening, or, when
    that is past, the next such weekday from today (today itself counts).
    Only evenings dated in FIRST_YEAR..LAST_YEAR count (one stored in the
    year 9999 before dates were checked is left out), and no date past
    LAST_YEAR is proposed.
save_template(evening, name) -> (EveningTemplate, created)
    The evening's settings and parts as the hall's template `name`
    (replacing the template of that name).
create_evening(form, part_forms) -> Evening
    The New evening form and its parts' forms, written in one transaction.
"""

from __future__ import annotations

import datetime
from collections import Counter
from dataclasses import dataclass, field

from django.core.serializers.json import DjangoJSONEncoder
from django.db import transaction
from django.utils import timezone

from .. import evening_parts
from ..models import FIRST_YEAR, LAST_YEAR, Evening, EveningTemplate, Hall, date_in_range

# How many of the hall's last evenings say what is usual there: its day,
# its number of games.
USUAL_OF_EVENINGS = 4
_FIRST_DAY, _LAST_DAY = datetime.date(FIRST_YEAR, 1, 1), datetime.date(LAST_YEAR, 12, 31)


@dataclass
class Proposal:
    initial: dict = field(default_factory=dict)
    parts: dict = field(default_factory=dict)
    from_evening: Evening | None = None
    template: EveningTemplate | None = None
    # The last evening's number of games, when the hall's usual one is
    # proposed instead (the page says so).
    games_of_last: int | None = None


def _as_data(value):
    """A setting as JSON data (Decimal and time as text)."""
    if isinstance(value, bool | int | str) or value is None:
        return value
    return DjangoJSONEncoder().default(value)


def settings_of(evening: Evening) -> dict:
    return {name: _as_data(getattr(evening, name)) for name in Evening.PROPOSED_SETTINGS}


def _recent(hall: Hall, column: str) -> list:
    """`column` of the hall's last evenings (not cancelled), newest first."""
    return list(
        hall.evenings.filter(cancelled=False, date__range=(_FIRST_DAY, _LAST_DAY))
        .order_by("-date", "-id")
        .values_list(column, flat=True)[:USUAL_OF_EVENINGS]
    )


def _usual(values: list):
    """The value most of `values` (newest first) have; the newest breaks a tie."""
    counts = Counter(values)
    most = max(counts.values())
    return next(value for value in values if counts[value] == most)


def usual_games(hall: Hall) -> int | None:
    games = _recent(hall, "games")
    return _usual(games) if games else None


def next_date(hall: Hall, today: datetime.date | None = None) -> datetime.date | None:
    today = today or timezone.localdate()
    dates = _recent(hall, "date")
    if not dates:
        return None
    usual = _usual([d.weekday() for d in dates])
    date = dates[0] + datetime.timedelta(days=1 + (usual - dates[0].weekday() - 1) % 7)
    if date < today:
        date = today + datetime.timedelta(days=(usual - today.weekday()) % 7)
    return date if date_in_range(date) else None


def last_evening(hall: Hall) -> Evening | None:
    evenings = hall.evenings.order_by("-date", "-id")
    return evenings.filter(cancelled=False).first() or evenings.first()


def propose_evening(hall: Hall, *, template: EveningTemplate | None = None, today=None) -> Proposal:
    proposal = Proposal(initial={"hall": hall.pk})
    if template is not None:
        proposal.template = template
        settings = {k: v for k, v in template.settings.items() if k in Evening.PROPOSED_SETTINGS}
        proposal.initial.update(settings)
        proposal.parts = dict(template.parts)
    else:
        last = last_evening(hall)
        if last is None:
            return proposal
        proposal.from_evening = last
        proposal.initial.update(settings_of(last))
        proposal.initial["games"] = usual_games(hall) or last.games
        if proposal.initial["games"] != last.games:
            proposal.games_of_last = last.games
        proposal.parts = {part.key: part.snapshot(last) for part in evening_parts.parts()}
    date = next_date(hall, today)
    if date is not None:
        proposal.initial["date"] = date
    return proposal


@transaction.atomic
def save_template(evening: Evening, name: str) -> tuple[EveningTemplate, bool]:
    name = " ".join(name.split())
    return EveningTemplate.objects.update_or_create(
        hall=evening.hall,
        name=name,
        defaults={
            "settings": settings_of(evening),
            "parts": {part.key: part.snapshot(evening) for part in evening_parts.parts()},
        },
    )


@transaction.atomic
def create_evening(form, part_forms=()) -> Evening:
    """The new evening (`tables.forms.EveningForm`, a new hall with it) and
    each part's form (`(part, form)` pairs: scoring's prizes), all or
    nothing: a part that refuses (`UserError`) creates nothing."""
    evening = form.save()
    for part, part_form in part_forms:
        part.save(evening, part_form)
    return evening
