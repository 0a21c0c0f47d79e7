"""Cue cards as rows: a card per couple, then blank ones for walk-ins."""

from dataclasses import dataclass

from django.utils.translation import gettext as _

from cardnight.errors import UserError
from tables.models import Evening, Game, Seating

from .common import MAX_BLANK_CARDS, Heading, board_url, couple_card_url, heading, require_couples


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
    require_couples(evening, _("cue cards"))
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
