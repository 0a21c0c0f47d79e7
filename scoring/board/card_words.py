"""What a couple's card says (templates/board/_card.html), sentence by
sentence, in the active language: THE card's words. Made in Python for the
cost: every couple's card is rendered again after each result, and the
template's translation tags were most of a card's time (issue 27). Each
message is translated once for all the cards of a pass (`CardWords`).

The messages are the ones the template's tags gave, so the translations and
the bytes are the same: a message with a number or a text in it is taken as
`{% blocktranslate %}` takes it, with what is put in escaped; a message
alone is taken as it is, as `{% translate %}` of a literal takes it (our
catalogue's words are trusted, as the tags trust them)."""

from __future__ import annotations

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext

from tables.templatetags.labels import said, trusted


class CardWords:
    """The cards' messages in the active language, translated once."""

    def __init__(self) -> None:
        self.words = trusted(
            {
                "tie": gettext("tie"),
                "punch_card": gettext("Punch card"),
                "won": gettext("Won."),
                "lost": gettext("Lost."),
                "deals_first": gettext("You deal first."),
                "leaving": gettext("You leave after this game."),
                "over": gettext("The evening is over."),
                "bye_if_won": gettext("If you win: you sit out the next game (the bye)."),
            }
        )
        self._messages = {
            "couple": gettext("Couple %(n)s"),
            "prize": gettext("Won: %(prize)s"),
            "place": gettext("place %(n)s"),
            "left": gettext("Left after game %(g)s."),
            "joins": gettext("Joins at game %(g)s."),
            "bye": gettext("Game %(g)s: sitting out (the bye)."),
            "table": gettext("Game %(g)s: table %(t)s"),
            "against": gettext("against couple %(n)s"),
            "next_bye": gettext("Game %(g)s: you sit out (the bye)."),
            "stay": gettext("Game %(g)s: stay at table %(t)s."),
            "go": gettext("Game %(g)s: go to table %(t)s."),
            "if_won": gettext("If you win: go to table %(t)s."),
            "if_lost": gettext("If you lose: stay at table %(t)s."),
        }
        self._wins: dict[int, str] = {}

    def _said(self, key: str, **values) -> SafeString:
        """`{% blocktranslate %}`'s output: the message, its values escaped."""
        return said(self._messages[key], **values)

    def _games_won(self, wins: int) -> SafeString:
        if wins not in self._wins:
            self._wins[wins] = ngettext("%(w)s game won", "%(w)s games won", wins) % {"w": wins}
        return mark_safe(self._wins[wins])  # noqa: S308 - our catalogue's words, a number

    def sentences(self, card: dict) -> dict:
        """The sentences of one card with its numbers in (`said` in _card.html)."""
        said = {
            "couple": self._said("couple", n=card["couple"]),
            "wins": self._games_won(card["wins"]),
            "prizes": [self._said("prize", prize=prize) for prize in card["prizes"]],
        }
        place = card.get("prize_place") or card.get("place")
        if place:
            said["place"] = self._said("place", n=place)
        if card.get("left_after_game"):
            said["left"] = self._said("left", g=card["left_after_game"])
        if card.get("joins_later"):
            said["joins"] = self._said("joins", g=card["joined_game"])
        now, nxt = card.get("now"), card.get("next")
        if now:
            if now["bye"]:
                said["bye"] = self._said("bye", g=now["game"])
            else:
                said["table"] = self._said("table", g=now["game"], t=now["table"])
                said["against"] = self._said("against", n=now["opponent"])
        if nxt:
            game, known = nxt["game"], nxt.get("known")
            if known and known["bye"]:
                said["next"] = self._said("next_bye", g=game)
            elif known:
                said["stay"] = self._said("stay", g=game, t=known["table"])
                said["go"] = self._said("go", g=game, t=known["table"])
            else:
                said["if_lost"] = self._said("if_lost", t=nxt["if_lost"]["table"])
                if not nxt["if_won"]["bye"]:
                    said["if_won"] = self._said("if_won", t=nxt["if_won"]["table"])
        return said
