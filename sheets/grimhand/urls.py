"""Page routes of the Grim Hand sheets."""

from __future__ import annotations

from django.urls import path

from sheets.grimhand import views

urlpatterns = [
    path("g/<int:table_id>/", views.sheet_page, name="grimhand-sheet"),
]
