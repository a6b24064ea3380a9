"""The rematch service: the host of an ended table only, once; the game's options and the seats
carried over (issue #33, item 3)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from campaigns import services
from campaigns.models import Role, Seat
from rules.errors import RuleViolation
from tests.sample_play import ApiSitting, played, sample_of

pytestmark = pytest.mark.django_db


def refusal(step: Callable[..., object], seat: Seat) -> str:
    with pytest.raises(RuleViolation) as caught:
        step(seat=seat)
    return caught.value.code


@pytest.mark.parametrize("game", ["grim", "grimwood"])
def test_a_rematch_has_the_same_game_options_and_seats(game: str) -> None:
    sitting = played(game)
    old = sitting.table
    host, *others = [p.seat for p in sitting.people]
    new, grant = services.table_rematch(seat=Seat.objects.get(pk=host.pk))
    assert (new.game, new.name, new.rematch_of_id) == (old.game, old.name, old.pk)
    assert services.game_options(new) == services.game_options(old)
    assert (sample_of(game).options or {}).items() <= services.game_options(new).items()
    assert grant.seat.role == Role.HOST and grant.seat.name == host.name
    for seat in others:
        _table, followed = services.rematch_follow(seat=Seat.objects.get(pk=seat.pk))
        assert (followed.seat.name, followed.seat.position) == (seat.name, seat.position)
    names = list(new.seats.order_by("position").values_list("name", flat=True))
    assert names == [p.seat.name for p in sitting.people]
    assert refusal(services.rematch_follow, Seat.objects.get(pk=others[0].pk)) == "already_followed"
    assert refusal(services.table_rematch, Seat.objects.get(pk=host.pk)) == "rematch_exists"


def test_only_the_host_of_an_ended_table_starts_a_rematch() -> None:
    sample = sample_of("grimwood")
    sitting = ApiSitting("grimwood", sample.seats, sample.options)
    host, bo = (Seat.objects.get(pk=p.seat.pk) for p in sitting.people[:2])
    assert refusal(services.table_rematch, host) == "not_ended"
    assert refusal(services.rematch_follow, bo) == "no_rematch"
    sitting.end()
    assert refusal(services.table_rematch, Seat.objects.get(pk=bo.pk)) == "host_only"
