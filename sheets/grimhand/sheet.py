"""What a Grim Hand character sheet shows, made ready for ``grimhand/_sheet.html`` (spec: Character).

Display only. Every number is the snapshot's (the rules derive it: stats and
their breakdowns, stature, the equipment hand, the set); which quests and
stature cards are open comes from ``rules.grimhand.table.availability``, the
same answer ``quest.take`` and ``character.choose_ability`` give. This module
puts words to numbers, names catalogue cards and writes the fixed payloads of
the sheet's buttons.
"""

from __future__ import annotations

import functools
import json
import marshal
import re
from collections.abc import Iterable, Mapping
from typing import Any

from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext_noop
from django.utils.translation import gettext as _

from campaigns.registry import rules_for
from rules.grimhand.table import Catalogue, GrimHandRules
from rules.grimhand.table.availability import available_abilities, available_quests
from rules.grimhand.table.words import COUNTER_LABELS
from sheets.grimhand.catalogue_source import grimhand_catalogue

COUNTERS = ("le", "ap", "gold", "xp", "doubt", "corruption")
STATS = (
    ("max_le", gettext_noop("Max LE")),
    ("max_ap", gettext_noop("Max AP")),
    ("strength", gettext_noop("Strength")),
    ("agility", gettext_noop("Agility")),
    ("attack", gettext_noop("Attack")),
)
"""Marked only: translated where shown (the rows and pick lists are made per language)."""
STAT_LABEL = dict(STATS)
EXPIRIES = (
    ("", gettext_noop("Permanent")),
    ("next_combat", gettext_noop("Until the next combat ends")),
    ("next_exploration", gettext_noop("Until the next exploration ends")),
)
EQUIPPED_SLOTS = 5
MINUS = "\N{MINUS SIGN}"


def current_catalogue() -> Catalogue:
    """The catalogue Grim Hand table commands use now (the registered rules' source)."""
    rules = rules_for("grimhand")
    return rules.catalogue if isinstance(rules, GrimHandRules) else grimhand_catalogue()


_ATTRIBUTE_SAFE = str.maketrans({"'": "\\u0027", "<": "\\u003c", ">": "\\u003e", "&": "\\u0026"})


def _payload(**fields: Any) -> str:
    """A fixed payload as compact JSON for a single-quoted attribute (data-payload='...').

    The characters that could end the attribute or start markup are written as
    JSON escapes, so the text needs no HTML escaping (every sheet carries many
    of these, and the board goes to every phone with each change); the
    templates print it with ``|safe``. It stays plain text here, not marked
    safe, so a sheet's values are plain data ``{% cache %}`` can key on (its
    ``str`` would not tell marked-safe text from plain).
    """
    return json.dumps(fields, separators=(",", ":")).translate(_ATTRIBUTE_SAFE)


def _signed(amount: int) -> str:
    return f"+{amount}" if amount > 0 else str(amount)


# A stat's sources as the rules name them ("race (Orc)", "set (Rare)", "alignment"), in the reader's
# words; the name in brackets is printed and stays; any other source (a modifier's, a hand title) as is.
_SOURCE = re.compile(r"^(race|class|affinity|stature|set) \((.+)\)$")
_SOURCES = {
    "race": gettext_noop("race (%(name)s)"),
    "class": gettext_noop("class (%(name)s)"),
    "affinity": gettext_noop("affinity (%(name)s)"),
    "stature": gettext_noop("stature (%(name)s)"),
    "set": gettext_noop("set (%(name)s)"),
}


def _source(source: str) -> str:
    if source == "alignment":
        return _("alignment")
    found = _SOURCE.match(source)
    return _(_SOURCES[found[1]]) % {"name": found[2]} if found else source


def breakdown_text(label: str, total: int, lines: list[Mapping[str, Any]]) -> str:
    """'Attack 9 = race (Orc) 3 + class (Warrior) 3 + affinity (Iron) 2 + Unified Effort 1' (§4)."""
    parts = []
    for n, line in enumerate(lines):
        amount = int(line["amount"])
        sign = (MINUS if n == 0 else f" {MINUS} ") if amount < 0 else (" + " if n else "")
        parts.append(f"{sign}{_source(str(line['source']))} {abs(amount)}")
    return f"{label} {total} = {''.join(parts) if parts else '0'}"


def _card_key(item: Mapping[str, Any]) -> dict[str, Any]:
    """How a command names a held card: a homebrew card by its id, a base card by rank and affinity (§8)."""
    if item.get("homebrew"):
        return {"homebrew_id": item["card"]}
    return {"rank": int(item["rank"]), "affinity": item["affinity"]}


def _item_row(item: Mapping[str, Any], cid: int, catalogue: Catalogue) -> dict[str, Any]:
    """An item's line: its card, rarity and the printed facts (AP cost, gold value, effect; §8)."""
    text, effect = f"{item['rank']} {item['affinity']} · {item['name']} ({item['rarity']})", ""
    if not item.get("homebrew"):
        facts = next(
            (c for c in catalogue.equipment if c.rank == item["rank"] and c.affinity == item["affinity"]),
            None,
        )
        if facts is not None:
            text += " · " + _("%(ap)s AP · %(gold)s gold") % {"ap": facts.ap_cost, "gold": facts.gold_value}
            effect = facts.effect  # printed: shown as printed, marked as English (lang="en")
    return {
        "item": item,
        "text": text,
        "effect": effect,
        "payload": _payload(character_id=cid, **_card_key(item)),
    }


def _quest_row(quest: Mapping[str, Any], char: Mapping[str, Any]) -> dict[str, Any]:
    """A quest with the payloads of its steps; QP shown up to what it needs (§9.1)."""
    named = {"character_id": char["id"], "quest": quest["name"]}
    return {
        "quest": quest,
        "qp_shown": min(int(char["qp"]), int(quest["qp_needed"])),
        "active": quest["status"] == "active",
        "payload": _payload(**named),
        "strength": _payload(**named, check="strength"),
        "agility": _payload(**named, check="agility"),
        # The ids of this quest's dice trays ("type the faces of your dice").
        "dice_id": f"gh-{char['id']}-{re.sub(r'[^a-z0-9]+', '-', str(quest['name']).lower()).strip('-')}",
    }


def _modifier_row(mod: Mapping[str, Any], cid: int) -> dict[str, Any]:
    expiry = mod.get("expiry")
    stat = _(STAT_LABEL[mod["stat"]]) if mod["stat"] in STAT_LABEL else mod["stat"]
    values = {"amount": _signed(int(mod["amount"])), "stat": stat, "source": mod["source"]}
    if expiry == "next_combat":
        text = _("%(amount)s %(stat)s · %(source)s · until next combat") % values
    elif expiry == "next_exploration":
        text = _("%(amount)s %(stat)s · %(source)s · until next exploration") % values
    elif expiry:
        values["expiry"] = str(expiry).replace("_", " ")
        text = _("%(amount)s %(stat)s · %(source)s · until %(expiry)s") % values
    else:
        text = _("%(amount)s %(stat)s · %(source)s · permanent") % values
    if mod.get("reminder"):
        text = _("%(modifier)s (reminder)") % {"modifier": text}
    payload = _payload(character_id=cid, modifier_id=mod["id"])
    return {"text": text, "source": mod["source"], "payload": payload}


def sheet_rows(char: Mapping[str, Any], catalogue: Catalogue) -> dict[str, Any]:
    """One character's sheet: counters, stats with breakdowns, items, abilities, quests, modifiers;
    as this process last made it for the same character and catalogue (``kept_rows``)."""
    try:
        key = marshal.dumps(dict(char), 2)  # format 2: one encoding per value
    except ValueError:  # not plain data (never from a snapshot): made every time
        return _sheet_rows(char, catalogue)
    return kept_rows(key, catalogue, get_language())


@functools.lru_cache(maxsize=1024)
def kept_rows(key: bytes, catalogue: Catalogue, language: str | None = None) -> dict[str, Any]:
    """The sheet of the character ``key`` (``marshal``) holds, kept for the next board.

    The board is rendered again after every command and shows every character's sheet; a
    command changes one character, and the rows follow from the character and the catalogue
    alone. Made from a private copy of the character (marshal's): a kept entry must not change
    with a snapshot changed later. Shared between boards, so nobody may change them."""
    rows: dict[str, Any] = _sheet_rows(marshal.loads(key), catalogue)
    return rows


def _stature_progress(char: Mapping[str, Any]) -> tuple[int, str]:
    """How far the character's XP is towards the next stature, in percent, and the line saying so."""
    derived = char["derived"]
    low, following = int(derived["stature_xp"]), derived.get("next_stature")
    if not following:
        return 100, _("%(stature)s: the highest stature") % {"stature": derived["stature"]}
    share = (int(char["xp"]) - low) * 100 // max(1, int(following["xp"]) - low)
    line = _("%(stature)s → %(next)s: %(xp)s / %(needed)s XP") % {
        "stature": derived["stature"],
        "next": following["name"],
        "xp": char["xp"],
        "needed": following["xp"],
    }
    return share, line


def _sheet_rows(char: Mapping[str, Any], catalogue: Catalogue) -> dict[str, Any]:
    cid = int(char["id"])
    derived = char["derived"]
    stats = derived["stats"]
    maxima = {"le": stats["max_le"], "ap": stats["max_ap"]}
    counters = [
        {
            "key": key,
            "label": _(COUNTER_LABELS[key]),
            "value": char[key],
            "max": maxima.get(key),
            "down": _payload(character_id=cid, stat=key, by=-1),
            "up": _payload(character_id=cid, stat=key, by=1),
        }
        for key in COUNTERS
    ]
    share, stature_line = _stature_progress(char)
    equipment = [_item_row(i, cid, catalogue) for i in char["equipment"]]
    return {
        "counters": counters,
        "stature_line": stature_line,
        "progress": max(0, min(100, share)),
        "stats": [
            {
                "key": key,
                "label": _(label),
                "value": stats[key],
                "breakdown": breakdown_text(_(label), int(stats[key]), derived["breakdown"].get(key, [])),
            }
            for key, label in STATS
        ],
        "slots": equipment + [None] * (EQUIPPED_SLOTS - len(equipment)),
        "equipment": equipment,
        "inventory": [_item_row(i, cid, catalogue) for i in char["inventory"]],
        "abilities": [
            {**a, "payload": _payload(character_id=cid, ability=a["name"])} for a in char["abilities"]
        ],
        # Plain data, as every value of a sheet (``{% cache %}`` keys a sheet by ``str``, which a
        # catalogue card would not change): only what the pick lists show.
        "open_abilities": [
            {"name": a.name, "stature": a.stature, "effect": a.effect}
            for a in available_abilities(char, catalogue)
        ],
        "quests": [_quest_row(q, char) for q in char["quests"]],
        "open_quests": [
            {"name": q.name, "stature": q.stature, "qp_needed": q.qp_needed}
            for q in available_quests(char, catalogue)
        ],
        "modifiers": [_modifier_row(m, cid) for m in char["modifiers"]],
        "qp_payload": _payload(character_id=cid, by=1),
    }


_choices: dict[str | None, tuple[Catalogue, dict[str, Any]]] = {}
"""The last catalogue's pick lists per language: built once per catalogue version, not per board."""


def sheet_choices(catalogue: Catalogue) -> dict[str, Any]:
    """The pick lists all sheets share: create choices, the card picker, numbers, stats, expiries (§4, §8)."""
    language = get_language()
    cached = _choices.get(language)  # one read: another thread may replace it meanwhile
    if cached is not None and cached[0] is catalogue:
        return cached[1]
    choices = _choices_of(catalogue)
    _choices[language] = (catalogue, choices)
    return choices


def _options(rows: Iterable[tuple[str, str]]) -> str:
    """``<option>`` elements (value, label), escaped once here: each sheet repeats them.
    Plain text of ready markup, printed with ``|safe`` (as ``_payload``'s)."""
    return "".join(format_html('<option value="{}">{}</option>', v, t) for v, t in rows)


def _choices_of(catalogue: Catalogue) -> dict[str, Any]:
    """The shared pick lists as ready markup, built once per catalogue (every sheet repeats them)."""
    tables = catalogue.tables

    def rows(found: Any) -> str:
        return _options((r.name, f"{r.name} — {r.ability_name}") for r in found)

    cards = []
    for affinity in (a.name for a in tables.affinities):
        group = "".join(
            format_html(
                "<option value='{}'>{}</option>",
                mark_safe(_payload(rank=c.rank, affinity=c.affinity)),  # escaped already
                f"{c.rank} {c.affinity} · {c.name}",
            )
            for c in sorted(catalogue.equipment, key=lambda c: c.rank)
            if c.affinity == affinity
        )
        cards.append(format_html('<optgroup label="{}">{}</optgroup>', affinity, mark_safe(group)))
    return {
        "races": rows(tables.races),
        "classes": rows(tables.classes),
        "affinities": rows(tables.affinities),
        "cards": "".join(cards),
        "counters": _options((k, _(v)) for k, v in COUNTER_LABELS.items()),
        "stats": _options((k, _(v)) for k, v in STATS),
        "expiries": _options((k, _(v)) for k, v in EXPIRIES),
    }
