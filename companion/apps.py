"""App config for the project package (templates, health, accounts, commands)."""

from django.apps import AppConfig


class CompanionConfig(AppConfig):
    name = "companion"
    verbose_name = "Grim companion"

    def ready(self) -> None:
        from companion import logredact

        # Every process that loads Django (servers, workers, manage.py) scrubs seat tokens and
        # join codes from every log record it makes, whoever logs it.
        logredact.install()
