"""Grim Hand as a game plug-in: its catalogue, characters, projector and sheet page."""

from __future__ import annotations

from typing import cast

from django.apps import AppConfig
from django.utils.translation import gettext_noop


class GrimHandConfig(AppConfig):
    name = "sheets.grimhand"
    # The app label and tables of the app this grew from: no table renames.
    label = "sheets"
    verbose_name = "Grim Hand"

    def ready(self) -> None:
        """Register Grim Hand with the platform.

        The rules read the catalogue in the database through ``grimhand_catalogue``
        (built on first use, never at start-up: the database may not be migrated yet).
        """
        from django.conf import settings

        from campaigns.registry import GameSpec, register
        from rules.grimhand.table import GrimHandRules
        from sheets.grimhand.board import board_context
        from sheets.grimhand.catalogue_loader import load_grimhand_catalogue
        from sheets.grimhand.catalogue_source import grimhand_catalogue
        from sheets.grimhand.projectors import project_characters
        from sheets.grimhand.sample import SAMPLE

        enum_names = cast(dict[str, str], settings.SPECTACULAR_SETTINGS["ENUM_NAME_OVERRIDES"])
        enum_names["RarityEnum"] = "sheets.grimhand.models.catalogue.Rarity"
        enum_names["AffinityEnum"] = "sheets.grimhand.models.catalogue.Affinity"
        register(
            GameSpec(
                slug="grimhand",
                name="Grim Hand",
                blurb=gettext_noop(
                    "Co-operative campaign run step by step: ante, initiative, explore cards, market, "
                    "checks, quest challenges, combat with its odds, trophies; every stat explained."
                ),
                rules=GrimHandRules(grimhand_catalogue),
                min_seats=1,
                max_seats=6,
                projectors=(project_characters,),
                loaders=(load_grimhand_catalogue,),
                board_template="grimhand/board.html",
                board_context=board_context,
                page_urls="sheets.grimhand.urls",
                api_urls="sheets.grimhand.api.urls",
                table_api_urls="sheets.grimhand.api.table_urls",
                order=10,
                sample_play=SAMPLE,
                printed_names=printed_names,
            )
        )


def printed_names() -> list[str]:
    """Race, class and affinity abilities, statures and the catalogue's cards, as printed."""
    from rules.grimhand.charts import DEFAULT_CHARTS
    from sheets.grimhand.catalogue_data import equipment, exploration, quests, stature_abilities, threats

    charts = DEFAULT_CHARTS
    rows = [*charts.races, *charts.classes, *charts.affinities]
    names = [row.ability_name for row in rows if row.ability_name]
    names += [str(getattr(row, "name", "")) for row in charts.statures]
    printed = (
        equipment.EQUIPMENT,
        exploration.EXPLORATION,
        quests.QUESTS,
        quests.CHALLENGES,
        stature_abilities.STATURE_ABILITIES,
        threats.THREATS,
    )
    for cards in printed:
        names += [str(getattr(card, "name", "")) for card in cards]
    return [name for name in names if name]
