"""``GET /api/v1/tables/{id}/combat/odds/`` through the real API (issue #10).

A solo combat (a Threat Manifestation) is driven by commands over HTTP; the
odds endpoint then answers the rules' exact numbers: probabilities that sum to
one over every ordered turn and river of the unseen cards, and the swaps.
"""

from __future__ import annotations

import math

import pytest

from tests.grimhand_personas import (  # noqa: F401
    create_character,
    fixture_gh_host,
    fixture_gh_outsider,
    fixture_gh_player,
    ok,
)
from tests.personas import Person

pytestmark = pytest.mark.django_db


def odds_url(p: Person) -> str:
    return f"/api/v1/tables/{p.table.pk}/combat/odds/"


def test_odds_of_a_solo_combat_on_the_flop(gh_host: Person, gh_player: Person, gh_outsider: Person) -> None:
    cid = create_character(gh_player, "Bo", affinity="Blood")
    before = ok(gh_player.client.get(odds_url(gh_player)))
    assert before["available"] is False
    threat = {"rank": 6, "affinity": "Shadow", "le": 40, "name": "Manifestation"}
    ok(gh_host.command("combat.start", {"threats": [threat], "solo": cid}))
    ok(
        gh_player.command(
            "combat.deal", {"side_id": f"C{cid}", "active": ["9BL", "9SH"], "inactive": "4BL 7NA"}
        )
    )
    ok(gh_host.command("combat.deal", {"side_id": "T1", "active": ["2SH", "3SH"]}))
    # Before the flop (issue #33 item 7): the flop's attacks over every flop the 44 unseen cards make.
    early = ok(gh_player.client.get(odds_url(gh_player)))
    assert (early["available"], early["street"], early["when"], early["exact"]) == (
        True,
        "deal",
        "on the flop",
        True,
    )
    assert early["runouts"] == math.comb(50 - 4 - 2, 3)
    assert len(early["players"][0]["swaps"]) == 4
    ok(gh_host.command("combat.street", {"cards": ["9BO", "1SH", "5IR"]}))

    body = ok(gh_player.client.get(odds_url(gh_player)))
    assert body["available"] is True and body["street"] == "flop"
    unseen = 50 - 3 - 4 - 2
    assert body["runouts"] == unseen * (unseen - 1)
    (row,) = body["players"]
    assert row["side_id"] == f"C{cid}"
    (against,) = row["against"]
    assert against["side_id"] == "T1"
    assert abs(against["higher"] + against["equal"] + against["lower"] - 1) < 1e-9
    assert against["expected_dealt"] > 0
    assert sorted((s["in"], s["out"]) for s in row["swaps"]) == sorted(
        [("4BL", "9BL"), ("4BL", "9SH"), ("7NA", "9BL"), ("7NA", "9SH")]
    )

    assert gh_outsider.client.get(odds_url(gh_player)).status_code == 403
    anonymous = gh_player.client.__class__()
    response = anonymous.get(odds_url(gh_player))
    assert response.status_code == 401 and response.json()["code"] == "not_authenticated"
