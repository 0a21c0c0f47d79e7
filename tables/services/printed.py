"""Recording that a printout was made (the evening's checklist reads it)."""

from django.utils import timezone

from ..models import Evening

PRINTED_FIELDS = {
    "cards": "cue_cards_printed_at",
    "tables": "table_cards_printed_at",
    "results": "results_printed_at",
}


def record_printed(evening: Evening, kind: str) -> None:
    """Note the time `kind` ("cards", "tables", "results") was printed (the
    hub's checklist shows it), through the write gate. Other kinds are not
    recorded."""
    field = PRINTED_FIELDS.get(kind)
    if field is None:
        return
    now = timezone.now()
    with Evening.changing(evening) as locked:
        locked.change(**{field: now})
    setattr(evening, field, now)
