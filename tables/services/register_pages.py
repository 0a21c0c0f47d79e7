"""The hall's player register as its pages read it: the Players page a
page at a time (`register_page`), the open "maybe the same person"
proposals with the choice each merge offers (`proposals_page`,
`proposals_of`), and a search by name (`find_people`). Reads only; the
register's changes are tables/services/register.py.

Nothing on these pages grows with the hall's history (issue 47): the people
come a page at a time, their figures are counted by the database for that
page only, the proposals a page at a time too, and a name search lists at
most FOUND_SHOWN people.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.core.paginator import Page, Paginator
from django.db.models import Count, F, Max, Q

from tables.search import names_match, search_keys

from ..models import Couple, Hall, Player, PlayerKey, PlayerProposal, person_of
from .register import MergeChoice, more_typed_of, times_typed


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
    """A "maybe the same person", with the choice its merge offers."""

    proposal: PlayerProposal
    choice: MergeChoice

    @property
    def player(self) -> Player:
        return self.choice.first

    @property
    def other(self) -> Player:
        return self.choice.second


REGISTER_SHOWN = 50  # people a page
PROPOSALS_SHOWN = 10  # "maybe the same person" a page
FOUND_SHOWN = 20  # people a name search lists
# Records a name search matches in full (tables.search.names_match) at most,
# the first by name: a bounded amount of work for two letters typed.
FOUND_CANDIDATES = 200


def register_rows(people: list[Player]) -> list[RegisterRow]:
    """The register's rows of `people` (main records, in the order given):
    their other spellings, how many evenings and when they last played, and
    their usual partner (most evenings together). Three queries, and the
    database counts: what is read grows with the people asked for, not with
    the register or the number of evenings."""
    rows = {p.pk: RegisterRow(p) for p in people}
    if not rows:
        return []
    for record in Player.objects.filter(merged_into__in=list(rows)).order_by("folded", "pk"):
        rows[record.merged_into_id].spellings.append(record)
    records = Player.objects.filter(Q(pk__in=list(rows)) | Q(merged_into__in=list(rows)))
    pairs = (
        Couple.objects.filter(
            Q(person1__in=records.values("pk")) | Q(person2__in=records.values("pk"))
        )
        .values(a=person_of("person1"), b=person_of("person2"))
        .annotate(times=Count("evening", distinct=True), last=Max("evening__date"))
        .order_by()
    )
    for pair in pairs:
        a, b = pair["a"], pair["b"]
        for me, partner in ((a, b), (b, a)) if a != b else ((a, None),):
            row = rows.get(me)
            if row is None:
                continue
            row.seen += pair["times"]
            if row.last_seen is None or pair["last"] > row.last_seen:
                row.last_seen = pair["last"]
            if partner is not None:
                row.partners[partner] = row.partners.get(partner, 0) + pair["times"]
    best = {
        pk: max(row.partners.items(), key=lambda item: (item[1], -item[0]))[0]
        for pk, row in rows.items()
        if row.partners
    }
    names = dict(Player.objects.filter(pk__in=set(best.values())).values_list("pk", "name"))
    for pk, partner in best.items():
        rows[pk].partner = names.get(partner, "")
    return list(rows.values())


def register_page(hall: Hall, number: int = 1) -> Page:
    """A page of the hall's people (REGISTER_SHOWN, by name), their rows
    (`register_rows`). A fixed number of queries."""
    people = Player.objects.main().filter(hall=hall).order_by("folded", "pk")
    page = Paginator(people, REGISTER_SHOWN).get_page(number)
    page.object_list = register_rows(list(page.object_list))
    return page


def find_people(
    hall: Hall, typed: str, *, excluding: Player | None = None
) -> tuple[list[Player], bool]:
    """The hall's people (main records) with a spelling that `typed` names
    (`tables.search.names_match`: every word typed starts a word of the
    name), by name, at most FOUND_SHOWN, `excluding`'s person left out; and
    whether there were more. The records are found by a key of what was
    typed in the index of `PlayerKey` (the door's look-up), at most
    FOUND_CANDIDATES of them: a fixed number of queries, bounded work
    whatever the register."""
    keys = search_keys(typed)
    if not keys:
        return [], False
    mains = PlayerKey.objects.filter(hall=hall, key__in=keys).values(main=person_of("player"))
    records = list(
        Player.objects.filter(Q(pk__in=mains) | Q(merged_into__in=mains))
        .select_related("merged_into")
        .order_by("folded", "pk")[:FOUND_CANDIDATES]
    )
    found: dict[int, Player] = {}
    left_out = excluding.person_id if excluding is not None else None
    for record in records:
        person = record.merged_into or record
        if person.pk != left_out and person.pk not in found and names_match(typed, record.name):
            found[person.pk] = person
    people = sorted(found.values(), key=lambda p: (p.folded, p.pk))
    return people[:FOUND_SHOWN], len(people) > FOUND_SHOWN


def _proposals(rows) -> list[Proposal]:
    """Each open proposal of `rows` with its merge's choice (one query)."""
    rows = list(rows)
    typed = times_typed({pk for p in rows for pk in (p.player_id, p.other_id)})
    return [
        Proposal(
            proposal,
            MergeChoice(
                proposal.player,
                proposal.other,
                typed.get(proposal.player_id, (0,))[0],
                typed.get(proposal.other_id, (0,))[0],
                more_typed_of(typed, proposal.player_id, proposal.other_id),
            ),
        )
        for proposal in rows
    ]


def open_proposals(hall: Hall, *, person: Player | None = None):
    """The hall's open "maybe the same person" proposals of two different
    people (of `person` only, if given), oldest first: a query set."""
    proposals = (
        PlayerProposal.objects.filter(hall=hall, dismissed=False)
        .annotate(mine=person_of("player"), theirs=person_of("other"))
        .exclude(mine=F("theirs"))
        .select_related("player", "other")
        .order_by("id")
    )
    if person is not None:
        proposals = proposals.filter(Q(mine=person.person_id) | Q(theirs=person.person_id))
    return proposals


def proposals_page(hall: Hall, number: int = 1) -> Page:
    """A page of the open proposals (PROPOSALS_SHOWN), each with its
    merge's choice. A fixed number of queries."""
    page = Paginator(open_proposals(hall), PROPOSALS_SHOWN).get_page(number)
    page.object_list = _proposals(page.object_list)
    return page


def proposals_of(person: Player) -> list[Proposal]:
    """The open proposals of one person (PROPOSALS_SHOWN at most)."""
    return _proposals(open_proposals(person.hall, person=person)[:PROPOSALS_SHOWN])


def hall_register(hall: Hall) -> tuple[list[RegisterRow], list[Proposal]]:
    """The first page of the register and of its proposals (tests, the
    shell): `register_page` and `proposals_page` are what the page uses."""
    return list(register_page(hall)), list(proposals_page(hall))
