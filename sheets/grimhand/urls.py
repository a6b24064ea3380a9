"""Page routes of Grim Hand: the sheet's old address and a character's download."""

from __future__ import annotations

from django.urls import path

from sheets.grimhand import views

urlpatterns = [
    path("g/<int:table_id>/", views.sheet_page, name="grimhand-sheet"),
    path(
        "g/<int:table_id>/characters/<int:character_id>/export/",
        views.character_export,
        name="grimhand-export",
    ),
]
