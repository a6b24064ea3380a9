"""The GRIM table's commands (issue: State and commands), each a handler ``(ctx, payload) -> event``.

Every handler reads and checks its whole payload first, then records its
changes through ``ctx.rec`` (so undo and redo are exact), and returns the
event's type and a body that names everything the log line needs.

Who may do what: a player changes their own Grim and records (another seat's
only if the host or the table allows, ``Actor.require_edit``); an Attack is
its Attacker's player's to declare; Statuses, the turn strip and the Round
are everyone's at the table (a Status is usually inflicted by the *other*
player, as a Reaction); the Afterworld is the Favor holder's to choose.
Spectators change nothing.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from rules.engine import Payload, State
from rules.errors import RuleViolation
from rules.game import Ctx, EventBody
from rules.grim import turns
from rules.grim import validate as v
from rules.grim.chart import ELEMENTS, SPIRIT_BONUSES
from rules.grim.damage import compute, cost_of, half_up
from rules.grim.knockouts import knock_out
from rules.grim.state import (
    ENTER_STAMINA,
    IN_PLAY,
    PLAYERS,
    SPIRITS_FOR_BONUS,
    Grim,
    ally_of,
    elements_of,
    favor_seat,
    find_grim,
    grim_path,
    in_play,
    new_player,
    player_index,
    refuse_when_over,
)

PLANT_HEAL = 8
KEPT_BONUSES = ("Light", "Fire", "Dark")
"""Spirit Bonuses that wait on the Grim: Light while its Spirits stay, Fire for the next Attack, Dark for
the next Knockout this Round. The others are one-off effects the players carry out (Plant's heal is done
here)."""


# --- players ---------------------------------------------------------------------------------------------


def _check_player(state: State, seat_id: int) -> None:
    """A third player is refused before anything is recorded."""
    if player_index(state, seat_id) is None and len(state["players"]) >= PLAYERS:
        raise RuleViolation(
            "too_many_players", "GRIM is a two-player game; this table already has two.", {"seat_id": seat_id}
        )


def _ensure_player(ctx: Ctx, seat_id: int) -> int:
    index = player_index(ctx.state, seat_id)
    if index is None:
        index = ctx.rec.insert(["players"], new_player(ctx.state, seat_id))
    return index


def _owned_grim(ctx: Ctx, payload: Payload, key: str = "grim_id") -> Grim:
    grim = find_grim(ctx.state, v.grim_id(payload, key), field=key)
    ctx.actor.require_edit(int(grim["seat_id"]))
    return grim


def _no_change(what: str, field: str) -> RuleViolation:
    return RuleViolation("no_change", what, {"field": field})


def _settle_light(ctx: Ctx, grim_id: int) -> str | None:
    """A Light Spirit Bonus lasts while the Grim keeps three Spirits and the Light Element (rulebook: Spirit
    Bonuses): below three it is simply gone; losing Light with three Spirits calls for a new Bonus."""
    grim = find_grim(ctx.state, grim_id, in_play=False)
    if grim["spirit_bonus"] != "Light":
        return None
    if grim["spirits"] < SPIRITS_FOR_BONUS:
        ctx.rec.set(grim_path(grim_id, "spirit_bonus"), None)
        return "lost"
    if "Light" not in elements_of(grim):
        ctx.rec.set(grim_path(grim_id, "spirit_bonus"), None)
        ctx.rec.set(grim_path(grim_id, "spirit_bonus_due"), True)
        return "choose_again"
    return None


def _knockouts(ctx: Ctx, grims: list[tuple[Grim, int]]) -> list[dict[str, Any]]:
    """Knock out each Grim at 0 Health, in order, stopping once the match is decided."""
    result = []
    for grim, count in grims:
        current = find_grim(ctx.state, int(grim["id"]), in_play=False)
        if current["in_play"] and current["health"] <= 0 and ctx.state["winner_seat_id"] is None:
            result.append(knock_out(ctx, current, count))
    return result


def _who(grim: Grim) -> dict[str, Any]:
    return {"grim_id": grim["id"], "name": grim["name"], "seat_id": grim["seat_id"]}


# --- set-up ----------------------------------------------------------------------------------------------


def favor(ctx: Ctx, payload: Payload) -> EventBody:
    """``grim.favor {seat_id?}``: who holds Fiend's Favor (decided at the start; round.end passes it)."""
    p = v.fields(payload, ("seat_id",))
    seat_id = v.seat(p, ctx.actor)
    refuse_when_over(ctx.state)
    v.participant(ctx.actor)  # decided together (coin flip), so anyone seated records it
    _check_player(ctx.state, seat_id)
    before = favor_seat(ctx.state)
    if before == seat_id:
        raise _no_change("That player already holds Fiend's Favor.", "seat_id")
    index = _ensure_player(ctx, seat_id)
    for i in range(len(ctx.state["players"])):
        ctx.rec.set(["players", i, "favor"], i == index)
    turns.reorder(ctx)  # the +0.5 moved
    return "grim.favored", {"seat_id": seat_id, "before": before}


def _attacks(payload: Payload) -> list[int]:
    value = payload.get("attacks")
    if value is None:
        return []
    if not isinstance(value, list) or len(value) > 2:
        raise RuleViolation("bad_field", "Attacks are up to two base damages.", {"field": "attacks"})
    for item in value:
        if isinstance(item, bool) or not isinstance(item, int) or not 0 <= item <= v.MAX_NUMBER:
            raise RuleViolation(
                "bad_field",
                f"Each Attack's damage is a whole number 0 to {v.MAX_NUMBER}.",
                {"field": "attacks"},
            )
    return list(value)


def enter(ctx: Ctx, payload: Payload) -> EventBody:
    """``grim.enter {seat_id?, name, element, health, speed, attacks?, attached?, spirits?}``.

    A Grim enters play with 5 Stamina (rulebook: The Placement), at most two
    per player. ``attached`` and ``spirits`` place it with Bond Cards (the
    free Bond on a newly placed Grim, or the Bonds a Swap carries over;
    three Spirits make a Spirit Bonus due). Entering mid-Round, it acts this
    Round only if slower than the tier now acting. The event carries a
    ``catalogue`` entry so the app can remember the card for pick lists.
    """
    p = v.fields(payload, ("seat_id", "name", "element", "health", "speed", "attacks", "attached", "spirits"))
    seat_id = v.seat(p, ctx.actor)
    name = v.text(p, "name", "The Grim's name", v.MAX_NAME)
    element = v.required_element(p)
    health = v.integer(p, "health", "Health", 1, v.MAX_NUMBER)
    speed = v.integer(p, "speed", "Speed", 0, v.MAX_NUMBER)
    attacks = _attacks(p)
    attached = v.element(p, "attached", nullable=True) if "attached" in p else None
    spirits = v.integer(p, "spirits", "Spirits", 0, SPIRITS_FOR_BONUS, default=0)
    refuse_when_over(ctx.state)
    ctx.actor.require_edit(seat_id)
    _check_player(ctx.state, seat_id)
    if len(in_play(ctx.state, seat_id)) >= IN_PLAY:
        raise RuleViolation(
            "two_in_play",
            "That player already has two Grim in play.",
            {"field": "seat_id", "seat_id": seat_id},
        )
    _ensure_player(ctx, seat_id)
    grim_id = int(ctx.state["next_id"])
    ctx.rec.put(["next_id"], grim_id + 1)
    grim: Grim = {
        "id": grim_id,
        "seat_id": seat_id,
        "name": name,
        "element": element,
        "attached": attached,
        "spirits": spirits,
        "health": health,
        "base_health": health,
        "speed": speed,
        "stamina": ENTER_STAMINA,
        "status": None,
        "in_play": True,
        "attacks": attacks,
        "spirit_bonus_due": spirits >= SPIRITS_FOR_BONUS,
        "spirit_bonus": None,
    }
    ctx.rec.insert(["grims"], grim)
    acts = turns.acts_this_round(ctx.state, grim)
    if acts:
        turns.reorder(ctx, [grim_id])
    catalogue = {"name": name, "element": element, "health": health, "speed": speed, "attacks": attacks}
    return "grim.entered", {"grim": dict(grim), "acts_this_round": acts, "catalogue": catalogue}


# --- bonds and statuses ------------------------------------------------------------------------------------


def attach(ctx: Ctx, payload: Payload) -> EventBody:
    """``grim.attach {grim_id, element | null}``: an Element Bond, replacing the previous one (null: none).

    Rulebook: "GRIM CAN ONLY HAVE ONE ELEMENT ATTACHED ... attaching a new
    one will force you to discard the old one." Null takes it off (Root,
    the Psychic Spirit Bonus moving it, a Heal spending it by hand).
    """
    p = v.fields(payload, ("grim_id", "element"))
    element = v.element(p, nullable=True)
    refuse_when_over(ctx.state)
    grim = _owned_grim(ctx, p)
    if grim["attached"] == element:
        raise _no_change(f"{grim['name']} already has that attached.", "element")
    before = grim["attached"]
    ctx.rec.set(grim_path(grim["id"], "attached"), element)
    light = _settle_light(ctx, int(grim["id"]))
    turns.reorder(ctx)  # an Electric Element under the Wind Afterworld moves its Turn
    return "grim.attached", {**_who(grim), "element": element, "before": before, "light": light}


def spirit(ctx: Ctx, payload: Payload) -> EventBody:
    """``grim.spirit {grim_id}``: attach a Spirit; the third makes a Spirit Bonus due."""
    p = v.fields(payload, ("grim_id",))
    refuse_when_over(ctx.state)
    grim = _owned_grim(ctx, p)
    if grim["spirits"] >= SPIRITS_FOR_BONUS:
        raise RuleViolation(
            "spirits_full",
            f"{grim['name']} already has three Spirits.",
            {"field": "grim_id", "grim_id": grim["id"]},
        )
    after = ctx.rec.add(grim_path(grim["id"], "spirits"), 1)
    due = after >= SPIRITS_FOR_BONUS
    if due:
        ctx.rec.set(grim_path(grim["id"], "spirit_bonus_due"), True)
    return "grim.spirit_attached", {**_who(grim), "spirits": after, "bonus_due": due}


def spirit_bonus(ctx: Ctx, payload: Payload) -> EventBody:
    """``grim.spirit_bonus {grim_id, element}``: the Spirit Bonus of one of the Grim's Elements.

    The Spirits then go to Limbo, except with Light (kept while three stay
    and Light stays on the Grim). Plant's heal 8 and cure is applied here;
    Fire (+6, cannot be Immune) waits for the Grim's next Attack and Dark
    (next Knockout counts as two) for its next Knockout this Round; the
    other Bonuses are carried out by the players with the other commands.
    """
    p = v.fields(payload, ("grim_id", "element"))
    element = v.required_element(p)
    refuse_when_over(ctx.state)
    grim = _owned_grim(ctx, p)
    if not grim["spirit_bonus_due"]:
        raise RuleViolation(
            "no_spirit_bonus_due",
            f"{grim['name']} has no Spirit Bonus due (it takes three Spirits).",
            {"field": "grim_id", "grim_id": grim["id"]},
        )
    if element not in elements_of(grim):
        raise RuleViolation(
            "not_its_element",
            f"{grim['name']} can only take the Spirit Bonus of {' or '.join(elements_of(grim))}.",
            {"field": "element", "elements": elements_of(grim)},
        )
    gid = int(grim["id"])
    ctx.rec.set(grim_path(gid, "spirit_bonus_due"), False)
    if element != "Light":
        ctx.rec.put(grim_path(gid, "spirits"), 0)
    if element in KEPT_BONUSES:
        ctx.rec.set(grim_path(gid, "spirit_bonus"), element)
    healed = None
    if element == "Plant":
        before = int(grim["health"])
        ctx.rec.add(grim_path(gid, "health"), PLANT_HEAL)
        ctx.rec.set(grim_path(gid, "status"), None)
        healed = {"before": before, "after": before + PLANT_HEAL}
    return "grim.spirit_bonus_chosen", {
        **_who(grim),
        "element": element,
        "bonus": SPIRIT_BONUSES[element],
        "healed": healed,
    }


def status(ctx: Ctx, payload: Payload) -> EventBody:
    """``grim.status {grim_id, status | null}``: one Status at a time; a new one replaces the old.

    A Status may replace itself (FAQ). Paralysis moves the Grim's coming
    Turn to the Paralysis Phase.
    """
    p = v.fields(payload, ("grim_id", "status"))
    new = v.status(p)
    refuse_when_over(ctx.state)
    grim = find_grim(ctx.state, v.grim_id(p))
    v.participant(ctx.actor)
    before = grim["status"]
    if before is None and new is None:
        raise _no_change(f"{grim['name']} has no Status.", "status")
    ctx.rec.set(grim_path(grim["id"], "status"), new)
    turns.reorder(ctx)
    return "grim.status_set", {**_who(grim), "status": new, "before": before}


# --- actions ---------------------------------------------------------------------------------------------

ATTACKER_CLEARS = ("Burn", "Fear", "Freeze", "Grapple", "Confusion")
"""Statuses on the Attacker that its Attack uses up (Freeze: "or otherwise Attacks")."""
TARGET_CLEARS = ("Blight", "Curse")
"""Statuses on the Target that the next Attack against it uses up, even if it is Immune."""


def attack(ctx: Ctx, payload: Payload) -> EventBody:
    """``grim.attack {grim_id, target_id, damage, element, strong?, weak?, flat?}``.

    ``damage`` is the Attack's printed base damage and ``element`` the one it
    is launched with (the Grim's own or its attached one). The Attacker pays
    half the base damage in Stamina, rounded up, even when the Target turns
    out Immune (rulebook: The Reaction). Damage follows ``rules.grim.damage``.
    Then the Statuses that triggered clear; Grapple deals half the damage to
    the Attacker's Ally and Confusion half to the Attacker (rounded up), and
    every Grim brought to 0 Health is knocked out (the Target first, FAQ:
    "the damage will hit the Opponent of that Grim first").
    """
    p = v.fields(payload, ("grim_id", "target_id", "damage", "element", "strong", "weak", "flat"))
    base = v.integer(p, "damage", "The Attack's base damage", 0, v.MAX_NUMBER)
    element = v.required_element(p)
    strong = v.flag(p, "strong", "Strong")
    weak = v.flag(p, "weak", "Weak")
    flat = v.integer(p, "flat", "The flat modifier", -v.MAX_NUMBER, v.MAX_NUMBER, default=0)
    if strong and weak:
        raise RuleViolation(
            "strong_and_weak", "An Attack cannot be forced both Strong and Weak.", {"field": "weak"}
        )
    refuse_when_over(ctx.state)
    attacker = _owned_grim(ctx, p)
    target = find_grim(ctx.state, v.grim_id(p, "target_id"), field="target_id")
    if target["id"] == attacker["id"]:
        raise RuleViolation("self_target", "A Grim cannot Attack itself.", {"field": "target_id"})
    if element not in elements_of(attacker):
        raise RuleViolation(
            "not_its_element",
            f"{attacker['name']} can only Attack with {' or '.join(elements_of(attacker))}.",
            {"field": "element", "elements": elements_of(attacker)},
        )
    cost = cost_of(base)
    if attacker["stamina"] < cost:
        raise RuleViolation(
            "not_enough_stamina",
            f"{attacker['name']} has {attacker['stamina']} Stamina; this Attack costs {cost}.",
            {"field": "damage", "cost": cost, "stamina": attacker["stamina"]},
        )
    fire_bonus = attacker["spirit_bonus"] == "Fire"
    result = compute(
        base,
        element,
        elements_of(target),
        attacker_status=attacker["status"],
        target_status=target["status"],
        strong=strong,
        weak=weak,
        flat=flat,
        fire_bonus=fire_bonus,
    )
    aid, tid = int(attacker["id"]), int(target["id"])
    stamina_before = int(attacker["stamina"])
    ctx.rec.add(grim_path(aid, "stamina"), -cost)
    health_before = int(target["health"])
    health_after = ctx.rec.add(grim_path(tid, "health"), -result.amount, lo=0)
    attacker_status, target_status = attacker["status"], target["status"]
    cleared = []
    if attacker_status in ATTACKER_CLEARS:
        ctx.rec.set(grim_path(aid, "status"), None)
        cleared.append({**_who(attacker), "status": attacker_status})
    if target_status in TARGET_CLEARS:
        ctx.rec.set(grim_path(tid, "status"), None)
        cleared.append({**_who(target), "status": target_status})
    if fire_bonus:
        ctx.rec.set(grim_path(aid, "spirit_bonus"), None)
    side = []
    hurt: list[tuple[Grim, int]] = []
    dark = attacker["spirit_bonus"] == "Dark" and health_after <= 0
    if dark:
        ctx.rec.set(grim_path(aid, "spirit_bonus"), None)
    hurt.append((target, 2 if dark else 1))
    if attacker_status in ("Grapple", "Confusion"):
        victim = ally_of(ctx.state, attacker) if attacker_status == "Grapple" else attacker
        if victim is not None:
            half = half_up(result.amount)
            before = int(victim["health"])
            after = ctx.rec.add(grim_path(victim["id"], "health"), -half, lo=0)
            side.append(
                {**_who(victim), "status": attacker_status, "damage": half, "before": before, "after": after}
            )
            hurt.append((victim, 1))
    knockouts = _knockouts(ctx, hurt)
    turns.reorder(ctx)  # cleared statuses (a Grim knocked out) change who acts next
    return "grim.attacked", {
        "attacker_id": aid,
        "attacker": attacker["name"],
        "attacker_seat_id": attacker["seat_id"],
        "target_id": tid,
        "target": target["name"],
        "target_seat_id": target["seat_id"],
        "element": element,
        "base": base,
        "strong": strong,
        "weak": weak,
        "flat": flat,
        "cost": cost,
        "stamina_before": stamina_before,
        "stamina_after": stamina_before - cost,
        "damage": result.amount,
        "missed": result.missed,
        "result": result.result,
        "breakdown": result.breakdown,
        "health_before": health_before,
        "health_after": health_after,
        "fire_bonus": fire_bonus,
        "dark_bonus": dark,
        "cleared": cleared,
        "side": side,
        "knockouts": knockouts,
    }


def heal(ctx: Ctx, payload: Payload) -> EventBody:
    """``grim.heal {grim_id, stamina?, bonds?, element_first?}``: 1 Health per point spent, curing any Status.

    Stamina and attached Bond Cards are spent 1:1 (Key Terms: Heal); healing
    for 0 is refused ("you cannot Heal for 0 Health ... to Cure Status"). The
    Bonds spent are the Spirits first, keeping the Element (it counts for
    damage and Synergy), unless ``element_first``. No Health cap (spec:
    none printed).
    """
    p = v.fields(payload, ("grim_id", "stamina", "bonds", "element_first"))
    stamina = v.integer(p, "stamina", "Stamina spent", 0, v.MAX_NUMBER, default=0)
    bonds = v.integer(p, "bonds", "Bond Cards spent", 0, SPIRITS_FOR_BONUS + 1, default=0)
    element_first = v.flag(p, "element_first", "Element first")
    refuse_when_over(ctx.state)
    grim = _owned_grim(ctx, p)
    if stamina + bonds == 0:
        raise RuleViolation(
            "zero_heal", "Healing for 0 is not allowed: spend Stamina or Bond Cards.", {"field": "stamina"}
        )
    if stamina > grim["stamina"]:
        raise RuleViolation(
            "not_enough_stamina",
            f"{grim['name']} has only {grim['stamina']} Stamina.",
            {"field": "stamina", "stamina": grim["stamina"]},
        )
    held = int(grim["spirits"]) + (1 if grim["attached"] is not None else 0)
    if bonds > held:
        raise RuleViolation(
            "not_enough_bonds",
            f"{grim['name']} has only {held} Bond Cards attached.",
            {"field": "bonds", "bonds": held},
        )
    gid = int(grim["id"])
    element_held = grim["attached"]
    spend_element = grim["attached"] is not None and (element_first or bonds > grim["spirits"]) and bonds > 0
    spirits_spent = bonds - (1 if spend_element else 0)
    before = int(grim["health"])
    ctx.rec.add(grim_path(gid, "stamina"), -stamina)
    if spirits_spent:
        ctx.rec.add(grim_path(gid, "spirits"), -spirits_spent)
        ctx.rec.set(grim_path(gid, "spirit_bonus_due"), False)
    if spend_element:
        ctx.rec.set(grim_path(gid, "attached"), None)
    after = ctx.rec.add(grim_path(gid, "health"), stamina + bonds)
    cured = grim["status"]
    ctx.rec.set(grim_path(gid, "status"), None)
    light = _settle_light(ctx, gid)
    turns.reorder(ctx)  # a cured Paralysis, a spent Electric Element
    return "grim.healed", {
        **_who(grim),
        "stamina": stamina,
        "bonds": bonds,
        "element_spent": element_held if spend_element else None,
        "before": before,
        "after": after,
        "cured": cured,
        "light": light,
    }


def react(ctx: Ctx, payload: Payload) -> EventBody:
    """``grim.react {seat_id?}``: the player uses their one Reaction of the Round (rulebook: The Reaction)."""
    p = v.fields(payload, ("seat_id",))
    seat_id = v.seat(p, ctx.actor)
    refuse_when_over(ctx.state)
    ctx.actor.require_edit(seat_id)
    _check_player(ctx.state, seat_id)
    index = player_index(ctx.state, seat_id)
    if index is not None and not ctx.state["players"][index]["reaction"]:
        raise RuleViolation(
            "reaction_used", "That player has already used their Reaction this Round.", {"field": "seat_id"}
        )
    index = _ensure_player(ctx, seat_id)
    ctx.rec.set(["players", index, "reaction"], False)
    return "grim.reacted", {"seat_id": seat_id}


# --- turns and rounds ------------------------------------------------------------------------------------


def turn_next(ctx: Ctx, payload: Payload) -> EventBody:
    """``turn.next {}``: the acting Grim's Turn ends and the next in ``turn_order`` starts (+2 Stamina).

    The first ``turn.next`` of a Round starts its first Turn. After the last
    Turn, ``turn.next`` ends it and leaves nobody acting; then only
    ``round.end`` moves on (``round_over``).
    """
    v.fields(payload, ())
    refuse_when_over(ctx.state)
    v.participant(ctx.actor)
    state = ctx.state
    coming = turns.upcoming(state)
    if state["acting"] is None and not coming:
        if state["acted"]:
            raise RuleViolation("round_over", "Every Grim has had its Turn: end the Round.")
        raise RuleViolation("nobody_to_act", "No Grim is in play yet.")
    ended = turns.end_turn(ctx)
    started = turns.start_turn(ctx, coming[0]) if coming else None
    if started is None:
        ctx.rec.set(["phase"], "normal")
    turns.reorder(
        ctx
    )  # a cleared Paralysis or Freeze changes nothing for those who acted, but keep it sorted
    return "turn.advanced", {"round": state["round"], "ended": ended, "started": started}


def turn_order(ctx: Ctx, payload: Payload) -> EventBody:
    """``turn.order {grim_ids}``: the players order exact ties among the Grim still to act (spec §1).

    ``grim_ids`` lists some (or all) of the Grim still to act in the order
    wanted; they take those places among themselves, and the result must
    still be in Speed order, so only exact ties can change places.
    """
    p = v.fields(payload, ("grim_ids",))
    ids = p.get("grim_ids")
    if "grim_ids" not in p or ids is None:
        raise RuleViolation("missing_field", "List the Grim in the order wanted.", {"field": "grim_ids"})
    if (
        not isinstance(ids, list)
        or not ids
        or any(isinstance(i, bool) or not isinstance(i, int) for i in ids)
        or len(set(ids)) != len(ids)
    ):
        raise RuleViolation("bad_field", "List each Grim once, by its id.", {"field": "grim_ids"})
    refuse_when_over(ctx.state)
    v.participant(ctx.actor)
    state = ctx.state
    coming = turns.upcoming(state)
    strangers = [i for i in ids if i not in coming]
    if strangers:
        raise RuleViolation(
            "not_upcoming",
            "Only Grim still to act this Round can be reordered.",
            {"field": "grim_ids", "grim_ids": strangers},
        )
    wanted = iter(ids)
    chosen = set(ids)
    new_coming = [next(wanted) if gid in chosen else gid for gid in coming]
    keys = [turns.key(state, find_grim(state, gid)) for gid in new_coming]
    if any(a > b for a, b in pairwise(keys)):
        raise RuleViolation(
            "not_a_tie", "Only Grim with exactly the same Speed can swap places.", {"field": "grim_ids"}
        )
    if new_coming == coming:
        raise _no_change("That is already the order.", "grim_ids")
    acted = set(state["acted"])
    ctx.rec.set(["turn_order"], [gid for gid in state["turn_order"] if gid in acted] + new_coming)
    names = [find_grim(state, gid)["name"] for gid in new_coming]
    return "turn.reordered", {"grim_ids": new_coming, "names": names}


def round_end(ctx: Ctx, payload: Payload) -> EventBody:
    """``round.end {}``: the Round ends (rulebook: The Rounds; Replace Depleted Decks).

    The acting Grim's Turn ends; Fiend's Favor passes to the other player;
    Reactions refresh; the Afterworld goes to the discard and, once all 11
    are discarded, all are revived; Dark Spirit Bonuses ("this Round") lapse.
    The next Round's order is every Grim in play; the Favor holder then
    chooses the Afterworld with ``grim.afterworld``. Grim that had not yet
    acted are listed as skipped (the table may end a Round early, e.g. a
    Passive that skips a Turn).
    """
    v.fields(payload, ())
    refuse_when_over(ctx.state)
    v.participant(ctx.actor)
    state = ctx.state
    skipped = [find_grim(state, gid)["name"] for gid in turns.upcoming(state)]
    ended = turns.end_turn(ctx)
    holder = favor_seat(state)
    to = holder
    if holder is not None and len(state["players"]) == PLAYERS:
        for i, player in enumerate(state["players"]):
            ctx.rec.set(["players", i, "favor"], player["seat_id"] != holder)
        to = favor_seat(state)
    for i in range(len(state["players"])):
        ctx.rec.set(["players", i, "reaction"], True)
    discarded = state["afterworld"]
    revived = False
    if discarded is not None:
        ctx.rec.insert(["afterworlds_discarded"], discarded)
        ctx.rec.set(["afterworld"], None)
    if len(state["afterworlds_discarded"]) >= len(ELEMENTS):
        ctx.rec.set(["afterworlds_discarded"], [])
        revived = True
    for grim in state["grims"]:
        if grim["spirit_bonus"] == "Dark":
            ctx.rec.set(grim_path(grim["id"], "spirit_bonus"), None)
    ended_round = int(state["round"])
    ctx.rec.add(["round"], 1)
    ctx.rec.set(["acted"], [])
    ctx.rec.set(["phase"], "normal")
    ctx.rec.set(["tier_speed"], None)
    ids = [gid for gid in state["turn_order"] if find_grim(state, gid, in_play=False)["in_play"]]
    ids += sorted(g["id"] for g in in_play(state) if g["id"] not in ids)
    ctx.rec.set(["turn_order"], turns.sorted_ids(state, ids))
    return "round.ended", {
        "round": ended_round,
        "ended": ended,
        "favor_from": holder,
        "favor_to": to,
        "afterworld_discarded": discarded,
        "revived": revived,
        "skipped": skipped,
    }


def afterworld(ctx: Ctx, payload: Payload) -> EventBody:
    """``grim.afterworld {element, revive?}``: the Favor holder sets the Afterworld.

    One per Element; a discarded one cannot be chosen unless ``revive`` (the
    Psychic Spirit Bonus: "even with a discarded Afterworld"). An active
    Afterworld being replaced goes to the discard (Key Terms: Replace).
    """
    p = v.fields(payload, ("element", "revive"))
    element = v.required_element(p)
    revive = v.flag(p, "revive", "Revive")
    refuse_when_over(ctx.state)
    state = ctx.state
    holder = favor_seat(state)
    if holder is None:
        v.participant(ctx.actor)
    else:
        ctx.actor.require_edit(holder)
    if state["afterworld"] == element:
        raise _no_change(f"The {element} Afterworld is already active.", "element")
    if element in state["afterworlds_discarded"] and not revive:
        raise RuleViolation(
            "afterworld_discarded",
            f"The {element} Afterworld has been discarded this cycle.",
            {"field": "element"},
        )
    before = state["afterworld"]
    if element in state["afterworlds_discarded"]:
        ctx.rec.remove(["afterworlds_discarded"], element)
    if before is not None:
        ctx.rec.insert(["afterworlds_discarded"], before)
    ctx.rec.set(["afterworld"], element)
    turns.reorder(ctx)  # the Wind Afterworld sends Electric Grim to the Paralysis Phase
    return "grim.afterworld_set", {"element": element, "before": before, "seat_id": holder}


# --- corrections by hand ---------------------------------------------------------------------------------

GRIM_FIELDS = ("health", "stamina", "speed", "spirits")
PLAYER_FIELDS = ("banished", "knockouts")


def adjust(ctx: Ctx, payload: Payload) -> EventBody:
    """``grim.adjust {grim_id, field, by, note}``: the printed card wins; a hand change with a note.

    Health, Stamina, Speed and Spirits; none goes below 0, Spirits not above
    3. Health brought to 0 knocks the Grim out; a third Spirit makes a Spirit
    Bonus due; a new Speed re-sorts the Turn order.
    """
    p = v.fields(payload, ("grim_id", "field", "by", "note"))
    field = v.choice(p, "field", GRIM_FIELDS, "The field")
    by = v.integer(p, "by", "The change", -v.MAX_NUMBER, v.MAX_NUMBER)
    note = v.text(p, "note", "A note", v.MAX_NOTE)
    refuse_when_over(ctx.state)
    grim = _owned_grim(ctx, p)
    gid = int(grim["id"])
    before = int(grim[field])
    hi = SPIRITS_FOR_BONUS if field == "spirits" else None
    after = max(0, before + by) if hi is None else min(hi, max(0, before + by))
    if after == before:
        raise _no_change(f"{grim['name']}'s {field} would stay {before}.", "by")
    ctx.rec.put(grim_path(gid, field), after)
    knockouts: list[dict[str, Any]] = []
    light = None
    if field == "health" and after <= 0:
        knockouts = _knockouts(ctx, [(grim, 1)])
    if field == "spirits":
        due = after >= SPIRITS_FOR_BONUS and grim["spirit_bonus"] != "Light"
        ctx.rec.set(grim_path(gid, "spirit_bonus_due"), due)
        light = _settle_light(ctx, gid)
    turns.reorder(ctx)
    return "grim.adjusted", {
        **_who(grim),
        "field": field,
        "by": after - before,
        "before": before,
        "after": after,
        "note": note,
        "knockouts": knockouts,
        "light": light,
    }


def player_adjust(ctx: Ctx, payload: Payload) -> EventBody:
    """``player.adjust {seat_id?, field, by, note}``: the Banished pile or the knockouts, by hand.

    For card effects that touch the pile (a revealed Banished played as a
    Reaction) or a miscount. Allowed after the match is decided, as a
    correction; it never decides the match itself.
    """
    p = v.fields(payload, ("seat_id", "field", "by", "note"))
    seat_id = v.seat(p, ctx.actor)
    field = v.choice(p, "field", PLAYER_FIELDS, "The field")
    by = v.integer(p, "by", "The change", -v.MAX_NUMBER, v.MAX_NUMBER)
    note = v.text(p, "note", "A note", v.MAX_NOTE)
    ctx.actor.require_edit(seat_id)
    _check_player(ctx.state, seat_id)
    index = player_index(ctx.state, seat_id)
    before = (
        int(ctx.state["players"][index][field])
        if index is not None
        else int(new_player(ctx.state, seat_id)[field])
    )
    after = max(0, before + by)
    if after == before:
        raise _no_change(f"The {field} would stay {before}.", "by")
    index = _ensure_player(ctx, seat_id)
    ctx.rec.put(["players", index, field], after)
    return "player.adjusted", {
        "seat_id": seat_id,
        "field": field,
        "by": after - before,
        "before": before,
        "after": after,
        "note": note,
    }
