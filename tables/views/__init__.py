"""Views of the tables app, one module per page group; each is thin."""

from django.shortcuts import get_object_or_404

from tables.models import Evening


def get_evening(slug: str) -> Evening:
    """The evening named by a URL, or 404."""
    return get_object_or_404(Evening.objects.select_related("hall"), slug=slug)
