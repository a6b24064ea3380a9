"""Every page and every game's board and log reads German on a German phone (issue #34).

"A test fails ... when a page of any game rendered in German still shows an
English string from the catalogue (proper names excepted)." Each game is
played to its mid-game scene and, separately, to its end; its table page,
board, shared screen, own pages and log lines are read with a German
phone's ``Accept-Language`` and searched for the English of every catalogue
entry (``tests.german``).
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import URLPattern, get_resolver

from campaigns import registry
from campaigns.models import Table, TableStatus
from campaigns.registry import GameSpec
from tests.german import english_left, page_words, telltales
from tests.personas import Person
from tests.sample_play import ApiSitting, at_the_scene, played

pytestmark = pytest.mark.django_db
GERMAN = {"accept-language": "de-DE,de;q=0.9"}
PLATFORM_PAGES = ("/", "/join/", "/accounts/login/", "/accounts/signup/")
ACCOUNT_PAGES = ("/me/plays/", "/me/stats/")
ALLOWED: frozenset[str] = frozenset()
"""English a German page shows rightly (none: the players' own words are set aside, ``typed``)."""


def german_page(client: Client, url: str) -> list[str]:
    response = client.get(url, follow=True)
    assert response.status_code == 200, f"{url}: {response.status_code}"
    assert response.headers.get("Content-Language") == "de", url
    return page_words(response.content.decode(), "de")


def seat_page_client(p: Person) -> Client:
    from campaigns.credentials import cookie_name

    client = Client(headers=GERMAN)
    client.cookies[cookie_name(p.table.pk)] = p.token
    return client


def game_pages(spec: GameSpec, table: Table) -> list[str]:
    """The game's own page routes that name only a table."""
    if not spec.page_urls:
        return []
    urls = []
    for pattern in get_resolver(spec.page_urls).url_patterns:
        if isinstance(pattern, URLPattern):
            route = str(pattern.pattern)
            if "<" not in route.replace("<int:table_id>", ""):
                urls.append("/" + route.replace("<int:table_id>", str(table.pk)))
    return urls


def log_lines(p: Person) -> list[str]:
    """Every line of the table's log as the API words it for a German phone."""
    lines: list[str] = []
    after, more = 0, True
    while more:
        url = f"/api/v1/tables/{p.table.pk}/events/?after={after}"
        response = p.client.get(url, HTTP_ACCEPT_LANGUAGE="de")
        assert response.status_code == 200
        page = response.json()
        lines += [str(e.get("text", "")) for e in page["results"]]
        after, more = page["next_after"], page["has_more"]
    return lines


def everything_at(spec: GameSpec, sitting: ApiSitting) -> dict[str, list[str]]:
    """What a German phone at ``sitting`` reads, by page."""
    host = sitting.people[0]
    client = seat_page_client(host)
    table = sitting.table
    urls = [f"/t/{table.pk}/", f"/t/{table.pk}/board/", f"/t/{table.pk}/screen/", *game_pages(spec, table)]
    if table.status != TableStatus.ENDED:
        urls.append(f"/join/{table.join_code}/")
    read = {url: german_page(client, url) for url in urls}
    read["log"] = log_lines(host)
    return read


def typed(sitting: ApiSitting) -> list[str]:
    """Every text the sample's players typed (a note, a counter's name): their words, not ours."""
    found: list[str] = []
    stack: list[Any] = [payload for _seat, _type, payload in sitting.sent]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            found.append(value)
        elif isinstance(value, dict):
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
    return found


def assert_german(read: dict[str, list[str]], players_typed: list[str] = []) -> None:  # noqa: B006
    left = {where: english_left(words, ALLOWED, players_typed) for where, words in read.items()}
    assert {where: found for where, found in left.items() if found} == {}


@pytest.mark.parametrize("game", [spec.slug for spec in registry.games()])
def test_a_game_mid_play_reads_german(game: str) -> None:
    sitting, _change = at_the_scene(game)
    assert_german(everything_at(registry.get(game), sitting), typed(sitting))


@pytest.mark.parametrize("game", [spec.slug for spec in registry.games()])
def test_a_game_at_its_end_reads_german(game: str) -> None:
    sitting = played(game)
    assert_german(everything_at(registry.get(game), sitting), typed(sitting))


def test_the_platform_s_pages_read_german() -> None:
    client = Client(headers=GERMAN)
    read = {url: german_page(client, url) for url in PLATFORM_PAGES}
    refused = client.post("/tables/new/", {"game": registry.games()[0].slug, "name": "", "seat_name": ""})
    assert refused.status_code == 400
    read["a refused new table"] = page_words(refused.content.decode())
    account = get_user_model().objects.create_user("ann", password="a long enough passphrase")
    client.force_login(account)
    read |= {url: german_page(client, url) for url in ACCOUNT_PAGES}
    assert_german(read)


def test_the_check_finds_the_english_of_the_same_pages() -> None:
    assert len(telltales()) > 0, "the catalogues hold no German yet"
    english = Client(headers={"accept-language": "en"})
    found = english_left(page_words(english.get("/").content.decode()))
    assert found, "the home page in English shows no catalogue English: the check sees nothing"


def test_the_check_leaves_out_what_says_it_is_in_another_language() -> None:
    html = '<html lang="de"><p>Angriff <span lang="en">Attack by 1</span> jetzt</p></html>'
    assert page_words(html) == ["Angriff jetzt"]


def test_the_check_reads_text_and_what_is_read_out() -> None:
    html = '<p>Ann <b>holds</b> 3 cards</p><button aria-label="Undo">↶</button><script>x</script>'
    words = page_words(html)
    assert words == ["Ann holds 3 cards", "Undo", "↶"]
