"""Results for every game from scripted plays (issue #14, Tests: "Results for every game from
scripted plays").

Each registered game plays a short scripted game through the API to its
end, the table ends, the play-record task (``campaigns.tasks.write_play_record``,
what the outbox owes after the commit) runs, and the ``PlayResult`` rows
must hold the score, place and win worked out by hand in each script's
docstring. The scripts are borrowed from each game's own API tests.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from campaigns import registry, services
from campaigns.models import Play, PlayResult, Table, TableStatus
from campaigns.tasks import write_play_record
from tests.grimhand_personas import create_character
from tests.personas import Person, join, person

pytestmark = pytest.mark.django_db

Row = tuple[str, int | None, int | None, bool]
"""``(seat name, score, place, won)``."""


def ok(response: Any) -> dict[str, Any]:
    assert response.status_code == 200, response.content
    body: dict[str, Any] = response.json()
    return body


def open_table(game: str, options: dict[str, Any] | None = None) -> tuple[Person, Person]:
    table, grant = services.table_create(game=game, name="Friday", seat_name="Ann", options=options)
    return person(grant.seat, grant.token), join(table, "Bo")


def state_of(p: Person) -> dict[str, Any]:
    state: dict[str, Any] = Table.objects.get(pk=p.table.pk).state
    return state


def end_table(ann: Person) -> None:
    """The host ends the table, unless the game's last command already did."""
    if Table.objects.get(pk=ann.table.pk).status != TableStatus.ENDED:
        ok(ann.command("table.end"))


def play_counters(ann: Person, bo: Person) -> list[Row]:
    """Counters keep no score: every playing seat gets a row with no score, place or win;
    the spectator none."""
    join(ann.table, "Watcher", role="spectator")
    life = ok(ann.command("counter.add", {"name": "Life", "value": 20}))
    counter = life["events"][0]["payload"]["counter"]["id"]
    ok(bo.command("counter.add", {"name": "Poison", "value": 0, "min": 0}))
    ok(ann.command("counter.adjust", {"counter_id": counter, "by": -3}))
    end_table(ann)
    return [("Ann", None, None, False), ("Bo", None, None, False)]


def play_grim(ann: Person, bo: Person) -> list[Row]:
    """A Coven match (2 Banished each). Bo draws both Banished by hand, then Moss Maw is knocked
    out with none left: Bo loses. Score = Knockouts dealt: Ann 1 (Bo suffered 1), Bo 0."""
    ok(ann.command("grim.favor", {"seat_id": ann.seat.pk}))
    for p, name, element, health, speed in (
        (ann, "Noble Roar", "Fire", 14, 9),
        (ann, "Swift Twitch", "Electric", 10, 14),
        (bo, "Moss Maw", "Plant", 12, 8),
        (bo, "Tide Wisp", "Water", 9, 8),
    ):
        ok(p.command("grim.enter", {"name": name, "element": element, "health": health, "speed": speed}))
    grims = {g["name"]: g["id"] for g in state_of(ann)["grims"]}
    ok(bo.command("player.adjust", {"field": "banished", "by": -2, "note": "two cards played"}))
    out = ok(
        bo.command("grim.adjust", {"grim_id": grims["Moss Maw"], "field": "health", "by": -12, "note": "hit"})
    )
    assert out["events"][0]["payload"]["knockouts"][0]["lost"] is True
    end_table(ann)
    return [("Ann", 1, 1, True), ("Bo", 0, 2, False)]


def play_grimoor(ann: Person, bo: Person) -> list[Row]:
    """Conflict 1: Bo's Horde of five Strength-2 Cohorts (10) beats Ann's empty one: +10 points
    and an End of Conflict card. Conflicts 2 and 3 end by hand on empty Hordes (a full tie,
    nobody scores). Points: Ann 1, Bo 1 + 10 = 11: Bo first, Ann second."""
    ok(ann.command("game.start", {"start_seat_id": ann.seat.pk, "other_seat_id": bo.seat.pk}))
    ok(ann.command("turn.end", {"skip": True}))
    for _ in range(5):
        ok(bo.command("cohort.join", {"seat_id": bo.seat.pk, "type": "Olatha", "strength": 2}))
    ok(bo.command("turn.end", {"skip": True}))
    ok(ann.command("turn.end", {"skip": True}))
    ok(bo.command("conflict.end", {"note": "an Ability"}))
    ok(bo.command("conflict.end", {"note": "an Ability"}))
    assert state_of(ann)["over"] is True
    end_table(ann)
    return [("Ann", 1, 2, False), ("Bo", 11, 1, True)]


def play_grimterra(ann: Person, bo: Person) -> list[Row]:
    """Three heroes each; Bo's three die of darkness (six dark counters each): Bo is out and Ann
    wins. Grimterra keeps no score (the living heroes are in the details): None."""

    def add(p: Person, name: str, fate: str, health: int, empowered: int, position: str) -> int:
        hero = {"name": name, "fates": fate, "health": health, "empowered_health": empowered}
        body = ok(p.command("hero.add", {**hero, "position": position}))
        return int(body["events"][0]["payload"]["hero"]["id"])

    add(ann, "Vex", "Agilitas", 3, 5, "arena")
    add(ann, "Lumen", "Intellectus", 4, 6, "backrow")
    add(ann, "Shade", "Tenebris", 2, 4, "backrow")
    bo_heroes = [
        add(bo, "Kor", "Fortutidas", 4, 6, "arena"),
        add(bo, "Mira", "Agilitas", 3, 5, "backrow"),
        add(bo, "Ash", "Intellectus", 3, 4, "backrow"),
    ]
    ok(ann.command("game.start", {"seat_id": ann.seat.pk}))
    for hero in bo_heroes:
        ok(ann.command("hero.dark", {"hero_id": hero, "by": 6}))
    assert state_of(ann)["over"] is True
    end_table(ann)
    return [("Ann", None, 1, True), ("Bo", None, 2, False)]


def play_grimwood(ann: Person, bo: Person) -> list[Row]:
    """Ann places three Owls (10 points); Bo an Elf, then a Troll joins it (2 points). The deck
    runs out on Bo's draw, Ann plays the last turn. Scores: Ann 10, Bo 2: Ann wins."""
    ok(ann.command("game.start", {"seat_ids": [ann.seat.pk, bo.seat.pk], "start_seat_id": ann.seat.pk}))
    ok(ann.command("combo.place", {"cards": ["Owl", "Owl", "Owl"]}))
    ok(ann.command("action.use", {"kind": "power", "note": "Hydra"}))
    ok(ann.command("turn.draw"))
    ok(bo.command("hand.set", {"count": 4, "note": "the Mage drew two"}))
    elf = ok(bo.command("combo.place", {"cards": ["Elf"]}))["events"][0]["payload"]["combo"]["id"]
    ok(bo.command("combo.add", {"combo_id": elf, "card": "Troll"}))
    ok(bo.command("deck.set", {"remaining": 1, "note": "counted the deck"}))
    ok(bo.command("turn.draw"))
    ended = ok(ann.command("turn.end", {"note": "nothing to draw"}))
    assert ended["state"]["over"] is True
    end_table(ann)
    return [("Ann", 10, 1, True), ("Bo", 2, 2, False)]


def play_grimhand(ann: Person, bo: Person) -> list[Row]:
    """A one-level campaign: Hal (Ann) ends with 300 XP and 30 gold, Bea (Bo) 100 XP and 5 gold;
    nobody completed a quest, killed a threat or holds equipment. Trophies (§13): XP 1 and gold
    1 to Hal; nobody earned the quests, threats or equipment hand awards, so nobody scores them.
    Hal 2, Bea 0: Hal wins."""
    hal = create_character(ann, "Hal", "Human", "Warrior", "Iron")
    bea = create_character(bo, "Bea", "Dwarf", "Cleric", "Blood")
    ok(ann.command("campaign.start", {"levels": 1}))
    ok(ann.command("level.start"))
    ok(ann.command("initiative.roll", {"rolls": {str(ann.seat.pk): 2, str(bo.seat.pk): 6}}))
    for cid, xp, gold in ((hal, 300, 30), (bea, 100, 5)):
        ok(ann.command("character.set", {"character_id": cid, "stat": "xp", "value": xp}))
        ok(ann.command("character.set", {"character_id": cid, "stat": "gold", "value": gold}))
    ended = ok(ann.command("campaign.end", {}))
    assert [e["type"] for e in ended["events"]] == ["campaign.ended", "table.ended"]
    return [("Ann", 2, 1, True), ("Bo", 0, 2, False)]


SCRIPTS: dict[str, tuple[Callable[[Person, Person], list[Row]], dict[str, Any] | None]] = {
    "counters": (play_counters, None),
    "grim": (play_grim, {"format": "coven"}),
    "grimoor": (play_grimoor, None),
    "grimterra": (play_grimterra, None),
    "grimwood": (play_grimwood, None),
    "grimhand": (play_grimhand, None),
}


def test_every_registered_game_has_a_scripted_play() -> None:
    assert set(registry.slugs()) == set(SCRIPTS)


def rows_of(play: Play) -> list[Row]:
    return [
        (r.name, r.score, r.place, r.won)
        for r in PlayResult.objects.filter(play=play).order_by("seat__position", "seat_id")
    ]


@pytest.mark.parametrize("game", sorted(SCRIPTS))
def test_a_scripted_play_leaves_the_results_worked_out_by_hand(game: str) -> None:
    script, options = SCRIPTS[game]
    ann, bo = open_table(game, options)
    expected = script(ann, bo)
    table = Table.objects.get(pk=ann.table.pk)
    assert table.status == TableStatus.ENDED
    play_id = write_play_record(table.pk)
    play = Play.objects.get(table=table)
    assert play_id == play.pk
    assert rows_of(play) == expected
    # Every result row matches the rules' own results for the final state.
    assert [(r["score"], r["place"], r["won"]) for r in play.summary.get("results", [])] == sorted(
        ((s, p, w) for _n, s, p, w in expected if p is not None), key=lambda t: t[1]
    )
    winners = " & ".join(name for name, _s, _p, won in expected if won)
    assert play.winner == winners
    # The task is owed once but may run twice (a retry, the drain): still one row per seat.
    assert write_play_record(table.pk) == play.pk
    assert rows_of(play) == expected


def test_a_campaign_record_reaches_the_players_statistics() -> None:
    """Grim Hand's records side by side from a real campaign: Ann's account holds her seat."""
    ann, bo = open_table("grimhand")
    user = get_user_model().objects.create_user("ann", password="x")
    ann.client.force_login(user)
    assert ann.client.post(f"/api/v1/tables/{ann.table.pk}/claim/").status_code in (200, 201)
    play_grimhand(ann, bo)
    write_play_record(ann.table.pk)
    play = Play.objects.get(table_id=ann.table.pk)
    mine = PlayResult.objects.get(play=play, user=user)
    assert (mine.details["xp"], mine.details["threats"], mine.details["level"]) == (300, 0, 1)
    stats = ok(ann.client.get("/api/v1/me/stats/"))
    (grimhand,) = stats["games"]
    assert [(r["label"], r["value"], r["play_id"]) for r in grimhand["records"]] == [
        ("Best XP", 300, play.pk),
        ("Most threats killed", 0, play.pk),
        ("Deepest level reached", 1, play.pk),
        ("Fastest campaign", play.duration_s, play.pk),
    ]
