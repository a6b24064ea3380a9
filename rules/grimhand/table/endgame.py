"""The end of a campaign at the table: redemption, trophies, the records (§13).

``campaign.end {order?: [character_id], dice?: {character_id: [5 faces]},
tie_break?: {character_id: "5 cards"}}``:

1. Corruption redemption: every uncorrupted character still in the quest
   rolls 5 affinity dice (or types them); dice of its own affinity succeed,
   Wilds do NOT count. The pool lowers the corrupted characters' Corruption
   in the order the party chooses (default: seating order); those still
   corrupted turn on the party.
2. Trophies: most XP 1, most gold 1, most quests completed 1, most threats
   killed 2, best equipment hand 2; ties all score. An overall tie is broken
   by each tied player's best five drawn cards (typed, or the table deals).
3. The record per character (XP, quests, gold, threats killed, final
   equipment hand, trophies, survived or defeated) is kept in
   ``campaign.end`` for comparing campaigns, and the table ends with it.
"""

from __future__ import annotations

from typing import Any

from rules.engine import Payload
from rules.errors import RuleViolation
from rules.grimhand.cards import Affinity, Card
from rules.grimhand.endgame import (
    PlayerRecord,
    award_trophies,
    break_tie,
    draw_tie_break,
    redeem,
    redemption_successes,
)
from rules.grimhand.poker import HandValue, evaluate_exact
from rules.grimhand.table.context import Ctx, EventBody
from rules.grimhand.table.dicein import affinity_dice, face_names, read_cards
from rules.grimhand.table.ops import counter_op
from rules.grimhand.table.session import (
    campaign,
    is_defeated,
    party,
    require_phase,
    require_player,
    set_phase,
)
from rules.grimhand.table.state import Character
from rules.validate import fields

AWARD_NAMES = {
    "xp": "most XP",
    "gold": "most gold",
    "quests": "most quests completed",
    "threats": "most threats killed",
    "equipment_hand": "best equipment hand",
}


def _threshold(ctx: Ctx) -> int:
    return int(ctx.settings.get("corruption_threshold", 4))


def _hand(char: Character) -> HandValue | None:
    cards = [Card(int(i["rank"]), Affinity(i["affinity"])) for i in char["equipment"]]
    return evaluate_exact(cards) if cards else None


def _per_character(payload: Payload, key: str) -> dict[str, Any]:
    raw = payload.get(key)
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise RuleViolation("bad_field", f"{key} maps each character's id to its values.", {"field": key})
    return {str(k): v for k, v in raw.items()}


def _redemption(ctx: Ctx, payload: Payload) -> dict[str, Any]:
    threshold = _threshold(ctx)
    chars = party(ctx)
    corrupted = [c for c in chars if int(c["corruption"]) >= threshold]
    rollers = [c for c in chars if int(c["corruption"]) < threshold]
    typed = _per_character(payload, "dice")
    for key in typed:
        if key not in {str(c["id"]) for c in rollers}:
            raise RuleViolation(
                "bad_field", "Only uncorrupted characters roll for redemption.", {"field": "dice"}
            )
    rolls = []
    pool = 0
    if corrupted:
        for char in rollers:
            dice = affinity_dice(
                ctx.rng, {"dice": typed.get(str(char["id"]))}, 5, f"{char['name']}'s redemption roll"
            )
            successes = redemption_successes(dice, Affinity(char["affinity"]))
            pool += successes
            rolls.append(
                {
                    "character_id": char["id"],
                    "character": char["name"],
                    "dice": [d.value for d in dice],
                    "faces": face_names(dice),
                    "successes": successes,
                }
            )
    order_raw = payload.get("order")
    by_id = {int(c["id"]): c for c in corrupted}
    if order_raw is None:
        order = list(by_id)
    else:
        if not isinstance(order_raw, list) or sorted(map(str, order_raw)) != sorted(map(str, by_id)):
            raise RuleViolation(
                "bad_field", "The order names each corrupted character once.", {"field": "order"}
            )
        order = [int(x) for x in order_raw]
    result = redeem(
        {str(k): int(c["corruption"]) for k, c in by_id.items()}, pool, [str(k) for k in order], threshold
    )
    changes = []
    for cid in order:
        char = by_id[cid]
        before, after = int(char["corruption"]), int(result.corruption[str(cid)])
        if after != before:
            ctx.do(counter_op(char, "corruption", after))
        changes.append(
            {
                "character_id": cid,
                "character": char["name"],
                "before": before,
                "after": after,
                "corrupted": after >= threshold,
            }
        )
    return {
        "pool": pool,
        "rolls": rolls,
        "changes": changes,
        "unused": result.unused,
        "still_corrupted": [int(s) for s in result.still_corrupted],
    }


def _tie_break(ctx: Ctx, payload: Payload, leaders: list[str], names: dict[str, str]) -> dict[str, Any]:
    typed = _per_character(payload, "tie_break")
    if typed:
        hands: dict[str, tuple[Card, ...]] = {}
        for seat in leaders:
            try:
                hands[seat] = tuple(read_cards({"tie_break": typed.get(seat)}, "tie_break", (5,)))
            except RuleViolation as problem:
                raise RuleViolation(
                    "bad_field", f"Type the 5 cards {names[seat]} drew, e.g. 3BL 7IR 7NA 9SH 10BO.",
                    {"field": "tie_break", "problem": problem.code},
                ) from None  # fmt: skip
        everyone = [c for h in hands.values() for c in h]
        if len(set(everyone)) != len(everyone):
            raise RuleViolation(
                "bad_field", "The tied players drew from one deck: no card twice.", {"field": "tie_break"}
            )
    else:
        hands = draw_tie_break(ctx.rng, leaders)
    winners = list(break_tie(hands))
    return {
        "hands": {s: [c.code for c in h] for s, h in hands.items()},
        "titles": {s: evaluate_exact(list(h)).title for s, h in hands.items()},
        "winners": [int(s) for s in winners],
    }


def end_campaign(ctx: Ctx, payload: Payload) -> EventBody:
    fields(payload, ("order", "dice", "tie_break"))
    require_player(ctx)
    require_phase(ctx, "explore", "preparation", "rest", doing="end the campaign")
    camp = campaign(ctx)
    card = camp["explore"][-1] if camp["explore"] else None
    if camp["phase"] == "explore" and card is not None and not card["resolved"]:
        raise RuleViolation("card_unresolved", f"Resolve {card['name']} first.", {"field": ""})
    redemption = _redemption(ctx, payload)
    chars = party(ctx, with_defeated=True)
    if not chars:
        raise RuleViolation("no_characters", "There is nobody to score.", {"field": ""})
    kills = camp["kills"]
    records = [
        PlayerRecord(
            str(c["id"]),
            int(c["xp"]),
            int(c["gold"]),
            sum(1 for q in c["quests"] if q["status"] == "completed"),
            len(kills.get(str(c["id"]), [])),
            _hand(c),
        )
        for c in chars
    ]
    trophies = award_trophies(records)
    names = {str(c["id"]): str(c["name"]) for c in chars}
    leaders = list(trophies.leaders)
    tie = _tie_break(ctx, payload, leaders, names) if len(leaders) > 1 else None
    winners = tie["winners"] if tie else [int(s) for s in leaders]
    threshold = _threshold(ctx)
    rows = []
    for char, record in zip(chars, records, strict=True):
        hand = record.equipment_hand
        rows.append(
            {
                "character_id": char["id"],
                "seat_id": char["seat_id"],
                "name": char["name"],
                "xp": record.xp,
                "gold": record.gold,
                "quests": record.quests,
                "threats": record.threats,
                "kills": list(kills.get(str(char["id"]), [])),
                "equipment_hand": hand.title if hand else None,
                "stature": char["derived"]["stature"],
                "trophies": trophies.trophies[record.seat],
                "survived": not is_defeated(ctx, char),
                "corrupted": int(char["corruption"]) >= threshold,
                "won": int(char["id"]) in winners,
                "level": int(camp["level"]),
            }
        )
    end = {
        "redemption": redemption,
        "awards": {k: [int(s) for s in v] for k, v in trophies.awards.items()},
        "tie_break": tie,
        "winners": winners,
        "records": rows,
    }
    ctx.rec.set(["campaign", "end"], end)
    set_phase(ctx, "ended")
    win_names = " and ".join(names[str(w)] for w in winners)
    line = "The campaign ends. "
    if redemption["changes"]:
        line += (
            f"Redemption pool {redemption['pool']}: "
            + "; ".join(
                f"{c['character']} Corruption {c['before']} \u2192 {c['after']}"
                + (" (still corrupted)" if c["corrupted"] else "")
                for c in redemption["changes"]
            )
            + ". "
        )
    line += "Trophies: " + ", ".join(f"{r['name']} {r['trophies']}" for r in rows) + ". "
    if tie:
        line += (
            "Tie broken by the drawn hands: "
            + ", ".join(f"{names[s]} {t}" for s, t in tie["titles"].items())
            + ". "
        )
    line += f"{win_names} {'win' if len(winners) > 1 else 'wins'}."
    return "campaign.ended", {**end, "line": line, "ends_table": True}


def results(state: dict[str, Any]) -> list[dict[str, Any]]:
    """The play record per seat (issue #14): trophies as the score, the tie-broken winner first."""
    end = (state.get("campaign") or {}).get("end")
    if not end:
        return []
    rows = end["records"]
    out = []
    for row in rows:
        ahead = sum(1 for other in rows if other["trophies"] > row["trophies"])
        place = 1 if row["won"] else ahead + 1 + (1 if ahead == 0 else 0)
        out.append(
            {
                "seat_id": row["seat_id"],
                "score": row["trophies"],
                "place": place,
                "won": row["won"],
                "details": row,
            }
        )
    return out
