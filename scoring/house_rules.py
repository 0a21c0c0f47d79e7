"""The house rules an evening plays by, as the engine's ``HouseRules``.

Written once here: the dispute page and the printed rules card both read an
evening's house rules through :func:`evening_rules`."""

from scoring.engine import DEFAULT_RULES, HouseRules
from tables.models import Evening


def evening_rules(evening: Evening | None) -> HouseRules:
    """The house rules an evening plays by; the hall defaults (Cape Breton) without one."""
    if evening is None:
        return DEFAULT_RULES
    return HouseRules.from_settings(
        renege=evening.renege,
        nontrump_lead=evening.nontrump_lead,
        hearts_on_hearts=evening.hearts_on_hearts,
        jokers=evening.jokers,
        target=evening.game_target,
        min_bid=evening.auction_min_bid,
    )
