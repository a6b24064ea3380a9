"""The Grimterra table's game and turn commands and the corrections by hand (issue 12), each a handler
``(ctx, payload) -> event``.

Every handler reads and checks its whole payload first, then records its
changes through ``ctx.rec`` (so undo and redo are exact), and returns the
event's type and a body that names everything the log line needs. What
follows automatically (flips, deaths, who is out, the winner) is worked out
by ``rules.grimterra.resolve`` and reported in the body's ``result``.

The other commands, by phase: heroes onto the table (``heroes``), wounds and
dark counters (``wounds``), cards from and to the hand (``hands``), the
turn's combat (``combat``); what they share is ``common``.

Who may do what: a player corrects their own heroes and records (another
seat's only if the host or the table allows, ``Actor.require_edit``); the
turns belong to the player whose turn it is (``not_your_turn``). Spectators
change nothing.
"""

from __future__ import annotations

from typing import Any

from rules.engine import Payload
from rules.errors import RuleViolation
from rules.game import Ctx, EventBody
from rules.grimterra import resolve
from rules.grimterra import validate as v
from rules.grimterra.common import draw_up, ensure_player, next_player, owned_hero, require_player
from rules.grimterra.resolve import who
from rules.grimterra.state import (
    HEROES_PER_PLAYER,
    LIMITED,
    PHASES,
    SIDES,
    alive,
    hero_path,
    heroes_of,
    player_index,
    refuse_when_over,
    require_started,
    started,
)
from rules.grimterra.words import HERO_FIELD_NAMES, SIDE_NAMES, word
from rules.i18n import gettext as _
from rules.i18n import gettext_noop
from rules.turns import turn_player
from rules.validate import no_change


def start(ctx: Ctx, payload: Payload) -> EventBody:
    """``game.start {seat_id?}``: the first player (default: the sender) begins turn 1 with its Draw.

    Every player needs their three heroes first (rulebook 5: "You must have 3
    heroes"); at least two players. All players then draw up to 5.
    """
    p = v.fields(payload, ("seat_id",))
    seat_id = v.seat(p, ctx.actor)
    state = ctx.state
    if started(state):
        raise RuleViolation("already_started", _("The game has already started."))
    v.participant(ctx.actor)
    if len(state["players"]) < 2:
        raise RuleViolation(
            "not_enough_players", _("Grimterra needs at least two players with their heroes.")
        )
    require_player(state, seat_id)
    for player in state["players"]:
        count = len(heroes_of(state, int(player["seat_id"])))
        if count != HEROES_PER_PLAYER:
            raise RuleViolation(
                "heroes_missing",
                _("Every player brings %(n)s heroes; seat %(seat)s has %(count)s.")
                % {"n": HEROES_PER_PLAYER, "seat": player["seat_id"], "count": count},
                {"seat_id": player["seat_id"], "heroes": count},
            )
    ctx.rec.set(["turn"], {"seat_id": seat_id, "number": 1, "phase": "draw", "combat": None, "fought": False})
    draws, empty = draw_up(ctx)
    result = resolve.decide(ctx, empty_deck=empty)
    return "game.started", {"seat_id": seat_id, "draws": draws, "result": result}


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
            _("Finish the combat's rounds first (or end it early with combat.end and a note)."),
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
    following = next_player(state, seat_id)
    number = int(turn["number"]) + 1
    ctx.rec.set(
        ["turn"], {"seat_id": following, "number": number, "phase": "draw", "combat": None, "fought": False}
    )
    for index in range(len(state["players"])):
        for kind in LIMITED:
            ctx.rec.set(["players", index, "used", kind], False)
    draws, empty = draw_up(ctx)
    result = resolve.decide(ctx, empty_deck=empty)
    if (
        not state["over"]
        and following is not None
        and state["players"][require_player(state, following)]["lost"]
    ):
        following = next_player(state, following)
        ctx.rec.set(["turn", "seat_id"], following)
    return "turn.began", {
        "ended_seat_id": seat_id,
        "seat_id": following,
        "number": number,
        "minions_died": died,
        "draws": draws,
        "result": result,
    }


HERO_FIELDS = ("health", "empowered_health", "wounds", "dark", "side")


PLAYER_FIELDS = ("deck", "hand", "discard", *LIMITED)
ALREADY = {
    "deck": gettext_noop("The deck is already %(value)s."),
    "hand": gettext_noop("The hand is already %(value)s."),
    "discard": gettext_noop("The discard is already %(value)s."),
    "spell": gettext_noop("The spell is already %(value)s."),
    "equipment": gettext_noop("The equipment is already %(value)s."),
    "power": gettext_noop("The power is already %(value)s."),
}
VALUE_WORDS = {"True": gettext_noop("True"), "False": gettext_noop("False"), "None": gettext_noop("None")}


def _already(field: str, value: Any) -> str:
    """``player.adjust``'s refusal when the count or the use is already ``value``."""
    return _(ALREADY[field]) % {
        "value": word(VALUE_WORDS, value) if not isinstance(value, int) or isinstance(value, bool) else value
    }


def adjust(ctx: Ctx, payload: Payload) -> EventBody:
    """``hero.adjust {hero_id, field, value, note}``: the card wins (rulebook 1); any number set by hand.

    Health, Empowered Health, wounds, dark counters (even down: a card may
    say so) or the side (a card that flips or revives a hero). The usual
    consequences follow: 6 dark kill, wounds at Health flip or kill.
    """
    p = v.fields(payload, ("hero_id", "field", "value", "note"))
    field = v.choice(p, "field", HERO_FIELDS, _("The field"))
    note = v.text(p, "note", _("A note"), v.MAX_NOTE)
    value: str | int
    if field == "side":
        value = v.choice(p, "value", SIDES, _("The side"))
    else:
        value = v.integer(p, "value", _("The value"), 1 if "health" in field else 0, v.MAX_NUMBER)
    refuse_when_over(ctx.state)
    hero = owned_hero(ctx, p, living=False)
    hid = int(hero["id"])
    before = hero[field]
    if before == value:
        raise no_change(
            _("%(name)s's %(field)s is already %(value)s.")
            % {
                "name": hero["name"],
                "field": word(HERO_FIELD_NAMES, field),
                "value": word(SIDE_NAMES, value) if field == "side" else value,
            },
            "value",
        )
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
        "result": resolve.aftermath(ctx),
    }


def set_deck(ctx: Ctx, payload: Payload) -> EventBody:
    """``player.deck {seat_id?, cards}``: count the deck (null: not counted, nobody loses by it)."""
    p = v.fields(payload, ("seat_id", "cards"))
    seat_id = v.seat(p, ctx.actor)
    if "cards" not in p:
        raise v.missing("cards", _("The cards in the deck"))
    cards = (
        None
        if p["cards"] is None
        else v.whole(p["cards"], "cards", _("The cards in the deck"), 0, v.MAX_CARDS)
    )
    refuse_when_over(ctx.state)
    ctx.actor.require_edit(seat_id)
    index = player_index(ctx.state, seat_id)
    before = ctx.state["players"][index]["deck"] if index is not None else None
    if index is not None and before == cards:
        raise no_change(_("The deck already holds that many."), "cards")
    index = ensure_player(ctx, seat_id)
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
    field = v.choice(p, "field", PLAYER_FIELDS, _("The field"))
    note = v.text(p, "note", _("A note"), v.MAX_NOTE)
    value: int | bool | None
    if field in LIMITED:
        if not isinstance(p.get("value"), bool):
            raise RuleViolation("bad_field", _("Used is true or false."), {"field": "value"})
        value = bool(p["value"])
    elif field == "deck" and "value" in p and p["value"] is None:
        value = None
    else:
        value = v.integer(p, "value", _("The count"), 0, v.MAX_CARDS)
    ctx.actor.require_edit(seat_id)
    index = require_player(ctx.state, seat_id)
    player = ctx.state["players"][index]
    path: list[Any] = ["players", index, "used", field] if field in LIMITED else ["players", index, field]
    before = ctx.rec.get(path)
    if before == value and type(before) is type(value):
        raise no_change(_already(field, value), "value")
    ctx.rec.set(path, value)
    return "player.adjusted", {
        "seat_id": player["seat_id"],
        "field": field,
        "before": before,
        "after": value,
        "note": note,
    }
