"""Routes of the versioned API, mounted at /api/v1/."""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, include, path
from drf_spectacular.views import SpectacularAPIView

from api import export, games, imports, me, tables
from api.groups import GroupPlaysView, GroupStatsView, MyGroupsView
from api.views import HelloView
from campaigns import registry

app_name = "api"

urlpatterns: list[URLPattern | URLResolver] = [
    path("hello/", HelloView.as_view(), name="hello"),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("games/", games.GamesView.as_view(), name="games"),
    path("me/plays/", me.MyPlaysView.as_view(), name="my-plays"),
    path("me/stats/", me.MyStatsView.as_view(), name="my-stats"),
    path("me/groups/", MyGroupsView.as_view(), name="my-groups"),
    path("groups/<int:host_id>/stats/", GroupStatsView.as_view(), name="group-stats"),
    path("groups/<int:host_id>/plays/", GroupPlaysView.as_view(), name="group-plays"),
    path("tables/", tables.TableCreateView.as_view(), name="table-create"),
    path("tables/join/", tables.JoinView.as_view(), name="table-join"),
    path("tables/import/", imports.TableImportView.as_view(), name="table-import"),
    path("tables/import/<str:job_id>/", imports.TableImportStatusView.as_view(), name="table-import-status"),
    path("tables/<int:table_id>/", tables.TableDetailView.as_view(), name="table-detail"),
    path("tables/<int:table_id>/events/", tables.EventsView.as_view(), name="table-events"),
    path("tables/<int:table_id>/commands/", tables.CommandView.as_view(), name="table-commands"),
    path(
        "tables/<int:table_id>/commands/preview/", tables.CommandPreviewView.as_view(), name="table-preview"
    ),
    path("tables/<int:table_id>/claim/", tables.ClaimView.as_view(), name="table-claim"),
    path("tables/<int:table_id>/export/", export.TableExportView.as_view(), name="table-export"),
]
# Each game's own API under /api/v1/<slug>/ (campaigns.registry).
urlpatterns += [path(f"{spec.slug}/", include(spec.api_urls)) for spec in registry.games() if spec.api_urls]
# Reads of a table that only one game has, under /api/v1/tables/<id>/ (GameSpec.table_api_urls).
urlpatterns += [
    path("tables/<int:table_id>/", include(spec.table_api_urls))
    for spec in registry.games()
    if spec.table_api_urls
]
