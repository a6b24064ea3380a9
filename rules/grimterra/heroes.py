"""Heroes onto the table (rulebook 5, 6, 7): brought with their printed numbers, placed, skills set.

A player adds and places their own heroes and sets their skills (another
seat's only if the host or the table allows, ``Actor.require_edit``).
"""

from __future__ import annotations

from typing import Any

from rules.engine import Payload
from rules.errors import RuleViolation
from rules.game import Ctx, EventBody
from rules.grimterra import resolve
from rules.grimterra import validate as v
from rules.grimterra.common import ensure_player, owned_hero
from rules.grimterra.resolve import who
from rules.grimterra.state import (
    DARK_FATE,
    HEROES_PER_PLAYER,
    POSITIONS,
    RARITIES,
    Hero,
    alive,
    hero_path,
    heroes_of,
    refuse_when_over,
    started,
)
from rules.i18n import gettext as _
from rules.validate import no_change

CARD_KEYS = ("name", "fates", "health", "empowered_health", "skills", "minion", "rarity", "position")
"""What ``hero.add`` reads from a hero card (and where it is placed)."""


def _skills(payload: Payload, fates: list[str]) -> dict[str, dict[str, int]]:
    """``{normal: {fate: level}, empowered: {...}}``: every non-dark Fate of the hero, 0 when not given."""
    printed = [f for f in fates if f != DARK_FATE]
    result: dict[str, dict[str, int]] = {side: dict.fromkeys(printed, 0) for side in ("normal", "empowered")}
    raw = payload.get("skills")
    if raw is None:
        return result
    if not isinstance(raw, dict):
        raise RuleViolation(
            "bad_field", _("Skills are {normal: {Fate: level}, empowered: {...}}."), {"field": "skills"}
        )
    for side, levels in raw.items():
        if side not in result or not isinstance(levels, dict):
            raise RuleViolation(
                "bad_field", _("Skills are {normal: {Fate: level}, empowered: {...}}."), {"field": "skills"}
            )
        for name, level in levels.items():
            fate = v.fate_of(name, "skills")
            if fate == DARK_FATE:
                raise RuleViolation(
                    "bad_field",
                    _("Tenebris cards have no requirement, so there is no Tenebris skill."),
                    {"field": "skills"},
                )
            if fate not in printed:
                raise RuleViolation(
                    "wrong_fate",
                    _("The hero has no %(fate)s Fate, so no %(fate)s skill.") % {"fate": fate},
                    {"field": "skills"},
                )
            result[side][fate] = v.whole(
                level, "skills", _("The %(fate)s skill") % {"fate": fate}, 0, v.MAX_NUMBER
            )
    return result


def _printed(p: Payload) -> dict[str, Any]:
    """The hero card's printed numbers, checked (the empowered side has the higher Health; a minion
    lives in the arena), and where the player places it (``position``, None when not said)."""
    name = v.text(p, "name", _("The hero's name"), v.MAX_NAME)
    fates = v.fates(p)
    health = v.integer(p, "health", _("Health"), 1, v.MAX_NUMBER)
    empowered = v.integer(p, "empowered_health", _("Empowered Health"), 1, v.MAX_NUMBER)
    skills = _skills(p, fates)
    minion = v.flag(p, "minion", _("Minion"))
    rarity = v.optional_choice(p, "rarity", RARITIES, _("The rarity"))
    position = v.optional_choice(p, "position", POSITIONS, _("The position"))
    if empowered < health:
        raise RuleViolation(
            "bad_health",
            _("The empowered side has the higher Health: %(empowered)s is below %(health)s.")
            % {"empowered": empowered, "health": health},
            {"field": "empowered_health"},
        )
    if minion and position == "backrow":
        raise RuleViolation(
            "minion_in_arena", _("A minion lives in the arena; it dies if it leaves."), {"field": "position"}
        )
    return {
        "name": name,
        "fates": fates,
        "health": health,
        "empowered_health": empowered,
        "skills": skills,
        "minion": minion,
        "rarity": rarity,
        "position": position,
    }


def add_hero(ctx: Ctx, payload: Payload) -> EventBody:
    """``hero.add {seat_id?, name, fates, health, empowered_health, skills?, minion?, rarity?, position?}``.

    Three heroes per player (rulebook 5); minions (``minion: true``) come on
    top, always into the arena (they die when they leave it, rulebook 7
    Death). A hero starts on its normal side, with the lower Health
    (rulebook 7: "Heroes begin the game on the side with the lowest
    health"), in the backrow unless placed in the arena; a player has one
    arena hero, so placing a new one sends the old one to the backrow.
    """
    p = v.fields(payload, ("seat_id", *CARD_KEYS))
    seat_id = v.seat(p, ctx.actor)
    card = _printed(p)
    minion = bool(card["minion"])
    refuse_when_over(ctx.state)
    ctx.actor.require_edit(seat_id)
    if not minion and len(heroes_of(ctx.state, seat_id)) >= HEROES_PER_PLAYER:
        raise RuleViolation(
            "three_heroes",
            _("That player already has %(n)s heroes.") % {"n": HEROES_PER_PLAYER},
            {"field": "seat_id", "seat_id": seat_id},
        )
    ensure_player(ctx, seat_id)
    hero_id = int(ctx.state["next_id"])
    ctx.rec.put(["next_id"], hero_id + 1)
    place = "arena" if minion else card["position"] or "backrow"
    sent_back = _clear_arena(ctx, seat_id) if place == "arena" and not minion else None
    hero: Hero = {
        "id": hero_id,
        "seat_id": seat_id,
        "name": card["name"],
        "fates": card["fates"],
        "health": card["health"],
        "empowered_health": card["empowered_health"],
        "side": "normal",
        "wounds": 0,
        "dark": 0,
        "position": place,
        "skills": card["skills"],
        "minion": minion,
        "rarity": card["rarity"],
        "flip_pending": False,
    }
    ctx.rec.insert(["heroes"], hero)
    return "hero.added", {"hero": dict(hero), "sent_back": sent_back}


def _clear_arena(ctx: Ctx, seat_id: int) -> dict[str, Any] | None:
    """The player's living arena hero (not a minion) goes to the backrow; who it was."""
    for hero in heroes_of(ctx.state, seat_id):
        if alive(hero) and hero["position"] == "arena":
            ctx.rec.set(hero_path(int(hero["id"]), "position"), "backrow")
            return who(hero)
    return None


def position(ctx: Ctx, payload: Payload) -> EventBody:
    """``hero.position {hero_id, position, note?}``: arena or backrow (rulebook 3, Pre Combat).

    "Select your arena hero. You can't switch arena heroes until your next
    Pre Combat phase": free before the game starts and in the owner's own
    pre-combat; at any other time only for a card that moves it, named in
    ``note`` (``arena_fixed`` otherwise). A minion leaving the arena dies.
    """
    p = v.fields(payload, ("hero_id", "position", "note"))
    place = v.choice(p, "position", POSITIONS, _("The position"))
    note = v.optional_text(p, "note", _("A note"), v.MAX_NOTE, blank_is_absent=False)
    refuse_when_over(ctx.state)
    hero = owned_hero(ctx, p)
    state = ctx.state
    if hero["position"] == place:
        raise no_change(
            _("%(name)s is already in the arena.") % {"name": hero["name"]}
            if place == "arena"
            else _("%(name)s is already in the backrow.") % {"name": hero["name"]},
            "position",
        )
    turn = state["turn"]
    own_pre = turn["seat_id"] == hero["seat_id"] and turn["phase"] == "pre"
    if started(state) and not own_pre and note is None:
        raise RuleViolation(
            "arena_fixed",
            _(
                "The arena hero is chosen in its player's pre-combat and stays until the next; "
                "for a card that moves it, add a note."
            ),
            {"field": "note"},
        )
    hid = int(hero["id"])
    sent_back = None
    died = None
    if hero["minion"]:
        ctx.rec.set(hero_path(hid, "position"), place)
        died = resolve.kill(ctx, hero, "left_arena")
    else:
        if place == "arena":
            sent_back = _clear_arena(ctx, int(hero["seat_id"]))
        ctx.rec.set(hero_path(hid, "position"), place)
    return "hero.moved", {**who(hero), "position": place, "sent_back": sent_back, "died": died, "note": note}


def skill(ctx: Ctx, payload: Payload) -> EventBody:
    """``hero.skill {hero_id, side, fate, level}``: a printed skill level, as on the card (rulebook 6)."""
    p = v.fields(payload, ("hero_id", "side", "fate", "level"))
    side = v.choice(p, "side", ("normal", "empowered"), _("The side"))
    fate = v.fate(p)
    level = v.integer(p, "level", _("The skill level"), 0, v.MAX_NUMBER)
    hero = owned_hero(ctx, p, living=False)
    if fate == DARK_FATE or fate not in hero["fates"]:
        raise RuleViolation(
            "wrong_fate",
            _("%(name)s has no %(fate)s skill (its Fates: %(fates)s; Tenebris has none).")
            % {"name": hero["name"], "fate": fate, "fates": ", ".join(hero["fates"])},
            {"field": "fate"},
        )
    before = int(hero["skills"][side].get(fate, 0))
    if before == level:
        raise no_change(
            _("%(name)s's %(fate)s is already %(level)s.")
            % {"name": hero["name"], "fate": fate, "level": level},
            "level",
        )
    ctx.rec.set(hero_path(int(hero["id"]), "skills", side, fate), level)
    return "hero.skill_set", {**who(hero), "side": side, "fate": fate, "before": before, "level": level}
