"""What each couple won, and which ties are still open, for the public board.

A tie that has been settled (a split, a cut, a play-off) no longer reads
"tie": the board shows the settled result, and a couple's card the prize it
won. Read from `scoring.results.evening_results`; no queries here.
"""

from django.utils.translation import gettext as _

from cardnight.formats import money
from scoring.models import Target
from scoring.results import SETTLED, TIED, EveningResults, PlaceResult


def open_tie_places(results: EveningResults) -> set[int]:
    """Prize places whose tie is not settled yet."""
    return {place.place for place in results.places if place.status == TIED}


def out_of_settled_ties(results: EveningResults) -> set[int]:
    """Couples that contested a prize place and lost its settled tie: they
    no longer hold or contest a prize place."""
    winners: dict[frozenset, set[int]] = {}
    for place in results.places:
        if place.status == SETTLED:
            group = frozenset(couple.id for couple in place.couples)
            winners.setdefault(group, set()).update(couple.id for couple in place.winners)
    return {key for group, won in winners.items() for key in group - won}


def _label(place: PlaceResult, split: bool) -> str:
    if place.target == Target.BOOBY:
        what = _("Booby prize")
    elif place.target == Target.HALF_TIME:
        what = _("Half-time leader")
    else:
        what = _("Place %(n)s") % {"n": place.place}
    return _("%(what)s, shared") % {"what": what} if split else what


def prizes_won(results: EveningResults) -> dict[int, list[str]]:
    """couple id -> the prizes it won, in words ("Place 3: $20.00"), once the
    evening is over (before that, places are only as they stand)."""
    if not results.finished:
        return {}
    candidates = [*results.places, results.booby]
    if results.half_time.enabled and results.half_time.decided:
        candidates.append(results.half_time.leader)
    won: dict[int, list[str]] = {}
    for place in candidates:
        if place is None or not place.winners:
            continue
        split = len(place.winners) > 1
        for couple in place.winners:
            amount = place.shares.get(couple.id)
            if amount is not None:
                prize = money(amount)
            elif place.prize is not None and place.prize.value is None:
                prize = place.prize_text  # an item: "A turkey"
            else:
                prize = ""
            label = _label(place, split)
            text = _("%(what)s: %(prize)s") % {"what": label, "prize": prize} if prize else label
            won.setdefault(couple.id, []).append(text)
    return won
