"""A bare DRF "hello" application: the REST baseline of ``make bench``.

The smallest Django + DRF project that answers ``GET /hello/``: no database,
no sessions, no middleware. Served by gunicorn (sync, 1 worker) in the same
run as our service so the ratio says what our stack costs on this machine.
"""

from __future__ import annotations

import django
from django.conf import settings

if not settings.configured:
    settings.configure(
        DEBUG=False,
        SECRET_KEY="bench-only-" + "x" * 50,
        ALLOWED_HOSTS=["*"],
        ROOT_URLCONF=__name__,
        INSTALLED_APPS=["django.contrib.contenttypes", "django.contrib.auth", "rest_framework"],
        MIDDLEWARE=[],
        DATABASES={},
        REST_FRAMEWORK={
            "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
            "DEFAULT_AUTHENTICATION_CLASSES": [],
            "DEFAULT_PERMISSION_CLASSES": [],
            "UNAUTHENTICATED_USER": None,
        },
    )
    django.setup()

from django.core.wsgi import get_wsgi_application
from django.urls import path
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView


class Hello(APIView):
    def get(self, request: Request) -> Response:
        return Response({"message": "hello"})


urlpatterns = [path("hello/", Hello.as_view())]
application = get_wsgi_application()
