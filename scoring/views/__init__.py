"""Views of the scoring app, one module per page group; each is thin."""
