"""The logged-in account read in one plain query, and Redis clients kept (issue #14, "Speed").

``companion.accounts`` replaces only how the account row is read: these
tests hold it to everything Django's own backend guarantees (the login
page, logout, a changed password ending other sessions, an inactive
account, CSRF on a logged-in unsafe request) and to the row the ORM reads;
sessions written before it (naming ``ModelBackend``) stay logged in.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from companion.accounts import BACKEND, OLD_BACKEND, load_account

pytestmark = pytest.mark.django_db
STATS = "/api/v1/me/stats/"
PASSWORD = "a long enough passphrase"


def account(name: str = "mara") -> Any:
    return get_user_model().objects.create_user(name, password=PASSWORD)


def logged_in_by_page(name: str) -> Client:
    client = Client()
    response = client.post("/accounts/login/", {"username": name, "password": PASSWORD})
    assert response.status_code == 302, response.content
    return client


def session_of(client: Client) -> Any:
    engine = import_module(settings.SESSION_ENGINE)
    return engine.SessionStore(client.cookies[settings.SESSION_COOKIE_NAME].value)


def test_the_login_page_logs_in_with_this_backend_and_logout_ends_it() -> None:
    account("mara")
    client = logged_in_by_page("mara")
    assert session_of(client)[BACKEND_SESSION_KEY] == BACKEND
    assert client.get(STATS).status_code == 200
    assert client.post("/accounts/logout/").status_code == 302
    assert client.get(STATS).status_code == 401


def test_a_wrong_password_does_not_log_in() -> None:
    account("mara")
    response = Client().post("/accounts/login/", {"username": "mara", "password": "not it"})
    assert response.status_code == 200 and SESSION_KEY not in Client().session


def test_a_session_from_before_this_backend_stays_logged_in_and_is_renamed() -> None:
    mara = account("mara")
    engine = import_module(settings.SESSION_ENGINE)
    old = engine.SessionStore()
    old[SESSION_KEY] = str(mara.pk)
    old[BACKEND_SESSION_KEY] = OLD_BACKEND
    old[HASH_SESSION_KEY] = mara.get_session_auth_hash()
    old.create()
    client = Client()
    client.cookies[settings.SESSION_COOKIE_NAME] = old.session_key
    assert client.get(STATS).status_code == 200
    assert session_of(client)[BACKEND_SESSION_KEY] == BACKEND
    assert client.get(STATS).status_code == 200


def test_a_changed_password_ends_the_other_sessions() -> None:
    mara = account("mara")
    phone, laptop = logged_in_by_page("mara"), logged_in_by_page("mara")
    mara.set_password("another long passphrase")
    mara.save()
    assert phone.get(STATS).status_code == 401 and laptop.get(STATS).status_code == 401


def test_an_inactive_or_deleted_account_is_logged_out() -> None:
    mara, bea = account("mara"), account("bea")
    mara_client, bea_client = logged_in_by_page("mara"), logged_in_by_page("bea")
    get_user_model().objects.filter(pk=mara.pk).update(is_active=False)
    bea.delete()
    assert mara_client.get(STATS).status_code == 401
    assert bea_client.get(STATS).status_code == 401


def test_a_logged_in_unsafe_request_still_needs_its_csrf_token() -> None:
    mara = account("mara")
    client = Client(enforce_csrf_checks=True)
    client.force_login(mara)
    assert client.post("/accounts/logout/").status_code == 403
    assert client.get(STATS).status_code == 200  # still logged in: the forged logout did nothing


def test_the_account_is_the_row_the_orm_reads_in_one_query() -> None:
    mara = account("mara")
    get_user_model().objects.filter(pk=mara.pk).update(
        last_login=timezone.now(), is_staff=True, first_name="Mara", email="m@example.org"
    )
    orm = get_user_model().objects.get(pk=mara.pk)
    with CaptureQueriesContext(connection) as queries:
        loaded = load_account(mara.pk)
    assert len(queries) == 1
    fields = [f.attname for f in get_user_model()._meta.concrete_fields]
    assert [getattr(loaded, f) for f in fields] == [getattr(orm, f) for f in fields]
    assert loaded.is_staff is True and loaded.is_superuser is False
    assert loaded._state.adding is False and loaded._state.db == orm._state.db
    assert load_account(mara.pk + 1000) is None


def test_a_logged_in_request_reads_the_account_once() -> None:
    account("mara")
    client = logged_in_by_page("mara")
    with CaptureQueriesContext(connection) as queries:
        assert client.get(STATS).status_code == 200
    assert sum('FROM "auth_user"' in q["sql"] for q in queries) == 1


def seen_twice(name: str) -> Client:
    """Logged in by the login page, then one request: this process has now seen the session."""
    client = logged_in_by_page(name)
    assert client.get(STATS).status_code == 200
    return client


def test_a_seen_session_is_read_with_its_account_in_one_query() -> None:
    account("mara")
    client = seen_twice("mara")
    with CaptureQueriesContext(connection) as queries:
        assert client.get(STATS).status_code == 200
    with_session = [q["sql"] for q in queries if "django_session" in q["sql"]]
    assert len(with_session) == 1 and 'FROM "auth_user"' in with_session[0], with_session
    assert sum('FROM "auth_user"' in q["sql"] for q in queries) == 1


def test_a_seen_session_logged_out_elsewhere_is_not_honoured() -> None:
    account("mara")
    client = seen_twice("mara")
    session_of(client).delete()  # another process's logout: the row and the cached copy go
    assert client.get(STATS).status_code == 401


def test_a_seen_session_ends_when_the_password_changes_or_the_account_is_disabled() -> None:
    mara, ivo = account("mara"), account("ivo")
    mara_client, ivo_client = seen_twice("mara"), seen_twice("ivo")
    mara.set_password("another long passphrase")
    mara.save()
    assert mara_client.get(STATS).status_code == 401
    get_user_model().objects.filter(pk=ivo.pk).update(is_active=False)
    assert ivo_client.get(STATS).status_code == 401


def test_a_wrong_hint_about_a_session_still_gives_the_sessions_own_account() -> None:
    from django.contrib.sessions.middleware import SessionMiddleware
    from django.test import RequestFactory

    from companion.accounts import SEEN, _user

    mara, ivo = account("mara"), account("ivo")
    client = seen_twice("mara")
    key = client.cookies[settings.SESSION_COOKIE_NAME].value
    SEEN.put(key, ivo.pk)  # a stale hint: the session's row names mara, not ivo
    request = RequestFactory().get(STATS, HTTP_COOKIE=f"{settings.SESSION_COOKIE_NAME}={key}")
    SessionMiddleware(lambda r: None).process_request(request)  # type: ignore[arg-type]
    user = _user(request)
    assert user.pk == mara.pk and SEEN.get(key) == mara.pk
