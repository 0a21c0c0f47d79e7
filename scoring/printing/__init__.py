"""Printing: cue cards, table cards, the results sheet and the rules card.

- `rows`: the evening as plain rows (dataclasses of strings and numbers).
- `draw`: the rows as PDF pages, with reportlab.
- `documents.render(kind, evening, ...)`: both, by name, for views and commands.
- `fonts`, `qr`: DejaVu Sans and text fitting; QR codes.
"""
