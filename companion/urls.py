"""Top-level URLs: pages, accounts, admin, health and the API."""

from __future__ import annotations

from django.conf import settings
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import URLPattern, URLResolver, include, path

from campaigns import registry
from companion import health, languages, logins, views

urlpatterns: list[URLPattern | URLResolver] = [
    path("", views.home, name="home"),
    path("healthz", health.healthz, name="healthz"),
    path("sw.js", views.service_worker, name="service-worker"),
    path("offline/", views.offline, name="offline"),
    path("manifest.webmanifest", views.manifest, name="manifest"),
    path("language/", languages.set_language, name="set-language"),
    # The scripts' words (static/js) in the page's language: loaded by base.html before them.
    path("jsi18n/", views.ScriptWords.as_view(), name="javascript-catalog"),
    path("accounts/signup/", views.signup, name="signup"),
    path("accounts/login/", logins.GuardedLoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("admin/login/", logins.GuardedAdminLoginView.as_view(), name="admin-login"),
    path("admin/", admin.site.urls),
    path("api/v1/", include("api.urls")),
    path("", include("campaigns.urls")),
]
# Each game's own pages (campaigns.registry).
urlpatterns += [path("", include(spec.page_urls)) for spec in registry.games() if spec.page_urls]

if settings.BENCH_ROUTES:
    from companion import benchroutes

    urlpatterns.append(path("bench/broadcast/", benchroutes.broadcast))

handler404 = "companion.errors.not_found"
handler500 = "companion.errors.server_error"
