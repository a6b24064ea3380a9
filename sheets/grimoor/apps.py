"""Grimoor as a game plug-in (rules: ``rules/grimoor/``; issue 13: Grimoor and Grimwood at the table)."""

from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_noop


class GrimoorConfig(AppConfig):
    name = "sheets.grimoor"
    label = "grimoor"
    verbose_name = "Grimoor"

    def ready(self) -> None:
        from campaigns.registry import GameSpec, register
        from rules.grimoor import GrimoorRules
        from sheets.grimoor.board import board_context
        from sheets.grimoor.sample import SAMPLE

        register(
            GameSpec(
                slug="grimoor",
                name="Grimoor",
                # Marked for the catalogue, translated where shown (the home page).
                blurb=gettext_noop(
                    "Two players: the Actions left in each turn, both Hordes with their Strength "
                    "(a Focused Cohort counts 1), the End of Conflict check after every turn, each "
                    "Conflict scored with its tie-breaks, points and Strongholds, and the winner "
                    "after three Conflicts."
                ),
                rules=GrimoorRules(),
                min_seats=1,
                max_seats=2,
                board_template="grimoor/board.html",
                board_context=board_context,
                order=40,
                sample_play=SAMPLE,
            )
        )
