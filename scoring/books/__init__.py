"""THE HALL'S BOOKS: its evenings' money over a financial year or any two
dates, for the treasurer (organizers only).

- ``period``: which days (the hall's financial year, or two dates), read
  from a page's query string;
- ``figures``: one row per evening, each the evening's own money summary
  (`scoring.results`, the one money rule), the totals of the finished
  evenings, the cookie jar's balance; finished evenings kept in the cache
  by version;
- ``spreadsheet``: the same as CSV files a spreadsheet opens as they are.

The statement on paper is `scoring.printing.draw.statement`. The pure sums
are `scoring.rules.books`.
"""

from scoring.books.figures import (
    CANCELLED,
    FINISHED,
    OPEN,
    BookEvening,
    Books,
    CoupleLine,
    CouplesOfEvening,
    hall_books,
    hall_couples,
)
from scoring.books.period import Period, financial_year, period_from, this_year

__all__ = [
    "CANCELLED",
    "FINISHED",
    "OPEN",
    "BookEvening",
    "Books",
    "CoupleLine",
    "CouplesOfEvening",
    "Period",
    "financial_year",
    "hall_books",
    "hall_couples",
    "period_from",
    "this_year",
]
