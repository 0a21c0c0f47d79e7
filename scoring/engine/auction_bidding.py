"""The bidding of auction 45 (RULES.md B5, seed 000 "Nova Scotia Auction Rules").

Players are numbered clockwise from the dealer's left: Player 1 calls first
and the dealer (the last player) calls last. A call is "pass", a bid (20, 25,
30, and 15 with the old-circles house rule) or, for the dealer only, "hold".

- A player other than the dealer bids 5 or 10 above the bid standing (any
  level when nobody has bid), or passes; a player who passes is out.
- The dealer may "hold": take the standing bid at its value. Everyone who has
  bid and not passed may then raise or pass, clockwise, and the dealer may
  hold again each time, until the dealer passes ("gives it to them") or
  nobody outbids the dealer. Once the dealer has passed the others outbid one
  another until all but one have passed.
- A player who has already called once and cannot raise (the bid stands at
  30) passes without a word ("Player 3 cannot bid again").
- When nobody has bid, the dealer may bid any level or pass; if all pass, the
  hand is thrown in.
- The winner of a bid of 20 or 25 may raise it to 30 before calling trump
  ("30 for 60"): one more call of 30 by the winner after the bidding.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from .errors import ScoreError
from .i18n import _
from .rules import AUCTION_RULES, HouseRules

PASS, HOLD = "pass", "hold"
TOP_BID = 30
RAISES = (5, 10)  # "five or ten points higher than any previous bid"
_CALL_WORDS = {"p": PASS, "pass": PASS, "passe": PASS, "h": HOLD, "hold": HOLD, "tiens": HOLD}


@dataclass(frozen=True, slots=True)
class Call:
    """One call as made (``said``) by ``seat`` (1-based), and what it means in words."""

    seat: int
    said: str
    words: str
    automatic: bool = False  # a pass the player had no choice about


@dataclass(frozen=True, slots=True)
class Bidding:
    """The ruling on a sequence of calls.

    ``legal`` is False at the first call that breaks the rules
    (``illegal_at``, 0-based among the calls given) with ``reason``. When
    the bidding is not over, ``next_seat`` may call one of ``next_calls``.
    """

    players: int
    calls: tuple[Call, ...]
    legal: bool
    illegal_at: int | None
    reason: str
    finished: bool
    winner: int | None
    bid: int | None
    next_seat: int | None
    next_calls: tuple[str, ...]


def seat_name(seat: int, players: int, *, start: bool = True) -> str:
    """ "Player 2", or "The dealer" ("the dealer" inside a sentence) for the last player."""
    if seat == players:
        return _("The dealer") if start else _("the dealer")
    return _("Player %(number)s") % {"number": seat}


def read_call(text: str) -> str:
    """A call as typed or tapped: "pass", "hold" or a number ("20")."""
    word = str(text).strip().lower()
    if word in _CALL_WORDS:
        return _CALL_WORDS[word]
    if word.isascii() and word.isdigit() and len(word) <= 4:  # not "²", "٣" or 5,000 digits
        return str(int(word))
    raise ScoreError(
        _('"%(text)s" is not a call: say pass, hold or a bid like 20.') % {"text": text}
    )


class _Auction:
    """The state of the bidding while the calls are read."""

    def __init__(self, players: int, rules: HouseRules):
        if players not in (2, 3, 4, 5):
            raise ScoreError(
                _("Auction is played by 2, 3, 4 or 5 players, not %(players)s.")
                % {"players": players}
            )
        self.players, self.rules = players, rules
        self.active = list(range(1, players + 1))
        self.high: int | None = None
        self.holder: int | None = None
        self.last = players  # the dealer; Player 1 calls first
        self.records: list[Call] = []
        self.called: set[int] = set()  # a player who cannot raise passes silently after this
        self.raised = False

    @property
    def dealer(self) -> int:
        return self.players

    def name(self, seat: int, *, start: bool = True) -> str:
        return seat_name(seat, self.players, start=start)

    def next_seat(self) -> int | None:
        """The next player to call, passing for anyone who cannot raise."""
        for step in range(1, self.players + 1):
            seat = (self.last + step - 1) % self.players + 1
            if seat not in self.active or seat == self.holder:
                continue
            if seat != self.dealer and self.high == TOP_BID and seat in self.called:
                self.active.remove(seat)
                self.records.append(
                    Call(
                        seat,
                        PASS,
                        _("%(name)s cannot bid above 30, so passes.") % {"name": self.name(seat)},
                        automatic=True,
                    )
                )
                continue
            return seat
        return None

    def allowed(self, seat: int) -> tuple[str, ...]:
        if seat == self.dealer:
            if self.high is None:
                return (PASS, *(str(bid) for bid in self.rules.bids))
            return (PASS, HOLD)
        return (PASS, *(str(bid) for bid in self._raises()))

    def _raises(self) -> tuple[int, ...]:
        if self.high is None:
            return self.rules.bids
        return tuple(bid for bid in self.rules.bids if bid - self.high in RAISES)

    def call(self, seat: int, said: str) -> str | None:
        """Apply one call; the reason it is illegal, or None."""
        words = {"name": self.name(seat), "high": self.high, "bid": said}
        if said == PASS:
            self.active.remove(seat)
            text = (
                _("%(name)s passes and gives it to %(holder)s.")
                if seat == self.dealer and self.holder
                else _("%(name)s passes.")
            )
            self._record(seat, said, text % (words | {"holder": self._holder_name()}))
            return None
        if said == HOLD:
            if seat != self.dealer:
                return _("%(name)s cannot hold: only the dealer may hold.") % words
            if self.high is None:
                return _("The dealer cannot hold: nobody has bid yet.") % words
            self.holder = seat
            self._record(seat, said, _("The dealer holds: takes the bid at %(high)s.") % words)
            return None
        bid = int(said)
        if bid not in self.rules.bids:
            return _("A bid of %(bid)s is not allowed; the bids are %(bids)s.") % (
                words | {"bids": ", ".join(str(level) for level in self.rules.bids)}
            )
        if seat == self.dealer and self.high is not None:
            return (
                _(
                    "The dealer does not outbid: they hold (take the bid at %(high)s) or pass, "
                    "not bid %(bid)s."
                )
                % words
            )
        if bid not in self._raises():
            return (
                _(
                    "%(name)s cannot bid %(bid)s: the bid stands at %(high)s, and a bid must be 5 "
                    "or 10 higher."
                )
                % words
            )
        self.high, self.holder = bid, seat
        self._record(seat, said, _("%(name)s bids %(bid)s.") % words)
        return None

    def _holder_name(self) -> str:
        return self.name(self.holder, start=False) if self.holder else ""

    def _record(self, seat: int, said: str, text: str) -> None:
        self.records.append(Call(seat, said, text))
        self.called.add(seat)
        self.last = seat


def check_bidding(
    calls: Sequence[str], players: int = 4, rules: HouseRules = AUCTION_RULES
) -> Bidding:
    """Rule on the calls in the order they were made (see the module's rules)."""
    auction = _Auction(players, rules)
    said = [read_call(call) for call in calls]
    for index, call in enumerate(said):
        seat = auction.next_seat()
        if seat is None:
            reason = _after_the_end(auction, call, index, len(said))
            if reason:
                return _ruling(auction, index, reason)
            continue
        reason = auction.call(seat, call)
        if reason:
            return _ruling(auction, index, reason)
    return _ruling(auction, None, "")


def _after_the_end(auction: _Auction, call: str, index: int, count: int) -> str | None:
    """One more call after the bidding: the winner raising 20 or 25 to 30, or an error."""
    words = {"name": auction._holder_name(), "bid": auction.high}
    if (
        auction.holder
        and call == str(TOP_BID)
        and not auction.raised
        and auction.high != TOP_BID
        and index == count - 1
    ):
        auction.raised = True
        auction.high = TOP_BID
        auction.records.append(
            Call(
                auction.holder,
                call,
                _("%(name)s, having won the bid at %(bid)s, raises it to 30 before calling trump.")
                % words,
            )
        )
        return None
    if auction.holder is None:
        return _("The bidding was over: everyone passed, so the hand is thrown in.")
    return _("The bidding was over: %(name)s won it at %(bid)s.") % words


def _ruling(auction: _Auction, illegal_at: int | None, reason: str) -> Bidding:
    seat = auction.next_seat() if illegal_at is None else None
    finished = illegal_at is None and seat is None
    winner = auction.holder if finished else None
    if finished and winner is None:
        reason = _("Everyone passed: nobody bid, so the hand is thrown in and dealt again.")
    elif finished and winner is not None:
        reason = _("%(name)s wins the bid at %(bid)s and calls trump.") % {
            "name": auction.name(winner),
            "bid": auction.high,
        }
    elif illegal_at is None and seat is not None:
        reason = _("%(name)s to call.") % {"name": auction.name(seat)}
    return Bidding(
        players=auction.players,
        calls=tuple(auction.records),
        legal=illegal_at is None,
        illegal_at=illegal_at,
        reason=reason,
        finished=finished,
        winner=winner,
        bid=auction.high if finished and winner else None,
        next_seat=seat,
        next_calls=auction.allowed(seat) if seat else (),
    )
