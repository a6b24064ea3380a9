"""Counters as a game plug-in (rules: ``rules/counters.py``)."""

from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_noop


class CountersConfig(AppConfig):
    name = "sheets.counters"
    label = "counters"
    verbose_name = "Counters"

    def ready(self) -> None:
        from campaigns.registry import GameSpec, register
        from rules.counters import CountersRules
        from sheets.counters.board import board_context
        from sheets.counters.sample import SAMPLE

        register(
            GameSpec(
                slug="counters",
                name="Counters",
                blurb=gettext_noop(
                    "For any game: named counters per player (life, gold, points) with limits, "
                    "live on every phone."
                ),
                rules=CountersRules(),
                min_seats=1,
                max_seats=12,
                board_template="counters/board.html",
                board_context=board_context,
                order=900,
                sample_play=SAMPLE,
            )
        )
