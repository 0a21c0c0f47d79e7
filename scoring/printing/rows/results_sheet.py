"""The results sheet as rows, from `scoring.results.evening_results`."""

from dataclasses import dataclass

from django.contrib.humanize.templatetags.humanize import ordinal
from django.utils.html import strip_tags
from django.utils.text import get_text_list
from django.utils.translation import gettext as _
from django.utils.translation import npgettext, pgettext

from scoring.results import TIED, evening_results, money_text
from tables.models import Evening
from tables.names import couple_names

from ..fonts import isolate
from .common import Heading, heading, require_couples


@dataclass(frozen=True, slots=True)
class StandingRow:
    place: str  # "1", "3=" when tied, "" with no game won
    number: int
    player1: str
    player2: str
    wins: int
    punched: tuple[int, ...]
    prize: bool  # won or shares a prize tonight (printed in bold)
    note: str = ""  # "arrived late, from game 4", "left after game 5" (RULES.md A6)


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
    title: str  # "Final results", or "Provisional results" until play is over and ties settled
    state: str  # "After 25 games" or why the results are not final yet
    final: bool
    games: int
    warnings: tuple[str, ...]
    prizes: tuple[PrizeRow, ...]
    jar: tuple[Line, ...]  # empty when there is no cookie jar
    fifty_fifty: tuple[Line, ...]  # empty when there is no 50/50
    money: tuple[MoneyRow, ...]
    standings: tuple[StandingRow, ...]


def _ordinal_place(place: int) -> str:
    """ "1st place", "2nd place", "11th place" (French: "1er prix", "2e prix")."""
    # French ordinals come as "1<sup>er</sup>": plain text on paper.
    return _("%(ordinal)s place") % {"ordinal": strip_tags(ordinal(place))}


def _winner_line(couple, amount) -> str:
    # Each name set apart (`isolate`): a right-to-left name never moves the
    # number or the amount, nor the other name.
    names = couple_names(isolate(couple.player1), isolate(couple.player2))
    text = _("Couple %(n)s · %(names)s") % {"n": couple.number, "names": names}
    # A no-break space either side of "·": the amount never wraps alone onto a line.
    return f"{text}\u00a0·\u00a0{money_text(amount)}" if amount is not None else text


def _prize_row(title: str, place) -> PrizeRow:
    """A PlaceResult (scoring.results) as a row of the prizes table."""
    if place.status == TIED:
        numbers = get_text_list([str(couple.number) for couple in place.couples], _("and"))
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
            "evening": isolate(jar.carried_from) if jar.carried_from else _("the last evening"),
        }
    lines.append(Line(_("Pot"), pot))
    if jar.winners:
        label = npgettext("cookie jar", "Winner", "Winners", len(jar.winners))
        for index, couple in enumerate(jar.winners):
            winner = _winner_line(couple, jar.shares.get(couple.id))
            lines.append(Line("" if index else label, winner))
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


def _fifty_lines(evening: Evening, results) -> tuple[Line, ...]:
    fifty = results.fifty_fifty
    if not fifty.enabled:
        return ()
    lines = []
    if evening.hall.lottery_licence:  # the hall's settings: the draw is run under it
        lines.append(Line(_("Lottery licence"), evening.hall.lottery_licence))
    lines += [
        Line(_("Tickets sold"), money_text(fifty.takings)),
        Line(_("Prize (half)"), money_text(fifty.prize)),
    ]
    if fifty.ticket or fifty.winner:
        winner = fifty.ticket and _("ticket %(ticket)s") % {"ticket": fifty.ticket}
        if fifty.winner:
            name = isolate(fifty.winner)
            winner = f"{winner} · {name}" if winner else name
        lines.append(Line(_("Winner"), winner))
    else:
        # The ticket is not drawn yet (French: "Pas encore tiré", not the
        # jar's numbers' "Pas encore pigés").
        lines.append(Line(_("Winner"), pgettext("50/50 winner", "Not drawn yet")))
    lines.append(Line(_("The hall's half"), money_text(fifty.hall_share)))
    return tuple(lines)


def _state(evening: Evening, results) -> str:
    if results.finished and results.ties:
        return _("Play is over after %(g)s games; some ties are still to settle.") % {
            "g": results.games
        }
    if results.finished:
        return _("After %(g)s games, every tie settled.") % {"g": results.games}
    if evening.is_setup:
        return _("Play has not started: not final.")
    return _("Not final: play is at game %(n)s of %(g)s.") % {
        "n": results.current_game,
        "g": results.games,
    }


def results_rows(evening: Evening) -> ResultsSheet:
    """The results sheet from `scoring.results.evening_results`: it may be
    printed at any time, and says plainly when it is not final."""
    require_couples(evening, _("results"))
    results = evening_results(evening)
    final = results.finished and not results.ties
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
                couple.attendance,
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
        title=_("Final results") if final else _("Provisional results"),
        state=_state(evening, results),
        final=final,
        games=results.games,
        warnings=results.warnings,
        prizes=_prize_rows(results),
        jar=_jar_lines(evening, results),
        fifty_fifty=_fifty_lines(evening, results),
        money=money,
        standings=tuple(standings),
    )
