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
from rules.grimhand import said
from rules.grimhand.combat.damage import exchange
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
from rules.grimhand.said import Said
from rules.grimhand.table import challenges, session, words
from rules.grimhand.table.combat_flop import redeal, street_cards
from rules.grimhand.table.combat_state import (
    STREET_OF,
    active_threats,
    block,
    cards_of,
    chain_json,
    char_of,
    codes,
    players,
    require_host,
    set_side,
    side_of,
    to_pure,
)
from rules.grimhand.table.context import Ctx, EventBody, head
from rules.grimhand.table.ops import counter_op
from rules.grimhand.table.state import find_character
from rules.i18n import gettext as _
from rules.i18n import gettext_noop
from rules.validate import fields

NEXT_STREET = {"deal": "flop", "flop": "turn", "turn": "river"}


SOURCES = {
    "base": gettext_noop("base %(n)s"),
    "Affinity Resonance": gettext_noop("Affinity Resonance %(n)s"),
    "Critical Hit": gettext_noop("Critical Hit %(n)s"),
    "Critical Chain": gettext_noop("Critical Chain %(n)s"),
    "queue entry": gettext_noop("queue entry %(n)s"),
    "modifiers": gettext_noop("modifiers %(n)s"),
}
"""The parts of a street attack (``StreetScore.breakdown``) in words; the hand's title stays as printed."""


def _words(score: StreetScore) -> Said:
    parts = [
        said.gettext_lazy(SOURCES[src], n=amount) if src in SOURCES else f"{src} {amount}"
        for src, amount in score.breakdown()
    ]
    return said.gettext_lazy("%(attack)s (%(parts)s)", attack=score.attack, parts=said.join(parts, " + "))


def grant(
    ctx: Ctx, combat: dict[str, Any], fallen: list[Despatch], hands: dict[str, Category], street: str
) -> dict[str, Any]:
    """Gold and XP for the threats that fell together (§11; spec Decisions): one entry per street.

    The entry's ``said`` words each player's gold and XP as before → after, or
    says nobody was left in the fight to collect them (the line has said "despatched").
    """
    ranks = [r for d in fallen for r in d.mob.ranks]
    explore = 0 if combat["explore_paid"] else int(combat["explore_rank"])
    collectors = players(combat)
    if explore and collectors:
        ctx.rec.set(["combat", "explore_paid"], True)
    gold = explore + sum(ranks)
    xp: dict[str, int] = {}
    gains: list[Said] = []
    for side in collectors:
        category = hands.get(side["id"], Category.HIGH_CARD)
        award = (explore + sum(ranks)) * int(combat["ante"]) * category.xp_multiplier
        xp[side["id"]] = award
        char = char_of(ctx, side)
        gold_before, xp_before = int(char["gold"]), int(char["xp"])
        ctx.do(counter_op(char, "gold", gold_before + gold))
        ctx.do(counter_op(char, "xp", xp_before + award))
        gains.append(
            said.gettext_lazy(
                "%(who)s gold %(gold)s, XP %(xp)s",
                who=char["name"],
                gold=f"{gold_before} \u2192 {gold_before + gold}",
                xp=f"{xp_before} \u2192 {xp_before + award}",
            )
        )
        earned = side["earned"]
        set_side(ctx, side["id"], "earned", {"gold": earned["gold"] + gold, "xp": earned["xp"] + award})
    for d in fallen:
        if d.final_blow is not None:
            for member in d.mob.members:
                session.add_kill(ctx, char_of(ctx, side_of(combat, d.final_blow)), member.name)
    entry = {
        "round": combat["round"], "street": street, "threats": [d.mob.key for d in fallen],
        "names": [d.mob.name for d in fallen], "explore_rank": explore if collectors else 0, "ranks": ranks,
        "gold": gold if collectors else 0, "xp": xp,
        "final_blow": {d.mob.key: d.final_blow for d in fallen},
        "loot": {d.mob.key: None for d in fallen},
    }  # fmt: skip
    ctx.rec.insert(["combat", "rewards"], entry)
    names = " & ".join(entry["names"])
    if gains:
        return {
            **entry,
            "said": said.gettext_lazy(
                "%(names)s's gold and XP: %(gains)s", names=names, gains=said.join(gains, "; ")
            ),
        }
    return {
        **entry,
        "said": said.gettext_lazy(
            "nobody is left in the fight to collect %(names)s's gold and XP", names=names
        ),
    }


def settle_over(ctx: Ctx) -> None:
    combat = block(ctx)
    if not players(combat) or not (active_threats(combat) or combat["queue"]):
        ctx.rec.set(["combat", "street"], "over")


def street(ctx: Ctx, payload: Payload) -> EventBody:
    """``combat.street {cards?, redeal?: {side_id, cards}}``: the flop (3), turn (1) or river (1) is
    scored for every side (§7.4.4-9); a flop shown first (``combat.show_flop``) is scored without
    ``cards``; a Legend may re-deal the flop as it is laid down (``redeal``)."""
    fields(payload, ("cards", "redeal"))
    require_host(ctx, gettext_noop("lay down the community cards"))
    combat = block(ctx)
    now = combat["street"]
    if now not in NEXT_STREET:
        raise RuleViolation("round_over", _("The round is over: start the next round or end the combat."))
    name = NEXT_STREET[now]
    new_cards = street_cards(ctx, combat, payload, name)
    redealt = redeal(ctx, combat, payload, name, new_cards)
    for side in (*players(combat), *active_threats(combat)):
        if not side["active"]:
            raise RuleViolation(
                "missing_hole_cards",
                _("%(side)s has no active cards yet.") % {"side": side["name"]},
                {"side_id": side["id"]},
            )
    lines = _from_the_sheets(ctx, combat)
    if redealt is not None:
        new_cards = redealt[1]
    community = [*combat["community"], *codes(new_cards)]
    before = to_pure(combat)
    _unused, report = resolve_street(before, STREET_OF[name], cards_of(community))
    ctx.rec.set(["combat", "community"], community)
    ctx.rec.set(["combat", "street"], name)
    lines.extend(_record_street(ctx, combat, name, report))
    settle_over(ctx)
    line = said.join(lines, "; ")
    if redealt is not None:
        line = said.gettext_lazy("%(redeal)s: %(street)s", redeal=redealt[0], street=line)
    return said.event("combat.street_scored", {"street": name, "cards": codes(new_cards)}, line)


def _from_the_sheets(ctx: Ctx, combat: dict[str, Any]) -> list[Any]:
    """A player's base attack, Full House reduction and LE are read from the sheet now: a temporary
    modifier gained mid-combat counts from this street on. What moved, in words."""
    changed: list[Any] = []
    for side in players(combat):
        char = char_of(ctx, side)
        derived = char["derived"]
        now = {
            "base_attack": int(derived["stats"]["attack"]),
            "damage_reduction": int(derived.get("damage_reduction", 0)),
            "le": int(char["le"]),
        }
        for key, label in (
            ("base_attack", said.gettext_lazy("%(side)s's base attack %(change)s (the sheet)")),
            ("damage_reduction", said.gettext_lazy("%(side)s's damage taken %(change)s (the sheet)")),
            ("le", said.gettext_lazy("%(side)s's LE %(change)s (the sheet)")),
        ):
            if int(side[key]) != now[key]:
                sign = "\u2212" if key == "damage_reduction" else ""
                change = f"{sign}{side[key]} \u2192 {sign}{now[key]}"
                changed.append({**label, "v": {"side": side["name"], "change": change}})
            set_side(ctx, side["id"], key, now[key])
    return changed


def _record_scores(ctx: Ctx, combat: dict[str, Any], name: str, report: StreetReport) -> None:
    """Each side's street score with its breakdown, and its chain after it (§7.4.2, §7.4.9)."""
    for side_id, score in report.scores.items():
        ctx.rec.insert(["combat", "scores"], {
            "round": combat["round"], "street": name, "side_id": side_id, "hand": score.hand.title,
            "category": score.hand.category.name.lower(), "hand_bonus": score.hand_bonus,
            "resonance": score.resonance, "chain": score.critical, "entry": score.entry_bonus,
            "modifiers": score.modifiers, "attack": score.attack,
            "breakdown": [{"source": s, "amount": a} for s, a in score.breakdown()],
        })  # fmt: skip
        set_side(ctx, side_id, "chain", chain_json(score.chain))


def _record_exchanges(ctx: Ctx, combat: dict[str, Any], name: str, report: StreetReport) -> list[Any]:
    """Every player against every scored threat: the damage rows and one line each (§7.4.7)."""
    lines: list[Any] = []
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
            if hit.to_threat:
                outcome = said.gettext_lazy("%(who)s takes %(n)s", who=t["name"], n=hit.to_threat)
            elif hit.to_player:
                outcome = said.gettext_lazy("%(who)s takes %(n)s", who=p["name"], n=hit.to_player)
            else:
                outcome = said.gettext_lazy("no damage")
            lines.append(
                said.gettext_lazy(
                    "%(player)s: %(attack)s vs %(threat)s %(threat_attack)s: %(outcome)s",
                    player=p["name"],
                    attack=_words(p_score),
                    threat=t["name"],
                    threat_attack=t_score.attack,
                    outcome=outcome,
                )
            )
    return lines


def _record_life(ctx: Ctx, combat: dict[str, Any], report: StreetReport) -> list[Any]:
    """Every side's LE after the street, on the sheet and in the block; LE stops at 0 (§7.4.7)."""
    lines: list[Any] = []
    for p in players(combat):
        char = char_of(ctx, p)
        taken = report.damage_to_players.get(p["id"], 0)
        le = max(0, int(char["le"]) - taken)
        if taken:
            change = f"{char['le']} \u2192 {le}"
            if le == 0:
                lines.append(
                    said.gettext_lazy("%(who)s: LE %(change)s, defeated", who=char["name"], change=change)
                )
            else:
                lines.append(said.gettext_lazy("%(who)s: LE %(change)s", who=char["name"], change=change))
            ctx.do(counter_op(char, "le", le))
        set_side(ctx, p["id"], "le", le)
    for t in [s for s in combat["sides"] if s["id"] in report.damage_to_entities]:
        taken = report.damage_to_entities[t["id"]]
        le = max(0, int(t["le"]) - taken)
        if taken:
            change = f"{t['le']} \u2192 {le}"
            if le == 0:
                lines.append(
                    said.gettext_lazy("%(who)s: LE %(change)s, despatched", who=t["name"], change=change)
                )
            else:
                lines.append(said.gettext_lazy("%(who)s: LE %(change)s", who=t["name"], change=change))
        set_side(ctx, t["id"], "le", le)
    return lines


def _record_lineup(ctx: Ctx, combat: dict[str, Any], name: str, report: StreetReport) -> list[Any]:
    """Despatched threats and their rewards, defeated players, entrants from the queue (§7.4.3, §7.4.8)."""
    lines: list[Any] = []
    for d in report.despatched:
        set_side(ctx, d.mob.key, "status", "despatched")
        set_side(ctx, d.mob.key, "despatched", True)
    for seat in report.defeated:
        side = side_of(combat, seat)
        set_side(ctx, seat, "status", "defeated")
        session.defeat(ctx, char_of(ctx, side))
    if report.despatched:
        hands = {sid: s.hand.category for sid, s in report.scores.items()}
        lines.append(grant(ctx, combat, list(report.despatched), hands, name)["said"])
    following = STREET_OF[name].next
    names = {s["id"]: s["name"] for s in combat["sides"]}
    for key in report.entered:
        set_side(ctx, key, "status", "active")
        set_side(ctx, key, "entered_on", following.name.lower() if following else None)
        lines.append(said.gettext_lazy("%(threat)s enters from the queue", threat=names[key]))
    if report.entered:
        ctx.rec.set(["combat", "queue"], [k for k in combat["queue"] if k not in report.entered])
    return lines


def _record_street(ctx: Ctx, combat: dict[str, Any], name: str, report: StreetReport) -> list[Any]:
    """A scored street into the block and onto the sheets; the log's lines, in play order."""
    lines: list[Any] = [f"{name.title()} {' '.join(combat['community'])}"]
    _record_scores(ctx, combat, name, report)
    lines += _record_exchanges(ctx, combat, name, report)
    lines += _record_life(ctx, combat, report)
    return lines + _record_lineup(ctx, combat, name, report)


def next_round_(ctx: Ctx, payload: Payload) -> EventBody:
    """``combat.next_round``: a new deal after the river; queued threats fill open slots (§7.4.3)."""
    fields(payload, ())
    require_host(ctx, gettext_noop("start the next round"))
    combat = block(ctx)
    if combat["street"] != "river":
        raise RuleViolation("round_not_over", _("A new round starts after the river."))
    after = next_round(to_pure(combat), {}, {})
    entered = [e.key for e in after.entities if e.key in combat["queue"]]
    number = int(combat["round"])
    ctx.rec.set(["combat", "round"], number + 1)
    ctx.rec.set(["combat", "street"], "deal")
    ctx.rec.set(["combat", "community"], [])
    if combat.get("discarded"):
        ctx.rec.set(["combat", "discarded"], [])
    for side in combat["sides"]:
        for key, value in (("active", []), ("inactive", []), ("chain", None), ("entered_on", None)):
            set_side(ctx, side["id"], key, value)
    for key in entered:
        set_side(ctx, key, "status", "active")
    ctx.rec.set(["combat", "queue"], [m.key for m in after.queue])
    change = f"{number} \u2192 {number + 1}"
    if entered:
        line = said.gettext_lazy(
            "Round %(change)s: a new deal; %(threats)s enter", change=change, threats=", ".join(entered)
        )
    else:
        line = said.gettext_lazy("Round %(change)s: a new deal", change=change)
    return said.event("combat.next_round", {}, line)


def retreat(ctx: Ctx, payload: Payload) -> EventBody:
    """``combat.retreat {side_id}`` (§7.4.10): two pair from the inactive cards and the board."""
    fields(payload, ("side_id",))
    combat = block(ctx)
    side = side_of(combat, payload.get("side_id"))
    if side["kind"] != "player" or side["status"] != "fighting":
        raise RuleViolation("cannot_retreat", _("Only a fighting player can retreat."))
    char = char_of(ctx, side)
    ctx.actor.require_edit(int(char["seat_id"]))
    if int(char["ap"]) < RETREAT_MIN_AP or int(char["le"]) < RETREAT_MIN_LE:
        retreat_check(int(char["le"]), int(char["ap"]), (), ())  # refuses with the rule's own words
    if len(side["inactive"]) != 2 or not combat["community"]:
        raise RuleViolation(
            "retreat_refused", _("Retreat is checked on the board with the 2 inactive cards entered."), {}
        )
    result = retreat_check(
        int(char["le"]), int(char["ap"]), cards_of(side["inactive"]), cards_of(combat["community"])
    )
    if not result.success:
        raise RuleViolation(
            "retreat_refused",
            _(
                "Retreat needs two pair or better from the inactive cards and the board; "
                "%(who)s has %(hand)s (%(poker)s)."
            )
            % {"who": char["name"], "hand": result.hand.title, "poker": result.hand.category.common_name},
        )
    before = {stat: int(char[stat]) for stat in ("le", "ap", "gold", "xp")}
    side_le = int(side["le"])
    earned = side["earned"]
    after = {
        "le": result.le,
        "ap": result.ap,
        # Retreating forfeits this exploration's rewards (§7.4.10): what the combat gave goes back.
        "gold": max(0, before["gold"] - int(earned["gold"])),
        "xp": max(0, before["xp"] - int(earned["xp"])),
    }
    for stat, value in after.items():
        ctx.do(counter_op(char, stat, value))
    set_side(ctx, side["id"], "earned", {"gold": 0, "xp": 0})
    set_side(ctx, side["id"], "status", "retreated")
    set_side(ctx, side["id"], "retreated", True)
    set_side(ctx, side["id"], "le", result.le)
    if combat["solo"] or len([s for s in combat["sides"] if s["kind"] == "player"]) == 1:
        # Single player: the threats are discarded (§7.4.10).
        ctx.rec.set(["combat", "street"], "over")
    settle_over(ctx)
    moved = {k: {"before": before[k], "after": v} for k, v in after.items() if before[k] != v}
    line = said.gettext_lazy(
        "%(who)s retreats with %(hand)s: %(changes)s",
        who=char["name"],
        hand=result.hand.title,
        changes=words.changes(moved),
    )
    if side_le != before["le"]:
        change = f"{side_le} \u2192 {result.le}"
        line = said.gettext_lazy("%(line)s (LE in the fight %(change)s)", line=line, change=change)
    if earned["gold"] or earned["xp"]:
        line = said.gettext_lazy("%(line)s (this exploration's gold and XP are forfeit)", line=line)
    return said.event("combat.retreated", head(char), line)


def end(ctx: Ctx, payload: Payload) -> EventBody:
    """``combat.end``: "until the end of the next combat" modifiers expire; the phase comes back."""
    fields(payload, ())
    require_host(ctx, gettext_noop("end the combat"))
    combat = block(ctx)
    won = not active_threats(combat) and not combat["queue"] and bool(players(combat))
    ended = session.pass_boundary(ctx, "combat")
    ctx.rec.set(["combat"], None)
    session.set_phase(ctx, combat["phase_before"])
    if won:
        line = said.gettext_lazy("Combat over: every threat despatched")
    else:
        line = said.gettext_lazy("Combat over: threats remain")
    if ended:
        gone = ", ".join(f"{m['character']} {m['stat']} {m['amount']:+d}" for m in ended)
        line = said.gettext_lazy("%(line)s; expired: %(modifiers)s", line=line, modifiers=gone)
    quest = combat.get("quest")
    if quest:
        # A Threat Manifestation challenge is decided by its solo combat (§9.1).
        hero = find_character(ctx.state, quest["character_id"])
        _unused, settled = challenges.finish_challenge(
            ctx, hero, quest["quest"], won, how=said.gettext_lazy("solo combat")
        )
        line = said.join([line, settled.get("said") or settled["line"]], ". ")
    return said.event("combat.ended", {"won": won}, line)
