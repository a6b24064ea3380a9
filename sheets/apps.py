from django.apps import AppConfig


class SheetsConfig(AppConfig):
    name = "sheets"

    def ready(self) -> None:
        """Register the Grim Hand table rules and the character index projector.

        The rules read the catalogue in the database through ``grimhand_catalogue``
        (built on first use, never at start-up: the database may not be migrated yet).
        """
        from campaigns.games import register, register_projector
        from rules.grimhand.table import GrimHandRules
        from sheets.catalogue_source import grimhand_catalogue
        from sheets.projectors import project_characters

        register(GrimHandRules(grimhand_catalogue))
        register_projector("grimhand", project_characters)
