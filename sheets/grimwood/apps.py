"""Grimwood as a game plug-in (rules: ``rules/grimwood/``; issue 13: Grimoor and Grimwood at the table)."""

from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_noop


class GrimwoodConfig(AppConfig):
    name = "sheets.grimwood"
    label = "grimwood"
    verbose_name = "Grimwood"

    def ready(self) -> None:
        from campaigns.registry import GameSpec, register
        from rules.grimwood import GrimwoodRules
        from rules.grimwood.cards import MAX_PLAYERS
        from sheets.grimwood.board import board_context
        from sheets.grimwood.sample import SAMPLE

        register(
            GameSpec(
                slug="grimwood",
                name="Grimwood",
                # English, marked for the catalogue: the page that shows it translates it.
                blurb=gettext_noop(
                    "Two to ten players: whose turn it is with the actions left, the deck count and "
                    "the last round, every hand size with the hand limit, the combos of each player with "
                    "their points by the combo table and the score recomputed when combos change "
                    "hands, and the winner."
                ),
                rules=GrimwoodRules(),
                min_seats=1,
                max_seats=MAX_PLAYERS,
                board_template="grimwood/board.html",
                board_context=board_context,
                order=50,
                sample_play=SAMPLE,
            )
        )
