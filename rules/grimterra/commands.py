"""The Grimterra table's commands (issue 12: state and commands), each a handler ``(ctx, payload) -> event``.

Every handler reads and checks its whole payload first, then records its
changes through ``ctx.rec`` (so undo and redo are exact), and returns the
event's type and a body that names everything the log line needs. What
follows automatically (flips, deaths, who is out, the winner) is worked out
by ``rules.grimterra.resolve`` and reported in the body's ``after``.

Who may do what: a player adds, places and corrects their own heroes and
records (another seat's only if the host or the table allows,
``Actor.require_edit``), and uses cards with them; turns, the combat's
start and the per-turn cards belong to the player whose turn it is
(``not_your_turn``). Wounds and dark counters are usually dealt by the
*other* player's card, and both sides reveal at once in combat, so those
and the combat rounds are anyone's at the table. Spectators change nothing.
"""

from __future__ import annotations

from typing import Any

from rules.engine import Payload, State
from rules.errors import RuleViolation
from rules.game import Ctx, EventBody
from rules.grimterra import resolve
from rules.grimterra import validate as v
from rules.grimterra.cards import check_fate, check_timing
from rules.grimterra.state import (
    COMBAT_ROUNDS,
    DARK_FATE,
    HAND_SIZE,
    HEROES_PER_PLAYER,
    KINDS,
    LIMITED,
    PHASES,
    POSITIONS,
    RARITIES,
    SIDES,
    Hero,
    alive,
    find_hero,
    hero_path,
    heroes_of,
    in_combat,
    new_player,
    player_index,
    refuse_when_over,
    require_started,
    started,
)
from rules.turns import next_seat, turn_player
from rules.validate import no_change

who = resolve.who


def _ensure_player(ctx: Ctx, seat_id: int) -> int:
    index = player_index(ctx.state, seat_id)
    if index is None:
        index = ctx.rec.insert(["players"], new_player(seat_id))
    return index


def _player(state: State, seat_id: int, field: str = "seat_id") -> int:
    index = player_index(state, seat_id)
    if index is None:
        raise RuleViolation(
            "not_a_player", "That seat has no heroes at this table yet.", {"field": field, "seat_id": seat_id}
        )
    return index


def _owned_hero(ctx: Ctx, payload: Payload, key: str = "hero_id", *, living: bool = True) -> Hero:
    hero = find_hero(ctx.state, v.hero_id(payload, key), field=key, alive=living)
    ctx.actor.require_edit(int(hero["seat_id"]))
    return hero


def _any_hero(ctx: Ctx, payload: Payload, key: str = "hero_id", *, living: bool = True) -> Hero:
    hero = find_hero(ctx.state, v.hero_id(payload, key), field=key, alive=living)
    v.participant(ctx.actor)
    return hero


def _hand_to(ctx: Ctx, index: int, discard: bool, field: str) -> int:
    """One card leaves the player's hand (to the discard pile when ``discard``); the hand after."""
    player = ctx.state["players"][index]
    if player["hand"] <= 0:
        raise RuleViolation(
            "empty_hand",
            "That player has no cards in hand (correct the count with player.adjust if it is wrong).",
            {"field": field, "seat_id": player["seat_id"]},
        )
    after = ctx.rec.add(["players", index, "hand"], -1)
    if discard:
        ctx.rec.add(["players", index, "discard"], 1)
    return after


def _draw(ctx: Ctx, index: int, count: int) -> dict[str, Any]:
    """The player draws ``count`` cards: from the counted deck, short when it runs out."""
    player = ctx.state["players"][index]
    deck = player["deck"]
    drawn = count if deck is None else min(count, int(deck))
    if deck is not None:
        ctx.rec.add(["players", index, "deck"], -drawn)
    hand = ctx.rec.add(["players", index, "hand"], drawn)
    return {
        "seat_id": player["seat_id"],
        "drew": drawn,
        "hand": hand,
        "deck": ctx.state["players"][index]["deck"],
        "empty": drawn < count,
    }


def _draw_up(ctx: Ctx) -> tuple[list[dict[str, Any]], list[int]]:
    """Start of a turn: every player still in draws until they hold 5 (rulebook 3, Draw)."""
    draws = []
    empty = []
    for index, player in enumerate(ctx.state["players"]):
        if player["lost"]:
            continue
        need = max(0, HAND_SIZE - int(player["hand"]))
        if need:
            drawn = _draw(ctx, index, need)
            draws.append(drawn)
            if drawn["empty"]:
                empty.append(int(player["seat_id"]))
    return draws, empty


def _next_seat(state: State, seat_id: int | None) -> int | None:
    """The next player in seating order who is still in (``seat_id`` itself if nobody else is)."""
    return next_seat(state["players"], seat_id, out=lambda player: bool(player["lost"]))


# --- set-up ----------------------------------------------------------------------------------------------


def _skills(payload: Payload, fates: list[str]) -> dict[str, dict[str, int]]:
    """``{normal: {fate: level}, empowered: {...}}``: every non-dark Fate of the hero, 0 when not given."""
    printed = [f for f in fates if f != DARK_FATE]
    result: dict[str, dict[str, int]] = {side: dict.fromkeys(printed, 0) for side in ("normal", "empowered")}
    raw = payload.get("skills")
    if raw is None:
        return result
    if not isinstance(raw, dict):
        raise RuleViolation(
            "bad_field", "Skills are {normal: {Fate: level}, empowered: {...}}.", {"field": "skills"}
        )
    for side, levels in raw.items():
        if side not in result or not isinstance(levels, dict):
            raise RuleViolation(
                "bad_field", "Skills are {normal: {Fate: level}, empowered: {...}}.", {"field": "skills"}
            )
        for name, level in levels.items():
            fate = v.fate_of(name, "skills")
            if fate == DARK_FATE:
                raise RuleViolation(
                    "bad_field",
                    "Tenebris cards have no requirement, so there is no Tenebris skill.",
                    {"field": "skills"},
                )
            if fate not in printed:
                raise RuleViolation(
                    "wrong_fate", f"The hero has no {fate} Fate, so no {fate} skill.", {"field": "skills"}
                )
            result[side][fate] = v.whole(level, "skills", f"The {fate} skill", 0, v.MAX_NUMBER)
    return result


def start(ctx: Ctx, payload: Payload) -> EventBody:
    """``game.start {seat_id?}``: the first player (default: the sender) begins turn 1 with its Draw.

    Every player needs their three heroes first (rulebook 5: "You must have 3
    heroes"); at least two players. All players then draw up to 5.
    """
    p = v.fields(payload, ("seat_id",))
    seat_id = v.seat(p, ctx.actor)
    state = ctx.state
    if started(state):
        raise RuleViolation("already_started", "The game has already started.")
    v.participant(ctx.actor)
    if len(state["players"]) < 2:
        raise RuleViolation("not_enough_players", "Grimterra needs at least two players with their heroes.")
    _player(state, seat_id)
    for player in state["players"]:
        count = len(heroes_of(state, int(player["seat_id"])))
        if count != HEROES_PER_PLAYER:
            raise RuleViolation(
                "heroes_missing",
                f"Every player brings {HEROES_PER_PLAYER} heroes; seat {player['seat_id']} has {count}.",
                {"seat_id": player["seat_id"], "heroes": count},
            )
    ctx.rec.set(["turn"], {"seat_id": seat_id, "number": 1, "phase": "draw", "combat": None, "fought": False})
    draws, empty = _draw_up(ctx)
    result = resolve.decide(ctx, empty_deck=empty)
    return "game.started", {"seat_id": seat_id, "draws": draws, "result": result}


def add_hero(ctx: Ctx, payload: Payload) -> EventBody:
    """``hero.add {seat_id?, name, fates, health, empowered_health, skills?, minion?, rarity?, position?}``.

    Three heroes per player (rulebook 5); minions (``minion: true``) come on
    top, always into the arena (they die when they leave it, rulebook 7
    Death). A hero starts on its normal side, with the lower Health
    (rulebook 7: "Heroes begin the game on the side with the lowest
    health"), in the backrow unless placed in the arena; a player has one
    arena hero, so placing a new one sends the old one to the backrow.
    """
    p = v.fields(
        payload,
        (
            "seat_id",
            "name",
            "fates",
            "health",
            "empowered_health",
            "skills",
            "minion",
            "rarity",
            "position",
        ),
    )
    seat_id = v.seat(p, ctx.actor)
    name = v.text(p, "name", "The hero's name", v.MAX_NAME)
    fates = v.fates(p)
    health = v.integer(p, "health", "Health", 1, v.MAX_NUMBER)
    empowered = v.integer(p, "empowered_health", "Empowered Health", 1, v.MAX_NUMBER)
    skills = _skills(p, fates)
    minion = v.flag(p, "minion", "Minion")
    rarity = v.optional_choice(p, "rarity", RARITIES, "The rarity")
    position = v.optional_choice(p, "position", POSITIONS, "The position")
    if empowered < health:
        raise RuleViolation(
            "bad_health",
            f"The empowered side has the higher Health: {empowered} is below {health}.",
            {"field": "empowered_health"},
        )
    if minion and position == "backrow":
        raise RuleViolation(
            "minion_in_arena", "A minion lives in the arena; it dies if it leaves.", {"field": "position"}
        )
    refuse_when_over(ctx.state)
    ctx.actor.require_edit(seat_id)
    if not minion and len(heroes_of(ctx.state, seat_id)) >= HEROES_PER_PLAYER:
        raise RuleViolation(
            "three_heroes",
            f"That player already has {HEROES_PER_PLAYER} heroes.",
            {"field": "seat_id", "seat_id": seat_id},
        )
    _ensure_player(ctx, seat_id)
    hero_id = int(ctx.state["next_id"])
    ctx.rec.put(["next_id"], hero_id + 1)
    place = "arena" if minion else position or "backrow"
    sent_back = _clear_arena(ctx, seat_id) if place == "arena" and not minion else None
    hero: Hero = {
        "id": hero_id,
        "seat_id": seat_id,
        "name": name,
        "fates": fates,
        "health": health,
        "empowered_health": empowered,
        "side": "normal",
        "wounds": 0,
        "dark": 0,
        "position": place,
        "skills": skills,
        "minion": minion,
        "rarity": rarity,
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
    place = v.choice(p, "position", POSITIONS, "The position")
    note = v.optional_text(p, "note", "A note", v.MAX_NOTE, blank_is_absent=False)
    refuse_when_over(ctx.state)
    hero = _owned_hero(ctx, p)
    state = ctx.state
    if hero["position"] == place:
        raise no_change(f"{hero['name']} is already in the {place}.", "position")
    turn = state["turn"]
    own_pre = turn["seat_id"] == hero["seat_id"] and turn["phase"] == "pre"
    if started(state) and not own_pre and note is None:
        raise RuleViolation(
            "arena_fixed",
            "The arena hero is chosen in its player's pre-combat and stays until the next; "
            "for a card that moves it, add a note.",
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
    side = v.choice(p, "side", ("normal", "empowered"), "The side")
    fate = v.fate(p)
    level = v.integer(p, "level", "The skill level", 0, v.MAX_NUMBER)
    hero = _owned_hero(ctx, p, living=False)
    if fate == DARK_FATE or fate not in hero["fates"]:
        raise RuleViolation(
            "wrong_fate",
            f"{hero['name']} has no {fate} skill (its Fates: {', '.join(hero['fates'])}; Tenebris has none).",
            {"field": "fate"},
        )
    before = int(hero["skills"][side].get(fate, 0))
    if before == level:
        raise no_change(f"{hero['name']}'s {fate} is already {level}.", "level")
    ctx.rec.set(hero_path(int(hero["id"]), "skills", side, fate), level)
    return "hero.skill_set", {**who(hero), "side": side, "fate": fate, "before": before, "level": level}


# --- wounds and dark counters ----------------------------------------------------------------------------


def _health_now(hero: Hero) -> int:
    return int(hero["empowered_health"] if hero["side"] == "empowered" else hero["health"])


def wound(ctx: Ctx, payload: Payload) -> EventBody:
    """``hero.wound {hero_id, amount}``: wounds accumulate on the current side (rulebook 2, Wounds; 7).

    A normal hero whose wounds reach its Health flips at the end of the
    combat round (at once outside combat); an empowered hero whose wounds
    reach its Empowered Health dies.
    """
    p = v.fields(payload, ("hero_id", "amount"))
    amount = v.integer(p, "amount", "The wounds", 1, v.MAX_NUMBER)
    refuse_when_over(ctx.state)
    hero = _any_hero(ctx, p)
    side = hero["side"]
    of = _health_now(hero)
    before = int(hero["wounds"])
    after = ctx.rec.add(hero_path(int(hero["id"]), "wounds"), amount)
    result = resolve.settle(ctx)
    return "hero.wounded", {
        **who(hero),
        "amount": amount,
        "side": side,
        "before": before,
        "after": after,
        "out_of": of,
        "result": result,
    }


def heal(ctx: Ctx, payload: Payload) -> EventBody:
    """``hero.heal {hero_id, amount}``: a card removes wounds (rulebook 2, Wounds)."""
    p = v.fields(payload, ("hero_id", "amount"))
    amount = v.integer(p, "amount", "The wounds removed", 1, v.MAX_NUMBER)
    refuse_when_over(ctx.state)
    hero = _any_hero(ctx, p)
    before = int(hero["wounds"])
    if before == 0:
        raise RuleViolation("no_wounds", f"{hero['name']} has no wounds.", {"field": "hero_id"})
    after = ctx.rec.add(hero_path(int(hero["id"]), "wounds"), -amount, lo=0)
    return "hero.healed", {
        **who(hero),
        "before": before,
        "after": after,
        "out_of": _health_now(hero),
        "result": resolve.settle(ctx),
    }


def dark(ctx: Ctx, payload: Payload) -> EventBody:
    """``hero.dark {hero_id, by}``: dark counters only grow; 6 or more kill at once (rulebook 2)."""
    p = v.fields(payload, ("hero_id", "by"))
    by = v.integer(p, "by", "The dark counters", 1, v.MAX_NUMBER)
    refuse_when_over(ctx.state)
    hero = _any_hero(ctx, p)
    before = int(hero["dark"])
    after = ctx.rec.add(hero_path(int(hero["id"]), "dark"), by)
    result = resolve.settle(ctx)
    return "hero.darkened", {**who(hero), "by": by, "before": before, "after": after, "result": result}


def move_dark(ctx: Ctx, payload: Payload) -> EventBody:
    """``hero.move_dark {from_id, to_id, count}``: a card shifts dark counters onto another hero (rulebook 2).

    Counters can come off a dead hero too (they are never removed, only
    moved); the hero receiving them must be alive, and dies at 6 or more.
    """
    p = v.fields(payload, ("from_id", "to_id", "count"))
    count = v.integer(p, "count", "The dark counters moved", 1, v.MAX_NUMBER)
    refuse_when_over(ctx.state)
    source = _any_hero(ctx, p, "from_id", living=False)
    target = _any_hero(ctx, p, "to_id")
    if source["id"] == target["id"]:
        raise RuleViolation("same_hero", "Move dark counters to another hero.", {"field": "to_id"})
    if source["dark"] < count:
        raise RuleViolation(
            "not_enough_dark",
            f"{source['name']} has only {source['dark']} dark counters.",
            {"field": "count", "dark": source["dark"]},
        )
    from_before = int(source["dark"])
    to_before = int(target["dark"])
    ctx.rec.add(hero_path(int(source["id"]), "dark"), -count)
    ctx.rec.add(hero_path(int(target["id"]), "dark"), count)
    return "hero.dark_moved", {
        "count": count,
        "from": {**who(source), "before": from_before, "after": from_before - count},
        "to": {**who(target), "before": to_before, "after": to_before + count},
        "result": resolve.settle(ctx),
    }


# --- cards -----------------------------------------------------------------------------------------------


def use_card(ctx: Ctx, payload: Payload) -> EventBody:
    """``card.use {hero_id, kind, fate, requirement, name?, passive?}`` (rulebook 3, 6, 7; spec 3-4).

    ``kind``: spell, equipment, power, attack or defense. The Fate and skill
    check and the timing are ``rules.grimterra.cards``. A card leaves the
    hand: Spells, Attacks and Defenses to the discard pile, Equipment into
    play. A Power is the hero's own (no card; ``fate`` and ``requirement``
    optional, checked when given); ``passive`` Powers just happen and do not
    count. A Tenebris card adds ``requirement`` dark counters to the hero,
    who dies at 6 or more.
    """
    p = v.fields(payload, ("hero_id", "kind", "fate", "requirement", "name", "passive"))
    kind = v.choice(p, "kind", KINDS, "The card type")
    power = kind == "power"
    fate = v.fate(p) if not power or p.get("fate") is not None else None
    requirement = v.integer(
        p, "requirement", "The requirement", 0, v.MAX_NUMBER, default=0 if power else None
    )
    name = v.optional_text(p, "name", "The card's name", v.MAX_NAME, blank_is_absent=False)
    passive = v.flag(p, "passive", "Passive")
    if passive and not power:
        raise RuleViolation("bad_field", "Only a Power can be passive.", {"field": "passive"})
    state = ctx.state
    require_started(state)
    refuse_when_over(state)
    hero = _owned_hero(ctx, p)
    check_timing(state, hero, kind, passive)
    checked = check_fate(hero, fate, requirement) if fate is not None else None
    seat_id = int(hero["seat_id"])
    index = _player(state, seat_id, "hero_id")
    hand = None
    if not power:
        hand = _hand_to(ctx, index, kind != "equipment", "kind")
    if kind in LIMITED and not passive:
        ctx.rec.set(["players", index, "used", kind], True)
    dark_before = int(hero["dark"])
    added = checked.dark if checked is not None else 0
    if added:
        ctx.rec.add(hero_path(int(hero["id"]), "dark"), added)
    return "card.used", {
        **who(hero),
        "kind": kind,
        "fate": fate,
        "requirement": requirement,
        "skill": checked.skill if checked is not None else None,
        "card": name,
        "passive": passive,
        "hand": hand,
        "discard": ctx.state["players"][index]["discard"]
        if hand is not None and kind != "equipment"
        else None,
        "dark_before": dark_before,
        "dark_after": dark_before + added,
        "result": resolve.settle(ctx),
    }


def _combat_seat(ctx: Ctx, seat_id: int) -> None:
    """A seat whose hero fights in the running combat."""
    combat = ctx.state["turn"]["combat"]
    if combat is None:
        raise RuleViolation("not_in_combat", "There is no combat running.", {"field": "seat_id"})
    seats = {find_hero(ctx.state, int(combat[k]), alive=False)["seat_id"] for k in ("attacker", "target")}
    if seat_id not in seats:
        raise RuleViolation(
            "not_in_this_combat", "That player has no hero in this combat.", {"field": "seat_id"}
        )


def bluff(ctx: Ctx, payload: Payload) -> EventBody:
    """``card.bluff {seat_id?}``: "bluff" at the reveal; face down to the discard pile (rulebook 8)."""
    p = v.fields(payload, ("seat_id",))
    seat_id = v.seat(p, ctx.actor)
    refuse_when_over(ctx.state)
    ctx.actor.require_edit(seat_id)
    _combat_seat(ctx, seat_id)
    index = _player(ctx.state, seat_id)
    hand = _hand_to(ctx, index, True, "seat_id")
    return "card.bluffed", {
        "seat_id": seat_id,
        "hand": hand,
        "discard": ctx.state["players"][index]["discard"],
    }


def illegal(ctx: Ctx, payload: Payload) -> EventBody:
    """``card.illegal {seat_id?, card?}``: a card revealed in combat that its hero may not play.

    Rulebook 8, How to bluff: "If an illegal card is revealed (ex. Spells,
    Equipment, Fate color not met), then it is discarded and the other
    player may change or retract his or her card. In addition, his or her
    card effects will automatically trigger for that round." The card goes
    from the hand to the discard pile; the line tells the other player what
    they may do (their card's wounds are entered as usual).
    """
    p = v.fields(payload, ("seat_id", "card"))
    seat_id = v.seat(p, ctx.actor)
    card = v.optional_text(p, "card", "The card's name", v.MAX_NAME, blank_is_absent=False)
    refuse_when_over(ctx.state)
    ctx.actor.require_edit(seat_id)
    _combat_seat(ctx, seat_id)
    combat = ctx.state["turn"]["combat"]
    seats = [
        int(find_hero(ctx.state, int(combat[k]), alive=False)["seat_id"]) for k in ("attacker", "target")
    ]
    other = next(s for s in seats if s != seat_id)
    index = _player(ctx.state, seat_id)
    hand = _hand_to(ctx, index, True, "seat_id")
    return "card.illegal_revealed", {
        "seat_id": seat_id,
        "card": card,
        "other_seat_id": other,
        "hand": hand,
        "discard": ctx.state["players"][index]["discard"],
    }


def draw(ctx: Ctx, payload: Payload) -> EventBody:
    """``card.draw {seat_id?, count}``: a card's effect draws (Pounce, rulebook 8); an empty deck loses."""
    p = v.fields(payload, ("seat_id", "count"))
    seat_id = v.seat(p, ctx.actor)
    count = v.integer(p, "count", "The cards drawn", 1, v.MAX_NUMBER)
    refuse_when_over(ctx.state)
    ctx.actor.require_edit(seat_id)
    index = _ensure_player(ctx, seat_id)
    drawn = _draw(ctx, index, count)
    empty = [seat_id] if drawn["empty"] else []
    result = resolve.decide(ctx, empty_deck=empty, heroes=not in_combat(ctx.state))
    return "card.drawn", {**drawn, "count": count, "result": result}


def discard(ctx: Ctx, payload: Payload) -> EventBody:
    """``card.discard {seat_id?, count}``: cards from hand to the discard pile (rulebook 3, Discard)."""
    p = v.fields(payload, ("seat_id", "count"))
    seat_id = v.seat(p, ctx.actor)
    count = v.integer(p, "count", "The cards discarded", 1, v.MAX_NUMBER)
    refuse_when_over(ctx.state)
    ctx.actor.require_edit(seat_id)
    index = _player(ctx.state, seat_id)
    hand = int(ctx.state["players"][index]["hand"])
    if count > hand:
        raise RuleViolation(
            "not_enough_cards", f"That player holds only {hand} cards.", {"field": "count", "hand": hand}
        )
    ctx.rec.add(["players", index, "hand"], -count)
    after = ctx.rec.add(["players", index, "discard"], count)
    return "card.discarded", {"seat_id": seat_id, "count": count, "hand": hand - count, "discard": after}


# --- combat and turns ------------------------------------------------------------------------------------


def combat_start(ctx: Ctx, payload: Payload) -> EventBody:
    """``combat.start {attacker_id, target_id}``: the turn's combat with another player's arena hero.

    Rulebook 3, Combat: "You must enter combat with another player's hero";
    combat lasts 3 rounds. One combat a turn, from pre-combat or the combat
    phase; both heroes must be alive and in the arena.
    """
    p = v.fields(payload, ("attacker_id", "target_id"))
    state = ctx.state
    require_started(state)
    refuse_when_over(state)
    seat_id = turn_player(ctx.actor, int(state["turn"]["seat_id"]))
    attacker = find_hero(state, v.hero_id(p, "attacker_id"), field="attacker_id")
    target = find_hero(state, v.hero_id(p, "target_id"), field="target_id")
    turn = state["turn"]
    if turn["combat"] is not None:
        raise RuleViolation("combat_running", "A combat is already running.")
    if turn["phase"] not in ("pre", "combat"):
        raise RuleViolation(
            "wrong_phase", "Combat follows pre-combat; this turn's is over.", {"phase": turn["phase"]}
        )
    if turn["fought"]:
        raise RuleViolation("combat_done", "This turn's combat has already been fought.")
    if attacker["seat_id"] != seat_id:
        raise RuleViolation(
            "not_your_hero",
            f"{attacker['name']} is not a hero of the player whose turn it is.",
            {"field": "attacker_id"},
        )
    if target["seat_id"] == seat_id:
        raise RuleViolation("own_hero", "Combat is with another player's hero.", {"field": "target_id"})
    for key, hero in (("attacker_id", attacker), ("target_id", target)):
        if hero["position"] != "arena":
            raise RuleViolation(
                "not_in_arena", f"{hero['name']} is in the backrow, not the arena.", {"field": key}
            )
    combat = {"attacker": attacker["id"], "target": target["id"], "round": 1}
    ctx.rec.set(["turn", "phase"], "combat")
    ctx.rec.set(["turn", "combat"], combat)
    ctx.rec.set(["turn", "fought"], True)
    return "combat.started", {
        "attacker": who(attacker),
        "target": who(target),
        "round": 1,
        "rounds": COMBAT_ROUNDS,
    }


def _gone(state: State, hero_id: int) -> bool:
    hero = find_hero(state, hero_id, alive=False)
    return not alive(hero) or hero["position"] != "arena"


def _finish_round(ctx: Ctx, *, by_hand: bool) -> dict[str, Any]:
    """The round's pending flips happen, the win is decided, and the combat ends or goes on."""
    state = ctx.state
    combat = dict(state["turn"]["combat"])
    flipped = resolve.resolve_flips(ctx)
    result = resolve.decide(ctx)
    ended: str | None
    if by_hand:
        ended = "by_hand"
    elif state["over"]:
        ended = "game_over"
    elif _gone(state, int(combat["target"])):
        ended = "target_gone"
    elif _gone(state, int(combat["attacker"])):
        ended = "attacker_gone"
    elif combat["round"] >= COMBAT_ROUNDS:
        ended = "three_rounds"
    else:
        ended = None
    if ended is None:
        ctx.rec.set(["turn", "combat", "round"], int(combat["round"]) + 1)
    else:
        ctx.rec.set(["turn", "combat"], None)
        ctx.rec.set(["turn", "phase"], "post")
    attacker = find_hero(state, int(combat["attacker"]), alive=False)
    target = find_hero(state, int(combat["target"]), alive=False)
    return {
        "round": combat["round"],
        "attacker": {**who(attacker), "side": attacker["side"]},
        "target": {**who(target), "side": target["side"]},
        "flipped": flipped,
        "ended": ended,
        "next_round": None if ended else int(combat["round"]) + 1,
        "result": result,
    }


def round_end(ctx: Ctx, payload: Payload) -> EventBody:
    """``combat.round_end {}``: the round's cards are resolved (rulebook 8, Combat Rounds).

    Pending flips happen now; hero deaths of the round decide the game now
    (both sides resolved at once); after round 3, or once the target (or the
    attacker) is dead or out of the arena, combat ends and post-combat begins.
    """
    v.fields(payload, ())
    refuse_when_over(ctx.state)
    v.participant(ctx.actor)
    if not in_combat(ctx.state):
        raise RuleViolation("not_in_combat", "There is no combat running.")
    return "combat.round_ended", _finish_round(ctx, by_hand=False)


def combat_end(ctx: Ctx, payload: Payload) -> EventBody:
    """``combat.end {note}``: a card ends the combat early (the card wins); the round's flips happen."""
    p = v.fields(payload, ("note",))
    note = v.text(p, "note", "A note", v.MAX_NOTE)
    refuse_when_over(ctx.state)
    v.participant(ctx.actor)
    if not in_combat(ctx.state):
        raise RuleViolation("not_in_combat", "There is no combat running.")
    return "combat.ended", {**_finish_round(ctx, by_hand=True), "note": note}


def turn_next(ctx: Ctx, payload: Payload) -> EventBody:
    """``turn.next {}``: the next phase: draw, pre, combat, post, discard (rulebook 3).

    From discard the turn ends: the player's minions die (rulebook 7: "at
    the end of your turn"), the next player still in begins, per-turn
    Spell/Equipment/Power reset, and every player still in draws up to 5; a
    player who must draw from an empty deck loses (rulebook 4). A running
    combat must end first (its rounds, or ``combat.end``).
    """
    v.fields(payload, ())
    state = ctx.state
    require_started(state)
    refuse_when_over(state)
    seat_id = turn_player(ctx.actor, int(state["turn"]["seat_id"]))
    turn = state["turn"]
    if turn["combat"] is not None:
        raise RuleViolation(
            "combat_running",
            "Finish the combat's rounds first (or end it early with combat.end and a note).",
        )
    phase = str(turn["phase"])
    if phase != "discard":
        to = PHASES[PHASES.index(phase) + 1]
        ctx.rec.set(["turn", "phase"], to)
        return "turn.phase", {"seat_id": seat_id, "number": turn["number"], "from": phase, "phase": to}
    died = [
        resolve.kill(ctx, hero, "end_of_turn")
        for hero in heroes_of(state, seat_id, minions=True)
        if hero["minion"] and alive(hero)
    ]
    following = _next_seat(state, seat_id)
    number = int(turn["number"]) + 1
    ctx.rec.set(
        ["turn"], {"seat_id": following, "number": number, "phase": "draw", "combat": None, "fought": False}
    )
    for index in range(len(state["players"])):
        for kind in LIMITED:
            ctx.rec.set(["players", index, "used", kind], False)
    draws, empty = _draw_up(ctx)
    result = resolve.decide(ctx, empty_deck=empty)
    if not state["over"] and following is not None and state["players"][_player(state, following)]["lost"]:
        following = _next_seat(state, following)
        ctx.rec.set(["turn", "seat_id"], following)
    return "turn.began", {
        "ended_seat_id": seat_id,
        "seat_id": following,
        "number": number,
        "minions_died": died,
        "draws": draws,
        "result": result,
    }


# --- corrections by hand ---------------------------------------------------------------------------------

HERO_FIELDS = ("health", "empowered_health", "wounds", "dark", "side")
PLAYER_FIELDS = ("deck", "hand", "discard", *LIMITED)


def adjust(ctx: Ctx, payload: Payload) -> EventBody:
    """``hero.adjust {hero_id, field, value, note}``: the card wins (rulebook 1); any number set by hand.

    Health, Empowered Health, wounds, dark counters (even down: a card may
    say so) or the side (a card that flips or revives a hero). The usual
    consequences follow: 6 dark kill, wounds at Health flip or kill.
    """
    p = v.fields(payload, ("hero_id", "field", "value", "note"))
    field = v.choice(p, "field", HERO_FIELDS, "The field")
    note = v.text(p, "note", "A note", v.MAX_NOTE)
    value: str | int
    if field == "side":
        value = v.choice(p, "value", SIDES, "The side")
    else:
        value = v.integer(p, "value", "The value", 1 if "health" in field else 0, v.MAX_NUMBER)
    refuse_when_over(ctx.state)
    hero = _owned_hero(ctx, p, living=False)
    hid = int(hero["id"])
    before = hero[field]
    if before == value:
        raise no_change(f"{hero['name']}'s {field.replace('_', ' ')} is already {value}.", "value")
    if field == "side":
        ctx.rec.set(hero_path(hid, "side"), value)
        ctx.rec.set(hero_path(hid, "flip_pending"), False)
    else:
        ctx.rec.put(hero_path(hid, field), int(value))
    return "hero.adjusted", {
        **who(hero),
        "field": field,
        "before": before,
        "after": value,
        "note": note,
        "result": resolve.settle(ctx),
    }


def set_deck(ctx: Ctx, payload: Payload) -> EventBody:
    """``player.deck {seat_id?, cards}``: count the deck (null: not counted, nobody loses by it)."""
    p = v.fields(payload, ("seat_id", "cards"))
    seat_id = v.seat(p, ctx.actor)
    if "cards" not in p:
        raise v.missing("cards", "The cards in the deck")
    cards = (
        None if p["cards"] is None else v.whole(p["cards"], "cards", "The cards in the deck", 0, v.MAX_CARDS)
    )
    refuse_when_over(ctx.state)
    ctx.actor.require_edit(seat_id)
    index = player_index(ctx.state, seat_id)
    before = ctx.state["players"][index]["deck"] if index is not None else None
    if index is not None and before == cards:
        raise no_change("The deck already holds that many.", "cards")
    index = _ensure_player(ctx, seat_id)
    ctx.rec.set(["players", index, "deck"], cards)
    return "player.deck_set", {"seat_id": seat_id, "before": before, "cards": cards}


def player_adjust(ctx: Ctx, payload: Payload) -> EventBody:
    """``player.adjust {seat_id?, field, value, note}``: deck, hand, discard or a per-turn use, by hand.

    For card effects the companion does not model (a card that lets you cast
    a second Spell) or a miscount. Allowed after the game is decided, as a
    correction; it never decides the game itself.
    """
    p = v.fields(payload, ("seat_id", "field", "value", "note"))
    seat_id = v.seat(p, ctx.actor)
    field = v.choice(p, "field", PLAYER_FIELDS, "The field")
    note = v.text(p, "note", "A note", v.MAX_NOTE)
    value: int | bool | None
    if field in LIMITED:
        if not isinstance(p.get("value"), bool):
            raise RuleViolation("bad_field", "Used is true or false.", {"field": "value"})
        value = bool(p["value"])
    elif field == "deck" and "value" in p and p["value"] is None:
        value = None
    else:
        value = v.integer(p, "value", "The count", 0, v.MAX_CARDS)
    ctx.actor.require_edit(seat_id)
    index = _player(ctx.state, seat_id)
    player = ctx.state["players"][index]
    path: list[Any] = ["players", index, "used", field] if field in LIMITED else ["players", index, field]
    before = ctx.rec.get(path)
    if before == value and type(before) is type(value):
        raise no_change(f"The {field} is already {value}.", "value")
    ctx.rec.set(path, value)
    return "player.adjusted", {
        "seat_id": player["seat_id"],
        "field": field,
        "before": before,
        "after": value,
        "note": note,
    }
