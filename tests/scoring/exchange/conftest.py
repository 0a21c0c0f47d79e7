"""The exchange tests use the tables tests' evening factory."""

from tests.tables.conftest import make_evening  # noqa: F401
