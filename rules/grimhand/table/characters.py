"""Character commands: create, rename, retire and the counters (§4, §9, §12; spec Character).

- ``character.create`` ``{name, race, class, affinity}`` or ``{name, randomise: true}``
  (optional ``seat_id`` for the host): one character per seat; current LE and AP
  start at max, gold at the starting gold.
- ``character.adjust`` ``{character_id, stat, by}`` / ``character.set``
  ``{character_id, stat, value}`` for le, ap, gold, xp, qp, doubt, corruption.
  Nothing goes below 0 and current LE/AP never above max: such a change is
  refused, not silently clamped. XP moves stature and with it the stats; a
  lowered maximum clamps current LE/AP (see ``ops.settle``).
"""

from __future__ import annotations

from rules.engine import Payload, optional_int, require
from rules.errors import RuleViolation
from rules.grimhand.table.catalogue import parse_affinity
from rules.grimhand.table.context import MAX_NAME, Ctx, EventBody, head
from rules.grimhand.table.ops import counter_op
from rules.grimhand.table.state import (
    COUNTER_LIMIT,
    COUNTERS,
    Character,
    character_of_seat,
    characters,
    maximum,
    new_character,
    raw,
)
from rules.grimhand.table.words import COUNTER_LABELS
from rules.i18n import gettext as _
from rules.validate import text


def target_seat(ctx: Ctx, payload: Payload) -> int:
    """The seat a new character is for: the actor's own unless the host names another."""
    seat_id = optional_int(payload, "seat_id", "seat_id")
    seat_id = ctx.actor.seat_id if seat_id is None else seat_id
    if ctx.actor.seat_ids and seat_id not in ctx.actor.seat_ids:
        raise RuleViolation("unknown_seat", _("That seat is not at this table."), {"seat_id": seat_id})
    ctx.actor.require_edit(seat_id)
    existing = character_of_seat(ctx.state, seat_id)
    if existing is not None:
        raise RuleViolation(
            "seat_has_character",
            _("This seat already plays %(existing)s: one character per seat.")
            % {"existing": existing["name"]},
            {"seat_id": seat_id, "character_id": existing["id"]},
        )
    return seat_id


def choices(ctx: Ctx, payload: Payload) -> tuple[str, str, str]:
    """Race, class and affinity: chosen (validated) or dealt by the table's dice."""
    tables = ctx.tables
    if payload.get("randomise") is True:
        return (
            ctx.rng.choice(tables.races).name,
            ctx.rng.choice(tables.classes).name,
            ctx.rng.choice(tables.affinities).name,
        )
    race = tables.race(str(require(payload, "race", str, "A race"))).name
    klass = tables.klass(str(require(payload, "class", str, "A class"))).name
    affinity = parse_affinity(require(payload, "affinity", str, "An affinity"))
    return race, klass, affinity


def new_character_id(ctx: Ctx) -> int:
    # 52 bits: unique in practice and exact in JavaScript numbers.
    return ctx.new_id(52, lambda v: str(v) in characters(ctx.state))


def create(ctx: Ctx, payload: Payload) -> EventBody:
    seat_id = target_seat(ctx, payload)
    name = text(payload, "name", "A character name", MAX_NAME, code="bad_name")
    race, klass, affinity = choices(ctx, payload)
    char = new_character(
        character_id=new_character_id(ctx),
        seat_id=seat_id,
        name=name,
        race=race,
        klass=klass,
        affinity=affinity,
        tables=ctx.tables,
    )
    ctx.do({"op": "create", "character": raw(char)})
    return "character.created", {
        **head(char),
        "race": race,
        "class": klass,
        "affinity": affinity,
        "randomised": payload.get("randomise") is True,
    }


def rename(ctx: Ctx, payload: Payload) -> EventBody:
    char = ctx.owned(payload)
    name = text(payload, "name", "A character name", MAX_NAME, code="bad_name")
    if name == char["name"]:
        raise RuleViolation("no_change", _("That is already the name."), {"field": "name"})
    before = char["name"]
    ctx.do({"op": "field", "character_id": char["id"], "field": "name", "before": before, "after": name})
    return "character.renamed", {**head(char), "before": before, "after": name}


def retire(ctx: Ctx, payload: Payload) -> EventBody:
    """Remove a character from the table (undo brings it back with everything it had)."""
    char = ctx.owned(payload)
    ctx.do({"op": "delete", "character": raw(char)})
    return "character.retired", head(char)


def _stat(payload: Payload) -> str:
    stat = require(payload, "stat", str, "A stat")
    if stat not in COUNTERS:
        raise RuleViolation(
            "unknown_stat",
            _("%(stat)r is not a counter; use one of %(value)s.")
            % {"stat": stat, "value": ", ".join(COUNTERS)},
            {"field": "stat", "stat": stat},
        )
    return str(stat)


def check_value(char: Character, stat: str, value: int) -> None:
    """Refuse a value below 0 or, for current LE/AP, above its maximum (spec)."""
    label = _(COUNTER_LABELS[stat])
    if value < 0:
        raise RuleViolation(
            "negative_value",
            _("%(label)s cannot go below 0 (it is %(value)s).") % {"label": label, "value": char[stat]},
            {"stat": stat, "value": value, "current": char[stat]},
        )
    top = maximum(char, stat)
    if top is not None and value > top:
        raise RuleViolation(
            "above_max",
            _("%(label)s cannot go above its maximum of %(top)s.") % {"label": label, "top": top},
            {"stat": stat, "value": value, "max": top},
        )
    if value > COUNTER_LIMIT:
        raise RuleViolation("out_of_range", _("That number is too large."), {"stat": stat, "value": value})


def change_counter(ctx: Ctx, char: Character, stat: str, after: int) -> dict[str, object]:
    """Set one counter (already checked) and describe it for the event, stature included."""
    before = int(char[stat])
    stature_before = char["derived"]["stature"]
    ctx.do(counter_op(char, stat, after))
    body: dict[str, object] = {
        **head(char),
        "stat": stat,
        "by": after - before,
        "before": before,
        "after": after,
    }
    if char["derived"]["stature"] != stature_before:
        body["stature"] = {"before": stature_before, "after": char["derived"]["stature"]}
    return body


def adjust(ctx: Ctx, payload: Payload) -> EventBody:
    char = ctx.owned(payload)
    stat = _stat(payload)
    by = require(payload, "by", int, "The amount")
    if by == 0:
        raise RuleViolation("no_change", _("Adjust by a number other than 0."), {"field": "by"})
    check_value(char, stat, int(char[stat]) + by)
    return "character.adjusted", change_counter(ctx, char, stat, int(char[stat]) + by)


def set_value(ctx: Ctx, payload: Payload) -> EventBody:
    char = ctx.owned(payload)
    stat = _stat(payload)
    value = require(payload, "value", int, "The new value")
    if value == char[stat]:
        raise RuleViolation(
            "no_change",
            _("%(value)s is already %(value2)s.") % {"value": _(COUNTER_LABELS[stat]), "value2": value},
            {"field": "value"},
        )
    check_value(char, stat, value)
    return "character.set", change_counter(ctx, char, stat, value)
