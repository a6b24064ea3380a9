"""Websocket URL patterns of every app, gathered in one place."""

from __future__ import annotations

from typing import Any

from django.conf import settings

from campaigns.routing import websocket_urlpatterns as table_routes

websocket_urlpatterns: list[Any] = [*table_routes]

if settings.BENCH_ROUTES:
    from django.urls import path

    from companion.benchroutes import RelayConsumer

    websocket_urlpatterns.append(path("ws/bench/", RelayConsumer.as_asgi()))
