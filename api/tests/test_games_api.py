"""The game registry seen from outside: ``/api/v1/games/`` and table options (issue #8)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, ClassVar

import pytest
from rest_framework.test import APIClient

from campaigns import registry
from rules.engine import Payload, State
from rules.errors import RuleViolation
from rules.game import Ctx, EventBody, OpsRules

pytestmark = pytest.mark.django_db


def _tick(ctx: Ctx, payload: Payload) -> EventBody:
    ctx.rec.add(["round"], 1, hi=ctx.state["rounds"])
    return "round.ticked", {"round": ctx.state["round"]}


class RoundsRules(OpsRules):
    """A made-up game with one option, as a game app would write it."""

    game = "rounds"
    name = "Rounds"
    handlers: ClassVar[Mapping[str, Any]] = {"round.tick": _tick}

    def clean_options(self, raw: Mapping[str, Any] | None) -> dict[str, Any]:
        raw = dict(raw or {})
        rounds = raw.pop("rounds", 3)
        if raw:
            key = next(iter(raw))
            raise RuleViolation("unknown_option", f"Rounds has no option {key!r}.", {"field": key})
        if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= 10:
            raise RuleViolation("bad_option", "Play 1 to 10 rounds.", {"field": "rounds"})
        return {"rounds": rounds}

    def initial_state(self, options: Mapping[str, Any] | None = None) -> State:
        return {"round": 0, "rounds": self.clean_options(options)["rounds"]}


@pytest.fixture
def rounds_game() -> Iterator[registry.GameSpec]:
    spec = registry.GameSpec(
        slug="rounds", name="Rounds", blurb="Counts rounds.", rules=RoundsRules(), min_seats=2, max_seats=4
    )
    registry.register(spec)
    yield spec
    registry.unregister("rounds")


def create(body: dict[str, Any]) -> Any:
    return APIClient().post("/api/v1/tables/", {"name": "Fri", "seat_name": "Ann", **body}, format="json")


def test_games_lists_every_registered_game_with_its_commands() -> None:
    body = APIClient().get("/api/v1/games/").json()
    by_slug = {g["slug"]: g for g in body}
    assert set(by_slug) == set(registry.slugs())
    assert {"grimhand", "counters"} <= set(by_slug)
    counters = by_slug["counters"]
    assert set(counters) == {"slug", "name", "blurb", "min_seats", "max_seats", "commands", "options"}
    assert counters["options"] == []
    grim = by_slug["grim"]
    assert grim["options"][0]["key"] == "format"
    assert [c["value"] for c in grim["options"][0]["choices"]] == ["standard", "coven"]
    assert "counter.add" in counters["commands"] and "undo" in counters["commands"]
    assert "character.create" in by_slug["grimhand"]["commands"]
    assert "table.end" in by_slug["grimhand"]["commands"]


def test_a_registered_game_is_playable_with_its_options(rounds_game: registry.GameSpec) -> None:
    games = APIClient().get("/api/v1/games/").json()
    assert {
        "slug": "rounds",
        "name": "Rounds",
        "blurb": "Counts rounds.",
        "min_seats": 2,
        "max_seats": 4,
    }.items() <= next(g for g in games if g["slug"] == "rounds").items()
    r = create({"game": "rounds", "options": {"rounds": 2}})
    assert r.status_code == 201, r.json()
    assert r.json()["state"]["rounds"] == 2
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Seat {r.json()['seat']['token']}")
    url = f"/api/v1/tables/{r.json()['id']}/commands/"
    tick = client.post(url, {"command_id": "a", "type": "round.tick", "payload": {}}, format="json")
    assert tick.json()["state"]["round"] == 1
    undo = client.post(
        url, {"command_id": "b", "type": "undo", "payload": {"seq": tick.json()["seq"]}}, format="json"
    )
    assert undo.status_code == 200 and undo.json()["state"]["round"] == 0


@pytest.mark.parametrize(
    ("options", "code", "field"),
    [
        ({"rounds": 11}, "bad_option", "options.rounds"),
        ({"rounds": "2"}, "bad_option", "options.rounds"),
        ({"turns": 2}, "unknown_option", "options.turns"),
        ([1, 2], "invalid", "options"),
    ],
)
def test_bad_options_are_refused_with_the_field(
    rounds_game: registry.GameSpec, options: Any, code: str, field: str
) -> None:
    r = create({"game": "rounds", "options": options})
    assert r.status_code == 400
    assert r.json()["code"] == code
    assert r.json()["extra"]["field"] == field


def test_a_game_without_options_refuses_any() -> None:
    r = create({"game": "counters", "options": {"colour": "red"}})
    assert r.status_code == 400
    assert r.json()["code"] == "unknown_option" and r.json()["extra"]["field"] == "options.colour"


def test_an_unregistered_game_is_refused_with_the_list() -> None:
    r = create({"game": "rounds"})
    assert r.status_code == 400
    assert r.json()["code"] == "unknown_game"
    assert set(r.json()["extra"]["games"]) == set(registry.slugs())
