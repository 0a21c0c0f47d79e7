"""Views of the tables app, one module per page group; each is thin."""

from tables.queries import evening_or_404 as get_evening

__all__ = ["get_evening"]
