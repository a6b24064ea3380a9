"""The live Grim Hand tables follow the catalogue in the database (§4, §8, §9, §9.1).

Each test registers ``GrimHandRules`` with its own ``CatalogueSource`` on a
clock the test moves, and puts the process's rules back afterwards.
"""

from __future__ import annotations

import dataclasses
import logging
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import connection
from django.forms.models import model_to_dict
from django.test import Client
from django.test.utils import CaptureQueriesContext

from campaigns.credentials import cookie_name
from campaigns.registry import get, register, rules_for
from rules.engine import Actor
from rules.game import GameRulesBase
from rules.grimhand.table import Catalogue, GrimHandRules, standard_catalogue
from sheets.grimhand import catalogue_source
from sheets.grimhand.catalogue_loader import load_grimhand_catalogue
from sheets.grimhand.catalogue_source import (
    VERSION_KEY,
    CatalogueSource,
    bump_catalogue_version,
    database_catalogue,
)
from sheets.grimhand.models import AffinityInfo, EquipmentCard, Quest, Race, RarityLevel
from sheets.grimhand.selectors import rules_catalogue
from tests.grimhand_personas import (  # noqa: F401
    character_state,
    create_character,
    fixture_gh_host,
    fixture_gh_player,
    ok,
)
from tests.helpers import FakeClock as Clock
from tests.personas import Person

pytestmark = pytest.mark.django_db

CATALOGUE_TABLES = (
    "sheets_race", "sheets_characterclass", "sheets_affinityinfo", "sheets_staturelevel",
    "sheets_raritylevel", "sheets_questchallengerow", "sheets_equipmentcard", "sheets_quest",
    "sheets_statureability",
)  # fmt: skip


@pytest.fixture
def clock() -> Clock:
    return Clock()


def use_rules(rules: GameRulesBase) -> None:
    """Grim Hand's registered spec with these rules instead."""
    register(dataclasses.replace(get("grimhand"), rules=rules))


@pytest.fixture
def source(clock: Clock) -> Iterator[CatalogueSource]:
    """A fresh source on the test's clock, registered for game "grimhand" for this test."""
    before = rules_for("grimhand")
    fresh = CatalogueSource(clock=clock)
    use_rules(GrimHandRules(fresh))
    yield fresh
    use_rules(before)


@pytest.fixture
def loaded(db: Any) -> None:
    """The catalogue as ``load_gamedata`` writes it."""
    load_grimhand_catalogue()


def bump_and_wait(clock: Clock) -> None:
    """What another process's admin edit looks like: a new stamp, seen at the next check."""
    bump_catalogue_version()
    clock.advance(2.0)


def max_le_of_new_character(p: Person, race: str = "Human") -> int:
    cid = create_character(p, "Nia", race, "Warrior", "Iron")
    le: int = character_state(p, cid)["derived"]["stats"]["max_le"]
    return le


def catalogue_queries(ctx: CaptureQueriesContext) -> list[str]:
    return [q["sql"] for q in ctx.captured_queries if any(t in q["sql"] for t in CATALOGUE_TABLES)]


# --- building from the rows --------------------------------------------------------


def test_the_loaded_rows_give_the_same_catalogue_as_the_code() -> None:
    load_grimhand_catalogue()
    assert database_catalogue() == rules_catalogue()


def test_no_rows_build_nothing() -> None:
    assert database_catalogue() is None


def test_an_empty_database_falls_back_to_the_code_catalogue(
    source: CatalogueSource, gh_player: Person
) -> None:
    assert source() == rules_catalogue()
    # Human 5 + Warrior 6 + Iron 2 (§4), as the code tables say.
    assert max_le_of_new_character(gh_player) == 13


# --- edits reach the sheets ----------------------------------------------------------


def test_a_race_life_edited_in_the_database_sets_max_le_of_a_new_character(
    loaded: None, source: CatalogueSource, clock: Clock, gh_player: Person
) -> None:
    source()  # built before the edit, as a running server would have it
    Race.objects.filter(name="Human").update(life=15)
    bump_and_wait(clock)
    assert max_le_of_new_character(gh_player) == 15 + 6 + 2


def test_a_race_life_edited_in_the_admin_sets_max_le_of_a_new_character(
    loaded: None,
    source: CatalogueSource,
    clock: Clock,
    gh_player: Person,
    django_capture_on_commit_callbacks: Any,
) -> None:
    source()
    admin = Client()
    admin.force_login(get_user_model().objects.create_superuser("root", "root@example.com", "pw"))
    human = Race.objects.get(name="Human")
    form = {
        "name": "Human", "position": human.position, "life": 15, "strength": human.strength,
        "agility": human.agility, "gold": human.gold, "ap": human.ap, "attack": human.attack,
        "ability_name": human.ability_name, "ability_text": human.ability_text, "_save": "Save",
    }  # fmt: skip
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        response = admin.post(f"/admin/sheets/race/{human.pk}/change/", form)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert callbacks  # the bump waits for the commit
    clock.advance(2.0)
    assert max_le_of_new_character(gh_player) == 15 + 6 + 2


def test_a_renamed_equipment_card_shows_its_new_name_when_equipped(
    loaded: None, source: CatalogueSource, clock: Clock, gh_player: Person
) -> None:
    source()
    EquipmentCard.objects.filter(table__isnull=True, rank=3, affinity="Iron").update(name="Old Faithful")
    bump_and_wait(clock)
    cid = create_character(gh_player)
    body = ok(gh_player.command("character.equip", {"character_id": cid, "rank": 3, "affinity": "Iron"}))
    assert body["events"][0]["payload"]["item"]["name"] == "Old Faithful"
    assert character_state(gh_player, cid)["equipment"][0]["name"] == "Old Faithful"


def test_the_create_form_offers_the_races_of_the_current_catalogue(
    loaded: None, source: CatalogueSource, clock: Clock, gh_player: Person
) -> None:
    Race.objects.filter(name="Goblin").update(name="Kobold")
    bump_and_wait(clock)
    page = Client()
    page.cookies[cookie_name(gh_player.table.pk)] = gh_player.token
    response = page.get(f"/t/{gh_player.table.pk}/board/")  # the create form is on the board
    assert response.status_code == 200
    html = response.content.decode()
    start = html.index(f'id="gh-new-{gh_player.seat.pk}-race"')
    races = re.findall(r'<option value="([^"]*)"', html[start : html.index("</select>", start)])
    assert "Kobold" in races and "Goblin" not in races
    assert max_le_of_new_character(gh_player, "Kobold") == 3 + 6 + 2  # Goblin's numbers, new name


def test_a_renamed_race_is_refused_under_its_old_name(
    loaded: None, source: CatalogueSource, clock: Clock, gh_player: Person
) -> None:
    Race.objects.filter(name="Goblin").update(name="Kobold")
    bump_and_wait(clock)
    refused = gh_player.command(
        "character.create", {"name": "X", "race": "Goblin", "class": "Mage", "affinity": "Bone"}
    )
    assert refused.status_code == 400 and refused.json()["code"] == "unknown_race"


# --- invalid edits never break commands -------------------------------------------------


@pytest.mark.parametrize(
    "break_it",
    [
        pytest.param(lambda: RarityLevel.objects.filter(name="Common").update(d100_high=40), id="rarity-gap"),
        pytest.param(lambda: AffinityInfo.objects.filter(name="Bone").delete(), id="affinity-missing"),
        pytest.param(
            lambda: AffinityInfo.objects.filter(name="Iron").update(alignment_stat="luck"), id="bad-stat"
        ),
        pytest.param(lambda: Quest.objects.update(success_effects=[{"amount": 1}]), id="bad-effects"),
    ],
)
def test_an_invalid_catalogue_falls_back_to_the_code_and_commands_still_work(
    loaded: None,
    source: CatalogueSource,
    clock: Clock,
    gh_player: Person,
    caplog: pytest.LogCaptureFixture,
    break_it: Any,
) -> None:
    Race.objects.filter(name="Human").update(life=15)  # a valid edit the fallback does not have
    break_it()
    bump_and_wait(clock)
    with caplog.at_level(logging.WARNING, logger="sheets.grimhand.catalogue_source"):
        assert source() == rules_catalogue()
    assert "not valid" in caplog.text
    cid = create_character(gh_player, "Nia", "Human", "Warrior", "Iron")
    assert character_state(gh_player, cid)["derived"]["stats"]["max_le"] == 13
    ok(gh_player.command("character.equip", {"character_id": cid, "rank": 2, "affinity": "Bone"}))


def test_fixing_the_catalogue_brings_the_database_back(
    loaded: None, source: CatalogueSource, clock: Clock, gh_player: Person
) -> None:
    RarityLevel.objects.filter(name="Common").update(d100_high=40)
    Race.objects.filter(name="Human").update(life=15)
    bump_and_wait(clock)
    assert source() == rules_catalogue()
    RarityLevel.objects.filter(name="Common").update(d100_high=45)
    bump_and_wait(clock)
    assert max_le_of_new_character(gh_player) == 15 + 6 + 2


def test_an_admin_edit_that_breaks_the_tables_is_saved_with_a_warning(
    loaded: None,
    source: CatalogueSource,
    clock: Clock,
    gh_player: Person,
    django_capture_on_commit_callbacks: Any,
) -> None:
    admin = Client()
    admin.force_login(get_user_model().objects.create_superuser("root", "root@example.com", "pw"))
    # Rows that characters name cannot be deleted in the admin, but their
    # numbers can be edited into an invalid table: a gap in the d100 bands.
    rare = RarityLevel.objects.get(name="Rare")
    form = {k: v for k, v in model_to_dict(rare).items() if k not in ("id", "name")}
    form["d100_low"] = int(form["d100_low"]) + 1
    with django_capture_on_commit_callbacks(execute=True):
        response = admin.post(f"/admin/sheets/raritylevel/{rare.pk}/change/", form, follow=True)
    assert response.status_code == 200
    warnings = [str(m) for m in response.context["messages"]]
    assert any("no longer forms valid game tables" in m for m in warnings), warnings
    assert RarityLevel.objects.get(name="Rare").d100_low == form["d100_low"]
    clock.advance(2.0)
    assert max_le_of_new_character(gh_player) == 13


def test_an_unreadable_cache_keeps_the_current_catalogue(
    loaded: None, source: CatalogueSource, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = source()

    class Down:
        def get(self, key: str) -> Any:
            raise ConnectionError("cache down")

    monkeypatch.setattr(catalogue_source, "cache", Down())
    Race.objects.filter(name="Human").update(life=15)
    clock.advance(5.0)
    assert source() is first


# --- the version stamp ----------------------------------------------------------------


def test_the_version_is_read_at_most_every_two_seconds(
    loaded: None, source: CatalogueSource, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    reads: list[str] = []
    real = cache

    class Counting:
        def get(self, key: str) -> Any:
            reads.append(key)
            return real.get(key)

        def set(self, key: str, value: Any, timeout: Any = None) -> None:
            real.set(key, value, timeout=timeout)

    monkeypatch.setattr(catalogue_source, "cache", Counting())
    first = source()
    assert reads == [VERSION_KEY]
    Race.objects.filter(name="Human").update(life=15)
    bump_catalogue_version()  # another process's edit
    for _ in range(3):
        clock.advance(0.6)
        assert source() is first  # 1.8 s: not looked at yet
    assert reads == [VERSION_KEY]
    clock.advance(0.2)
    second = source()
    assert reads == [VERSION_KEY, VERSION_KEY]
    assert second.tables.race("Human").life == 15
    clock.advance(2.0)
    assert source() is second  # same stamp: no rebuild
    assert len(reads) == 3


def test_the_loader_bumps_the_version_after_commit(django_capture_on_commit_callbacks: Any) -> None:
    before = cache.get(VERSION_KEY)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        load_grimhand_catalogue()
    assert cache.get(VERSION_KEY) == before  # not before the rows are visible
    for callback in callbacks:
        callback()
    assert cache.get(VERSION_KEY) not in (None, before)


def test_an_unchanged_version_costs_a_command_no_query(
    loaded: None, source: CatalogueSource, clock: Clock, gh_player: Person
) -> None:
    cid = create_character(gh_player)
    adjust = {"character_id": cid, "stat": "gold", "by": 1}

    def queries() -> CaptureQueriesContext:
        with CaptureQueriesContext(connection) as ctx:
            ok(gh_player.command("character.adjust", adjust))
        return ctx

    static = GrimHandRules(rules_catalogue())
    dynamic = rules_for("grimhand")
    use_rules(static)
    baseline = len(queries().captured_queries)
    use_rules(dynamic)
    warm = queries()
    assert len(warm.captured_queries) == baseline and not catalogue_queries(warm)
    clock.advance(2.5)  # the stamp is re-read from the cache, not the database
    again = queries()
    assert len(again.captured_queries) == baseline and not catalogue_queries(again)
    bump_and_wait(clock)
    assert catalogue_queries(queries())  # a new version is read once...
    assert not catalogue_queries(queries())  # ...and then kept


# --- the rules' side ------------------------------------------------------------------


def test_the_rules_read_the_source_once_per_command() -> None:
    calls: list[int] = []
    catalogue = standard_catalogue()

    def counted() -> Catalogue:
        calls.append(1)
        return catalogue

    rules = GrimHandRules(counted)
    actor = Actor(seat_id=1, role="host")
    payload = {"name": "Nia", "race": "Elf", "class": "Mage", "affinity": "Bone"}
    outcome = rules.apply(rules.initial_state(), "character.create", payload, actor, random.Random(1))
    assert calls == [1]
    assert len(outcome.state["characters"]) == 1
