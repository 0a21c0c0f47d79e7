"""URL patterns; see the module docstring of the views they name."""

urlpatterns: list = []
