"""What several GRIM commands share: players, a player's own Grim, a new Grim, Knockouts, a card's word.

Read helpers check and raise before anything is recorded; the others record
through ``ctx.rec`` like the handlers that call them.
"""

from __future__ import annotations

from typing import Any

from rules.engine import Payload
from rules.errors import RuleViolation
from rules.game import Ctx
from rules.grim import validate as v
from rules.grim.knockouts import knock_out
from rules.grim.state import (
    ENTER_STAMINA,
    PLAYERS,
    SPIRITS_FOR_BONUS,
    Grim,
    elements_of,
    find_grim,
    grim_path,
    new_player,
    player_index,
)
from rules.i18n import gettext as _
from rules.i18n import gettext_noop

CARD = gettext_noop("“a card allows it”")
"""The control's words, quoted in refusals that a card could lift (``card()``: in the reader's words)."""


def card() -> str:
    return _(CARD)


def check_player(state: dict[str, Any], seat_id: int) -> None:
    """A third player is refused before anything is recorded."""
    if player_index(state, seat_id) is None and len(state["players"]) >= PLAYERS:
        raise RuleViolation(
            "too_many_players",
            _("GRIM is a two-player game; this table already has two."),
            {"seat_id": seat_id},
        )


def ensure_player(ctx: Ctx, seat_id: int) -> int:
    index = player_index(ctx.state, seat_id)
    if index is None:
        index = ctx.rec.insert(["players"], new_player(ctx.state, seat_id))
    return index


def owned_grim(ctx: Ctx, payload: Payload, key: str = "grim_id") -> Grim:
    grim = find_grim(ctx.state, v.grim_id(payload, key), field=key)
    ctx.actor.require_edit(int(grim["seat_id"]))
    return grim


def who(grim: Grim) -> dict[str, Any]:
    return {"grim_id": grim["id"], "name": grim["name"], "seat_id": grim["seat_id"]}


def card_word(payload: Payload) -> tuple[bool, str | None]:
    """``card_allows`` (a printed card lifts a rule, issue #31) and its optional ``note``.

    A note alone is refused: it would say a card allowed something nobody
    claimed. An empty note is no note (a form's empty field).
    """
    allows = v.flag(payload, "card_allows", _("A card allows it"))
    raw = payload.get("note")
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return allows, None
    note = v.text(payload, "note", _("A note"), v.MAX_NOTE)
    if not allows:
        raise RuleViolation(
            "note_needs_card",
            _("A note goes with %(card)s: tick it, or leave the note empty.") % {"card": card()},
            {"field": "note"},
        )
    return allows, note


def attacks_of(payload: Payload) -> list[int]:
    value = payload.get("attacks")
    if value is None:
        return []
    if not isinstance(value, list) or len(value) > 2:
        raise RuleViolation("bad_field", _("Attacks are up to two base damages."), {"field": "attacks"})
    for item in value:
        if isinstance(item, bool) or not isinstance(item, int) or not 0 <= item <= v.MAX_NUMBER:
            raise RuleViolation(
                "bad_field",
                _("Each Attack's damage is a whole number 0 to %(n)s.") % {"n": v.MAX_NUMBER},
                {"field": "attacks"},
            )
    return list(value)


CARD_KEYS = ("name", "element", "health", "speed", "attacks")
"""A Grim card's printed numbers, as ``card_fields`` reads them."""


def card_fields(payload: Payload) -> dict[str, Any]:
    """A Grim card's printed numbers from a payload: name, Element, Health, Speed, Attacks."""
    return {
        "name": v.text(payload, "name", _("The Grim's name"), v.MAX_NAME),
        "element": v.required_element(payload),
        "health": v.integer(payload, "health", _("Health"), 1, v.MAX_NUMBER),
        "speed": v.integer(payload, "speed", _("Speed"), 0, v.MAX_NUMBER),
        "attacks": attacks_of(payload),
    }


def place_grim(ctx: Ctx, seat_id: int, card: dict[str, Any], attached: str | None, spirits: int) -> Grim:
    """A Grim enters play with 5 Stamina (rulebook: The Placement) and the Bonds it brings."""
    grim_id = int(ctx.state["next_id"])
    ctx.rec.put(["next_id"], grim_id + 1)
    grim: Grim = {
        "id": grim_id,
        "seat_id": seat_id,
        "name": card["name"],
        "element": card["element"],
        "attached": attached,
        "spirits": spirits,
        "health": card["health"],
        "base_health": card["health"],
        "speed": card["speed"],
        "stamina": ENTER_STAMINA,
        "status": None,
        "in_play": True,
        "attacks": card["attacks"],
        "spirit_bonus_due": spirits >= SPIRITS_FOR_BONUS,
        "spirit_bonus": None,
    }
    ctx.rec.insert(["grims"], grim)
    return grim


def settle_light(ctx: Ctx, grim_id: int) -> str | None:
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


def knockouts(ctx: Ctx, grims: list[tuple[Grim, int]]) -> list[dict[str, Any]]:
    """Knock out each Grim at 0 Health, in order, stopping once the match is decided."""
    result = []
    for grim, count in grims:
        current = find_grim(ctx.state, int(grim["id"]), in_play=False)
        if current["in_play"] and current["health"] <= 0 and ctx.state["winner_seat_id"] is None:
            result.append(knock_out(ctx, current, count))
    return result
