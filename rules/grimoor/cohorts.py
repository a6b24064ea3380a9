"""Cohorts outside the Action count (rulebook: Playing Cohorts, Cohort Cards): Focused, Readied, joining
and leaving a Horde by an ability, a Strength corrected by hand; and what a Cohort's commands share.

Abilities may Focus, Ready, add or remove a Cohort in either Horde ("it can
affect a Cohort in either player's Horde"), so these are anyone's at the
table; a Strength by hand is its player's (or the host's).
"""

from __future__ import annotations

from typing import Any

from rules.engine import Payload
from rules.errors import RuleViolation
from rules.game import Ctx, EventBody
from rules.grimoor import validate as v
from rules.grimoor.state import (
    Cohort,
    cohort_path,
    counted,
    find_cohort,
    player_index,
    require_playing,
)
from rules.i18n import gettext as _
from rules.validate import no_change


def new_cohort(
    ctx: Ctx, type_: str, strength: int, name: str | None, commander: bool, focused: bool
) -> Cohort:
    cohort_id = int(ctx.state["next_id"])
    ctx.rec.put(["next_id"], cohort_id + 1)
    return {
        "id": cohort_id,
        "type": type_,
        "name": name,
        "strength": strength,
        "focused": focused,
        "commander": commander,
    }


def stronghold_triggered(ctx: Ctx, index: int, cohort: Cohort) -> str | None:
    """The built Stronghold whose ongoing Ability a Cohort joining this Horde triggers (rulebook:
    Building Strongholds, "triggers after a Cohort of the indicated type joins their Horde")."""
    return str(cohort["type"]) if cohort["type"] in ctx.state["players"][index]["strongholds"] else None


def read_cohort(p: Payload) -> tuple[str, int, str | None, bool, bool]:
    type_ = v.cohort_type(p)
    strength = v.integer(p, "strength", _("The Cohort's Strength"), 0, v.MAX_STRENGTH)
    name = v.optional_text(p, "name", _("The Cohort's name"), v.MAX_NAME)
    commander = v.flag(p, "commander", _("Commander"))
    focused = v.flag(p, "focused", _("Focused"))
    return type_, strength, name, commander, focused


def label(cohort: Cohort) -> str:
    """A Cohort as a sentence starts with it: its name, else ``The Gaunt Cohort``."""
    return str(cohort["name"]) if cohort.get("name") else _("The %(type)s Cohort") % {"type": cohort["type"]}


def brief(cohort: Cohort) -> dict[str, Any]:
    return {k: cohort[k] for k in ("id", "type", "name", "strength", "commander")}


def _set_focus(ctx: Ctx, payload: Payload, focused: bool) -> EventBody:
    p = v.fields(payload, ("cohort_id",))
    cohort_id = v.identifier(p, "cohort_id", _("A Cohort"))
    require_playing(ctx.state)
    v.participant(ctx.actor)
    index, cohort = find_cohort(ctx.state, cohort_id)
    if cohort["focused"] == focused:
        if focused:
            code, message = (
                "already_focused",
                _("%(cohort)s is already Focused: a Focused Cohort cannot be Focused."),
            )
        else:
            code, message = (
                "already_readied",
                _("%(cohort)s is already Readied: a Readied Cohort cannot be Readied."),
            )
        raise RuleViolation(
            code, message % {"cohort": label(cohort)}, {"field": "cohort_id", "cohort_id": cohort_id}
        )
    ctx.rec.set(cohort_path(index, cohort_id, "focused"), focused)
    seat_id = ctx.state["players"][index]["seat_id"]
    return ("cohort.focused" if focused else "cohort.readied"), {
        "seat_id": seat_id,
        "cohort": brief(cohort),
        "counts": counted(cohort),
    }


def focus(ctx: Ctx, payload: Payload) -> EventBody:
    """``cohort.focus {cohort_id}``: an ability Focuses a Readied Cohort; it counts 1 from now on."""
    return _set_focus(ctx, payload, True)


def ready(ctx: Ctx, payload: Payload) -> EventBody:
    """``cohort.ready {cohort_id}``: an ability Readies a Focused Cohort; its printed Strength counts."""
    return _set_focus(ctx, payload, False)


def join(ctx: Ctx, payload: Payload) -> EventBody:
    """``cohort.join {seat_id?, type, strength, name?, commander?, focused?, note?}``: no Action.

    "When a Cohort card is added to the player's Horde, from anywhere, it
    joins their Horde" (rulebook: Cohort Cards): an ability or a Stronghold
    puts a Cohort in a Horde without spending an Action.
    """
    p = v.fields(payload, ("seat_id", "type", "strength", "name", "commander", "focused", "note"))
    seat_id = v.seat(p, ctx.actor)
    type_, strength, name, commander, focused = read_cohort(p)
    note = v.optional_text(p, "note", _("A note"), v.MAX_NOTE)
    require_playing(ctx.state)
    v.participant(ctx.actor)
    index = player_index(ctx.state, seat_id)
    cohort = new_cohort(ctx, type_, strength, name, commander, focused)
    ctx.rec.insert(["players", index, "horde"], cohort)
    return "cohort.joined", {
        "seat_id": seat_id,
        "cohort": cohort,
        "cohorts": len(ctx.state["players"][index]["horde"]),
        "note": note,
        "stronghold": stronghold_triggered(ctx, index, cohort),
    }


def leave(ctx: Ctx, payload: Payload) -> EventBody:
    """``cohort.leave {cohort_id, note?}``: a Cohort leaves its Horde (an ability discards it).

    A Commander "is moved to the side of the play area instead" of the
    discard pile (rulebook: Commander Cards); the event says where it went.
    """
    p = v.fields(payload, ("cohort_id", "note"))
    cohort_id = v.identifier(p, "cohort_id", _("A Cohort"))
    note = v.optional_text(p, "note", _("A note"), v.MAX_NOTE)
    require_playing(ctx.state)
    v.participant(ctx.actor)
    index, cohort = find_cohort(ctx.state, cohort_id)
    ctx.rec.remove(["players", index, "horde"], cohort)
    return "cohort.left", {
        "seat_id": ctx.state["players"][index]["seat_id"],
        "cohort": brief(cohort),
        "to": "aside" if cohort["commander"] else "discard",
        "cohorts": len(ctx.state["players"][index]["horde"]),
        "note": note,
    }


def adjust_cohort(ctx: Ctx, payload: Payload) -> EventBody:
    """``cohort.adjust {cohort_id, strength, note}``: the printed card wins, a Strength corrected by hand."""
    p = v.fields(payload, ("cohort_id", "strength", "note"))
    cohort_id = v.identifier(p, "cohort_id", _("A Cohort"))
    strength = v.integer(p, "strength", _("The Cohort's Strength"), 0, v.MAX_STRENGTH)
    note = v.text(p, "note", _("A note"), v.MAX_NOTE, blank_is_absent=True)
    require_playing(ctx.state)
    index, cohort = find_cohort(ctx.state, cohort_id)
    ctx.actor.require_edit(int(ctx.state["players"][index]["seat_id"]))
    before = int(cohort["strength"])
    if before == strength:
        raise no_change(
            _("%(cohort)s already has Strength %(n)s.") % {"cohort": label(cohort), "n": before}, "strength"
        )
    ctx.rec.put(cohort_path(index, cohort_id, "strength"), strength)
    return "cohort.adjusted", {
        "seat_id": ctx.state["players"][index]["seat_id"],
        "cohort": brief({**cohort, "strength": strength}),
        "before": before,
        "after": strength,
        "note": note,
    }
