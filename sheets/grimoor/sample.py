"""Grimoor played through commands: the sample play and the benchmark's scene (``campaigns.sample_play``)."""

from __future__ import annotations

from typing import Any

from campaigns.sample_play import Change, SamplePlay, Scene, Sitting, new_id


def play(t: Sitting) -> None:
    """Conflict 1: Bo's Horde of five Strength-2 Cohorts (10) beats Ann's empty one: +10 points
    and an End of Conflict card. Conflicts 2 and 3 end by hand on empty Hordes (a full tie,
    nobody scores). Points: Ann 1, Bo 1 + 10 = 11: Bo first, Ann second. Two points Bo added
    by hand are undone on the way."""
    t.do(0, "game.start", {"start_seat_id": t.seat_id(0), "other_seat_id": t.seat_id(1)})
    t.do(0, "turn.end", {"skip": True})
    for _ in range(5):
        t.do(1, "cohort.join", {"seat_id": t.seat_id(1), "type": "Olatha", "strength": 2})
    extra = t.do(1, "points.add", {"amount": 2, "reason": "Olatha Stronghold"})
    t.do(1, "undo", {"seq": extra["seq"]})
    t.do(1, "turn.end", {"skip": True})
    t.do(0, "turn.end", {"skip": True})
    t.do(1, "conflict.end", {"note": "an Ability"})
    t.do(1, "conflict.end", {"note": "an Ability"})


def scene(t: Sitting) -> Change:
    """Mid-Conflict: Cohorts in both Hordes, a Stronghold each; a change is one player's points by hand."""
    ann, bo = t.seat_id(0), t.seat_id(1)
    t.do(0, "game.start", {"start_seat_id": ann, "other_seat_id": bo})
    knight = new_id(
        t.do(0, "cohort.play", {"type": "Gaunt", "strength": 4, "name": "Grave Knight"}), "cohort", "id"
    )
    t.do(0, "turn.end")
    t.do(1, "cohort.play", {"type": "Olatha", "strength": 3})
    t.do(1, "cohort.join", {"seat_id": bo, "type": "Duskgil", "strength": 2})
    t.do(1, "cohort.join", {"seat_id": bo, "type": "Olatha", "strength": 1, "commander": True})
    t.do(1, "stronghold.build", {"type": "Olatha", "points": 2})
    t.do(1, "turn.end")
    t.do(0, "cohort.focus", {"cohort_id": knight})
    t.do(0, "cohort.join", {"seat_id": ann, "type": "Olatha", "strength": 2})
    t.do(0, "cohort.play", {"type": "Duskgil", "strength": 3, "name": "Fen Lurker"})
    t.do(0, "stronghold.build", {"type": "Gaunt", "points": 1})

    def change(k: int) -> tuple[int, str, dict[str, Any]]:
        seat = k % 2
        return (
            seat,
            "player.adjust",
            {"seat_id": t.seat_id(seat), "field": "points", "by": 1, "note": "a Curio"},
        )

    return change


SAMPLE = SamplePlay(
    play=play,
    results=[("Ann", 1, 2, False), ("Bo", 11, 1, True)],
    scene=Scene(setup=scene, label=lambda _state: "2 players mid-Conflict, 3 Cohorts and a Stronghold each"),
)
