"""Grimterra as a game plug-in (rules: ``rules/grimterra/``; issue 12: Grimterra at the table)."""

from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_noop


class GrimterraConfig(AppConfig):
    name = "sheets.grimterra"
    label = "grimterra"
    verbose_name = "Grimterra"

    def ready(self) -> None:
        from campaigns.registry import GameSpec, register
        from rules.grimterra import GrimterraRules
        from sheets.grimterra.board import board_context
        from sheets.grimterra.sample import SAMPLE

        register(
            GameSpec(
                slug="grimterra",
                name="Grimterra",
                blurb=gettext_noop(
                    "Two or more players with three heroes each: the turn and its phase, wounds "
                    "with the empowered flip at the end of the combat round, death at 6 dark "
                    "counters, the card check by Fate and skill, one Spell, Equipment and Power "
                    "a turn, three combat rounds and the winner."
                ),
                rules=GrimterraRules(),
                min_seats=1,
                max_seats=8,
                board_template="grimterra/board.html",
                board_context=board_context,
                page_urls="sheets.grimterra.views",
                api_urls="sheets.grimterra.api",
                order=30,
                sample_play=SAMPLE,
            )
        )
