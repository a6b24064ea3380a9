"""Table services: the log, snapshots, idempotency, undo and seat management."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from campaigns import services
from campaigns.models import Command, Event, Play, Seat, Table
from rules.errors import RuleViolation
from tests.personas import Person, add_life

pytestmark = pytest.mark.django_db


def seqs(table: Table) -> list[int]:
    return list(Event.objects.filter(table=table).values_list("seq", flat=True))


def test_create_makes_host_seat_code_and_first_event() -> None:
    table, grant = services.table_create(game="counters", name="  Friday ", seat_name="Ann")
    assert table.name == "Friday"
    assert len(table.join_code) == 6 and not set(table.join_code) & set("01OIL")
    assert grant.seat.role == "host"
    assert grant.seat.token_hash != grant.token  # only the hash is stored
    assert seqs(table) == [1]
    host = {"seat_id": grant.seat.pk, "name": "Ann", "role": "host", "colour": grant.seat.colour}
    block = {
        "name": "Friday",
        "edit_policy": "own",
        "status": "open",
        "seats": [{**host, "position": 0, "removed": False}],
    }
    assert table.state == {"counters": [], "next_id": 1, "undone": [], "table": block}


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"game": "chess", "name": "x", "seat_name": "Ann"}, "unknown_game"),
        ({"game": "counters", "name": "", "seat_name": "Ann"}, "bad_name"),
        ({"game": "counters", "name": "x", "seat_name": " "}, "bad_name"),
    ],
)
def test_create_refusals(kwargs: dict, code: str) -> None:
    with pytest.raises(RuleViolation) as err:
        services.table_create(**kwargs)
    assert err.value.code == code
    assert not Table.objects.exists()


def test_join_code_is_forgiving_about_case_and_spaces(host: Person) -> None:
    code = host.table.join_code
    table, grant = services.seat_join(code=f" {code[:3].lower()}-{code[3:]} ", name="Bo")
    assert table == host.table and grant.seat.position == 1


@pytest.mark.parametrize(("code", "status"), [("ZZZZZZ", 404), ("abc", 404)])
def test_wrong_codes_are_refused(host: Person, code: str, status: int) -> None:
    with pytest.raises(RuleViolation) as err:
        services.seat_join(code=code, name="Bo")
    assert (err.value.code, err.value.status) == ("bad_code", status)


def test_commands_get_gapless_seqs_and_the_snapshot_follows(host: Person, player: Person) -> None:
    life = add_life(player)
    for by in (1, -2, 3):
        assert player.command("counter.adjust", {"counter_id": life, "by": by}).status_code == 200
    table = Table.objects.get(pk=host.table.pk)
    assert seqs(table) == list(range(1, table.seq + 1))
    assert table.state["counters"][0]["value"] == 22


def test_a_refused_command_changes_nothing(player: Person) -> None:
    life = add_life(player, 1, min=0)
    table = Table.objects.get(pk=player.table.pk)
    before = (table.seq, table.state, Event.objects.count(), Command.objects.count())
    r = player.command("counter.adjust", {"counter_id": life, "by": -2})
    assert r.status_code == 400 and r.json()["code"] == "below_min"
    table.refresh_from_db()
    assert (table.seq, table.state, Event.objects.count(), Command.objects.count()) == before


def test_repeated_command_id_returns_the_first_answer(player: Person) -> None:
    life = add_life(player)
    first = player.command("counter.adjust", {"counter_id": life, "by": 1}, command_id="same")
    again = player.command("counter.adjust", {"counter_id": life, "by": 1}, command_id="same")
    assert first.json() == again.json()
    assert Table.objects.get(pk=player.table.pk).state["counters"][0]["value"] == 21


def test_stale_expected_seq_is_409_with_current_seq(player: Person) -> None:
    add_life(player)
    table = Table.objects.get(pk=player.table.pk)
    r = player.command("counter.add", {"name": "Gold"}, expected_seq=table.seq - 1)
    assert r.status_code == 409
    assert r.json()["code"] == "stale_seq" and r.json()["extra"]["seq"] == table.seq
    ok = player.command("counter.add", {"name": "Gold"}, expected_seq=table.seq)
    assert ok.status_code == 200


def test_undo_and_redo_append_compensating_events(host: Person, player: Person) -> None:
    life = add_life(player)
    adjust = player.command("counter.adjust", {"counter_id": life, "by": -4}).json()["seq"]
    undo = player.command("undo", {"seq": adjust})
    assert undo.status_code == 200
    assert undo.json()["state"]["counters"][0]["value"] == 20
    assert undo.json()["state"]["undone"] == [adjust]
    again = player.command("undo", {"seq": adjust})
    assert again.json()["code"] == "already_undone"
    redo = player.command("redo", {"seq": undo.json()["seq"]})
    assert redo.json()["state"]["counters"][0]["value"] == 16
    assert redo.json()["state"]["undone"] == []
    assert player.command("redo", {"seq": undo.json()["seq"]}).json()["code"] == "already_redone"
    # the redo itself can be undone by the host
    assert host.command("undo", {"seq": redo.json()["seq"]}).json()["state"]["counters"][0]["value"] == 20
    types = list(Event.objects.filter(table=player.table).values_list("type", flat=True))
    assert types[-4:] == ["counter.adjusted", "undo", "redo", "undo"]  # nothing deleted


def test_undo_permissions_and_refusals(player: Person, other_player: Person) -> None:
    life = add_life(player)
    seq = player.command("counter.adjust", {"counter_id": life, "by": 1}).json()["seq"]
    r = other_player.command("undo", {"seq": seq})
    assert r.status_code == 403 and r.json()["code"] == "not_your_change"
    assert player.command("undo", {"seq": 999}).json()["code"] == "unknown_event"
    assert player.command("undo", {"seq": "x"}).json()["code"] == "bad_field"
    assert player.command("undo", {"seq": 1}).json()["code"] == "not_your_change"  # seat.joined by host
    assert player.command("redo", {"seq": seq}).json()["code"] == "cannot_redo"


def test_host_manages_seats_code_policy_and_ends(
    host: Person, player: Person, other_player: Person, django_capture_on_commit_callbacks, eager_tasks
) -> None:
    old_code = host.table.join_code
    assert host.command("seat.rename", {"seat_id": player.seat.pk, "name": "Bob"}).status_code == 200
    order = [other_player.seat.pk, host.seat.pk, player.seat.pk]
    assert host.command("seat.reorder", {"seat_ids": order}).status_code == 200
    assert (
        list(Seat.objects.filter(table=host.table).order_by("position").values_list("pk", flat=True)) == order
    )
    r = host.command("table.rotate_code")
    assert r.status_code == 200
    new_code = Table.objects.get(pk=host.table.pk).join_code
    assert new_code != old_code
    with pytest.raises(RuleViolation):
        services.seat_join(code=old_code, name="Late")
    services.seat_join(code=new_code, name="Late")
    assert host.command("table.set_policy", {"edit_policy": "everyone"}).status_code == 200
    life = add_life(player)
    assert other_player.command("counter.adjust", {"counter_id": life, "by": 1}).status_code == 200
    assert host.command("seat.remove", {"seat_id": other_player.seat.pk}).status_code == 200
    gone = other_player.command("counter.add", {"name": "x"})
    assert gone.status_code == 401 and gone.json()["code"] == "bad_token"
    with django_capture_on_commit_callbacks(execute=True):
        assert host.command("table.end").status_code == 200
    ended = player.command("counter.adjust", {"counter_id": life, "by": 1})
    assert ended.status_code == 409 and ended.json()["code"] == "table_ended"
    play = Play.objects.get(table=host.table)  # tasks run eagerly on the embedded default
    assert play.final_state["counters"][0]["value"] == 21
    assert [s["name"] for s in play.seats][:2] == ["Cy", "Ann"]


@pytest.mark.parametrize(
    ("type_", "payload"),
    [
        ("seat.reorder", {"seat_ids": []}),
        ("seat.remove", {"seat_id": 0}),
        ("table.rotate_code", {}),
        ("table.set_policy", {"edit_policy": "everyone"}),
        ("table.end", {}),
        ("table.rename", {"name": "Mine"}),
    ],
)
def test_players_cannot_use_host_tools(player: Person, type_: str, payload: dict) -> None:
    r = player.command(type_, payload)
    assert r.status_code == 403 and r.json()["code"] == "host_only"


def test_a_player_may_rename_their_own_seat_only(player: Person, other_player: Person) -> None:
    assert player.command("seat.rename", {"seat_id": player.seat.pk, "name": "B"}).status_code == 200
    assert player.command("seat.rename", {"seat_id": other_player.seat.pk, "name": "C"}).status_code == 403


def test_host_seat_cannot_be_removed(host: Person) -> None:
    r = host.command("seat.remove", {"seat_id": host.seat.pk})
    assert r.json()["code"] == "cannot_remove_host"


def test_claim_ties_a_guest_seat_to_an_account(player: Person, django_user_model) -> None:
    user = django_user_model.objects.create_user("mara", password="pw-grim-2026")
    with pytest.raises(RuleViolation):
        services.seat_claim(seat=player.seat, user=None)
    services.seat_claim(seat=player.seat, user=user)
    assert Seat.objects.get(pk=player.seat.pk).user == user
    other = django_user_model.objects.create_user("nell", password="pw-grim-2026")
    with pytest.raises(RuleViolation) as err:
        services.seat_claim(seat=Seat.objects.get(pk=player.seat.pk), user=other)
    assert err.value.code == "seat_claimed"


def test_queries_per_command_do_not_grow_with_the_log(player: Person) -> None:
    life = add_life(player)

    def count_queries() -> int:
        with CaptureQueriesContext(connection) as ctx:
            assert player.command("counter.adjust", {"counter_id": life, "by": 1}).status_code == 200
        return len(ctx.captured_queries)

    short = count_queries()
    for _ in range(150):
        player.command("counter.adjust", {"counter_id": life, "by": 1})
    assert count_queries() == short
    assert short <= 10


def test_a_retry_that_would_now_be_refused_still_gets_the_first_answer(player: Person) -> None:
    life = add_life(player, 1, min=0)
    first = player.command("counter.adjust", {"counter_id": life, "by": -1}, command_id="last-life")
    assert first.status_code == 200
    retry = player.command("counter.adjust", {"counter_id": life, "by": -1}, command_id="last-life")
    assert retry.status_code == 200 and retry.json() == first.json()
    stale_retry = player.command(
        "counter.adjust", {"counter_id": life, "by": -1}, command_id="last-life", expected_seq=0
    )
    assert stale_retry.json() == first.json()
    assert Event.objects.filter(table=player.table, command_id="last-life").count() == 1


def test_a_command_id_reused_for_a_different_change_is_refused(player: Person, other_player: Person) -> None:
    life = add_life(player)
    first = player.command("counter.adjust", {"counter_id": life, "by": 1}, command_id="tap-1")
    assert first.status_code == 200
    before = Table.objects.get(pk=player.table.pk).seq
    for response in (
        player.command("counter.adjust", {"counter_id": life, "by": 5}, command_id="tap-1"),
        player.command("counter.set", {"counter_id": life, "value": 1}, command_id="tap-1"),
        other_player.command("counter.adjust", {"counter_id": life, "by": 1}, command_id="tap-1"),
    ):
        assert response.status_code == 409, response.json()
        assert response.json()["code"] == "command_id_reused"
    table = Table.objects.get(pk=player.table.pk)
    assert table.seq == before and table.state["counters"][0]["value"] == 21
    # The very same request repeated still gets its first answer.
    again = player.command("counter.adjust", {"counter_id": life, "by": 1}, command_id="tap-1")
    assert again.status_code == 200 and again.json() == first.json()


def test_undo_checks_the_edit_policy_in_force_when_it_is_sent(
    host: Person, player: Person, other_player: Person
) -> None:
    life = add_life(player)
    assert host.command("table.set_policy", {"edit_policy": "everyone"}).status_code == 200
    seq = other_player.command("counter.adjust", {"counter_id": life, "by": -5}).json()["seq"]
    assert host.command("table.set_policy", {"edit_policy": "own"}).status_code == 200
    refused = other_player.command("undo", {"seq": seq})
    assert refused.status_code == 403 and refused.json()["code"] == "not_your_seat"
    assert Table.objects.get(pk=player.table.pk).state["counters"][0]["value"] == 15
    assert host.command("table.set_policy", {"edit_policy": "everyone"}).status_code == 200
    assert other_player.command("undo", {"seq": seq}).status_code == 200


def test_a_spectator_cannot_undo_or_redo(host: Person, spectator: Person) -> None:
    life = add_life(host)
    seq = host.command("counter.adjust", {"counter_id": life, "by": 1}).json()["seq"]
    undo = host.command("undo", {"seq": seq}).json()["seq"]
    for type_, target in (("undo", seq), ("redo", undo)):
        r = spectator.command(type_, {"seq": target})
        assert r.status_code == 403


def test_a_spectator_seat_is_never_named_as_a_player(host: Person, spectator: Person) -> None:
    """Games see only the playing seats: a counter (or a Grim, a hero) cannot go to a watcher."""
    r = host.command("counter.add", {"name": "Life", "value": 20, "seat_id": spectator.seat.pk})
    assert r.status_code == 400 and r.json()["code"] == "unknown_seat"
    assert host.command("counter.add", {"name": "Life", "value": 20}).status_code == 200
