"""What an account keeps about its owner beyond Django's ``User``."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Profile(models.Model):
    """An account's choices that follow it to every phone it logs in on (issue #34: its language)."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile")
    language = models.CharField(max_length=16, blank=True, help_text="The switch's; empty: the phone's.")

    def __str__(self) -> str:
        return f"{self.user_id}: {self.language or '-'}"
