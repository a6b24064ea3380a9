"""The language per phone and per account (issue #34, "Per phone, per account").

"The language comes from the phone's Accept-Language, overridden by a switch
on every page (Deutsch / English), kept in a cookie and, for an account, in
its profile."
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client

from companion.models import Profile

pytestmark = pytest.mark.django_db
PASSWORD = "a long enough passphrase"


def html_lang(response: Any) -> str:
    found = re.search(r'<html lang="([^"]+)"', response.content.decode())
    assert found, "the page names its language"
    return found.group(1)


def test_the_phone_s_accept_language_chooses_and_the_switch_offers_the_other() -> None:
    german = Client(headers={"accept-language": "de-DE,de;q=0.9,en;q=0.5"}).get("/")
    english = Client(headers={"accept-language": "en-US,en;q=0.9"}).get("/")
    assert html_lang(german) == "de" and html_lang(english) == "en-gb"
    assert 'value="en-gb"' in german.content.decode() and 'value="de"' not in german.content.decode()
    assert 'value="de"' in english.content.decode()


def test_the_switch_keeps_the_choice_in_a_cookie_over_accept_language() -> None:
    phone = Client(headers={"accept-language": "en"})
    response = phone.post("/language/", {"language": "de", "next": "/"})
    assert response.status_code == 302 and response["Location"] == "/"
    assert phone.cookies[settings.LANGUAGE_COOKIE_NAME].value == "de"
    assert html_lang(phone.get("/")) == "de"


def test_a_language_not_offered_changes_nothing() -> None:
    phone = Client(headers={"accept-language": "en"})
    phone.post("/language/", {"language": "xx", "next": "/"})
    assert settings.LANGUAGE_COOKIE_NAME not in phone.cookies
    assert html_lang(phone.get("/")) == "en-gb"


def test_an_account_keeps_its_language_and_a_login_on_another_phone_brings_it() -> None:
    user = get_user_model().objects.create_user("ann", password=PASSWORD)
    first = Client(headers={"accept-language": "en"})
    first.force_login(user)
    first.post("/language/", {"language": "de", "next": "/"})
    assert Profile.objects.get(user=user).language == "de"

    second = Client(headers={"accept-language": "en"})
    response = second.post("/accounts/login/", {"username": "ann", "password": PASSWORD})
    assert response.status_code == 302
    assert second.cookies[settings.LANGUAGE_COOKIE_NAME].value == "de"
    assert html_lang(second.get("/")) == "de"


def test_a_login_without_a_chosen_language_leaves_the_phone_s() -> None:
    get_user_model().objects.create_user("bea", password=PASSWORD)
    phone = Client(headers={"accept-language": "de"})
    phone.post("/accounts/login/", {"username": "bea", "password": PASSWORD})
    assert settings.LANGUAGE_COOKIE_NAME not in phone.cookies
    assert html_lang(phone.get("/")) == "de"
