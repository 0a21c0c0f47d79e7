"""The travelling prize, the 50/50 draw and the cookie jar as they stand."""

from __future__ import annotations

from decimal import Decimal

from django.utils.translation import gettext as _

from scoring.results.load import Loaded
from scoring.results.tree import (
    CENT,
    ZERO,
    CoupleRef,
    FiftyFiftyResult,
    JarResult,
    TravellingPass,
    TravellingResult,
)
from scoring.results.wording import date_text
from scoring.rules import extras as extras_rules
from scoring.rules import jar as jar_rules
from scoring.rules import ties as tie_rules
from tables.models import Evening


def travelling_result(data, by_id, finished, prize) -> TravellingResult:
    evening = data.evening
    if not evening.travelling_prize:
        return TravellingResult(False)
    by_number = {couple.number: couple for couple in data.couples}
    start = by_number.get(evening.travelling_start) if evening.travelling_start else None
    seatings = data.seatings or []
    if start is None:
        return TravellingResult(
            True, available=bool(seatings) or not finished, prize=prize,
            prize_text=prize.text if prize else "",
        )  # fmt: skip

    holder_id, after_game, passes = extras_rules.travel(start.id, seatings)
    return TravellingResult(
        enabled=True,
        start=start,
        holder=by_id.get(holder_id),
        after_game=after_game,
        passes=tuple(
            TravellingPass(game, by_id[from_id], by_id[to_id]) for game, from_id, to_id in passes
        ),
        final=finished and after_game >= evening.games,
        available=bool(seatings) or not finished,
        prize=prize,
        prize_text=prize.text if prize else "",
    )


def fifty_fifty_result(evening: Evening) -> FiftyFiftyResult:
    if not evening.fifty_fifty:
        return FiftyFiftyResult(False)
    takings = Decimal(evening.fifty_fifty_takings).quantize(CENT)
    prize = extras_rules.fifty_fifty_prize(takings)
    return FiftyFiftyResult(
        True,
        takings=takings,
        prize=prize,
        hall_share=takings - prize,
        ticket=evening.fifty_fifty_ticket,
        winner=evening.fifty_fifty_winner,
    )


def carried_in_from(previous: dict | None) -> tuple[Decimal, str | None, object]:
    """What the jar carries in from the hall's previous cookie-jar evening
    (a row of `load.jar_chain`): its settled carry-over, with its name and
    date when there is one; nothing while its jar is not settled."""
    if previous is None or not previous["jar_outcome__id"]:
        return ZERO, None, None
    carried_in = Decimal(previous["jar_outcome__carried_over"]).quantize(CENT)
    if not carried_in:
        return ZERO, None, None
    return carried_in, previous["name"], previous["date"]


def jar_result(data: Loaded, by_id, finished: bool, warnings: list[str]) -> JarResult:
    evening = data.evening
    if not evening.cookie_jar:
        return JarResult(False)
    bought = tuple(couple for couple in data.couples if couple.jar_buy_in)
    buy_in = Decimal(evening.jar_buy_in).quantize(CENT)
    buy_ins = (buy_in * len(bought)).quantize(CENT)
    previous_unsettled = None
    previous = data.previous_jar
    carried_in, carried_from, carried_from_date = carried_in_from(previous)
    if previous is not None and not previous["jar_outcome__id"]:
        previous_unsettled = previous["name"]
        warnings.append(
            _(
                "The cookie jar of %(name)s (%(date)s) was never settled, so what it "
                "carried over is not counted here. Settle it on that evening's jar page."
            )
            % {"name": previous["name"], "date": date_text(previous["date"])}
        )
    pot = jar_rules.pot(buy_in, len(bought), carried_in).quantize(CENT)
    numbers = tuple(evening.jar_numbers or ())
    mode = evening.jar_draw_mode
    revealed = bool(evening.jar_revealed)
    visible = bool(numbers) and (mode != Evening.JarDraw.SEALED or revealed)
    punched = {key: set(games) for key, games in data.punched.items()}
    bought_ids = [couple.id for couple in bought]
    alive = None
    winners: tuple[CoupleRef, ...] = ()
    shares: dict[int, Decimal] = {}
    carried_over = ZERO
    if visible and not finished:
        over = evening.current_game - 1 if evening.current_game else 0
        alive = tuple(
            by_id[key]
            for key in jar_rules.alive(punched, bought_ids, numbers, over, data.still_playing)
        )
    if visible and finished:
        winner_ids = jar_rules.winners(punched, bought_ids, numbers)
        winners = tuple(by_id[key] for key in winner_ids)
        shares = tie_rules.split_cents(pot, winner_ids)
        alive = winners
        if not winners:
            carried_over = pot
    outcome = data.jar_outcome
    differs = False
    if outcome is not None and finished and visible:
        differs = (
            Decimal(outcome["jar_outcome__carried_over"]) != carried_over
            or Decimal(outcome["jar_outcome__pot"]) != pot
        ) or list(outcome["jar_outcome__winners"] or []) != [couple.number for couple in winners]
        if differs:
            warnings.append(_("Results changed after the cookie jar was settled: settle it again."))
    return JarResult(
        enabled=True,
        mode=mode,
        draw_size=evening.jar_draw_size,
        drawn=bool(numbers),
        numbers=numbers if visible else None,
        fingerprint=evening.jar_fingerprint,
        salt=evening.jar_salt if (visible and evening.jar_salt) else None,
        revealed=revealed,
        buy_in=buy_in,
        bought_in=bought,
        buy_ins=buy_ins,
        carried_in=carried_in,
        carried_from=carried_from,
        carried_from_date=carried_from_date,
        previous_unsettled=previous_unsettled,
        pot=pot,
        alive=alive,
        winners=winners,
        shares=shares,
        carried_over=carried_over,
        settled=outcome is not None,
        settled_differs=differs,
    )
