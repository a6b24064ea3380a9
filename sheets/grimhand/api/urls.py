"""Grim Hand's API, mounted by the platform at ``/api/v1/grimhand/``."""

from __future__ import annotations

from django.urls import include, path

urlpatterns = [
    path("catalogue/", include("sheets.grimhand.api.catalogue")),
    path("characters/", include("sheets.grimhand.api.characters")),
]
