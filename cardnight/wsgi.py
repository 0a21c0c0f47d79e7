"""WSGI entry point, served by the server of cardnight/server.py (`cardnight serve`)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardnight.settings")

application = get_wsgi_application()
