"""The platform's pages, partials and scripts read German on a German phone (issue #34).

The pages' words come from ``locale/`` (templates/, companion/, static/js);
these check a few of them really show, and that a shared partial follows the
active language from one compiled template (a mixed table renders both).
"""

from __future__ import annotations

import json

import pytest
from django.template import engines
from django.test import Client
from django.utils import translation

pytestmark = pytest.mark.django_db
GERMAN = {"accept-language": "de-DE,de;q=0.9"}
ENGLISH = {"accept-language": "en"}

FINAL = '{% load partials %}{% final_table id="g" title="End" columns=columns final=final %}'


def test_a_shared_partial_follows_the_language() -> None:
    template = engines["django"].from_string(FINAL)  # one template, compiled once
    rows = [{"place": 1, "name": "Ann", "won": True, "details": {}, "note": "", "cells": [3]}]

    def final_table() -> str:
        return str(template.render({"columns": [{"label": "Points"}], "final": rows}))

    with translation.override("en-gb"):
        english = final_table()
    with translation.override("de"):
        german = final_table()
    with translation.override("en-gb"):
        again = final_table()
    assert ">Place</th>" in english and ">Winner<" in english
    assert ">Platz</th>" in german and ">Sieger<" in german and "Winner" not in german
    assert again == english


def test_the_home_page_reads_german_and_english() -> None:
    german = Client(headers=GERMAN).get("/").content.decode()
    english = Client(headers=ENGLISH).get("/").content.decode()
    assert "Neuen Tisch eröffnen" in german and "Open a new table" not in german
    assert 'placeholder="Freitagabend"' in german
    assert "Open a new table" in english and 'placeholder="Friday night"' in english


def test_the_join_page_reads_german() -> None:
    page = Client(headers=GERMAN).get("/join/").content.decode()
    assert "Einem Tisch beitreten" in page and "Platz nehmen" in page


def test_the_scripts_words_come_in_the_language_the_page_names() -> None:
    client = Client(headers=ENGLISH)  # the address names the language, whatever the phone says
    german = client.get("/jsi18n/?l=de")
    assert german.status_code == 200 and german.headers["Content-Type"].startswith("text/javascript")
    assert "Verbinden\\u2026" in german.content.decode() or "Verbinden…" in german.content.decode()
    assert "Verbinden" not in client.get("/jsi18n/?l=en-gb").content.decode()
    assert "Verbinden" in Client(headers=GERMAN).get("/jsi18n/?l=xx").content.decode()  # not offered
    page = Client(headers=GERMAN).get("/").content.decode()
    assert '<script src="/jsi18n/?l=de" defer></script>' in page
    assert page.index("/jsi18n/") < page.index("js/pwa.js")


def test_the_installable_app_is_named_in_the_page_s_language() -> None:
    german = Client(headers=GERMAN).get("/")
    assert '<link rel="manifest" href="/manifest.webmanifest?l=de">' in german.content.decode()
    anyone = Client()  # a browser fetches the manifest without cookies: the address says the language
    manifest = anyone.get("/manifest.webmanifest?l=de").json()
    assert manifest["name"] == "Grim-Begleiter" and manifest["lang"] == "de"
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
    assert anyone.get("/manifest.webmanifest?l=en-gb").json()["name"] == "Grim companion"


def test_a_missing_page_and_the_offline_notice_read_german() -> None:
    client = Client(headers=GERMAN)
    missing = client.get("/nowhere/")
    assert missing.status_code == 404 and "Nicht gefunden" in missing.content.decode()
    notice = client.get("/offline/")
    assert notice.headers["Content-Language"] == "de"
    assert "noch nie geöffnet" in notice.content.decode()


def test_a_new_account_is_welcomed_in_german() -> None:
    client = Client(headers=GERMAN)
    form = {
        "username": "ann",
        "password1": "a long enough passphrase",
        "password2": "a long enough passphrase",
    }
    page = client.post("/accounts/signup/", form, follow=True).content.decode()
    assert "Willkommen, ann." in page


def test_a_refused_login_reads_german() -> None:
    from companion import logins

    client = Client(headers=GERMAN)
    form = {"username": "bea", "password": "wrong"}
    for _ in range(logins.FAILS_PER_USER):
        client.post("/accounts/login/", form)
    refused = client.post("/accounts/login/", form)
    assert refused.status_code == 429
    assert "Zu viele falsche Passwörter" in refused.content.decode()


def test_the_games_blurbs_and_options_are_worded_where_shown() -> None:
    """A game marks its blurb and option labels (gettext_noop); the home page translates them."""
    from django.utils.html import escape

    from campaigns import registry

    page = Client(headers=GERMAN).get("/").content.decode()
    with translation.override("de"):
        for spec in registry.games():
            assert escape(translation.gettext(spec.blurb)) in page, spec.slug
            for field in spec.rules.option_fields:
                assert f">{escape(translation.gettext(field['label']))}</label>" in page, spec.slug


def test_a_refusal_made_before_django_reads_in_the_phone_s_language() -> None:
    """The server's own 413 and 503 (companion.server.wsgi_bridge) follow the switch's cookie,
    else Accept-Language, as Django's pages do; the code stays."""
    import asyncio
    import threading
    from typing import Any

    from companion.server.wsgi_bridge import HttpViaWsgi
    from tests.bridge_calls import blocking_wsgi, call

    app = HttpViaWsgi(blocking_wsgi(threading.Event()), threads=1, body_limits=[(r"/small/", 2048)])

    async def refused(headers: list[tuple[bytes, bytes]]) -> dict[str, Any]:
        status, _headers, raw = await call(app, "/small/x", b"x" * 2049, headers=headers)
        assert status == 413
        body: dict[str, Any] = json.loads(raw)
        return body

    german = asyncio.run(refused([(b"accept-language", b"de-DE,de;q=0.9")]))
    assert german["code"] == "too_large" and german["message"] == "Die Anfrage ist zu groß (höchstens 2 KB)."
    chosen = asyncio.run(refused([(b"accept-language", b"de"), (b"cookie", b"django_language=en-gb")]))
    assert chosen["message"] == "The request is too large (at most 2 KB)."


def unnamed(html: str) -> list[str]:
    """A page's words without the games' printed names ("GRIM the Card Game" holds "Game") and
    without the charts' (campaigns.charts words its legends itself)."""
    import re

    from campaigns import registry
    from tests.german import page_words

    words = page_words(re.sub(r"<svg.*?</svg>", "", html, flags=re.S))
    for spec in registry.games():
        words = [w.replace(spec.name, "\u2026") for w in words]
    return words


def test_the_history_pages_with_plays_read_german() -> None:
    """My plays, a play, my stats and a host's group, with plays in them, by a German phone:
    none of the pages' own English (locale/) shows."""
    from django.contrib.auth import get_user_model

    from campaigns.models import Play
    from campaigns.tasks import rate_play
    from campaigns.tests.test_stats import a_play
    from tests.german import english_left

    users = get_user_model().objects
    mara, hana = users.create_user("mara", password="x"), users.create_user("hana", password="x")
    for play in (
        a_play("grimoor", 3, (mara, 1, True), ("Cy", 2, False), host=hana),
        a_play("grim", 2, (mara, None, False), ("Cy", None, True), host=hana),
        a_play("grimoor", 1, ("Cy", 1, True), (mara, 2, False), host=hana),
    ):
        rate_play(play.table_id)
    client = Client(headers=GERMAN)
    client.force_login(mara)
    shown = Play.objects.filter(results__user=mara).first()
    assert shown is not None
    urls = ["/me/plays/", f"/me/plays/{shown.pk}/", "/me/stats/", f"/groups/{hana.pk}/"]
    pages = {url: client.get(url) for url in urls}
    assert {url: r.status_code for url, r in pages.items()} == dict.fromkeys(urls, 200)
    ours = ("(locale/de/LC_MESSAGES/django.po)", "(locale/de/LC_MESSAGES/djangojs.po)")
    left = {
        url: [found for found in english_left(unnamed(r.content.decode())) if found.endswith(ours)]
        for url, r in pages.items()
    }
    assert {url: found for url, found in left.items() if found} == {}
    assert "Meine Partien" in pages["/me/plays/"].content.decode()
    assert "Tische von hana" in pages[f"/groups/{hana.pk}/"].content.decode()


def test_my_stats_page_follows_the_language_after_another_was_rendered() -> None:
    from django.contrib.auth import get_user_model

    account = get_user_model().objects.create_user("ann", password="a long enough passphrase")
    english, german = Client(headers=ENGLISH), Client(headers=GERMAN)
    english.force_login(account)
    german.force_login(account)
    assert "My stats" in english.get("/me/stats/").content.decode()
    assert "Meine Statistik" in german.get("/me/stats/").content.decode()


def test_the_server_error_page_reads_german() -> None:
    from django.test import RequestFactory

    from companion.errors import server_error

    with translation.override("de"):
        page = server_error(RequestFactory().get("/somewhere/"))
    assert page.status_code == 500
    assert "Serverfehler (500)" in page.content.decode() and 'lang="de"' in page.content.decode()
