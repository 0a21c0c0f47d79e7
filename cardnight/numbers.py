"""The ONE way to read a whole number a request carries: an id in a query
string or a form field (`?hall=`, `into=`, `?template=`), a couple number
(`?as=`), the round of a cut, a couple number typed in a form.

    read_id(value, most=MAX_ID) -> int | None

A number here is 1 to `most`, written with the ASCII digits 0-9 and nothing
else. Anything else is None, for the caller to answer with a 4xx (404 for an
id that names nothing, 400 for a form). Python's own tests are looser:
`str.isdigit()` says yes to "²" (then `int("²")` raises: a 500) and to "٣"
(which `int()` reads as 3); `int()` alone also takes " 7", "+7", "7_0", and
a number too long to convert or to compare with an id column.
"""

# The largest id the database holds (BigAutoField: a signed 64-bit integer).
MAX_ID = 2**63 - 1


def read_id(value, most: int = MAX_ID) -> int | None:
    """`value` (text from a request, or None) as a whole number from 1 to
    `most`, or None when it is not one."""
    if not isinstance(value, str) or not 0 < len(value) <= len(str(most)):
        return None
    if not (value.isascii() and value.isdigit()):
        return None
    number = int(value)
    return number if 1 <= number <= most else None
