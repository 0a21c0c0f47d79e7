"""What other apps add to setting up an evening (tables never imports
scoring: scoring registers its part, the prizes, in `ScoringConfig.ready`).
The New evening page, the proposal for a hall's next evening and the hall's
named templates use every registered part without knowing what it is.

A part is an object with:

    key: str
        The name its data is kept under (a template's `parts[key]`, the
        proposal's `parts[key]`) and its form's prefix.
    template: str
        The template that shows its form inside the New evening form
        (given `part_form`).
    snapshot(evening) -> JSON-able data
        What the evening has: the next evening and a template start from it.
    form(data, initial) -> a Django form (or formset)
        Bound to `data` (the POST) or not, proposing `initial` (a snapshot,
        or None for a blank evening).
    save(evening, form) -> None
        Writes the part for a new evening, inside the transaction that
        creates it; raises `cardnight.errors.UserError` to refuse (nothing
        is created then).
"""

_parts: dict[str, object] = {}


def register(part) -> None:
    _parts[part.key] = part


def parts() -> list:
    return list(_parts.values())
