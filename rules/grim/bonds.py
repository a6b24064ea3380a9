"""Bond Cards, Spirit Bonuses, Statuses and Reactions (rulebook: The Cards; The Reaction; The Status &
Spirit Bonus).

A Status Reaction (``grim.status`` with ``reaction``) is the other player's:
it uses their one Reaction of the Round, and "A GRIM CAN NEVER BE INFLICTED
WITH ITS OWN ELEMENT'S STATUS ON A REACTION" (``own_status``), nor react to
the Attacks of a Grim holding the Light Spirit Bonus (``no_reactions``),
unless a card allows it. An Element Reaction (``grim.attach`` with
``reaction``) is the Target's player's.
"""

from __future__ import annotations

from typing import Any

from rules.engine import Payload, State
from rules.errors import RuleViolation
from rules.game import Ctx, EventBody
from rules.grim import turns
from rules.grim import validate as v
from rules.grim.chart import SPIRIT_BONUSES, STATUS_OF
from rules.grim.common import (
    card,
    card_word,
    check_player,
    ensure_player,
    owned_grim,
    settle_light,
    who,
)
from rules.grim.state import (
    SPIRITS_FOR_BONUS,
    Grim,
    elements_of,
    find_grim,
    grim_path,
    heal_cap,
    opponent_seat,
    player_index,
    refuse_when_over,
)
from rules.i18n import gettext as _
from rules.validate import no_change

PLANT_HEAL = 8
KEPT_BONUSES = ("Light", "Fire", "Dark", "Earth", "Electric")
"""Spirit Bonuses that wait on the Grim: Light while its Spirits stay, Fire and Earth for its next Attack,
Dark for its next Knockout this Round, Electric for the extra Attack it may declare this Turn. The others
are one-off effects the players carry out (Plant's heal is done here)."""


def _use_reaction(ctx: Ctx, seat_id: int) -> None:
    """Check and use the player's one Reaction of the Round."""
    index = player_index(ctx.state, seat_id)
    if index is not None and not ctx.state["players"][index]["reaction"]:
        raise RuleViolation(
            "reaction_used",
            _("That player has already used their Reaction this Round."),
            {"field": "reaction"},
        )
    index = ensure_player(ctx, seat_id)
    ctx.rec.set(["players", index, "reaction"], False)


def attach(ctx: Ctx, payload: Payload) -> EventBody:
    """``grim.attach {grim_id, element | null, reaction?}``: an Element Bond, replacing the previous one.

    Rulebook: "GRIM CAN ONLY HAVE ONE ELEMENT ATTACHED ... attaching a new
    one will force you to discard the old one." Null takes it off (Root,
    the Psychic Spirit Bonus moving it, a Heal spending it by hand). With
    ``reaction`` it is an Element Reaction, using its player's Reaction.
    """
    p = v.fields(payload, ("grim_id", "element", "reaction"))
    element = v.element(p, nullable=True)
    reaction = v.flag(p, "reaction", _("Reaction"))
    refuse_when_over(ctx.state)
    if reaction and element is None:
        raise RuleViolation(
            "reaction_needs_element", _("An Element Reaction attaches an Element."), {"field": "element"}
        )
    grim = owned_grim(ctx, p)
    if grim["attached"] == element:
        raise no_change(_("%(grim)s already has that attached.") % {"grim": grim["name"]}, "element")
    if reaction:
        _use_reaction(ctx, int(grim["seat_id"]))
    before = grim["attached"]
    ctx.rec.set(grim_path(grim["id"], "attached"), element)
    light = settle_light(ctx, int(grim["id"]))
    turns.reorder(ctx)  # an Electric Element under the Wind Afterworld moves its Turn
    return "grim.attached", {
        **who(grim),
        "element": element,
        "before": before,
        "light": light,
        "reaction": reaction,
    }


def spirit(ctx: Ctx, payload: Payload) -> EventBody:
    """``grim.spirit {grim_id}``: attach a Spirit; the third makes a Spirit Bonus due."""
    p = v.fields(payload, ("grim_id",))
    refuse_when_over(ctx.state)
    grim = owned_grim(ctx, p)
    if grim["spirits"] >= SPIRITS_FOR_BONUS:
        raise RuleViolation(
            "spirits_full",
            _("%(grim)s already has three Spirits.") % {"grim": grim["name"]},
            {"field": "grim_id", "grim_id": grim["id"]},
        )
    after = ctx.rec.add(grim_path(grim["id"], "spirits"), 1)
    due = after >= SPIRITS_FOR_BONUS
    if due:
        ctx.rec.set(grim_path(grim["id"], "spirit_bonus_due"), True)
    return "grim.spirit_attached", {**who(grim), "before": after - 1, "spirits": after, "bonus_due": due}


def _plant_heal(ctx: Ctx, grim: Grim) -> dict[str, int]:
    """ "Instantly Heal eight Health and Cure Status", up to the table's healing cap."""
    gid = int(grim["id"])
    before = int(grim["health"])
    cap = heal_cap(ctx.state, grim)
    amount = PLANT_HEAL if cap is None else max(0, min(PLANT_HEAL, cap - before))
    after = ctx.rec.add(grim_path(gid, "health"), amount)
    ctx.rec.set(grim_path(gid, "status"), None)
    return {"before": before, "after": after}


def spirit_bonus(ctx: Ctx, payload: Payload) -> EventBody:
    """``grim.spirit_bonus {grim_id, element}``: the Spirit Bonus of one of the Grim's Elements.

    The Spirits then go to Limbo, except with Light (kept while three stay
    and Light stays on the Grim). Plant's heal 8 and cure is applied here;
    Fire (+6, cannot be Immune) and Earth (both enemy Grim) wait for the
    Grim's next Attack, Dark (next Knockout counts as two) for its next
    Knockout this Round, Electric for its extra Attack this Turn; the other
    Bonuses are carried out by the players with the other commands.
    """
    p = v.fields(payload, ("grim_id", "element"))
    element = v.required_element(p)
    refuse_when_over(ctx.state)
    grim = owned_grim(ctx, p)
    if not grim["spirit_bonus_due"]:
        raise RuleViolation(
            "no_spirit_bonus_due",
            _("%(grim)s has no Spirit Bonus due (it takes three Spirits).") % {"grim": grim["name"]},
            {"field": "grim_id", "grim_id": grim["id"]},
        )
    if element not in elements_of(grim):
        raise RuleViolation(
            "not_its_element",
            _("%(grim)s can only take the Spirit Bonus of %(elements)s.")
            % {"grim": grim["name"], "elements": _(" or ").join(elements_of(grim))},
            {"field": "element", "elements": elements_of(grim)},
        )
    gid = int(grim["id"])
    spirits_before = int(grim["spirits"])
    ctx.rec.set(grim_path(gid, "spirit_bonus_due"), False)
    if element != "Light":
        ctx.rec.put(grim_path(gid, "spirits"), 0)
    if element in KEPT_BONUSES:
        ctx.rec.set(grim_path(gid, "spirit_bonus"), element)
    healed = _plant_heal(ctx, grim) if element == "Plant" else None
    return "grim.spirit_bonus_chosen", {
        **who(grim),
        "element": element,
        "bonus": SPIRIT_BONUSES[element],
        "spirits_before": spirits_before,
        "spirits_after": spirits_before if element == "Light" else 0,
        "healed": healed,
    }


def _reacting_seat(state: State, grim: Grim, new: str | None) -> int:
    """The seat whose Reaction would inflict ``new`` on ``grim``: its opponent's."""
    if new is None:
        raise RuleViolation(
            "reaction_needs_status", _("A Status Reaction inflicts a Status."), {"field": "status"}
        )
    seat_id = opponent_seat(state, int(grim["seat_id"]))
    if seat_id is None:
        raise RuleViolation(
            "no_opponent",
            _("A Reaction is the other player's, and there is none yet."),
            {"field": "reaction"},
        )
    return seat_id


def _check_status_reaction(grim: Grim, new: str, allows: bool) -> None:
    """A Reaction never inflicts a Grim's own Element's Status, nor answers a Light Spirit Bonus's Attack."""
    if allows:
        return
    own = [e for e in elements_of(grim) if STATUS_OF[e] == new]
    if own:
        raise RuleViolation(
            "own_status",
            _(
                "A Reaction cannot inflict a Grim with its own Element's Status: %(grim)s is "
                "%(element)s, and %(status)s is %(element)s's."
            )
            % {"grim": grim["name"], "element": own[0], "status": new},
            {"field": "status"},
        )
    if grim["spirit_bonus"] == "Light":
        raise RuleViolation(
            "no_reactions",
            _(
                "%(grim)s holds the Light Spirit Bonus: no Reaction to its Attacks, unless a card "
                "allows it (tick %(card)s)."
            )
            % {"grim": grim["name"], "card": card()},
            {"field": "grim_id"},
        )


def status(ctx: Ctx, payload: Payload) -> EventBody:
    """``grim.status {grim_id, status | null, reaction?, card_allows?, note?}``: one Status at a time.

    A new Status replaces the old and may replace itself (FAQ). Paralysis
    moves the Grim's coming Turn to the Paralysis Phase. With ``reaction``
    it is the other player's Status Reaction (module docstring).
    """
    p = v.fields(payload, ("grim_id", "status", "reaction", "card_allows", "note"))
    new = v.status(p)
    reaction = v.flag(p, "reaction", _("Reaction"))
    allows, note = card_word(p)
    refuse_when_over(ctx.state)
    grim = find_grim(ctx.state, v.grim_id(p))
    v.participant(ctx.actor)
    before = grim["status"]
    reacting: int | None = _reacting_seat(ctx.state, grim, new) if reaction else None
    if before is None and new is None:
        raise no_change(_("%(grim)s has no Status.") % {"grim": grim["name"]}, "status")
    if reacting is not None:
        ctx.actor.require_edit(reacting)
        _check_status_reaction(grim, str(new), allows)
        _use_reaction(ctx, reacting)
    ctx.rec.set(grim_path(grim["id"], "status"), new)
    turns.reorder(ctx)
    body: dict[str, Any] = {**who(grim), "status": new, "before": before, "reaction_seat_id": reacting}
    return "grim.status_set", {**body, "card_allows": allows, "note": note}


def react(ctx: Ctx, payload: Payload) -> EventBody:
    """``grim.react {seat_id?}``: the player uses their one Reaction of the Round (rulebook: The Reaction),
    for a Reaction recorded otherwise (a Coven reveal, an Element played by hand)."""
    p = v.fields(payload, ("seat_id",))
    seat_id = v.seat(p, ctx.actor)
    refuse_when_over(ctx.state)
    ctx.actor.require_edit(seat_id)
    check_player(ctx.state, seat_id)
    index = player_index(ctx.state, seat_id)
    if index is not None and not ctx.state["players"][index]["reaction"]:
        raise RuleViolation(
            "reaction_used",
            _("That player has already used their Reaction this Round."),
            {"field": "seat_id"},
        )
    index = ensure_player(ctx, seat_id)
    ctx.rec.set(["players", index, "reaction"], False)
    return "grim.reacted", {"seat_id": seat_id}
