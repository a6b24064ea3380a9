"""WSGI entry point, for deployments that serve plain HTTP from WSGI workers."""

from __future__ import annotations

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings")

application = get_wsgi_application()
