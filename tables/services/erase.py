"""Erasing a person at their request (`erase_player`): out of the hall's
register and out of everything of the hall that holds their name; the
results stay and the name reads as removed (`register.erased_name`)."""

from __future__ import annotations

from django.contrib.admin.models import DELETION, LogEntry
from django.contrib.contenttypes.models import ContentType
from django.db import models
from django.db.models import Q
from django.db.models.functions import Cast
from django.utils.translation import ngettext

from tables.names import couple_digest, fold_name, replace_name

from ..models import CheckinEntry, Couple, Evening, Hall, Player, Receipt, ResultChange
from .register import _log, erased_name, erased_names, group_of


def _as_text(queryset) -> models.QuerySet:
    """The primary keys of `queryset` as text (how LogEntry.object_id holds them)."""
    return queryset.annotate(key_text=Cast("pk", models.CharField())).values("key_text")


def _hall_log(hall: Hall, ids: list[int]) -> models.QuerySet:
    """The admin's history (LogEntry) of the hall's own things: the hall,
    its evenings, couples and check-in entries, the person's records."""
    kinds = ContentType.objects.get_for_models(Hall, Evening, Couple, CheckinEntry, Player)
    return LogEntry.objects.filter(
        Q(content_type=kinds[Hall], object_id=str(hall.pk))
        | Q(content_type=kinds[Evening], object_id__in=_as_text(Evening.objects.filter(hall=hall)))
        | Q(
            content_type=kinds[Couple],
            object_id__in=_as_text(Couple.objects.filter(evening__hall=hall)),
        )
        | Q(
            content_type=kinds[CheckinEntry],
            object_id__in=_as_text(CheckinEntry.objects.filter(evening__hall=hall)),
        )
        | Q(content_type=kinds[Player], object_id__in=[str(pk) for pk in ids])
    )


def _names_of(hall: Hall, ids: list[int], couples: list[tuple]) -> frozenset[str]:
    """Every folded spelling of the person: their records' and the names
    typed on the couples linked to them, less any other person's record."""
    keys = set(Player.objects.filter(pk__in=ids).values_list("folded", flat=True))
    for _pk, _evening, first, second, person1, person2 in couples:
        if person1 in ids:
            keys.add(fold_name(first))
        if person2 in ids:
            keys.add(fold_name(second))
    others = Player.objects.filter(hall=hall, folded__in=keys).exclude(pk__in=ids)
    keys -= set(others.values_list("folded", flat=True))
    return frozenset(keys - erased_names() - {""})


class _Theirs:
    """Whose name is it: the person's records (`ids`) and their folded
    spellings (`keys`); `marker` is what their name reads as once erased."""

    def __init__(self, ids: list[int], keys: frozenset[str]):
        self.ids, self.keys, self.marker = ids, keys, erased_name()

    def side(self, name: str, record: int | None = None) -> bool:
        """Whether a name typed on a couple or an entry is the person's."""
        return record in self.ids or fold_name(name) in self.keys

    def out_of(self, text: str) -> str:
        """Free text with the person's name, wherever it is, read as removed."""
        return replace_name(text, self.keys, self.marker)


def _erase_from_couples(theirs: _Theirs, couples: list[tuple]) -> set[int]:
    """The person's side of each couple of theirs; the door's kept requests
    for those couples renamed (a digest of the two names). The evenings changed."""
    marker, changed = theirs.marker, set()
    firsts, seconds, renamed = [], [], {}
    for pk, evening_id, first, second, person1, person2 in couples:
        new = (
            marker if theirs.side(first, person1) else first,
            marker if theirs.side(second, person2) else second,
        )
        if new == (first, second):
            continue
        if new[0] != first:
            firsts.append(pk)
        if new[1] != second:
            seconds.append(pk)
        changed.add(evening_id)
        renamed[(evening_id, f"couple {couple_digest(first, second)}")] = (
            f"couple {couple_digest(*new)}"
        )
    Couple.objects.filter(pk__in=firsts).update(player1=marker, person1=None)
    Couple.objects.filter(pk__in=seconds).update(player2=marker, person2=None)
    requests = {request for _evening, request in renamed}
    receipts = list(Receipt.objects.filter(evening_id__in=changed, request__in=requests))
    for receipt in receipts:
        receipt.request = renamed.get((receipt.evening_id, receipt.request), receipt.request)
    Receipt.objects.bulk_update(receipts, ["request"])
    return changed


def _erase_from_entries(theirs: _Theirs, hall: Hall) -> set[int]:
    """Self check-in entries: a confirmed one keeps the partner's name and
    loses the phone it came from; a waiting one is deleted (if the couple is
    still in line, the door registers it). The evenings changed."""
    changed, waiting, confirmed = set(), [], []
    entries = CheckinEntry.objects.filter(evening__hall=hall)
    for entry in entries.only("pk", "evening", "player1", "player2", "confirmed_at"):
        sides = (theirs.side(entry.player1), theirs.side(entry.player2))
        if not any(sides):
            continue
        changed.add(entry.evening_id)
        if entry.confirmed_at is None:
            waiting.append(entry.pk)
            continue
        entry.player1 = theirs.marker if sides[0] else entry.player1
        entry.player2 = theirs.marker if sides[1] else entry.player2
        entry.device = ""
        confirmed.append(entry)
    CheckinEntry.objects.bulk_update(confirmed, ["player1", "player2", "device"])
    CheckinEntry.objects.filter(pk__in=waiting).delete()
    return changed


def _erase_from_text(theirs: _Theirs, hall: Hall) -> set[int]:
    """The evenings' 50/50 winners and the reasons given for corrected
    results. The evenings changed."""
    changed = set()
    winners = Evening.objects.filter(hall=hall).exclude(fifty_fifty_winner="")
    for pk, winner in winners.values_list("pk", "fifty_fifty_winner"):
        if (new := theirs.out_of(winner)) != winner:
            Evening.objects.filter(pk=pk).update(fifty_fifty_winner=new)
            changed.add(pk)
    reasons = ResultChange.objects.filter(seating__game__evening__hall=hall).exclude(reason="")
    for pk, reason, evening_id in reasons.values_list("pk", "reason", "seating__game__evening"):
        if (new := theirs.out_of(reason)) != reason:
            ResultChange.objects.filter(pk=pk).update(reason=new)
            changed.add(evening_id)
    return changed


def _erase_from_log(theirs: _Theirs, hall: Hall) -> None:
    """The admin's history of the hall's things (a couple's name is in the
    entry of a change to it: "4. Ann & Joe")."""
    logged = []
    for entry in _hall_log(hall, theirs.ids).only("pk", "object_repr", "change_message"):
        text = (entry.object_repr, entry.change_message)
        entry.object_repr = theirs.out_of(entry.object_repr)
        entry.change_message = theirs.out_of(entry.change_message)
        if (entry.object_repr, entry.change_message) != text:
            logged.append(entry)
    LogEntry.objects.bulk_update(logged, ["object_repr", "change_message"])


def erase_player(player: Player, *, user=None) -> int:
    """At the person's request: out of the register and their name out of
    everything of the hall that holds it; the results stay, the name reads
    as removed. Returns how many evenings changed (each is marked changed,
    so that boards and phones show it). The log says how many, not who.

    The person is their records (merged ones too) and, as the door matches
    names, every name that folds to one of their spellings: a couple typed
    before the register, or whose record was removed since, is theirs too.
    Their name goes from the couples (their side), the self check-in
    entries, the 50/50 winners, the reasons given for corrected results and
    the admin's history of the hall's things."""
    hall = player.hall
    # Any evening of the hall may hold the name: one gate over all of them
    # (all bumped when the name was found anywhere; an erase is rare).
    with Evening.objects.filter(hall=hall).changing():
        return _erase(player, hall, user)


def _erase(player: Player, hall: Hall, user) -> int:
    ids = group_of(player)
    couples = list(
        Couple.objects.filter(evening__hall=hall).values_list(
            "pk", "evening", "player1", "player2", "person1", "person2"
        )
    )
    theirs = _Theirs(ids, _names_of(hall, ids, couples))
    _erase_from_log(theirs, hall)  # first: it finds entries by what still exists
    changed = _erase_from_couples(theirs, couples)
    changed |= _erase_from_entries(theirs, hall)
    changed |= _erase_from_text(theirs, hall)
    Player.objects.filter(pk__in=ids).delete()
    _log(
        user,
        hall,
        ngettext(
            "Players: erased a player's name from %(n)s evening, at their request",
            "Players: erased a player's name from %(n)s evenings, at their request",
            len(changed),
        )
        % {"n": len(changed)},
        DELETION,
    )
    return len(changed)
