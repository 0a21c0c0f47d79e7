"""A hall's player register (tables/models/players.py): filled by the door,
kept by the hall's organizers.

    record_couple(couple)                 the door, inside register_couple's
                                          (and rename_couple's) transaction
    merge_players(keep, other, *, user)   two records of one person
    split_player(record, *, user)         undo a wrong merge
    rename_player(player, name, *, user)  fix a spelling for next time
    dismiss_proposal(proposal, *, user)   "not the same person"
    remove_player(player, *, user)        out of the register (past evenings keep the names)
    erase_player(player, *, user)         out of the register AND out of past
                                          evenings (the name reads as removed)

Matching (`tables.names`): a name that folds to a record of the hall IS that
record; a new name that is only close to one (`maybe_same`) gets its own
record and a proposal for an organizer, never a silent merge. Every
organizer's change is logged (the admin's history of the hall) by record
number, never by name, so that an erased name is not left in the log.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.contrib.admin.models import CHANGE, DELETION, LogEntry
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from cardnight.errors import Conflict, UserError
from tables.names import fold_name, maybe_same, tidy_name

from ..models import MAX_NAME, Couple, Evening, Hall, Player, PlayerProposal


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


def records_for(hall: Hall | int, names: list[str]) -> list[Player | None]:
    """The register's record of each name (created for a new one, with its
    proposals); None for a name that folds to nothing. At most four queries
    whatever the number of names or players."""
    hall_id = hall if isinstance(hall, int) else hall.pk
    folded = [fold_name(name) for name in names]
    wanted = {key for key in folded if key}
    found = {p.folded: p for p in Player.objects.filter(hall_id=hall_id, folded__in=wanted)}
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
    created for it takes the file's id. Constant queries per evening."""
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


def record_couple(couple: Couple, hall_id: int) -> Couple:
    """Point a couple at the records of its two names (the door calls this
    inside its transaction, right after registering or renaming it)."""
    first, second = records_for(hall_id, [couple.player1, couple.player2])
    couple.person1, couple.person2 = first, second
    Couple.objects.filter(pk=couple.pk).update(person1=first, person2=second)
    return couple


def group_of(player: Player) -> list[int]:
    """The ids of every record of the person (the main one and those merged into it)."""
    main = player.person_id
    return [main, *Player.objects.filter(merged_into_id=main).values_list("pk", flat=True)]


@transaction.atomic
def merge_players(keep: Player, other: Player, *, user=None) -> Player:
    """`other` (and every record merged into it) becomes `keep`'s person."""
    if keep.hall_id != other.hall_id:
        raise UserError(_("These two players are not of the same hall."))
    main = Player.objects.select_for_update().get(pk=keep.person_id)
    moving = group_of(other)
    if main.pk in moving:
        raise Conflict(_("These are already the same player."))
    Player.objects.filter(pk__in=moving).update(merged_into=main)
    Player.objects.filter(pk=main.pk).update(merged_into=None)
    members = [main.pk, *moving]
    PlayerProposal.objects.filter(player_id__in=members, other_id__in=members).delete()
    _log(
        user,
        main.hall,
        _("Players: merged record %(other)s into %(keep)s") % {"other": other.pk, "keep": main.pk},
    )
    main.refresh_from_db()
    return main


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
    """The spelling the register shows and the door offers from now on. The
    names typed on past evenings stay as they were."""
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
            player.name = name
            player.save(update_fields=["name"])
        else:
            raise Conflict(
                _("%(name)s is already another player of the register: merge the two instead.")
                % {"name": twin.name}
            )
    else:
        player.name, player.folded = name, key
        player.save(update_fields=["name", "folded"])
        _log(
            user,
            player.hall,
            _("Players: record %(n)s spelt anew") % {"n": player.pk},
        )
    return player


@transaction.atomic
def dismiss_proposal(proposal: PlayerProposal, *, user=None) -> None:
    PlayerProposal.objects.filter(pk=proposal.pk).update(dismissed=True)


@transaction.atomic
def remove_player(player: Player, *, user=None) -> int:
    """Take a person out of the register. Past evenings keep the names as
    typed; the door adds the person again if they come back. Returns how
    many records were deleted."""
    ids = group_of(player)
    hall = player.hall
    Player.objects.filter(pk__in=ids).delete()
    _log(user, hall, _("Players: removed a player from the register"), DELETION)
    return len(ids)


def erased_name() -> str:
    """What an erased name reads as on the evenings it was on."""
    return _("(name removed)")


@transaction.atomic
def erase_player(player: Player, *, user=None) -> int:
    """At the person's request: out of the register and their name out of
    every past evening of the hall (the results stay; the name reads as
    removed). Returns how many evenings changed. The log says how many, not
    who."""
    ids = group_of(player)
    hall = player.hall
    couples = Couple.objects.filter(Q(person1_id__in=ids) | Q(person2_id__in=ids))
    evening_ids = sorted(set(couples.values_list("evening_id", flat=True)))
    marker = erased_name()
    Couple.objects.filter(person1_id__in=ids).update(player1=marker, person1=None)
    Couple.objects.filter(person2_id__in=ids).update(player2=marker, person2=None)
    Player.objects.filter(pk__in=ids).delete()
    if evening_ids:
        Evening.objects.filter(pk__in=evening_ids).bump_version()
    _log(
        user,
        hall,
        _("Players: erased a player's name from %(n)s evenings, at their request")
        % {"n": len(evening_ids)},
        DELETION,
    )
    return len(evening_ids)


@dataclass
class RegisterRow:
    """One person of the register, as the Players page lists them."""

    player: Player
    spellings: list[Player] = field(default_factory=list)  # records merged into it
    seen: int = 0
    last_seen: object = None
    partner: str = ""
    partners: dict = field(default_factory=dict, repr=False)


@dataclass(frozen=True)
class Proposal:
    proposal: PlayerProposal
    player: Player
    other: Player


def hall_register(hall: Hall) -> tuple[list[RegisterRow], list[Proposal]]:
    """The hall's people (how often and when last seen, usual partner, other
    spellings) and the open "maybe the same person" proposals: three
    queries, whatever the number of players or evenings."""
    records = {p.pk: p for p in Player.objects.filter(hall=hall)}
    rows = {pk: RegisterRow(p) for pk, p in records.items() if p.merged_into_id is None}
    for record in records.values():
        if record.merged_into_id in rows:
            rows[record.merged_into_id].spellings.append(record)

    def main(record_id):
        record = records.get(record_id)
        return None if record is None else record.person_id

    seen: dict[int, set] = {}
    couples = Couple.objects.filter(evening__hall=hall).values_list(
        "person1_id", "person2_id", "evening_id", "evening__date"
    )
    for first, second, evening_id, date in couples:
        for me, partner in ((main(first), main(second)), (main(second), main(first))):
            if me not in rows:
                continue
            row = rows[me]
            if evening_id not in seen.setdefault(me, set()):
                seen[me].add(evening_id)
                row.seen += 1
            if row.last_seen is None or date > row.last_seen:
                row.last_seen = date
            if partner in rows and partner != me:
                row.partners[partner] = row.partners.get(partner, 0) + 1
    for row in rows.values():
        if row.partners:
            best = max(row.partners.items(), key=lambda item: (item[1], -item[0]))[0]
            row.partner = rows[best].player.name
    proposals = []
    for proposal in PlayerProposal.objects.filter(hall=hall, dismissed=False).order_by("id"):
        mine, theirs = main(proposal.player_id), main(proposal.other_id)
        if mine in rows and theirs in rows and mine != theirs:
            proposals.append(
                Proposal(proposal, records[proposal.player_id], records[proposal.other_id])
            )
    ordered = sorted(rows.values(), key=lambda row: row.player.folded)
    return ordered, proposals
