"""A URLconf for the error-shape tests: one view per error status."""

from __future__ import annotations

from typing import Any

from django.urls import include, path
from rest_framework import permissions, serializers
from rest_framework.authentication import BaseAuthentication
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView


class TokenOnly(BaseAuthentication):
    """Asks for a token it never accepts, so DRF answers 401 (not 403)."""

    def authenticate(self, request: Request) -> None:
        return None

    def authenticate_header(self, request: Request) -> str:
        return "Seat"


class Move(serializers.Serializer[Any]):
    seat = serializers.IntegerField(min_value=1)
    name = serializers.CharField(max_length=5)


class ValidateView(APIView):
    def post(self, request: Request) -> Response:
        Move(data=request.data).is_valid(raise_exception=True)
        return Response({})


class NeedsLoginView(APIView):
    authentication_classes = [TokenOnly]
    permission_classes = [permissions.IsAuthenticated]

    def get(self, request: Request) -> Response:
        return Response({})


class ForbiddenView(APIView):
    permission_classes = [permissions.IsAdminUser]
    authentication_classes: list[Any] = []

    def get(self, request: Request) -> Response:
        return Response({})


class BrokenView(APIView):
    def get(self, request: Request) -> Response:
        raise RuntimeError("boom")


urlpatterns = [
    path("api/v1/", include("api.urls")),
    path("api/v1/test/validate/", ValidateView.as_view()),
    path("api/v1/test/login/", NeedsLoginView.as_view()),
    path("api/v1/test/forbidden/", ForbiddenView.as_view()),
    path("api/v1/test/broken/", BrokenView.as_view()),
]

handler404 = "companion.errors.not_found"
handler500 = "companion.errors.server_error"
