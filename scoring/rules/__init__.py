"""Pure rules of scoring: no Django, nothing of the project above them.

- ``ranking``: places from win counts (distinct / shared / standard).
- ``ties``: settling a tie (split, cut, play-off).
- ``jar``: the cookie jar (draw, fingerprint, winners, pot).
- ``extras``: the travelling prize and the 50/50 share.
- ``errors``: ``RuleError``, the plain exception they raise.
"""
