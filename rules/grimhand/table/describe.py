"""One log line per Grim Hand event, with names and numbers (issue #8: a readable log for every game).

"Grum: LE 15 → 14", "Ann's Mara added +1 Agility until the next combat
(Blessing)": the character's name leads, as a party reads its sheets. The
seat that made the change is shown beside the line by the page.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules.describing import before_after
from rules.grimhand import said
from rules.grimhand.said import Said
from rules.grimhand.table import words
from rules.grimhand.table.words import label, until
from rules.i18n import gettext_noop

Body = Mapping[str, Any]
SETTING_NAMES = {
    "printed_rarity": gettext_noop("Printed rarity"),
    "corruption_threshold": gettext_noop("Corruption threshold"),
    "explore_level": gettext_noop("Explore level (Gold Offering)"),
    "heal_gold_per_le": gettext_noop("Gold per LE healed"),
    "active_limit": gettext_noop("Threats fighting at once"),
    "market_picks": gettext_noop("Cards per market option"),
}
_ = said.gettext_lazy  # the line is kept as words and translated when shown


def _who(b: Body) -> Said | str:
    return str(b.get("character")) if b.get("character") else _("A character")


def _item(b: Body) -> Said | str:
    item = b.get("item") or {}
    if isinstance(item, Mapping) and "name" in item:
        return str(item["name"])
    return _("an item")


def _changed(b: Body) -> Said:
    change = before_after(b.get("before"), b.get("after"))
    stature = b.get("stature")
    if isinstance(stature, Mapping) and stature.get("after"):
        return _(
            "%(who)s: %(stat)s %(change)s (now %(stature)s)",
            who=_who(b),
            stat=label(b.get("stat")),
            change=change,
            stature=str(stature["after"]),
        )
    return _("%(who)s: %(stat)s %(change)s", who=_who(b), stat=label(b.get("stat")), change=change)


def _modifier(b: Body) -> Said:
    m = b.get("modifier") or {}
    bonus = words.bonus(m.get("amount"), m.get("stat"), m.get("expiry"))
    if m.get("source"):
        return _("%(who)s gets %(bonus)s (%(source)s)", who=_who(b), bonus=bonus, source=str(m["source"]))
    return _("%(who)s gets %(bonus)s", who=_who(b), bonus=bonus)


def _quest_end(b: Body) -> Said:
    done = b.get("status") == "completed"
    quest = str(b.get("quest"))
    if b.get("override"):
        kind = str(b.get("challenge") or "challenge")
        note = str(b.get("note"))
        if done:
            line = _(
                "%(who)s completed %(quest)s by hand, overriding its %(kind)s (%(note)s)",
                who=_who(b),
                quest=quest,
                kind=kind,
                note=note,
            )
        else:
            line = _(
                "%(who)s failed %(quest)s by hand, overriding its %(kind)s (%(note)s)",
                who=_who(b),
                quest=quest,
                kind=kind,
                note=note,
            )
    elif done:
        line = _("%(who)s completed %(quest)s", who=_who(b), quest=quest)
    else:
        line = _("%(who)s failed %(quest)s", who=_who(b), quest=quest)
    effects = words.effects(b.get("effects") or [], b.get("character_id"))
    return _("%(line)s: %(effects)s", line=line, effects=effects) if effects else line


def _rolled_again(b: Body) -> Said:
    roll = b.get("roll") or {}
    ap = b.get("ap")
    values = {"who": _who(b), "total": roll.get("total"), "challenge": str(roll.get("challenge"))}
    if isinstance(ap, Mapping):
        change = before_after(ap["before"], ap["after"])
        return _("%(who)s rolled again %(total)s: %(challenge)s (AP %(change)s)", **values, change=change)
    return _("%(who)s rolled again %(total)s: %(challenge)s", **values)


def _setting(b: Body) -> Said:
    known = SETTING_NAMES.get(str(b.get("key")))
    name: Said | str = _(known) if known else str(b.get("key"))
    before, after = b.get("before"), b.get("after")
    if isinstance(after, bool):
        if after:
            return _("Campaign setting: %(name)s on", name=name)
        return _("Campaign setting: %(name)s off", name=name)
    if isinstance(before, int) and not isinstance(before, bool):
        return _("Campaign setting: %(name)s %(change)s", name=name, change=before_after(before, after))
    return _("Campaign setting: %(name)s is now %(value)s", name=name, value=str(after))


LINES: dict[str, Callable[[Body], Said]] = {
    "character.created": lambda b: _(
        "%(who)s joins: %(race)s %(class)s of %(affinity)s",
        who=_who(b),
        race=str(b.get("race")),
        **{"class": str(b.get("class"))},
        affinity=str(b.get("affinity")),
    ),
    "character.imported": lambda b: _("%(who)s was imported", who=_who(b)),
    "character.renamed": lambda b: _(
        "%(before)s is now called %(after)s", before=str(b.get("before")), after=str(b.get("after"))
    ),
    "character.adjusted": _changed,
    "character.set": _changed,
    "character.equipped": lambda b: _(
        "%(who)s equipped %(item)s (%(rarity)s)",
        who=_who(b),
        item=_item(b),
        rarity=str((b.get("item") or {}).get("rarity", "")),
    ),
    "character.unequipped": lambda b: _("%(who)s unequipped %(item)s", who=_who(b), item=_item(b)),
    "character.stashed": lambda b: _("%(who)s packed %(item)s", who=_who(b), item=_item(b)),
    "character.discarded": lambda b: _("%(who)s discarded %(item)s", who=_who(b), item=_item(b)),
    "character.item_given": lambda b: _(
        "%(who)s gave %(item)s to %(to)s", who=_who(b), item=_item(b), to=str(b.get("to_character"))
    ),
    "character.ability_chosen": lambda b: _(
        "%(who)s chose the ability %(ability)s", who=_who(b), ability=str(b.get("ability"))
    ),
    "character.ability_removed": lambda b: _(
        "%(who)s gave up the ability %(ability)s", who=_who(b), ability=str(b.get("ability"))
    ),
    "character.ability_used": lambda b: _(
        "%(who)s used %(ability)s (AP %(change)s)",
        who=_who(b),
        ability=str(b.get("ability")),
        change=before_after(b.get("before"), b.get("after")),
    ),
    "character.retired": lambda b: _("%(who)s retired", who=_who(b)),
    "modifier.added": _modifier,
    "modifier.removed": lambda b: _(
        "%(who)s: a modifier ended (%(source)s)",
        who=_who(b),
        source=str((b.get("modifier") or {}).get("source", "")),
    ),
    "modifier.expired": lambda b: _(
        "%(who)s: modifiers %(until)s ended", who=_who(b), until=until(b.get("expiry"))
    ),
    "quest.taken": lambda b: _(
        "%(who)s took the quest %(quest)s (%(qp)s QP needed)",
        who=_who(b),
        quest=str(b.get("quest")),
        qp=str(b.get("qp_needed")),
    ),
    "quest.progressed": lambda b: _(
        "%(who)s: quest QP %(change)s", who=_who(b), change=before_after(b.get("before"), b.get("after"))
    ),
    "quest.challenge_rolled": lambda b: _(
        "%(who)s rolled %(total)s: %(challenge)s",
        who=_who(b),
        total=str((b.get("roll") or {}).get("total")),
        challenge=str((b.get("roll") or {}).get("challenge")),
    ),
    "quest.challenge_rerolled": _rolled_again,
    "quest.completed": _quest_end,
    "quest.failed": _quest_end,
    "settings.changed": _setting,
    "homebrew.equipment_added": lambda b: _(
        "added the homebrew card %(name)s", name=str((b.get("card") or {}).get("name"))
    ),
    "homebrew.equipment_removed": lambda b: _(
        "removed the homebrew card %(name)s", name=str((b.get("card") or {}).get("name"))
    ),
}


def describe(event_type: str, payload: Body, seat_names: Mapping[int, str]) -> str:
    """The event's log line; campaign and combat events carry theirs, worded when they happened.

    A command that lowered a maximum also brought the current LE/AP down to it
    (``ops.settle``): those numbers end the line, so it names every number it changed.
    """
    worded = payload.get("line")
    if said.is_said(payload.get("said")):
        line = said.render(payload["said"])
    elif isinstance(worded, str) and worded:
        line = worded  # an event stored before its words were kept as data: its English
    elif event_type in LINES:
        line = said.render(LINES[event_type](payload))
    else:
        prefix = f"{payload['character']}: " if payload.get("character") else ""
        line = prefix + event_type.replace(".", " ").replace("_", " ")
    clamped = payload.get("clamped")
    if clamped:
        line += "; " + said.render(words.clamps(clamped))
    return line
