"""App config for the project package (templates, health, accounts, commands)."""

from django.apps import AppConfig


class CompanionConfig(AppConfig):
    name = "companion"
    verbose_name = "Grim companion"
