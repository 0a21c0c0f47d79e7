"""Settling ties (RULES.md A5, A6): the writes, one transaction each.

A tie-break is opened for a tied prize place, the booby prize or the
half-time leader. Then, step by step, every step kept as rows:

1. each couple's choice (split, cut, play off, or will not play off):
   :func:`record_choices`; when every couple has chosen, the rule is applied
   at once (scoring.rules.ties.decide);
2. a cut: the cards typed in (:func:`record_cut`) or dealt by the app
   (:func:`deal_cut`), round after round while couples tie;
3. a play-off: the pairs of each knock-out round are drawn by the app and
   each game's winner recorded (:func:`record_playoff_winner`);
4. a split is settled at once; its shares are in the results.

After every step the tie-break's status, method, forfeits, ranks and shares
are recomputed from the rows (:func:`_refresh`), so the rows alone always
say how the tie was settled. Couples are named by their numbers.
"""

import secrets
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from cardnight.errors import Conflict, UserError
from scoring import results as results_module
from scoring.models import CutCard, PlayoffGame, Target, TieBreak, TieBreakEntry
from scoring.results import CoupleRef, PlaceResult
from scoring.results.wording import target_words
from scoring.rules import ties as rules
from scoring.services import rule_errors
from tables.models import Evening

TARGETS = (Target.PLACE, Target.BOOBY, Target.HALF_TIME)


@dataclass(frozen=True)
class Tie:
    """A tie as it stands: the first of its PlaceResults, all of them (one
    per place it covers), and the rows loaded for it."""

    first: PlaceResult
    places: tuple[PlaceResult, ...]
    data: object  # scoring.results.Loaded

    @property
    def couples(self) -> tuple[CoupleRef, ...]:
        return self.first.couples

    @property
    def ranks(self) -> int:
        return len(self.places)

    @property
    def can_split(self) -> bool:
        return all(place.prize is not None and place.prize.can_split for place in self.places)


def _what(target: str, place: int) -> str:
    return target_words(target, place)


def find_tie(evening: Evening, target: str, place: int = 0) -> Tie:
    """The tie for ``target``/``place`` as the results stand, or a UserError
    saying why there is none (not tied, no such place, too early)."""
    if target not in TARGETS:
        raise UserError(_("There is no tie-break for that."))
    data = results_module.load([evening])[evening.pk]
    results = results_module.compute(data)
    if target == Target.PLACE:
        matches = [p for p in results.places if p.place == place]
        if not matches:
            raise UserError(_("No couple holds place %(p)s.") % {"p": place})
        found = matches[0]
        if found.covers and found.covers[0] != place:
            raise UserError(
                _("Place %(p)s is contested together with place %(first)s: settle that tie.")
                % {"p": place, "first": found.covers[0]}
            )
        group = tuple(p for p in results.places if p.covers == found.covers)
    elif target == Target.BOOBY:
        if not evening.booby_prize:
            raise UserError(_("This evening has no booby prize."))
        if results.booby is None:
            raise UserError(_("Every couple holds a prize place: there is no booby prize."))
        found, group = results.booby, (results.booby,)
    else:
        half = results.half_time
        if not half.enabled:
            raise UserError(_("This evening has no half-time leader prize."))
        if not half.decided:
            raise Conflict(
                _("Half time is after game %(g)s: the leader is known once it is over.")
                % {"g": half.after_game}
            )
        if half.leader is None:
            raise UserError(_("Nobody had won a game at half time."))
        found, group = half.leader, (half.leader,)
    if target != Target.HALF_TIME and not results.finished:
        raise Conflict(_("Ties are settled after the last game."))
    if not found.tied:
        raise UserError(
            _("%(what)s is not tied: couple %(c)s takes it outright.")
            % {"what": _what(target, place).capitalize(), "c": found.couples[0].number}
        )
    return Tie(found, group, data)


@rule_errors()
def open_tiebreak(evening: Evening, target: str, place: int = 0) -> TieBreak:
    """Open the tie-break for a tied place, the booby prize or the half-time
    leader (the one already open, if any)."""
    with Evening.changing(evening) as evening:
        if target != Target.PLACE:
            place = 0
        tie = find_tie(evening, target, place)
        existing = TieBreak.objects.filter(evening=evening, target=target, place=place).first()
        if existing is not None:
            if tie.first.tiebreak_id == existing.pk:
                return existing
            raise Conflict(
                _(
                    "A tie-break for %(what)s was opened before the results changed: "
                    "discard it first."
                )
                % {"what": _what(target, place)}
            )
        tiebreak = TieBreak.objects.create(
            evening=evening, target=target, place=place, wins=tie.first.wins
        )
        TieBreakEntry.objects.bulk_create(
            TieBreakEntry(tiebreak=tiebreak, couple_id=couple.id) for couple in tie.couples
        )
        return tiebreak


def _tie_for(tiebreak: TieBreak, evening: Evening) -> Tie:
    tie = find_tie(evening, tiebreak.target, tiebreak.place)
    if tie.first.tiebreak_id != tiebreak.pk:
        raise Conflict(
            _("The results changed after this tie-break was opened: discard it and start again.")
        )
    return tie


def _numbers(tie: Tie) -> dict[int, CoupleRef]:
    return {couple.number: couple for couple in tie.couples}


def _couple(tie: Tie, number) -> CoupleRef:
    try:
        return _numbers(tie)[int(number)]
    except (KeyError, TypeError, ValueError):
        raise UserError(_("Couple %(c)s is not in this tie.") % {"c": number}) from None


@rule_errors()
def record_choices(tiebreak: TieBreak, choices: dict, user=None) -> TieBreak:
    """Record how couples want to settle (couple number -> "split" | "cut" |
    "playoff" | "refuse"); some now, the rest later is fine. Once every
    couple has chosen, the rule decides the method."""
    with Evening.changing(tiebreak.evening) as evening:
        tiebreak = TieBreak.objects.get(pk=tiebreak.pk)
        tie = _tie_for(tiebreak, evening)
        if tiebreak.status != TieBreak.Status.CHOOSING:
            raise Conflict(_("The couples have chosen already: the tie is being settled."))
        if not choices:
            raise UserError(_("Choose for at least one couple."))
        entries = {entry.couple_id: entry for entry in tiebreak.entries.all()}
        for number, choice in choices.items():
            couple = _couple(tie, number)
            if choice not in rules.CHOICES:
                raise UserError(
                    _('"%(choice)s" is not a way to settle a tie.') % {"choice": choice}
                )
            if choice == rules.SPLIT and not tie.can_split:
                raise UserError(_split_refusal(tie))
            entries[couple.id].choice = choice
        TieBreakEntry.objects.bulk_update(entries.values(), ["choice"])
        return _refresh(tiebreak, evening, user)


def _split_refusal(tie: Tie) -> str:
    missing = [p for p in tie.places if p.prize is None]
    if missing:
        return _("No prize is set for %(what)s yet: set it before choosing a split.") % {
            "what": _what(missing[0].target, missing[0].place)
        }
    item = next(p.prize.item for p in tie.places if not p.prize.can_split)
    return _("%(item)s cannot be split: choose a cut or a play-off.") % {"item": item}


@rule_errors()
def record_cut(
    tiebreak: TieBreak,
    cards: dict,
    user=None,
    *,
    dealt: bool = False,
    round_number: int | None = None,
) -> TieBreak:
    """Record one round of the cut: couple number -> card as typed ("AH",
    "10s", "T♠"), one for each couple that must cut in this round.

    ``round_number`` is the round the person saw on screen: a form sent twice
    (a double tap) is refused instead of becoming the next round."""
    with Evening.changing(tiebreak.evening) as evening:
        tiebreak = TieBreak.objects.get(pk=tiebreak.pk)
        tie = _tie_for(tiebreak, evening)
        state = _cut_now(tiebreak, tie, round_number)
        by_id = {couple.id: couple for couple in tie.couples}
        parsed: dict[int, object] = {}
        for number, text in cards.items():
            couple = _couple(tie, number)
            if couple.id not in state.to_cut:
                raise UserError(
                    _("Couple %(c)s does not cut in this round.") % {"c": couple.number}
                )
            if not str(text).strip():
                continue
            parsed[couple.id] = rules.read_cut_card(text)
        for key in state.to_cut:
            if key not in parsed:
                raise UserError(_("Type the card cut by couple %(c)s.") % {"c": by_id[key].number})
        rules.check_round(parsed)
        CutCard.objects.bulk_create(
            CutCard(
                tiebreak=tiebreak,
                round=state.next_round,
                couple_id=key,
                card=str(card),
                dealt_by_app=dealt,
            )
            for key, card in parsed.items()
        )
        return _refresh(tiebreak, evening, user)


def _cut_now(tiebreak: TieBreak, tie: Tie, round_number: int | None) -> rules.CutState:
    """The cut as it stands, checked to be waiting for round ``round_number``
    (the round the person saw on screen, when given)."""
    state = outcome_of(tiebreak, tie).cut
    if state is not None and round_number is not None and round_number < state.next_round:
        raise Conflict(_("Round %(r)s of the cut is already recorded.") % {"r": round_number})
    if tiebreak.status != TieBreak.Status.CUTTING or state is None:
        raise Conflict(_("This tie is not being settled by a cut right now."))
    if round_number is not None and round_number != state.next_round:
        raise Conflict(_("There is no round %(r)s of the cut yet.") % {"r": round_number})
    return state


@rule_errors()
def deal_cut(
    tiebreak: TieBreak, user=None, rng=None, *, round_number: int | None = None
) -> TieBreak:
    """The app deals this round of the cut: one card each from a freshly
    shuffled deck, with the system's cryptographic generator. A second tap
    for the same ``round_number`` is refused (see :func:`record_cut`)."""
    with transaction.atomic(), Evening.changing(tiebreak.evening) as evening:
        tiebreak = TieBreak.objects.get(pk=tiebreak.pk)
        tie = _tie_for(tiebreak, evening)
        state = _cut_now(tiebreak, tie, round_number)
        dealt = rules.deal_cut(state.to_cut, rng or secrets.SystemRandom())
        by_id = {couple.id: couple for couple in tie.couples}
        cards = {by_id[key].number: str(card) for key, card in dealt.items()}
        return record_cut(tiebreak, cards, user, dealt=True)


@rule_errors()
def record_playoff_winner(tiebreak: TieBreak, game_id: int, winner: int, user=None) -> TieBreak:
    """Record the winner (couple number) of one play-off game of the
    current round; when the round is complete the next one is drawn."""
    with Evening.changing(tiebreak.evening) as evening:
        tiebreak = TieBreak.objects.get(pk=tiebreak.pk)
        tie = _tie_for(tiebreak, evening)
        if tiebreak.status != TieBreak.Status.PLAYING:
            raise Conflict(_("This tie is not being played off right now."))
        try:
            game = PlayoffGame.objects.get(pk=int(game_id), tiebreak=tiebreak)
        except (PlayoffGame.DoesNotExist, TypeError, ValueError):
            raise UserError(_("There is no such play-off game in this tie.")) from None
        if game.winner_id is not None:
            raise Conflict(_("That play-off game already has its winner."))
        couple = _couple(tie, winner)
        if couple.id not in (game.couple_a_id, game.couple_b_id):
            raise UserError(
                _("Couple %(c)s did not play in that play-off game.") % {"c": couple.number}
            )
        game.winner_id = couple.id
        game.recorded_at = timezone.now()
        game.save(update_fields=["winner", "recorded_at"])
        return _refresh(tiebreak, evening, user)


def discard(tiebreak: TieBreak) -> None:
    """Throw a tie-break away with every step of it (an organizer's undo,
    or after results changed under it)."""
    with Evening.changing(tiebreak.evening):
        TieBreak.objects.filter(pk=tiebreak.pk).delete()


def outcome_of(tiebreak: TieBreak, tie: Tie) -> rules.TieOutcome:
    choices, rounds, games = results_module.tie_records(tie.data, tiebreak)
    keys = [couple.id for couple in tie.couples]
    return rules.tie_outcome(keys, tie.ranks, choices, tie.can_split, rounds, games)


def _refresh(tiebreak: TieBreak, evening: Evening, user=None, rng=None) -> TieBreak:
    """Recompute the tie-break from its rows, draw the next play-off round
    when one is due, and write status, method, forfeits, ranks and shares."""
    rng = rng or secrets.SystemRandom()
    while True:
        tie = find_tie(evening, tiebreak.target, tiebreak.place)
        outcome = outcome_of(tiebreak, tie)
        played = outcome.playoff
        if played is None or not played.needs_pairing or outcome.status != rules.PLAYING:
            break
        now = timezone.now()
        PlayoffGame.objects.bulk_create(
            PlayoffGame(
                tiebreak=tiebreak,
                round=played.next_round,
                couple_a_id=a,
                couple_b_id=b,
                winner_id=a if b is None else None,
                recorded_at=now if b is None else None,
            )
            for a, b in rules.pair_round(played.alive, rng)
        )
    tiebreak.method = outcome.method or ""
    tiebreak.status = outcome.status
    if outcome.status == rules.SETTLED:
        tiebreak.settled_at = timezone.now()
        tiebreak.settled_by = user if getattr(user, "is_authenticated", False) else None
    else:
        tiebreak.settled_at, tiebreak.settled_by = None, None
    tiebreak.save(update_fields=["method", "status", "settled_at", "settled_by"])
    shares: dict[int, object] = {}
    for place in tie.places:
        for key, amount in place.shares.items():
            shares[key] = shares.get(key, 0) + amount
    ranks = {key: index for index, key in enumerate(outcome.ranking, start=1)}
    if outcome.method == rules.SPLIT:
        ranks = dict.fromkeys(outcome.split_among, 1)
    entries = list(tiebreak.entries.all())
    for entry in entries:
        entry.forfeited = entry.couple_id in outcome.forfeited
        entry.outcome_rank = ranks.get(entry.couple_id)
        entry.share = shares.get(entry.couple_id) if outcome.status == rules.SETTLED else None
    TieBreakEntry.objects.bulk_update(entries, ["forfeited", "outcome_rank", "share"])
    return tiebreak
