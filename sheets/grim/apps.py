"""GRIM the Card Game as a game plug-in (rules: ``rules/grim/``; issue: GRIM at the table)."""

from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_noop


class GrimConfig(AppConfig):
    name = "sheets.grim"
    label = "grim"
    verbose_name = "GRIM the Card Game"

    def ready(self) -> None:
        from campaigns.registry import GameSpec, register
        from rules.grim import GrimRules
        from sheets.grim.board import board_context
        from sheets.grim.projectors import remember_cards
        from sheets.grim.sample import SAMPLE

        register(
            GameSpec(
                slug="grim",
                name="GRIM the Card Game",
                blurb=gettext_noop(
                    "Two players: the paper tracker on both phones, turn order by Speed with "
                    "Fiend's Favor, Stamina, attack damage through the element chart and the "
                    "Statuses, knockouts and the Banished."
                ),
                rules=GrimRules(),
                min_seats=1,
                max_seats=4,
                board_template="grim/board.html",
                board_context=board_context,
                projectors=(remember_cards,),
                order=20,
                sample_play=SAMPLE,
            )
        )
