"""Small API endpoints of the foundation."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView


class HelloView(APIView):
    """A minimal DRF endpoint: the REST path's speed baseline in ``make bench``."""

    authentication_classes: list[type] = []
    permission_classes: list[type] = []

    @extend_schema(
        responses=inline_serializer("Hello", {"message": serializers.CharField()}),
        summary="Say hello (liveness of the REST stack)",
    )
    def get(self, request: Request) -> Response:
        return Response({"message": "hello"})
