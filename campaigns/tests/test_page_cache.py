"""The stats page kept whole per account, with a fresh CSRF token per response (issue #14, "Speed").

``campaigns.page_cache`` serves the second request for the same figures from
the page rendered for the first. What must not change: each response
carries its own masked token, in both places the page uses it, and that
token works; a pending message is still shown (once); a renamed account
sees its new name; new figures are not answered from the old page.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from campaigns import page_cache
from campaigns.tests.test_history import ended_counters_table

pytestmark = pytest.mark.django_db
PASSWORD = "a long enough passphrase"


def logged_in(name: str) -> tuple[Any, Client]:
    user = get_user_model().objects.create_user(name, password=PASSWORD)
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    return user, client


def tokens(page: str) -> list[str]:
    """The masked CSRF tokens a page carries: the logout form's field."""
    return re.findall(r'name="csrfmiddlewaretoken" value="([A-Za-z0-9]+)"', page)


@pytest.fixture
def renders(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The templates ``cached_page`` renders for keeping (a kept page renders none)."""
    made: list[str] = []
    render = page_cache.render_to_string  # type: ignore[attr-defined]  # imported there

    def counted(template: str, *args: Any, **kwargs: Any) -> str:
        made.append(template)
        return render(template, *args, **kwargs)

    monkeypatch.setattr(page_cache, "render_to_string", counted)
    return made


def test_each_response_has_its_own_working_token_and_is_otherwise_the_same_page(renders: list[str]) -> None:
    _mara, client = logged_in("mara")
    first = client.get("/me/stats/").content.decode()
    second = client.get("/me/stats/").content.decode()
    one, two = tokens(first), tokens(second)
    # One token per page, in each of its forms (the language switch's too)
    assert len(one) >= 1 and len(set(one)) == 1 and len(set(two)) == 1 and len(two) == len(one)
    assert one[0] != two[0]  # masked afresh, as Django does for every render
    assert first.replace(one[0], "T") == second.replace(two[0], "T")
    assert page_cache.PLACEHOLDER not in second
    assert len(renders) == 1  # the second came from the kept page
    # The kept page's token is accepted by the CSRF check: the logout form works.
    assert client.post("/accounts/logout/", {"csrfmiddlewaretoken": two[0]}).status_code == 302
    assert client.get("/me/stats/").status_code == 302  # logged out: sent to the login page


def test_a_pending_message_is_shown_once(renders: list[str]) -> None:
    _mara, client = logged_in("mara")
    client.get("/me/stats/")
    assert len(renders) == 1  # kept
    # A table with no seat of hers queues a message and sends her away.
    assert client.get("/t/999999/").status_code == 302
    shown = client.get("/me/stats/").content.decode()
    assert "You don't have a seat at that table yet" in shown.replace("&#x27;", "'")
    again = client.get("/me/stats/").content.decode()
    assert "seat at that table" not in again and 'class="messages"' not in again


def test_a_renamed_account_sees_its_new_name() -> None:
    mara, client = logged_in("mara")
    assert '<span class="who">mara</span>' in client.get("/me/stats/").content.decode()
    mara.username = "marabel"
    mara.save()
    page = client.get("/me/stats/").content.decode()
    assert '<span class="who">marabel</span>' in page and ">mara<" not in page


def test_new_figures_are_not_answered_from_the_old_page() -> None:
    mara, client = logged_in("mara")
    ended_counters_table(user=mara)
    client.get("/me/stats/")
    assert "<dt>Plays</dt><dd>1</dd>" in client.get("/me/stats/").content.decode()  # the kept page
    ended_counters_table(user=mara)
    assert "<dt>Plays</dt><dd>2</dd>" in client.get("/me/stats/").content.decode()
