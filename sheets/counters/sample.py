"""Counters played through commands: the sample play and the benchmark's scene (``campaigns.sample_play``)."""

from __future__ import annotations

from typing import Any

from campaigns.sample_play import Change, SamplePlay, Scene, Sitting, new_id


def play(t: Sitting) -> None:
    """Counters keep no score: every playing seat gets a row with no score, place or win; the
    spectator none. Ann's Life drops 4 by mistake, undone."""
    t.join("Watcher", role="spectator")
    life = new_id(t.do(0, "counter.add", {"name": "Life", "value": 20}), "counter", "id")
    t.do(1, "counter.add", {"name": "Poison", "value": 0, "min": 0})
    t.do(0, "counter.adjust", {"counter_id": life, "by": -3})
    drop = t.do(0, "counter.adjust", {"counter_id": life, "by": -4})
    t.do(0, "undo", {"seq": drop["seq"]})
    t.do(0, "counter.add", {"name": "Life", "value": 20, "seat_id": t.seat_id(1)})


def scene(t: Sitting) -> Change:
    """6 seats with Life and Poison each; a change is one seat's Life stepped down (its "-" button)."""
    lives = []
    for seat in range(6):
        body = t.do(seat, "counter.add", {"name": "Life", "value": 40, "min": 0})
        lives.append(new_id(body, "counter", "id"))
        t.do(seat, "counter.add", {"name": "Poison", "value": 0, "min": 0, "max": 10})
    for seat, life in enumerate(lives):
        t.do(seat, "counter.adjust", {"counter_id": life, "by": -(seat + 1)})

    def change(k: int) -> tuple[int, str, dict[str, Any]]:
        # Each Life, 34 to 39 now, goes down 1 a change: 200 changes leave every one above 0.
        seat = k % len(lives)
        return seat, "counter.adjust", {"counter_id": lives[seat], "by": -1}

    return change


SAMPLE = SamplePlay(
    play=play,
    results=[("Ann", None, None, False), ("Bo", None, None, False)],
    scene=Scene(
        setup=scene,
        label=lambda _state: "6 seats x 2 counters",
        seats=("Ann", "Bo", "Cy", "Dee", "Eli", "Fay"),
    ),
)
