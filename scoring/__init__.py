"""scoring: the evening's results and everything built on them.

Results (tallies, places, ties and their settling, prizes, the cookie jar,
the booby, the travelling prize and the 50/50) computed from what `tables`
recorded, and what is built on the results: the public board and the hall's
page and calendar (board/), the printouts (printing/), the evening JSON
(exchange/), the organizer's pages (views/) and the rules page with its
pure game engine (dispute/, engine/). It reads `tables`; `tables` never
imports it (game 1 and the finish reach it through tables.signals).
"""
