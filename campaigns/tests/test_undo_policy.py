"""Undo and redo check the edit policy in force when they are sent (issue #32, item 2).

A redo (or an undo of a redo) carries the compensation's ops, which need not
name the seat they change (a counter's path names the counter): the seats a
change touches are read from the original change, whatever chain of undos
and redos leads back to it, in every game.
"""

from __future__ import annotations

from typing import Any

import pytest

from campaigns import services
from campaigns.models import Table
from tests.personas import Person, add_life, join, person

pytestmark = pytest.mark.django_db


def ok(response: Any) -> int:
    assert response.status_code == 200, response.json()
    seq: int = response.json()["seq"]
    return seq


def not_yours(response: Any) -> None:
    assert response.status_code == 403, response.json()
    assert response.json()["code"] == "not_your_seat"


def life_of(table_id: int) -> int:
    value: int = Table.objects.get(pk=table_id).state["counters"][0]["value"]
    return value


def test_a_redo_of_another_seats_counter_is_refused_once_the_host_sets_own(
    host: Person, player: Person
) -> None:
    life = add_life(host, value=7)
    ok(host.command("table.set_policy", {"edit_policy": "everyone"}))
    change = ok(player.command("counter.adjust", {"counter_id": life, "by": -5}))
    undo = ok(player.command("undo", {"seq": change}))
    assert life_of(host.table.pk) == 7
    ok(host.command("table.set_policy", {"edit_policy": "own"}))
    for _ in range(3):
        not_yours(player.command("redo", {"seq": undo}))
    assert life_of(host.table.pk) == 7
    # With everyone allowed again the redo goes through; its undo is then checked the same way.
    ok(host.command("table.set_policy", {"edit_policy": "everyone"}))
    redo = ok(player.command("redo", {"seq": undo}))
    assert life_of(host.table.pk) == 2
    ok(host.command("table.set_policy", {"edit_policy": "own"}))
    not_yours(player.command("undo", {"seq": redo}))
    assert life_of(host.table.pk) == 2
    ok(host.command("undo", {"seq": redo}))  # the host may change every seat
    assert life_of(host.table.pk) == 7


def test_a_player_still_redoes_a_change_to_their_own_seat_under_own(host: Person, player: Person) -> None:
    life = add_life(player, value=7)
    change = ok(player.command("counter.adjust", {"counter_id": life, "by": -5}))
    undo = ok(player.command("undo", {"seq": change}))
    ok(player.command("redo", {"seq": undo}))
    assert life_of(host.table.pk) == 2


def test_a_grimwood_redo_of_another_seats_hand_is_refused_once_the_host_sets_own() -> None:
    table, grant = services.table_create(game="grimwood", name="Woods", seat_name="Ann")
    ann, bo = person(grant.seat, grant.token), join(table, "Bo")
    ok(ann.command("game.start", {"seat_ids": [ann.seat.pk, bo.seat.pk], "start_seat_id": ann.seat.pk}))
    ok(ann.command("table.set_policy", {"edit_policy": "everyone"}))
    change = ok(bo.command("hand.set", {"count": 7, "seat_id": ann.seat.pk}))
    undo = ok(bo.command("undo", {"seq": change}))
    ok(ann.command("table.set_policy", {"edit_policy": "own"}))

    not_yours(bo.command("redo", {"seq": undo}))

    hands = {p["seat_id"]: p["hand"] for p in Table.objects.get(pk=table.pk).state["players"]}
    assert hands[ann.seat.pk] == 3
