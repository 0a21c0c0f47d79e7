"""The evening's money (RULES.md A4, A8): the money summary.

Every amount is a ``Decimal`` with at most two decimal places, never a float,
never negative: the one money rule is `cardnight.money`. The summary itself
is ``evening_results(evening).money``
(see :class:`scoring.results.MoneySummary` for what each figure means);
:func:`money_summary` is a shortcut.

"Takings" (the base of a prize that is a share of the evening's takings) are
the entry fees collected: entry fee × couples marked paid. The cookie jar
(the players' own side pot) and the 50/50 are not takings.
"""


def money_summary(evening):
    """The money summary of ``evening`` (a MoneySummary)."""
    from scoring.results import evening_results

    return evening_results(evening).money
