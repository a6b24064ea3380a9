"""A combat at the table played street by street (§7.4, Appendix II; issue #10).

The pure rules (``rules.grimhand.combat``) decide every number; these
handlers read the payload, rebuild the pure state from ``state["combat"]``
(``combat_state``), and record each change through ``ctx.rec`` (the combat
block, the campaign) or ``ctx.do`` (the characters' LE, AP, gold and XP), so
undo and redo are the generic ones. Every refusal raises before the first
recorded change, so a refused command leaves the state as it was.
"""

from __future__ import annotations

from typing import Any

from rules.engine import Payload
from rules.errors import RuleViolation
from rules.grimhand.cards import Affinity
from rules.grimhand.combat.damage import exchange
from rules.grimhand.combat.lineup import Threat, form_mobs
from rules.grimhand.combat.round import (
    RETREAT_MIN_AP,
    RETREAT_MIN_LE,
    Despatch,
    StreetReport,
    next_round,
    resolve_street,
    retreat_check,
)
from rules.grimhand.combat.scoring import StreetScore
from rules.grimhand.poker import Category
from rules.grimhand.table import challenges, session
from rules.grimhand.table.catalogue import parse_suit
from rules.grimhand.table.combat_state import (
    STREET_OF,
    Side,
    active_threats,
    block,
    cards_of,
    chain_json,
    codes,
    players,
    refuse_seen,
    require_host,
    set_side,
    side_of,
    to_pure,
)
from rules.grimhand.table.context import Ctx, EventBody, head
from rules.grimhand.table.dicein import read_cards
from rules.grimhand.table.ops import counter_op
from rules.grimhand.table.state import Character, find_character
from rules.validate import fields, integer, optional_integer, text

MAX_THREATS = 12
CARDS_PER_STREET = {"flop": 3, "turn": 1, "river": 1}
NEXT_STREET = {"deal": "flop", "flop": "turn", "turn": "river"}


def char_of(ctx: Ctx, side: Side) -> Character:
    return find_character(ctx.state, side["character_id"])


def _threat_from(ctx: Ctx, raw: object, n: int) -> Threat:
    """``{name}`` (or just the name) from the catalogue (``le`` may override its life), or a typed
    ``{rank, affinity, le}``."""
    where = f"threats.{n}"
    if isinstance(raw, str):
        raw = {"name": raw}
    if not isinstance(raw, dict):
        raise RuleViolation(
            "bad_field", f"{where} must be {{name}} or {{rank, affinity, le}}.", {"field": where}
        )
    fields(raw, ("name", "rank", "affinity", "le"))
    le = optional_integer(raw, "le", "LE", 1, 999)
    if "rank" not in raw and "name" in raw:
        facts = ctx.catalogue.threat(raw["name"])
        life = le if le is not None else facts.life
        if facts.rank < 1 or life is None:
            raise RuleViolation(
                "not_a_threat", f"{facts.name} has no rank and LE to fight; type them in.", {"field": where}
            )
        return Threat(facts.name, facts.rank, Affinity(parse_suit(facts.affinity)), life)
    rank = integer(raw, "rank", "Threat rank", 1, 10)
    if le is None:
        raise RuleViolation("missing_field", "A typed threat needs its LE.", {"field": f"{where}.le"})
    name = text(raw, "name", "Threat name", 40) if raw.get("name") else f"Threat {n + 1}"
    return Threat(name, rank, Affinity(parse_suit(raw.get("affinity"))), le)


def _player_side(char: Character) -> Side:
    derived = char["derived"]
    return {
        "id": f"C{char['id']}",
        "kind": "player",
        "character_id": char["id"],
        "seat_id": char["seat_id"],
        "name": char["name"],
        "members": [],
        "affinity": char["affinity"],
        "base_attack": int(derived["stats"]["attack"]),
        "modifiers": 0,
        "damage_reduction": int(derived.get("damage_reduction", 0)),
        "le": int(char["le"]),
        "max_le": int(derived["stats"]["max_le"]),
        "active": [],
        "inactive": [],
        "status": "fighting",
        "retreated": False,
        "despatched": False,
        "chain": None,
        "entered_on": None,
        "earned": {"gold": 0, "xp": 0},
    }


def start(ctx: Ctx, payload: Payload) -> EventBody:
    """``combat.start {threats, active_limit?, solo?, quest?}`` (§7.4.3; spec: Threat Manifestation)."""
    fields(payload, ("threats", "active_limit", "solo", "quest"))
    require_host(ctx, "start a combat")
    if ctx.state.get("combat"):
        raise RuleViolation("combat_under_way", "A combat is already under way.")
    raw = payload.get("threats")
    if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_THREATS:
        raise RuleViolation("bad_field", f"Name 1 to {MAX_THREATS} threats.", {"field": "threats"})
    threats = [_threat_from(ctx, item, n) for n, item in enumerate(raw)]
    before = session.phase(ctx)
    quest: dict[str, Any] | None = None
    if payload.get("solo") is not None:
        solo = find_character(ctx.state, payload["solo"])
        if session.is_defeated(ctx, solo):
            raise RuleViolation("defeated", f"{solo['name']} has left the quest.")
        party = [solo]
        if payload.get("quest") is not None:
            name = text(payload, "quest", "Quest", 80)
            entry = next((q for q in solo["quests"] if q["name"].lower() == name.lower()), None)
            challenge = (entry or {}).get("challenge") or {}
            if (
                entry is None
                or entry["status"] != "active"
                or challenge.get("challenge") != "Threat Manifestation"
            ):
                raise RuleViolation(
                    "no_threat_challenge",
                    f"{solo['name']} has no Threat Manifestation challenge rolled for {name} (§9.1).",
                    {"field": "quest"},
                )
            quest = {"character_id": solo["id"], "quest": entry["name"]}
    else:
        session.require_phase(ctx, "explore", doing="start a combat")
        card = session.current_card(ctx)
        if card is None or card.get("resolved"):
            raise RuleViolation("no_explore_card", "Reveal an explore card before a combat starts.")
        party = session.party(ctx)
    if not party:
        raise RuleViolation("no_party", "Nobody is left to fight.")
    setting = int(ctx.settings.get("active_limit", 0) or 0)
    limit = optional_integer(payload, "active_limit", "Active limit", 1, MAX_THREATS) or setting or len(party)
    card = session.current_card(ctx)
    explore_rank = int(card["rank"]) if card and payload.get("solo") is None else 0
    level = int(session.campaign(ctx).get("level") or 0)
    mobs = form_mobs(threats)
    sides = [_player_side(c) for c in party]
    for position, mob in enumerate(mobs):
        sides.append({
            "id": mob.key, "kind": "mob" if len(mob.members) > 1 else "threat", "name": mob.name,
            "members": [t.name for t in mob.members], "ranks": list(mob.ranks),
            "lives": [t.life for t in mob.members], "affinity": mob.affinity.value,
            "base_attack": mob.base_attack, "modifiers": 0, "damage_reduction": 0,
            "le": mob.life, "max_le": mob.life, "active": [], "inactive": [],
            "status": "active" if position < limit else "queued", "retreated": False, "despatched": False,
            "chain": None, "entered_on": None,
        })  # fmt: skip
    combat = {
        "round": 1,
        "street": "deal",
        "community": [],
        "active_limit": limit,
        "explore_rank": explore_rank,
        "explore_paid": False,
        "ante": session.ante(ctx, level) if level >= 1 else 1,
        "solo": payload.get("solo") is not None,
        "phase_before": before,
        "quest": quest,
        "sides": sides,
        "queue": [m.key for m in mobs[limit:]],
        "scores": [],
        "damage": [],
        "rewards": [],
    }
    ctx.rec.set(["combat"], combat)
    if before != "combat":
        session.set_phase(ctx, "combat")
    names = ", ".join(s["name"] for s in sides if s["kind"] != "player")
    who = ", ".join(c["name"] for c in party)
    line = f"Combat: {who} against {names} (active limit {limit})"
    return "combat.started", {"line": line, "threats": [t.name for t in threats], "active_limit": limit}


def deal(ctx: Ctx, payload: Payload) -> EventBody:
    """``combat.deal {side_id, active, inactive?}`` (§7.4.2): hole cards, each side its own."""
    fields(payload, ("side_id", "active", "inactive"))
    combat = block(ctx)
    side = side_of(combat, payload.get("side_id"))
    if side["kind"] == "player":
        ctx.actor.require_edit(int(char_of(ctx, side)["seat_id"]))
        if side["status"] != "fighting" or combat["street"] != "deal":
            raise RuleViolation("not_dealing", "Hole cards are dealt before the flop.")
        extra = int(char_of(ctx, side)["derived"].get("extra_hole_cards", 0))
        active = read_cards(payload, "active", (2 + extra,))
        # No inactive cards entered (the page sends an empty list) means none held.
        inactive = read_cards(payload, "inactive", (2,)) if payload.get("inactive") not in (None, []) else []
    else:
        require_host(ctx, "deal the threats' cards")
        entering = side["status"] == "active" and not side["active"] and combat["street"] in ("flop", "turn")
        if side["status"] != "active" or not (combat["street"] == "deal" or entering):
            raise RuleViolation("not_dealing", f"{side['name']} gets cards at the deal or when it enters.")
        active = read_cards(payload, "active", (2,))
        if payload.get("inactive"):
            raise RuleViolation("bad_field", "Threats hold no inactive cards.", {"field": "inactive"})
        inactive = []
    if {c.index for c in active} & {c.index for c in inactive}:
        raise RuleViolation("duplicate_card", "The same card is entered twice.", {"field": "inactive"})
    refuse_seen(combat, [*active, *inactive], "active", leave_out=side["id"])
    set_side(ctx, side["id"], "active", codes(active))
    set_side(ctx, side["id"], "inactive", codes(inactive))
    line = f"{side['name']} holds {' '.join(codes(active))}" + (
        f" (+{len(inactive)} inactive)" if inactive else ""
    )
    return "combat.dealt", {"line": line, "side_id": side["id"]}


def swap(ctx: Ctx, payload: Payload) -> EventBody:
    """``combat.swap {side_id, inactive, active}``: 1 AP moves an inactive card in (§7.4.2)."""
    fields(payload, ("side_id", "inactive", "active"))
    combat = block(ctx)
    side = side_of(combat, payload.get("side_id"))
    if side["kind"] != "player" or side["status"] != "fighting" or combat["street"] in ("river", "over"):
        raise RuleViolation("cannot_swap", "Only a fighting player swaps, before the river.")
    char = char_of(ctx, side)
    ctx.actor.require_edit(int(char["seat_id"]))
    card_in = read_cards(payload, "inactive", (1,))[0].code
    card_out = read_cards(payload, "active", (1,))[0].code
    if card_in not in side["inactive"] or card_out not in side["active"]:
        raise RuleViolation(
            "not_held", f"{side['name']} does not hold those cards that way.", {"field": "inactive"}
        )
    if int(char["ap"]) < 1:
        raise RuleViolation("not_enough_ap", "A swap costs 1 AP.", {"ap": char["ap"]})
    ctx.do(counter_op(char, "ap", int(char["ap"]) - 1))
    set_side(ctx, side["id"], "active", [card_in if c == card_out else c for c in side["active"]])
    set_side(ctx, side["id"], "inactive", [card_out if c == card_in else c for c in side["inactive"]])
    return "combat.swapped", {
        **head(char),
        "line": f"{char['name']} swaps {card_in} in for {card_out} (1 AP, AP {char['ap']})",
    }


def _words(score: StreetScore) -> str:
    parts = [f"{'base' if src == 'base' else src} {amount}" for src, amount in score.breakdown()]
    return f"{score.attack} ({' + '.join(parts)})"


def grant(
    ctx: Ctx, combat: dict[str, Any], fallen: list[Despatch], hands: dict[str, Category], street: str
) -> dict[str, Any]:
    """Gold and XP for the threats that fell together (§11; spec Decisions): one entry per street."""
    ranks = [r for d in fallen for r in d.mob.ranks]
    explore = 0 if combat["explore_paid"] else int(combat["explore_rank"])
    if explore:
        ctx.rec.set(["combat", "explore_paid"], True)
    gold = explore + sum(ranks)
    xp: dict[str, int] = {}
    for side in players(combat):
        category = hands.get(side["id"], Category.HIGH_CARD)
        award = (explore + sum(ranks)) * int(combat["ante"]) * category.xp_multiplier
        xp[side["id"]] = award
        char = char_of(ctx, side)
        ctx.do(counter_op(char, "gold", int(char["gold"]) + gold))
        ctx.do(counter_op(char, "xp", int(char["xp"]) + award))
        earned = side["earned"]
        set_side(ctx, side["id"], "earned", {"gold": earned["gold"] + gold, "xp": earned["xp"] + award})
    for d in fallen:
        if d.final_blow is not None:
            for member in d.mob.members:
                session.add_kill(ctx, char_of(ctx, side_of(combat, d.final_blow)), member.name)
    entry = {
        "round": combat["round"], "street": street, "threats": [d.mob.key for d in fallen],
        "names": [d.mob.name for d in fallen], "explore_rank": explore, "ranks": ranks,
        "gold": gold, "xp": xp,
        "final_blow": {d.mob.key: d.final_blow for d in fallen},
        "loot": {d.mob.key: None for d in fallen},
    }  # fmt: skip
    ctx.rec.insert(["combat", "rewards"], entry)
    return entry


def settle_over(ctx: Ctx) -> None:
    combat = block(ctx)
    if not players(combat) or not (active_threats(combat) or combat["queue"]):
        ctx.rec.set(["combat", "street"], "over")


def street(ctx: Ctx, payload: Payload) -> EventBody:
    """``combat.street {cards}``: the flop (3), turn (1) or river (1) is scored for every side (§7.4.4-9)."""
    fields(payload, ("cards",))
    require_host(ctx, "lay down the community cards")
    combat = block(ctx)
    now = combat["street"]
    if now not in NEXT_STREET:
        raise RuleViolation("round_over", "The round is over: start the next round or end the combat.")
    name = NEXT_STREET[now]
    new_cards = read_cards(payload, "cards", (CARDS_PER_STREET[name],))
    refuse_seen(combat, new_cards, "cards")
    for side in (*players(combat), *active_threats(combat)):
        if not side["active"]:
            raise RuleViolation(
                "missing_hole_cards", f"{side['name']} has no active cards yet.", {"side_id": side["id"]}
            )
    # A player's base attack and Full House reduction are read from the sheet now: a
    # temporary modifier gained mid-combat counts from this street on.
    for side in players(combat):
        derived = char_of(ctx, side)["derived"]
        side_now = {
            **side,
            "base_attack": int(derived["stats"]["attack"]),
            "le": int(char_of(ctx, side)["le"]),
        }
        side_now["damage_reduction"] = int(derived.get("damage_reduction", 0))
        for key in ("base_attack", "le", "damage_reduction"):
            set_side(ctx, side["id"], key, side_now[key])
    community = [*combat["community"], *codes(new_cards)]
    before = to_pure(combat)
    _, report = resolve_street(before, STREET_OF[name], cards_of(community))
    ctx.rec.set(["combat", "community"], community)
    ctx.rec.set(["combat", "street"], name)
    lines = _record_street(ctx, combat, name, report)
    settle_over(ctx)
    return "combat.street_scored", {"line": "; ".join(lines), "street": name, "cards": codes(new_cards)}


def _record_street(ctx: Ctx, combat: dict[str, Any], name: str, report: StreetReport) -> list[str]:
    names = {s["id"]: s["name"] for s in combat["sides"]}
    lines = [f"{name.title()} {' '.join(combat['community'])}"]
    for side_id, score in report.scores.items():
        ctx.rec.insert(["combat", "scores"], {
            "round": combat["round"], "street": name, "side_id": side_id, "hand": score.hand.title,
            "category": score.hand.category.name.lower(), "hand_bonus": score.hand_bonus,
            "resonance": score.resonance, "chain": score.critical, "entry": score.entry_bonus,
            "modifiers": score.modifiers, "attack": score.attack,
            "breakdown": [{"source": s, "amount": a} for s, a in score.breakdown()],
        })  # fmt: skip
        set_side(ctx, side_id, "chain", chain_json(score.chain))
    for p in players(combat):
        for t in [s for s in combat["sides"] if s["id"] in report.scores and s["kind"] != "player"]:
            hit = exchange(
                report.scores[p["id"]].attack, report.scores[t["id"]].attack, int(p["damage_reduction"])
            )
            for src, dst, amount in ((p["id"], t["id"], hit.to_threat), (t["id"], p["id"], hit.to_player)):
                if amount:
                    ctx.rec.insert(["combat", "damage"], {
                        "round": combat["round"], "street": name, "from": src, "to": dst, "amount": amount
                    })  # fmt: skip
            p_score, t_score = report.scores[p["id"]], report.scores[t["id"]]
            lines.append(
                f"{p['name']}: {_words(p_score)} vs {t['name']} {t_score.attack}: "
                + (
                    f"{t['name']} takes {hit.to_threat}"
                    if hit.to_threat
                    else f"{p['name']} takes {hit.to_player}"
                    if hit.to_player
                    else "no damage"
                )
            )
    for p in players(combat):
        char = char_of(ctx, p)
        taken = report.damage_to_players.get(p["id"], 0)
        le = max(0, int(char["le"]) - taken)
        if taken:
            lines.append(f"{char['name']}: LE {char['le']} → {le}")
            ctx.do(counter_op(char, "le", le))
        set_side(ctx, p["id"], "le", int(p["le"]) - taken)
    for t in [s for s in combat["sides"] if s["id"] in report.damage_to_entities]:
        taken = report.damage_to_entities[t["id"]]
        if taken:
            lines.append(f"{t['name']}: LE {t['le']} → {t['le'] - taken}")
        set_side(ctx, t["id"], "le", t["le"] - taken)
    for d in report.despatched:
        set_side(ctx, d.mob.key, "status", "despatched")
        set_side(ctx, d.mob.key, "despatched", True)
    for seat in report.defeated:
        side = side_of(combat, seat)
        set_side(ctx, seat, "status", "defeated")
        session.defeat(ctx, char_of(ctx, side))
        lines.append(f"{side['name']} is defeated")
    if report.despatched:
        hands = {sid: s.hand.category for sid, s in report.scores.items()}
        entry = grant(ctx, combat, list(report.despatched), hands, name)
        lines.append(
            f"{' & '.join(entry['names'])} despatched: {entry['gold']} gold each, XP "
            + ", ".join(f"{names[k]} {v}" for k, v in entry["xp"].items())
        )
    following = STREET_OF[name].next
    for key in report.entered:
        set_side(ctx, key, "status", "active")
        set_side(ctx, key, "entered_on", following.name.lower() if following else None)
        lines.append(f"{names[key]} enters from the queue")
    if report.entered:
        ctx.rec.set(["combat", "queue"], [k for k in combat["queue"] if k not in report.entered])
    return lines


def next_round_(ctx: Ctx, payload: Payload) -> EventBody:
    """``combat.next_round``: a new deal after the river; queued threats fill open slots (§7.4.3)."""
    fields(payload, ())
    require_host(ctx, "start the next round")
    combat = block(ctx)
    if combat["street"] != "river":
        raise RuleViolation("round_not_over", "A new round starts after the river.")
    after = next_round(to_pure(combat), {}, {})
    entered = [e.key for e in after.entities if e.key in combat["queue"]]
    ctx.rec.set(["combat", "round"], int(combat["round"]) + 1)
    ctx.rec.set(["combat", "street"], "deal")
    ctx.rec.set(["combat", "community"], [])
    for side in combat["sides"]:
        for key, value in (("active", []), ("inactive", []), ("chain", None), ("entered_on", None)):
            set_side(ctx, side["id"], key, value)
    for key in entered:
        set_side(ctx, key, "status", "active")
    ctx.rec.set(["combat", "queue"], [m.key for m in after.queue])
    line = f"Round {int(combat['round'])}: a new deal" + (f"; {', '.join(entered)} enter" if entered else "")
    return "combat.next_round", {"line": line}


def retreat(ctx: Ctx, payload: Payload) -> EventBody:
    """``combat.retreat {side_id}`` (§7.4.10): two pair from the inactive cards and the board."""
    fields(payload, ("side_id",))
    combat = block(ctx)
    side = side_of(combat, payload.get("side_id"))
    if side["kind"] != "player" or side["status"] != "fighting":
        raise RuleViolation("cannot_retreat", "Only a fighting player can retreat.")
    char = char_of(ctx, side)
    ctx.actor.require_edit(int(char["seat_id"]))
    if int(char["ap"]) < RETREAT_MIN_AP or int(char["le"]) < RETREAT_MIN_LE:
        retreat_check(int(char["le"]), int(char["ap"]), (), ())  # refuses with the rule's own words
    if len(side["inactive"]) != 2 or not combat["community"]:
        raise RuleViolation(
            "retreat_refused", "Retreat is checked on the board with the 2 inactive cards entered.", {}
        )
    result = retreat_check(
        int(char["le"]), int(char["ap"]), cards_of(side["inactive"]), cards_of(combat["community"])
    )
    if not result.success:
        raise RuleViolation(
            "retreat_refused",
            f"Retreat needs two pair or better from the inactive cards and the board; {char['name']} has "
            f"{result.hand.title} ({result.hand.category.common_name}).",
        )
    ctx.do(counter_op(char, "le", result.le))
    ctx.do(counter_op(char, "ap", result.ap))
    earned = side["earned"]
    # Retreating forfeits this exploration's rewards (§7.4.10): what the combat gave goes back.
    ctx.do(counter_op(char, "gold", max(0, int(char["gold"]) - int(earned["gold"]))))
    ctx.do(counter_op(char, "xp", max(0, int(char["xp"]) - int(earned["xp"]))))
    set_side(ctx, side["id"], "earned", {"gold": 0, "xp": 0})
    set_side(ctx, side["id"], "status", "retreated")
    set_side(ctx, side["id"], "retreated", True)
    set_side(ctx, side["id"], "le", result.le)
    if combat["solo"] or len([s for s in combat["sides"] if s["kind"] == "player"]) == 1:
        # Single player: the threats are discarded (§7.4.10).
        ctx.rec.set(["combat", "street"], "over")
    settle_over(ctx)
    line = f"{char['name']} retreats with {result.hand.title}: LE → {char['le']}, AP → {char['ap']}"
    return "combat.retreated", {**head(char), "line": line}


def end(ctx: Ctx, payload: Payload) -> EventBody:
    """``combat.end``: "until the end of the next combat" modifiers expire; the phase comes back."""
    fields(payload, ())
    require_host(ctx, "end the combat")
    combat = block(ctx)
    won = not active_threats(combat) and not combat["queue"] and bool(players(combat))
    ended = session.pass_boundary(ctx, "combat")
    ctx.rec.set(["combat"], None)
    session.set_phase(ctx, combat["phase_before"])
    line = "Combat over: " + ("every threat despatched" if won else "threats remain")
    if ended:
        line += "; expired: " + ", ".join(f"{m['character']} {m['stat']} {m['amount']:+d}" for m in ended)
    quest = combat.get("quest")
    if quest:
        # A Threat Manifestation challenge is decided by its solo combat (§9.1).
        hero = find_character(ctx.state, quest["character_id"])
        _, settled = challenges.finish_challenge(ctx, hero, quest["quest"], won, how="solo combat")
        line += ". " + str(settled["line"])
    return "combat.ended", {"line": line, "won": won}
