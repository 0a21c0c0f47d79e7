"""A hall's player register (tables/models/players.py): filled by the door,
kept by the hall's organizers.

    record_couple(couple)                 the door, inside register_couple's
                                          (and rename_couple's) transaction
    drop_unused(records)                  records no couple uses any more leave
                                          (a typo fixed at the door, a couple
                                          removed, an evening deleted)
    merge_players(keep, other, *, user)   two records of one person, named by
                                          `keep` (the organizer's pick; to start
                                          with, `more_typed`)
    split_player(record, *, user)         undo a wrong merge
    rename_player(player, name, *, user)  fix a spelling for next time
    dismiss_proposal(proposal, *, user)   "not the same person"
    remove_player(player, *, user)        out of the register (past evenings keep the names)
    erase_player(player, *, user)         out of the register AND out of everything
                                          of the hall that holds the name (it reads
                                          as removed): tables/services/erase.py

Matching (`tables.names`): a name that folds to a record of the hall IS that
record; a new name that is only close to one (`maybe_same`) gets its own
record and a proposal for an organizer, never a silent merge. Every
organizer's change is logged (the admin's history of the hall) by record
number, never by name, so that an erased name is not left in the log.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.contrib.admin.models import CHANGE, DELETION, LogEntry
from django.db import IntegrityError, transaction
from django.db.models import Count, Exists, OuterRef, Q, Subquery, Value
from django.db.models.functions import Coalesce
from django.utils import translation
from django.utils.translation import gettext as _

from cardnight.errors import Conflict, UserError
from tables.names import (
    fold_name,
    maybe_same,
    tidy_name,
    usual_spelling,
)

from ..models import (
    MAX_NAME,
    Couple,
    Evening,
    Hall,
    Player,
    PlayerProposal,
)


def _log(user, obj, message: str, flag: int = CHANGE) -> None:
    if user is None or not user.is_authenticated:
        return
    LogEntry.objects.log_actions(
        user_id=user.pk,
        queryset=[obj],
        action_flag=flag,
        change_message=message,
        single_object=True,
    )


def _propose(record: Player, known: list[tuple[int, str]]) -> None:
    """Proposals for a new record: the hall's other records it may be."""
    near = [pk for pk, name in known if pk != record.pk and maybe_same(record.name, name)]
    PlayerProposal.objects.bulk_create(
        [PlayerProposal(hall_id=record.hall_id, player=record, other_id=pk) for pk in near],
        ignore_conflicts=True,
    )


def records_for(
    hall: Hall | int, names: list[str], *, holding: set[int] | frozenset[int] = frozenset()
) -> list[Player | None]:
    """The register's record of each name (created for a new one, with its
    proposals); None for a name that folds to nothing or reads as erased
    (`erased_names`). At most four queries whatever the number of names or
    players.

    The records found are locked, with the records `holding` names (the ones
    a renamed couple leaves), in one statement by id: a record that another
    evening's change is dropping (`drop_unused`) is either still used once
    this has it, or gone, and then made again."""
    hall_id = hall if isinstance(hall, int) else hall.pk
    erased = erased_names()
    folded = [key if key not in erased else "" for key in map(fold_name, names)]
    wanted = {key for key in folded if key}
    rows = Player.objects.select_for_update().filter(
        Q(hall_id=hall_id, folded__in=wanted) | Q(pk__in=holding)
    )
    found = {p.folded: p for p in rows.order_by("pk") if p.folded in wanted}
    new = []
    for name, key in zip(names, folded, strict=True):
        if key and key not in found:
            found[key] = Player(hall_id=hall_id, name=tidy_name(name)[:MAX_NAME], folded=key)
            new.append(found[key])
    if new:
        known = list(
            Player.objects.filter(hall_id=hall_id)
            .exclude(folded__in=[p.folded for p in new])
            .values_list("pk", "name")
        )
        for record in new:
            try:
                with transaction.atomic():  # a savepoint: another door may add it first
                    record.save()
            except IntegrityError:
                found[record.folded] = Player.objects.get(hall_id=hall_id, folded=record.folded)
                continue
            _propose(record, known)
            known.append((record.pk, record.name))
    return [found[key] if key else None for key in folded]


def record_imported(hall_id: int, couples: list[Couple], player_ids: dict) -> None:
    """An imported evening's couples join the hall's register: a name whose
    stable id (the file's `player_ids`) is a record of this hall is that
    record; any other name is matched as the door matches it, and a record
    created for it takes the file's id; each record is then named by its most
    typed spelling (`respell`). Constant queries per evening."""
    wanted = {uid for pair in player_ids.values() for uid in pair if uid}
    by_uid = {str(p.uid): p for p in Player.objects.filter(hall_id=hall_id, uid__in=wanted)}
    sides = [
        (couple, side, name, player_ids.get(couple.number, (None, None))[side])
        for couple in couples
        for side, name in enumerate((couple.player1, couple.player2))
    ]
    unknown = [entry for entry in sides if entry[3] not in by_uid]
    before = set(Player.objects.filter(hall_id=hall_id).values_list("pk", flat=True))
    matched = dict(
        zip(
            [id(entry) for entry in unknown],
            records_for(hall_id, [entry[2] for entry in unknown]),
            strict=True,
        )
    )
    for entry in sides:
        couple, side, _name, uid = entry
        record = by_uid.get(uid) if uid else None
        if record is None:
            record = matched[id(entry)]
            if uid and record is not None and record.pk not in before:
                Player.objects.filter(pk=record.pk).update(uid=uid)
                record.uid = uid
                by_uid[uid] = record
        setattr(couple, "person1" if side == 0 else "person2", record)
    Couple.objects.bulk_update(couples, ["person1", "person2"])
    respell([record for couple in couples for record in (couple.person1, couple.person2)])


def record_couple(couple: Couple, hall_id: int) -> Couple:
    """Point a couple at the records of its two names (the door calls this
    inside its transaction, right after registering or renaming it), and
    name each record touched, the couple's old ones too, by its most typed
    spelling (`respell`). An old record no couple uses any more (a typo
    fixed at the door) leaves the register (`drop_unused`)."""
    before = {couple.person1_id, couple.person2_id} - {None}
    first, second = records_for(hall_id, [couple.player1, couple.player2], holding=before)
    couple.person1, couple.person2 = first, second
    Couple.objects.filter(pk=couple.pk).update(person1=first, person2=second)
    left = before - {couple.person1_id, couple.person2_id}  # renamed at the door
    if left:
        drop_unused(left)
        respell([first, second, *Player.objects.filter(pk__in=left)])
    else:
        respell([first, second])
    return couple


def drop_unused(records) -> int:
    """The records among `records` (ids; None is skipped) that no couple
    uses any more leave the register, with their proposals and look-up keys:
    a typo fixed at the door, the names of a couple removed before play or
    of a deleted evening. A record another spelling of the person is merged
    into stays while that one is used (it names the person), and leaves with
    it. Called inside the change that took the last couple away (its
    evening's write gate); the records are locked first, in one statement by
    id, and their use read after the lock (`records_for` locks the records it
    finds the same way), so a record that another evening has just started
    using is never dropped. Returns how many records left."""
    ids = {pk for pk in records if pk is not None}
    if not ids:
        return 0
    mains = Player.objects.filter(pk__in=ids).exclude(merged_into=None).values("merged_into_id")
    candidates = Player.objects.select_for_update().filter(Q(pk__in=ids) | Q(pk__in=mains))
    locked = list(candidates.order_by("pk").values_list("pk", flat=True))
    used = Couple.objects.filter(Q(person1_id=OuterRef("pk")) | Q(person2_id=OuterRef("pk")))
    unused = set(
        Player.objects.filter(pk__in=locked).exclude(Exists(used)).values_list("pk", flat=True)
    )
    # A main record stays while a spelling merged into it stays.
    kept_mains = Player.objects.filter(merged_into_id__in=unused).exclude(pk__in=unused)
    gone = unused - set(kept_mains.values_list("merged_into_id", flat=True))
    if gone:
        Player.objects.filter(pk__in=gone).delete()
    return len(gone)


def respell(players) -> None:
    """Name each of `players` (records read in this transaction; None is
    skipped) by the spelling typed most often on the couples linked to it, a
    tie going to the latest (evening date, then registration): see
    `tables.names.usual_spelling`. A record whose spelling an organizer
    fixed keeps it. One query, and a write for each record whose name
    changes (the instance given is renamed too)."""
    records = {p.pk: p for p in players if p is not None and not p.spelling_chosen}
    if not records:
        return
    typed: dict[int, list] = {}
    couples = Couple.objects.filter(Q(person1_id__in=records) | Q(person2_id__in=records))
    for pk, date, first, person1, second, person2 in couples.order_by().values_list(
        "pk", "evening__date", "player1", "person1_id", "player2", "person2_id"
    ):
        for name, record in ((first, person1), (second, person2)):
            if record in records:
                typed.setdefault(record, []).append((name, (date, pk)))
    for pk, player in records.items():
        name = usual_spelling(typed.get(pk, []), player.folded)
        if name and name != player.name:
            player.name = name
            player.save(update_fields=["name"])  # and its look-up keys


def group_of(player: Player) -> list[int]:
    """The ids of every record of the person (the main one and those merged into it)."""
    main = player.person_id
    return [main, *Player.objects.filter(merged_into_id=main).values_list("pk", flat=True)]


def _people_of(records: list[int]) -> set[int]:
    """The ids of every record of the people of `records`, read now."""
    mains = Player.objects.filter(pk__in=records).values(main=Coalesce("merged_into_id", "pk"))
    people = Player.objects.filter(Q(pk__in=mains) | Q(merged_into__in=mains)).order_by()
    return set(people.values_list("pk", flat=True))


def lock_people(*players: Player) -> set[int]:
    """Lock every record of the people of `players` (their main records and
    those merged into them), all in one statement in one order, by id: two
    organizers merging the same two people in opposite directions wait for
    each other instead of each holding one person and waiting for the other
    (a deadlock). Returns the ids locked. Raises Conflict when a record is
    gone, or when a person gained a record while this waited for the lock
    (locking that one now would be out of order): the page is read again."""
    records = [player.pk for player in players]
    wanted = _people_of(records)
    rows = Player.objects.select_for_update().filter(pk__in=wanted).order_by("pk").only("pk")
    locked = {row.pk for row in rows}
    if not set(records) <= locked or not _people_of(records) <= locked:
        raise Conflict(_("Not recorded: reload the page and try again."))
    return locked


@transaction.atomic
def merge_players(keep: Player, other: Player, *, user=None) -> Player:
    """`other`'s person and `keep`'s are one person, named by `keep`: it
    becomes the person's main record (even if it was a spelling merged into
    another), and every other record of both people is merged into it. The
    organizer picks `keep` (the more typed spelling to start with:
    `more_typed`). Every record of both people is locked first
    (`lock_people`), so the person each is, read after the lock, is the one
    that is changed."""
    if keep.hall_id != other.hall_id:
        raise UserError(_("These two players are not of the same hall."))
    lock_people(keep, other)
    keep, other = Player.objects.get(pk=keep.pk), Player.objects.get(pk=other.pk)
    if keep.person_id == other.person_id:
        raise Conflict(_("These are already the same player."))
    members = [*group_of(keep), *group_of(other)]
    Player.objects.filter(pk__in=members).exclude(pk=keep.pk).update(merged_into=keep)
    Player.objects.filter(pk=keep.pk).update(merged_into=None)
    PlayerProposal.objects.filter(player_id__in=members, other_id__in=members).delete()
    _log(
        user,
        keep.hall,
        _("Players: merged record %(other)s into %(keep)s") % {"other": other.pk, "keep": keep.pk},
    )
    keep.refresh_from_db()
    return keep


def times_typed(records) -> dict[int, tuple[int, tuple]]:
    """How many couples each of `records` (ids) was typed on and when last
    (the evening's date, then the couple's id), counted by the database:
    one query, and rows for the records only, however many evenings they
    played (a proposal's regular player has a year of them)."""
    theirs = Couple.objects.filter(Q(person1_id=OuterRef("pk")) | Q(person2_id=OuterRef("pk")))
    latest = theirs.order_by("-evening__date", "-pk")
    count = theirs.order_by().annotate(one=Value(1)).values("one").annotate(n=Count("pk"))
    rows = (
        Player.objects.filter(pk__in=records)
        .annotate(
            n=Subquery(count.values("n")),
            date=Subquery(latest.values("evening__date")[:1]),
            couple=Subquery(latest.values("pk")[:1]),
        )
        .values_list("pk", "n", "date", "couple")
    )
    return {pk: (n, (date, couple)) for pk, n, date, couple in rows if n}


def more_typed_of(typed: dict, first: int, second: int) -> int:
    """Of two records, the one typed more often, a tie going to the one typed
    last (as `tables.names.usual_spelling` names a record); the first if
    neither was typed."""
    never = (0, ())
    return max((first, second), key=lambda pk: typed.get(pk, never))


@dataclass(frozen=True)
class MergeChoice:
    """The two spellings a merge chooses between, how many couples each was
    typed on, and the one picked to start with (`keep`: `more_typed`)."""

    first: Player
    second: Player
    first_typed: int
    second_typed: int
    keep: int

    @property
    def options(self) -> list[tuple[Player, int, bool]]:
        """Each spelling, how many couples it was typed on, whether picked."""
        return [
            (self.first, self.first_typed, self.first.pk == self.keep),
            (self.second, self.second_typed, self.second.pk == self.keep),
        ]


def merge_choice(first: Player, second: Player) -> MergeChoice:
    """The choice of a merge of two records (one query)."""
    typed = times_typed([first.pk, second.pk])
    return MergeChoice(
        first,
        second,
        typed.get(first.pk, (0,))[0],
        typed.get(second.pk, (0,))[0],
        more_typed_of(typed, first.pk, second.pk),
    )


def more_typed(first: Player, second: Player) -> Player:
    """The spelling a merge of the two keeps unless the organizer picks the
    other: the record typed on more couples, a tie going to the one typed
    last."""
    return first if merge_choice(first, second).keep == first.pk else second


@transaction.atomic
def split_player(record: Player, *, user=None) -> Player:
    """Undo a merge: `record` is a person of its own again (with its evenings)."""
    record = Player.objects.select_for_update().get(pk=record.pk)
    if record.merged_into_id is None:
        raise Conflict(_("This player was not merged into another."))
    main = record.merged_into
    record.merged_into = None
    record.save(update_fields=["merged_into"])
    _log(
        user,
        record.hall,
        _("Players: split record %(record)s from %(main)s")
        % {"record": record.pk, "main": main.pk},
    )
    return record


@transaction.atomic
def rename_player(player: Player, name: str, *, user=None) -> Player:
    """The spelling the register shows and the door offers from now on
    (`spelling_chosen`: the door's most typed one no longer replaces it).
    The names typed on past evenings stay as they were."""
    name = tidy_name(name)
    key = fold_name(name)
    if not key:
        raise UserError(_("Type the player's name."))
    if len(name) > MAX_NAME:
        raise UserError(_("A name is at most %(n)s characters.") % {"n": MAX_NAME})
    player = Player.objects.select_for_update().get(pk=player.pk)
    twin = Player.objects.filter(hall_id=player.hall_id, folded=key).exclude(pk=player.pk).first()
    if twin is not None:
        if twin.person_id == player.person_id:
            # The spelling of another record of the same person: show it.
            player.name, player.spelling_chosen = name, True
            player.save(update_fields=["name", "spelling_chosen"])
        else:
            raise Conflict(
                _("%(name)s is already another player of the register: merge the two instead.")
                % {"name": twin.name}
            )
    else:
        player.name, player.folded, player.spelling_chosen = name, key, True
        player.save(update_fields=["name", "folded", "spelling_chosen"])
        _log(
            user,
            player.hall,
            _("Players: record %(n)s spelt anew") % {"n": player.pk},
        )
    return player


@transaction.atomic
def dismiss_proposal(proposal: PlayerProposal, *, user=None) -> None:
    PlayerProposal.objects.filter(pk=proposal.pk).update(dismissed=True)


def remove_player(player: Player, *, user=None) -> int:
    """Take a person out of the register. Past evenings keep the names as
    typed (their couples lose the link, in those evenings' write gate); the
    door adds the person again if they come back. Returns how many records
    were deleted."""
    ids = group_of(player)
    hall = player.hall
    theirs = Couple.objects.filter(Q(person1_id__in=ids) | Q(person2_id__in=ids))
    with Evening.objects.filter(pk__in=theirs.values("evening_id")).changing():
        Player.objects.filter(pk__in=ids).delete()
        _log(user, hall, _("Players: removed a player from the register"), DELETION)
    return len(ids)


def erased_name() -> str:
    """What an erased name reads as on the evenings it was on."""
    return _("(name removed)")


def erased_names() -> frozenset[str]:
    """An erased name folded, in each of the site's languages (an evening
    keeps the language of the organizer who erased the name): nobody's name,
    never a record of the register, never one person in the season."""
    names = set()
    for code, _label in settings.LANGUAGES:
        with translation.override(code):
            names.add(fold_name(erased_name()))
    return frozenset(names)
