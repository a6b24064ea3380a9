"""Setting a Grim Hand combat up (§7.4.1-§7.4.3): ``combat.start``, ``combat.deal``, ``combat.swap``.

Threats come from the catalogue or are typed; mobs form by affinity; the
active limit holds for every round; each player deals their own hole cards,
the host the threats'; a swap costs 1 AP.
"""

from __future__ import annotations

from typing import Any

from rules.engine import Payload
from rules.errors import RuleViolation
from rules.grimhand import said
from rules.grimhand.cards import Affinity
from rules.grimhand.combat.lineup import Mob, Threat, form_mobs
from rules.grimhand.table import session
from rules.grimhand.table.catalogue import parse_affinity
from rules.grimhand.table.combat_state import (
    Side,
    block,
    char_of,
    codes,
    refuse_seen,
    require_host,
    set_side,
    side_of,
)
from rules.grimhand.table.context import Ctx, EventBody, head
from rules.grimhand.table.ops import counter_op
from rules.grimhand.table.state import Character, find_character
from rules.grimhand.table.typed_input import read_cards
from rules.i18n import gettext as _
from rules.i18n import gettext_noop
from rules.validate import fields, integer, optional_integer, text

MAX_THREATS = 12


def _threat_from(ctx: Ctx, raw: object, n: int) -> Threat:
    """``{name}`` (or just the name) from the catalogue (``le`` may override its life), or a typed
    ``{rank, affinity, le}``."""
    where = f"threats.{n}"
    if isinstance(raw, str):
        raw = {"name": raw}
    if not isinstance(raw, dict):
        raise RuleViolation(
            "bad_field",
            _("%(where)s must be {name} or {rank, affinity, le}.") % {"where": where},
            {"field": where},
        )
    fields(raw, ("name", "rank", "affinity", "le"))
    le = optional_integer(raw, "le", "LE", 1, 999)
    if "rank" not in raw and "name" in raw:
        facts = ctx.catalogue.threat(raw["name"])
        life = le if le is not None else facts.life
        if facts.rank < 1 or life is None:
            raise RuleViolation(
                "not_a_threat",
                _("%(name)s has no rank and LE to fight; type them in.") % {"name": facts.name},
                {"field": where},
            )
        return Threat(facts.name, facts.rank, Affinity(parse_affinity(facts.affinity)), life)
    rank = integer(raw, "rank", "Threat rank", 1, 10)
    if le is None:
        raise RuleViolation("missing_field", _("A typed threat needs its LE."), {"field": f"{where}.le"})
    name = text(raw, "name", "Threat name", 40) if raw.get("name") else f"Threat {n + 1}"
    return Threat(name, rank, Affinity(parse_affinity(raw.get("affinity"))), le)


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


def _solo_party(ctx: Ctx, payload: Payload) -> tuple[list[Character], dict[str, Any] | None]:
    """One character alone, for a quest's Threat Manifestation when ``quest`` is named (§9.1)."""
    solo = find_character(ctx.state, payload["solo"])
    if session.is_defeated(ctx, solo):
        raise RuleViolation("defeated", _("%(solo)s has left the quest.") % {"solo": solo["name"]})
    if payload.get("quest") is None:
        return [solo], None
    name = text(payload, "quest", "Quest", 80)
    entry = next((q for q in solo["quests"] if q["name"].lower() == name.lower()), None)
    challenge = (entry or {}).get("challenge") or {}
    if entry is None or entry["status"] != "active" or challenge.get("challenge") != "Threat Manifestation":
        raise RuleViolation(
            "no_threat_challenge",
            _("%(solo)s has no Threat Manifestation challenge rolled for %(name)s (§9.1).")
            % {"solo": solo["name"], "name": name},
            {"field": "quest"},
        )
    return [solo], {"character_id": solo["id"], "quest": entry["name"]}


def _explore_party(ctx: Ctx) -> list[Character]:
    """The party, against the explore card revealed and not yet resolved (§7.4.3)."""
    session.require_phase(ctx, "explore", doing=gettext_noop("start a combat"))
    card = session.current_card(ctx)
    if card is None or card.get("resolved"):
        raise RuleViolation("no_explore_card", _("Reveal an explore card before a combat starts."))
    return session.party(ctx)


def _read_threats(ctx: Ctx, payload: Payload) -> list[Threat]:
    """The named or typed threats; outside a quest the event deck's rank bounds them (§3.1, §7.2)."""
    raw = payload.get("threats")
    if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_THREATS:
        raise RuleViolation(
            "bad_field",
            _("Name 1 to %(MAX_THREATS)s threats.") % {"MAX_THREATS": MAX_THREATS},
            {"field": "threats"},
        )
    threats = [_threat_from(ctx, item, n) for n, item in enumerate(raw)]
    if payload.get("quest") is None:
        # The event deck grows like the others; a Threat Manifestation's rank is the quest's.
        for n, threat in enumerate(threats):
            what = f"{threat.name} is rank {threat.rank}"
            session.require_deck_rank(ctx, threat.rank, "event", what, f"threats.{n}")
    return threats


def _threat_side(mob: Mob, active: bool) -> Side:
    return {
        "id": mob.key, "kind": "mob" if len(mob.members) > 1 else "threat", "name": mob.name,
        "members": [t.name for t in mob.members], "ranks": list(mob.ranks),
        "lives": [t.life for t in mob.members], "affinity": mob.affinity.value,
        "base_attack": mob.base_attack, "modifiers": 0, "damage_reduction": 0,
        "le": mob.life, "max_le": mob.life, "active": [], "inactive": [],
        "status": "active" if active else "queued", "retreated": False, "despatched": False,
        "chain": None, "entered_on": None,
    }  # fmt: skip


def start(ctx: Ctx, payload: Payload) -> EventBody:
    """``combat.start {threats, active_limit?, solo?, quest?}`` (§7.4.3; spec: Threat Manifestation)."""
    fields(payload, ("threats", "active_limit", "solo", "quest"))
    require_host(ctx, gettext_noop("start a combat"))
    if ctx.state.get("combat"):
        raise RuleViolation("combat_under_way", _("A combat is already under way."))
    threats = _read_threats(ctx, payload)
    before = session.phase(ctx)
    party, quest = (
        _solo_party(ctx, payload) if payload.get("solo") is not None else (_explore_party(ctx), None)
    )
    if not party:
        raise RuleViolation("no_party", _("Nobody is left to fight."))
    setting = int(ctx.settings.get("active_limit", 0) or 0)
    limit = optional_integer(payload, "active_limit", "Active limit", 1, MAX_THREATS) or setting or len(party)
    card = session.current_card(ctx)
    explore_rank = int(card["rank"]) if card and payload.get("solo") is None else 0
    level = int(session.campaign(ctx).get("level") or 0)
    mobs = form_mobs(threats)
    sides = [_player_side(c) for c in party]
    sides += [_threat_side(mob, position < limit) for position, mob in enumerate(mobs)]
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
    line = said.gettext_lazy(
        "Combat: %(party)s against %(threats)s (active limit %(limit)s)",
        party=who,
        threats=names,
        limit=limit,
    )
    return said.event("combat.started", {"threats": [t.name for t in threats], "active_limit": limit}, line)


def deal(ctx: Ctx, payload: Payload) -> EventBody:
    """``combat.deal {side_id, active, inactive?}`` (§7.4.2): hole cards, each side its own."""
    fields(payload, ("side_id", "active", "inactive"))
    combat = block(ctx)
    side = side_of(combat, payload.get("side_id"))
    if side["kind"] == "player":
        ctx.actor.require_edit(int(char_of(ctx, side)["seat_id"]))
        if side["status"] != "fighting" or combat["street"] != "deal" or combat.get("shown"):
            raise RuleViolation("not_dealing", _("Hole cards are dealt before the flop."))
        extra = int(char_of(ctx, side)["derived"].get("extra_hole_cards", 0))
        active = read_cards(payload, "active", (2 + extra,))
        # No inactive cards entered (the page sends an empty list) means none held.
        inactive = read_cards(payload, "inactive", (2,)) if payload.get("inactive") not in (None, []) else []
    else:
        require_host(ctx, gettext_noop("deal the threats' cards"))
        entering = side["status"] == "active" and not side["active"] and combat["street"] in ("flop", "turn")
        if side["status"] != "active" or not (combat["street"] == "deal" or entering):
            raise RuleViolation(
                "not_dealing",
                _("%(side)s gets cards at the deal or when it enters.") % {"side": side["name"]},
            )
        active = read_cards(payload, "active", (2,))
        if payload.get("inactive"):
            raise RuleViolation("bad_field", _("Threats hold no inactive cards."), {"field": "inactive"})
        inactive = []
    if {c.index for c in active} & {c.index for c in inactive}:
        raise RuleViolation("duplicate_card", _("The same card is entered twice."), {"field": "inactive"})
    refuse_seen(combat, [*active, *inactive], "active", leave_out=side["id"])
    set_side(ctx, side["id"], "active", codes(active))
    set_side(ctx, side["id"], "inactive", codes(inactive))
    held = " ".join(codes(active))
    if inactive:
        line = said.gettext_lazy(
            "%(side)s holds %(cards)s (+%(n)s inactive)", side=side["name"], cards=held, n=len(inactive)
        )
    else:
        line = said.gettext_lazy("%(side)s holds %(cards)s", side=side["name"], cards=held)
    return said.event("combat.dealt", {"side_id": side["id"]}, line)


def swap(ctx: Ctx, payload: Payload) -> EventBody:
    """``combat.swap {side_id, inactive, active}``: 1 AP moves an inactive card in (§7.4.2)."""
    fields(payload, ("side_id", "inactive", "active"))
    combat = block(ctx)
    side = side_of(combat, payload.get("side_id"))
    if side["kind"] != "player" or side["status"] != "fighting" or combat["street"] in ("river", "over"):
        raise RuleViolation("cannot_swap", _("Only a fighting player swaps, before the river."))
    char = char_of(ctx, side)
    ctx.actor.require_edit(int(char["seat_id"]))
    card_in = read_cards(payload, "inactive", (1,))[0].code
    card_out = read_cards(payload, "active", (1,))[0].code
    if card_in not in side["inactive"] or card_out not in side["active"]:
        raise RuleViolation(
            "not_held",
            _("%(side)s does not hold those cards that way.") % {"side": side["name"]},
            {"field": "inactive"},
        )
    if int(char["ap"]) < 1:
        raise RuleViolation("not_enough_ap", _("A swap costs 1 AP."), {"ap": char["ap"]})
    ap = int(char["ap"])
    ctx.do(counter_op(char, "ap", ap - 1))
    set_side(ctx, side["id"], "active", [card_in if c == card_out else c for c in side["active"]])
    set_side(ctx, side["id"], "inactive", [card_out if c == card_in else c for c in side["inactive"]])
    line = said.gettext_lazy(
        "%(who)s swaps %(card_in)s in for %(card_out)s (AP %(change)s)",
        who=char["name"],
        card_in=card_in,
        card_out=card_out,
        change=f"{ap} \u2192 {ap - 1}",
    )
    return said.event("combat.swapped", head(char), line)
