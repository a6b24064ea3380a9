"""The Django project of the Grim companion: settings, URLs, ASGI and Celery."""

from companion.celery import app as celery_app

__all__ = ["celery_app"]
