"""Minions (rulebook 7, Death: "Minions follow the same rules as heroes with the following exception:
Minions die at the end of your turn or if they are removed from the arena"; spec 9)."""

from __future__ import annotations

from rules.grimterra.tests.test_grimterra_support import ANN, BOB, started


def test_a_minion_dies_at_the_end_of_its_own_players_turn_not_another_players() -> None:
    t, _ = started()
    gnash = t.add("Gnash", ["Fortutidas"], 2, 3, BOB, minion=True)  # brought in during Ann's turn
    t.phase("discard")
    body = t.do("turn.next", {})  # Ann's turn ends
    assert body["minions_died"] == [] and t.hero(gnash)["side"] == "normal"
    t.phase("discard")
    body = t.do("turn.next", {}, seat=BOB)  # Bob's turn ends: his minion with it
    assert t.hero(gnash)["side"] == "dead"
    assert [(d["hero_id"], d["cause"]) for d in body["minions_died"]] == [(gnash, "end_of_turn")]
    assert t.line().startswith("Bob's turn ends; Gnash dies at the end of its player's turn; Ann's turn 3")


def test_a_minion_follows_the_rules_of_heroes_until_then() -> None:
    """Wounds flip it at its Health and kill it at its Empowered Health; 6 dark counters kill it."""
    t, _ = started()
    imp = t.add("Imp", ["Tenebris"], 2, 4, ANN, minion=True)
    t.do("hero.wound", {"hero_id": imp, "amount": 2}, seat=BOB)
    assert (t.hero(imp)["side"], t.hero(imp)["wounds"]) == ("empowered", 0)
    t.do("hero.wound", {"hero_id": imp, "amount": 4}, seat=BOB)
    assert t.hero(imp)["side"] == "dead"
    wisp = t.add("Wisp", ["Agilitas"], 3, 5, ANN, minion=True)
    t.do("hero.dark", {"hero_id": wisp, "by": 6}, seat=BOB)
    assert t.hero(wisp)["side"] == "dead" and "Wisp dies of darkness" in t.line()


def test_a_minion_in_combat_that_dies_ends_the_combat() -> None:
    """Combat ends "if your target is no longer in the arena ... due to a hero leaving the arena or dying"."""
    t, ids = started()
    gnash = t.add("Gnash", ["Fortutidas"], 2, 3, BOB, minion=True)
    t.do("combat.start", {"attacker_id": ids["vex"], "target_id": gnash})
    t.do("hero.position", {"hero_id": gnash, "position": "backrow", "note": "Recall"}, seat=BOB)
    assert t.hero(gnash)["side"] == "dead"
    body = t.do("combat.round_end", {})
    assert body["ended"] == "target_gone" and t.state["turn"]["combat"] is None
