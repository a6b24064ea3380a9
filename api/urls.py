"""Routes of the versioned API, mounted at /api/v1/."""

from __future__ import annotations

from django.urls import path
from drf_spectacular.views import SpectacularAPIView

from api.views import HelloView

app_name = "api"

urlpatterns = [
    path("hello/", HelloView.as_view(), name="hello"),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
]
