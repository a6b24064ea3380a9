from django.apps import AppConfig


class SheetsConfig(AppConfig):
    name = "sheets"

    def ready(self) -> None:
        """Register the Grim Hand table rules and the character index projector."""
        from campaigns.games import register, register_projector
        from rules.grimhand.table import GrimHandRules
        from sheets.projectors import project_characters
        from sheets.selectors import rules_catalogue

        register(GrimHandRules(rules_catalogue()))
        register_projector("grimhand", project_characters)
