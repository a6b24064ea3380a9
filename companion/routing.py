"""Websocket URL patterns of every app, gathered in one place."""

from __future__ import annotations

from typing import Any

from campaigns.routing import websocket_urlpatterns as table_routes

websocket_urlpatterns: list[Any] = [*table_routes]
