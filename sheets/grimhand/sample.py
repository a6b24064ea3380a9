"""Grim Hand through commands: the sample play and the benchmark's scene (``campaigns.sample_play``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from campaigns.sample_play import Change, SamplePlay, Scene, Sitting, new_id


def _create(t: Sitting, seat: int, name: str, race: str, klass: str, affinity: str) -> int:
    payload = {"name": name, "race": race, "class": klass, "affinity": affinity}
    return new_id(t.do(seat, "character.create", payload), "character_id")


def play(t: Sitting) -> None:
    """A one-level campaign: Hal (Ann) ends with 300 XP and 30 gold, Bea (Bo) 100 XP and 5 gold;
    nobody completed a quest, killed a threat or holds equipment. Trophies (§13): XP 1 and gold
    1 to Hal; nobody earned the quests, threats or equipment hand awards, so nobody scores them.
    Hal 2, Bea 0: Hal wins. Gold Bea spent is given back by an undo on the way."""
    hal = _create(t, 0, "Hal", "Human", "Warrior", "Iron")
    bea = _create(t, 1, "Bea", "Dwarf", "Cleric", "Blood")
    spent = t.do(1, "character.adjust", {"character_id": bea, "stat": "gold", "by": 3})
    t.do(1, "undo", {"seq": spent["seq"]})
    t.do(0, "campaign.start", {"levels": 1})
    t.do(0, "level.start")
    t.do(0, "initiative.roll", {"rolls": {str(t.seat_id(0)): 2, str(t.seat_id(1)): 6}})
    for cid, xp, gold in ((hal, 300, 30), (bea, 100, 5)):
        t.do(0, "character.set", {"character_id": cid, "stat": "xp", "value": xp})
        t.do(0, "character.set", {"character_id": cid, "stat": "gold", "value": gold})
    t.do(0, "campaign.end", {})


PARTY = (
    ("Grum", "Orc", "Warrior", "Iron", 300),
    ("Mira", "Elf", "Mage", "Shadow", 800),
    ("Dain", "Dwarf", "Cleric", "Bone", 120),
    ("Wren", "Human", "Ranger", "Nature", 1200),
)


def scene(t: Sitting) -> Change:
    """4 characters (one a seat) with items, a modifier and a quest; a change is one character's XP."""
    from sheets.grimhand.sheet import current_catalogue

    characters: list[tuple[int, int, int]] = []
    items = ("Bone", "Blood", "Iron", "Shadow")  # the table has one of each card: each its own
    for seat, ((name, race, klass, affinity, xp), item) in enumerate(zip(PARTY, items, strict=True)):
        cid = _create(t, seat, name, race, klass, affinity)
        t.do(seat, "character.set", {"character_id": cid, "stat": "xp", "value": xp})
        t.do(seat, "character.equip", {"character_id": cid, "rank": 4, "affinity": item})
        t.do(seat, "character.stash", {"character_id": cid, "rank": 2, "affinity": item})
        modifier = {"character_id": cid, "stat": "attack", "amount": 1, "source": "Altar"}
        t.do(seat, "modifier.add", modifier)
        characters.append((seat, cid, xp))
    quest = next(
        q.name
        for q in current_catalogue().quests
        if q.affinity == "Iron" and q.stature in ("Recruit", "Novice")
    )
    t.do(0, "quest.take", {"character_id": characters[0][1], "quest": quest})

    def change(k: int) -> tuple[int, str, dict[str, Any]]:
        seat, cid, xp = characters[k % len(characters)]
        return (
            seat,
            "character.set",
            {"character_id": cid, "stat": "xp", "value": xp + 1 + k // len(characters)},
        )

    return change


def _label(state: Mapping[str, Any]) -> str:
    statures = ", ".join(c["derived"]["stature"] for c in state["characters"].values())
    return f"4 characters ({statures})"


SAMPLE = SamplePlay(
    play=play,
    results=[("Ann", 2, 1, True), ("Bo", 0, 2, False)],
    scene=Scene(setup=scene, label=_label, seats=("Ann", "Bo", "Cy", "Dee")),
    # Its characters are rows keyed by ids the rules draw from the dice: replayed with the same
    # dice they are the same ids, so the table imports only where the exported one is gone.
    imports_beside=False,
)
