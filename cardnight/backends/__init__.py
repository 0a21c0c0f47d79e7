"""CardNight's own database backends (Django's, with what a hall needs added)."""
