"""Computing the results of an evening from its loaded rows (no database access)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from decimal import Decimal

from django.utils.translation import gettext as _

from scoring.engine import Card, parse_card
from scoring.models import Prize, Target, TieBreak
from scoring.results.extras import fifty_fifty_result, jar_result, travelling_result
from scoring.results.load import Loaded, load
from scoring.results.money import money_summary
from scoring.results.tree import (
    AWARDED,
    CENT,
    SETTLED,
    TIED,
    ZERO,
    CoupleRef,
    EveningResults,
    HalfTimeResult,
    PlaceResult,
    PrizeInfo,
    Standing,
)
from scoring.results.wording import how_settled, money_text, percent_text, target_words
from scoring.rules import ranking as ranking_rules
from scoring.rules import ties as tie_rules
from tables.models import Evening


def evening_results(evening: Evening) -> EveningResults:
    """The results of ``evening`` as they stand (see the module docstring).

    The evening's settings and status are read from the instance given (no
    query for it): pass a freshly loaded one."""
    return compute(load([evening])[evening.pk])


def compute(data: Loaded) -> EveningResults:
    """The results from loaded rows (no database access)."""
    evening = data.evening
    finished = evening.status == Evening.Status.FINISHED
    couples = data.couples
    by_id = {couple.id: couple for couple in couples}
    pairs = [(couple.id, len(data.punched.get(couple.id, ()))) for couple in couples]
    method = evening.ranking
    groups = ranking_rules.place_groups(pairs, evening.prize_places, method)
    warnings: list[str] = []

    paid = sum(1 for couple in couples if couple.paid)
    takings = (Decimal(evening.entry_fee) * paid).quantize(CENT)

    def prize_info(target: str, place: int) -> PrizeInfo | None:
        prize = data.prizes.get((target, place))
        return _prize_info(prize, takings) if prize else None

    tiebreaks = {(tb.target, tb.place): tb for tb in data.tiebreaks}

    # Prize places
    places: list[PlaceResult] = []
    prize_place_of: dict[int, int] = {}
    for group in groups:
        for key in group.couples:
            prize_place_of[key] = group.place
        places.extend(
            _group_results(
                data, Target.PLACE, group.place, group.wins, group.couples, group.covers,
                [prize_info(Target.PLACE, place) for place in group.covers],
                tiebreaks.get((Target.PLACE, group.place)), by_id, warnings,
            )
        )  # fmt: skip
    for tiebreak in data.tiebreaks:
        if tiebreak.target == Target.PLACE and not any(
            tiebreak.place == group.place for group in groups
        ):
            warnings.append(
                _("The tie-break for place %(p)s no longer matches the standings: discard it.")
                % {"p": tiebreak.place}
            )

    # Booby prize
    booby = None
    if evening.booby_prize:
        ineligible = {
            c.id
            for c in couples
            if ranking_rules.not_played_yet(c.joined_game, evening.current_game, finished)
        }
        if not evening.booby_early_leavers:
            ineligible |= {
                c.id for c in couples if ranking_rules.left_early(c.left_after_game, evening.games)
            }
        found = ranking_rules.booby_group(pairs, prize_place_of, ineligible)
        if found:
            wins, keys = found
            booby = _group_results(
                data, Target.BOOBY, 0, wins, keys, (0,), [prize_info(Target.BOOBY, 0)],
                tiebreaks.get((Target.BOOBY, 0)), by_id, warnings,
            )[0]  # fmt: skip

    # Half-time leader
    half_time = HalfTimeResult(False)
    if evening.half_time_leader:
        game = evening.half_time_game
        decided = finished or evening.current_game > game
        half_pairs = [
            (couple.id, sum(1 for g in data.punched.get(couple.id, ()) if g <= game))
            for couple in couples
        ]
        leader = None
        found = ranking_rules.leaders(half_pairs)
        if found:
            wins, keys = found
            leader = _group_results(
                data, Target.HALF_TIME, 0, wins, keys, (0,), [prize_info(Target.HALF_TIME, 0)],
                tiebreaks.get((Target.HALF_TIME, 0)), by_id, warnings,
            )[0]  # fmt: skip
        half_time = HalfTimeResult(True, game, decided, leader)

    travelling = travelling_result(data, by_id, finished, prize_info(Target.TRAVELLING, 0))
    jar = jar_result(data, by_id, finished, warnings)
    fifty = fifty_fifty_result(evening)

    standings = _standings(data, couples, pairs, method, prize_place_of)
    money = money_summary(evening, paid, takings, places, booby, half_time, travelling, jar, fifty)
    return EveningResults(
        evening_id=evening.pk,
        slug=evening.slug,
        version=evening.version,
        games=evening.games,
        current_game=evening.current_game,
        status=evening.status,
        finished=finished,
        ranking=method,
        prize_places=evening.prize_places,
        standings=standings,
        places=tuple(places),
        booby=booby,
        jar=jar,
        fifty_fifty=fifty,
        travelling=travelling,
        half_time=half_time,
        money=money,
        warnings=tuple(warnings),
    )


def _standings(data, couples, pairs, method, prize_place_of) -> tuple[Standing, ...]:
    ranks = ranking_rules.rank_of_each(pairs, method)
    counts: dict[int, int] = defaultdict(int)
    for _key, wins in pairs:
        counts[wins] += 1
    rows = [
        Standing(
            couple=couple,
            wins=wins,
            punched=tuple(data.punched.get(couple.id, ())),
            place=ranks[couple.id],
            tied=counts[wins] > 1,
            prize_place=prize_place_of.get(couple.id),
        )
        for couple, (_key, wins) in zip(couples, pairs, strict=True)
    ]
    rows.sort(key=lambda row: (-row.wins, row.couple.number))
    return tuple(rows)


def _prize_info(prize: Prize, takings: Decimal) -> PrizeInfo:
    if prize.kind == Prize.Kind.ITEM:
        value, text = None, prize.item
    elif prize.kind == Prize.Kind.SHARE:
        percent = prize.share_percent or Decimal("0")
        value = tie_rules.percent_of(takings, percent)
        text = _("%(p)s%% of the takings (%(v)s)") % {
            "p": percent_text(percent),
            "v": money_text(value),
        }
    else:
        value = (prize.amount or ZERO).quantize(CENT)
        text = money_text(value)
    return PrizeInfo(
        target=prize.target,
        place=prize.place,
        kind=prize.kind,
        amount=prize.amount,
        share_percent=prize.share_percent,
        item=prize.item,
        value=value,
        text=text,
    )


def tie_records(data: Loaded, tiebreak: TieBreak):
    """The choices, cut rounds and play-off games of a tie-break, as the pure
    rules take them: (choices, rounds, games)."""
    entries = data.entries.get(tiebreak.pk, [])
    choices = {row["couple_id"]: row["choice"] for row in entries}
    rounds: dict[int, dict[int, Card]] = {}
    for row in data.cuts.get(tiebreak.pk, []):
        rounds.setdefault(row["round"], {})[row["couple_id"]] = parse_card(row["card"])
    cut_rounds = [rounds[number] for number in sorted(rounds)]
    games = [
        tie_rules.PlayoffGameRecord(
            row["round"], row["couple_a_id"], row["couple_b_id"], row["winner_id"]
        )
        for row in data.playoffs.get(tiebreak.pk, [])
    ]
    return choices, cut_rounds, games


def tiebreak_matches(data: Loaded, tiebreak: TieBreak, wins: int, keys: Iterable[int]) -> bool:
    """Whether a tie-break still describes the tie as it stands (a result
    corrected after it was opened can change who is tied)."""
    entered = {row["couple_id"] for row in data.entries.get(tiebreak.pk, [])}
    return tiebreak.wins == wins and entered == set(keys)


def _group_results(
    data, target, place, wins, keys, covers, prizes, tiebreak, by_id, warnings
) -> list[PlaceResult]:
    """One PlaceResult per place a group holds or contests."""
    couples = tuple(by_id[key] for key in keys)
    covered = covers if target == Target.PLACE else (0,)
    if len(keys) == 1:
        prize = prizes[0]
        return [
            PlaceResult(
                target=target,
                place=place,
                wins=wins,
                couples=couples,
                status=AWARDED,
                winners=couples,
                prize=prize,
                prize_text=prize.text if prize else "",
                shares=whole(prize, couples[0]),
                how_settled="",
                covers=tuple(covers) if target == Target.PLACE else (),
            )
        ]
    outcome = None
    tb_status = ""
    tb_id = None
    if tiebreak is not None:
        if tiebreak_matches(data, tiebreak, wins, keys):
            tb_id, tb_status = tiebreak.pk, tiebreak.status
            can_split = all(prize is not None and prize.can_split for prize in prizes)
            choices, rounds, games = tie_records(data, tiebreak)
            try:
                outcome = tie_rules.tie_outcome(
                    keys, len(covered), choices, can_split, rounds, games
                )
            except tie_rules.TieRuleError as error:
                warnings.append(error.message)
        else:
            warnings.append(
                _(
                    "The tie-break for %(what)s was opened before the results changed: "
                    "discard it and settle the tie again."
                )
                % {"what": target_words(target, place)}
            )
    results = []
    settled = outcome is not None and outcome.status == tie_rules.SETTLED
    how = how_settled(data, tiebreak, outcome, by_id) if settled else ""
    pooled = None
    if settled and outcome.method == tie_rules.SPLIT:
        total = sum((prize.value or ZERO) for prize in prizes)
        pooled = tie_rules.split_cents(total, outcome.split_among)
    for index, number in enumerate(covered):
        prize = prizes[index]
        winners: tuple[CoupleRef, ...] = ()
        shares: dict[int, Decimal] = {}
        if settled and outcome.method == tie_rules.SPLIT:
            winners = tuple(by_id[key] for key in outcome.split_among)
            shares = dict(pooled) if index == 0 else {}
        elif settled and index < len(outcome.ranking):
            winners = (by_id[outcome.ranking[index]],)
            shares = whole(prize, winners[0])
        results.append(
            PlaceResult(
                target=target,
                place=number,
                wins=wins,
                couples=couples,
                status=SETTLED if settled else TIED,
                winners=winners,
                prize=prize,
                prize_text=prize.text if prize else "",
                shares=shares,
                how_settled=how,
                covers=tuple(covers) if target == Target.PLACE else (),
                tiebreak_id=tb_id,
                tiebreak_status=tb_status,
            )
        )
    return results


def whole(prize: PrizeInfo | None, couple: CoupleRef) -> dict[int, Decimal]:
    if prize is None or prize.value is None:
        return {}
    return {couple.id: prize.value}
