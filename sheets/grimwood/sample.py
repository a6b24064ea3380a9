"""Grimwood played through commands: the sample play and the benchmark's scene (``campaigns.sample_play``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from campaigns.sample_play import Change, SamplePlay, Scene, Sitting, new_id


def play(t: Sitting) -> None:
    """Ann places three Owls (10 points); Bo an Elf, then a Troll joins it (2 points). The deck
    runs out on Bo's draw, Ann plays the last turn. Scores: Ann 10, Bo 2: Ann wins. Ann's first
    draw is undone and drawn again."""
    t.do(0, "game.start", {"seat_ids": [t.seat_id(0), t.seat_id(1)], "start_seat_id": t.seat_id(0)})
    t.do(0, "combo.place", {"cards": ["Owl", "Owl", "Owl"]})
    t.do(0, "action.use", {"kind": "power", "note": "Hydra"})
    drawn = t.do(0, "turn.draw")
    t.do(0, "undo", {"seq": drawn["seq"]})
    t.do(0, "turn.draw")
    t.do(1, "hand.set", {"count": 4, "note": "the Mage drew two"})
    elf = new_id(t.do(1, "combo.place", {"cards": ["Elf"]}), "combo", "id")
    t.do(1, "combo.add", {"combo_id": elf, "card": "Troll"})
    t.do(1, "deck.set", {"remaining": 1, "note": "counted the deck"})
    t.do(1, "turn.draw")
    t.do(0, "turn.end", {"note": "nothing to draw"})


def scene(t: Sitting) -> Change:
    """4 players with several combos; a change is one player's hand count set by hand."""
    seats = [t.seat_id(i) for i in range(4)]
    t.do(0, "game.start", {"seat_ids": seats, "start_seat_id": seats[0]})
    for seat in range(4):
        t.do(seat, "hand.set", {"count": 12, "note": "dealt for the bench"})
    placed: dict[str, int] = {}
    for seat, cards in (
        (0, ["Owl", "Owl", "Owl"]),
        (0, ["Elf"]),
        (1, ["Crow", "Crow", "Crow"]),
        (1, ["Troll", "Mage"]),
        (2, ["Clearing", "Path", "Swamp"]),
        (2, ["Dragon"]),
        (3, ["Swamp", "Swamp", "Swamp"]),
        (3, ["Giant"]),
    ):
        # Set up on Ann's turn: the others' combos are placed as a card allows (out of turn).
        payload = {"cards": cards} if seat == 0 else {"cards": cards, "card_allows": True, "note": "bench"}
        placed[cards[0]] = new_id(t.do(seat, "combo.place", payload), "combo", "id")
    t.do(0, "combo.add", {"combo_id": placed["Elf"], "card": "Nymph"})
    t.do(0, "action.use", {"kind": "power"})

    def change(k: int) -> tuple[int, str, dict[str, Any]]:
        return k % 4, "hand.set", {"count": 10 + k // 4}

    return change


def _label(state: Mapping[str, Any]) -> str:
    return f"4 players, {sum(len(p['combos']) for p in state['players'])} combos"


SAMPLE = SamplePlay(
    play=play,
    results=[("Ann", 10, 1, True), ("Bo", 2, 2, False)],
    scene=Scene(setup=scene, label=_label, seats=("Ann", "Bo", "Cy", "Dee")),
)
