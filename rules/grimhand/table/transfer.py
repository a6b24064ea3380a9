"""Export a character as JSON and import it into another table (issue: export/import).

The file holds what the player chose and collected, never derived numbers
(they are recomputed on import, so a file cannot claim a bonus). Import
validates everything before anything changes: races, classes, affinities,
cards (and that no one at the new table holds them), rarities, abilities
against the stature reached, quests against the affinity, counters >= 0 and
current LE/AP within their maxima. The refusal keeps the inner rule's code
(``unknown_race``, ``card_in_use``, ``above_max``...) and names the field in
``extra.field``; a file of the wrong shape is ``bad_import``.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from rules.engine import Payload
from rules.errors import RuleViolation
from rules.grimhand.campaign import quest_challenge
from rules.grimhand.table.characters import check_value, choices, new_character_id, target_seat
from rules.grimhand.table.context import Ctx, EventBody, head
from rules.grimhand.table.ops import owner_of
from rules.grimhand.table.state import (
    COUNTER_LIMIT,
    COUNTERS,
    STAT_NAMES,
    Character,
    derive,
    new_character,
    raw,
)
from rules.i18n import gettext as _

FORMAT = "grim-hand-character"
VERSION = 1
MAX_LIST = 100


def export_character(char: Character) -> dict[str, Any]:
    """The portable form of a character (what the export endpoint sends)."""

    def item(i: dict[str, Any]) -> dict[str, Any]:
        out = {"rank": i["rank"], "affinity": i["affinity"], "name": i["name"], "rarity": i["rarity"]}
        if i.get("homebrew"):
            out["homebrew"] = True
        return out

    return {
        "format": FORMAT,
        "version": VERSION,
        "character": {
            "name": char["name"],
            "race": char["race"],
            "class": char["class"],
            "affinity": char["affinity"],
            **{counter: char[counter] for counter in COUNTERS},
            "equipment": [item(i) for i in char["equipment"]],
            "inventory": [item(i) for i in char["inventory"]],
            "abilities": [a["name"] for a in char["abilities"]],
            "quests": [
                {k: q[k] for k in ("name", "status", "challenge", "failures")} for q in char["quests"]
            ],
            "modifiers": [
                {k: m[k] for k in ("stat", "amount", "source", "expiry") if k in m} for m in char["modifiers"]
            ],
        },
    }


def _bad(field: str, message: str) -> RuleViolation:
    return RuleViolation(
        "bad_import",
        _("The file's %(field)s: %(message)s") % {"field": field, "message": message},
        {"field": field},
    )


@contextmanager
def _at(field: str) -> Iterator[None]:
    """Name the offending field in any refusal raised inside."""
    try:
        yield
    except RuleViolation as exc:
        if exc.extra.get("import"):
            raise
        raise RuleViolation(
            exc.code,
            _("The file's %(field)s: %(message)s") % {"field": field, "message": exc.message},
            {**exc.extra, "field": field, "import": True},
        ) from None


def _dict(value: object, field: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _bad(field, "expected an object.")
    return value


def _list(value: object, field: str) -> list[Any]:
    if not isinstance(value, list) or len(value) > MAX_LIST:
        raise _bad(field, f"expected a list of at most {MAX_LIST} entries.")
    return value


def _int(value: object, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _bad(field, "expected a whole number.")
    return value


def _str(value: object, field: str, limit: int = 60) -> str:
    if not isinstance(value, str) or not value.strip() or len(value.strip()) > limit:
        raise _bad(field, f"expected text of 1 to {limit} characters.")
    return value.strip()


def _items(ctx: Ctx, data: dict[str, Any], place: str, seen: set[str]) -> list[dict[str, Any]]:
    items = []
    for n, entry in enumerate(_list(data.get(place, []), f"{place}")):
        field = f"{place}[{n}]"
        entry = _dict(entry, field)
        if entry.get("homebrew"):
            raise RuleViolation(
                "unknown_card",
                _("The file's %(field)s: %(value)r is a homebrew card of another campaign.")
                % {"field": field, "value": entry.get("name")},
                {"field": field, "import": True},
            )
        with _at(field):
            facts = ctx.catalogue.card(entry.get("rank"), entry.get("affinity"))
            rarity = ctx.tables.rarity(_str(entry.get("rarity"), f"{field}.rarity", 20))
        key = f"{facts.affinity}-{facts.rank}"
        holder = owner_of(ctx.state, key)
        if key in seen or holder is not None:
            who = (
                "twice in the file" if key in seen else f"already with {holder[0]['name'] if holder else ''}"
            )
            raise RuleViolation(
                "card_in_use",
                _("The file's %(field)s: %(name)s (%(rank)s %(affinity)s) is %(who)s.")
                % {
                    "field": field,
                    "name": facts.name,
                    "rank": facts.rank,
                    "affinity": facts.affinity,
                    "who": who,
                },
                {"field": field, "card": key, "import": True},
            )
        seen.add(key)
        items.append(
            {
                "card": key,
                "rank": facts.rank,
                "affinity": facts.affinity,
                "name": facts.name,
                "rarity": rarity,
            }
        )
    return items


def _quests(ctx: Ctx, char: Character, data: dict[str, Any]) -> list[dict[str, Any]]:
    quests: list[dict[str, Any]] = []
    for n, entry in enumerate(_list(data.get("quests", []), "quests")):
        field = f"quests[{n}]"
        entry = _dict(entry, field)
        with _at(field):
            facts = ctx.catalogue.quest(entry.get("name"))
        if facts.affinity != char["affinity"] or any(q["name"] == facts.name for q in quests):
            raise RuleViolation(
                "quest_unavailable",
                _("The file's %(field)s: %(name)s cannot be this character's.")
                % {"field": field, "name": facts.name},
                {"field": field, "import": True},
            )
        status = entry.get("status", "active")
        if status not in ("active", "completed", "failed"):
            raise _bad(f"{field}.status", "expected active, completed or failed.")
        challenge = entry.get("challenge")
        if challenge is not None:
            dice = _dict(challenge, f"{field}.challenge").get("dice")
            with _at(f"{field}.challenge"):
                if not isinstance(dice, list) or not all(type(d) is int for d in dice):
                    raise _bad(f"{field}.challenge.dice", "expected four dice.")
                stature = challenge.get("stature", ctx.tables.statures[0].name)
                roll = quest_challenge(dice, str(stature), ctx.tables)
            challenge = {
                "dice": list(roll.dice),
                "total": roll.total,
                "stature": roll.stature,
                "challenge": roll.challenge,
            }
        failures = _int(entry.get("failures", 0), f"{field}.failures")
        quests.append({
            "name": facts.name, "affinity": facts.affinity, "stature": facts.stature,
            "qp_needed": facts.qp_needed, "status": status, "challenge": challenge,
            "failures": max(0, failures),
        })  # fmt: skip
    return quests


def _abilities(ctx: Ctx, char: Character, data: dict[str, Any]) -> list[dict[str, Any]]:
    reached = ctx.tables.stature_index(char["derived"]["stature"])
    chosen: list[dict[str, Any]] = []
    for n, name in enumerate(_list(data.get("abilities", []), "abilities")):
        field = f"abilities[{n}]"
        with _at(field):
            facts = ctx.catalogue.ability(name)
        if ctx.tables.stature_index(facts.stature) > reached or any(
            a["stature"] == facts.stature for a in chosen
        ):
            raise RuleViolation(
                "ability_locked",
                _("The file's %(field)s: %(name)s is not open to this character.")
                % {"field": field, "name": facts.name},
                {"field": field, "import": True},
            )
        chosen.append(
            {"stature": facts.stature, "name": facts.name, "effect": facts.effect, "ap_cost": facts.ap_cost}
        )
    return chosen


def _modifiers(ctx: Ctx, data: dict[str, Any]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for n, entry in enumerate(_list(data.get("modifiers", []), "modifiers")):
        field = f"modifiers[{n}]"
        entry = _dict(entry, field)
        stat = _str(entry.get("stat"), f"{field}.stat", 20)
        expiry = entry.get("expiry")
        modifier: dict[str, Any] = {
            "id": ctx.new_id(31, lambda v: any(m["id"] == v for m in out)),
            "stat": stat,
            "amount": _int(entry.get("amount"), f"{field}.amount"),
            "source": _str(entry.get("source"), f"{field}.source"),
            "expiry": None if expiry is None else _str(expiry, f"{field}.expiry", 40),
        }
        if abs(modifier["amount"]) > 100:
            raise _bad(f"{field}.amount", "expected -100 to 100.")
        if stat not in STAT_NAMES:
            modifier["reminder"] = True
        out.append(modifier)
    return out


def read_character(ctx: Ctx, data: object, seat_id: int) -> Character:
    """Build a character from an exported file, refusing anything not valid here."""
    file = _dict(data, "data")
    if file.get("format") != FORMAT or file.get("version") != VERSION:
        raise _bad("format", f"this is not a Grim Hand character file ({FORMAT}, version {VERSION}).")
    body = _dict(file.get("character"), "character")
    name = _str(body.get("name"), "name", 40)
    for key in ("race", "class", "affinity"):
        if not isinstance(body.get(key), str):
            raise _bad(key, "expected text.")
    with _at("race/class/affinity"):
        race, klass, affinity = choices(ctx, {k: body[k] for k in ("race", "class", "affinity")})
    char = new_character(
        character_id=new_character_id(ctx),
        seat_id=seat_id,
        name=name,
        race=race,
        klass=klass,
        affinity=affinity,
        tables=ctx.tables,
    )
    for counter in COUNTERS:
        value = _int(body.get(counter, 0), counter)
        if value < 0 or value > COUNTER_LIMIT:
            raise RuleViolation(
                "negative_value" if value < 0 else "out_of_range",
                _("The file's %(counter)s: %(value)s is out of range.")
                % {"counter": counter, "value": value},
                {"field": counter, "import": True},
            )
        char[counter] = value
    seen: set[str] = set()
    char["equipment"] = _items(ctx, body, "equipment", seen)
    if len(char["equipment"]) > 5:
        raise RuleViolation(
            "too_many_items",
            _("The file's equipment: at most 5 items."),
            {"field": "equipment", "import": True},
        )
    char["inventory"] = _items(ctx, body, "inventory", seen)
    char["modifiers"] = _modifiers(ctx, body)
    derive(char, ctx.settings, ctx.tables)
    char["abilities"] = _abilities(ctx, char, body)
    char["quests"] = _quests(ctx, char, body)
    for counter in ("le", "ap"):
        with _at(counter):
            check_value(char, counter, char[counter])
    return char


def import_character(ctx: Ctx, payload: Payload) -> EventBody:
    seat_id = target_seat(ctx, payload)
    if "data" not in payload:
        raise RuleViolation(
            "missing_field", _("Attach the exported character file (data)."), {"field": "data"}
        )
    char = read_character(ctx, payload["data"], seat_id)
    ctx.do({"op": "create", "character": raw(char)})
    return "character.imported", {**head(char), "race": char["race"], "class": char["class"],
                                  "affinity": char["affinity"]}  # fmt: skip
