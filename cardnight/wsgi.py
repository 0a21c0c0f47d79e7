"""WSGI entry point, served by gunicorn (see `make run`)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardnight.settings")

application = get_wsgi_application()
