"""Page routes of the tables."""

from __future__ import annotations

from django.urls import path

from campaigns import history_views, import_views, views

urlpatterns = [
    path("tables/new/", views.table_new, name="table-new"),
    path("tables/import/", import_views.table_import, name="home-import"),
    path("tables/import/<str:key>/", import_views.table_import_wait, name="table-import-wait"),
    path("join/", views.join, name="join"),
    path("join/<str:code>/", views.join, name="join-code"),
    path("t/<int:table_id>/", views.table_page, name="table"),
    path("t/<int:table_id>/board/", views.table_board, name="table-board"),
    path("t/<int:table_id>/screen/", views.table_screen, name="table-screen"),
    path("t/<int:table_id>/claim/", views.table_claim, name="table-claim"),
    path("t/<int:table_id>/rematch/", views.table_rematch, name="table-rematch"),
    path("t/<int:table_id>/rematch/follow/", views.rematch_follow, name="rematch-follow"),
    path("me/plays/", history_views.my_history, name="my-history"),
    path("me/plays/<int:play_id>/", history_views.my_play, name="my-play"),
    path("me/stats/", history_views.my_stats, name="my-stats"),
    path("groups/<int:host_id>/", history_views.group_board, name="group-board"),
]
