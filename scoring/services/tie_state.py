"""What the tie-break page shows, as plain values (reads only)."""

from dataclasses import dataclass

from scoring import results as results_module
from scoring.models import TieBreak
from scoring.results import CoupleRef, PlaceResult
from scoring.rules import ties as rules
from scoring.rules.errors import RuleError
from scoring.services.ties import Tie, outcome_of

# --- What the tie-break page shows ---------------------------------------------


@dataclass(frozen=True)
class CutRound:
    number: int
    cards: tuple[tuple[CoupleRef, str, bool], ...]  # couple, card label, dealt by the app


@dataclass(frozen=True)
class PlayoffRow:
    id: int
    round: int
    a: CoupleRef
    b: CoupleRef | None
    winner: CoupleRef | None


@dataclass(frozen=True)
class EntryRow:
    couple: CoupleRef
    choice: str
    forfeited: bool
    rank: int | None
    share: object


@dataclass(frozen=True)
class TieBreakView:
    """Everything the tie-break page shows, as plain values."""

    tiebreak: TieBreak
    tie: Tie
    outcome: rules.TieOutcome | None
    entries: tuple[EntryRow, ...]
    rounds: tuple[CutRound, ...]
    games: tuple[PlayoffRow, ...]
    to_cut: tuple[CoupleRef, ...]
    pending: tuple[PlayoffRow, ...]
    stale: bool
    error: str = ""

    @property
    def places(self) -> tuple[PlaceResult, ...]:
        return self.tie.places


def view_state(tiebreak: TieBreak) -> TieBreakView:
    """The tie-break as its page shows it (reads only)."""
    evening = tiebreak.evening
    data = results_module.load([evening])[evening.pk]
    results = results_module.compute(data)
    by_id = {couple.id: couple for couple in data.couples}
    candidates = list(results.places) + [results.booby, results.half_time.leader]
    places = tuple(p for p in candidates if p is not None and p.tiebreak_id == tiebreak.pk)
    stale = not places
    entries_rows = data.entries.get(tiebreak.pk, [])
    if stale:
        fake = PlaceResult(
            target=tiebreak.target,
            place=tiebreak.place,
            wins=tiebreak.wins,
            couples=tuple(by_id[row["couple_id"]] for row in entries_rows),
            status="tied",
            winners=(),
            prize=None,
            prize_text="",
            shares={},
            how_settled="",
        )
        places = (fake,)
    tie = Tie(places[0], places, data)
    outcome, error = None, ""
    if not stale:
        try:
            outcome = outcome_of(tiebreak, tie)
        except RuleError as problem:
            error = problem.message
    entries = tuple(
        EntryRow(by_id[row["couple_id"]], row["choice"], row["forfeited"], row["outcome_rank"],
                 row["share"])
        for row in sorted(entries_rows, key=lambda row: by_id[row["couple_id"]].number)
    )  # fmt: skip
    rounds: dict[int, list] = {}
    for row in data.cuts.get(tiebreak.pk, []):
        rounds.setdefault(row["round"], []).append(
            (by_id[row["couple_id"]], results_module.card_label(row["card"]), row["dealt_by_app"])
        )
    games = tuple(
        PlayoffRow(
            row["id"],
            row["round"],
            by_id[row["couple_a_id"]],
            by_id.get(row["couple_b_id"]),
            by_id.get(row["winner_id"]),
        )
        for row in data.playoffs.get(tiebreak.pk, [])
    )
    to_cut: tuple[CoupleRef, ...] = ()
    if outcome is not None and outcome.cut is not None and outcome.status == rules.CUTTING:
        to_cut = tuple(sorted((by_id[key] for key in outcome.cut.to_cut), key=_number))
    pending = tuple(game for game in games if game.winner is None)
    return TieBreakView(
        tiebreak=tiebreak,
        tie=tie,
        outcome=outcome,
        entries=entries,
        rounds=tuple(CutRound(number, tuple(cards)) for number, cards in sorted(rounds.items())),
        games=games,
        to_cut=to_cut,
        pending=pending,
        stale=stale,
        error=error,
    )


def _number(couple: CoupleRef) -> int:
    return couple.number
