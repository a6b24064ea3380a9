"""Websocket URL patterns of every app, gathered in one place."""

from __future__ import annotations

from typing import Any

websocket_urlpatterns: list[Any] = []
