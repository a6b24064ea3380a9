"""Routes of the versioned API, mounted at /api/v1/."""

from __future__ import annotations

from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView

from api import tables
from api.views import HelloView

app_name = "api"

urlpatterns = [
    path("hello/", HelloView.as_view(), name="hello"),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("grimhand/catalogue/", include("api.catalogue")),
    path("grimhand/characters/", include("api.characters")),
    path("tables/", tables.TableCreateView.as_view(), name="table-create"),
    path("tables/join/", tables.JoinView.as_view(), name="table-join"),
    path("tables/<int:table_id>/", tables.TableDetailView.as_view(), name="table-detail"),
    path("tables/<int:table_id>/events/", tables.EventsView.as_view(), name="table-events"),
    path("tables/<int:table_id>/commands/", tables.CommandView.as_view(), name="table-commands"),
    path("tables/<int:table_id>/claim/", tables.ClaimView.as_view(), name="table-claim"),
]
