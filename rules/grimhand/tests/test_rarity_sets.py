"""Rarity and sets at the table (§8; spec Rarity and sets; issue #31).

§8: "Each Equipment Card will be assigned a set by the Companion App when the
Equipment Card is Entered ... Complete sets will grant additional bonuses."
Spec: rarity by the d100 (Common 45, Uncommon 31, Rare 14, Ultra Rare 6,
Legendary 3, Mythic 1) when the item enters a character's hands, kept with it;
five equipped items of one rarity complete a set (Rare: +1 LE +1 ST).
"""

from __future__ import annotations

import random
from typing import Any

from rules.engine import Actor, State
from rules.grimhand.tests.campaign_support import HOST, RULES, char, party, run
from rules.grimhand.tests.test_rarity_equipment import FixedD100


def rolled(state: State, type_: str, actor: Actor, d100: int, **payload: Any) -> tuple[State, dict[str, Any]]:
    """``type_`` with the table's d100 showing ``d100``."""
    rng: random.Random = FixedD100(d100)
    outcome = RULES.apply(state, type_, payload, actor, rng)
    event = outcome.events[-1]
    return outcome.state, {"type": event.type, "payload": event.payload}


def test_a_bought_card_gets_its_rarity_from_the_d100_as_it_enters_and_keeps_it_when_traded() -> None:
    state, hal, ada, _bea = party()
    state, _ = run(state, "campaign.start", levels=1)
    state, _ = run(state, "market.open", cards="3BL 4IR")
    state, bought = rolled(state, "market.buy", HOST, 95, character_id=hal, card="3BL")  # 91..96: Ultra Rare
    assert char(state, hal)["equipment"][0]["rarity"] == "Ultra Rare"
    assert "Blood item 3 (Ultra Rare)" in bought["payload"]["line"]
    state, _ = rolled(state, "character.give", HOST, 1, character_id=hal, rank=3, affinity="Blood",
                      to_character_id=ada)  # fmt: skip
    assert char(state, ada)["inventory"][0]["rarity"] == "Ultra Rare"  # no roll on a trade (d100 1 unused)


def test_five_of_one_rarity_complete_a_set_four_and_one_do_not() -> None:
    state, hal, _ada, _bea = party()
    base = dict(char(state, hal)["derived"]["stats"])
    for rank, d100 in ((1, 80), (3, 85), (5, 90), (7, 77), (9, 60)):  # four Rare (77..90), one Uncommon
        state, _ = rolled(state, "character.equip", HOST, d100, character_id=hal, rank=rank, affinity="Bone")
    assert char(state, hal)["derived"]["set"] is None
    state, _ = run(state, "character.unequip", character_id=hal, rank=9, affinity="Bone", to="discard")
    state, _ = rolled(state, "character.equip", HOST, 88, character_id=hal, rank=9, affinity="Bone")
    c = char(state, hal)
    assert c["derived"]["set"] == {"rarity": "Rare"}
    # Hal is of Iron: no alignment; Bone 1-3-5-7-9 is a flush (Pure Affinity +1 LE); Rare set +1 LE +1 ST
    assert c["derived"]["stats"]["max_le"] == base["max_le"] + 1 + 1
    assert c["derived"]["stats"]["strength"] == base["strength"] + 1
    assert {"source": "set (Rare)", "amount": 1} in c["derived"]["breakdown"]["strength"]
    state, _ = run(state, "character.set", character_id=hal, stat="le", value=c["derived"]["stats"]["max_le"])
    state, event = run(state, "character.unequip", character_id=hal, rank=1, affinity="Bone")
    after = char(state, hal)
    assert after["derived"]["set"] is None and after["le"] == after["derived"]["stats"]["max_le"]
    line = RULES.describe(event["type"], event["payload"], {})
    top = c["derived"]["stats"]["max_le"]
    assert f"LE {top} \u2192 {top - 2}" in line  # set and flush gone: the current LE follows the maximum
