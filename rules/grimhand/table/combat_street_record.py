"""A scored street written into the combat block and onto the sheets (§7.4.2, §7.4.7-9).

Scores, the damage exchanged, each side's LE, then the line-up (despatched
threats and their rewards, defeated players, entrants from the queue); each
step gives the log its lines in play order.
"""

from __future__ import annotations

from typing import Any

from rules.grimhand import said
from rules.grimhand.combat.damage import exchange
from rules.grimhand.combat.round import StreetReport
from rules.grimhand.combat.scoring import StreetScore
from rules.grimhand.said import Said
from rules.grimhand.table import session
from rules.grimhand.table.combat_rewards import grant
from rules.grimhand.table.combat_state import (
    STREET_OF,
    chain_json,
    char_of,
    players,
    set_side,
    side_of,
)
from rules.grimhand.table.context import Ctx
from rules.grimhand.table.ops import counter_op
from rules.i18n import gettext_noop

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


def _le_line(who: str, before: Any, le: int, *, player: bool) -> Said:
    """ "Bo: LE 5 → 0, defeated": a player at 0 is defeated, a threat despatched (§7.4.7-8)."""
    change = f"{before} \u2192 {le}"
    if le != 0:
        return said.gettext_lazy("%(who)s: LE %(change)s", who=who, change=change)
    if player:
        return said.gettext_lazy("%(who)s: LE %(change)s, defeated", who=who, change=change)
    return said.gettext_lazy("%(who)s: LE %(change)s, despatched", who=who, change=change)


def _record_life(ctx: Ctx, combat: dict[str, Any], report: StreetReport) -> list[Any]:
    """Every side's LE after the street, on the sheet and in the block; LE stops at 0 (§7.4.7)."""
    lines: list[Any] = []
    for p in players(combat):
        char = char_of(ctx, p)
        taken = report.damage_to_players.get(p["id"], 0)
        le = max(0, int(char["le"]) - taken)
        if taken:
            lines.append(_le_line(char["name"], char["le"], le, player=True))
            ctx.do(counter_op(char, "le", le))
        set_side(ctx, p["id"], "le", le)
    for t in [s for s in combat["sides"] if s["id"] in report.damage_to_entities]:
        taken = report.damage_to_entities[t["id"]]
        le = max(0, int(t["le"]) - taken)
        if taken:
            lines.append(_le_line(t["name"], t["le"], le, player=False))
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


def record_street(ctx: Ctx, combat: dict[str, Any], name: str, report: StreetReport) -> list[Any]:
    """A scored street into the block and onto the sheets; the log's lines, in play order."""
    lines: list[Any] = [f"{name.title()} {' '.join(combat['community'])}"]
    _record_scores(ctx, combat, name, report)
    lines += _record_exchanges(ctx, combat, name, report)
    lines += _record_life(ctx, combat, report)
    return lines + _record_lineup(ctx, combat, name, report)
