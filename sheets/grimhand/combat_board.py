"""The combat panel of the Grim Hand board made ready to show (§7.4, issue #10).

Display only: attacks, damage, rewards and odds are the rules' (the combat
block and ``odds_view``); this module puts names for ids and words for
numbers, and lays out the card pickers and the swap advice (§7.4.2).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from rules.grimhand.cards import AFFINITIES as CARD_AFFINITIES
from rules.grimhand.cards import DECK
from rules.grimhand.poker import Category
from rules.grimhand.table.combat_state import seen_cards

ADJUST_FIELDS = (("le", "LE"), ("attack", pgettext_lazy("a combat number", "Attack")))
"""The numbers of a combat side a correction by hand changes (``combat.adjust``)."""


# The words of a street score's breakdown on a phone (issue #10: "13 = base 4 + Full House 6 +
# resonance 2 + crit 1"); the hand's own line is named by its poker name, the game's title shown beside.
_SHORT = {
    "base": gettext_lazy("base %(n)s"),
    "Affinity Resonance": gettext_lazy("resonance %(n)s"),
    "Critical Hit": gettext_lazy("crit %(n)s"),
    "Critical Chain": gettext_lazy("chain %(n)s"),
    "queue entry": gettext_lazy("queue entry %(n)s"),
    "modifiers": gettext_lazy("modifiers %(n)s"),
}
# A swap costs 1 AP: advised only when it gains at least this much damage on average (shown to 0.1).
SWAP_WORTH = 0.05
_STREET_CARDS = {"deal": ("flop", 3), "flop": ("turn", 1), "turn": ("river", 1)}


def _category(name: str) -> Category:
    return Category[name.upper()]


def score_view(score: Mapping[str, Any]) -> dict[str, Any]:
    """One side's street attack with its breakdown in words."""
    category = _category(score["category"])
    parts = []
    for line in score["breakdown"]:
        source = line["source"]
        if source == score["hand"] or source not in _SHORT:
            name = category.common_name if source == score["hand"] else source
            parts.append(f"{name} {line['amount']}")
        else:
            parts.append(str(_SHORT[source]) % {"n": line["amount"]})
    return {
        "attack": score["attack"],
        "street": score["street"],
        "hand": f"{score['hand']} ({category.common_name})",
        "text": f"{score['attack']} = {' + '.join(parts)}",
    }


def _percent(share: float) -> str:
    return f"{round(share * 100)}%"


def _share(m: Mapping[str, Any], key: str) -> str:
    """A share in percent; a sampled one (``margin``, the rules' 95% margin) with its ± on ``higher``."""
    if key == "higher" and m.get("margin") is not None:
        return f"{_percent(m[key])} \u00b1 {float(m['margin']) * 100:.1f}%"
    return _percent(m[key])


def _advice(swaps: list[Mapping[str, Any]], when: str) -> str:
    """The best swap by net damage per runout, if it gains at all (1 AP, §7.4.2)."""
    best = max(swaps, key=lambda w: float(w["net_gain"]), default=None)
    if best is None:
        return ""
    if float(best["net_gain"]) >= SWAP_WORTH:
        gain = float(best["net_gain"])
        return _("Swap %(in)s in for %(out)s (1 AP): +%(gain)s damage on average %(when)s.") % {
            "in": best["in"],
            "out": best["out"],
            "gain": f"{gain:.1f}",
            "when": when,
        }
    return _("Keep your cards: no swap gains on average.")


def _odds_rows(odds: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """Per player side: chances against each threat and the swap advice (best net gain first)."""
    rows: dict[str, dict[str, Any]] = {}
    for row in odds.get("players", []) if odds.get("available") else []:
        against = [
            {
                "name": m["name"],
                "higher": _share(m, "higher"),
                "equal": _share(m, "equal"),
                "lower": _share(m, "lower"),
                "dealt": f"{m['expected_dealt']:.1f}",
                "taken": f"{m['expected_taken']:.1f}",
            }
            for m in row["against"]
        ]
        rows[row["side_id"]] = {"against": against, "advice": _advice(row["swaps"], str(odds["when"]))}
    return rows


def combat_view(state: Mapping[str, Any], odds_now: Mapping[str, Any]) -> dict[str, Any]:
    """The combat block made ready to show (issue #10): names for ids, words for numbers.

    Display only: the attacks, damage and rewards are the rules' (the combat
    block); the card pick lists grey out every card already on the table this
    round, the same set ``combat.deal`` and ``combat.street`` refuse.
    """
    combat = state["combat"]
    seen = seen_cards(combat)
    names = {s["id"]: s["name"] for s in combat["sides"]}
    now = int(combat["round"])
    latest: dict[str, Mapping[str, Any]] = {}
    for score in combat["scores"]:
        if int(score["round"]) == now:
            latest[score["side_id"]] = score
    sides = _side_views(state, combat, latest, _odds_rows(odds_now))
    street = combat["street"]
    shown = combat.get("shown") or []
    coming, count = _STREET_CARDS.get(street, ("", 0)) if not shown else ("", 0)
    damage = [
        {**d, "from_name": names.get(d["from"], d["from"]), "to_name": names.get(d["to"], d["to"])}
        for d in combat["damage"]
        if int(d["round"]) == now
    ]
    return {
        "players": [v for v in sides if v["side"]["kind"] == "player"],
        "threats": [v for v in sides if v["side"]["kind"] != "player"],
        "queue": [names.get(key, key) for key in combat["queue"]],
        "card_groups": _card_groups(seen),
        "coming": coming,
        "shown": shown,
        "street_slots": [str(n) for n in range(1, count + 1)],
        "damage": damage,
        "rewards": _reward_views(combat, names),
        "adjust_fields": ADJUST_FIELDS,
    }


def _side_views(
    state: Mapping[str, Any],
    combat: Mapping[str, Any],
    latest: Mapping[str, Mapping[str, Any]],
    odds: Mapping[str, Any],
) -> list[dict[str, Any]]:
    """Each side with its latest score, its LE shown, its hole-card slots and its odds."""
    characters = state.get("characters", {})
    sides = []
    for side in combat["sides"]:
        extra = 0
        if side["kind"] == "player":
            char = characters.get(str(side["character_id"]), {})
            extra = int(char.get("derived", {}).get("extra_hole_cards", 0))
        max_le = max(1, int(side["max_le"]))
        sides.append({
            "side": side,
            "score": score_view(latest[side["id"]]) if side["id"] in latest else None,
            "le_shown": max(0, int(side["le"])),
            "low": int(side["le"]) * 3 <= max_le,
            "active_slots": [str(n) for n in range(1, 3 + extra)],
            "odds": odds.get(side["id"]),
        })  # fmt: skip
    return sides


def _card_groups(seen: set[str]) -> list[dict[str, Any]]:
    """The deck by affinity for the card pickers; a card already on the table is greyed out."""
    return [
        {
            "label": affinity.value,
            "cards": [
                {"code": c.code, "label": str(c), "seen": c.code in seen}
                for c in DECK
                if c.affinity is affinity
            ],
        }
        for affinity in CARD_AFFINITIES
    ]


def _reward_views(combat: Mapping[str, Any], names: Mapping[str, str]) -> list[dict[str, Any]]:
    """Each despatch's rewards: XP with its hand multiplier, final blows, loot rolls (§7.4.8)."""
    rewards = []
    for entry in combat["rewards"]:
        hands = {
            s["side_id"]: _category(s["category"])
            for s in combat["scores"]
            if s["round"] == entry["round"] and s["street"] == entry["street"]
        }
        xp = [
            {
                "name": names.get(sid, sid),
                "xp": amount,
                "times": hands[sid].xp_multiplier if sid in hands else 1,
            }
            for sid, amount in entry["xp"].items()
        ]
        loot = [
            {"key": key, "name": names.get(key, key), "roll": roll} for key, roll in entry["loot"].items()
        ]
        blows = [names.get(str(by), "") for by in entry["final_blow"].values() if by]
        rewards.append(
            {"entry": entry, "names": " & ".join(entry["names"]), "xp": xp, "blows": blows, "loot": loot}
        )
    return rewards
