"""Self check-in (a hall setting, off by default): a couple waiting in line
types its two names on its own phone (the QR code at the door opens
/c/<evening's token>/); a volunteer confirms the entry at the door, and only
then is the couple registered and numbered, exactly as the door form
registers it (door.register_couple, once per request id: receipts).

The phone never searches anything: it sends two names and sees only its own
entries (`device`, a hash of a random id in its session cookie), so nobody
at the door can read the hall's people from it.

Entries are accepted only while the evening is registering (the hall's
setting on, play not started). The limits (issue 47) are counted from the
entries themselves, under the evening's lock, so they hold across server
processes and against a script that sends a fresh cookie each time: at most
ENTRIES_PER_PHONE per phone per evening and PER_MINUTE a minute, at most
ALL_PER_MINUTE new entries a minute from all phones together, and at most
MAX_WAITING waiting at once. An organizer clears the whole waiting list in
one tap (`clear_waiting`); the door's own form never depends on any of
this. An entry expires EXPIRES after it was made, or when play starts.

    closed_reason(evening) -> str           "" when entries are accepted
    submit_entry(evening, device, player1, player2) -> CheckinEntry
    phone_entries(evening, device) -> [(CheckinEntry, state)]   the phone's own
    withdraw_entry(evening, device, entry_id)              the phone's own, waiting
    waiting_entries(evening) -> list[CheckinEntry]         the door's list
    confirm_entry(evening, entry_id, key, *, paid, jar_buy_in, warned_about)
        -> (Couple, bool)  register it; False: it was confirmed already
    remove_entry(evening, entry_id) -> bool                the door's "Remove"
    clear_waiting(evening) -> int                          an organizer's "Clear the list"
"""

from __future__ import annotations

import datetime

from django.utils import timezone
from django.utils.translation import gettext as _

from cardnight.errors import Conflict, UserError

from ..models import CheckinEntry, Couple, Evening
from . import receipts
from .door import couple_key, register_couple

EXPIRES = datetime.timedelta(hours=2)
ENTRIES_PER_PHONE = 4  # per evening
PER_MINUTE = 3  # per phone
# All phones together: a line at the door brings a couple every few seconds at
# most; a script, dozens a second.
ALL_PER_MINUTE = 12
MAX_WAITING = 100  # waiting at once, all phones together
MINUTE = datetime.timedelta(minutes=1)


class NotFound(UserError):
    """No such entry for this phone (or for this evening's door)."""

    status = 404


def closed_reason(evening: Evening) -> str:
    """Why the check-in page takes no entry now, in words ("" when it does)."""
    if not evening.hall.self_checkin:
        return _("Self check-in is off for this evening: register with a volunteer at the door.")
    if evening.cancelled:
        return _("This evening is cancelled.")
    if evening.is_finished:
        return _("The evening is over. Thank you for playing!")
    if not evening.is_setup:
        return _("Play has started: register with a volunteer at the door.")
    return ""


def _cutoff(now: datetime.datetime | None = None) -> datetime.datetime:
    return (now or timezone.now()) - EXPIRES


def is_expired(entry: CheckinEntry, evening: Evening, now: datetime.datetime | None = None) -> bool:
    """A waiting entry expires EXPIRES after it was made, or when play starts."""
    return entry.is_waiting and (not evening.is_setup or entry.created_at < _cutoff(now))


def _check_limits(evening: Evening, device: str) -> None:
    """Refuse an entry over the limits (called under the evening's lock, so
    two sent at once cannot both slip under one)."""
    entries = evening.checkin_entries
    now = timezone.now()
    if entries.filter(created_at__gte=_cutoff(now), confirmed_at=None).count() >= MAX_WAITING:
        raise Conflict(_("The door's list is full: register with a volunteer at the door."))
    if entries.filter(created_at__gte=now - MINUTE).count() >= ALL_PER_MINUTE:
        raise Conflict(
            _("Many phones are sending names right now. Wait a minute, or register at the door.")
        )
    mine = entries.filter(device=device)
    if mine.filter(created_at__gte=now - MINUTE).count() >= PER_MINUTE:
        raise Conflict(_("Too many entries from this phone in a minute. Wait a moment."))
    if mine.count() >= ENTRIES_PER_PHONE:
        raise Conflict(
            _("This phone has sent %(n)s entries tonight: register with a volunteer at the door.")
            % {"n": ENTRIES_PER_PHONE}
        )


def submit_entry(evening: Evening, device: str, player1: str, player2: str) -> CheckinEntry:
    """The phone's two names, waiting at the door. The same two names sent
    again by the same phone while the first is waiting change nothing."""
    with Evening.changing(evening) as evening:
        reason = closed_reason(evening)
        if reason:
            raise Conflict(reason)
        mine = list(evening.checkin_entries.filter(device=device, confirmed_at=None))
        key = couple_key(player1, player2)
        for entry in mine:
            if couple_key(entry.player1, entry.player2) == key and not is_expired(entry, evening):
                return entry
        _check_limits(evening, device)
        # Names typed on a phone are kept no longer than they are of use.
        evening.checkin_entries.filter(confirmed_at=None, created_at__lt=_cutoff()).delete()
        return CheckinEntry.objects.create(
            evening=evening, player1=player1, player2=player2, device=device
        )


WAITING, EXPIRED, REGISTERED, REMOVED = "waiting", "expired", "registered", "removed"


def state_of(entry: CheckinEntry, evening: Evening) -> str:
    """What became of an entry, as its phone shows it."""
    if not entry.is_waiting:
        return REGISTERED if entry.couple_id else REMOVED
    return EXPIRED if is_expired(entry, evening) else WAITING


def phone_entries(evening: Evening, device: str) -> list[tuple[CheckinEntry, str]]:
    """The entries this phone made tonight with their state, oldest first
    (one query; none for a phone with no device yet)."""
    if not device:
        return []
    rows = evening.checkin_entries.filter(device=device).select_related("couple")
    return [(entry, state_of(entry, evening)) for entry in rows]


def checked_in(entries: list[tuple[CheckinEntry, str]]) -> bool:
    """Whether a phone's couple is checked in (`phone_entries`): an entry of
    it waits at the door or is registered. Its page then shows what became
    of it, not the form again (a second couple asks for the form)."""
    return any(state in (WAITING, REGISTERED) for _entry, state in entries)


def withdraw_entry(evening: Evening, device: str, entry_id: int) -> None:
    """The phone takes back one of its own entries that is still waiting.
    Another phone's entry is answered as a missing one."""
    with Evening.changing(evening) as evening:
        entry = (
            evening.checkin_entries.filter(pk=entry_id, device=device).first() if device else None
        )
        if entry is None:
            raise NotFound(_("This entry is not on this phone's list."))
        if not entry.is_waiting:
            raise Conflict(
                _("A volunteer has already registered you: to change it, ask at the door.")
            )
        entry.delete()


def waiting_entries(evening: Evening) -> list[CheckinEntry]:
    """The entries waiting at the door, oldest first (one query; none once
    play has started, when they have all expired)."""
    if not evening.is_setup:
        return []
    return list(evening.checkin_entries.filter(confirmed_at=None, created_at__gte=_cutoff()))


def _entry(evening: Evening, entry_id: int) -> CheckinEntry:
    entry = evening.checkin_entries.filter(pk=entry_id).select_related("couple").first()
    if entry is None:
        raise NotFound(_("This entry is no longer waiting: it was withdrawn or removed."))
    return entry


def confirm_entry(
    evening: Evening,
    entry_id: int,
    key: str = "",
    *,
    paid: bool = False,
    jar_buy_in: bool = False,
    warned_about: int | None = None,
) -> tuple[Couple, bool]:
    """Register the couple of a waiting entry as the door form does (the
    duplicate warning included: door.Duplicate, answered by `warned_about`),
    once per `key`. A second tap on an entry already confirmed registers
    nothing: (its couple, False)."""
    with Evening.changing(evening) as evening:
        entry = _entry(evening, entry_id)
        if not entry.is_waiting:
            if entry.couple is None:
                raise Conflict(_("This entry was registered, then the couple was removed."))
            return entry.couple, False
        if is_expired(entry, evening):
            raise Conflict(_("This entry has expired: register the couple with the form above."))
        options = {"paid": paid, "jar_buy_in": jar_buy_in, "warned_about": warned_about}
        if key:
            couple, first = receipts.register_couple_once(
                evening, key, entry.player1, entry.player2, **options
            )
        else:
            couple, first = register_couple(evening, entry.player1, entry.player2, **options), True
        entry.couple, entry.confirmed_at = couple, timezone.now()
        entry.save(update_fields=["couple", "confirmed_at"])
        return couple, first


def remove_entry(evening: Evening, entry_id: int) -> bool:
    """The door's "Remove": a waiting entry goes. False when it was gone
    already (a second tap)."""
    with Evening.changing(evening) as evening:
        entry = evening.checkin_entries.filter(pk=entry_id).first()
        if entry is None:
            return False
        if not entry.is_waiting:
            raise Conflict(_("This entry is registered already: remove the couple instead."))
        entry.delete()
        return True


def clear_waiting(evening: Evening) -> int:
    """An organizer's "Clear the waiting list": every entry still waiting goes
    (a prankster's, or a list nobody will confirm); the couples registered
    stay. How many went."""
    with Evening.changing(evening) as evening:
        deleted, _by_model = evening.checkin_entries.filter(confirmed_at=None).delete()
        return deleted
