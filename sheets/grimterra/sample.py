"""Grimterra through commands: the sample play and the benchmark's scene (``campaigns.sample_play``)."""

from __future__ import annotations

from typing import Any

from campaigns.sample_play import Change, SamplePlay, Scene, Sitting, new_id

HEROES = (
    (
        ("Vex", "Agilitas", 3, 5, "arena"),
        ("Lumen", "Intellectus", 4, 6, "backrow"),
        ("Shade", "Tenebris", 2, 4, "backrow"),
    ),
    (
        ("Kor", "Fortutidas", 4, 6, "arena"),
        ("Mira", "Agilitas", 3, 5, "backrow"),
        ("Ash", "Intellectus", 3, 4, "backrow"),
    ),
    (
        ("Onyx", "Tenebris", 3, 5, "arena"),
        ("Pell", "Fortutidas", 4, 5, "backrow"),
        ("Rue", "Agilitas", 2, 4, "backrow"),
    ),
)
"""Three heroes for each of up to three players: name, Fate, Health, empowered Health, position."""


def _add_heroes(t: Sitting, players: int) -> dict[str, int]:
    """Each of the first ``players`` seats adds its three heroes; their ids by name."""
    heroes = {}
    for seat, line in enumerate(HEROES[:players]):
        for name, fate, health, empowered, position in line:
            hero = {"name": name, "fates": fate, "health": health, "empowered_health": empowered}
            heroes[name] = new_id(t.do(seat, "hero.add", {**hero, "position": position}), "hero", "id")
    return heroes


def play(t: Sitting) -> None:
    """Three heroes each; Bo's three die of darkness (six dark counters each): Bo is out and Ann
    wins. Grimterra keeps no score (the living heroes are in the details): None. A wound Bo
    gave Vex is undone on the way."""
    heroes = _add_heroes(t, 2)
    t.do(0, "game.start", {"seat_id": t.seat_id(0)})
    wound = t.do(1, "hero.wound", {"hero_id": heroes["Vex"], "amount": 1})
    t.do(0, "undo", {"seq": wound["seq"]})
    for name in ("Kor", "Mira", "Ash"):
        t.do(0, "hero.dark", {"hero_id": heroes[name], "by": 6})


def scene(t: Sitting) -> Change:
    """3 players x 3 heroes in a combat; a change is one player's deck counted by hand."""
    heroes = _add_heroes(t, 3)
    t.do(0, "game.start", {"seat_id": t.seat_id(0)})
    t.do(1, "hero.dark", {"hero_id": heroes["Vex"], "by": 2})
    t.do(0, "turn.next")  # Pre Combat
    t.do(0, "hero.skill", {"hero_id": heroes["Vex"], "side": "normal", "fate": "Agilitas", "level": 3})
    t.do(0, "card.use", {"hero_id": heroes["Vex"], "kind": "spell", "fate": "Agilitas", "requirement": 2})
    t.do(0, "combat.start", {"attacker_id": heroes["Vex"], "target_id": heroes["Kor"]})
    t.do(0, "hero.wound", {"hero_id": heroes["Kor"], "amount": 2})

    def change(k: int) -> tuple[int, str, dict[str, Any]]:
        seat = k % 3
        return seat, "player.deck", {"seat_id": t.seat_id(seat), "cards": 40 + k // 3}

    return change


SAMPLE = SamplePlay(
    play=play,
    results=[("Ann", None, 1, True), ("Bo", None, 2, False)],
    scene=Scene(
        setup=scene, label=lambda _state: "3 players x 3 heroes, in combat", seats=("Ann", "Bo", "Cy")
    ),
)
