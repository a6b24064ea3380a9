"""Grim Hand's reads under a table, mounted by the platform at ``/api/v1/tables/<table_id>/``."""

from __future__ import annotations

from django.urls import path

from sheets.grimhand.api.combat import CombatOddsView

urlpatterns = [
    path("combat/odds/", CombatOddsView.as_view(), name="grimhand-combat-odds"),
]
