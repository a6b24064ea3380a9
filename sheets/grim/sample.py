"""GRIM played through commands: the sample play and the benchmark's scene (``campaigns.sample_play``)."""

from __future__ import annotations

from typing import Any

from campaigns.sample_play import Change, SamplePlay, Scene, Sitting, new_id

GRIMS = (
    (0, "Noble Roar", "Fire", 14, 9),
    (0, "Swift Twitch", "Electric", 10, 14),
    (1, "Moss Maw", "Plant", 12, 8),
    (1, "Tide Wisp", "Water", 9, 8),
)


def _enter(t: Sitting) -> list[tuple[int, int]]:
    """The four Grims in play: (seat, Grim id) each."""
    grims = []
    for seat, name, element, health, speed in GRIMS:
        payload = {"name": name, "element": element, "health": health, "speed": speed}
        grims.append((seat, new_id(t.do(seat, "grim.enter", payload), "grim", "id")))
    return grims


def play(t: Sitting) -> None:
    """A Coven match (2 Banished each). Bo draws both Banished by hand, then Moss Maw is knocked
    out with none left: Bo loses. Score = Knockouts dealt: Ann 1 (Bo suffered 1), Bo 0. A hit on
    Tide Wisp by hand is undone on the way."""
    t.do(0, "grim.favor", {"seat_id": t.seat_id(0)})
    grims = _enter(t)
    hit = t.do(1, "grim.adjust", {"grim_id": grims[3][1], "field": "health", "by": -3, "note": "hit"})
    t.do(1, "undo", {"seq": hit["seq"]})
    t.do(1, "player.adjust", {"field": "banished", "by": -2, "note": "two cards played"})
    t.do(1, "grim.adjust", {"grim_id": grims[2][1], "field": "health", "by": -12, "note": "hit"})


def scene(t: Sitting) -> Change:
    """2 players with 2 Grim each in play, a turn running; a change is one Grim's Health by hand."""
    t.do(0, "grim.favor", {"seat_id": t.seat_id(0)})
    grims = _enter(t)
    t.do(0, "turn.next")
    attack = {"grim_id": grims[1][1], "target_id": grims[3][1], "damage": 3, "element": "Electric"}
    t.do(0, "grim.attack", attack)
    t.do(0, "grim.status", {"grim_id": grims[3][1], "status": "Burn"})

    def change(k: int) -> tuple[int, str, dict[str, Any]]:
        seat, grim_id = grims[k % len(grims)]
        return seat, "grim.adjust", {"grim_id": grim_id, "field": "health", "by": 1, "note": "a card"}

    return change


SAMPLE = SamplePlay(
    play=play,
    options={"format": "coven"},
    results=[("Ann", 1, 1, True), ("Bo", 0, 2, False)],
    scene=Scene(setup=scene, label=lambda _state: "2 players x 2 Grim in play", options={"format": "coven"}),
)
