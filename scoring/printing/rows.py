"""The evening as plain rows for the PDFs: strings and numbers, no reportlab.

Each `*_rows(evening, ...)` function loads what its PDF needs in a few
queries and returns frozen dataclasses; `scoring.printing.draw` turns them
into pages. Tests read the rows directly (the QR links, the starting tables,
the rules in words) and the PDFs separately.
"""

from dataclasses import dataclass

from django.utils.formats import date_format
from django.utils.translation import gettext as _

from cardnight.errors import Conflict, UserError
from scoring import engine
from scoring.engine.cards import suit_name
from scoring.results import TIED, evening_results, money_text
from tables import links
from tables.models import Evening, Game, Seating, Table

MAX_BLANK_CARDS = 200
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
RED_SUITS = ("♥", "♦")


@dataclass(frozen=True, slots=True)
class Heading:
    """What every printout says at the top."""

    hall: str
    evening: str
    date: str
    paper: str  # "letter" or "a4"


# --- Links -----------------------------------------------------------------


def _absolute(base_url: str, name: str, *args) -> str:
    """The absolute link to a named page.

    `base_url` is the address phones use: the hall's setting in a view
    (`tables.links.phone_address`), `--base-url` in a command (it may end in a
    sub-path, e.g. ".../cards/")."""
    return links.page_link(base_url, name, *args)


def couple_card_url(base_url: str, slug: str, number: int) -> str:
    """The couple's live card on the public scoreboard (the cue card's QR)."""
    return _absolute(base_url, "board-couple", slug, number)


def board_url(base_url: str, slug: str) -> str:
    """The evening's public scoreboard (the QR of a blank walk-in card)."""
    return _absolute(base_url, "board", slug)


def table_entry_url(base_url: str, token: str) -> str:
    """A table's own result-entry link (the table card's QR)."""
    return _absolute(base_url, "tableside", token)


def heading(evening: Evening) -> Heading:
    return Heading(
        hall=evening.hall.name,
        evening=evening.name,
        date=date_format(evening.date, "l j F Y"),
        paper=evening.hall.paper_size,
    )


def _require_couples(evening: Evening, what: str) -> None:
    if not evening.couples.exists():
        raise Conflict(
            _(
                "No couples are registered for %(evening)s yet, so there are no %(what)s to "
                "print. Register the couples at the door first."
            )
            % {"evening": evening.name, "what": what}
        )


# --- Cue cards ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CueCard:
    """One couple's punch card, or a blank one for a walk-in (number None)."""

    number: int | None
    player1: str
    player2: str
    start_table: str  # "7", "Bye", or "" to write in by hand
    start_note: str  # "from game 5" for a late couple, else ""
    qr: str  # the link in the QR code


@dataclass(frozen=True, slots=True)
class CueCardSheet:
    heading: Heading
    games: int
    cards: tuple[CueCard, ...]


def cue_card_rows(evening: Evening, base_url: str, blank: int = 0) -> CueCardSheet:
    """A card per couple (in number order), then `blank` cards for walk-ins.

    The starting table is the couple's seat in its first game (game 1, or the
    game a late couple joins at) once that game has been seated; before that
    it is left blank to write in.
    """
    if not 0 <= blank <= MAX_BLANK_CARDS:
        raise UserError(
            _("Blank cards: choose a number from 0 to %(max)s.") % {"max": MAX_BLANK_CARDS}
        )
    _require_couples(evening, _("cue cards"))
    couples = list(evening.couples.order_by("number"))
    first_games = {couple.joined_game for couple in couples}
    seats: dict[tuple[int, int], str] = {}
    for game_number, bye_id in Game.objects.filter(
        evening=evening, number__in=first_games
    ).values_list("number", "bye_id"):
        if bye_id:
            seats[game_number, bye_id] = _("Bye")
    for game_number, table, couple_a, couple_b in Seating.objects.filter(
        game__evening=evening, game__number__in=first_games
    ).values_list("game__number", "table__number", "couple_a_id", "couple_b_id"):
        seats[game_number, couple_a] = seats[game_number, couple_b] = str(table)
    cards = [
        CueCard(
            number=couple.number,
            player1=couple.player1,
            player2=couple.player2,
            start_table=seats.get((couple.joined_game, couple.pk), ""),
            start_note=(
                _("from game %(game)s") % {"game": couple.joined_game}
                if couple.joined_game > 1
                else ""
            ),
            qr=couple_card_url(base_url, evening.slug, couple.number),
        )
        for couple in couples
    ]
    walk_in = CueCard(None, "", "", "", "", board_url(base_url, evening.slug))
    return CueCardSheet(heading(evening), evening.games, tuple(cards + [walk_in] * blank))


# --- Table cards ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TableCard:
    number: int
    qr: str  # the table's result-entry link


@dataclass(frozen=True, slots=True)
class TableCardSheet:
    heading: Heading
    cards: tuple[TableCard, ...]


def table_card_rows(evening: Evening, base_url: str) -> TableCardSheet:
    """One card per open table, in number order.

    A table's link is made when the tables are first seated, so table cards
    are printed after seating; a table closed by a departure gets no card.
    """
    _require_couples(evening, _("table cards"))
    tables = Table.objects.filter(evening=evening, closed_after_game__isnull=True).order_by(
        "number"
    )
    cards = tuple(
        TableCard(number, table_entry_url(base_url, token))
        for number, token in tables.values_list("number", "token")
    )
    if not cards:
        raise Conflict(
            _(
                "Table cards are printed after the tables are seated: each card carries its "
                "table's own result link, which is made when the first game is seated. Seat "
                "the tables, then print the table cards."
            )
        )
    return TableCardSheet(heading(evening), cards)


# --- The rules card ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RankColumn:
    """One suit's cards, highest first (as trump, or as a plain suit)."""

    symbol: str  # ♥
    name: str  # hearts
    cards: tuple[str, ...]  # "5♥", "J♥", "A♥", … ("JK" for the joker)


@dataclass(frozen=True, slots=True)
class Example:
    """A ruling computed by the rules engine under this evening's house rules."""

    situation: str
    may_play: str
    reason: str


@dataclass(frozen=True, slots=True)
class RulesCard:
    heading: Heading
    trumps: tuple[RankColumn, ...]  # one per trump suit: ♥ ♦ ♣ ♠
    plain: tuple[RankColumn, ...]  # each suit when it is not trump
    rules: tuple[str, ...]  # the house rules in words
    examples: tuple[Example, ...]


def house_rules(evening: Evening) -> engine.HouseRules:
    """The evening's house rules as the rules engine's value."""
    return engine.HouseRules.from_settings(
        renege=evening.renege,
        nontrump_lead=evening.nontrump_lead,
        hearts_on_hearts=evening.hearts_on_hearts,
        jokers=evening.jokers,
        target=evening.game_target,
    )


def card_label(card: engine.Card) -> str:
    """A card as printed: "10♥", "A♠", "JK" (the joker, as the rules engine writes it)."""
    if card.is_joker:
        return "JK"
    return card.rank.label + SUIT_SYMBOLS[card.suit.value]


def _labels(cards) -> tuple[str, ...]:
    return tuple(card_label(card) for card in cards)


_SUITS = (engine.Suit.HEARTS, engine.Suit.DIAMONDS, engine.Suit.CLUBS, engine.Suit.SPADES)


def _renegable_words(rules: engine.HouseRules) -> str:
    """The cards that may be reneged, in words that hold for any trump suit."""
    trump = engine.Suit.SPADES
    words = []
    for card in engine.trump_order(trump, rules.jokers):
        if not engine.is_renegable(card, trump, rules):
            continue
        if card == engine.ACE_OF_HEARTS:
            words.append(_("the ace of hearts"))
        elif card.rank is engine.Rank.FIVE:
            words.append(_("the 5 of trumps"))
        elif card.rank is engine.Rank.JACK:
            words.append(_("the jack of trumps"))
    if len(words) == 1:
        return words[0]
    return _("%(first)s or %(last)s") % {"first": ", ".join(words[:-1]), "last": words[-1]}


def _rules_in_words(rules: engine.HouseRules) -> tuple[str, ...]:
    lines = [
        _(
            "The 5 of trumps, the jack of trumps and the ace of hearts are always the three "
            "best trumps. The ace of hearts is a trump whatever suit is trump."
        )
    ]
    if rules.jokers is engine.Jokers.AFTER_JACK:
        lines.append(
            _("One joker (JK) is played: it is a trump, ranked right after the jack of trumps.")
        )
    elif rules.jokers is engine.Jokers.AFTER_ACE_OF_HEARTS:
        lines.append(
            _("One joker (JK) is played: it is a trump, ranked right after the ace of hearts.")
        )
    lines.append(
        _(
            "Trump led (the ace of hearts led counts as trump led): you must play a trump, "
            "unless every trump you hold is %(cards)s and ranks above the card led; then you "
            "may keep it back (renege) and play any card. The card led decides, not the cards "
            "played after it."
        )
        % {"cards": _renegable_words(rules)}
    )
    if rules.renege is engine.Renege.FIVE_ONLY:
        lines.append(
            _("Only the 5 of trumps may be reneged: the jack and the ace of hearts may not.")
        )
    if rules.nontrump_lead is engine.NonTrumpLead.FOLLOW_OR_TRUMP:
        lines.append(
            _(
                "A plain suit led: follow suit or play a trump. You may play another suit only "
                "when you hold none of the suit led."
            )
        )
    else:
        lines.append(_("A plain suit led: any card may be played; you need not follow suit."))
    if rules.hearts_on_hearts:
        lines.append(
            _(
                "Hearts on hearts: when the ace of hearts is led and you hold no trump, you "
                "must play a heart if you have one."
            )
        )
    lines.append(
        _(
            "A player who breaks these rules has reneged illegally; it shows when they later "
            "play a card they were obliged to play."
        )
    )
    if rules.is_auction:
        bids = ", ".join(str(bid) for bid in rules.bids)
        lines.append(
            _(
                "Auction: bids %(bids)s; the dealer may hold. The bidder scores what it takes "
                "if it makes the bid, else loses the bid; a bid of 30 that takes all 30 points "
                "scores 60. A side at 100 or more scores only when it holds the bid. Game is "
                "120."
            )
            % {"bids": bids}
        )
    elif rules.best_trump_bonus:
        lines.append(
            _(
                "Scoring: 5 points a trick and 5 more for the trick holding the best trump "
                "played (30 a round; 25 when no trump is played). Points count in trick order: "
                "the first side to reach %(target)s wins, even if it did not know it held the "
                "best trump."
            )
            % {"target": rules.target}
        )
    else:
        lines.append(
            _("Scoring: 5 points a trick, no bonus. The first side to reach %(target)s wins.")
            % {"target": rules.target}
        )
    return tuple(lines)


def _example(rules: engine.HouseRules, trump: engine.Suit, led: str, hand: list[str]) -> Example:
    ruling = engine.explain_legal_plays(hand, led, trump, rules)
    situation = _("%(suit)s trump. %(led)s led; you hold %(hand)s.") % {
        "suit": suit_name(trump).capitalize(),
        "led": card_label(engine.parse_card(led, jokers=rules.uses_joker)),
        "hand": " ".join(_labels(engine.parse_cards(hand, jokers=rules.uses_joker))),
    }
    return Example(situation, " ".join(_labels(ruling.cards)), ruling.reason)


def _examples(rules: engine.HouseRules) -> tuple[Example, ...]:
    """The renege rule at work, as the engine rules it under these house rules
    (RULES.md B3's own examples, with spades as trump)."""
    spades = engine.Suit.SPADES
    examples = [
        _example(rules, spades, "6S", ["JS", "3S", "9D"]),
        _example(rules, spades, "6S", ["JS", "9D", "KC"]),
        _example(rules, spades, "JS", ["5S", "9D"]),
        _example(rules, spades, "JS", ["AH", "9D"]),
        _example(rules, spades, "KD", ["2D", "7S", "QC"]),
    ]
    if rules.hearts_on_hearts:
        examples.append(_example(rules, spades, "AH", ["KH", "9D"]))
    return tuple(examples)


def rules_card_rows(evening: Evening) -> RulesCard:
    """Every card's rank for each trump suit and the hall's renege rules, all
    from the rules engine under the evening's house rules."""
    rules = house_rules(evening)
    trumps = tuple(
        RankColumn(
            SUIT_SYMBOLS[suit.value],
            suit_name(suit),
            _labels(engine.trump_order(suit, rules.jokers)),
        )
        for suit in _SUITS
    )
    plain = tuple(
        RankColumn(SUIT_SYMBOLS[suit.value], suit_name(suit), _labels(engine.plain_order(suit)))
        for suit in _SUITS
    )
    return RulesCard(heading(evening), trumps, plain, _rules_in_words(rules), _examples(rules))


# --- The results sheet ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StandingRow:
    place: str  # "1", "3=" when tied, "" with no game won
    number: int
    player1: str
    player2: str
    wins: int
    punched: tuple[int, ...]
    prize: bool  # won or shares a prize tonight (printed in bold)


@dataclass(frozen=True, slots=True)
class PrizeRow:
    """One prize and who took it, with how a tie was settled."""

    title: str  # "1st place", "Booby prize"
    wins: int | None  # the game count it went to
    prize: str  # "$50.00", "A turkey", "" when none was set
    status: str  # "awarded" | "tied" | "settled" (scoring.results), "" for the others
    winners: tuple[str, ...]  # "Couple 3 · Mary & John · $25.00"
    how: str  # how the tie was settled, in words


@dataclass(frozen=True, slots=True)
class Line:
    """A label and its value (the cookie jar, the 50/50)."""

    label: str
    value: str
    code: bool = False  # a fingerprint or salt: printed in groups of 8 characters


@dataclass(frozen=True, slots=True)
class MoneyRow:
    label: str
    detail: str
    amount: str  # "$120.00"
    sign: str  # "+" came in, "−" went out, "" neither
    total: bool  # taken in tonight, what the hall keeps


@dataclass(frozen=True, slots=True)
class ResultsSheet:
    heading: Heading
    state: str  # "Final results after 25 games" or why they are not final yet
    final: bool
    games: int
    warnings: tuple[str, ...]
    prizes: tuple[PrizeRow, ...]
    jar: tuple[Line, ...]  # empty when there is no cookie jar
    fifty_fifty: tuple[Line, ...]  # empty when there is no 50/50
    money: tuple[MoneyRow, ...]
    standings: tuple[StandingRow, ...]


def _ordinal_place(place: int) -> str:
    names = {1: _("1st place"), 2: _("2nd place"), 3: _("3rd place")}
    return names.get(place) or _("%(n)sth place") % {"n": place}


def _winner_line(couple, amount) -> str:
    text = _("Couple %(n)s · %(names)s") % {"n": couple.number, "names": couple.names}
    return f"{text} · {money_text(amount)}" if amount is not None else text


def _prize_row(title: str, place) -> PrizeRow:
    """A PlaceResult (scoring.results) as a row of the prizes table."""
    if place.status == TIED:
        numbers = ", ".join(str(couple.number) for couple in place.couples)
        winners = (_("Tied: couples %(numbers)s, not settled yet") % {"numbers": numbers},)
    else:
        winners = tuple(
            _winner_line(couple, place.shares.get(couple.id)) for couple in place.winners
        )
    return PrizeRow(title, place.wins, place.prize_text, place.status, winners, place.how_settled)


def _prize_rows(results) -> tuple[PrizeRow, ...]:
    rows = [_prize_row(_ordinal_place(place.place), place) for place in results.places]
    if results.booby is not None:
        rows.append(_prize_row(_("Booby prize (fewest games)"), results.booby))
    half = results.half_time
    if half.enabled and half.decided and half.leader is not None:
        title = _("Half-time leader (after game %(g)s)") % {"g": half.after_game}
        rows.append(_prize_row(title, half.leader))
    travelling = results.travelling
    if travelling.enabled:
        title = _("Travelling prize")
        if travelling.holder is not None and travelling.final:
            winners = (
                _winner_line(travelling.holder, travelling.prize and travelling.prize.value),
            )
        elif travelling.holder is not None:
            winners = (
                _("Held by couple %(n)s after game %(g)s")
                % {"n": travelling.holder.number, "g": travelling.after_game},
            )
        else:
            winners = (_("Not drawn"),)
        how = ""
        if travelling.start is not None:
            how = _("Drawn to couple %(n)s at the start; passed %(times)s times.") % {
                "n": travelling.start.number,
                "times": len(travelling.passes),
            }
        rows.append(PrizeRow(title, None, travelling.prize_text, "", winners, how))
    return tuple(rows)


def _jar_lines(evening: Evening, results) -> tuple[Line, ...]:
    jar = results.jar
    if not jar.enabled:
        return ()
    lines = [Line(_("Draw"), str(Evening.JarDraw(jar.mode).label) if jar.mode else "")]
    if jar.numbers is not None:
        numbers = ", ".join(str(number) for number in sorted(jar.numbers))
        lines.append(Line(_("Numbers drawn"), numbers))
    elif jar.drawn:
        lines.append(Line(_("Numbers drawn"), _("Sealed: revealed after the last game")))
    else:
        lines.append(Line(_("Numbers drawn"), _("Not drawn yet")))
    if jar.mode == Evening.JarDraw.SEALED and jar.fingerprint:
        lines.append(Line(_("Fingerprint (SHA-256)"), jar.fingerprint, code=True))
        if jar.salt:
            lines.append(Line(_("Salt"), jar.salt, code=True))
        else:
            lines.append(Line(_("Salt"), _("Revealed after the last game")))
    pot = _("%(pot)s: %(n)s couples bought in at %(fee)s") % {
        "pot": money_text(jar.pot),
        "n": len(jar.bought_in),
        "fee": money_text(jar.buy_in),
    }
    if jar.carried_in:
        pot += " " + _("plus %(amount)s carried from %(evening)s") % {
            "amount": money_text(jar.carried_in),
            "evening": jar.carried_from or _("the last evening"),
        }
    lines.append(Line(_("Pot"), pot))
    if jar.winners:
        for couple in jar.winners:
            lines.append(Line(_("Winner"), _winner_line(couple, jar.shares.get(couple.id))))
    elif results.finished and jar.numbers is not None:
        lines.append(
            Line(
                _("No winner"),
                _("%(amount)s carries over to the hall's next evening")
                % {"amount": money_text(jar.carried_over)},
            )
        )
    elif jar.alive is not None:
        alive = ", ".join(str(couple.number) for couple in jar.alive) or _("none")
        lines.append(Line(_("Still in it"), alive))
    return tuple(lines)


def _fifty_lines(results) -> tuple[Line, ...]:
    fifty = results.fifty_fifty
    if not fifty.enabled:
        return ()
    lines = [
        Line(_("Tickets sold"), money_text(fifty.takings)),
        Line(_("Prize (half)"), money_text(fifty.prize)),
    ]
    if fifty.ticket or fifty.winner:
        winner = fifty.ticket and _("ticket %(ticket)s") % {"ticket": fifty.ticket}
        if fifty.winner:
            winner = f"{winner} · {fifty.winner}" if winner else fifty.winner
        lines.append(Line(_("Winner"), winner))
    else:
        lines.append(Line(_("Winner"), _("Not drawn yet")))
    lines.append(Line(_("The hall's half"), money_text(fifty.hall_share)))
    return tuple(lines)


def _state(evening: Evening, results) -> str:
    if results.finished and results.ties:
        return _("Final after %(g)s games; some ties are still to settle.") % {"g": results.games}
    if results.finished:
        return _("Final results after %(g)s games") % {"g": results.games}
    if evening.is_setup:
        return _("Play has not started: not final.")
    return _("Not final: play is at game %(n)s of %(g)s.") % {
        "n": results.current_game,
        "g": results.games,
    }


def results_rows(evening: Evening) -> ResultsSheet:
    """The results sheet from `scoring.results.evening_results`: it may be
    printed at any time, and says plainly when it is not final."""
    _require_couples(evening, _("results"))
    results = evening_results(evening)
    winners: set[int] = set()
    for place in (*results.places, results.booby, results.half_time.leader):
        if place is not None:
            winners.update(couple.id for couple in place.winners)
    standings = []
    for standing in results.standings:
        place = ""
        if standing.place is not None:
            place = f"{standing.place}=" if standing.tied else str(standing.place)
        couple = standing.couple
        standings.append(
            StandingRow(
                place,
                couple.number,
                couple.player1,
                couple.player2,
                standing.wins,
                standing.punched,
                couple.id in winners,
            )
        )
    signs = {1: "+", -1: "−", 0: ""}
    money = tuple(
        MoneyRow(
            line.label,
            line.detail,
            money_text(line.amount),
            signs[line.sign],
            line.key in ("cash_in", "hall_keeps"),
        )
        for line in results.money.lines
    )
    return ResultsSheet(
        heading=heading(evening),
        state=_state(evening, results),
        final=results.finished and not results.ties,
        games=results.games,
        warnings=results.warnings,
        prizes=_prize_rows(results),
        jar=_jar_lines(evening, results),
        fifty_fifty=_fifty_lines(results),
        money=money,
        standings=tuple(standings),
    )
