"""Errors the domain raises for people to read.

Domain functions in tables/ and scoring/ raise `UserError` (or a subclass)
with a message in plain words; views turn it into a message and a 4xx.
Anything else that escapes is a bug ("cannot happen").
"""


class UserError(Exception):
    """A request that cannot be carried out, with the reason in plain words."""

    status = 400

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class Conflict(UserError):
    """The request clashes with the current state (already recorded, game moved on)."""

    status = 409


class AlreadyDone(Conflict):
    """What was asked is done already: by this same request sent again after
    its answer was lost (a proxy's 502, a dropped Wi-Fi), or by someone else
    a moment before. The view answers as for the request carried out, with
    this message: the page shows the truth, never "Not saved"."""


class NotAllowed(UserError):
    status = 403
