"""House rules: the per-hall settings of RULES.md B3-B5 as one frozen value."""

from dataclasses import dataclass
from enum import StrEnum
from typing import TypeVar

from .errors import HouseRulesError
from .i18n import _


class Renege(StrEnum):
    """Which trumps may be reneged (RULES.md B3)."""

    CAPE_BRETON = "cape_breton"  # the 5, the J and the A-hearts
    FIVE_ONLY = "five_only"  # Colchester County, Ireland


class NonTrumpLead(StrEnum):
    """What a player must do when a plain suit is led (RULES.md B3)."""

    FOLLOW_OR_TRUMP = "follow_or_trump"  # Nova Scotia default
    ANY = "any"  # auction tables


class Jokers(StrEnum):
    """Whether one joker is used, and where it ranks among the trumps."""

    NONE = "none"
    AFTER_JACK = "after_jack"
    AFTER_ACE_OF_HEARTS = "after_ace_of_hearts"


_E = TypeVar("_E", bound=StrEnum)

TARGET_45 = 45
TARGET_TWENTY_FIVE = 25
TARGET_AUCTION = 120
BID_LEVELS = (15, 20, 25, 30)


@dataclass(frozen=True, slots=True)
class HouseRules:
    """Everything a hall may set about play and scoring.

    ``target`` is 45 (RULES.md B4), 25 for "Twenty-Five" (no best-trump bonus)
    or 120 for auction (B5). ``min_bid`` is the lowest auction bid: 20, or 15
    "in old circles".
    """

    renege: Renege = Renege.CAPE_BRETON
    nontrump_lead: NonTrumpLead = NonTrumpLead.FOLLOW_OR_TRUMP
    hearts_on_hearts: bool = False
    jokers: Jokers = Jokers.NONE
    target: int = TARGET_45
    min_bid: int = 20

    def __post_init__(self) -> None:
        # Direct construction may pass plain strings: check them and store the enum.
        object.__setattr__(self, "renege", _choice(Renege, self.renege, _("renege")))
        object.__setattr__(
            self, "nontrump_lead", _choice(NonTrumpLead, self.nontrump_lead, _("non-trump lead"))
        )
        object.__setattr__(self, "jokers", _choice(Jokers, self.jokers, _("jokers")))
        if self.target not in (TARGET_45, TARGET_TWENTY_FIVE, TARGET_AUCTION):
            raise HouseRulesError(
                _("A game is played to 45, 25 or 120 points, not %(target)s.")
                % {"target": self.target}
            )
        if self.min_bid not in (15, 20):
            raise HouseRulesError(
                _("The lowest bid is 20, or 15 in old circles, not %(bid)s.")
                % {"bid": self.min_bid}
            )

    @classmethod
    def from_settings(
        cls,
        *,
        renege: str = Renege.CAPE_BRETON,
        nontrump_lead: str = NonTrumpLead.FOLLOW_OR_TRUMP,
        hearts_on_hearts: bool = False,
        jokers: str = Jokers.NONE,
        target: int = TARGET_45,
        min_bid: int = 20,
    ) -> "HouseRules":
        """Build the rules from an evening's plain settings, refusing unknown values."""
        return cls(
            renege=_choice(Renege, renege, _("renege")),
            nontrump_lead=_choice(NonTrumpLead, nontrump_lead, _("non-trump lead")),
            hearts_on_hearts=bool(hearts_on_hearts),
            jokers=_choice(Jokers, jokers, _("jokers")),
            target=int(target),
            min_bid=int(min_bid),
        )

    @property
    def uses_joker(self) -> bool:
        return self.jokers is not Jokers.NONE

    @property
    def best_trump_bonus(self) -> bool:
        """Twenty-Five is played without the 5-point best-trump bonus (RULES.md B4)."""
        return self.target != TARGET_TWENTY_FIVE

    @property
    def is_auction(self) -> bool:
        return self.target == TARGET_AUCTION

    @property
    def bids(self) -> tuple[int, ...]:
        """The bids allowed at auction (RULES.md B5)."""
        return tuple(bid for bid in BID_LEVELS if bid >= self.min_bid)


def _choice(enum: type[_E], value: str, setting: str) -> _E:
    try:
        return enum(value)
    except ValueError:
        choices = ", ".join(member.value for member in enum)
        raise HouseRulesError(
            _('Unknown %(setting)s setting "%(value)s"; choose one of: %(choices)s.')
            % {"setting": setting, "value": value, "choices": choices}
        ) from None


DEFAULT_RULES = HouseRules()
FIVE_ONLY_RULES = HouseRules(renege=Renege.FIVE_ONLY)
TWENTY_FIVE_RULES = HouseRules(target=TARGET_TWENTY_FIVE)
AUCTION_RULES = HouseRules(nontrump_lead=NonTrumpLead.ANY, target=TARGET_AUCTION)
